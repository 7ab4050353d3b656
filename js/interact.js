// @ts-check
/**
 * Pointer → intents: drag and drop (mouse, pen, touch), click-to-move, double-click, the
 * stock and the toolbar; the keyboard is in keys.js. Nothing here knows a rule: a drop or
 * a click becomes an intent for Python, and `view.legal_moves` only lights up targets.
 */
import { MOVE_MS, reducedMotion } from "./animate.js";
import { isFaceDown } from "./cards.js";
import { coachIntent } from "./coach.js";
import { winnableIntent } from "./describe.js";
import { createHand } from "./hand.js";
import { attachKeys } from "./keys.js";
import { dropTarget } from "./layout.js";
import { markPiles } from "./view.js";

/**
 * @typedef {import("./widget.js").View} View
 * @typedef {import("./hand.js").Ctx} Ctx
 * @typedef {object} Press
 * @property {number} pointer
 * @property {number} x0
 * @property {number} y0
 * @property {string | null} pile
 * @property {number} i        index of the pressed card, -1 for the slot
 * @property {boolean} faceUp
 * @property {boolean} dragging
 * @property {HTMLElement[]} els
 * @property {DOMRect | null} table
 * @property {{x: number, y: number} | null} card  the pressed card's table position
 * @typedef {object} Pending  a dropped group waiting for the kernel's answer
 * @property {number} id
 * @property {string} src
 * @property {string} dst
 * @property {number} count
 * @property {number} dx        how far the group was dragged
 * @property {number} dy
 * @property {{x: number, y: number} | null} at  where its first card was let go (table coordinates)
 * @property {HTMLElement[]} els
 * @property {number} timer
 */

const DRAG_START = 6; // px before a press becomes a drag
const DOUBLE_MS = 400;
const RETURN_MS = MOVE_MS;
const GIVE_UP_MS = 5000; // slide a dropped card back if Python never answers

/**
 * Listen to the table, the toolbar and (through keys.js) the keyboard.
 * @param {Ctx} ctx
 */
export function attachInteraction(ctx) {
  const { dom, ui } = ctx;
  const { root, table } = dom;
  const hand = createHand(ctx);
  const { cardsOf, pileEl, setFocus, pickUp, cancel, putDown, deal } = hand;
  const detachKeys = attachKeys(ctx, hand);
  /** @type {Press | null} */
  let press = null;
  /** @type {Pending | null} */
  let pending = null;
  let lastTap = { pile: "", t: 0 };

  // ------------------------------------------------------------------ taps
  /**
   * A click or tap (a press that did not travel).
   * @param {string | null} pile
   * @param {number} i
   * @param {boolean} faceUp
   */
  function tap(pile, i, faceUp) {
    const now = performance.now();
    const double = pile !== null && lastTap.pile === pile && now - lastTap.t < DOUBLE_MS;
    lastTap = { pile: "", t: 0 };
    if (pile === null) return cancel();
    if (pile === "stock") return deal();
    if (double) {
      cancel(true);
      ctx.send({ kind: "double", pile });
      return;
    }
    if (ui.held) {
      if (ui.held.src === pile) return cancel();
      putDown(pile);
      return;
    }
    lastTap = { pile, t: now };
    if (faceUp && i >= 0) pickUp(pile, cardsOf(pile).length - i);
  }

  // ------------------------------------------------------------------ drag
  /**
   * The pile and card under a client point, read from the layout (where cards are going,
   * not where an animation is drawing them): a click during an animation is never lost.
   * @param {number} x
   * @param {number} y
   * @returns {{pile: string, i: number, faceUp: boolean} | null}
   */
  function hitTest(x, y) {
    const r = table.getBoundingClientRect();
    const layout = ctx.layout();
    const p = { x: x - r.left, y: y - r.top };
    const slot = layout.slots.find((s) => p.x >= s.zone.x && p.x < s.zone.x + s.zone.w && p.y >= s.zone.y && p.y < s.zone.y + s.zone.h);
    if (!slot) return null;
    const cards = ctx.view().piles[slot.name] ?? [];
    let i = -1;
    for (const pos of slot.cards) {
      if (p.x >= pos.x && p.x < pos.x + layout.cw && p.y >= pos.y && p.y < pos.y + layout.ch && pos.i > i) i = pos.i;
    }
    return { pile: slot.name, i, faceUp: i >= 0 && !isFaceDown(cards[i] ?? "#") };
  }

  /** @param {PointerEvent} e */
  function onDown(e) {
    if (press || (e.pointerType === "mouse" && e.button !== 0)) return;
    const target = /** @type {HTMLElement} */ (e.target);
    const cEl = /** @type {HTMLElement | null} */ (target.closest(".tw-card"));
    const hit = hitTest(e.clientX, e.clientY);
    const pile = hit?.pile ?? null;
    const i = hit ? hit.i : -1;
    press = {
      pointer: e.pointerId,
      x0: e.clientX,
      y0: e.clientY,
      pile,
      i,
      faceUp: hit ? hit.faceUp : !!cEl?.classList.contains("tw-face"),
      dragging: false,
      els: [],
      table: null,
      card: null,
    };
    root.classList.add("tw-pointer");
    // Any press on the felt keeps the focus in the table (on a pile), never on the
    // notebook's cell: its keys must not reach JupyterLab (`d d` would delete the cell).
    const focusPile = pile ?? ui.focus;
    if (focusPile) setFocus(focusPile, true);
    e.preventDefault(); // no text selection, no native drag; focus was set by hand
  }

  /** @param {PointerEvent} e */
  function startDrag(e) {
    if (!press?.pile) return;
    const { pile, i } = press;
    const count = cardsOf(pile).length - i;
    const el = pileEl(pile);
    if (!el || count < 1) return;
    press.dragging = true;
    press.els = [...el.querySelectorAll(".tw-card")]
      .map((c) => /** @type {HTMLElement} */ (c))
      .filter((c) => Number(c.dataset.i) >= i);
    for (const c of press.els) c.classList.add("tw-dragging");
    press.table = table.getBoundingClientRect();
    const slot = ctx.layout().slots.find((s) => s.name === pile);
    const pos = slot?.cards.find((c) => c.i === i);
    press.card = pos ? { x: pos.x, y: pos.y } : null;
    try {
      table.setPointerCapture(e.pointerId);
    } catch {
      /* the pointer may already be gone */
    }
    ui.held = { src: pile, count };
    markPiles(dom, ctx.view(), ui);
  }

  /**
   * The pile a drag released at client point (x, y) lands on.
   * @param {Press} p
   * @param {number} x
   * @param {number} y
   */
  function dropAt(p, x, y) {
    const r = /** @type {DOMRect} */ (p.table);
    const dx = x - p.x0;
    const dy = y - p.y0;
    const { cw, ch } = ctx.layout();
    const card = p.card ? { x: p.card.x + dx, y: p.card.y + dy, w: cw, h: ch } : undefined;
    return dropTarget(ctx.layout(), { x: x - r.left, y: y - r.top }, card);
  }

  /** @param {PointerEvent} e */
  function onMove(e) {
    if (!press || e.pointerId !== press.pointer) return;
    const dx = e.clientX - press.x0;
    const dy = e.clientY - press.y0;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < DRAG_START || !press.faceUp) return;
      startDrag(e);
      if (!press.dragging) return;
    }
    for (const c of press.els) c.style.transform = `translate(${dx}px, ${dy}px)`;
    const over = dropAt(press, e.clientX, e.clientY);
    for (const el of table.querySelectorAll(".tw-over")) el.classList.remove("tw-over");
    if (over && over !== press.pile) pileEl(over)?.classList.add("tw-over");
  }

  /** @param {PointerEvent} e */
  function onUp(e) {
    if (!press || e.pointerId !== press.pointer) return;
    const p = press;
    press = null;
    if (!p.dragging) return tap(p.pile, p.i, p.faceUp);
    for (const el of table.querySelectorAll(".tw-over")) el.classList.remove("tw-over");
    const dst = dropAt(p, e.clientX, e.clientY);
    const dx = e.clientX - p.x0;
    const dy = e.clientY - p.y0;
    const held = ui.held;
    if (!held || !dst || dst === held.src) {
      cancel(true);
      slideBack(p.els);
      return;
    }
    const id = putDown(dst);
    const timer = window.setTimeout(() => {
      if (pending?.id === id) {
        slideBack(pending.els);
        pending = null;
      }
    }, GIVE_UP_MS);
    const at = p.card ? { x: p.card.x + dx, y: p.card.y + dy } : null;
    pending = { id, src: held.src, dst, count: held.count, dx, dy, at, els: p.els, timer };
  }

  /** @param {PointerEvent} e */
  function onCancel(e) {
    if (!press || e.pointerId !== press.pointer) return;
    const p = press;
    press = null;
    if (p.dragging) {
      cancel(true);
      slideBack(p.els);
    }
  }

  /**
   * Animate cards from wherever they are drawn back to their place (Web Animations API).
   * @param {HTMLElement[]} els
   * @param {{dx: number, dy: number}} [from] start offset, for freshly drawn cards
   */
  function slideBack(els, from) {
    const live = els.filter((c) => c.isConnected);
    if (!live.length) return;
    for (const c of live) {
      const start = from ? `translate(${from.dx}px, ${from.dy}px)` : c.style.transform || "none";
      c.style.transform = "";
      c.classList.remove("tw-dragging");
      if (reducedMotion() || start === "none") continue;
      c.classList.add("tw-moving");
      const a = c.animate([{ transform: start }, { transform: "translate(0, 0)" }], {
        duration: RETURN_MS,
        easing: "cubic-bezier(.2,.7,.3,1)",
      });
      const done = () => c.classList.remove("tw-moving");
      a.addEventListener("finish", done);
      a.addEventListener("cancel", done);
    }
  }

  // ------------------------------------------------------------------ toolbar
  /** @param {MouseEvent} e */
  function onClick(e) {
    const btn = /** @type {HTMLElement} */ (e.target).closest("[data-action]");
    if (!btn || !root.contains(btn)) return;
    cancel(true);
    const action = /** @type {HTMLElement} */ (btn).dataset.action ?? "";
    if (action === "coach") ctx.send(coachIntent(ctx.view()));
    else ctx.send(action === "winnable" ? winnableIntent(ctx.view()) : { kind: action });
  }

  function onPick() {
    cancel(true);
    ctx.send({ kind: "new", variant: dom.picker.value });
  }

  table.addEventListener("pointerdown", onDown);
  table.addEventListener("pointermove", onMove);
  table.addEventListener("pointerup", onUp);
  table.addEventListener("pointercancel", onCancel);
  root.addEventListener("click", onClick);
  dom.picker.addEventListener("change", onPick);

  return {
    /**
     * The kernel refused intent `id`: slide a dropped card back.
     * @param {unknown} id
     */
    refused(id) {
      if (pending && pending.id === id) {
        window.clearTimeout(pending.timer);
        slideBack(pending.els);
        pending = null;
      }
    },
    /**
     * After the table was rebuilt: a dropped group glides from where it was let go, back to
     * its pile if the kernel refused the move (the refusal reaches the view before the
     * message), or into its new place. A drag in progress is abandoned.
     * @param {View} view
     */
    afterRender(view) {
      if (press?.dragging) {
        press = null;
        ui.held = null;
      }
      if (!pending) return;
      const p = pending;
      pending = null;
      window.clearTimeout(p.timer);
      const refused = view.message?.kind === "refused";
      const pile = refused ? p.src : p.dst;
      const n = (view.piles[pile] ?? []).length;
      const el = pileEl(pile);
      const els = el
        ? [...el.querySelectorAll(".tw-card")]
            .map((c) => /** @type {HTMLElement} */ (c))
            .filter((c) => Number(c.dataset.i) >= n - p.count)
        : [];
      if (refused) return slideBack(els, p);
      const now = ctx.layout().slots.find((s) => s.name === pile)?.cards.find((c) => c.i === n - p.count);
      if (p.at && now && els.length === p.count) slideBack(els, { dx: p.at.x - now.x, dy: p.at.y - now.y });
    },
    detach() {
      if (pending) window.clearTimeout(pending.timer);
      table.removeEventListener("pointerdown", onDown);
      table.removeEventListener("pointermove", onMove);
      table.removeEventListener("pointerup", onUp);
      table.removeEventListener("pointercancel", onCancel);
      root.removeEventListener("click", onClick);
      detachKeys();
      dom.picker.removeEventListener("change", onPick);
    },
  };
}
