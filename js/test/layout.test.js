import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_CW, MIN_CW, U, cardOffsets, computeLayout, dropTarget, neighbour, pileKind, tableauOffsets } from "../layout.js";
import { fixture } from "./helpers.js";

/** @param {import("../layout.js").Layout} l @param {string} name */
const slot = (l, name) => {
  const s = l.slots.find((x) => x.name === name);
  assert.ok(s, name);
  return s;
};

/** @param {import("../layout.js").Rect} a @param {import("../layout.js").Rect} b */
const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

test("pile kinds", () => {
  assert.equal(pileKind("stock"), "stock");
  assert.equal(pileKind("reserve"), "reserve");
  assert.equal(pileKind("f8"), "foundation");
  assert.equal(pileKind("t9"), "tableau");
});

test("nine Terrace columns fit 700 to 1100 px without overflow", () => {
  const view = fixture("terrace-play");
  for (const width of [700, 800, 900, 1000, 1100]) {
    const l = computeLayout(view, width);
    assert.equal(l.width, width, `width ${width}`);
    assert.ok(l.cw >= 60 && l.cw <= MAX_CW, `card width ${l.cw} at ${width}`);
    for (const s of l.slots) {
      assert.ok(s.zone.x >= 0 && s.zone.x + s.zone.w <= width, `${s.name} inside at ${width}`);
    }
    assert.equal(l.ch, Math.round(l.cw * U.H));
  }
  assert.equal(computeLayout(view, 700).cw, 71);
});

test("card size grows with the container, within limits", () => {
  const view = fixture("terrace-play");
  const small = computeLayout(view, 200);
  assert.equal(small.cw, MIN_CW);
  assert.ok(small.width > 200, "a tiny container scrolls instead of squashing cards");
  assert.equal(computeLayout(view, 4000).cw, MAX_CW);
  assert.ok(computeLayout(view, 800).cw < computeLayout(view, 1000).cw);
});

test("Terrace: rows in Aisleriot order, nine columns 7/8 of a slot apart", () => {
  const view = fixture("terrace-play");
  const l = computeLayout(view, 1000);
  const [stock, waste, reserve, f1, t1, t2] = ["stock", "waste", "reserve", "f1", "t1", "t2"].map((n) => slot(l, n));
  assert.equal(stock.y, reserve.y);
  assert.ok(waste.x > stock.x && reserve.x > waste.x + l.cw);
  assert.ok(f1.y >= stock.y + l.ch, "foundations below the top row");
  assert.ok(t1.y >= f1.y + l.ch, "tableau below the foundations");
  assert.ok(Math.abs(t2.x - t1.x - l.cw * U.PITCH * 7 / 8) <= 1);
  assert.deepEqual(l.slots.map((s) => s.name), view.pile_order);
});

test("the reserve fans right with every card's index visible", () => {
  for (const name of ["terrace-play", "redheads"]) {
    const view = fixture(name);
    const l = computeLayout(view, 900);
    const r = slot(l, "reserve");
    assert.equal(r.cards.length, view.piles.reserve.length);
    for (let k = 1; k < r.cards.length; k++) {
      const step = r.cards[k].x - r.cards[k - 1].x;
      assert.ok(step >= Math.floor(l.cw * U.FAN_RIGHT_MIN), `${name}: step ${step} at ${k}`);
    }
    const last = r.cards[r.cards.length - 1];
    assert.ok(last.x + l.cw <= l.width, `${name}: reserve inside the table`);
  }
});

test("Klondike: foundations on the top row, seven columns, face-down cards tighter", () => {
  const view = fixture("klondike-three");
  const l = computeLayout(view, 800);
  assert.equal(slot(l, "f1").y, slot(l, "stock").y);
  const t7 = slot(l, "t7");
  assert.equal(t7.cards.length, 7);
  const backStep = t7.cards[1].y - t7.cards[0].y;
  assert.equal(backStep, Math.round(U.FAN_BACK * l.cw));
  const t2 = slot(l, "t2");
  assert.ok(t2.zone.y + t2.zone.h === l.height, "a column's drop zone reaches the bottom");
});

test("the three-card waste shows its top three cards fanned", () => {
  const view = fixture("klondike-three");
  const offs = cardOffsets("waste", ["2C", "5D", "9C", "JD", "6H"], 0, 3);
  const fanned = offs.filter((o) => o.dy === 0).map((o) => o.i);
  assert.deepEqual(fanned, [2, 3, 4]);
  assert.equal(offs[offs.length - 1].i, 4, "the top card is drawn last");
  const single = cardOffsets("waste", ["2C", "5D", "9C"], 0, 1);
  assert.equal(single[single.length - 1].i, 2);
  assert.ok(single.length <= 3);
  const l = computeLayout(view, 800);
  const w = slot(l, "waste");
  assert.equal(w.cards.length, 3);
  assert.ok(w.cards[2].x > w.cards[1].x && w.cards[1].x > w.cards[0].x);
  assert.ok(w.zone.x + w.zone.w < slot(l, "f1").x, "the fan stays clear of the foundations");
});

test("long tableau piles are squeezed but stay readable", () => {
  const long = Array.from({ length: 20 }, () => "9C");
  const ys = tableauOffsets(long);
  const step = ys[1] - ys[0];
  assert.ok(step >= U.FAN_DOWN_MIN - 1e-9 && step < U.FAN_DOWN);
  assert.deepEqual(tableauOffsets(["9C", "8D"]), [0, U.FAN_DOWN]);
  assert.deepEqual(tableauOffsets(["#", "#", "8D"]), [0, U.FAN_BACK, 2 * U.FAN_BACK]);
});

test("drop zones do not overlap", () => {
  for (const name of ["terrace-play", "klondike-three", "redheads"]) {
    const l = computeLayout(fixture(name), 900);
    for (const a of l.slots) {
      for (const b of l.slots) {
        if (a !== b) assert.ok(!overlap(a.zone, b.zone), `${name}: ${a.name} overlaps ${b.name}`);
      }
    }
  }
});

test("dropTarget: the pile under the pointer, else the largest overlap", () => {
  const l = computeLayout(fixture("terrace-play"), 900);
  const t3 = slot(l, "t3");
  const f2 = slot(l, "f2");
  assert.equal(dropTarget(l, { x: t3.x + 5, y: t3.y + 5 }), "t3");
  assert.equal(dropTarget(l, { x: t3.x + 5, y: l.height - 2 }), "t3", "below a short column");
  assert.equal(dropTarget(l, { x: f2.x + l.cw / 2, y: f2.y + l.ch / 2 }), "f2");
  // pointer in the gap between f2 and f3, the card mostly over f3
  const gap = { x: f2.x + l.cw + 2, y: f2.y + 10 };
  const card = { x: gap.x - 5, y: f2.y, w: l.cw, h: l.ch };
  assert.equal(dropTarget(l, gap, card), "f3");
  assert.equal(dropTarget(l, { x: -50, y: -50 }), null);
  assert.equal(dropTarget(l, { x: -500, y: -500 }, { x: -500, y: -500, w: 10, h: 10 }), null);
});

test("arrow neighbours follow the table", () => {
  const l = computeLayout(fixture("terrace-play"), 900);
  assert.equal(neighbour(l, "t1", "right"), "t2");
  assert.equal(neighbour(l, "t2", "left"), "t1");
  assert.equal(neighbour(l, "t1", "left"), null);
  assert.equal(neighbour(l, "t1", "up"), "f1");
  assert.equal(neighbour(l, "t9", "up"), "f8");
  assert.equal(neighbour(l, "f1", "up"), "stock");
  assert.equal(neighbour(l, "f1", "down"), "t1");
  assert.equal(neighbour(l, "stock", "right"), "waste");
  assert.equal(neighbour(l, "waste", "right"), "reserve");
  assert.equal(neighbour(l, "t5", "down"), null);
  const k = computeLayout(fixture("klondike-three"), 900);
  assert.equal(neighbour(k, "waste", "right"), "f1");
  assert.equal(neighbour(k, "t1", "up"), "stock");
  assert.equal(neighbour(k, "t7", "up"), "f4");
});

test("the table's size depends on the game and the room only, never on the cards", () => {
  for (const name of ["terrace-base", "terrace-play", "klondike-three", "redheads"]) {
    const view = fixture(name);
    const longest = { ...view, piles: { ...view.piles, t1: [...Array(6).fill("#"), ...Array(20).fill("9C")] } };
    for (const width of [360, 600, 1200]) {
      const a = computeLayout(view, width);
      const b = computeLayout(longest, width);
      assert.equal(a.height, b.height, `${name} at ${width}`);
      assert.equal(a.width, b.width);
      for (const c of slot(b, "t1").cards) assert.ok(c.y + b.ch <= b.height, `${name}: card ${c.i} inside at ${width}`);
    }
  }
  const base = computeLayout(fixture("terrace-base"), 900);
  assert.equal(base.height, computeLayout(fixture("terrace-play"), 900).height);
});

test("at 360 px every pile is on the table, nothing sticks out", () => {
  for (const name of ["terrace-base", "terrace-play", "klondike-three", "redheads"]) {
    const l = computeLayout(fixture(name), 360);
    assert.equal(l.width, 360);
    for (const s of l.slots) {
      assert.ok(s.zone.x >= 0 && s.zone.x + s.zone.w <= 360, `${name}: ${s.name} inside`);
      for (const c of s.cards) assert.ok(c.x + l.cw <= 360, `${name}: ${s.name} card ${c.i}`);
    }
  }
});

test("a window too short for the table makes the cards smaller, not the table taller", () => {
  const view = fixture("klondike-three");
  const free = computeLayout(view, 1400);
  const short = computeLayout(view, 1400, 500);
  assert.ok(short.height <= 500 && short.cw < free.cw, `${short.height} ${short.cw}`);
});
