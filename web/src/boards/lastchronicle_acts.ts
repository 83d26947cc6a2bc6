// Last Chronicle Infinity: which of the seat's options a board element is
// about (src/games/lastchronicle/describe.cpp writes the ids: `place:hex-bolt`,
// `use:ward-of-the-bastion:x2`, `activate:coral-archivist:0`, `unit:gloam-sentinel@2`,
// `pay-token:bear-token:0`, `attack-seat:3`...). A card another seat owns is
// written `id@seat`. Every element drawn claims the options it fits; the
// options no element claims go to the board's button bar, so each option is
// reachable by a click on the board.
import type { Option } from "../types";
import { pick, type BoardCtx } from "./board";

/** An option id's parts: "use:hex-bolt:x2" → verb "use", card "hex-bolt", rest ["x2"]. */
export function parts(id: string): { verb: string; card: string; rest: string[] } {
  const [verb, card = "", ...rest] = id.split(":");
  return { verb, card, rest };
}

/** Options about no card, unit or player: buttons on the board. */
const BAR_VERBS = new Set(["pass", "combat", "end-combat", "no-block", "keep", "cancel", "done", "yes", "no"]);

/** The reference an option of `me` uses for a card owned by `owner`. */
export function refOf(card: string, owner: number, me: number): string {
  return owner === me ? card : `${card}@${owner}`;
}

export class Acts {
  private claimed = new Set<string>();

  constructor(private ctx: BoardCtx) {}

  private where(test: (p: ReturnType<typeof parts>, o: Option) => boolean): Option[] {
    return this.ctx.options.filter((o) => test(parts(o.id), o));
  }

  /** A card in the own hand: placed, used (with each X), discarded, put back at the mulligan. */
  hand(card: string): Option[] {
    return this.where((p) => ["place", "use", "discard", "return"].includes(p.verb) && p.card === card);
  }

  /** The own leader in its leader area: placed from there. */
  leader(card: string): Option[] {
    return this.where((p) => p.verb === "place" && p.card === card);
  }

  /** A unit on a battlefield: its abilities, attacking or blocking with it, choosing it. */
  unit(ref: string): Option[] {
    return this.where((p) => ["activate", "attack", "block", "unit"].includes(p.verb) && p.card === ref);
  }

  /** A card in the own CA yard: paying with it. */
  ca(card: string): Option[] {
    return this.where((p) => p.verb === "pay" && p.card === card);
  }

  /** The own CA token at index `i` of the view's `tokens`. */
  token(i: number): Option[] {
    return this.where((p) => p.verb === "pay-token" && p.rest[0] === String(i));
  }

  /** The own chronoglyph: a chrono check, the set-up's shed, setting a card as ride. */
  glyph(): Option[] {
    return this.where((p) => p.verb === "check" || p.verb === "shed" || p.verb === "yes");
  }

  /** A card the seat may set aside at set-up to set as shed (drawn from the options: it is in the deck). */
  shedCandidates(): string[] {
    return this.where((p) => p.verb === "shed" && p.card !== "none").map((o) => parts(o.id).card);
  }

  /** A player: naming it to attack, or as "an opponent" of an effect. */
  seat(s: number): Option[] {
    return this.where((p) => (p.verb === "attack-seat" || p.verb === "opponent") && p.card === String(s));
  }

  /** The option with exactly this id (a shed candidate). */
  exact(id: string): Option[] {
    return this.ctx.options.filter((o) => o.id === id);
  }

  /** A waiting ability: resolving it first. */
  trigger(ref: string, ability: number): Option[] {
    return this.where((p) => p.verb === "order" && p.card === ref && p.rest[0] === String(ability));
  }

  /** The buttons: options about no element, and any option no element claimed. */
  bar(): { option: Option; placed: boolean }[] {
    return this.ctx.options
      .filter((o) => BAR_VERBS.has(o.id) || o.id === "shed:none" || !this.claimed.has(o.id))
      .map((o) => ({ option: o, placed: BAR_VERBS.has(o.id) || o.id === "shed:none" }));
  }

  /** Makes `el` a board element for `fits`: marked, clickable, claiming them.
   * One fitting option is taken (asking first when it cannot be undone),
   * several narrow the option list to them under `heading`. */
  clickable(el: HTMLElement, fits: Option[], heading: string): HTMLElement {
    if (!fits.length) return el;
    for (const o of fits) this.claimed.add(o.id);
    el.classList.add("can");
    el.dataset.fits = fits.map((o) => o.id).join(" ");
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    const go = (e: Event) => {
      e.stopPropagation();
      pick(this.ctx, "", heading, fits);
    };
    el.addEventListener("click", go);
    el.addEventListener("keydown", (e: KeyboardEvent) => {
      if (e.target === el && (e.key === "Enter" || e.key === " ")) go(e);
    });
    return el;
  }
}
