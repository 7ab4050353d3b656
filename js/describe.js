// @ts-check
/**
 * Words for people and screen readers: pile names, pile descriptions, the status items and
 * the clock. Pure: reads a view, returns strings.
 */
import { cardName, isFaceDown, rankLabel, rankName, rankTitle } from "./cards.js";
import { parseMove } from "./moves.js";

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
 * The cards taken from the top of `src`: "the queen of hearts", or "the nine of diamonds and
 * the 2 cards on it".
 * @param {View} view
 * @param {string} src
 * @param {number} count
 */
export function groupName(view, src, count) {
  const cards = view.piles[src] ?? [];
  const first = `the ${cardName(cards[cards.length - count] ?? "#")}`;
  if (count <= 1) return first;
  return `${first} and the ${count === 2 ? "card" : `${count - 1} cards`} on it`;
}

/**
 * "Moved the queen of hearts to Foundation 1." for a move played from `view`.
 * @param {View} view the view the move was made from
 * @param {string} src
 * @param {string} dst
 * @param {number} count
 */
export function moveSentence(view, src, dst, count) {
  return `Moved ${groupName(view, src, count)} to ${pileTitle(dst)}.`;
}

/**
 * A sentence as the message line shows it: capitalised, ending with a full stop.
 * @param {string} text
 */
export function sentence(text) {
  const t = String(text ?? "").trim();
  if (!t) return "";
  const body = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(body) ? body : `${body}.`;
}

/** @param {number | null | undefined} left */
function redealsLeft(left) {
  if (left == null) return "";
  return left === 0 ? " No redeal is left." : ` ${plural(left, "redeal")} left.`;
}

/**
 * What a forward move did, in one sentence, from the views before and after it.
 * @param {View} before
 * @param {View} after
 * @param {string} text  the move, "t3-f1" or "deal"
 */
function playedSentence(before, after, text) {
  if (text === "deal") {
    if (!before.stock_count) return `Turned the waste over into the stock.${redealsLeft(after.redeals_left)}`;
    const waste = after.piles.waste ?? [];
    const dealt = Math.max(1, Math.min(before.stock_count, after.deal_count ?? 1));
    const top = `the ${cardName(waste[waste.length - 1] ?? "#")}`;
    return dealt > 1 ? `Dealt ${dealt} cards; ${top} is on top.` : `Dealt ${top}.`;
  }
  const m = parseMove(text);
  if (!m) return "";
  const cards = before.piles[m.src] ?? [];
  if (before.status === "choosing-base" && after.base_rank) {
    return `The ${cardName(cards[cards.length - 1] ?? "#")} is the base card: every foundation starts with a ${rankName(after.base_rank)}.`;
  }
  let line = `Moved ${groupName(before, m.src, m.count)} to ${pileTitle(m.dst)}`;
  const left = after.piles[m.src] ?? [];
  const was = cards[cards.length - m.count - 1];
  const now = left[left.length - 1];
  if (was && now && isFaceDown(was) && !isFaceDown(now)) line += `, turning over the ${cardName(now)}`;
  return `${line}.`;
}

/**
 * The message line's sentence for the change from `before` to `after` (`after.action`, the
 * kernel's record of what changed the table); "" when there is nothing to say.
 * @param {View} before
 * @param {View} after
 */
export function actionSentence(before, after) {
  const action = after.action;
  if (!action) return "";
  const moves = action.moves ?? [];
  switch (action.kind) {
    case "move":
      if (moves.length > 1) return `Moved ${plural(moves.length, "card")} up to the foundations.`;
      return moves.length ? playedSentence(before, after, moves[0]) : "";
    case "finish":
      return after.status === "won" ? "Every card left went up to the foundations by itself." : "The cards left go up to the foundations by themselves\u2026";
    case "undo": {
      if (moves.length > 1) return `Undone: ${plural(moves.length, "card")} are back from the foundations.`;
      if (moves[0] === "deal") return after.stock_count > before.stock_count && !before.stock_count ? "Undone: the redeal." : "Undone: the deal.";
      const m = parseMove(moves[0] ?? "");
      if (!m) return "Undone.";
      return `Undone: ${groupName(after, m.src, m.count)} ${m.count > 1 ? "are" : "is"} back on ${pileTitle(m.src)}.`;
    }
    case "redo": {
      const said = moves.length > 1 ? `moved ${plural(moves.length, "card")} up to the foundations.` : playedSentence(before, after, moves[0] ?? "");
      return said ? `Redone: ${said.charAt(0).toLowerCase()}${said.slice(1)}` : "Redone.";
    }
    case "restart":
      return "Back to the start of this deal; Undo brings your game back.";
    case "new":
      return after.can_undo ? `A new deal of ${after.name}; Undo brings the last game back.` : `A new deal of ${after.name}.`;
    case "undo-game":
      return `Back to the previous game of ${after.name}, after ${plural(after.moves_played, "move")}.`;
    case "redo-game":
      return `Forward again to the ${after.name} game you left.`;
    default:
      return "";
  }
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
    { key: "stock", label: "Stock", value: `${view.stock_count}`, title: view.stock_locked ? "locked" : undefined },
  ];
  const redeals = view.layout ? view.layout.redeals : view.redeals === undefined ? view.redeals_left !== 0 : view.redeals !== 0;
  if (redeals) {
    items.push({ key: "redeals", label: "Redeals", value: view.redeals_left == null ? "\u221e" : `${view.redeals_left}` });
  }
  if (view.layout ? view.layout.base_card : view.has_base_rank) {
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
  if (view.started === null) return 0; // no move yet: the clock waits at 0:00
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
      return {
        verdict: "unwinnable",
        text: "cannot be won \u2717",
        title:
          view.status === "choosing-base"
            ? "Proven: whichever base card you choose, no line of play wins this deal."
            : "Proven: no line of play wins from here.",
      };
    case "unknown":
      return { verdict: "unknown", text: "undecided ?", title: "The solver could not decide in its time." };
    default:
      return { verdict: "pending", text: "checking\u2026", title: "Checking whether this game can still be won\u2026" };
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
  const mark = view.layout ? view.layout.foundation_mark : view.has_base_rank ? null : "A";
  if (mark) return mark;
  return view.base_rank ? rankLabel(view.base_rank) : "";
}
