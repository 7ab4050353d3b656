import assert from "node:assert/strict";
import { test } from "node:test";
import { actionSentence, sentence } from "../describe.js";
import { fixture } from "./helpers.js";

/** The view after `before`, with some piles changed and the kernel's action. */
const after = (/** @type {any} */ before, /** @type {any} */ action, /** @type {any} */ piles = {}, /** @type {any} */ extra = {}) => ({
  ...before, seq: before.seq + 1, table_seq: before.seq + 1, action, piles: { ...before.piles, ...piles }, ...extra,
}); // prettier-ignore

test("sentences start with a capital and end with a full stop", () => {
  assert.equal(sentence("the stock is empty"), "The stock is empty.");
  assert.equal(sentence("Nothing to undo."), "Nothing to undo.");
  assert.equal(sentence(""), "");
});

test("a move names its card as a person says it, and the pile it went to", () => {
  const before = fixture("terrace-play");
  const next = after(before, { kind: "move", moves: ["t4-t3"] });
  assert.equal(actionSentence(before, next), "Moved the jack of spades to Tableau 3.");
  const group = { ...fixture("klondike-three"), piles: { ...fixture("klondike-three").piles, t4: ["#", "KD", "QS", "JH"] } };
  const moved = after(group, { kind: "move", moves: ["t4-t1x3"] }, { t4: ["5C"] });
  assert.equal(actionSentence(group, moved), "Moved the king of diamonds and the 2 cards on it to Tableau 1, turning over the five of clubs.");
});

test("the base card, a deal and a redeal are told", () => {
  const base = fixture("terrace-base");
  const chosen = after(base, { kind: "move", moves: ["t2-f6"] }, {}, { status: "playing", base_rank: 6 });
  assert.match(actionSentence(base, chosen), /^The .+ is the base card: every foundation starts with a six\.$/);
  const play = fixture("terrace-play");
  const dealt = after(play, { kind: "move", moves: ["deal"] }, { waste: ["QH", "4C"] });
  assert.equal(actionSentence(play, dealt), "Dealt the four of clubs.");
  const k = { ...fixture("klondike-three"), stock_count: 0 };
  const redealt = after(k, { kind: "move", moves: ["deal"] }, {}, { redeals_left: 1 });
  assert.equal(actionSentence(k, redealt), "Turned the waste over into the stock. 1 redeal left.");
});

test("undo, redo, restart, new deal and the auto-finish each say what happened", () => {
  const play = fixture("terrace-play");
  const undone = after(play, { kind: "undo", moves: ["t3-f1"] }, { t3: ["9C", "8D"] });
  assert.equal(actionSentence(play, undone), "Undone: the eight of diamonds is back on Tableau 3.");
  assert.equal(actionSentence(play, after(play, { kind: "undo", moves: ["deal"] })), "Undone: the deal.");
  const redone = after(play, { kind: "redo", moves: ["t4-t3"] });
  assert.equal(actionSentence(play, redone), "Redone: moved the jack of spades to Tableau 3.");
  assert.equal(actionSentence(play, after(play, { kind: "restart", moves: [] })), "Back to the start of this deal; Undo brings your game back.");
  assert.equal(
    actionSentence(play, after(play, { kind: "new", moves: [] }, {}, { can_undo: true })),
    "A new deal of Terrace; Undo brings the last game back.",
  );
  assert.equal(
    actionSentence(play, after(play, { kind: "undo-game", moves: [] }, {}, { moves_played: 57 })),
    "Back to the previous game of Terrace, after 57 moves.",
  );
  assert.equal(
    actionSentence(play, after(play, { kind: "finish", moves: ["t1-f1"] }, {}, { status: "won" })),
    "Every card left went up to the foundations by itself.",
  );
  assert.match(actionSentence(play, after(play, { kind: "finish", moves: ["t1-f1"] })), /go up to the foundations by themselves/);
});
