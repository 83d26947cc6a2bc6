// A finished game step by step (/api/replay/ID/STEP?as=SEAT): the board as a
// seat or the referee saw it after each decision, forward and back.
import { h, clear } from "../dom";
import { getJson } from "../net";
import { uiFor } from "../boards";
import { boardContext, noHooks, peopleOf } from "../parts/context";
import { loadCatalogue } from "../parts/cards";
import { personName, personalize } from "../parts/names";
import type { SeatInfo } from "../types";
import { GameLog } from "../parts/log";

export function replayPage(table: string, asParam?: string) {
  return (root: HTMLElement) => {
    let as = asParam || "referee";
    let step = 0;
    let total = 0;
    let loading = false;
    const title = h("h1", "Replay ", table);
    const stepText = h("span.step", "");
    const slider = h("input", { type: "range", min: 0, max: 0, value: 0, "aria-label": "step" }) as HTMLInputElement;
    const asSel = h("select", { "aria-label": "seen as" }, h("option", { value: "referee" }, "everything (referee)")) as HTMLSelectElement;
    const board = h("div.board-box");
    const decision = h("div.decision");
    const log = new GameLog();
    const err = h("div");
    const btn = (label: string, to: () => number, name: string) =>
      h("button", { onclick: () => go(to()), "data-step": name, title: name }, label);
    root.append(h("div.replay-page",
      title, err,
      h("div.replay-controls",
        btn("« first", () => 0, "first"), btn("◀", () => step - 1, "back"),
        stepText,
        btn("▶", () => step + 1, "forward"), btn("last »", () => total, "last"),
        slider, h("label", "seen by ", asSel)),
      decision,
      h("div.layout", h("div.main-col", board), h("aside.side-col", h("section.log-box", h("h3", "Log"), log.el)))));
    slider.oninput = () => go(Number(slider.value));
    asSel.onchange = () => {
      as = asSel.value;
      history.replaceState(null, "", `#/replay/${table}/${as}`);
      void go(step);
    };
    const keys = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === "INPUT" && (e.target as HTMLInputElement).type !== "range") return;
      if (e.key === "ArrowRight") go(step + 1);
      if (e.key === "ArrowLeft") go(step - 1);
    };
    window.addEventListener("keydown", keys);

    async function go(to: number) {
      if (loading) return;
      to = Math.max(0, total ? Math.min(total, to) : to);
      loading = true;
      try {
        const r = await getJson(`/api/replay/${encodeURIComponent(table)}/${to}?as=${encodeURIComponent(as)}`);
        step = r.step ?? to;
        total = r.total ?? total;
        slider.max = String(total);
        slider.value = String(step);
        stepText.textContent = `${step} / ${total}`;
        const view = r.view || {};
        const game = view.game || "";
        clear(title, "Replay of ", table, game ? h("span.tag", game) : null);
        const me = Number.isFinite(Number(as)) ? Number(as) : -2;
        const seats: SeatInfo[] = r.seats || [];
        await loadCatalogue(game);
        const ui = uiFor(game);
        const ctx = boardContext(game, ui, view, me, seats, [], noHooks);
        log.setRender(ctx.text);
        clear(board, ui.board(ctx));
        const d = r.decision;
        const people = peopleOf(ui, view, seats, me);
        clear(decision, d ? h("p", h("strong", `Decision ${step}: `), personName(people, d.seat), " – ", ...ctx.text(personalize(d.label || d.option, people))) : h("p.muted", "The start of the game."));
        log.reset(r.log || []);
        if (asSel.options.length === 1) {
          const n = (view.players || []).length || 2;
          const people = peopleOf(uiFor(game), view, r.seats || [], -2);
          for (let s = 0; s < n; s++) asSel.append(h("option", { value: String(s) }, personName(people, s)));
          asSel.value = as;
        }
        clear(err);
      } catch (e: any) {
        clear(err, h("p.error", e.message || String(e)));
      } finally {
        loading = false;
      }
    }
    void go(0);
    return () => window.removeEventListener("keydown", keys);
  };
}
