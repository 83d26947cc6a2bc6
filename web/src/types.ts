// The JSON shapes of docs/server.md and docs/protocol.md that the client reads.
export interface Option {
  id: string;
  label: string;
}
export interface Pending {
  seat: number;
  prompt?: string;
  options?: Option[];
}
export interface SeatInfo {
  seat: number;
  kind: string; // "human" or an agent name
  name: string;
  taken: boolean;
  connected: boolean;
  in_game: boolean;
}
export interface Timer {
  mode: "none" | "move" | "clock";
  seconds?: number;
  increment?: number;
}
export interface TableSummary {
  table: string;
  game: string;
  title: string;
  variant: string;
  status: "waiting" | "playing" | "over";
  decisions: number;
  created_ms: number;
  timer?: Timer;
  seats: SeatInfo[];
  /** "fixed": the creator chose the seed (practice); "secret": the server drew it. */
  seed?: "fixed" | "secret";
  seed_commitment?: string;
}
export interface LogLine {
  index: number;
  seat: number;
  text: string;
}
export interface Result {
  place: number;
  result: string;
}
export interface Clock {
  mode: "none" | "move" | "clock";
  deadline_ms?: number;
  seconds?: number;
  increment?: number;
  remaining_ms?: number[];
  running?: boolean[];
}
export interface Update {
  type: "update";
  table: string;
  as: number;
  seq: number;
  status: string;
  view: any;
  pending: Pending[];
  log: LogLine[];
  last?: { seat: number; option: string; seq: number } | null;
  terminal: boolean;
  results: Result[];
  seats: SeatInfo[];
  clock?: Clock | null;
  title: string;
  game: string;
  seed?: "fixed" | "secret";
  seed_commitment?: string;
  /** With patches: this view's version (docs/server.md "update (pushed)"). */
  version?: number;
}
export interface GameOption {
  key: string;
  default: string;
  description: string;
  allowed: string[];
  // A numeric option's range (the server refuses values outside it).
  min?: number;
  max?: number;
}
export interface GameInfo {
  name: string;
  title?: string;
  summary?: string;
  min_seats?: number;
  max_seats?: number;
  variants?: { name: string; description: string; settings: Record<string, string>; seats?: number }[];
  options?: GameOption[];
  starter_decks?: string[];
  agents?: string[];
  broken?: boolean;
  error?: string;
}
