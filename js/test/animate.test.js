import assert from "node:assert/strict";
import { test } from "node:test";
import { pairCards, snapshot } from "../animate.js";
import { computeLayout } from "../layout.js";
import { fixture } from "./helpers.js";

/** The drawn cards of a view, as animate.js reads them from the DOM. */
const drawn = (/** @type {any} */ view) => snapshot(view, computeLayout(view, 900));

test("a move pairs the card with its old place; the rest stay put", () => {
  const before = fixture("terrace-play");
  const t4 = before.piles.t4;
  const after = { ...before, piles: { ...before.piles, t4: t4.slice(0, -1), t3: [...before.piles.t3, t4[t4.length - 1]] } };
  const pairs = pairCards(drawn(before), drawn(after));
  const moved = pairs.filter((p) => p.was.pile !== p.now.pile);
  assert.deepEqual(moved.map((p) => [p.was.pile, p.now.pile, p.now.code, p.flip]), [["t4", "t3", t4[t4.length - 1], false]]);
});

test("a deal flies from the stock and turns over; a Klondike turn-over flips in place", () => {
  const before = fixture("terrace-play");
  const after = { ...before, piles: { ...before.piles, stock: before.piles.stock.slice(1), waste: [...before.piles.waste, "4C"] } };
  const top = after.piles.waste.length - 1;
  const dealt = pairCards(drawn(before), drawn(after)).filter((p) => p.now.pile === "waste" && p.now.i === top);
  assert.equal(dealt.length, 1);
  assert.equal(dealt[0].was.pile, "stock");
  assert.ok(dealt[0].flip);
  const k = fixture("klondike-three");
  const t2 = k.piles.t2; // ["#", "6D"]
  const turned = { ...k, piles: { ...k.piles, t2: ["5C"], t3: [...k.piles.t3, t2[1]] } };
  const flips = pairCards(drawn(k), drawn(turned)).filter((p) => p.flip);
  assert.deepEqual(flips.map((p) => [p.was.pile, p.now.pile, p.now.code]), [["t2", "t2", "5C"]]);
});

test("two decks: each copy of a card is paired once", () => {
  const before = { ...fixture("terrace-play") };
  before.piles = { ...before.piles, t1: ["9C"], t2: ["9C"], t3: ["TD"] };
  const after = { ...before, piles: { ...before.piles, t1: [], t3: ["TD", "9C"] } };
  const pairs = pairCards(drawn(before), drawn(after));
  const nines = pairs.filter((p) => p.now.code === "9C");
  assert.equal(nines.length, 2);
  assert.deepEqual(new Set(nines.map((p) => p.was.pile)), new Set(["t1", "t2"]));
});
