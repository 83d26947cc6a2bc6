// Joining a seat: the player's name (kept in localStorage), then `join`; the
// seat token is kept per table and the table page resumes with it.
import { h, clear } from "../dom";
import { connection, whenOpen } from "../net";
import { playerName, saveSeatToken, seatToken, setPlayerName } from "../store";

export function joinPage(table: string, seat: number) {
  return (root: HTMLElement) => {
    if (seatToken(table)) {
      location.replace(`#/t/${table}`);
      return;
    }
    const c = connection();
    const name = h("input", { name: "name", value: playerName(), maxlength: 32, required: true, placeholder: "your name", autocomplete: "nickname" }) as HTMLInputElement;
    const msg = h("div");
    const info = h("p.muted", `Table ${table}, seat ${seat}`);
    const go = h("button.primary", { type: "submit" }, "Join") as HTMLButtonElement;
    const form = h("form.card.join", { onsubmit: async (e: Event) => {
      e.preventDefault();
      const n = name.value.trim();
      if (!n) return;
      go.disabled = true;
      try {
        await whenOpen(c);
        const r = await c.request("join", { table, seat, name: n });
        setPlayerName(n);
        saveSeatToken(table, { seat: r.seat ?? seat, token: r.token, game: summary?.game, title: summary?.title });
        location.hash = `#/t/${table}`;
      } catch (err: any) {
        clear(msg, h("p.error", err.message || String(err)), h("a.button", { href: `#/t/${table}` }, "Watch instead"));
        go.disabled = false;
      }
    } }, h("h2", "Join a table"), info, h("label", "Your name ", name), go, msg);
    root.append(form);
    name.focus();
    let summary: { game: string; title: string } | undefined;
    whenOpen(c).then(() => c.request("tables")).then((r) => {
      const t = (r.tables as any[]).find((x) => x.table === table);
      if (!t) return;
      summary = t;
      const s = t.seats.find((x: any) => x.seat === seat);
      clear(info, `${t.title} (${t.variant}), seat ${seat}`, s && s.taken ? h("strong.error", " — already taken") : null);
    }).catch(() => {});
  };
}
