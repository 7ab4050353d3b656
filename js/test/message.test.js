import assert from "node:assert/strict";
import { test } from "node:test";
import { messageFor } from "../view.js";
import { fixture } from "./helpers.js";

const ui = (/** @type {any} */ note = null) => ({ held: null, focus: null, depth: 1, note });

test("a note made for this view wins; a stale one is ignored", () => {
  const view = { ...fixture("terrace-play"), seq: 7, message: { kind: "info", text: "news" } };
  assert.deepEqual(messageFor(view, ui({ kind: "refused", text: "no", seq: 7 })), { kind: "refused", text: "no", seq: 7 });
  assert.deepEqual(messageFor(view, ui({ kind: "refused", text: "no", seq: 6 })), { kind: "info", text: "news" });
});

test("a refusal in the view shows in the warning style, before a hint", () => {
  const hint = { move: "t7-t9", message: "Move the four of clubs onto the five of diamonds.", cards: ["t7", "t9"] };
  const view = { ...fixture("terrace-play"), message: { kind: "refused", text: "cards move one at a time" }, hint };
  assert.deepEqual(messageFor(view, ui()), { kind: "refused", text: "cards move one at a time" });
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
