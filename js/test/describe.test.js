import assert from "node:assert/strict";
import { test } from "node:test";
import {
  clockRuns,
  elapsedSeconds,
  formatClock,
  foundationMark,
  groupName,
  moveSentence,
  pileLabel,
  pileTitle,
  statusItems,
} from "../describe.js";
import { fixture } from "./helpers.js";

test("pile titles", () => {
  assert.equal(pileTitle("t3"), "Tableau 3");
  assert.equal(pileTitle("f8"), "Foundation 8");
  assert.equal(pileTitle("reserve"), "Reserve");
  assert.equal(pileTitle("stock"), "Stock");
});

test("tableau labels read top first, then the face-down count", () => {
  const view = fixture("klondike-three");
  assert.equal(pileLabel("t3", ["#", "#", "TC", "9D"], view), "Tableau 3: nine of diamonds on ten of clubs, 2 face-down cards");
  assert.equal(pileLabel("t2", view.piles.t2, view), "Tableau 2: six of diamonds, 1 face-down card");
  assert.equal(pileLabel("t5", [], view), "Tableau 5: empty");
  assert.equal(pileLabel("t1", ["4D"], view), "Tableau 1: four of diamonds");
});

test("plain piles say their top card and size; the stock its count and reason", () => {
  const view = fixture("terrace-play");
  assert.equal(pileLabel("waste", view.piles.waste, view), "Waste: queen of hearts on top, 1 card");
  assert.equal(pileLabel("f6", view.piles.f6, view), "Foundation 6: six of hearts on top, 1 card");
  assert.equal(pileLabel("reserve", view.piles.reserve, view), "Reserve: king of diamonds on top, 11 cards");
  assert.equal(pileLabel("stock", view.piles.stock, view), "Stock: 82 cards");
  const locked = { ...view, stock_reason: "locked: play the waste card first" };
  assert.equal(pileLabel("stock", view.piles.stock, locked), "Stock: 82 cards, locked: play the waste card first");
});

test("move sentences name the cards moved", () => {
  const view = fixture("terrace-play");
  assert.equal(moveSentence(view, "t4", "t3", 1), "Moved the jack of spades to Tableau 3.");
  const k = { ...fixture("klondike-three"), piles: { t4: ["#", "KD", "QS", "JH"] } };
  assert.equal(groupName(k, "t4", 3), "the king of diamonds and the 2 cards on it");
  assert.equal(groupName(k, "t4", 2), "the queen of spades and the card on it");
});

test("status items: score, stock, redeals (∞ when unlimited, none when the game has none), base, moves", () => {
  const play = statusItems(fixture("terrace-play"));
  assert.deepEqual(
    play.map((i) => [i.key, i.value]),
    [["score", "1/104"], ["stock", "82"], ["base", "6"], ["moves", "1"]],
  );
  const gp = statusItems({ ...fixture("terrace-play"), redeals: 1, redeals_left: 0 });
  assert.equal(gp.find((i) => i.key === "redeals")?.value, "0"); // General's Patience, after its redeal
  const base = statusItems(fixture("terrace-base"));
  assert.equal(base.find((i) => i.key === "base")?.value, "to choose");
  const k = statusItems(fixture("klondike-three"));
  assert.equal(k.find((i) => i.key === "redeals")?.value, "\u221e");
  assert.equal(k.find((i) => i.key === "base"), undefined);
  const locked = statusItems({ ...fixture("terrace-play"), stock_locked: true, stock_reason: "locked: why" });
  assert.equal(locked[1].value, "82"); // the reason itself is on the message line only
  assert.equal(locked[1].title, "locked");
  // The kernel's layout hints decide, not the game's family or id.
  const hints = { foundations_row: 0, tableau_depth: 4.2, base_card: true, foundation_mark: null, pick_depth: true, redeals: false };
  const hinted = statusItems({ ...fixture("klondike-three"), layout: hints }).map((i) => i.key);
  assert.deepEqual(hinted, ["score", "stock", "base", "moves"]);
});

test("the clock", () => {
  const view = { ...fixture("terrace-play"), started: 1_000_000 };
  assert.equal(elapsedSeconds(view, 1_065_400), 65);
  assert.equal(elapsedSeconds(view, 900_000), 0);
  assert.equal(elapsedSeconds({ ...view, started: undefined }, 5), null);
  assert.equal(elapsedSeconds({ ...view, started: null }, 5_000_000), 0); // waits for the first move
  assert.equal(elapsedSeconds({ ...view, status: "won", summary: { moves: 1, score: 104, seconds: 725.4 } }, 0), 725);
  assert.equal(formatClock(65), "1:05");
  assert.equal(formatClock(0), "0:00");
  assert.equal(formatClock(3723), "1:02:03");
  assert.equal(formatClock(null), "–:––");
  assert.ok(clockRuns(view));
  assert.ok(!clockRuns({ ...view, status: "won" }));
  assert.ok(!clockRuns({ ...view, status: "lost" }));
});

test("empty foundations show the rank they start from", () => {
  assert.equal(foundationMark(fixture("terrace-play")), "6");
  assert.equal(foundationMark(fixture("terrace-base")), "");
  assert.equal(foundationMark(fixture("klondike-three")), "A");
});
