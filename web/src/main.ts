// The client's routes (location.hash): #/ lobby, #/t/ID a table (seated by a
// kept token, else watching), #/t/ID/join/SEAT joining a seat,
// #/t/ID/claim/CODE taking one's seat up on this device, #/players/NAME
// a player's past games, #/replay/ID a finished game step by step,
// #/decks/GAME[/NAME] the deck builder (a saved deck opened by name).
import { connection } from "./net";
import { fmtTime } from "./dom";
import { lobbyPage } from "./pages/lobby";
import { tablePage } from "./pages/table";
import { joinPage } from "./pages/join";
import { claimPage, clearNotice, watchNotices } from "./pages/claim";
import { playersPage } from "./pages/players";
import { replayPage } from "./pages/replay";
import { builderPage } from "./pages/builder";
import { playerName } from "./store";

/** A page: draws into `root`, returns a function that stops it. */
export type Page = (root: HTMLElement) => (() => void) | void;

let stop: (() => void) | void;

function route(): void {
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const root = document.getElementById("app")!;
  stop?.();
  root.replaceChildren();
  clearNotice();
  const c = connection();
  c.onopen = null;
  c.onupdate = null;
  let page: Page;
  if (parts[0] === "t" && parts[1] && parts[2] === "join" && parts[3] !== undefined)
    page = joinPage(parts[1], Number(parts[3]));
  else if (parts[0] === "t" && parts[1] && parts[2] === "claim" && parts[3]) page = claimPage(parts[1], parts[3]);
  else if (parts[0] === "t" && parts[1]) page = tablePage(parts[1]);
  else if (parts[0] === "players") page = playersPage(parts[1] || "");
  else if (parts[0] === "replay" && parts[1]) page = replayPage(parts[1], parts[2]);
  else if (parts[0] === "decks") page = builderPage(parts[1] || "", parts[2] || "");
  else page = lobbyPage();
  const nav = document.getElementById("nav-games") as HTMLAnchorElement | null;
  if (nav) nav.href = `#/players/${encodeURIComponent(playerName())}`;
  stop = page(root);
  window.scrollTo(0, 0);
}

function showConnection(): void {
  const el = document.getElementById("conn")!;
  let ticker: number | undefined;
  connection().onstate = (s, retry) => {
    clearInterval(ticker);
    el.dataset.state = s;
    if (s === "open") el.textContent = "online";
    else if (s === "connecting") el.textContent = "connecting…";
    else {
      const until = Date.now() + retry;
      const show = () => (el.textContent = `reconnecting… ${fmtTime(until - Date.now())}`);
      show();
      ticker = window.setInterval(show, 500);
    }
  };
}

window.addEventListener("hashchange", route);
window.addEventListener("DOMContentLoaded", () => {
  showConnection();
  watchNotices(route);
  route();
});
