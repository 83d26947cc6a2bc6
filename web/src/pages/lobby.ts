// The lobby: open and running tables (refreshed), the tables this browser
// holds a seat at, and creating a table.
import { h, clear } from "../dom";
import { connection, whenOpen } from "../net";
import { mySeats, seatToken } from "../store";
import type { GameInfo, TableSummary } from "../types";
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
            h("span.muted", `${t.decisions} decisions`)),
          h("div.seats-inline", t.seats.map((s) => h("span.seat-chip", seatLabel(s)))),
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
    h("ul.plain", seats.map(([table, s]) =>
      h("li", h("a", { href: `#/t/${table}` }, `${s.title || s.game || "table"} ${table}`), ` seat ${s.seat}`)))));
}

function drawCreate(el: HTMLElement, games: GameInfo[], created: () => void): void {
  const playable = games.filter((g) => !g.broken);
  const gameSel = h("select", { name: "game" },
    playable.map((g) => h("option", { value: g.name }, g.title || g.name))) as HTMLSelectElement;
  const body = h("div");
  const result = h("div.created");
  const form = h("form.create-form", { onsubmit: (e: Event) => e.preventDefault() },
    h("label", "Game ", gameSel), body, result);
  clear(el, h("h2", "New table"), form);

  const drawGame = () => {
    const g = playable.find((x) => x.name === gameSel.value)!;
    const min = g.min_seats || 2, max = g.max_seats || min;
    const agents = g.agents || [];
    const variant = h("select", { name: "variant" },
      (g.variants || []).map((v) => h("option", { value: v.name, title: v.description }, `${v.name}${v.description ? " – " + v.description : ""}`))) as HTMLSelectElement;
    const optionInputs = (g.options || []).map((o) => {
      const input = o.allowed.length
        ? (h("select", { name: "opt-" + o.key }, h("option", { value: "" }, `(variant's: ${o.default})`),
            o.allowed.map((a) => h("option", { value: a }, a))) as HTMLSelectElement)
        : (h("input", { name: "opt-" + o.key, placeholder: o.default, inputmode: "numeric", size: 6 }) as HTMLInputElement);
      return { key: o.key, input, row: h("label.opt", h("span", o.key), input, h("small.muted", o.description)) };
    });
    const seatCount = h("select", { name: "seats" },
      Array.from({ length: max - min + 1 }, (_, i) => h("option", { value: min + i }, String(min + i)))) as HTMLSelectElement;
    const seatBox = h("div.seat-kinds");
    const drawSeats = () => {
      const n = Number(seatCount.value);
      const old = Array.from(seatBox.querySelectorAll("select")).map((s) => (s as HTMLSelectElement).value);
      clear(seatBox, Array.from({ length: n }, (_, i) =>
        h("label", `Seat ${i} `, h("select", { name: "seat-" + i },
          h("option", { value: "human" }, "human"),
          agents.map((a) => h("option", { value: a, selected: old[i] === a }, `computer (${a})`))))));
    };
    seatCount.onchange = drawSeats;
    drawSeats();
    const timerMode = h("select", { name: "timer" },
      h("option", { value: "none" }, "no timer"),
      h("option", { value: "move" }, "per decision"),
      h("option", { value: "clock" }, "chess clock")) as HTMLSelectElement;
    const seconds = h("input", { name: "seconds", value: "60", size: 5, inputmode: "numeric" }) as HTMLInputElement;
    const increment = h("input", { name: "increment", value: "5", size: 4, inputmode: "numeric" }) as HTMLInputElement;
    const grace = h("input", { name: "grace", value: "0", size: 5, inputmode: "numeric" }) as HTMLInputElement;
    const secondsLabel = h("label", "seconds ", seconds);
    const incrementLabel = h("label", "increment ", increment);
    const showTimer = () => {
      secondsLabel.hidden = timerMode.value === "none";
      incrementLabel.hidden = timerMode.value !== "clock";
    };
    timerMode.onchange = showTimer;
    showTimer();
    const title = h("input", { name: "title", placeholder: g.title || g.name, maxlength: 80 }) as HTMLInputElement;
    const seed = h("input", { name: "seed", placeholder: "random", size: 10, inputmode: "numeric" }) as HTMLInputElement;
    const submit = h("button.primary", { type: "submit" }, "Create table") as HTMLButtonElement;
    submit.onclick = async () => {
      const options: Record<string, string> = {};
      for (const o of optionInputs) if (o.input.value.trim()) options[o.key] = o.input.value.trim();
      const seats = Array.from(seatBox.querySelectorAll("select")).map((s) => (s as HTMLSelectElement).value);
      const req: Record<string, unknown> = { game: g.name, seats, variant: variant.value, options };
      if (timerMode.value === "move") req.timer = { mode: "move", seconds: Number(seconds.value) };
      if (timerMode.value === "clock")
        req.timer = { mode: "clock", seconds: Number(seconds.value), increment: Number(increment.value) };
      if (Number(grace.value) > 0) req.grace = Number(grace.value);
      if (title.value.trim()) req.title = title.value.trim();
      if (/^\d+$/.test(seed.value.trim())) req.seed = seed.value.trim();
      submit.disabled = true;
      try {
        const r = await connection().request("create", req);
        drawCreated(result, r.table, r.links || []);
        created();
      } catch (e: any) {
        clear(result, h("p.error", e.message || String(e)));
      } finally {
        submit.disabled = false;
      }
    };
    clear(body,
      g.summary ? h("p.muted", g.summary) : null,
      h("label", "Variant ", variant),
      h("details.options", h("summary", "Rule options"), optionInputs.map((o) => o.row),
        h("label.opt", h("span", "seed"), seed, h("small.muted", "the same seed deals the same game"))),
      h("label", "Seats ", seatCount), seatBox,
      h("div.timer", h("label", "Timer ", timerMode), secondsLabel, incrementLabel,
        h("label", { title: "seconds a disconnected player may stay away while it is their decision (0: forever)" }, "grace ", grace)),
      h("label", "Title ", title),
      submit);
  };
  gameSel.onchange = drawGame;
  drawGame();
}

function drawCreated(el: HTMLElement, table: string, links: { seat: number; path: string }[]): void {
  const full = (p: string) => location.origin + p;
  clear(el,
    h("h3", `Table ${table} created`),
    links.length ? h("p", "Send a join link to each player, or take a seat yourself:") : null,
    h("ul.links", links.map((l) => {
      const input = h("input.link", { value: full(l.path), readonly: true, onfocus: (e: Event) => (e.target as HTMLInputElement).select() }) as HTMLInputElement;
      return h("li", { "data-seat": l.seat },
        h("span", `Seat ${l.seat} `), input,
        h("button", { type: "button", onclick: () => copy(input) }, "Copy"),
        h("a.button.primary", { href: "#" + l.path.replace(/^\/?#/, "") }, "Take this seat"));
    })),
    h("a.button", { href: `#/t/${table}` }, "Open the table"));
}

function copy(input: HTMLInputElement): void {
  input.select();
  if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(() => document.execCommand("copy"));
  else document.execCommand("copy");
}
