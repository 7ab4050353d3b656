// @ts-check
/**
 * Table geometry, pure: a view and a width in pixels → where every pile and card goes.
 *
 * Distances are worked out in card widths and scaled at the end. The table's size depends
 * only on the game and the room it is given, never on the cards: long piles squeeze their
 * fan instead of growing the felt, so nothing below the table moves during a game.
 * The arrangement follows
 * Aisleriot (and `render.py`): stock, waste, a blank, the reserve fanned right; the
 * foundations on the second row; the tableau below, fanned down. Nine Terrace piles sit 7/8
 * of a slot apart (`terrace.scm:111`). Klondike puts its foundations on the top row.
 */
import GEOMETRY from "../terrace_widget/game/geometry.json" with { type: "json" };
import { isFaceDown } from "./cards.js";

/**
 * @typedef {"stock" | "waste" | "reserve" | "foundation" | "tableau"} Kind
 * @typedef {{x: number, y: number, w: number, h: number}} Rect
 * @typedef {{i: number, x: number, y: number}} CardPos  i = index in the pile (0 = bottom)
 * @typedef {{name: string, kind: Kind, x: number, y: number, cards: CardPos[], zone: Rect}} Slot
 * @typedef {{cw: number, ch: number, width: number, height: number, slots: Slot[]}} Layout
 * @typedef {{layout?: {foundations_row: number, tableau_depth: number} | null, pile_order?: string[], piles: Record<string, string[]>, deal_count?: number}} TableView
 */

/**
 * Proportions, in card widths (read-only by convention), from the one geometry file that
 * render.py reads too (tests/test_render.py checks that both place every pile alike).
 * DEPTH: the tableau area in card heights when face-down cards start there, or not.
 */
export const U = {
  H: GEOMETRY.H, // card height
  PITCH: GEOMETRY.PITCH, // one slot: a card plus the gap
  MARGIN: GEOMETRY.MARGIN,
  ROW_GAP: GEOMETRY.ROW_GAP, // between the top row and the foundations
  TABLEAU_GAP: GEOMETRY.TABLEAU_GAP, // above the tableau
  FAN_RIGHT: GEOMETRY.FAN_RIGHT, // reserve: widest step
  FAN_RIGHT_MIN: GEOMETRY.FAN_RIGHT_MIN, // reserve: narrowest step that keeps the index readable
  FAN_WASTE: GEOMETRY.FAN_WASTE, // three-card waste
  FAN_DOWN: GEOMETRY.FAN_DOWN, // face-up tableau step (the corner's suit starts just below it)
  FAN_DOWN_MIN: GEOMETRY.FAN_DOWN_MIN, // face-up step when a long pile is squeezed
  FAN_BACK: GEOMETRY.FAN_BACK, // face-down tableau step
  FAN_BACK_MIN: GEOMETRY.FAN_BACK_MIN,
  EDGE: GEOMETRY.EDGE, // the edges of a plain pile's buried cards
  DEPTH: { hidden: GEOMETRY.DEPTH_HIDDEN, open: GEOMETRY.DEPTH_OPEN },
};

/** Card width limits in pixels (a 360 px output still shows every pile). */
export const MIN_CW = GEOMETRY.MIN_CW;
export const MAX_CW = GEOMETRY.MAX_CW;

/**
 * The layout hints of a view (terrace_widget/table/session.py, `layout_hints`); a view without
 * them (the placeholder, an older kernel) is read from its piles.
 * @param {TableView} view
 * @returns {{foundations_row: number, tableau_depth: number}}
 */
export function layoutHints(view) {
  if (view.layout) return view.layout;
  const order = view.pile_order ?? Object.keys(view.piles);
  const hidden = Object.values(view.piles).some((cards) => cards.some(isFaceDown));
  return {
    foundations_row: order.includes("reserve") ? 1 : 0,
    tableau_depth: order.includes("reserve") || !hidden ? U.DEPTH.open : U.DEPTH.hidden,
  };
}

/**
 * What kind of pile an engine name is.
 * @param {string} name
 * @returns {Kind}
 */
export function pileKind(name) {
  if (name === "stock" || name === "waste" || name === "reserve") return name;
  return name.startsWith("f") ? "foundation" : "tableau";
}

/**
 * Vertical offsets (card widths) of a tableau pile's cards, bottom to top; long piles are
 * squeezed so their top card stays within `depth` card heights.
 * @param {readonly string[]} cards
 * @param {number} [depth] card heights
 * @returns {number[]}
 */
export function tableauOffsets(cards, depth = U.DEPTH.hidden) {
  const down = cards.filter(isFaceDown).length;
  const upSteps = Math.max(0, cards.length - 1 - down);
  const budget = depth * U.H - U.H;
  const back = down ? Math.max(U.FAN_BACK_MIN, Math.min(U.FAN_BACK, (budget - upSteps * U.FAN_DOWN_MIN) / down)) : 0;
  const room = budget - down * back;
  // Below the readable minimum the pile still fits: the felt never grows.
  const step = upSteps ? Math.min(U.FAN_DOWN, room / upSteps) : U.FAN_DOWN;
  const ys = [];
  let y = 0;
  for (const card of cards) {
    ys.push(y);
    y += isFaceDown(card) ? back : step;
  }
  return ys;
}

/**
 * The table in card widths: slot origins and fans, before scaling.
 * @param {TableView} view
 */
function plan(view) {
  const order = view.pile_order ?? Object.keys(view.piles);
  const found = order.filter((p) => pileKind(p) === "foundation");
  const tab = order.filter((p) => pileKind(p) === "tableau");
  const n = (/** @type {string} */ p) => (view.piles[p] ?? []).length;
  const hints = layoutHints(view);
  const secondRow = hints.foundations_row === 1; // foundations below the reserve's row
  const top = U.MARGIN;
  const second = top + U.H + U.ROW_GAP;
  /** @type {{name: string, kind: Kind, x: number, y: number}[]} */
  const slots = [];
  if (order.includes("stock")) slots.push({ name: "stock", kind: "stock", x: U.MARGIN, y: top });
  if (order.includes("waste")) slots.push({ name: "waste", kind: "waste", x: U.MARGIN + U.PITCH, y: top });
  let fan = U.FAN_RIGHT;
  /** @type {number} */
  let width;
  /** @type {number} */
  let row;
  if (secondRow) {
    width = (Math.max(8, found.length) - 1) * U.PITCH + 1;
    if (order.includes("reserve")) {
      const x0 = 3 * U.PITCH;
      const cards = n("reserve");
      if (cards > 1) {
        fan = Math.max(U.FAN_RIGHT_MIN, Math.min(U.FAN_RIGHT, (width - x0 - 1) / (cards - 1)));
        width = Math.max(width, x0 + 1 + fan * (cards - 1));
      }
      slots.push({ name: "reserve", kind: "reserve", x: U.MARGIN + x0, y: top });
    }
    found.forEach((f, i) => slots.push({ name: f, kind: "foundation", x: U.MARGIN + i * U.PITCH, y: second }));
    const step = U.PITCH * (2 - tab.length / 8);
    const span = (tab.length - 1) * step + 1;
    const x0 = U.MARGIN + Math.max(0, width - span) / 2;
    row = second + U.H + U.TABLEAU_GAP;
    tab.forEach((t, i) => slots.push({ name: t, kind: "tableau", x: x0 + i * step, y: row }));
  } else {
    width = (Math.max(7, tab.length, 3 + found.length) - 1) * U.PITCH + 1;
    found.forEach((f, i) => slots.push({ name: f, kind: "foundation", x: U.MARGIN + (3 + i) * U.PITCH, y: top }));
    row = second;
    tab.forEach((t, i) => slots.push({ name: t, kind: "tableau", x: U.MARGIN + i * U.PITCH, y: row }));
  }
  const depth = hints.tableau_depth;
  return { slots, fan, width: width + 2 * U.MARGIN, row, depth, height: row + depth * U.H + U.MARGIN };
}

/**
 * Card positions (card widths, relative to the slot) of the cards worth drawing.
 * Plain piles draw only their top cards, buried ones showing a thin edge.
 * @param {Kind} kind
 * @param {readonly string[]} cards
 * @param {number} fan   the reserve's step
 * @param {number} dealCount
 * @param {number} [depth] the tableau's depth in card heights
 * @returns {{i: number, dx: number, dy: number}[]}
 */
export function cardOffsets(kind, cards, fan, dealCount, depth) {
  const n = cards.length;
  if (kind === "reserve") return cards.map((_, i) => ({ i, dx: i * fan, dy: 0 }));
  if (kind === "tableau") return tableauOffsets(cards, depth).map((dy, i) => ({ i, dx: 0, dy }));
  const fanned = kind === "waste" && dealCount === 3 ? Math.min(3, n) : Math.min(1, n);
  const buried = Math.min(kind === "stock" ? 3 : 2, n - fanned);
  const out = [];
  for (let k = buried; k >= 1; k--) {
    out.push({ i: n - fanned - k, dx: k * U.EDGE, dy: k * U.EDGE });
  }
  for (let j = 0; j < fanned; j++) out.push({ i: n - fanned + j, dx: j * U.FAN_WASTE, dy: 0 });
  return out;
}

/**
 * The card width in pixels for a table `board` card widths wide in `width` pixels (and,
 * if given, `tall` card widths high in `height` pixels).
 * @param {number} board
 * @param {number} width
 * @param {number} [tall]
 * @param {number} [height]
 */
export function fitCardWidth(board, width, tall = 0, height = Infinity) {
  const byHeight = tall > 0 ? Math.floor(height / tall) : Infinity;
  return Math.max(MIN_CW, Math.min(MAX_CW, Math.floor(width / board), byHeight));
}

/**
 * Where everything goes for a container `width` pixels wide, and at most `height` pixels
 * high if given (the window's height, so that the whole table shows at once). The size
 * depends only on the game and these two numbers.
 * @param {TableView} view
 * @param {number} width
 * @param {number} [height]
 * @returns {Layout}
 */
export function computeLayout(view, width, height = Infinity) {
  const p = plan(view);
  const cw = fitCardWidth(p.width, width, p.height, height);
  const ch = Math.round(cw * U.H);
  const px = (/** @type {number} */ u) => Math.round(u * cw);
  const boardW = Math.max(width, px(p.width));
  const ox = Math.max(0, Math.floor((width - px(p.width)) / 2));
  /** @type {Slot[]} */
  const slots = p.slots.map((s) => {
    const cards = view.piles[s.name] ?? [];
    const offs = cardOffsets(s.kind, cards, p.fan, view.deal_count ?? 1, p.depth);
    const x = ox + px(s.x);
    const y = px(s.y);
    let right = 1;
    let bottom = U.H;
    for (const o of offs) {
      right = Math.max(right, o.dx + 1);
      bottom = Math.max(bottom, o.dy + U.H);
    }
    return {
      name: s.name,
      kind: s.kind,
      x,
      y,
      cards: offs.map((o) => ({ i: o.i, x: x + px(o.dx), y: y + px(o.dy) })),
      zone: { x, y, w: px(right), h: px(bottom) },
    };
  });
  const tall = px(p.height);
  for (const s of slots) {
    if (s.kind === "tableau") s.zone.h = tall - s.y; // a drop anywhere below a column counts
  }
  return { cw, ch, width: boardW, height: tall, slots };
}

/**
 * Which pile a drop lands on: the zone under the pointer, else the zone the dragged card
 * overlaps most; null when it touches none.
 * @param {Layout} layout
 * @param {{x: number, y: number}} point  table coordinates
 * @param {Rect} [card] the dragged card's rectangle, table coordinates
 * @returns {string | null}
 */
export function dropTarget(layout, point, card) {
  const inside = (/** @type {Rect} */ r) =>
    point.x >= r.x && point.x < r.x + r.w && point.y >= r.y && point.y < r.y + r.h;
  const hit = layout.slots.find((s) => inside(s.zone));
  if (hit) return hit.name;
  if (!card) return null;
  let best = null;
  let bestArea = 0;
  for (const s of layout.slots) {
    const w = Math.min(card.x + card.w, s.zone.x + s.zone.w) - Math.max(card.x, s.zone.x);
    const h = Math.min(card.y + card.h, s.zone.y + s.zone.h) - Math.max(card.y, s.zone.y);
    if (w > 0 && h > 0 && w * h > bestArea) {
      best = s.name;
      bestArea = w * h;
    }
  }
  return best;
}

/**
 * The pile next to `from` in an arrow direction (null at the table's edge).
 * @param {Layout} layout
 * @param {string} from
 * @param {"left" | "right" | "up" | "down"} dir
 * @returns {string | null}
 */
export function neighbour(layout, from, dir) {
  const start = layout.slots.find((s) => s.name === from);
  if (!start) return layout.slots[0]?.name ?? null;
  const horizontal = dir === "left" || dir === "right";
  const sign = dir === "right" || dir === "down" ? 1 : -1;
  const ax = start.zone.x + layout.cw / 2;
  let best = null;
  let bestScore = Infinity;
  for (const s of layout.slots) {
    if (s === start) continue;
    let along;
    let across;
    if (horizontal) {
      along = (s.zone.x - start.zone.x) * sign;
      across = Math.abs(s.y - start.y);
    } else {
      along = (s.y - start.y) * sign;
      across = Math.max(0, s.zone.x - ax, ax - (s.zone.x + s.zone.w));
    }
    if (along < layout.cw * 0.25) continue;
    const score = along + (horizontal ? 3 : 2) * across;
    if (score < bestScore) {
      best = s.name;
      bestScore = score;
    }
  }
  return best;
}
