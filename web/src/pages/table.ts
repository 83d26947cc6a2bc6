// A table: seated (resumed by the kept token) or watching. Seats, whose
// decision it is, timers, the board, the options, the log, the game over.
import { h, clear, fmtTime } from "../dom";
import { connection } from "../net";
import { forgetSeatToken, seatToken } from "../store";
import type { Update } from "../types";
import { seatsPanel, seatName } from "../parts/seats";
import { OptionList } from "../parts/options";
import { GameLog } from "../parts/log";
import { boardFor } from "../boards";

export function tablePage(table: string) {
  return (root: HTMLElement) => {
    const c = connection();
    let token = seatToken(table);
    let me = -1;
    let last: Update | null = null;
    let receivedAt = 0;
    let acting = false;
    let overlayClosed = false;
    let alive = true;
    let retry: number | undefined;

    const head = h("div.table-head", h("h1", "Table ", table));
    const notice = h("div.notice");
    const seats = h("div.seats-box");
    const board = h("div.board-box");
    const log = new GameLog();
    const options = new OptionList((id) => act(id));
    const concede = h("button.danger.small", { onclick: () => { if (confirm("Concede this game?")) act("concede"); } }, "Concede");
    const overlay = h("div.overlay", { hidden: true });
    root.append(
      h("div.table-page", head, notice,
        h("div.layout",
          h("div.main-col", board),
          h("aside.side-col", seats, options.el, h("div.concede-row", concede), h("section.log-box", h("h3", "Log"), log.el))),
        overlay));

    const say = (text: string, kind = "error") => {
      clear(notice, text ? h("p." + kind, text) : null);
    };

    const subscribe = async () => {
      try {
        if (token) {
          const r = await c.request("resume", { table, token: token.token });
          me = r.seat;
          say("");
        } else {
          await c.request("watch", { table });
          me = -1;
          say("");
        }
      } catch (e: any) {
        if (token && /token|seat/i.test(e.message)) {
          // A token the server does not know (another server's, a bad one): watch.
          forgetSeatToken(table);
          token = null;
          say(`Could not resume your seat (${e.message}); watching.`);
          void subscribe();
        } else if (/no (such )?table/i.test(e.message)) {
          // Not being played: finished (then its replay is kept) or unknown.
          forgetSeatToken(table);
          clear(notice, h("p.error", e.message), h("a.button.primary", { href: `#/replay/${table}` }, "Replay it"), " ", h("a.button", { href: "#/" }, "Lobby"));
        } else {
          // E.g. a server still resuming its tables after a restart: try again.
          say(e.message || String(e));
          clearTimeout(retry);
          if (alive) retry = window.setTimeout(() => c.connected && void subscribe(), 1500);
        }
      }
    };

    async function act(id: string) {
      if (!last || !token || acting) return;
      acting = true;
      options.setBusy(true);
      try {
        await c.request("act", { table, token: token.token, option: id, seq: last.seq });
      } catch (e: any) {
        say(e.message || String(e));
        options.setBusy(false);
      } finally {
        acting = false;
      }
    }

    c.onupdate = (u) => {
      if (u.table !== table) return;
      last = u;
      receivedAt = Date.now();
      if (u.as >= 0) me = u.as;
      log.add(u.log);
      draw(u);
    };
    c.onopen = () => void subscribe();
    if (c.connected) void subscribe();

    // The clock as sent: each seat's time left when the update was made
    // (-1: not running); a running seat's counts down from there. A human seat
    // that must decide counts as running even when the update was built just
    // before its timer was armed (it starts with the whole decision's time).
    const clockText = (seat: number): string => {
      const k = last?.clock;
      if (!last || !k || k.mode === "none" || last.terminal) return "";
      const human = last.seats.find((s) => s.seat === seat)?.kind === "human";
      const deciding = human && last.pending.some((p) => p.seat === seat);
      const running = !!k.running?.[seat] || deciding;
      if (k.deadline_ms && running) return fmtTime(k.deadline_ms - c.serverNow());
      let left = k.remaining_ms?.[seat];
      if (left !== undefined && left < 0 && running && k.mode === "move") left = (k.seconds || 0) * 1000;
      if (left === undefined || left < 0) return "";
      return fmtTime(running ? left - (Date.now() - receivedAt) : left);
    };
    const ticker = window.setInterval(() => {
      for (const el of Array.from(root.querySelectorAll("[data-clock-seat]")))
        el.textContent = clockText(Number((el as HTMLElement).dataset.clockSeat));
    }, 250);

    function draw(u: Update) {
      const mine = u.pending.find((p) => p.seat === me);
      const opts = mine?.options || [];
      const waiting = u.terminal ? "The game is over."
        : u.status === "waiting" ? "Waiting for players to take their seats."
        : u.pending.length ? `Waiting for ${u.pending.map((p) => seatName(u.seats, p.seat)).join(", ")}.` : "";
      clear(head,
        h("h1", u.title || u.game),
        h("span.tag", u.game), h("span.tag.status-" + u.status, u.status),
        h("span.muted", ` decision ${u.seq}`),
        me >= 0 ? h("span.you", `You are ${seatName(u.seats, me)}`) : h("span.you", "Watching"));
      clear(seats, seatsPanel(u, me, table, clockText));
      const ctx = {
        view: u.view, me, options: opts, seats: u.seats,
        act: (id: string) => void act(id),
        filter: (t: string) => options.filter(t),
        name: (s: number) => seatName(u.seats, s),
      };
      let b: HTMLElement;
      try {
        b = boardFor(u.game)(ctx);
      } catch (e) {
        console.error(e);
        b = boardFor("")(ctx);
      }
      clear(board, b);
      options.set(mine?.prompt, opts, me < 0 ? (waiting || "Watching.") : waiting);
      concede.hidden = me < 0 || u.terminal || !u.seats.find((s) => s.seat === me)?.in_game;
      // For styles and for the browser tests: where the table stands.
      Object.assign(document.body.dataset, { turn: mine ? "mine" : "", seq: String(u.seq), seat: String(me), status: u.status });
      if (u.terminal) drawOver(u);
      else overlay.hidden = true;
    }

    function drawOver(u: Update) {
      if (overlayClosed) return;
      const order = u.results.map((r, seat) => ({ seat, ...r })).sort((a, b) => a.place - b.place);
      clear(overlay, h("div.over.card", { role: "dialog" },
        h("h2", "Game over"),
        me >= 0 && u.results[me] ? h("p.big", `You ${u.results[me].result === "win" ? "win" : u.results[me].result === "draw" ? "draw" : "lose"}`) : null,
        h("ol.results", order.map((r) => h("li", { class: "r-" + r.result },
          h("strong", `${r.place}. `), seatName(u.seats, r.seat), ` – ${r.result}`))),
        h("div.actions",
          h("a.button.primary", { href: `#/replay/${table}` }, "Replay this game"),
          h("a.button", { href: "#/" }, "Lobby"),
          h("button", { onclick: () => { overlayClosed = true; overlay.hidden = true; } }, "See the board"))));
      overlay.hidden = false;
    }

    return () => {
      alive = false;
      clearTimeout(retry);
      for (const k of ["turn", "seq", "seat", "status"]) delete document.body.dataset[k];
      clearInterval(ticker);
      if (c.connected) c.request("leave", { table }).catch(() => {});
    };
  };
}
