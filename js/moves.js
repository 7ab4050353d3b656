// @ts-check
/**
 * Legal-move texts as a lookup table. Pure, and no rules: the kernel lists the legal moves
 * (`t3-f1`, `t2-t5x3`, `waste-t4`, `deal`) and this module only answers "which piles light
 * up for the cards held?". Whatever the player does is still sent to Python.
 */

/**
 * @typedef {object} MoveSpec
 * @property {string} src
 * @property {string} dst
 * @property {number} count
 */

const MOVE_RE = /^([a-z]+\d*)-([a-z]+\d*)(?:x(\d+))?$/;

/**
 * Read `t2-t5x3` into `{src: "t2", dst: "t5", count: 3}`; null for `deal` or anything else.
 * @param {string} text
 * @returns {MoveSpec | null}
 */
export function parseMove(text) {
  const m = typeof text === "string" ? MOVE_RE.exec(text.trim().toLowerCase()) : null;
  if (!m) return null;
  const count = m[3] ? Number(m[3]) : 1;
  return count >= 1 ? { src: m[1], dst: m[2], count } : null;
}

/**
 * The move text the engine reads: `t3-f1`, or `t2-t5x3` for a group.
 * @param {string} src
 * @param {string} dst
 * @param {number} [count]
 */
export function moveText(src, dst, count = 1) {
  return count > 1 ? `${src}-${dst}x${count}` : `${src}-${dst}`;
}

/**
 * The piles where `count` cards held from `src` may legally go, in the order listed.
 * @param {readonly string[]} legal  `view.legal_moves`
 * @param {string} src
 * @param {number} count
 * @returns {string[]}
 */
export function targetsFor(legal, src, count) {
  /** @type {string[]} */
  const out = [];
  for (const text of legal) {
    const m = parseMove(text);
    if (m && m.src === src && m.count === count && !out.includes(m.dst)) out.push(m.dst);
  }
  return out;
}

/**
 * Whether the legal moves include a click on the stock.
 * @param {readonly string[]} legal
 */
export function canDeal(legal) {
  return legal.includes("deal");
}

/**
 * The group sizes that have at least one legal move from `src` (ascending).
 * @param {readonly string[]} legal
 * @param {string} src
 * @returns {number[]}
 */
export function countsFrom(legal, src) {
  const counts = new Set();
  for (const text of legal) {
    const m = parseMove(text);
    if (m && m.src === src) counts.add(m.count);
  }
  return [...counts].sort((a, b) => a - b);
}
