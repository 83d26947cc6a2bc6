// A cluster of two named nodes (pA, pB) faked in front of the one real server,
// for testing how pages follow the cluster contract (docs/server.md): each
// page's WebSocket is routed through Playwright (`page.routeWebSocket`) and
// forwarded to the real server, while this proxy plays HAProxy and the nodes'
// ownership: `/ws?node=NAME` reaches NAME unless it is down, otherwise the
// nodes take turns; a table belongs to the node whose connection created it;
// a table request reaching another node is answered `moved` (not forwarded),
// or, once the owner is down and its lease "expired", taken over there.
// Create and join replies and lobby summaries carry the owner's `node`.

const TABLE_COMMANDS = new Set(["join", "resume", "watch", "act", "leave", "claim_code", "claim"]);

export class FakeCluster {
  constructor(nodes = ["pA", "pB"]) {
    this.nodes = nodes;
    this.owner = new Map(); // table -> node
    this.down = new Set();
    this.expired = false; // the down owner's lease: past, so the node reached takes the table over
    this.retryMs = 300;
    this.summaryNodes = true; // lobby summaries carry `node`
    this.turn = 0;
    this.conns = []; // {who, url, asked, node, at, open}
    this.requests = []; // {who, node, cmd, table, moved}
  }

  /** Routes the page's WebSockets through the fake; `who` names the page in the logs. */
  async attach(page, who) {
    await page.routeWebSocket(/\/ws(\?|$)/, (ws) => this.connect(ws, who));
  }

  balance() {
    const live = this.nodes.filter((n) => !this.down.has(n));
    return live[this.turn++ % live.length];
  }

  connect(ws, who) {
    const asked = new URL(ws.url()).searchParams.get("node");
    const node = asked && this.nodes.includes(asked) && !this.down.has(asked) ? asked : this.balance();
    const conn = { who, url: ws.url(), asked, node, at: Date.now(), open: true, ws, pending: new Map() };
    conn.server = ws.connectToServer();
    this.conns.push(conn);
    ws.onMessage((m) => this.fromPage(conn, String(m)));
    conn.server.onMessage((m) => this.fromServer(conn, String(m)));
    ws.onClose(() => { conn.open = false; conn.server.close(); });
    conn.server.onClose(() => { if (conn.open) { conn.open = false; ws.close(); } });
  }

  fromPage(conn, text) {
    const msg = JSON.parse(text);
    const owner = msg.table ? this.owner.get(msg.table) : undefined;
    const rec = { who: conn.who, node: conn.node, asked: conn.asked, cmd: msg.cmd, table: msg.table, moved: false, at: Date.now() };
    this.requests.push(rec);
    if (TABLE_COMMANDS.has(msg.cmd) && owner && owner !== conn.node) {
      if (this.down.has(owner) && this.expired) {
        this.owner.set(msg.table, conn.node); // takeover: answered here
      } else {
        rec.moved = true;
        conn.ws.send(JSON.stringify({ type: "reply", ok: false, id: msg.id,
          error: `table ${msg.table} is played on server ${owner}; reconnect there`,
          moved: { table: msg.table, node: owner, here: conn.node, retry_ms: this.retryMs } }));
        return;
      }
    }
    conn.pending.set(msg.id, msg);
    conn.server.send(text);
  }

  fromServer(conn, text) {
    const msg = JSON.parse(text);
    const req = msg.type === "reply" ? conn.pending.get(msg.id) : undefined;
    if (req) {
      conn.pending.delete(msg.id);
      if (req.cmd === "create" && msg.ok) {
        this.owner.set(msg.table, conn.node);
        msg.node = conn.node;
      } else if (req.cmd === "join" && msg.ok) {
        msg.node = this.owner.get(req.table);
      } else if (req.cmd === "tables" && msg.ok && this.summaryNodes) {
        for (const s of msg.tables) if (this.owner.has(s.table)) s.node = this.owner.get(s.table);
      }
      conn.ws.send(JSON.stringify(msg));
    } else {
      conn.ws.send(text);
    }
  }

  /** A node dies: down, and every connection it held closed from its side. */
  kill(node) {
    this.down.add(node);
    for (const c of this.conns) if (c.open && c.node === node) c.ws.close({ code: 1001, reason: "" });
  }

  /** `node` lost `table` to `to`: its connections get {"type":"moved"} and close "table moved". */
  lose(node, table, to) {
    this.owner.set(table, to);
    for (const c of this.conns)
      if (c.open && c.node === node) {
        c.ws.send(JSON.stringify({ type: "moved", table }));
        c.ws.close({ code: 1000, reason: "table moved" });
      }
  }

  /** The open connection of page `who`. */
  current(who) {
    return [...this.conns].reverse().find((c) => c.who === who && c.open);
  }
}
