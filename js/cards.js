// @ts-check
/**
 * Card codes → what people see and hear. Pure: no DOM, no rules.
 *
 * A code is rank then suit (`QH`, `TD`, `AS`); a face-down card is `"#"` (its identity never
 * reaches the browser). Suits follow the engine's order: clubs, diamonds, hearts, spades.
 */

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
/** Suit symbols followed by U+FE0E, so ♥ ♦ stay text glyphs and never become colour emoji. */
const SUIT_GLYPHS = ["\u2663\ufe0e", "\u2666\ufe0e", "\u2665\ufe0e", "\u2660\ufe0e"];
const SUIT_WORDS = ["clubs", "diamonds", "hearts", "spades"];
/** Spoken ranks, in the words a person uses ("the five of spades"), as the engine's sentences do. */
const RANK_NAMES = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"];
const RANK_TITLES = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"];

/**
 * @typedef {object} Face
 * @property {string} code   "QH"
 * @property {number} rank   1 (ace) … 13 (king)
 * @property {number} suit   0 clubs, 1 diamonds, 2 hearts, 3 spades
 * @property {boolean} red
 * @property {boolean} court jack, queen or king
 * @property {string} label  "A", "2" … "10", "J", "Q", "K"
 * @property {string} glyph  the suit symbol
 * @property {string} short  "Q♥"
 * @property {string} name   "queen of hearts", "nine of diamonds"
 */

/**
 * Whether a pile entry is a face-down card.
 * @param {string} code
 */
export function isFaceDown(code) {
  return code.startsWith("#");
}

/**
 * The rank as printed in a corner: "A", "2" … "10", "J", "Q", "K".
 * @param {number} rank 1..13
 */
export function rankLabel(rank) {
  return rank === 10 ? "10" : RANKS[rank - 1] ?? "?";
}

/**
 * The rank as a word for the status bar: "Ace", "7", "Queen".
 * @param {number} rank 1..13
 */
export function rankTitle(rank) {
  return RANK_TITLES[rank - 1] ?? String(rank);
}

/**
 * Everything needed to draw or name a face-up card; null for a face-down or unknown code.
 * @param {string} code
 * @returns {Face | null}
 */
export function face(code) {
  if (typeof code !== "string" || code.length !== 2) return null;
  const rank = RANKS.indexOf(code[0].toUpperCase()) + 1;
  const suit = SUITS.indexOf(code[1].toUpperCase());
  if (rank < 1 || suit < 0) return null;
  const label = rankLabel(rank);
  return {
    code: RANKS[rank - 1] + SUITS[suit],
    rank,
    suit,
    red: suit === 1 || suit === 2,
    court: rank > 10,
    label,
    glyph: SUIT_GLYPHS[suit],
    short: label + SUIT_GLYPHS[suit],
    name: `${RANK_NAMES[rank - 1]} of ${SUIT_WORDS[suit]}`,
  };
}

/**
 * A card's spoken name ("queen of hearts"), "face-down card" when it is hidden.
 * @param {string} code
 */
export function cardName(code) {
  return face(code)?.name ?? "face-down card";
}

/**
 * How many face-up cards lie on top of a pile (bottom → top list).
 * @param {readonly string[]} cards
 */
export function faceUpRun(cards) {
  let n = 0;
  for (let k = cards.length - 1; k >= 0 && !isFaceDown(cards[k]); k--) n++;
  return n;
}

/**
 * The spoken rank alone, for sentences about the base: "six", "queen".
 * @param {number} rank 1..13
 */
export function rankName(rank) {
  return RANK_NAMES[rank - 1] ?? String(rank);
}
