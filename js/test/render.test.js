import assert from "node:assert/strict";
import { test } from "node:test";
import { computeLayout } from "../layout.js";
import { pileSignature } from "../view.js";
import { fixture } from "./helpers.js";

/**
 * Every pile's signature for a view at a width.
 * @param {any} view
 * @param {number} [width]
 */
const sigs = (view, width = 820) =>
  Object.fromEntries(computeLayout(view, width).slots.map((s) => [s.name, pileSignature(s, view)]));

/** The piles whose signature differs between two views. */
const changed = (/** @type {any} */ a, /** @type {any} */ b, width = 820) => {
  const x = sigs(a, width);
  const y = sigs(b, width);
  return Object.keys(y).filter((k) => x[k] !== y[k]);
};

/** Terrace after one deal: the stock's top card moves to the waste. */
function dealt(/** @type {any} */ view) {
  const stock = view.piles.stock.slice(0, -1);
  const waste = [...view.piles.waste, "5h"];
  return {
    ...view,
    seq: view.seq + 1,
    stock_count: view.stock_count - 1,
    moves_played: view.moves_played + 1,
    piles: { ...view.piles, stock, waste },
  };
}

test("the same view, or a new seq alone, redraws nothing", () => {
  const view = fixture("terrace-play");
  assert.deepEqual(changed(view, structuredClone(view)), []);
  assert.deepEqual(changed(view, { ...view, seq: view.seq + 5, score: 9, can_redo: true }), []);
});

test("a deal redraws only the stock and the waste", () => {
  const view = fixture("terrace-play");
  assert.deepEqual(changed(view, dealt(view)), ["stock", "waste"]);
  assert.deepEqual(changed(dealt(view), view), ["stock", "waste"]);
});

test("a tableau move redraws its two piles", () => {
  const view = fixture("terrace-play");
  const t4 = view.piles.t4;
  const next = { ...view, piles: { ...view.piles, t4: t4.slice(0, -1), t3: [...view.piles.t3, t4[t4.length - 1]] } };
  assert.deepEqual(changed(view, next).sort(), ["t3", "t4"]);
});

test("the stock's lock, count and reason are part of it", () => {
  const view = fixture("terrace-play");
  assert.deepEqual(changed(view, { ...view, stock_reason: "locked: play the waste card first" }), ["stock"]);
  assert.deepEqual(changed(view, { ...view, stock_locked: true }), ["stock"]);
  assert.deepEqual(changed(view, { ...view, stock_count: 3 }), ["stock"]);
  assert.deepEqual(changed(view, { ...view, legal_moves: [] }), ["stock"]);
  const over = changed(view, { ...view, status: "lost" }); // the clock stops: the lock goes
  assert.deepEqual(over, ["stock"]);
});

test("the base rank redraws the foundations' marks", () => {
  const view = fixture("terrace-play");
  const found = view.pile_order.filter((/** @type {string} */ p) => p.startsWith("f"));
  assert.deepEqual(changed(view, { ...view, base_rank: 7 }), found);
});

test("hinted piles are redrawn on every new view (their pulse restarts)", () => {
  const view = { ...fixture("terrace-play"), hint: { move: "t7-t9", message: "m", cards: ["t7", "t9"] } };
  assert.deepEqual(changed(view, { ...view, seq: view.seq + 1 }), ["t7", "t9"]);
  const won = { ...view, hint: null, status: "won" };
  const found = view.pile_order.filter((/** @type {string} */ p) => p.startsWith("f"));
  assert.deepEqual(changed(won, { ...won, seq: won.seq + 1 }), found);
});

test("a new width or a longer reserve moves the piles, and redraws them", () => {
  const view = fixture("terrace-play");
  const a = sigs(view, 820);
  const b = sigs(view, 900);
  assert.ok(Object.keys(a).every((k) => a[k] !== b[k]));
  const reserve = [...view.piles.reserve, ...Array(12).fill("#")];
  const long = { ...view, piles: { ...view.piles, reserve } };
  assert.ok(changed(view, long).includes("reserve"));
});

test("Klondike: a turned card is redrawn", () => {
  const view = fixture("klondike-three");
  const t = view.pile_order.find((/** @type {string} */ p) => p.startsWith("t") && view.piles[p].length > 1);
  const cards = view.piles[t];
  const next = { ...view, piles: { ...view.piles, [t]: [...cards.slice(0, -2), "Kh"] } };
  assert.ok(changed(view, next).includes(t));
});

test("a change of language redraws every pile (their names and labels are in it)", () => {
  const view = fixture("terrace-play");
  const ru = { ...view, strings: { locale: "ru", messages: {}, plurals: {}, cards: {}, ranks: {}, piles: {} } };
  assert.deepEqual(changed(view, ru).sort(), Object.keys(sigs(view)).sort());
  assert.deepEqual(changed(ru, { ...ru }), []);
});
