// The WebSocket to the server (docs/server.md): requests with an id and their
// replies, pushed updates, and reconnecting by itself with backoff. A page
// sets `onopen` to subscribe again (resume or watch) after every reconnect.
// Behind a cluster's proxy, a request for a table another process holds is
// answered `moved`: the connection goes to that node (`/ws?node=NAME`) and the
// request is sent again there (nodes.ts); the page sees only the final reply.
// Updates come as patches after the first (`"patches":true` on every
// subscribing request): the connection keeps each table's view and hands the
// page whole updates; a patch it cannot apply (a gap in the versions, a bad
// patch) asks the page for a whole view again (`onresync`: resume or watch).
import type { Update } from "./types";
import { applyPatch } from "./patch";
import { TABLE_COMMANDS, TableNodes, isNode, movedOf, movedWait, wsUrl } from "./nodes";

export type Reply = { type: "reply"; id?: unknown; ok: boolean; error?: string; [k: string]: any };

export class ServerError extends Error {}

export type ConnState = "connecting" | "open" | "reconnecting";

// Following `moved` replies stops after this many hops or this long (a
// takeover waits for the dead owner's lease: 10 s by default).
const MAX_HOPS = 40;
const MAX_FOLLOW_MS = 60000;

// The requests that subscribe a connection to a table: each asks for patches.
const SUBSCRIBING = new Set(["join", "resume", "watch", "claim"]);

export class Conn {
  state: ConnState = "connecting";
  /** Called after each (re)connect, once the socket is open. */
  onopen: (() => void) | null = null;
  onupdate: ((u: Update) => void) | null = null;
  /** A patch for this table could not be applied: subscribe again for a whole view. */
  onresync: ((table: string) => void) | null = null;
  /** Each table's view as last received, and its version: what the next patch applies to. */
  private views = new Map<string, { view: unknown; version: number }>();
  /** Pushed messages that are neither replies nor updates (`seat_moved`, `closed`), whatever the page. */
  onnotice: ((msg: { type: string; table?: string; [k: string]: any }) => void) | null = null;
  onstate: ((s: ConnState, retryInMs: number) => void) | null = null;
  /** Server clock minus local clock, in ms (from ping), for deadlines. */
  offsetMs = 0;
  /** The node the WebSocket URL asks for (`?node=`); null: the proxy chooses (and a single server ignores it). */
  node: string | null = null;
  /** Each table's node, from the replies. */
  readonly nodes = new TableNodes();

  private ws: WebSocket | null = null;
  private nextId = 1;
  private waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  private attempt = 0;
  private timer: number | undefined;
  private opened: (() => void)[] = [];

  constructor(private url: string) {
    this.open();
  }

  private open(): void {
    this.setState(this.attempt ? "reconnecting" : "connecting", 0);
    const ws = new WebSocket(wsUrl(this.url, this.node));
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.views.clear(); // a new connection starts from whole views
      this.setState("open", 0);
      this.syncClock();
      this.onopen?.();
      for (const f of this.opened.splice(0)) f();
    };
    ws.onmessage = (ev) => this.receive(String(ev.data));
    ws.onclose = () => this.dropped(ws);
    ws.onerror = () => ws.close();
  }

  private dropped(ws: WebSocket): void {
    if (this.ws !== ws) return;
    this.ws = null;
    for (const w of this.waiting.values()) w.reject(new ServerError("connection lost"));
    this.waiting.clear();
    // Backoff: 0.5 s doubling to 10 s, with some jitter so clients spread out.
    const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
    this.attempt++;
    this.setState("reconnecting", delay);
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.open(), delay);
  }

  private setState(s: ConnState, retryInMs: number): void {
    this.state = s;
    this.onstate?.(s, retryInMs);
  }

  private receive(text: string): void {
    let msg: any;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (msg.type === "reply" && typeof msg.id === "number" && this.waiting.has(msg.id)) {
      const w = this.waiting.get(msg.id)!;
      this.waiting.delete(msg.id);
      w.resolve(msg);
    } else if (msg.type === "update") {
      const u = this.whole(msg);
      if (u) this.onupdate?.(u);
    } else if (msg.type === "error") {
      console.warn("server:", msg.error);
    } else if (msg.type === "moved") {
      // This process lost the table (another took it over) and closes the
      // socket: a drop like any other, then `resume`. Its new node is unknown:
      // the proxy chooses, and a wrong choice answers `moved`.
      if (typeof msg.table === "string") this.nodes.forget(msg.table);
      this.node = null;
      this.ws?.close();
    } else if (msg.type !== "reply") {
      this.onnotice?.(msg);
    }
  }

  /** The update with its view: as sent, or the last view patched; null on a gap. */
  private whole(msg: any): Update | null {
    const table = String(msg.table);
    if (!("patch" in msg)) {
      if (typeof msg.version === "number") this.views.set(table, { view: msg.view, version: msg.version });
      return msg as Update;
    }
    const had = this.views.get(table);
    this.views.delete(table);
    // A gap or a patch that does not apply is a fault (the socket keeps
    // order): reported, then mended with a whole view.
    if (had && had.version === msg.base) {
      try {
        const view = applyPatch(had.view, msg.patch);
        this.views.set(table, { view, version: msg.version });
        const { patch: _p, base: _b, ...rest } = msg;
        return { ...rest, view } as Update;
      } catch (e) {
        console.error(`update patch for table ${table} did not apply: ${e}`);
      }
    } else {
      console.error(`update patch for table ${table} follows version ${msg.base}, not ${had?.version}`);
    }
    this.onresync?.(table);
    return null;
  }

  /** Sends a request; resolves with the reply, rejects with its error. A
   * request for a table held by another node (known, or answered `moved`) goes
   * there first, waiting `retry_ms` when that node is the one already asked for. */
  async request(cmd: string, fields: Record<string, unknown> = {}): Promise<Reply> {
    const table = TABLE_COMMANDS.has(cmd) && typeof fields.table === "string" ? fields.table : null;
    const started = Date.now();
    for (let hop = 0; ; hop++) {
      const owner = table ? this.nodes.get(table) : null;
      if (owner && owner !== this.node && this.connected) await this.moveTo(owner, 0);
      const r = await this.send(cmd, fields);
      this.nodes.learn(cmd, fields, r);
      if (r.ok) {
        // Created or joined here: this connection is on the table's node.
        if ((cmd === "create" || cmd === "join") && isNode(r.node)) this.node = r.node;
        return r;
      }
      const moved = movedOf(r);
      if (!moved || hop >= MAX_HOPS || Date.now() - started > MAX_FOLLOW_MS) throw new ServerError(r.error || "refused");
      await this.moveTo(moved.node, movedWait(moved, this.node));
    }
  }

  /** Reconnects to `node` after `delayMs`; resolves once the new socket is open. */
  private moveTo(node: string, delayMs: number): Promise<void> {
    this.node = node;
    const ws = this.ws;
    this.ws = null; // its close is ours, not a drop
    for (const w of this.waiting.values()) w.reject(new ServerError("connection lost"));
    this.waiting.clear();
    ws?.close();
    this.setState("reconnecting", delayMs);
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.open(), delayMs);
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(t);
        resolve();
      };
      const t = window.setTimeout(() => {
        this.opened = this.opened.filter((f) => f !== done);
        reject(new ServerError("not connected"));
      }, delayMs + 15000);
      this.opened.push(done);
    });
  }

  /** One request on the current socket; resolves with its reply, whether ok or not. */
  private send(cmd: string, fields: Record<string, unknown>): Promise<Reply> {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new ServerError("not connected"));
        return;
      }
      const id = this.nextId++;
      this.waiting.set(id, { resolve, reject });
      const patches = SUBSCRIBING.has(cmd) ? { patches: true } : {};
      this.ws.send(JSON.stringify({ ...fields, ...patches, cmd, id }));
    });
  }

  get connected(): boolean {
    return this.state === "open";
  }

  private async syncClock(): Promise<void> {
    try {
      const sent = Date.now();
      const r = await this.request("ping");
      const back = Date.now();
      if (typeof r.time_ms === "number") this.offsetMs = r.time_ms - (sent + back) / 2;
    } catch {
      /* the next connect tries again */
    }
  }

  /** Now on the server's clock. */
  serverNow(): number {
    return Date.now() + this.offsetMs;
  }
}

let conn: Conn | null = null;
export function connection(): Conn {
  if (!conn) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    conn = new Conn(`${proto}//${location.host}/ws`);
  }
  return conn;
}

/** Waits until the socket is open (for pages that need a request at start). */
export function whenOpen(c: Conn): Promise<void> {
  if (c.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const t = window.setInterval(() => {
      if (c.connected) {
        clearInterval(t);
        resolve();
      }
    }, 50);
  });
}

export async function getJson(path: string): Promise<any> {
  const r = await fetch(path);
  if (!r.ok) throw new ServerError(`${path}: ${r.status} ${(await r.text()).slice(0, 200)}`);
  return r.json();
}
