import assert from "node:assert/strict";
import { test } from "node:test";
import { cardName, face, faceUpRun, isFaceDown, rankLabel, rankTitle } from "../cards.js";

test("face reads rank, suit and colour", () => {
  const q = face("QH");
  assert.equal(q?.rank, 12);
  assert.equal(q?.suit, 2);
  assert.equal(q?.red, true);
  assert.equal(q?.court, true);
  assert.equal(q?.label, "Q");
  assert.equal(q?.name, "queen of hearts");
  assert.equal(q?.glyph, "\u2665\ufe0e");
  const c = face("AC");
  assert.deepEqual([c?.rank, c?.suit, c?.red, c?.court, c?.label], [1, 0, false, false, "A"]);
  assert.equal(face("9D")?.name, "nine of diamonds");
  assert.equal(face("TC")?.name, "ten of clubs");
});

test("ten is printed 10 and spades are black", () => {
  const t = face("TS");
  assert.equal(t?.label, "10");
  assert.equal(t?.short, "10\u2660\ufe0e");
  assert.equal(t?.red, false);
  assert.equal(face("ts")?.code, "TS");
});

test("face-down and malformed codes have no face", () => {
  assert.equal(face("#"), null);
  assert.equal(face("#QH"), null);
  assert.equal(face("1H"), null);
  assert.equal(face("QX"), null);
  assert.equal(face(""), null);
  assert.equal(cardName("#"), "face-down card");
  assert.ok(isFaceDown("#"));
  assert.ok(isFaceDown("#QH"));
  assert.ok(!isFaceDown("QH"));
});

test("rank words", () => {
  assert.equal(rankLabel(1), "A");
  assert.equal(rankLabel(10), "10");
  assert.equal(rankLabel(13), "K");
  assert.equal(rankTitle(1), "Ace");
  assert.equal(rankTitle(6), "6");
  assert.equal(rankTitle(12), "Queen");
});

test("faceUpRun counts the face-up cards on top", () => {
  assert.equal(faceUpRun([]), 0);
  assert.equal(faceUpRun(["#", "#", "9C"]), 1);
  assert.equal(faceUpRun(["#", "KD", "QS", "JH"]), 3);
  assert.equal(faceUpRun(["#", "#"]), 0);
  assert.equal(faceUpRun(["8C", "4H"]), 2);
});
