// A new table: game and variant (which sets the seats and shows the teams),
// each seat a person or a computer with its deck, rule options, timer, grace
// and title. "Create table" gives join links; "Play now" makes a table of me
// and computers and takes seat 0 at once.
import { h, clear } from "../dom";
import { connection, whenOpen } from "../net";
import { playerName, saveSeatToken, setPlayerName } from "../store";
import type { GameInfo } from "../types";
import { DeckChoice, deckProblems } from "./decks";
import { optionLabel } from "./labels";
import { teamsOf, teamsText } from "./teams";

export function drawCreate(el: HTMLElement, games: GameInfo[], created: () => void): void {
  const playable = games.filter((g) => !g.broken);
  const gameSel = h("select", { name: "game" },
    playable.map((g) => h("option", { value: g.name }, g.title || g.name))) as HTMLSelectElement;
  const body = h("div.create-body");
  const result = h("div.created");
  const form = h("form.create-form", { onsubmit: (e: Event) => e.preventDefault() },
    h("label.stack", "Game", gameSel), body, result);
  clear(el, h("h2", "New table"), form);
  gameSel.onchange = () => drawGame(body, result, playable.find((x) => x.name === gameSel.value)!, created);
  drawGame(body, result, playable[0], created);
}

function drawGame(body: HTMLElement, result: HTMLElement, g: GameInfo, created: () => void): void {
  const min = g.min_seats || 2, max = g.max_seats || min;
  const agents = g.agents || [];
  const variants = g.variants || [];
  const variant = h("select", { name: "variant" },
    variants.map((v) => h("option", { value: v.name }, v.name))) as HTMLSelectElement;
  const variantNote = h("small.muted.note");
  const optionInputs = (g.options || []).map((o) => {
    const input = o.allowed.length && o.min === undefined
      ? (h("select", { name: "opt-" + o.key }, h("option", { value: "" }, `as the variant says (${o.default})`),
          o.allowed.map((a) => h("option", { value: a }, a))) as HTMLSelectElement)
      : (h("input", {
          name: "opt-" + o.key, placeholder: o.default, inputmode: "numeric",
          title: [...o.allowed, `${o.min} to ${o.max}`].join(" or "),
        }) as HTMLInputElement);
    return { key: o.key, input, row: h("label.opt", h("span.opt-name", optionLabel(o.key)), input, h("small.muted", o.description)) };
  });
  const optionValues = () => {
    const out: Record<string, string> = {};
    for (const o of optionInputs) if (o.input.value.trim()) out[o.key] = o.input.value.trim();
    return out;
  };
  const seatCount = h("select", { name: "seats" },
    Array.from({ length: max - min + 1 }, (_, i) => h("option", { value: min + i }, String(min + i)))) as HTMLSelectElement;
  const seatBox = h("div.seat-kinds");
  const teamsNote = h("p.teams", { hidden: true });
  let decks: DeckChoice[] = [];
  const starters = g.starter_decks || [];
  const kindSelect = (i: number, old?: string) => h("select", { name: "seat-" + i, "aria-label": `Seat ${i}` },
    h("option", { value: "human" }, "a person"),
    agents.map((a) => h("option", { value: a, selected: old === a }, `computer (${a})`))) as HTMLSelectElement;
  const drawSeats = () => {
    const n = Number(seatCount.value);
    const old = Array.from(seatBox.querySelectorAll<HTMLSelectElement>("select[name^=seat-]")).map((s) => s.value);
    const teams = teamsOf(variants.find((v) => v.name === variant.value)?.settings || {}, optionValues(), n);
    decks = Array.from({ length: n }, (_, i) => new DeckChoice(i, g.name, starters, decks[i]));
    clear(seatBox, Array.from({ length: n }, (_, i) => {
      const team = teams ? teams.findIndex((t) => t.includes(i)) : -1;
      return h("div.seat-row", { "data-seat": i },
        h("span.seat-no", `Seat ${i}`), team >= 0 ? h("span.tag.team", `team ${team + 1}`) : null,
        kindSelect(i, old[i]), decks[i].select, decks[i].el);
    }));
    teamsNote.hidden = !teams;
    teamsNote.textContent = teams ? teamsText(teams) : "";
    drawPlayNow();
  };
  const showVariant = () => {
    const v = variants.find((x) => x.name === variant.value);
    variantNote.textContent = v?.description || "";
    if (v?.seats && v.seats >= min && v.seats <= max) seatCount.value = String(v.seats);
    drawSeats();
  };
  variant.onchange = showVariant;
  seatCount.onchange = drawSeats;
  for (const o of optionInputs) o.input.addEventListener("change", drawSeats);

  const timerMode = h("select", { name: "timer" },
    h("option", { value: "none" }, "no timer"),
    h("option", { value: "move" }, "per decision"),
    h("option", { value: "clock" }, "chess clock")) as HTMLSelectElement;
  const seconds = h("input", { name: "seconds", value: "60", size: 5, inputmode: "numeric" }) as HTMLInputElement;
  const increment = h("input", { name: "increment", value: "5", size: 4, inputmode: "numeric" }) as HTMLInputElement;
  const grace = h("input", { name: "grace", placeholder: "120", size: 5, inputmode: "numeric" }) as HTMLInputElement;
  // How long computer seats wait before they decide, so people can follow them.
  const pace = h("select", { name: "pace" },
    h("option", { value: "" }, "usual (short with people)"),
    h("option", { value: "0" }, "at once"),
    h("option", { value: "600" }, "0.6 s"),
    h("option", { value: "1500" }, "1.5 s"),
    h("option", { value: "3000" }, "3 s")) as HTMLSelectElement;
  const secondsLabel = h("label", "seconds ", seconds);
  const incrementLabel = h("label", "increment ", increment);
  const showTimer = () => {
    secondsLabel.hidden = timerMode.value === "none";
    incrementLabel.hidden = timerMode.value !== "clock";
  };
  timerMode.onchange = showTimer;
  showTimer();
  const title = h("input", { name: "title", placeholder: g.title || g.name, maxlength: 80 }) as HTMLInputElement;
  const seed = h("input", { name: "seed", placeholder: "random", inputmode: "numeric" }) as HTMLInputElement;
  const problems = h("div.problems");

  // The request both buttons send, with these seat kinds; null when a deck is not legal.
  const request = async (seats: string[]): Promise<Record<string, unknown> | null> => {
    const options = optionValues();
    const req: Record<string, unknown> = { game: g.name, seats, variant: variant.value, options };
    const chosen = decks.slice(0, seats.length);
    const values = chosen.map((d) => d.value());
    if (values.some((v) => v !== null)) req.decks = values;
    const broken = await deckProblems(g.name, variant.value, options, seats.length, chosen);
    if (broken.length) {
      clear(problems, h("p.error", "A deck is not legal:"), h("ul.problems", broken.map((p) => h("li", p))));
      return null;
    }
    clear(problems);
    if (timerMode.value === "move") req.timer = { mode: "move", seconds: Number(seconds.value) };
    if (timerMode.value === "clock")
      req.timer = { mode: "clock", seconds: Number(seconds.value), increment: Number(increment.value) };
    if (/^\d+$/.test(grace.value.trim())) req.grace = Number(grace.value.trim());
    if (pace.value !== "") req.pace = Number(pace.value);
    if (title.value.trim()) req.title = title.value.trim();
    if (/^\d+$/.test(seed.value.trim())) req.seed = seed.value.trim();
    return req;
  };
  const busy = (b: boolean) => body.querySelectorAll<HTMLButtonElement>("button.go").forEach((x) => (x.disabled = b));
  const attempt = async (fn: () => Promise<void>) => {
    busy(true);
    try {
      await fn();
    } catch (e: any) {
      clear(problems, h("p.error", e.message || String(e)));
    } finally {
      busy(false);
    }
  };

  const submit = h("button.primary.go", { type: "submit" }, "Create table") as HTMLButtonElement;
  submit.onclick = () => attempt(async () => {
    const seats = Array.from(seatBox.querySelectorAll<HTMLSelectElement>("select[name^=seat-]")).map((s) => s.value);
    const req = await request(seats);
    if (!req) return;
    const r = await connection().request("create", req);
    drawCreated(result, r.table, r.links || []);
    created();
  });

  // Me and N computers: seat 0 mine, the rest the chosen agent, seated at once.
  const name = h("input", { name: "me", value: playerName(), maxlength: 32, placeholder: "your name", autocomplete: "nickname" }) as HTMLInputElement;
  const agent = h("select", { name: "computers" },
    agents.map((a) => h("option", { value: a, selected: a === "greedy" }, a))) as HTMLSelectElement;
  const playNow = h("button.primary.go", { type: "button", name: "play-now" }) as HTMLButtonElement;
  function drawPlayNow() {
    const n = Number(seatCount.value) - 1;
    playNow.textContent = `Play now: me + ${n} computer${n === 1 ? "" : "s"}`;
  }
  playNow.onclick = () => attempt(async () => {
    const me = name.value.trim();
    if (!me) {
      name.focus();
      throw new Error("Your name first: it is shown at the table.");
    }
    const n = Number(seatCount.value);
    const req = await request(["human", ...Array.from({ length: n - 1 }, () => agent.value)]);
    if (!req) return;
    const c = connection();
    await whenOpen(c);
    const made = await c.request("create", req);
    const joined = await c.request("join", { table: made.table, seat: 0, name: me });
    setPlayerName(me);
    saveSeatToken(made.table, { seat: 0, token: joined.token, game: g.name, title: made.summary?.title });
    location.hash = `#/t/${made.table}`;
  });

  clear(body,
    g.summary ? h("p.muted", g.summary) : null,
    h("label.stack", "Variant", variant, variantNote),
    h("div.row", h("label", "Seats ", seatCount), teamsNote),
    seatBox,
    h("p.deck-link", h("a", { href: `#/decks/${g.name}` }, "Build and save your own decks"), h("small.muted", " (saved decks are offered for each seat above)")),
    h("details.options", h("summary", "Rule options"), optionInputs.map((o) => o.row),
      h("label.opt", h("span.opt-name", "Seed"), seed, h("small.muted", "the same seed deals the same game; only at a table of one person and computers (with more people the server keeps the seed secret)"))),
    h("div.timer", h("label", "Timer ", timerMode), secondsLabel, incrementLabel,
      h("label", { title: "seconds a disconnected player may stay away while it is their decision before their seat concedes (0: forever)" }, "Grace (s) ", grace),
      h("label", { title: "how long a computer seat waits before it decides, so people can follow its moves" }, "Computer pace ", pace)),
    h("label.stack", "Title", title),
    problems,
    h("div.actions", submit),
    agents.length ? h("fieldset.play-now",
      h("legend", "Or play against the computer"),
      h("label", "Your name ", name), h("label", "Computers play ", agent), playNow) : null);
  if (variants.length) showVariant();
  else drawSeats();
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
        h("button", { type: "button", onclick: () => copyLink(input) }, "Copy"),
        h("a.button.primary", { href: "#" + l.path.replace(/^\/?#/, "") }, "Take this seat"));
    })),
    h("a.button", { href: `#/t/${table}` }, "Open the table"));
}

export function copyLink(input: HTMLInputElement): void {
  input.select();
  if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(() => document.execCommand("copy"));
  else document.execCommand("copy");
}
