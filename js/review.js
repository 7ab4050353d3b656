// @ts-check
/**
 * The Coach's game review on the table (view.coach.review, terrace_widget/fair/review.py):
 * a small SVG sparkline of the fair value after each turn (the chance that the rule player
 * wins the deals that fit what the player saw), the biggest drops marked in red, where it
 * slipped away marked by a line, and the review's sentences. While there is no review, a
 * "Review the game" button asks for one (intent {kind: "review"}). Nothing here knows a rule.
 */

import { N_, t } from "./i18n.js";

/**
 * @typedef {import("./view-types.js").Review} Review
 * @typedef {{strings?: import("./i18n.js").Strings}} Words
 */

// English ids of the catalogue (terrace_widget/i18n/locale): shown through t(view, …).
const CURVE_TITLE = N_("The chance to win after each move (it sees only what you saw)");
const ASK = N_("Review the game");
const ASKED = N_("Reviewing the game…");
const HEAD = N_("Game review");

const WIDTH = 240;
const HEIGHT = 44;
const PAD = 3;
const SVG = "http://www.w3.org/2000/svg";

/**
 * @param {string} name
 * @param {Record<string, string | number>} attrs
 */
function svg(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * The sparkline's points: x by turn, y by value (0 at the foot); unvalued turns are skipped.
 * @param {(number | null)[]} curve
 * @returns {{x: number, y: number, k: number}[]}
 */
export function sparkPoints(curve) {
  const n = Math.max(1, curve.length - 1);
  /** @type {{x: number, y: number, k: number}[]} */
  const out = [];
  curve.forEach((v, k) => {
    if (v === null || Number.isNaN(v)) return;
    const x = PAD + ((WIDTH - 2 * PAD) * k) / n;
    const y = PAD + (HEIGHT - 2 * PAD) * (1 - Math.min(1, Math.max(0, v)));
    out.push({ x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, k });
  });
  return out;
}

/**
 * The sparkline as an SVG element.
 * @param {Review} review
 * @param {Words} view
 */
function sparkline(review, view) {
  const box = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT, role: "img", class: "tw-review-curve" });
  const title = svg("title", {});
  title.textContent = t(view, CURVE_TITLE);
  box.append(title);
  const points = sparkPoints(review.curve);
  const level = PAD + (HEIGHT - 2 * PAD) * (1 - review.level);
  box.append(svg("line", { x1: PAD, x2: WIDTH - PAD, y1: level, y2: level, class: "tw-review-level" }));
  box.append(svg("polyline", { points: points.map((p) => `${p.x},${p.y}`).join(" "), class: "tw-review-line" }));
  const at = new Map(points.map((p) => [p.k, p]));
  for (const drop of review.drops) {
    const p = at.get(drop.number);
    if (p) box.append(svg("circle", { cx: p.x, cy: p.y, r: 2.5, class: "tw-review-drop", "data-turn": drop.number }));
  }
  if (review.slipped !== null) {
    const p = at.get(review.slipped);
    if (p) box.append(svg("line", { x1: p.x, x2: p.x, y1: PAD, y2: HEIGHT - PAD, class: "tw-review-slip", "data-turn": review.slipped }));
  }
  return box;
}

const STYLE = `
.tw-review{margin-top:4px;display:flex;gap:8px;align-items:flex-start;flex-wrap:wrap}
.tw-review-curve{background:#fff;border:1px solid #e0e0e0;border-radius:3px;flex:none}
.tw-review-line{fill:none;stroke:#1565c0;stroke-width:1.5}
.tw-review-level{stroke:#bdbdbd;stroke-dasharray:3 2}
.tw-review-drop{fill:#c62828}
.tw-review-slip{stroke:#6a1b9a;stroke-width:1.5}
.tw-review-text{flex:1 1 260px;min-width:0}
.tw-review-text b{display:block}
`;

/**
 * Draw the review (or the button that asks for it) at the end of the Coach's panel.
 * @param {HTMLElement} panel
 * @param {Review | null} review
 * @param {boolean} reviewing
 * @param {Words} [view] the table's words (English without them)
 */
export function renderReview(panel, review, reviewing, view = {}) {
  if (!panel.querySelector("style.tw-review-style")) {
    const style = document.createElement("style");
    style.className = "tw-review-style";
    style.textContent = STYLE;
    panel.append(style);
  }
  const block = document.createElement("div");
  block.className = "tw-review";
  if (!review) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tw-btn tw-review-ask";
    button.dataset.action = "review";
    button.textContent = t(view, reviewing ? ASKED : ASK);
    button.disabled = reviewing;
    block.append(button);
    panel.append(block);
    return;
  }
  block.append(sparkline(review, view));
  const text = document.createElement("div");
  text.className = "tw-review-text";
  const head = document.createElement("b");
  head.textContent = t(view, HEAD);
  text.append(head);
  for (const line of review.sentences) {
    const p = document.createElement("div");
    p.textContent = line;
    text.append(p);
  }
  block.append(text);
  panel.append(block);
}
