// A table: seated (resumed by the kept token) or watching. The seat strips
// around the board (the others along the top, the viewer at the bottom), the
// game's board, the prompt with its options (a board click narrows them or
// takes one, asking first when it cannot be undone), what happened since the
// viewer's last decision, the log, timers, keys and the game over.
import { h, clear, fmtTime } from "../dom";
import { connection } from "../net";
import { forgetSeatToken, seatToken } from "../store";
import type { LogLine, Option, Update } from "../types";
import { seedNote } from "./labels";
import { OptionList } from "../parts/options";
import { GameLog } from "../parts/log";
import { Digest } from "../parts/digest";
import { uiFor } from "../boards";
import { pick } from "../boards/board";
import { boardContext, peopleOf } from "../parts/context";
import { loadCatalogue, hideZoom } from "../parts/cards";
import { seatStrips, ordinal } from "../parts/strips";
import { personName, seatLabel } from "../parts/names";
import { forcedToTake, prefsPanel } from "../parts/prefs";
import { tableKeys } from "../parts/keys";

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
    let autoTimer: number | undefined;

    const head = h("div.table-head", h("h1", "Table ", table));
    const notice = h("div.notice");
    const stripsTop = h("div.strips-box");
    const stripsMine = h("div.strips-box.mine-box");
    const board = h("div.board-box");
    const render = (t: string) => (last ? boardContext(last.game, uiFor(last.game), last.view, me, last.seats, [], hooks).text(t) : [t]);
    const log = new GameLog(render);
    const lines = new Map<number, LogLine>();
    let seatNames = "";
    const digest = new Digest();
    const options = new OptionList((id) => act(id));
    const concede = h("button.danger.small", { onclick: () => { if (confirm("Concede this game?")) act("concede"); } }, "Concede");
    const overlay = h("div.overlay", { hidden: true });
    const prefs = prefsPanel(() => last && draw(last));
    root.append(
      h("div.table-page", head, notice,
        h("div.layout",
          h("div.main-col", stripsTop, board, stripsMine),
          h("aside.side-col", options.el, digest.el, h("div.concede-row", concede, prefs), h("section.log-box", h("h3", "Log"), log.el))),
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
      clearTimeout(autoTimer);
      options.setBusy(true);
      hideZoom();
      try {
        await c.request("act", { table, token: token.token, option: id, seq: last.seq });
        digest.acted();
      } catch (e: any) {
        say(e.message || String(e));
        options.setBusy(false);
      } finally {
        acting = false;
      }
    }

    // What a board may do: take, ask first, narrow the list.
    const hooks = {
      act: (id: string) => void act(id),
      actFromBoard: (o: Option) => {
        if (!last) return;
        const ui = uiFor(last.game);
        let q: string | null = null;
        try {
          q = ui.confirm?.(o, boardContext(last.game, ui, last.view, me, last.seats, options.all(), hooks)) ?? null;
        } catch {
          q = null;
        }
        if (q) options.confirm(o, q);
        else void act(o.id);
      },
      filter: (t: string) => options.filter(t),
      focus: (opts: Option[], heading: string) => options.focus(opts, heading),
    };

    c.onupdate = (u) => {
      if (u.table !== table) return;
      const first = !last;
      last = u;
      receivedAt = Date.now();
      if (u.as >= 0) me = u.as;
      digest.add(u.log, me);
      for (const l of u.log || []) lines.set(l.index, l);
      // Lines name seats as they are now: when someone sits down (or a seat
      // is renamed) the lines already shown are drawn again with the new name.
      const names = JSON.stringify((u.seats || []).map((s) => [s.seat, s.kind, s.taken, s.name]));
      if (seatNames !== "" && names !== seatNames) log.reset([...lines.values()].sort((a, b) => a.index - b.index));
      else log.add(u.log);
      seatNames = names;
      draw(u);
      // Card texts arrive once per game; the first draw may show ids.
      if (first) loadCatalogue(u.game).then(() => {
        if (!alive || !last) return;
        // Drawn again with card names pointable: every line received so far.
        log.reset([...lines.values()].sort((a, b) => a.index - b.index));
        draw(last);
      });
    };
    c.onopen = () => void subscribe();
    // A patch missed or not applied: a whole view again.
    c.onresync = (t) => t === table && void subscribe();
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
    const stopKeys = tableKeys(options, () => hooks);

    function draw(u: Update) {
      const ui = uiFor(u.game);
      const mine = u.pending.find((p) => p.seat === me);
      const opts = mine?.options || [];
      const people = peopleOf(ui, u.view, u.seats, me);
      const ctx = boardContext(u.game, ui, u.view, me, u.seats, opts, hooks);
      const waiting = u.terminal ? "The game is over."
        : u.status === "waiting" ? "Waiting for players to take their seats."
        : u.pending.length ? `Waiting for ${u.pending.map((p) => personName(people, p.seat)).join(", ")}.` : "";
      const seed = seedNote(u.seed, u.seed_commitment);
      clear(head,
        h("h1", u.title || u.game),
        h("span.tag", u.game), u.view?.variant ? h("span.tag", u.view.variant) : null,
        h("span.tag.status-" + u.status, u.status),
        seed ? h("span.tag.seed-" + u.seed, { title: seed.title }, seed.label) : null,
        h("span.muted", ` decision ${u.seq}`),
        me >= 0 ? h("span.you", `You are ${personName(people, me)}`) : h("span.you", "Watching"));
      const deciding = new Set(u.pending.map((p) => p.seat));
      // A strip is clickable when an option names its player (attack, target).
      const seatOpts = new Map<number, Option[]>();
      if (ui.seatOptions && opts.length)
        for (const s of u.seats) {
          let fits: Option[] = [];
          try {
            fits = ui.seatOptions(ctx, s.seat);
          } catch {
            fits = [];
          }
          if (fits.length) seatOpts.set(s.seat, fits);
        }
      const strips = seatStrips({
        ui, view: u.view, people, deciding, table, clockText,
        results: u.terminal ? u.results : undefined,
        canPick: seatOpts,
        onSeat: (s) => pick(ctx, `seat${s}`, `${ctx.name(s)}: choose`, seatOpts.get(s) || []),
      });
      clear(stripsTop, strips.others);
      clear(stripsMine, strips.mine);
      let b: HTMLElement;
      try {
        b = ui.board(ctx);
      } catch (e) {
        console.error(e);
        b = uiFor("").board(ctx);
      }
      clear(board, b);
      let source: string | null = null;
      try {
        source = ui.promptSource?.(u.view, me) ?? null;
      } catch {
        source = null;
      }
      const prompt = mine?.prompt && source && !mine.prompt.startsWith(source) ? `${source}: ${mine.prompt}` : mine?.prompt;
      options.set(prompt, opts, me < 0 ? (waiting || "Watching.") : waiting, ctx.text);
      digest.show(!!mine && opts.length > 0, u.seq, ctx.text);
      concede.hidden = me < 0 || u.terminal || !u.seats.find((s) => s.seat === me)?.in_game;
      // For styles and for the browser tests: where the table stands.
      Object.assign(document.body.dataset, { turn: mine ? "mine" : "", seq: String(u.seq), seat: String(me), status: u.status });
      if (u.terminal) drawOver(u);
      else overlay.hidden = true;
      // A forced move taken by itself when the player asked for that.
      clearTimeout(autoTimer);
      const forced = forcedToTake(opts);
      if (forced && token) {
        const seq = u.seq;
        autoTimer = window.setTimeout(() => last?.seq === seq && void act(forced.id), 350);
      }
    }

    function drawOver(u: Update) {
      if (overlayClosed) return;
      const ui = uiFor(u.game);
      const people = peopleOf(ui, u.view, u.seats, me);
      let note: HTMLElement | null = null;
      try {
        note = ui.overNote?.(boardContext(u.game, ui, u.view, me, u.seats, [], hooks)) ?? null;
      } catch {
        note = null;
      }
      const order = u.results.map((r, seat) => ({ seat, ...r })).sort((a, b) => a.place - b.place);
      clear(overlay, h("div.over.card", { role: "dialog" },
        h("h2", "Game over"),
        me >= 0 && u.results[me] ? h("p.big", `You ${u.results[me].result === "win" ? "win" : u.results[me].result === "draw" ? "draw" : "lose"} (${ordinal(u.results[me].place)})`) : null,
        h("ol.results", order.map((r) => h("li", { class: "r-" + r.result, "data-seat": r.seat },
          h("strong", `${ordinal(r.place)} `), seatLabel(people, r.seat), ` – ${r.result}`))),
        note,
        h("div.actions",
          h("a.button.primary", { href: `#/replay/${table}` }, "Replay this game"),
          h("a.button", { href: "#/" }, "Lobby"),
          h("button", { onclick: () => { overlayClosed = true; overlay.hidden = true; } }, "See the board"))));
      overlay.hidden = false;
    }

    return () => {
      alive = false;
      clearTimeout(retry);
      clearTimeout(autoTimer);
      stopKeys();
      hideZoom();
      for (const k of ["turn", "seq", "seat", "status"]) delete document.body.dataset[k];
      clearInterval(ticker);
      if (c.connected) c.request("leave", { table }).catch(() => {});
    };
  };
}
