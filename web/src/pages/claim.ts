// A seat taken up on another device by its owner (docs/server.md "claim"):
// this browser asks for a claim link (`claim_code`) and shows it; the other
// device opens #/t/ID/claim/CODE and gets the seat (`claim`). The old device
// loses it: the server tells it (`seat_moved`) and it forgets the token.
import { h, clear } from "../dom";
import { connection, whenOpen } from "../net";
import { forgetSeatToken, saveSeatToken, seatToken } from "../store";
import { copyLink } from "./create";

/** A button that makes a claim link for this browser's seat at `table` and shows it below. */
export function moveSeatButton(table: string): HTMLElement {
  const out = h("div.claim-link");
  const go = h("button.small", { type: "button", name: "move-seat" }, "Move to another device") as HTMLButtonElement;
  go.onclick = async () => {
    const t = seatToken(table);
    if (!t) return;
    go.disabled = true;
    try {
      const c = connection();
      await whenOpen(c);
      const r = await c.request("claim_code", { table, token: t.token });
      const input = h("input.link", { value: location.origin + r.path, readonly: true, name: "claim-link",
        onfocus: (e: Event) => (e.target as HTMLInputElement).select() }) as HTMLInputElement;
      clear(out,
        h("p.muted", `Open this link on your other device within ${Math.round(r.expires_in / 60)} minutes: the seat moves there and this browser only watches.`),
        h("div.row", input, h("button", { type: "button", onclick: () => copyLink(input) }, "Copy")));
    } catch (e: any) {
      clear(out, h("p.error", e.message || String(e)));
    } finally {
      go.disabled = false;
    }
  };
  return h("div.move-seat", go, out);
}

/** #/t/ID/claim/CODE: takes the seat on this device, then opens the table. */
export function claimPage(table: string, code: string) {
  return (root: HTMLElement) => {
    const box = h("section.card.claim", h("h2", "Taking your seat on this device"), h("p.muted", `Table ${table}…`));
    root.append(box);
    (async () => {
      const c = connection();
      await whenOpen(c);
      const r = await c.request("claim", { table, code });
      let game: string | undefined, title: string | undefined;
      try {
        const t = ((await c.request("tables")).tables as any[]).find((x) => x.table === table);
        game = t?.game;
        title = t?.title;
      } catch {}
      saveSeatToken(table, { seat: r.seat, token: r.token, game, title });
      location.replace(`#/t/${table}`);
    })().catch((e: any) => clear(box, h("h2", "This seat could not be moved here"), h("p.error", e.message || String(e)),
      h("a.button", { href: `#/t/${table}` }, "Watch the table")));
  };
}

/** Messages the server pushes outside a page's updates: a seat that moved away, a table closed.
 * `redraw` draws the current page again: a table page that lost its seat then watches. */
export function watchNotices(redraw: () => void): void {
  connection().onnotice = (msg) => {
    const table = msg.table || "";
    // For the table page: `tabletop:seat-moved` / `tabletop:closed` with {table, seat, reason}.
    window.dispatchEvent(new CustomEvent(`tabletop:${msg.type.replace("_", "-")}`, { detail: msg }));
    if (msg.type === "seat_moved") {
      if (seatToken(table)?.seat === msg.seat) forgetSeatToken(table);
      if (location.hash === `#/t/${table}`) redraw();
      banner(`Your seat at table ${table} moved to another device; this page only watches now.`, "seat-moved");
    } else if (msg.type === "closed") {
      forgetSeatToken(table);
      if (location.hash === `#/t/${table}`) redraw();
      banner(`Table ${table} closed: ${msg.reason || "it ended"}.`, "closed");
    }
  };
}

function banner(text: string, kind: string): void {
  document.getElementById("global-notice")?.remove();
  const el = h("div.global-notice", { id: "global-notice", role: "status", "data-kind": kind },
    h("span", text), h("button.small", { type: "button", onclick: () => el.remove() }, "OK"));
  document.getElementById("top")?.after(el);
}

/** Called on every route change: a notice belongs to the page it came on. */
export function clearNotice(): void {
  document.getElementById("global-notice")?.remove();
}
