import assert from "node:assert/strict";
import { test } from "node:test";
import { canDeal, countsFrom, moveText, parseMove, targetsFor } from "../moves.js";
import { fixture } from "./helpers.js";

test("parseMove reads single moves and groups", () => {
  assert.deepEqual(parseMove("t3-f1"), { src: "t3", dst: "f1", count: 1 });
  assert.deepEqual(parseMove("t2-t5x3"), { src: "t2", dst: "t5", count: 3 });
  assert.deepEqual(parseMove("waste-t4"), { src: "waste", dst: "t4", count: 1 });
  assert.deepEqual(parseMove(" Reserve-F8 "), { src: "reserve", dst: "f8", count: 1 });
});

test("parseMove rejects deal and garbage", () => {
  assert.equal(parseMove("deal"), null);
  assert.equal(parseMove("t3"), null);
  assert.equal(parseMove("t3-f1x0"), null);
  assert.equal(parseMove(/** @type {any} */ (42)), null);
});

test("moveText writes what the engine reads", () => {
  assert.equal(moveText("t3", "f1"), "t3-f1");
  assert.equal(moveText("t3", "f1", 1), "t3-f1");
  assert.equal(moveText("t2", "t5", 3), "t2-t5x3");
  for (const text of ["t3-f1", "t2-t5x3", "waste-t4"]) {
    const m = parseMove(text);
    assert.ok(m);
    assert.equal(moveText(m.src, m.dst, m.count), text);
  }
});

test("targets of a held card come from the legal moves only", () => {
  const base = fixture("terrace-base");
  assert.deepEqual(targetsFor(base.legal_moves, "t2", 1), ["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"]);
  assert.deepEqual(targetsFor(base.legal_moves, "t5", 1), []);
  assert.deepEqual(targetsFor(base.legal_moves, "reserve", 1), []);
  const play = fixture("terrace-play");
  assert.deepEqual(targetsFor(play.legal_moves, "t4", 1), ["t3"]);
  assert.deepEqual(targetsFor(play.legal_moves, "t4", 2), []);
  assert.ok(canDeal(play.legal_moves));
  assert.ok(!canDeal(base.legal_moves));
});

test("group counts must match exactly", () => {
  const legal = ["t2-t5x3", "t2-t6", "t2-f1", "t4-t5x2", "deal"];
  assert.deepEqual(targetsFor(legal, "t2", 3), ["t5"]);
  assert.deepEqual(targetsFor(legal, "t2", 1), ["t6", "f1"]);
  assert.deepEqual(targetsFor(legal, "t2", 2), []);
  assert.deepEqual(countsFrom(legal, "t2"), [1, 3]);
  assert.deepEqual(countsFrom(legal, "t9"), []);
});

test("Klondike three-card fixture: the waste top goes to t4", () => {
  const k = fixture("klondike-three");
  assert.deepEqual(targetsFor(k.legal_moves, "waste", 1), ["t4"]);
  assert.deepEqual(targetsFor(k.legal_moves, "t7", 1), ["f1", "f2", "f3", "f4"]);
});
