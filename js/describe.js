// @ts-check
/**
 * Words for people and screen readers: pile names, pile descriptions, the status items and
 * the clock. Pure: reads a view, returns strings.
 */
import { isFaceDown, rankLabel } from "./cards.js";
import { N_, Nn_, t, tn } from "./i18n.js";
import { parseMove } from "./moves.js";

/**
 * @typedef {import("./widget.js").View} View
 * @typedef {{key: string, label: string, value: string, title?: string}} StatusItem
 */

/** @param {string} code */
const card = (code) => ({ card: code });

/**
 * "Stock", "Waste", "Reserve", "Foundation 3", "Tableau 3" (in the view's language).
 * @param {string} name engine pile name
 * @param {View} [view]
 */
export function pileTitle(name, view) {
  const m = /^([ft])(\d+)$/.exec(name);
  if (m) return m[1] === "f" ? t(view, "Foundation {n}", { n: m[2] }) : t(view, "Tableau {n}", { n: m[2] });
  if (name === "stock") return t(view, "Stock");
  if (name === "waste") return t(view, "Waste");
  if (name === "reserve") return t(view, "Reserve");
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * "nine of diamonds on ten of clubs": face-up cards, top first.
 * @param {View} view
 * @param {readonly string[]} codes top first
 */
function cardsOn(view, codes) {
  let text = t(view, "{card:bare}", { card: card(codes[0]) });
  for (const c of codes.slice(1)) text = t(view, "{cards} on {card:bare}", { cards: text, card: card(c) });
  return text;
}

/**
 * The accessible description of a pile, e.g.
 * "Tableau 3: 9 of diamonds on 10 of clubs, 2 face-down cards".
 * @param {string} name
 * @param {readonly string[]} cards bottom → top
 * @param {View} view
 */
export function pileLabel(name, cards, view) {
  const title = pileTitle(name, view);
  if (name === "stock") {
    const n = view.stock_count ?? cards.length;
    const reason = view.stock_reason ? `, ${view.stock_reason}` : "";
    return `${title}: ${tn(view, "{n} card", "{n} cards", n)}${reason}`;
  }
  if (!cards.length) return t(view, "{pile}: empty", { pile: title });
  if (name.startsWith("t")) {
    const up = cards.filter((c) => !isFaceDown(c)).reverse();
    const down = cards.length - up.length;
    const parts = [up.length ? cardsOn(view, up) : "", down ? tn(view, "{n} face-down card", "{n} face-down cards", down) : ""];
    return `${title}: ${parts.filter(Boolean).join(", ")}`;
  }
  const top = card(cards[cards.length - 1]);
  return `${title}: ${tn(view, "{card:bare} on top, {n} card", "{card:bare} on top, {n} cards", cards.length, { card: top })}`;
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
  const first = card(cards[cards.length - count] ?? "#");
  if (count <= 1) return t(view, "{card}", { card: first });
  return tn(view, "{card} and the card on it", "{card} and the {n} cards on it", count - 1, { card: first });
}

/**
 * A sentence about a group taken from `src`: `one` names a single card as `{card}`, `many` a
 * card and the `{n}` cards on it (each language declines them in its own template).
 * @param {View} view
 * @param {string} src
 * @param {number} count
 * @param {[string, string, string]} texts  the single card's id, then the group's two forms
 * @param {Record<string, import("./i18n.js").Param>} params
 */
function groupSentence(view, src, count, texts, params) {
  const cards = view.piles[src] ?? [];
  const first = card(cards[cards.length - count] ?? "#");
  if (count <= 1) return t(view, texts[0], { card: first, ...params });
  return tn(view, texts[1], texts[2], count - 1, { card: first, ...params });
}

/**
 * "Moved the queen of hearts to Foundation 1." for a move played from `view`.
 * @param {View} view the view the move was made from
 * @param {string} src
 * @param {string} dst
 * @param {number} count
 */
export function moveSentence(view, src, dst, count) {
  return groupSentence(view, src, count, MOVED, { pile: { pile: dst } });
}

/** @type {[string, string, string]} */
const MOVED = [N_("Moved {card} to {pile:title}."), ...Nn_("Moved {card} and the card on it to {pile:title}.", "Moved {card} and the {n} cards on it to {pile:title}.")];

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

/** @param {View} view @param {number | null | undefined} left */
function redealsLeft(view, left) {
  if (left == null) return "";
  return left === 0 ? ` ${t(view, "No redeal is left.")}` : ` ${tn(view, "{n} redeal left.", "{n} redeals left.", left)}`;
}

/**
 * What a forward move did, in one sentence, from the views before and after it.
 * @param {View} before
 * @param {View} after
 * @param {string} text  the move, "t3-f1" or "deal"
 */
function playedSentence(before, after, text) {
  if (text === "deal") {
    if (!before.stock_count) return `${t(after, "Turned the waste over into the stock.")}${redealsLeft(after, after.redeals_left)}`;
    const waste = after.piles.waste ?? [];
    const dealt = Math.max(1, Math.min(before.stock_count, after.deal_count ?? 1));
    const top = card(waste[waste.length - 1] ?? "#");
    return dealt > 1 ? tn(after, "Dealt {n} card; {card} is on top.", "Dealt {n} cards; {card} is on top.", dealt, { card: top }) : t(after, "Dealt {card}.", { card: top });
  }
  const m = parseMove(text);
  if (!m) return "";
  const cards = before.piles[m.src] ?? [];
  if (before.status === "choosing-base" && after.base_rank) {
    const base = card(cards[cards.length - 1] ?? "#");
    return t(after, "{card} is the base card: every foundation starts with a {rank:word}.", { card: base, rank: { rank: after.base_rank } }).replace(/^./, (c) => c.toUpperCase());
  }
  const left = after.piles[m.src] ?? [];
  const was = cards[cards.length - m.count - 1];
  const now = left[left.length - 1];
  const pile = { pile: m.dst };
  if (was && now && isFaceDown(was) && !isFaceDown(now)) {
    const turned = [N_("Moved {card} to {pile:title}, turning over {turned}."), ...Nn_("Moved {card} and the card on it to {pile:title}, turning over {turned}.", "Moved {card} and the {n} cards on it to {pile:title}, turning over {turned}.")];
    return groupSentence(before, m.src, m.count, /** @type {[string, string, string]} */ (turned), { pile, turned: card(now) });
  }
  return groupSentence(before, m.src, m.count, MOVED, { pile });
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
      if (moves.length > 1) return tn(after, "Moved {n} card up to the foundations.", "Moved {n} cards up to the foundations.", moves.length);
      return moves.length ? playedSentence(before, after, moves[0]) : "";
    case "finish":
      return after.status === "won" ? t(after, "Every card left went up to the foundations by itself.") : t(after, "The cards left go up to the foundations by themselves\u2026");
    case "undo": {
      if (moves.length > 1) return tn(after, "Undone: {n} card is back from the foundations.", "Undone: {n} cards are back from the foundations.", moves.length);
      if (moves[0] === "deal") return after.stock_count > before.stock_count && !before.stock_count ? t(after, "Undone: the redeal.") : t(after, "Undone: the deal.");
      const m = parseMove(moves[0] ?? "");
      if (!m) return t(after, "Undone.");
      const back = [N_("Undone: {card} is back on {pile:title}."), ...Nn_("Undone: {card} and the card on it are back on {pile:title}.", "Undone: {card} and the {n} cards on it are back on {pile:title}.")];
      return groupSentence(after, m.src, m.count, /** @type {[string, string, string]} */ (back), { pile: { pile: m.src } });
    }
    case "redo": {
      if (moves.length > 1) return tn(after, "Redone: moved {n} card up to the foundations.", "Redone: moved {n} cards up to the foundations.", moves.length);
      const said = playedSentence(before, after, moves[0] ?? "");
      return said ? t(after, "Redone: {what}", { what: `${said.charAt(0).toLowerCase()}${said.slice(1)}` }) : t(after, "Redone.");
    }
    case "restart":
      return t(after, "Back to the start of this deal; Undo brings your game back.");
    case "new":
      return after.can_undo ? t(after, "A new deal of {game}; Undo brings the last game back.", { game: after.name }) : t(after, "A new deal of {game}.", { game: after.name });
    case "undo-game":
      return tn(after, "Back to the previous game of {game}, after {n} move.", "Back to the previous game of {game}, after {n} moves.", after.moves_played, { game: after.name });
    case "redo-game":
      return t(after, "Forward again to the {game} game you left.", { game: after.name });
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
    { key: "score", label: t(view, "Score"), value: view.max_score ? `${view.score}/${view.max_score}` : `${view.score}` },
    { key: "stock", label: t(view, "Stock"), value: `${view.stock_count}`, title: view.stock_locked ? t(view, "locked") : undefined },
  ];
  const redeals = view.layout ? view.layout.redeals : view.redeals === undefined ? view.redeals_left !== 0 : view.redeals !== 0;
  if (redeals) {
    items.push({ key: "redeals", label: t(view, "Redeals"), value: view.redeals_left == null ? "\u221e" : `${view.redeals_left}` });
  }
  if (view.layout ? view.layout.base_card : view.has_base_rank) {
    const base = view.base_rank ? t(view, "{rank}", { rank: { rank: view.base_rank } }) : view.status === "choosing-base" ? t(view, "to choose") : "—";
    items.push({ key: "base", label: t(view, "Base"), value: base });
  }
  items.push({ key: "moves", label: t(view, "Moves"), value: `${view.moves_played}` });
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
      return { verdict: "winnable", text: `${t(view, "winnable")} \u2713`, title: t(view, "A winning line exists from here.") };
    case "unwinnable":
      return {
        verdict: "unwinnable",
        text: `${t(view, "cannot be won")} \u2717`,
        title:
          view.status === "choosing-base"
            ? t(view, "Proven: whichever base card you choose, no line of play wins this deal.")
            : t(view, "Proven: no line of play wins from here."),
      };
    case "unknown":
      return { verdict: "unknown", text: `${t(view, "undecided")} ?`, title: t(view, "The solver could not decide in its time.") };
    default:
      return { verdict: "pending", text: t(view, "checking\u2026"), title: t(view, "Checking whether this game can still be won\u2026") };
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
