// @ts-check
/**
 * The player's hand: picking cards up, putting them down, dealing, and which pile has the
 * keyboard focus. Shared by the pointer (interact.js) and the keyboard (keys.js). The held
 * cards light up their legal targets (view.js); every put-down becomes an intent for Python.
 */
import { groupName, pileTitle } from "./describe.js";
import { t, tn } from "./i18n.js";
import { moveText, targetsFor } from "./moves.js";
import { markPiles } from "./view.js";

/**
 * @typedef {import("./widget.js").View} View
 * @typedef {import("./widget.js").Ui} Ui
 * @typedef {import("./view.js").Dom} Dom
 * @typedef {import("./layout.js").Layout} Layout
 * @typedef {object} Ctx
 * @property {Dom} dom
 * @property {Ui} ui
 * @property {() => View} view
 * @property {() => Layout} layout
 * @property {(content: Record<string, unknown>) => number} send  adds id and seq
 * @property {(kind: string, text: string) => void} say  a note on the message line (read aloud)
 * @typedef {ReturnType<typeof createHand>} Hand
 */

/**
 * The hand's actions, bound to one widget view.
 * @param {Ctx} ctx
 */
export function createHand(ctx) {
  const { dom, ui } = ctx;
  const { table } = dom;
  const cardsOf = (/** @type {string} */ pile) => ctx.view().piles[pile] ?? [];
  const pileEl = (/** @type {string} */ pile) =>
    /** @type {HTMLElement | null} */ (table.querySelector(`[data-pile="${pile}"]`));

  /** Move the roving tabindex (and, if asked, the focus) to `pile`. */
  function setFocus(/** @type {string} */ pile, /** @type {boolean} */ move) {
    if (ui.focus !== pile) ui.depth = 1;
    ui.focus = pile;
    for (const el of table.querySelectorAll("[data-pile]")) {
      el.setAttribute("tabindex", /** @type {HTMLElement} */ (el).dataset.pile === pile ? "0" : "-1");
    }
    if (move) pileEl(pile)?.focus({ preventScroll: true });
  }

  /** Hold `count` cards from the top of `src`; their legal targets light up. */
  function pickUp(/** @type {string} */ src, /** @type {number} */ count) {
    const view = ctx.view();
    ui.held = { src, count };
    markPiles(dom, view, ui);
    const targets = targetsFor(view.legal_moves, src, count).map((p) => pileTitle(p, view));
    const where = !targets.length
      ? t(view, "No pile lights up for it.")
      : targets.length > 3
        ? tn(view, "{n} pile lights up.", "{n} piles light up.", targets.length)
        : t(view, "It can go to {piles}.", { piles: targets.join(", ") });
    const held = groupName(view, src, count);
    ctx.say("info", `${t(view, "Holding {cards} from {pile:title}.", { cards: held, pile: { pile: src } })} ${where}`);
  }

  /** Put the held cards back (nothing is sent). */
  function cancel(/** @type {boolean} */ quiet = false) {
    if (!ui.held) return;
    ui.held = null;
    markPiles(dom, ctx.view(), ui);
    if (!quiet) ctx.say("idle", "");
  }

  /** Ask Python to move the held cards onto `dst`, legal-looking or not; returns the intent id. */
  function putDown(/** @type {string} */ dst) {
    const held = ui.held;
    if (!held) return -1;
    ui.held = null;
    markPiles(dom, ctx.view(), ui);
    const move = moveText(held.src, dst, held.count);
    return ctx.send({ kind: "move", move });
  }

  /** A click on the stock. */
  function deal() {
    cancel(true);
    ctx.send({ kind: "deal" });
  }

  return { cardsOf, pileEl, setFocus, pickUp, cancel, putDown, deal };
}
