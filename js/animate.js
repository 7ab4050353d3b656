// @ts-check
/**
 * Card movement, by the FLIP technique with the Web Animations API: before a new view is
 * drawn, `snapshot` notes where every drawn card is (from the layout, nothing measured);
 * after it is drawn, `animateChanges` finds each card's old place and plays a transform from
 * there to its new place. Deals, flips, double-clicks, click-to-move, keyboard moves, undo,
 * redo, the auto-finish and redeals all go through here, since all of them are a new view.
 *
 * The DOM is already in its final state when an animation starts, so a click during one
 * lands on the real cards (interact.js also hit-tests through the layout, not the moving
 * pictures): no click is ever delayed or lost. `prefers-reduced-motion` turns it all off.
 */
import { isFaceDown } from "./cards.js";

/**
 * @typedef {import("./widget.js").View} View
 * @typedef {import("./layout.js").Layout} Layout
 * @typedef {{pile: string, i: number, code: string, x: number, y: number}} Spot
 * @typedef {{el: HTMLElement, pile: string, i: number, code: string, x: number, y: number}} Drawn
 */

export const MOVE_MS = 190;
const STAGGER_MS = 45; // between the cards of a multi-card change (the auto-finish)
const MAX_STAGGER = 24;

/** Whether the player asked for less motion (checked at every change: it can change). */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Where every drawn card of `view` sits in `layout` (table coordinates).
 * @param {View} view
 * @param {Layout} layout
 * @returns {Spot[]}
 */
export function snapshot(view, layout) {
  /** @type {Spot[]} */
  const out = [];
  for (const slot of layout.slots) {
    const cards = view.piles[slot.name] ?? [];
    for (const pos of slot.cards) out.push({ pile: slot.name, i: pos.i, code: cards[pos.i] ?? "#", x: pos.x, y: pos.y });
  }
  return out;
}

/**
 * Pair each card drawn now with where it was drawn before. Pure.
 *
 * In order: the same pile, index and face; then the same face elsewhere (a move; with two
 * decks, any unpaired copy); then a face-up card with a face-down one it was (a flip in
 * place, else a card dealt from the stock); then a face-down card with a face-up one (a
 * redeal, or a flip taken back). Cards with no old place (a buried card coming into view)
 * are left out.
 * @template {{pile: string, i: number, code: string}} T
 * @param {Spot[]} before
 * @param {T[]} after
 * @returns {{now: T, was: Spot, flip: boolean}[]}
 */
export function pairCards(before, after) {
  const key = (/** @type {{pile: string, i: number}} */ c) => `${c.pile}/${c.i}`;
  const old = new Map(before.map((s) => [key(s), s]));
  const used = new Set();
  /** @type {{now: T, was: Spot, flip: boolean}[]} */
  const pairs = [];
  /** @type {T[]} */
  let rest = [];
  for (const c of after) {
    const s = old.get(key(c));
    if (s && s.code === c.code && !used.has(s)) {
      used.add(s);
      pairs.push({ now: c, was: s, flip: false });
    } else rest.push(c);
  }
  const free = () => before.filter((s) => !used.has(s));
  const take = (/** @type {T} */ c, /** @type {(s: Spot) => boolean} */ ok, /** @type {boolean} */ flip) => {
    const s = free().find(ok);
    if (!s) return false;
    used.add(s);
    pairs.push({ now: c, was: s, flip });
    return true;
  };
  rest = rest.filter((c) => isFaceDown(c.code) || !take(c, (s) => s.code === c.code, false));
  rest = rest.filter(
    (c) =>
      isFaceDown(c.code) ||
      !(take(c, (s) => isFaceDown(s.code) && s.pile === c.pile && s.i === c.i, true) ||
        take(c, (s) => isFaceDown(s.code) && s.pile === "stock", true)),
  );
  rest = rest.filter((c) => !isFaceDown(c.code) || !take(c, (s) => !isFaceDown(s.code) && s.pile !== c.pile, false));
  return pairs;
}

/**
 * The cards drawn in `table` now, with their places in `layout`.
 * @param {HTMLElement} table
 * @param {View} view
 * @param {Layout} layout
 * @returns {Drawn[]}
 */
function drawnCards(table, view, layout) {
  /** @type {Drawn[]} */
  const out = [];
  for (const slot of layout.slots) {
    const pileEl = table.querySelector(`[data-pile="${slot.name}"]`);
    if (!pileEl) continue;
    const cards = view.piles[slot.name] ?? [];
    /** @type {Map<number, HTMLElement>} */
    const byIndex = new Map();
    for (const c of pileEl.querySelectorAll(".tw-card")) {
      const el = /** @type {HTMLElement} */ (c);
      byIndex.set(Number(el.dataset.i), el);
    }
    for (const pos of slot.cards) {
      const el = byIndex.get(pos.i);
      if (el) out.push({ el, pile: slot.name, i: pos.i, code: cards[pos.i] ?? "#", x: pos.x, y: pos.y });
    }
  }
  return out;
}

/**
 * A fresh deal (New deal, Restart, or Undo back to another game): every card comes from the
 * stock's place, one after the other.
 * @param {Drawn[]} cards
 * @param {Layout} layout
 * @returns {Animation[]}
 */
function dealFromStock(cards, layout) {
  const stock = layout.slots.find((s) => s.kind === "stock") ?? layout.slots[0];
  if (!stock) return [];
  const step = Math.min(14, 640 / Math.max(1, cards.length));
  return cards.map((c, k) => {
    const from = `translate(${stock.x - c.x}px, ${stock.y - c.y}px)`;
    return c.el.animate([{ transform: from }, { transform: "translate(0, 0)" }], {
      duration: MOVE_MS * 1.3,
      delay: k * step,
      easing: "cubic-bezier(.2,.7,.3,1)",
      fill: "backwards",
    });
  });
}

/**
 * Play the movement from `before` to the table as now drawn. Returns the animations
 * started (none with reduced motion). Cards already animated (a dropped card gliding in)
 * are left alone.
 * @param {HTMLElement} table
 * @param {Spot[]} before
 * @param {View} view
 * @param {Layout} layout
 * @param {boolean} [fresh] a new deal: deal every card from the stock
 * @returns {Animation[]}
 */
export function animateChanges(table, before, view, layout, fresh = false) {
  if (reducedMotion() || typeof Element.prototype.animate !== "function") return [];
  const now = drawnCards(table, view, layout);
  if (fresh) return dealFromStock(now.filter((c) => c.pile !== "stock"), layout);
  const pairs = pairCards(before, now);
  const moving = pairs.filter((p) => p.flip || p.was.x !== p.now.x || p.was.y !== p.now.y);
  // Several cards in one change travel one after the other, foundation moves last.
  const far = moving.filter((p) => p.was.pile !== p.now.pile);
  const stagger = far.length > 3;
  /** @type {Animation[]} */
  const started = [];
  let k = 0;
  for (const { now, was, flip } of moving) {
    const el = now.el;
    if (el.getAnimations().length) continue;
    const dx = was.x - now.x;
    const dy = was.y - now.y;
    const travels = was.pile !== now.pile;
    const delay = stagger && travels ? Math.min(k++, MAX_STAGGER) * STAGGER_MS : 0;
    const from = `translate(${dx}px, ${dy}px)`;
    /** @type {Keyframe[]} */
    const frames = flip
      ? [
          { transform: `${from} scaleX(1)` },
          { transform: `translate(${dx / 2}px, ${dy / 2}px) scaleX(0.02)`, offset: 0.5 },
          { transform: "translate(0, 0) scaleX(1)" },
        ]
      : [{ transform: from }, { transform: "translate(0, 0)" }];
    const timing = { duration: flip ? MOVE_MS * 1.5 : MOVE_MS, delay, fill: /** @type {FillMode} */ ("backwards") };
    const classes = [...(travels ? ["tw-moving"] : []), ...(flip ? ["tw-flipping"] : [])];
    el.classList.add(...classes);
    const a = el.animate(frames, { ...timing, easing: flip ? "ease-in-out" : "cubic-bezier(.2,.7,.3,1)" });
    if (flip && !isFaceDown(now.code)) {
      // The card's back (a ::after painted like a face-down card) shows until it is edge-on.
      const back = el.animate([{ opacity: 1 }, { opacity: 1, offset: 0.5 }, { opacity: 0, offset: 0.5 }, { opacity: 0 }], {
        ...timing,
        pseudoElement: "::after",
      });
      started.push(back);
    }
    const done = () => el.classList.remove(...classes);
    a.addEventListener("finish", done);
    a.addEventListener("cancel", done);
    started.push(a);
  }
  return started;
}
