// Card texts and dice faces from the project's card data (data/), bundled at
// build time: the view names cards by id with a short label; the full text of
// a card and the faces of a die come from here. The view stays the authority
// on what is where.
import suikoden from "../../data/suikoden/cards.json";
import ddm from "../../data/ddm/pool.json";

export interface SuikodenCard {
  id: string;
  name: string;
  type: string;
  text?: string;
  class?: string;
}
const sCards = new Map<string, SuikodenCard>();
for (const c of (suikoden as any).cards as SuikodenCard[]) sCards.set(c.id, c);
export function suikodenCard(id: string): SuikodenCard | undefined {
  return sCards.get(id);
}

export interface DdmPiece {
  id: string;
  name: string;
  level?: number;
  type?: string;
  hp?: number;
  atk?: number;
  def?: number;
  text?: string;
  abilities?: { text: string }[];
}
const pieces = new Map<string, DdmPiece>();
for (const m of ((ddm as any).monsters || []) as DdmPiece[]) pieces.set(m.id, m);
for (const m of ((ddm as any).items || []) as DdmPiece[]) pieces.set(m.id, m);
export function ddmPiece(id: string): DdmPiece | undefined {
  return pieces.get(id);
}
const dice = new Map<string, string[]>();
for (const d of ((ddm as any).dice || []) as { id: string; faces: string[] }[]) dice.set(d.id, d.faces);
export function dieFaces(id: string): string[] | undefined {
  return dice.get(id);
}
export const ddmShapes: Record<string, string[]> = (ddm as any).shapes || {};
