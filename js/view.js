// @ts-check
/**
 * View → DOM. `createShell` builds the parts that live as long as the widget (toolbar,
 * status bar, banner, message line, felt); `renderChrome` refreshes them from a view, and
 * `renderTable` brings the table in step with a layout. Updates are incremental: the pile
 * elements live as long as the table's set of piles, and a pile's subtree is rebuilt only
 * when its `pileSignature` (everything it is drawn from) changed; the chrome is written only
 * where it differs. Nothing is measured (no forced layout).
 */
import { canDeal, targetsFor } from "./moves.js";
import { face } from "./cards.js";
import { courtImage } from "./court.js";
import { clockRuns, elapsedSeconds, formatClock, foundationMark, pileLabel, pileTitle, sentence, statusItems, verdictBadge } from "./describe.js";
import { N_, t, tn } from "./i18n.js";
import { renderWords } from "./words.js";

/**
 * @typedef {import("./widget.js").View} View
 * @typedef {import("./widget.js").Ui} Ui
 * @typedef {import("./layout.js").Layout} Layout
 * @typedef {import("./layout.js").Slot} Slot
 * @typedef {object} Dom
 * @property {HTMLElement} root
 * @property {HTMLSelectElement} picker
 * @property {Record<string, HTMLButtonElement>} buttons
 * @property {HTMLElement} stats
 * @property {HTMLElement} verdict  the "can this still be won?" badge
 * @property {HTMLElement} clock
 * @property {HTMLElement} banner
 * @property {HTMLElement} message
 * @property {HTMLElement} felt
 * @property {HTMLElement} table
 * @property {string} variantsKey
 * @property {Map<string, PileRec>} piles  the pile elements by name, in table order
 * @property {string} tableKey   the table's size as last drawn
 * @property {string} statsKey   the status items as last drawn
 * @typedef {object} PileRec
 * @property {HTMLElement} el
 * @property {string} sig        `pileSignature` of what its subtree shows
 * @property {number} held       `markPiles`: cards from this index up are `tw-held`
 * @property {number} preview    ... and `tw-preview`
 */

export const KEYS_HELP = N_(
  "Drag a card, or click it and then click where it goes; double-click sends a card home. " +
  "Keys: arrows or Tab move between piles; Enter or Space picks up and puts down " +
  "(in Klondike, Up and Down first choose how many cards); Escape cancels; " +
  "U undo, R redo, H hint, W can this still be won?, C the Coach, D deal, N new deal. " +
  "Restart and New deal are undone like moves.",
);

// English ids of the catalogue (terrace_widget/i18n/locale): shown through t(view, …).
const BANNER_BASE = N_("Choose the base card: drop one of the four cards on a foundation");
const START_HELP = N_("Drag a card, or click it and then click where it goes. Double-click sends a card to a foundation.");
const BANNER_LOST = N_("This deal can no longer be won.");
const BANNER_LOST_MORE = N_("Moves are still allowed; Undo takes you back.");

/**
 * A tiny element builder.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [cls]
 * @param {Record<string, string | number | boolean>} [attrs]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, cls, attrs, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v !== false) el.setAttribute(k, v === true ? "" : String(v));
  }
  if (text) el.textContent = text;
  return el;
}

/**
 * Build the lasting skeleton inside `el`.
 * @param {HTMLElement} el
 * @returns {Dom}
 */
export function createShell(el) {
  const help = `tw-help-${Math.random().toString(36).slice(2, 10)}`;
  const root = h("div", "tw-root", {
    role: "application",
    "aria-label": "Solitaire",
    "aria-describedby": help,
    "data-lm-suppress-shortcuts": "true", // keep JupyterLab's notebook shortcuts off our keys
    tabindex: "-1", // a click anywhere inside keeps the focus here, never on the cell
  });
  const bar = h("div", "tw-bar");
  const tools = h("div", "tw-tools", { role: "toolbar", "aria-label": "Game" });
  /** @type {Record<string, HTMLButtonElement>} */
  const buttons = {};
  for (const [action, label, key] of [
    ["new", "New deal", "N"],
    ["restart", "Restart", ""],
    ["undo", "Undo", "U"],
    ["redo", "Redo", "R"],
    ["hint", "Hint", "H"],
    ["winnable", "Winnable?", "W"],
    ["coach", "Coach", "C"],
  ]) {
    buttons[action] = h("button", "tw-btn", { type: "button", "data-action": action, title: key ? `${label} (${key})` : label }, label);
    tools.append(buttons[action]);
  }
  buttons.winnable.title = "Can this game still be won? The solver checks after every move (W)";
  buttons.winnable.setAttribute("aria-pressed", "false");
  // The badge keeps its room while off, so that nothing after it moves when it appears.
  const verdict = h("span", "tw-verdict", { "data-verdict": "off", role: "status", "aria-live": "polite" });
  tools.append(verdict);
  const picker = h("select", "tw-picker", { "aria-label": "Game", title: "Game" });
  const keys = h("details", "tw-keys");
  keys.append(h("summary", "tw-btn", { title: "How to play with the mouse and the keyboard" }, "Keys"));
  keys.append(h("p", "", { id: help }, KEYS_HELP));
  tools.append(picker, keys);
  const stats = h("div", "tw-stats", { "aria-label": "Status" });
  const clock = h("b", "tw-clock", {}, "–:––");
  bar.append(tools, stats);
  // The banner floats over the foot of the felt: nothing moves when the base is chosen or
  // the game ends. Its dock (no height) sticks to the bottom of the scrolled notebook, so
  // the banner stays in sight when a tall felt's foot is below the fold.
  const banner = h("div", "tw-banner", { "data-kind": "", "aria-live": "polite" });
  const dock = h("div", "tw-dock");
  dock.append(banner);
  const line = h("div", "tw-line");
  const message = h("div", "tw-message", { role: "status", "aria-live": "polite", "aria-atomic": "true" });
  line.append(message);
  const felt = h("div", "tw-felt");
  const table = h("div", "tw-table");
  felt.append(table, dock);
  root.append(bar, line, felt);
  el.append(root);
  return {
    root, picker, buttons, stats, verdict, clock, banner, message, felt, table,
    variantsKey: "", piles: new Map(), tableKey: "", statsKey: "",
  }; // prettier-ignore
}

/**
 * The DOM of one card; face-down cards carry no identity at all.
 * @param {string} code
 * @param {number} i index in its pile
 */
export function cardEl(code, i) {
  const f = face(code);
  if (!f) return h("div", "tw-card tw-back", { "data-i": i, "aria-hidden": "true" });
  const el = h("div", `tw-card tw-face ${f.red ? "tw-red" : "tw-black"}`, {
    "data-card": f.code,
    "data-i": i,
    role: "img",
    "aria-label": f.name,
  });
  const index = `<span class="tw-r${f.label.length > 1 ? " tw-r2" : ""}">${f.label}</span><span class="tw-s">${f.glyph}</span>`;
  const middle = f.court ? `<span class="tw-court"></span>` : `<span class="tw-mid${f.rank === 1 ? " tw-ace" : ""}">${f.glyph}</span>`;
  el.innerHTML = `<span class="tw-ix">${index}</span><span class="tw-pip">${f.glyph}</span>${middle}<span class="tw-ix tw-ix2">${index}</span>`;
  if (f.court) {
    const art = /** @type {HTMLElement} */ (el.querySelector(".tw-court"));
    art.style.backgroundImage = courtImage(/** @type {"J" | "Q" | "K"} */ (f.label), f.red, f.glyph);
  }
  return el;
}

const PADLOCK =
  '<svg viewBox="0 0 24 24" aria-hidden="true" class="tw-padlock"><path d="M7 11V8a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" stroke-width="2.6"/>' +
  '<rect x="4" y="10.5" width="16" height="11.5" rx="2.5" fill="currentColor"/><circle cx="12" cy="15.5" r="1.8" fill="#5a4200"/></svg>';

/**
 * Everything a pile's subtree, `tw-empty` and `aria-label` are drawn from, as a string: two
 * equal signatures draw the same DOM. The highlight classes and the tabindex are not in it
 * (`markPiles` and `renderTable` set them in place). Pure.
 * @param {Slot} slot
 * @param {View} view
 */
export function pileSignature(slot, view) {
  const cards = view.piles[slot.name] ?? [];
  // The language too: its card and pile names are in the subtree and the aria-label.
  let sig = `${view.strings?.locale ?? "en"}|${slot.x},${slot.y}|${cards.join(" ")}|`;
  for (const pos of slot.cards) sig += `${pos.i}:${pos.x},${pos.y} `;
  if (slot.kind === "foundation") sig += `|${foundationMark(view)}`;
  if (slot.kind === "stock") {
    sig += `|${canDeal(view.legal_moves)}|${view.stock_reason ?? ""}|${clockRuns(view)}|${view.stock_locked}|${view.stock_count}`;
  }
  // A fresh subtree restarts its animations (the hint's pulse, the won foundations' glow),
  // as when every update redrew the whole table.
  if (view.hint?.cards?.includes(slot.name) || (view.status === "won" && slot.kind === "foundation")) {
    sig += `|seq ${view.seq}`;
  }
  return sig;
}

/**
 * A new, empty pile element for `slot` (`fillPile` draws its content).
 * @param {Slot} slot
 */
function pileShell(slot) {
  return h("div", `tw-pile tw-${slot.kind}`, {
    "data-pile": slot.name,
    role: "group",
    "aria-roledescription": "pile",
  });
}

/**
 * The short name on a pile's slot: a tableau pile or a foundation by the language's short
 * word ("t3", "σ3"; "f2", "β2", "о2", "b2"), the stock, waste and reserve in full.
 * @param {string} name
 * @param {View} view
 */
export function slotName(name, view) {
  const m = /^([tf])(\d+)$/.exec(name);
  if (!m) return pileTitle(name, view);
  return m[1] === "f" ? t(view, "f{n}", { n: m[2] }) : t(view, "t{n}", { n: m[2] });
}

/**
 * Draw one pile into its element: a slot outline, its cards, and for the stock the count
 * and the lock.
 * @param {HTMLElement} el
 * @param {Slot} slot
 * @param {View} view
 */
function fillPile(el, slot, view) {
  const cards = view.piles[slot.name] ?? [];
  el.classList.toggle("tw-empty", !cards.length);
  el.setAttribute("aria-label", pileLabel(slot.name, cards, view));
  el.setAttribute("aria-roledescription", t(view, "pile"));
  el.style.left = `${slot.x}px`;
  el.style.top = `${slot.y}px`;
  let mark = "";
  if (slot.kind === "foundation") mark = foundationMark(view);
  if (slot.kind === "stock" && !cards.length && canDeal(view.legal_moves)) mark = "\u21bb";
  const outline = h("div", "tw-slot", { "aria-hidden": "true" });
  outline.innerHTML = `<span class="tw-slot-mark">${mark}</span>`;
  outline.append(h("span", "tw-slot-name", {}, slotName(slot.name, view)));
  /** @type {HTMLElement[]} */
  const kids = [outline];
  for (const pos of slot.cards) {
    const card = cardEl(cards[pos.i], pos.i);
    if (card.hasAttribute("aria-label")) card.setAttribute("aria-label", t(view, "{card:bare}", { card: { card: cards[pos.i] } }));
    card.style.left = `${pos.x - slot.x}px`;
    card.style.top = `${pos.y - slot.y}px`;
    if (pos.i === cards.length - 1) card.classList.add("tw-top");
    kids.push(card);
  }
  if (slot.kind === "stock") {
    if (view.stock_reason && clockRuns(view)) {
      const lock = h("div", "tw-lock", { "aria-hidden": "true" }); // the reason: on the message line
      lock.classList.toggle("tw-lock-count", cards.length > 0);
      lock.innerHTML = PADLOCK;
      lock.append(h("span", "tw-lock-text", {}, view.stock_locked ? t(view, "locked") : ""));
      kids.push(lock);
    }
    if (cards.length) kids.push(h("span", "tw-count", { "aria-hidden": "true" }, String(view.stock_count ?? cards.length)));
  }
  el.replaceChildren(...kids);
}

/**
 * Light up the held cards, their legal targets, the hint's piles and the keyboard's
 * group preview.
 * Cheap (class toggles, and a pile's cards are visited only when its thresholds changed),
 * so a drag can call it without re-rendering.
 * @param {Dom} dom
 * @param {View} view
 * @param {Ui} ui
 */
export function markPiles(dom, view, ui) {
  const targets = ui.held ? targetsFor(view.legal_moves, ui.held.src, ui.held.count) : [];
  const hinted = view.hint?.cards ?? [];
  for (const [name, rec] of dom.piles) {
    const el = rec.el;
    const n = (view.piles[name] ?? []).length;
    const held = ui.held?.src === name ? n - ui.held.count : Infinity;
    const preview = !ui.held && ui.focus === name && ui.depth > 1 ? n - ui.depth : Infinity;
    el.classList.toggle("tw-target", targets.includes(name));
    el.classList.toggle("tw-source", ui.held?.src === name);
    el.classList.toggle("tw-hint", !ui.held && hinted.includes(name));
    if (held === rec.held && preview === rec.preview) continue;
    rec.held = held;
    rec.preview = preview;
    for (const card of el.querySelectorAll(".tw-card")) {
      const i = Number(/** @type {HTMLElement} */ (card).dataset.i);
      card.classList.toggle("tw-held", i >= held);
      card.classList.toggle("tw-preview", i >= preview);
    }
  }
  dom.table.classList.toggle("tw-holding", !!ui.held);
}

/**
 * Bring the table in step with the view: the pile elements are made again only when the
 * set of piles changes; otherwise only the piles whose signature changed are redrawn, and
 * so are piles with cards being dragged or sliding back (a redraw puts them to rest).
 * @param {Dom} dom
 * @param {View} view
 * @param {Layout} layout
 * @param {Ui} ui
 */
export function renderTable(dom, view, layout, ui) {
  const t = dom.table;
  const size = `${layout.cw} ${layout.ch} ${layout.width} ${layout.height}`;
  if (size !== dom.tableKey) {
    dom.tableKey = size;
    t.style.setProperty("--cw", `${layout.cw}px`);
    t.style.setProperty("--ch", `${layout.ch}px`);
    t.style.width = `${layout.width}px`;
    t.style.height = `${layout.height}px`;
  }
  const names = layout.slots.map((s) => s.name);
  if (names.join(" ") !== [...dom.piles.keys()].join(" ")) {
    dom.piles = new Map(layout.slots.map((s) => [s.name, { el: pileShell(s), sig: "", held: Infinity, preview: Infinity }]));
    t.replaceChildren(...[...dom.piles.values()].map((r) => r.el));
  }
  for (const el of t.querySelectorAll(".tw-over")) el.classList.remove("tw-over");
  const moving = new Set([...t.querySelectorAll(".tw-dragging")].map((c) => c.closest("[data-pile]")));
  for (const slot of layout.slots) {
    const rec = /** @type {PileRec} */ (dom.piles.get(slot.name));
    const sig = pileSignature(slot, view);
    if (sig !== rec.sig || moving.has(rec.el)) {
      fillPile(rec.el, slot, view);
      rec.sig = sig;
      rec.held = Infinity; // fresh cards carry no highlight
      rec.preview = Infinity;
    }
    const tab = ui.focus === slot.name ? "0" : "-1";
    if (rec.el.getAttribute("tabindex") !== tab) rec.el.setAttribute("tabindex", tab);
  }
  markPiles(dom, view, ui);
}

/**
 * Set an attribute unless it already has that value.
 * @param {Element} el
 * @param {string} name
 * @param {string} value
 */
function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * The toolbar, the status bar, the banner and the message line; each is written only
 * where it changed, except the root's `data-seq`.
 * @param {Dom} dom
 * @param {View} view
 * @param {Ui} ui
 */
export function renderChrome(dom, view, ui) {
  const { root, buttons } = dom;
  root.dataset.seq = String(view.seq);
  setAttr(root, "data-status", view.status);
  setAttr(root, "aria-label", t(view, "{game} solitaire", { game: view.name }));
  renderWords(dom, view);
  const disabled = { undo: !view.can_undo, redo: !view.can_redo, hint: !clockRuns(view) };
  for (const [action, off] of Object.entries(disabled)) {
    if (buttons[action].disabled !== off) buttons[action].disabled = off;
  }

  const variants = view.variants ?? [{ id: view.variant, name: view.name }];
  const key = JSON.stringify(variants);
  if (key !== dom.variantsKey) {
    dom.variantsKey = key;
    dom.picker.replaceChildren(...variants.map((v) => h("option", "", { value: v.id }, v.name)));
  }
  if (dom.picker.value !== view.variant) dom.picker.value = view.variant;
  renderVerdict(dom, view);

  const items = statusItems(view);
  const itemsKey = JSON.stringify(items);
  if (itemsKey !== dom.statsKey) {
    dom.statsKey = itemsKey;
    dom.stats.replaceChildren(
      ...items.map((it) => {
        const span = h("span", `tw-stat tw-stat-${it.key}`, it.title ? { title: it.title } : {}, `${it.label} `);
        span.append(h("b", "", {}, it.value));
        return span;
      }),
    );
    const time = h("span", "tw-stat tw-stat-time", {}, `${t(view, "Time")} `);
    time.append(dom.clock);
    dom.stats.append(time);
  }
  updateClock(dom, view, Date.now());

  renderBanner(dom, view);
  showMessage(dom, messageFor(view, ui));
}

/**
 * The "Winnable?" toggle's state and the verdict badge next to it.
 * @param {Dom} dom
 * @param {View} view
 */
function renderVerdict(dom, view) {
  setAttr(dom.buttons.winnable, "aria-pressed", String(!!view.winnable_check));
  const badge = verdictBadge(view);
  const v = dom.verdict;
  const text = badge?.text ?? "";
  if (v.textContent !== text) v.textContent = text;
  setAttr(v, "data-verdict", badge?.verdict ?? "off");
  setAttr(v, "title", badge?.title ?? "");
}

/**
 * Put a note on the message line (the full text is also its tooltip). A non-empty text is
 * written again even when unchanged, so that it is announced again.
 * @param {Dom} dom
 * @param {{kind: string, text: string}} note
 */
export function showMessage(dom, note) {
  const m = dom.message;
  if (note.text || m.firstChild) m.textContent = note.text;
  setAttr(m, "title", note.text);
  setAttr(m, "data-kind", note.kind);
}

/**
 * @param {Dom} dom
 * @param {View} view
 * @param {number} now
 */
export function updateClock(dom, view, now) {
  const text = formatClock(elapsedSeconds(view, now));
  if (dom.clock.textContent !== text) dom.clock.textContent = text;
}

/**
 * The banner: base choice, lost (with Undo and Restart) or won (summary, celebration); drawn
 * again for each view while shown.
 * @param {Dom} dom
 * @param {View} view
 */
function renderBanner(dom, view) {
  const b = dom.banner;
  const kind = view.status === "choosing-base" || view.status === "won" || view.status === "lost" ? view.status : "";
  if (b.dataset.kind === kind && (!kind || b.dataset.seq === String(view.seq))) return;
  b.dataset.kind = kind;
  b.dataset.seq = String(view.seq);
  b.replaceChildren();
  b.title = "";
  if (kind === "choosing-base") b.append(h("strong", "", {}, t(view, BANNER_BASE)));
  if (kind === "lost") {
    // Learning mode (the Coach on): lost only when no move is left, in the kernel's words.
    const lost = view.learning && view.message?.text ? view.message.text : t(view, BANNER_LOST);
    const more = t(view, BANNER_LOST_MORE);
    b.title = `${lost} ${more}${view.post_mortem ? ` ${view.post_mortem}` : ""}`;
    // The banner names the losing move once the post-mortem has found it.
    const why = view.post_mortem ? `${view.post_mortem} ${t(view, "Undo takes you back.")}` : more;
    b.append(h("strong", "", {}, lost), h("span", "tw-postmortem", {}, why));
    b.append(h("button", "tw-btn", { type: "button", "data-action": "undo" }, t(view, "Undo")));
    b.append(h("button", "tw-btn", { type: "button", "data-action": "restart" }, t(view, "Restart")));
  }
  if (kind === "won") {
    const s = view.summary;
    const text = s ? `${tn(view, "{n} move", "{n} moves", s.moves)} · ${t(view, "score {score}", { score: s.score })} · ${formatClock(Math.round(s.seconds))}` : "";
    b.append(h("strong", "", {}, t(view, "You won!")), h("span", "tw-summary", {}, text));
    b.append(h("button", "tw-btn", { type: "button", "data-action": "new" }, t(view, "New deal")));
  }
  celebrate(dom, kind === "won");
}

const CONFETTI = ["\u2660\ufe0e", "\u2665\ufe0e", "\u2666\ufe0e", "\u2663\ufe0e"];

/**
 * Falling suit symbols over the felt while the game is won (none with reduced motion).
 * @param {Dom} dom
 * @param {boolean} on
 */
function celebrate(dom, on) {
  const old = dom.felt.querySelector(".tw-party");
  if (!on) {
    old?.remove();
    return;
  }
  if (old) return;
  const party = h("div", "tw-party", { "aria-hidden": "true" });
  for (let k = 0; k < 36; k++) {
    const bit = h("span", `tw-bit${k % 4 === 1 || k % 4 === 2 ? " tw-red" : ""}`, {}, CONFETTI[k % 4]);
    bit.style.setProperty("--x", `${(k * 37) % 100}%`);
    bit.style.setProperty("--d", `${((k * 53) % 40) / 20}s`);
    bit.style.setProperty("--t", `${2.4 + ((k * 29) % 20) / 10}s`);
    bit.style.setProperty("--r", `${(k % 2 ? 1 : -1) * (180 + ((k * 71) % 360))}deg`);
    party.append(bit);
  }
  dom.felt.append(party);
}

/**
 * What the message line says, and how (`refused` shows in a warning colour): a note made
 * for this view (a held card, a refusal), else the view's refusal or news, a new hint, what
 * the last change of the table did (kept while that table is shown), the post-mortem of a
 * lost game, why the stock is locked, and on a fresh deal how to play. One place each: the
 * lock's reason is only ever here.
 * @param {View} view
 * @param {Ui} ui
 * @returns {{kind: string, text: string}}
 */
export function messageFor(view, ui) {
  if (ui.note && ui.note.seq === view.seq) return ui.note;
  const kind = view.message?.kind;
  if (view.message?.text && kind !== "won" && kind !== "lost") return { kind: view.message.kind, text: sentence(view.message.text) };
  if (view.hint?.message) return { kind: "hint", text: view.hint.message };
  if (ui.told && ui.told.table === (view.table_seq ?? view.seq)) return { kind: "info", text: ui.told.text };
  if (view.status === "lost" && view.post_mortem) return { kind: "info", text: view.post_mortem };
  if (view.status === "playing" && view.stock_locked && view.stock_reason) return { kind: "lock", text: sentence(view.stock_reason) };
  if (view.moves_played === 0 && clockRuns(view)) return { kind: "idle", text: t(view, START_HELP) };
  return { kind: "idle", text: "" };
}
