// @ts-check
/**
 * The Coach (view.coach, drawn only when the widget's `coach` trait is on): marks the
 * kernel computed from what the player sees (a candidate base and what the reserve says, a
 * reversed run, a good or poor pile start, how to deal on, a card to bring down, a
 * sequence to re-order), a line of what the tips see, and a sentence on the last move when
 * it went against a tip, a word of praise or the move's grade, the "don't give up" advice
 * and the game review (review.js). It also keeps the toolbar's Coach toggle (C) and, in
 * learning mode, the Winnable? button off. Nothing here knows a rule; it only draws
 * `view.coach`.
 */
import { N_, t } from "./i18n.js";
import { renderReview } from "./review.js";

/**
 * @typedef {import("./view.js").Dom} Dom
 * @typedef {import("./widget.js").View} View
 */

const STYLE = `
.tw-coach{margin:2px 0 4px;padding:4px 8px;border-left:3px solid #f9a825;background:#fffde7;
  color:#333;font-size:13px;line-height:1.35}
.tw-coach-note{font-weight:600;color:#8d4b00}
.tw-coach-note[data-tone="praise"]{color:#1b5e20}
.tw-coach-note[data-tone="unsupported"]{color:#455a64;font-weight:500}
.tw-coach-stuck{font-weight:600;color:#4a148c}
.tw-pile.tw-coach-good{outline:2px solid #2e7d32;outline-offset:2px}
.tw-pile.tw-coach-warn{outline:2px dashed #c62828;outline-offset:2px}
.tw-pile.tw-coach-run{outline:2px dotted #6a1b9a;outline-offset:2px}
.tw-card.tw-coach-card{box-shadow:0 0 0 3px #6a1b9a}
.tw-card.tw-coach-card.tw-coach-good{box-shadow:0 0 0 3px #2e7d32}
.tw-card.tw-coach-card.tw-coach-warn{box-shadow:0 0 0 3px #c62828}
.tw-card.tw-coach-card.tw-coach-plain{box-shadow:0 0 0 2px #607d8b}
.tw-coach-badge{position:absolute;left:0;bottom:100%;z-index:5;white-space:nowrap;
  max-width:100%;overflow:hidden;text-overflow:ellipsis;box-sizing:border-box;
  font:11px/1.3 sans-serif;padding:0 4px;border-radius:3px;background:#263238;color:#fff;
  pointer-events:none}
.tw-coach-badge.tw-coach-good{background:#2e7d32}
.tw-coach-badge.tw-coach-warn{background:#c62828}
.tw-coach-badge.tw-coach-run{background:#6a1b9a}
`;

const TONES = ["good", "warn", "run", "plain"];
// English ids of the catalogue (terrace_widget/i18n/locale): shown through t(view, …).
const COACH = N_("Coach");
const COACH_TITLE = N_("The Coach: marks, a word on each move and a game review; it sees only what you see (C)");
const COACH_NOTE = N_("Coach: {text}");
/** The Winnable? button's title, as words.js writes it (learning mode puts another). */
const WINNABLE_TITLE = N_("Can this game still be won? The solver checks after every move (W)");
/** @type {WeakMap<Dom, HTMLElement>} */
const panels = new WeakMap();

/**
 * The Coach's panel under the message line, made on first use.
 * @param {Dom} dom
 */
function panelOf(dom) {
  let panel = panels.get(dom);
  if (!panel) {
    panel = document.createElement("div");
    panel.className = "tw-coach";
    panel.setAttribute("role", "note");
    panel.setAttribute("aria-live", "polite");
    const style = document.createElement("style");
    style.textContent = STYLE;
    dom.root.prepend(style);
    dom.root.insertBefore(panel, dom.felt);
    panels.set(dom, panel);
  }
  return panel;
}

/**
 * Draw `view.coach` on the table (after `renderTable`: redrawn piles lose their marks).
 * @param {Dom} dom
 * @param {View} view
 */
export function renderCoach(dom, view) {
  for (const el of dom.table.querySelectorAll(".tw-coach-badge")) el.remove();
  for (const el of dom.table.querySelectorAll(".tw-coach-card, .tw-pile[data-coach]")) {
    el.classList.remove("tw-coach-card", ...TONES.map((tone) => `tw-coach-${tone}`));
    if (el.hasAttribute("data-coach")) el.removeAttribute("title");
    el.removeAttribute("data-coach");
  }
  const coach = view.coach;
  toolbar(dom, view);
  if (!coach) {
    panels.get(dom)?.remove();
    panels.delete(dom);
    return;
  }
  for (const mark of coach.marks) {
    const el = dom.piles.get(mark.pile)?.el;
    if (!el) continue;
    el.classList.add(`tw-coach-${mark.tone}`);
    el.dataset.coach = el.dataset.coach ? `${el.dataset.coach} ${mark.tip}` : mark.tip;
    for (const card of el.querySelectorAll(".tw-card")) {
      if (mark.indices.includes(Number(/** @type {HTMLElement} */ (card).dataset.i))) {
        card.classList.add("tw-coach-card", `tw-coach-${mark.tone}`);
      }
    }
    // One badge per pile, naming every mark on it (long labels end in "…", never spill
    // over the next pile's badge); the whole text is the pile's tooltip.
    const badge = /** @type {HTMLElement | null} */ (el.querySelector(".tw-coach-badge"));
    if (badge) {
      if (!badge.textContent?.split(" · ").includes(mark.label)) badge.textContent += ` · ${mark.label}`;
    } else {
      const made = document.createElement("div");
      made.className = `tw-coach-badge tw-coach-${mark.tone}`;
      made.dataset.tip = mark.tip;
      made.textContent = mark.label;
      el.append(made);
    }
    el.title = el.title && el.dataset.coach?.includes(" ") ? `${el.title}\n${mark.text}` : mark.text;
  }
  const panel = panelOf(dom);
  const note = coach.note ?? null;
  const lines = /** @type {string[]} */ ([...new Set([note, coach.stuck ?? null, ...coach.say].filter((line) => !!line))]);
  const key = JSON.stringify([view.strings?.locale ?? "en", lines, coach.tone, coach.review, coach.reviewing]);
  if (panel.dataset.key === key) return;
  panel.dataset.key = key;
  panel.replaceChildren(
    ...lines.map((text) => {
      const p = document.createElement("div");
      if (text === note) {
        p.textContent = t(view, COACH_NOTE, { text });
        p.className = "tw-coach-note";
        p.dataset.tone = coach.tone ?? "plain";
      } else {
        p.textContent = text;
        if (text === coach.stuck) p.className = "tw-coach-stuck";
      }
      return p;
    }),
  );
  renderReview(panel, coach.review ?? null, !!coach.reviewing, view);
  panel.hidden = !panel.childElementCount;
}

/**
 * The toolbar's Coach toggle (pressed while on) and, in learning mode, Winnable? off.
 * @param {Dom} dom
 * @param {View} view
 */
function toolbar(dom, view) {
  const coach = dom.buttons.coach;
  if (coach) {
    coach.setAttribute("aria-pressed", String(!!view.coach));
    setText(coach, t(view, COACH));
    coach.title = t(view, COACH_TITLE);
  }
  const winnable = dom.buttons.winnable;
  if (winnable) {
    winnable.disabled = !!view.learning;
    // In the table's language each time (a title kept from the first drawing would stay
    // in the language the table started in).
    winnable.title = view.learning ? view.learning.why : t(view, WINNABLE_TITLE);
  }
}

/**
 * @param {HTMLElement} el
 * @param {string} text
 */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * The intent of the Coach toggle (button or C): switch the Coach to the other state.
 * @param {View} view
 */
export function coachIntent(view) {
  return { kind: "coach", on: !view.coach };
}