import assert from "node:assert/strict";
import { test } from "node:test";
import { pileTitle, statusItems } from "../describe.js";
import { t, tn } from "../i18n.js";
import { fixture } from "./helpers.js";

/** A Russian catalogue as the kernel sends it (table/strings.py), cut down to what is used. */
const cards = { nom: Array(52).fill("?"), acc: Array(52).fill("?") };
cards.nom[2 * 13 + 11] = "дама червей"; // QH
cards.acc[2 * 13 + 11] = "даму червей";
cards.acc[1 * 13 + 12] = "короля бубён"; // KD
const RU = {
  locale: "ru",
  messages: { "{card} cannot go on {onto}": "{card:acc} нельзя положить на {onto:acc}", Score: "Очки", "Tableau {n}": "Стопка {n}" },
  plurals: { "{n} move": { one: "{n} ход", few: "{n} хода", many: "{n} ходов", other: "{n} ходов" } },
  cards,
  ranks: { nom: ["туз"] },
  piles: { nom: { t: "стопка {n} расклада" }, acc: { t: "стопку {n} расклада" } },
};

test("a sentence is looked up and its cards declined as the template asks", () => {
  const view = { strings: RU };
  assert.equal(t(view, "{card} cannot go on {onto}", { card: { card: "QH" }, onto: { card: "KD" } }), "даму червей нельзя положить на короля бубён");
  assert.equal(t(view, "{pile:acc}", { pile: { pile: "t3" } }), "стопку 3 расклада");
  assert.equal(pileTitle("t3", /** @type {any} */ (view)), "Стопка 3");
});

test("counted sentences take the form of the count's plural category", () => {
  const view = { strings: RU };
  assert.deepEqual([1, 3, 5, 21, 22, 11].map((n) => tn(view, "{n} move", "{n} moves", n)), ["1 ход", "3 хода", "5 ходов", "21 ход", "22 хода", "11 ходов"]);
});

test("without a catalogue (English) the id is the text", () => {
  assert.equal(t(undefined, "Score"), "Score");
  assert.equal(tn(undefined, "{n} move", "{n} moves", 2), "2 moves");
  assert.equal(t(undefined, "Moved {card} to {pile:title}.", { card: { card: "QH" }, pile: { pile: "f1" } }), "Moved the queen of hearts to Foundation 1.");
  const items = statusItems({ ...fixture("terrace-play"), strings: RU });
  assert.equal(items[0].label, "Очки");
});
