// Past games: a player's finished games (/api/players/NAME/games) and the
// most recent ones (/api/recent), each linking to its replay.
import { personName } from "../parts/names";
import { h, clear } from "../dom";
import { getJson } from "../net";
import { playerName } from "../store";

export function playersPage(name: string) {
  return (root: HTMLElement) => {
    const input = h("input", { name: "player", value: name || playerName(), placeholder: "player name" }) as HTMLInputElement;
    const form = h("form.row", { onsubmit: (e: Event) => {
      e.preventDefault();
      if (input.value.trim()) location.hash = `#/players/${encodeURIComponent(input.value.trim())}`;
    } }, input, h("button.primary", { type: "submit" }, "Show games"));
    const theirs = h("section.card", h("h2", name ? `Games of ${name}` : "A player's games"), form);
    const recent = h("section.card", h("h2", "Recent games"), h("p.muted", "Loading…"));
    root.append(h("div.players", theirs, recent));
    if (name) {
      const box = h("div", h("p.muted", "Loading…"));
      theirs.append(box);
      getJson(`/api/players/${encodeURIComponent(name)}/games`)
        .then((r) => clear(box, gameList(r)))
        .catch((e) => clear(box, h("p.error", e.message)));
    }
    getJson("/api/recent")
      .then((r) => clear(recent, h("h2", "Recent games"), gameList(r)))
      .catch((e) => clear(recent, h("h2", "Recent games"), h("p.error", e.message)));
  };
}

/** Finished games as a list; the entries are table summaries with results. */
function gameList(r: any): HTMLElement {
  const games: any[] = Array.isArray(r) ? r : r.games || r.tables || [];
  if (!games.length) return h("p.muted", "No finished games yet.");
  return h("ul.table-list", games.map((g) => {
    const id = g.table || g.id;
    const when = g.finished_ms || g.ended_ms || g.created_ms;
    const seats: any[] = g.seats || (g.names || []).map((name: string, seat: number) => ({ seat, name, kind: g.kinds?.[seat] || "human" }));
    const results: any[] = g.results || [];
    return h("li", { "data-table": id },
      h("div.row", h("strong", g.title || g.game), g.variant ? h("span.tag", g.variant) : null,
        when ? h("span.muted", new Date(when).toLocaleString()) : null,
        g.decisions !== undefined ? h("span.muted", `${g.decisions} decisions`) : null),
      h("div.seats-inline", seats.map((s, i) => {
        const res = results[s.seat ?? i];
        return h("span.seat-chip", { class: res ? "r-" + res.result : "" },
          `${chipName(seats, s, i)}${res ? " – " + res.result : ""}`);
      })),
      h("div.actions", h("a.button.primary", { href: `#/replay/${id}` }, "Replay")));
  }));
}

/** A seat of a past game by name: the person's, or the computer's own (names.ts). */
function chipName(seats: any[], s: any, i: number): string {
  const all = seats.map((x, j) => ({ seat: x.seat ?? j, kind: x.kind || "human", name: x.name || "", taken: true, connected: false, in_game: true }));
  return personName({ seats: all, me: -1 }, s.seat ?? i);
}
