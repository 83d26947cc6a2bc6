// The dungeon piece nets of Dungeon Dice Monsters in every turn, numbered as
// the engine numbers them (src/games/ddm/pool.cpp parse_shape: mirror 0 then
// 1, each rotated 0-3 quarter turns, a repeat of an earlier one skipped), so
// `place:T2:6,3` can be previewed as the six squares it covers.
import { ddmShapes } from "../data";

export type Cell = [number, number]; // [col, row] from the monster square

const cache = new Map<string, Cell[][]>();
// Per shape, the turn each (mirror, quarter turns) lands on: poses[mirror][rot].
const poseCache = new Map<string, number[][]>();

export function turnsOf(shape: string): Cell[][] {
  if (cache.has(shape)) return cache.get(shape)!;
  const rows = ddmShapes[shape];
  const turns: Cell[][] = [];
  const poses: number[][] = [[], []];
  const index = new Map<string, number>();
  if (rows) {
    const cells: Cell[] = [];
    let m: Cell = [0, 0];
    rows.forEach((line, r) => [...line].forEach((ch, c) => {
      if (ch === "#" || ch === "M") cells.push([c, r]);
      if (ch === "M") m = [c, r];
    }));
    for (let mirror = 0; mirror < 2; mirror++)
      for (let rot = 0; rot < 4; rot++) {
        const o: Cell[] = cells.map(([c, r]) => {
          let x = c - m[0], y = r - m[1];
          if (mirror) x = -x;
          for (let k = 0; k < rot; k++) [x, y] = [-y, x];
          return [x, y];
        });
        const key = o.map(([x, y]) => `${x},${y}`).sort().join(" ");
        if (!index.has(key)) {
          index.set(key, turns.length);
          turns.push(o);
        }
        poses[mirror][rot] = index.get(key)!;
      }
  }
  cache.set(shape, turns);
  poseCache.set(shape, poses);
  return turns;
}

/**
 * The turns of `shape` to try after `turn` when the player rotates it a
 * quarter turn clockwise (on the screen: rows grow downwards) or mirrors it,
 * nearest first: a turn that fits nowhere is not offered, so the next one is
 * tried. `turn` itself is never in the list.
 */
export function turnsAfter(shape: string, turn: number, how: "rotate" | "mirror"): number[] {
  turnsOf(shape);
  const poses = poseCache.get(shape);
  if (!poses) return [];
  let mirror = 0, rot = poses[0].indexOf(turn);
  if (rot < 0) [mirror, rot] = [1, poses[1].indexOf(turn)];
  if (rot < 0) return [];
  // Mirrored left to right, a net turned r quarter turns is the mirror image
  // turned -r quarter turns.
  const order: number[] = [];
  const [m, r] = how === "rotate" ? [mirror, rot + 1] : [1 - mirror, 4 - rot];
  for (let k = 0; k < 4; k++) order.push(poses[m][(r + k) % 4]);
  if (how === "mirror") for (let k = 1; k < 4; k++) order.push(poses[mirror][(rot + k) % 4]);
  return order.filter((t, i) => t !== turn && order.indexOf(t) === i);
}

/** The net named like "T2" (shape letters, then the turn number). */
export function net(name: string): Cell[] | undefined {
  const m = /^([A-Za-z]+)(\d+)$/.exec(name);
  return m ? turnsOf(m[1])[Number(m[2])] : undefined;
}

/** A net drawn from an option label ("Turn T1\n...#\n##M#") when it has one. */
export function netFromLabel(label: string): Cell[] | undefined {
  const lines = label.split("\n").slice(1);
  const cells: Cell[] = [];
  let mc = -1, mr = -1;
  lines.forEach((line, r) => [...line].forEach((ch, c) => {
    if (ch === "#" || ch === "M") cells.push([c, r]);
    if (ch === "M") [mc, mr] = [c, r];
  }));
  if (mc < 0 || cells.length !== 6) return undefined;
  return cells.map(([c, r]) => [c - mc, r - mr]);
}
