// The Statistics panel's figures as shown (js/players.js).
import assert from "node:assert/strict";
import test from "node:test";
import { TEXT, dealLine, figureText } from "../players.js";

const figures = {
  played: 4, won: 3, percent: 75, clean: 2, best_seconds: 65, worst_seconds: null,
  fewest_moves: 120, streak: 1, longest_streak: 2, hints: 0, undos: 5,
}; // prettier-ignore

test("times read m:ss, a missing figure a dash, the rate a percentage", () => {
  assert.equal(figureText("best_seconds", figures), "1:05");
  assert.equal(figureText("worst_seconds", figures), "–");
  assert.equal(figureText("percent", figures), "75%");
  assert.equal(figureText("undos", figures), "5");
  assert.equal(figureText("percent", { ...figures, percent: null }), "–");
});

test("every figure the kernel keeps has a label", () => {
  assert.deepEqual(
    TEXT.figures.map(([k]) => k).sort(),
    Object.keys(figures).sort(),
  );
});

test("the deal's line is in the table's language, its difficulty word too", () => {
  const deal = { source: "daily", winnable: true, text: null, difficulty: "hard", rule: "", daily: "2026-12-06", share: null };
  assert.equal(dealLine({ deal }), "Daily deal 2026-12-06. Difficulty: hard.");
  const strings = {
    locale: "ru", plurals: {}, cards: {}, ranks: {}, piles: {},
    messages: { "Daily deal {date}.": "Раздача дня {date}.", "Difficulty: {difficulty}.": "Сложность: {difficulty}.", hard: "трудная" },
  }; // prettier-ignore
  assert.equal(dealLine({ deal, strings }), "Раздача дня 2026-12-06. Сложность: трудная.");
  assert.equal(dealLine({ deal: null }), "");
});
