import assert from "node:assert/strict";
import { test } from "node:test";
import { messageFor } from "../view.js";
import { fixture } from "./helpers.js";

const ui = (/** @type {any} */ note = null, /** @type {any} */ told = null) => ({ held: null, focus: null, depth: 1, note, told });

test("a note made for this view wins; a stale one is ignored", () => {
  const view = { ...fixture("terrace-play"), seq: 7, message: { kind: "info", text: "news" } };
  assert.deepEqual(messageFor(view, ui({ kind: "refused", text: "no", seq: 7 })), { kind: "refused", text: "no", seq: 7 });
  assert.deepEqual(messageFor(view, ui({ kind: "refused", text: "no", seq: 6 })), { kind: "info", text: "News." });
});

test("a refusal in the view shows in the warning style, before a hint", () => {
  const hint = { move: "t7-t9", message: "Move the four of clubs onto the five of diamonds.", cards: ["t7", "t9"] };
  const view = { ...fixture("terrace-play"), message: { kind: "refused", text: "cards move one at a time" }, hint };
  assert.deepEqual(messageFor(view, ui()), { kind: "refused", text: "Cards move one at a time." });
  assert.deepEqual(messageFor({ ...view, message: null }, ui()), { kind: "hint", text: hint.message });
});

test("won and lost live in the banner, not the message line", () => {
  const won = { ...fixture("terrace-play"), status: "won", message: { kind: "won", text: "Congratulations, you won!" } };
  assert.equal(messageFor(won, ui()).text, "");
  const lost = { ...fixture("terrace-play"), status: "lost", message: { kind: "lost", text: "No more moves" } };
  assert.equal(messageFor(lost, ui()).text, "");
});

test("a fresh deal explains how to play", () => {
  const fresh = { ...fixture("terrace-base") };
  assert.match(messageFor(fresh, ui()).text, /^Drag a card/);
  assert.equal(messageFor(fixture("terrace-play"), ui()).text, "");
});

test("what a move did stays on the line while its table is shown (a verdict does not wipe it)", () => {
  const view = { ...fixture("terrace-play"), seq: 9, table_seq: 8 };
  const told = { text: "Moved the jack of spades to Tableau 3.", table: 8 };
  assert.equal(messageFor(view, ui(null, told)).text, told.text);
  const verdict = { ...view, seq: 10, winnable_check: true, winnable: "won" };
  assert.equal(messageFor(verdict, ui(null, told)).text, told.text);
  assert.equal(messageFor({ ...view, seq: 11, table_seq: 11 }, ui(null, told)).text, "");
});

test("the lock's reason is on the message line, and only there", () => {
  const locked = { ...fixture("terrace-play"), stock_locked: true, stock_reason: "the stock is locked while a tableau space is open" };
  assert.deepEqual(messageFor(locked, ui()), { kind: "lock", text: "The stock is locked while a tableau space is open." });
});

test("a lost game's line says which move lost it", () => {
  const lost = { ...fixture("terrace-play"), status: "lost", post_mortem: "The game was still winnable before move 3 (t1-t2); after it no line wins." };
  assert.equal(messageFor(lost, ui()).text, lost.post_mortem);
});
