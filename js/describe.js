// @ts-check
/**
 * Words for people and screen readers: pile names, pile descriptions, the status items and
 * the clock. Pure: reads a view, returns strings.
 */
import { cardName, isFaceDown, rankLabel, rankTitle } from "./cards.js";

/**
 * @typedef {import("./widget.js").View} View
 * @typedef {{key: string, label: string, value: string, title?: string}} StatusItem
 */

/** @param {number} n @param {string} word */
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * "Stock", "Waste", "Reserve", "Foundation 3", "Tableau 3".
 * @param {string} name engine pile name
 */
export function pileTitle(name) {
  const m = /^([ft])(\d+)$/.exec(name);
  if (m) return `${m[1] === "f" ? "Foundation" : "Tableau"} ${m[2]}`;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The accessible description of a pile, e.g.
 * "Tableau 3: 9 of diamonds on 10 of clubs, 2 face-down cards".
 * @param {string} name
 * @param {readonly string[]} cards bottom → top
 * @param {View} view
 */
export function pileLabel(name, cards, view) {
  const title = pileTitle(name);
  if (name === "stock") {
    const n = view.stock_count ?? cards.length;
    const reason = view.stock_reason ? `, ${view.stock_reason}` : "";
    return `${title}: ${plural(n, "card")}${reason}`;
  }
  if (!cards.length) return `${title}: empty`;
  if (name.startsWith("t")) {
    const up = cards.filter((c) => !isFaceDown(c)).reverse().map(cardName);
    const down = cards.length - up.length;
    const parts = [up.join(" on "), down ? plural(down, "face-down card") : ""];
    return `${title}: ${parts.filter(Boolean).join(", ")}`;
  }
  return `${title}: ${cardName(cards[cards.length - 1])} on top, ${plural(cards.length, "card")}`;
}

/**
 * The cards taken from the top of `src`: "queen of hearts", or "3 cards from 9 of diamonds up".
 * @param {View} view
 * @param {string} src
 * @param {number} count
 */
export function groupName(view, src, count) {
  const cards = view.piles[src] ?? [];
  const first = cardName(cards[cards.length - count] ?? "#");
  return count > 1 ? `${count} cards from ${first} up` : first;
}

/**
 * "Moved queen of hearts from Tableau 3 to Foundation 1." for an accepted move.
 * @param {View} view the view the move was made from
 * @param {string} src
 * @param {string} dst
 * @param {number} count
 */
export function moveSentence(view, src, dst, count) {
  return `Moved ${groupName(view, src, count)} from ${pileTitle(src)} to ${pileTitle(dst)}.`;
}

/**
 * The status bar, in display order (the clock is added by the caller).
 * @param {View} view
 * @returns {StatusItem[]}
 */
export function statusItems(view) {
  /** @type {StatusItem[]} */
  const items = [
    { key: "score", label: "Score", value: view.max_score ? `${view.score}/${view.max_score}` : `${view.score}` },
    {
      key: "stock",
      label: "Stock",
      value: `${view.stock_count}${view.stock_locked ? " locked" : ""}`,
      title: view.stock_reason ?? undefined,
    },
    { key: "redeals", label: "Redeals", value: view.redeals_left == null ? "\u221e" : `${view.redeals_left}` },
  ];
  if (view.family === "terrace") {
    const base = view.base_rank ? rankTitle(view.base_rank) : view.status === "choosing-base" ? "to choose" : "—";
    items.push({ key: "base", label: "Base", value: base });
  }
  items.push({ key: "moves", label: "Moves", value: `${view.moves_played}` });
  return items;
}

/**
 * Seconds played: from the summary once the game is over, else from `view.started`.
 * @param {View} view
 * @param {number} now epoch milliseconds
 * @returns {number | null} null when the view has no start time
 */
export function elapsedSeconds(view, now) {
  if (view.summary && typeof view.summary.seconds === "number") return Math.max(0, Math.floor(view.summary.seconds));
  if (typeof view.started !== "number") return null;
  return Math.max(0, Math.floor((now - view.started) / 1000));
}

/**
 * "0:07", "12:34", "1:02:03".
 * @param {number | null} seconds
 */
export function formatClock(seconds) {
  if (seconds == null) return "–:––";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * Whether the clock still runs for this view.
 * @param {View} view
 */
export function clockRuns(view) {
  return view.status !== "won" && view.status !== "lost";
}

/**
 * The "can this still be won?" badge, or null while the indicator is off. The verdict is
 * the kernel's (its solver); this only puts it in words.
 * @param {View} view
 * @returns {{verdict: string, text: string, title: string} | null}
 */
export function verdictBadge(view) {
  if (!view.winnable_check) return null;
  switch (view.winnable) {
    case "winnable":
      return { verdict: "winnable", text: "winnable \u2713", title: "A winning line exists from here." };
    case "unwinnable":
      return { verdict: "unwinnable", text: "lost \u2717", title: "No line wins from here (proved)." };
    case "unknown":
      return { verdict: "unknown", text: "?", title: "The solver could not decide in its time." };
    default:
      return { verdict: "pending", text: "\u2026", title: "Checking whether this game can still be won\u2026" };
  }
}

/**
 * The intent of the "Winnable?" toggle: switch the indicator to the other state.
 * @param {View} view
 */
export function winnableIntent(view) {
  return { kind: "winnable", on: !view.winnable_check };
}

/**
 * The short text of an empty foundation: the rank it starts from ("6" in Terrace with base 6,
 * "A" in Klondike), or "" while there is none.
 * @param {View} view
 */
export function foundationMark(view) {
  if (view.family === "klondike") return "A";
  return view.base_rank ? rankLabel(view.base_rank) : "";
}
