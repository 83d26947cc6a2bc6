// The WebSocket to the server (docs/server.md): requests with an id and their
// replies, pushed updates, and reconnecting by itself with backoff. A page
// sets `onopen` to subscribe again (resume or watch) after every reconnect.
import type { Update } from "./types";

type Reply = { type: "reply"; id?: unknown; ok: boolean; error?: string; [k: string]: any };

export class ServerError extends Error {}

export type ConnState = "connecting" | "open" | "reconnecting";

export class Conn {
  state: ConnState = "connecting";
  /** Called after each (re)connect, once the socket is open. */
  onopen: (() => void) | null = null;
  onupdate: ((u: Update) => void) | null = null;
  /** Pushed messages that are neither replies nor updates (`seat_moved`, `closed`), whatever the page. */
  onnotice: ((msg: { type: string; table?: string; [k: string]: any }) => void) | null = null;
  onstate: ((s: ConnState, retryInMs: number) => void) | null = null;
  /** Server clock minus local clock, in ms (from ping), for deadlines. */
  offsetMs = 0;

  private ws: WebSocket | null = null;
  private nextId = 1;
  private waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  private attempt = 0;
  private timer: number | undefined;

  constructor(private url: string) {
    this.open();
  }

  private open(): void {
    this.setState(this.attempt ? "reconnecting" : "connecting", 0);
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.setState("open", 0);
      this.syncClock();
      this.onopen?.();
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
      this.onupdate?.(msg as Update);
    } else if (msg.type === "error") {
      console.warn("server:", msg.error);
    } else if (msg.type !== "reply") {
      this.onnotice?.(msg);
    }
  }

  /** Sends a request; resolves with the reply, rejects with its error. */
  request(cmd: string, fields: Record<string, unknown> = {}): Promise<Reply> {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new ServerError("not connected"));
        return;
      }
      const id = this.nextId++;
      this.waiting.set(id, {
        resolve: (r) => (r.ok ? resolve(r) : reject(new ServerError(r.error || "refused"))),
        reject,
      });
      this.ws.send(JSON.stringify({ ...fields, cmd, id }));
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
