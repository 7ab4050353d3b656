// @ts-check
/**
 * The keyboard: shortcuts (u/Ctrl+Z undo, r/Ctrl+Y redo, h hint, w the "can this still be
 * won?" indicator, d deal, n new deal) and
 * full play with a roving tabindex over the piles: arrows or Tab move, Enter or Space picks
 * up and puts down, Up/Down choose a Klondike group, Escape puts back.
 */
import { faceUpRun } from "./cards.js";
import { coachIntent } from "./coach.js";
import { groupName, winnableIntent } from "./describe.js";
import { t } from "./i18n.js";
import { neighbour, pileKind } from "./layout.js";
import { markPiles } from "./view.js";

/**
 * Listen to the keys inside the widget.
 * @param {import("./hand.js").Ctx} ctx
 * @param {import("./hand.js").Hand} hand
 * @returns {() => void} detach
 */
export function attachKeys(ctx, hand) {
  const { dom, ui } = ctx;
  const { root } = dom;
  const { cardsOf, setFocus, pickUp, cancel, putDown, deal } = hand;

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    const target = /** @type {HTMLElement} */ (e.target);
    if (target.tagName === "SELECT" || e.altKey) return;
    if (target.tagName === "BUTTON" && (e.key === "Enter" || e.key === " ")) return;
    const pile = target.dataset?.pile ?? null;
    root.classList.remove("tw-pointer");
    if (handleKey(e, pile)) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  /**
   * @param {KeyboardEvent} e
   * @param {string | null} pile the focused pile
   * @returns {boolean} whether the key was ours
   */
  function handleKey(e, pile) {
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (e.ctrlKey || e.metaKey) {
      if (key === "z") ctx.send({ kind: e.shiftKey ? "redo" : "undo" });
      else if (key === "y") ctx.send({ kind: "redo" });
      else return false;
      return true;
    }
    const simple = { u: "undo", r: "redo", h: "hint", n: "new" }[key];
    if (simple) {
      cancel(true);
      ctx.send({ kind: simple });
      return true;
    }
    if (key === "w") {
      ctx.send(winnableIntent(ctx.view()));
      return true;
    }
    if (key === "c") {
      ctx.send(coachIntent(ctx.view()));
      return true;
    }
    if (key === "d") {
      deal();
      return true;
    }
    if (key === "Escape") {
      if (!ui.held) return false;
      cancel();
      ctx.say("info", t(ctx.view(), "Put back."));
      return true;
    }
    if (!pile) return false;
    const view = ctx.view();
    const order = view.pile_order ?? Object.keys(view.piles);
    if (key === "Tab") {
      const next = order[order.indexOf(pile) + (e.shiftKey ? -1 : 1)];
      if (!next) return false; // leave the table: no keyboard trap
      setFocus(next, true);
      return true;
    }
    const dir = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" }[key];
    if (dir) {
      if ((dir === "up" || dir === "down") && chooseDepth(pile, dir)) return true;
      const next = neighbour(ctx.layout(), pile, /** @type {"left" | "right" | "up" | "down"} */ (dir));
      if (next) setFocus(next, true);
      return true;
    }
    if (key === "Enter" || key === " ") {
      activate(pile);
      return true;
    }
    return false;
  }

  /**
   * Klondike: Up/Down on a tableau pile choose how many face-up cards to pick up.
   * @param {string} pile
   * @param {"up" | "down"} dir
   */
  function chooseDepth(pile, dir) {
    const view = ctx.view();
    if (!view.layout?.pick_depth || ui.held || pileKind(pile) !== "tableau") return false;
    const run = faceUpRun(cardsOf(pile));
    const depth = ui.depth + (dir === "up" ? 1 : -1);
    if (depth < 1 || depth > run) return false;
    ui.depth = depth;
    markPiles(dom, view, ui);
    const chosen = groupName(view, pile, depth);
    ctx.say("info", t(view, "{cards}: selected.", { cards: `${chosen.charAt(0).toUpperCase()}${chosen.slice(1)}` }));
    return true;
  }

  /** Enter or Space on a pile: deal, pick up, put down or put back. */
  function activate(/** @type {string} */ pile) {
    if (pile === "stock") return deal();
    if (ui.held) {
      if (ui.held.src === pile) {
        cancel();
        ctx.say("info", t(ctx.view(), "Put back."));
        return;
      }
      putDown(pile);
      return;
    }
    const cards = cardsOf(pile);
    const run = faceUpRun(cards);
    if (!run) {
      ctx.say("info", t(ctx.view(), "Nothing to pick up on {pile:title}.", { pile: { pile } }));
      return;
    }
    pickUp(pile, Math.min(Math.max(1, ui.depth), run));
  }

  /** Keep the roving tabindex on whichever pile got the focus (Tab, a click, a script). */
  function onFocus(/** @type {FocusEvent} */ e) {
    const pile = /** @type {HTMLElement} */ (e.target).dataset?.pile;
    if (pile && pile !== ui.focus) {
      setFocus(pile, false);
      markPiles(dom, ctx.view(), ui);
    }
  }

  root.addEventListener("keydown", onKey);
  root.addEventListener("focusin", onFocus);
  return () => {
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("focusin", onFocus);
  };
}
