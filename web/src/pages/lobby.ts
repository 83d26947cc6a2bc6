// The lobby: open and running tables (refreshed), the tables this browser
// holds a seat at, and creating a table.
import { h, clear } from "../dom";
import { drawCreate } from "./create";
import { moveSeatButton } from "./claim";
import { connection, whenOpen } from "../net";
import { mySeats, seatToken } from "../store";
import type { GameInfo, TableSummary } from "../types";
import { seedNote } from "./labels";
import { seatLabel } from "../parts/seats";

let gamesCache: GameInfo[] | null = null;

export async function loadGames(): Promise<GameInfo[]> {
  if (gamesCache) return gamesCache;
  const c = connection();
  await whenOpen(c);
  const r = await c.request("games");
  gamesCache = (r.games as GameInfo[]) || [];
  return gamesCache;
}

export function lobbyPage() {
  return (root: HTMLElement) => {
    const c = connection();
    const list = h("div.tables", h("p.muted", "Loading tables…"));
    const mine = h("div.mine");
    const create = h("section.card.create", h("h2", "New table"), h("p.muted", "Loading games…"));
    root.append(
      h("div.lobby", h("section.card", h("h2", "Tables"), list), mine, create),
    );
    let alive = true;
    let timer: number | undefined;

    const refresh = async () => {
      if (!alive) return;
      try {
        await whenOpen(c);
        const r = await c.request("tables");
        if (alive) drawTables(list, r.tables as TableSummary[]);
      } catch (e) {
        /* shown by the connection badge; the next refresh retries */
      }
      if (alive) timer = window.setTimeout(refresh, 3000);
    };
    refresh();
    drawMine(mine);
    loadGames()
      .then((games) => alive && drawCreate(create, games, () => { clearTimeout(timer); void refresh(); }))
      .catch((e) => clear(create, h("h2", "New table"), h("p.error", String(e.message || e))));
    c.onopen = () => void refresh();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  };
}

function seedTag(seed?: string, commitment?: string): HTMLElement | null {
  const note = seedNote(seed, commitment);
  return note ? h("span.tag.seed-" + seed, { title: note.title }, note.label) : null;
}

function drawTables(el: HTMLElement, tables: TableSummary[]): void {
  if (!tables.length) {
    clear(el, h("p.muted", "No tables yet: create one below."));
    return;
  }
  clear(
    el,
    h(
      "ul.table-list",
      tables.map((t) => {
        const mine = seatToken(t.table);
        const open = t.seats.filter((s) => s.kind === "human" && !s.taken);
        return h(
          "li",
          { "data-table": t.table },
          h("div.row",
            h("strong", t.title || t.game),
            h("span.tag", t.variant),
            h("span.tag.status-" + t.status, t.status),
            seedTag(t.seed, t.seed_commitment),
            h("span.muted", `${t.decisions} decisions`)),
          h("div.seats-inline", t.seats.map((s) => h("span.seat-chip", seatLabel(s, t.seats)))),
          h("div.actions",
            mine ? h("a.button.primary", { href: `#/t/${t.table}` }, `Resume (seat ${mine.seat})`) : null,
            !mine ? open.map((s) => h("a.button.primary", { href: `#/t/${t.table}/join/${s.seat}` }, `Join seat ${s.seat}`)) : null,
            h("a.button", { href: `#/t/${t.table}` }, "Watch")),
        );
      }),
    ),
  );
}

function drawMine(el: HTMLElement): void {
  const seats = mySeats().slice(0, 8);
  if (!seats.length) return;
  clear(el, h("section.card",
    h("h2", "Your seats"),
    h("ul.plain.my-seats", seats.map(([table, s]) =>
      h("li", { "data-table": table },
        h("a", { href: `#/t/${table}` }, `${s.title || s.game || "table"} ${table}`), ` seat ${s.seat}`,
        moveSeatButton(table))))));
}
