// Dungeon Dice Monsters: the 13x19 field (columns 0-12, rows 0-18, squares
// written "col,row" as in the option ids), each player's dungeon path, master,
// monsters and items, the dice pool and crests. A click on a square chooses
// the option that ends there: a placement (`place:T0:6,2`, previewed as its
// cube net on hover), or, after clicking one's own monster, its move, attack or
// ability on the clicked square (docs/games/ddm.md "Decisions in steps").
// The dice and the roll are in ddm-dice.ts, turning a net in ddm-place.ts,
// battles and the tie-breaks in words in ddm-news.ts.
import { h } from "../dom";
import { ddmPiece } from "../data";
import type { Board, BoardCtx } from "./board";
import type { Option } from "../types";
import { net, netFromLabel, type Cell } from "./nets";
import { value } from "./generic";
import { CREST_MARK, dicePanel } from "./ddm-dice";
import { followPlan } from "./ddm-plan";
import { turnControls } from "./ddm-place";
import { battleLine, lastAttackLine, tieBreakBox } from "./ddm-news";

const COLS = 13;
const ROWS = 19;
const CRESTS = ["move", "attack", "defense", "magic", "trap"] as const;

/** An option read as a board action: from a square (or none) to a square. */
interface SquareAction {
  option: Option;
  kind: string; // place, move, attack, ability
  from?: string;
  to?: string;
  net?: string;
}

export function squareAction(o: Option): SquareAction | null {
  let m = /^place:([A-Za-z]+\d+):(\d+,\d+)$/.exec(o.id);
  if (m) return { option: o, kind: "place", to: m[2], net: m[1] };
  m = /^(move|attack):(\d+,\d+)>(\d+,\d+)/.exec(o.id);
  if (m) return { option: o, kind: m[1], from: m[2], to: m[3] };
  m = /^ability:(\d+,\d+):\d+(?:>(\d+,\d+))?$/.exec(o.id);
  if (m) return { option: o, kind: "ability", from: m[1], to: m[2] };
  return null;
}

// Nets drawn by `turn:` option labels, kept for the placement step after them.
const netsSeen = new Map<string, Cell[]>();
// The square the mouse is on, so the preview follows a turned net.
let hovered: string | null = null;

export const ddmBoard: Board = (ctx) => {
  const v = ctx.view;
  const players: any[] = v.players || [];
  for (const o of ctx.options) {
    const m = /^turn:([A-Za-z]+\d+)$/.exec(o.id);
    const cells = m && netFromLabel(o.label);
    if (m && cells) netsSeen.set(m[1], cells);
  }
  const actions = ctx.options.map(squareAction).filter((a): a is SquareAction => a !== null);
  const sources = new Set(actions.filter((a) => a.from).map((a) => a.from!));
  let selected: string | null = null;

  const root = h("div.board.ddm");
  const grid = h("div.field", { role: "grid", "aria-label": "field" });
  const info = h("div.piece-info");
  const byKey = new Map<string, HTMLElement>();

  const dungeon: string[] = v.dungeon || [];
  const pieceAt = new Map<string, any>();
  for (const p of v.field || []) pieceAt.set(p.square, p);
  const masterAt = new Map<string, number>();
  players.forEach((p, s) => p.master?.square && masterAt.set(p.master.square, s));
  const crust = new Set<string>((v.crust || []).map((c: any) => (typeof c === "string" ? c : c.square)));

  // Seat 0 sits at row 0: its board is turned half round so that, like seat
  // 1's, its own master is at the bottom. Squares keep their names.
  const turned = ctx.me === 0;
  for (let i = 0; i < ROWS; i++)
    for (let j = 0; j < COLS; j++) {
      const r = turned ? ROWS - 1 - i : i;
      const c = turned ? COLS - 1 - j : j;
      const key = `${c},${r}`;
      if (j === 0) grid.append(h("span.row-head", String(r)));
      const d = dungeon[r]?.[c] ?? ".";
      const p = pieceAt.get(key);
      const ms = masterAt.get(key);
      const cell = h("div.sq", { "data-sq": key, title: key, class: [d !== "." ? `d${d}` : "", crust.has(key) ? "crust" : ""].join(" ") });
      if (ms !== undefined) {
        const dmg = players[ms].master?.damage ?? 0;
        cell.classList.add("master", `o${ms}`);
        cell.append(h("span.piece", `@${ms}`), dmg ? h("span.dmg", String(dmg)) : "");
        cell.title = `${key}: ${ctx.name(ms)}'s dungeon master (${dmg} damage)`;
      } else if (p) {
        // An item the viewer may not see has no id: a face-down "?". Its
        // owner sees which item it is, still marked face down.
        const item = p.kind === "item";
        const name = pieceName(p);
        cell.classList.add("has-piece", `o${p.owner}`, item ? "item" : "monster");
        if (item && !p.revealed) cell.classList.add("face-down");
        if (p.owner === ctx.me) cell.classList.add("mine");
        cell.append(h("span.piece", item && !p.id ? "?" : initials(name) + (item ? "" : p.level ?? "")));
        if (!item && p.hp) cell.append(h("span.hpbar", { style: { width: `${Math.max(0, 100 - (100 * (p.damage || 0)) / p.hp)}%` } }));
        cell.title = `${key}: ${pieceText(p, name, ctx)}`;
      } else if (crust.has(key)) cell.append(h("span.piece", "#"));
      if (v.last_attack?.target === key && v.last_attack.damage && !v.battle)
        cell.append(h("span.hit", { title: "the last attack's damage" }, `-${v.last_attack.damage}`));
      byKey.set(key, cell);
      grid.append(cell);
    }

  const mark = () => {
    for (const el of byKey.values()) el.classList.remove("src", "selected", "to-place", "to-move", "to-attack", "to-ability");
    if (selected) {
      byKey.get(selected)?.classList.add("selected");
      for (const a of actions) if (a.from === selected && a.to) byKey.get(a.to)?.classList.add(`to-${a.kind}`);
    } else {
      for (const s of sources) byKey.get(s)?.classList.add("src");
      for (const a of actions) if (a.kind === "place" && a.to) byKey.get(a.to)?.classList.add("to-place");
    }
  };

  // On a touch screen (no hover) the first tap on a placement square shows
  // its net, the second places it.
  const touch = typeof matchMedia === "function" && matchMedia("(hover: none)").matches;
  let previewed: string | null = null;
  const preview = (key: string | null) => {
    previewed = key;
    for (const el of Array.from(grid.querySelectorAll(".net, .net-m"))) el.classList.remove("net", "net-m", "net-bad");
    if (!key) return;
    const a = actions.find((x) => x.kind === "place" && x.to === key);
    const name = a?.net || (v.placing?.shape && v.placing?.turn != null ? `${v.placing.shape}${v.placing.turn}` : "");
    // Where the chosen turn does not fit, its net is drawn as not fitting,
    // so turning it under the pointer still shows the new turn.
    if (!name || (!a && !actions.some((x) => x.kind === "place"))) return;
    const cells = netsSeen.get(name) || net(name);
    if (!cells) return;
    const [c0, r0] = key.split(",").map(Number);
    for (const [dc, dr] of cells) {
      const el = byKey.get(`${c0 + dc},${r0 + dr}`);
      el?.classList.add(dc === 0 && dr === 0 ? "net-m" : "net");
      if (!a) el?.classList.add("net-bad");
    }
  };

  const click = (key: string) => {
    const p = pieceAt.get(key);
    if (p) info.replaceChildren(h("strong", pieceName(p)), h("p", pieceText(p, pieceName(p), ctx)));
    const place = actions.filter((a) => a.kind === "place" && a.to === key);
    if (!selected && place.length) {
      if (touch && previewed !== key) return void preview(key);
      return choose(place, key);
    }
    if (selected) {
      const fits = actions.filter((a) => a.from === selected && a.to === key);
      if (fits.length) return choose(fits, `${selected}>${key}`);
      if (key === selected) {
        selected = null;
        ctx.filter("");
        return mark();
      }
    }
    if (sources.has(key)) {
      selected = key;
      ctx.filter(`:${key}`);
      return mark();
    }
  };
  const choose = (fits: SquareAction[], filterText: string) => {
    if (fits.length === 1) ctx.act(fits[0].option.id);
    else ctx.filter(filterText);
  };

  grid.addEventListener("click", (e) => {
    const el = (e.target as HTMLElement).closest("[data-sq]") as HTMLElement | null;
    if (el) click(el.dataset.sq!);
  });
  // Pointing with a mouse previews; a touch is handled by `click` (two taps).
  grid.addEventListener("pointerover", (e) => {
    if (e.pointerType !== "mouse") return;
    const el = (e.target as HTMLElement).closest("[data-sq]") as HTMLElement | null;
    hovered = el ? el.dataset.sq! : null;
    preview(hovered);
  });
  grid.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "mouse") return;
    hovered = null;
    preview(null);
  });
  mark();
  if (hovered && !touch) preview(hovered);

  const placing = actions.some((a) => a.kind === "place");
  const typed = placing
    ? h("form.typed", { onsubmit: (e: Event) => {
        e.preventDefault();
        const input = (e.target as HTMLFormElement).querySelector("input") as HTMLInputElement;
        const key = input.value.replace(/\s/g, "");
        const fits = actions.filter((a) => a.kind === "place" && a.to === key);
        if (fits.length) choose(fits, key);
        else input.setCustomValidity("no placement there"), input.reportValidity();
      } }, h("label", "Square ", h("input", { name: "square", placeholder: "6,2", size: 5, oninput: (e: Event) => (e.target as HTMLInputElement).setCustomValidity("") })), h("button", { type: "submit" }, "Place"))
    : null;

  const status = h("div.status-line",
    h("span", `Round ${v.round ?? "?"}/${v.turn_limit ?? "?"}`),
    v.turn_player !== undefined ? h("span", `${ctx.name(v.turn_player)}'s turn`) : null,
    h("span", `phase: ${v.phase ?? "?"}`),
    v.placing?.shape ? h("span.tag", `placing net ${v.placing.shape}${v.placing.turn ?? ""}`) : null,
    v.summon_levels?.length ? h("span.tag", `summon level ${v.summon_levels.join("/")}`) : null,
    v.winner !== null && v.winner !== undefined ? h("strong", `winner: ${ctx.name(v.winner)}`) : null,
    v.phase === "over" && v.winner === null ? h("strong", "a draw") : null);

  const me = ctx.me >= 0 ? ctx.me : 0;
  const nameAt = (sq: string) => (pieceAt.get(sq) ? pieceName(pieceAt.get(sq)) : "?");
  root.append(status,
    tieBreakBox(ctx, v) || "",
    playerPanel(ctx, players[1 - me], 1 - me),
    h("div.field-wrap", colHeads(turned), grid),
    turnControls(ctx, root, turned) || "",
    placing ? h("p.muted.hint", touch ? "Tap a marked square to see the net there, tap it again to place." : "Point at a marked square to see the net there, click to place.") : "",
    typed || "", info,
    h("div.news", battleLine(ctx, v, nameAt) || "", lastAttackLine(ctx, v) || ""),
    playerPanel(ctx, players[me], me),
    v.chain?.length ? h("details.chain", { open: true }, h("summary", `chain (${v.chain.length})`), value(v.chain, 1)) : "");
  followPlan(ctx);
  return root;
};

function colHeads(turned: boolean): HTMLElement {
  return h("div.col-heads", h("span"), Array.from({ length: COLS }, (_, c) => h("span", String(turned ? COLS - 1 - c : c))));
}

function initials(name: string): string {
  const w = name.split(/\s+/).filter(Boolean);
  return (w.length > 1 ? w[0][0] + w[1][0] : name.slice(0, 2)).toUpperCase();
}

/** A piece's name as this viewer may know it. */
function pieceName(p: any): string {
  if (p.name) return p.name;
  if (!p.id) return "face-down item";
  return ddmPiece(p.id)?.name || p.id;
}

function pieceText(p: any, name: string, ctx: BoardCtx): string {
  const whose = ctx.me === p.owner ? "yours" : ctx.name(p.owner) + "'s";
  if (p.kind === "item") {
    const how = p.revealed ? "revealed" : p.owner === ctx.me ? "face down: your opponent does not know it" : "face down";
    return `${name} (item, ${whose}, ${how})${p.id ? " " + (ddmPiece(p.id)?.text || "") : ""}`;
  }
  const def = p.id ? ddmPiece(p.id) : undefined;
  const abil = (def?.abilities || []).map((a) => a.text).join(" ");
  return `${name} L${p.level} (${whose}) ATK ${p.atk} DEF ${p.def} HP ${p.hp - (p.damage || 0)}/${p.hp}` +
    `${p.keywords?.length ? " " + p.keywords.join(", ") : ""}${p.moved ? " · moved" : ""}${abil ? " — " + abil : ""}`;
}

function playerPanel(ctx: BoardCtx, p: any, seat: number): HTMLElement {
  if (!p) return h("div");
  const crests = p.crests || {};
  return h("section.player", { class: [seat === ctx.me ? "own" : "other", `o${seat}`].join(" "), "data-seat": seat },
    h("div.player-head",
      h("span.owner-dot", { class: `o${seat}` }),
      h("strong", ctx.name(seat)),
      h("span", `master damage ${p.master?.damage ?? 0}`),
      h("span.muted", `dungeon ${p.dungeon_squares ?? "?"} · monsters ${p.monsters_on_field ?? "?"} · reserve ${p.reserve_size ?? "?"}`)),
    h("div.crests", CRESTS.map((k) => h("span.crest", { class: k, title: k }, `${CREST_MARK[k]} ${crests[k] ?? 0}`))),
    dicePanel(ctx, p, seat),
    p.reserve ? h("div.reserve", h("small", "reserve"), (p.reserve as string[]).map((id) => {
      const d = ddmPiece(id);
      const opt = ctx.options.find((o) => o.id === `summon:${id}`);
      return h("button.chip", { disabled: !opt, class: opt ? "can" : "", title: d?.text || id, onclick: opt ? () => ctx.act(opt.id) : undefined },
        `${d?.name || id}${d?.level ? " L" + d.level : ""}`);
    })) : null,
    (p.gone || []).length ? h("div.gone", h("small", "gone"), (p.gone as string[]).map((id) => ddmPiece(id)?.name || id).join(", ")) : null);
}
