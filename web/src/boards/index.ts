// Each game's board and the facts its seat strips show; a game without a
// board of its own gets the generic view.
import type { GameUi } from "./board";
import { suikodenBoard } from "./suikoden";
import { ddmBoard } from "./ddm";
import { genericBoard } from "./generic";
import { lastChronicleBoard } from "./lastchronicle";
import { Acts } from "./lastchronicle_acts";
import { lastChronicleConfirm, lastChronicleFacts, lastChroniclePromptSource } from "./lastchronicle_facts";
import { suikodenFacts, ddmFacts } from "./facts";
import { magicBoard } from "./magic";
import { magicFacts, magicTeams, magicConfirm, magicPromptSource, magicSeatOptions } from "./magic_facts";

const uis: Record<string, GameUi> = {
  suikoden: { board: suikodenBoard, facts: suikodenFacts },
  ddm: { board: ddmBoard, facts: ddmFacts },
  lastchronicle: {
    board: lastChronicleBoard, facts: lastChronicleFacts,
    confirm: lastChronicleConfirm, promptSource: lastChroniclePromptSource,
    seatOptions: (ctx, seat) => new Acts(ctx).seat(seat),
  },
  magic: {
    board: magicBoard, facts: magicFacts, teams: magicTeams, confirm: magicConfirm, promptSource: magicPromptSource,
    seatOptions: magicSeatOptions,
  },
};

export function uiFor(game: string): GameUi {
  return uis[game] || { board: genericBoard };
}
