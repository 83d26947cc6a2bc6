// One strip per seat, laid around the table from the viewer's seat: the
// others in turn order from the viewer's left along the top, the viewer at
// the bottom (a spectator sees seat order). Each strip: name, you / teammate
// / opponent, team, life or VP (a shared team life once, on the team's
// first strip), counts, whose turn and phase, who must decide now, left or
// eliminated with its place, connection and clock.
import { h } from "../dom";
import type { GameUi, SeatFacts } from "../boards/board";
import type { Option, SeatInfo } from "../types";
import { personName, relation, type People } from "./names";

export interface StripInput {
  ui: GameUi;
  view: any;
  people: People;
  /** Seats that must decide now. */
  deciding: Set<number>;
  /** Each seat's result once the game is over (place, result). */
  results?: { place: number; result: string }[];
  clockText(seat: number): string;
  /** Clicking a strip (choosing a player as a target). */
  onSeat?(seat: number): void;
  /** The viewer's options that name each seat's player now (clickable strips). */
  canPick?: Map<number, Option[]>;
  table: string;
}

/** Seats in the order drawn: the others from the viewer's left, then the viewer. */
export function aroundTable(n: number, me: number): number[] {
  if (me < 0 || me >= n) return Array.from({ length: n }, (_, i) => i);
  return [...Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n), me];
}

function factsOf(x: StripInput, seat: number): SeatFacts {
  try {
    return x.ui.facts?.(x.view, seat) || {};
  } catch {
    return {};
  }
}

export function seatStrips(x: StripInput): { others: HTMLElement; mine: HTMLElement | null } {
  const n = x.people.seats.length || (x.view?.players?.length ?? 0);
  const order = aroundTable(n, x.people.me);
  const shownTeamLife = new Set<number>();
  const strip = (seat: number) => {
    const s: SeatInfo | undefined = x.people.seats.find((q) => q.seat === seat);
    const f = factsOf(x, seat);
    const rel = relation(x.people, seat);
    const team = x.people.teams?.[seat];
    // A life the team shares is shown once, on the team's first strip drawn.
    let score = f.score;
    if (score && f.shared && team !== undefined) {
      if (shownTeamLife.has(team)) score = undefined;
      shownTeamLife.add(team);
    }
    const result = x.results?.[seat];
    const out = f.out || (s && !s.in_game && !result ? "left" : "");
    const clock = x.clockText(seat);
    const flags: string[] = [];
    if (s?.kind === "human" && s.taken && !s.connected) flags.push("offline");
    const fits = x.canPick?.get(seat) || [];
    const can = fits.length > 0;
    return h("section.strip", {
        class: [rel, x.deciding.has(seat) ? "deciding" : "", f.turn ? "turn" : "", out ? "out" : "", can ? "can" : ""].join(" "),
        "data-seat": seat, "data-rel": rel, role: can ? "button" : undefined, tabindex: can ? 0 : undefined,
        "data-fits": can ? fits.map((o) => o.id).join(" ") : undefined,
        onclick: can && x.onSeat ? () => x.onSeat!(seat) : undefined,
      },
      h("div.strip-head",
        h("span.dot", { class: s && (s.kind !== "human" || s.connected) ? "on" : "", title: s?.connected ? "connected" : "not connected" }),
        h("strong.strip-name", personName(x.people, seat)),
        rel !== "player" ? h("span.rel", rel) : null,
        team !== undefined ? h("span.team", { "data-team": team }, `team ${String.fromCharCode(65 + team)}`) : null,
        score ? h("span.score", { title: f.shared ? `${score[0]} (the team's, shared)` : score[0] },
          h("small", f.shared ? `team ${score[0]}` : score[0]), h("b", String(score[1]))) : null),
      h("div.strip-body",
        (f.counts || []).map(([k, v]) => h("span.count", { "data-count": k }, h("small", k), String(v))),
        f.turn ? h("span.turn-tag", f.phase ? `turn · ${f.phase}` : "turn") : null,
        x.deciding.has(seat) ? h("span.deciding-tag", "deciding") : null,
        (f.badges || []).map((b) => h("span.badge", b)),
        out ? h("span.out-tag", f.place ? `${out} · place ${f.place}` : out) : null,
        result ? h("span.result-tag", { class: "r-" + result.result }, `${ordinal(result.place)} · ${result.result}`) : null,
        flags.map((fl) => h("small.flag", fl)),
        clock ? h("span.clock", { "data-clock-seat": seat }, clock) : null,
        s?.kind === "human" && !s.taken && x.people.me < 0
          ? h("a.button.small", { href: `#/t/${x.table}/join/${seat}`, onclick: (e: Event) => e.stopPropagation() }, "Take seat") : null));
  };
  const me = x.people.me;
  const others = order.filter((s) => s !== me || me < 0);
  return {
    others: h("div.strips", { class: others.length > 4 ? "many" : "" }, others.map(strip)),
    mine: me >= 0 && me < n ? h("div.strips.mine", strip(me)) : null,
  };
}

export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th";
  return `${n}${s}`;
}
