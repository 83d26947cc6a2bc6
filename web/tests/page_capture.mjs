// What a table page shows after each update it draws, kept small: the card
// ids, object references and card names found in the page's text
// (`document.body.innerText`), in every `data-card`, `data-ref` and `title`
// attribute and in the card zoom, with a little context each; and how many
// card faces (`.tcard[data-card]`) of each id are drawn. The page takes a
// snapshot whenever the table sets `document.body.dataset.seq` (at the end of
// drawing an update), and `window.__snap()` takes one on demand.
// `violations` then holds each snapshot (and each WebSocket update the page
// received) against what was hidden from that viewer at that decision.

/** Installs the capture in every page of `context` (before any page script). */
export async function captureSnapshots(context, cat) {
  await context.addInitScript(([tokenSource, nameSource]) => {
    const snaps = [];
    window.__snaps = snaps;
    const scan = (found, text, where) => {
      if (!text) return;
      for (const [kind, source] of [["token", tokenSource], ["name", nameSource]])
        for (const m of text.matchAll(new RegExp(source, "g"))) {
          const key = `${kind}|${where}|${m[0]}`;
          if (!found.has(key)) found.set(key, text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60).replace(/\s+/g, " "));
        }
    };
    // Every text node (hidden ones too: the page holds them), one a line; as
    // innerText would give, without laying the page out each time.
    const pageText = () => {
      const parts = [];
      const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
        acceptNode: (n) => (/^(SCRIPT|STYLE)$/.test(n.parentNode?.nodeName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      });
      for (let n = walk.nextNode(); n; n = walk.nextNode()) parts.push(n.nodeValue);
      return parts.join("\n");
    };
    window.__snap = () => {
      const seq = Number(document.body?.dataset.seq ?? -1);
      if (!(seq >= 0)) return;
      const found = new Map();
      scan(found, pageText(), "text");
      const zoom = document.querySelector(".card-zoom");
      scan(found, zoom?.textContent, "zoom");
      const faces = {};
      for (const el of document.querySelectorAll("[data-card], [data-ref], [title]")) {
        const where = el.classList.contains("cardref") ? "cardref" : "attr";
        for (const a of ["data-card", "data-ref", "title"]) scan(found, el.getAttribute(a), where);
        if (el.matches(".tcard[data-card]") && !el.closest(".card-zoom")) faces[el.dataset.card] = (faces[el.dataset.card] || 0) + 1;
      }
      snaps.push({ seq, found: [...found].map(([k, context]) => [...k.split("|"), context]), faces, zoom: !!zoom && !zoom.hidden });
    };
    const watch = () => new MutationObserver(() => window.__snap()).observe(document.documentElement, {
      attributes: true, subtree: true, attributeFilter: ["data-seq"],
    });
    if (document.documentElement) watch();
    else document.addEventListener("readystatechange", watch, { once: true });
  }, [cat.tokenSource, cat.nameSource]);
}

/** The snapshots a page took (and forgets them there). */
export async function takeSnapshots(page) {
  return page.evaluate(() => window.__snaps.splice(0));
}

/** One finding against what was hidden then, or null. Object references and
 * ids are hidden by the decision's views; an id in a `.cardref` (a card name
 * in a text made pointable) and a name count as shown once the viewer has
 * seen that card, since a log keeps naming what was once in view. */
function judge(h, kind, where, token, cat) {
  if (kind === "name") {
    const id = cat.idOfName.get(token);
    return h.names.has(token) && !h.seen.has(id) ? `the hidden card name '${token}'` : null;
  }
  if (token.includes("#")) return h.refs.has(token) ? `the hidden object '${token}'` : null;
  if (!h.ids.has(token)) return null;
  if (where === "cardref" && h.seen.has(token)) return null;
  return `the hidden card id '${token}'`;
}

/** Every leak in the snapshots of one page (`hidden`: per decision). */
export function snapshotViolations(snaps, hidden, cat, who) {
  const out = [];
  for (const s of snaps) {
    const h = hidden[s.seq];
    if (!h) {
      out.push(`${who}: a page drew decision ${s.seq}, beyond the record (${hidden.length - 1})`);
      continue;
    }
    for (const [kind, where, token, context] of s.found) {
      const what = judge(h, kind, where, token, cat);
      if (what) out.push(`${who} showed ${what} at decision ${s.seq} (${where}): "…${context}…"`);
    }
    for (const [id, n] of Object.entries(s.faces)) {
      if (h.extraCopies.has(id) && n > (h.shownCopies.get(id) || 0))
        out.push(`${who} drew ${n} faces of the card '${id}' at decision ${s.seq} (its view shows ${h.shownCopies.get(id) || 0}, the others are hidden)`);
    }
  }
  return out;
}

/** Every leak in the WebSocket updates a page received. */
export function messageViolations(received, hidden, cat, who, table, viewer) {
  const out = [];
  let checked = 0;
  for (const m of received) {
    if (m.type !== "update" || m.table !== table) continue;
    checked++;
    const h = hidden[m.seq];
    if (!h) {
      out.push(`${who} received decision ${m.seq}, beyond the record`);
      continue;
    }
    if (m.as !== viewer) out.push(`${who} received an update for seat ${m.as}`);
    const texts = [["ws", JSON.stringify({ view: m.view, pending: m.pending, last: m.last })],
      ...(m.log || []).map((l) => ["ws-log", l.text])];
    for (const [where, text] of texts)
      for (const [kind, source] of [["token", cat.tokenSource], ["name", cat.nameSource]])
        for (const x of text.matchAll(new RegExp(source, "g"))) {
          const what = judge(h, kind, where, x[0], cat);
          if (what) out.push(`${who} received ${what} at decision ${m.seq} (${where}): "…${text.slice(Math.max(0, x.index - 60), x.index + 80)}…"`);
        }
  }
  if (!checked) out.push(`${who} received no update`);
  return { out, checked };
}
