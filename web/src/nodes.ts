// Which server process ("node") of a cluster holds each table (docs/server.md,
// "The browser client"). Behind the proxy, `/ws?node=NAME` asks for that node; the
// create and join replies, each lobby summary and a `moved` reply name a
// table's node. A single server never names one: then nothing here is used and
// the URL stays `/ws`.

/** A refused request's `moved`: the table is played on `node`; `here` answered. */
export interface Moved {
  table: string;
  node: string;
  here?: string;
  retry_ms?: number;
}

/** Requests that name a table held by one process: a `moved` reply may answer them. */
export const TABLE_COMMANDS = new Set(["join", "resume", "watch", "act", "leave", "claim_code", "claim"]);

const NODE_NAME = /^[A-Za-z0-9_-]{1,32}$/;

export function isNode(v: unknown): v is string {
  return typeof v === "string" && NODE_NAME.test(v);
}

/** The WebSocket URL asking the proxy for `node` (none: the proxy chooses). */
export function wsUrl(base: string, node: string | null): string {
  return node ? `${base}?node=${encodeURIComponent(node)}` : base;
}

/** The `moved` of a reply, when it is well formed. */
export function movedOf(reply: Record<string, unknown>): Moved | null {
  const m = reply.moved as Moved | undefined;
  return m && typeof m === "object" && typeof m.table === "string" && isNode(m.node) ? m : null;
}

/** How long to wait before reconnecting after `moved`. At once to another node;
 * when the URL already named `moved.node`, the proxy could not reach it (down,
 * its lease not yet expired): wait `retry_ms`, kept within 200-5000 ms. */
export function movedWait(m: Moved, asked: string | null): number {
  if (m.node !== asked) return 0;
  const ms = typeof m.retry_ms === "number" && Number.isFinite(m.retry_ms) ? m.retry_ms : 1000;
  return Math.min(5000, Math.max(200, ms));
}

/** Each table's node, as the replies said. */
export class TableNodes {
  private byTable = new Map<string, string>();

  get(table: string): string | null {
    return this.byTable.get(table) ?? null;
  }

  forget(table: string): void {
    this.byTable.delete(table);
  }

  /** Learns from the reply to `cmd`: create, join (their `node`), tables (each summary's), moved. */
  learn(cmd: string, fields: Record<string, unknown>, reply: any): void {
    const table = typeof reply.table === "string" ? reply.table : fields.table;
    if (reply.ok && isNode(reply.node) && typeof table === "string") this.byTable.set(table, reply.node);
    if (cmd === "tables" && Array.isArray(reply.tables))
      for (const s of reply.tables) if (s && typeof s.table === "string" && isNode(s.node)) this.byTable.set(s.table, s.node);
    const m = movedOf(reply);
    if (m) this.byTable.set(m.table, m.node);
  }
}
