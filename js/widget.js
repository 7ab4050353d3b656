// @ts-check
/**
 * terrace_widget's front end: an anywidget module (`export default { render }`).
 *
 * The kernel is the single source of truth (docs/widget-protocol.md). This file wires the
 * model to the pieces, none of which knows a rule of the game:
 *   cards.js, moves.js, describe.js  pure: card faces, legal-move lookups, words and clock
 *   layout.js                        pure: the table's geometry for a width
 *   view.js                          view → DOM, incremental (only changed piles are redrawn)
 *   animate.js                       every card movement (FLIP, Web Animations API)
 *   interact.js, keys.js, hand.js    pointer and keyboard → intents
 */
import { animateChanges, snapshot } from "./animate.js";
import { renderCoach } from "./coach.js";
import { actionSentence, clockRuns, sentence } from "./describe.js";
import { attachInteraction } from "./interact.js";
import { computeLayout } from "./layout.js";
import { attachPlayers } from "./players.js";
import { createShell, messageFor, renderChrome, renderTable, showMessage, updateClock } from "./view.js";
import { attachLanguageMenu } from "./words.js";

/** @typedef {import("./view-types.js").View} View */

/**
 * The player's hand, which only the browser knows.
 * @typedef {object} Ui
 * @property {{src: string, count: number} | null} held  cards picked up (drag, click or keys)
 * @property {string | null} focus   the pile holding the roving tabindex
 * @property {number} depth          Klondike: how many cards Enter picks up from the focused pile
 * @property {{kind: string, text: string, seq: number} | null} note  the message line, for view `seq`
 * @property {{text: string, table: number} | null} told  what the last change of the table did,
 *   for as long as that table is shown (a verdict or a post-mortem arriving does not wipe it)
 */

/**
 * The part of the anywidget model used here.
 * @typedef {object} Model
 * @property {((key: "view") => View) & ((key: "strings") => import("./i18n.js").Strings)} get
 * @property {(event: string, cb: (...args: any[]) => void) => void} on
 * @property {(event: string, cb: (...args: any[]) => void) => void} off
 * @property {(content: Record<string, unknown>) => void} send
 */

const FALLBACK_WIDTH = 820;
const MAX_QUEUED_DEALS = 60; // quick stock clicks wait for the answer before them, none is lost
const CHROME_PX = 150; // toolbar, status, banner and message line above the felt
// The boxes that scroll a notebook's outputs (JupyterLab 4, Notebook 7, older Lab).
const SCROLLERS = ".jp-WindowedPanel-outer, .jp-NotebookPanel-notebook, .jp-Notebook";

/**
 * The height the felt may take: the whole cell (its input and the table) shows at once in
 * the box that scrolls it (JupyterLab's notebook panel, between its toolbar and the status
 * bar, so the banner at the felt's foot is never under the status bar), else the window.
 * @param {HTMLElement} el
 */
function roomHigh(el) {
  const win = typeof window !== "undefined" ? window.innerHeight : 0;
  const panel = el.closest(SCROLLERS);
  // The cell's input above the table counts too: the whole cell fits in the panel.
  const cell = el.closest(".jp-Cell");
  const above = cell ? Math.max(0, el.getBoundingClientRect().top - cell.getBoundingClientRect().top) : 0;
  const box = panel && panel.clientHeight > 0 ? Math.min(panel.clientHeight, win || Infinity) - above : win;
  return box > 0 ? Math.max(240, box - CHROME_PX) : Infinity;
}

/** Drawn until the kernel's first view arrives. @type {View} */
const NO_VIEW = {
  seq: -1, variant: "", name: "Solitaire", family: "terrace", deal_id: null, status: "playing",
  score: 0, max_score: 0, base_rank: null, stock_locked: false, redeals_left: 0, stock_count: 0,
  deal_count: 1, moves_played: 0, can_undo: false, can_redo: false, pile_order: [], piles: {},
  legal_moves: [], hint: null, message: null, has_base_rank: false,
  foundation_build: "alternate-colour", tableau_moves: "single", hint_style: "terrace",
}; // prettier-ignore

/**
 * Whether a `view` value can be drawn.
 * @param {unknown} v
 * @returns {v is View}
 */
function usable(v) {
  const o = /** @type {Partial<View> | null} */ (v);
  return !!o && typeof o === "object" && !!o.piles && Array.isArray(o.pile_order) && Array.isArray(o.legal_moves);
}

/**
 * Draw the table into `el` and keep it in step with the model.
 * @param {{model: Model, el: HTMLElement}} args
 * @returns {() => void} cleanup
 */
function render({ model, el }) {
  // The table takes the width of its own element (a 360 px Box gives 360 px), not of the
  // output area: the element may shrink below the table's natural width.
  el.classList.add("tw-host");
  const dom = createShell(el);
  /** @type {Ui} */
  const ui = { held: null, focus: null, depth: 1, note: null, told: null };
  /** The kernel's view with the words of its language (the `strings` trait) on it. */
  const current = () => {
    const v = model.get("view");
    return usable(v) ? { ...v, strings: /** @type {any} */ (model.get)("strings") } : v;
  };
  const first = current();
  let view = usable(first) ? first : NO_VIEW;
  let width = el.clientWidth || FALLBACK_WIDTH;
  let height = roomHigh(el);
  let layout = computeLayout(view, width, height);
  let nextId = Math.floor(Math.random() * 1e6) * 1000;
  let waiting = false; // an intent is on its way and not answered yet
  let deals = 0; // stock clicks made meanwhile: sent one per answer, so quick clicks all deal
  let waitTimer = 0;

  function drawTable() {
    const hadFocus = dom.table.contains(document.activeElement);
    layout = computeLayout(view, width, height);
    dom.root.classList.toggle("tw-narrow", width < 600);
    if (!ui.focus || !(ui.focus in view.piles)) {
      ui.focus = view.pile_order.find((p) => p.startsWith("t")) ?? view.pile_order[0] ?? null;
    }
    renderTable(dom, view, layout, ui);
    renderCoach(dom, view);
    const el = ui.focus ? dom.piles.get(ui.focus)?.el : null;
    if (hadFocus && el && document.activeElement !== el) el.focus({ preventScroll: true });
  }

  function drawAll() {
    drawTable();
    players.render(view);
    renderChrome(dom, view, ui); // last: data-seq tells tests the DOM is up to date
  }

  /** @param {string} kind @param {string} text */
  function say(kind, text) {
    ui.note = { kind, text, seq: view.seq };
    showMessage(dom, messageFor(view, ui));
  }

  /**
   * Send an intent made from the current view; a deal made while the previous intent is
   * unanswered waits for the answer (its `seq` would be stale).
   * @param {Record<string, unknown>} content
   */
  function send(content) {
    if (content.kind === "deal" && waiting) {
      deals = Math.min(deals + 1, MAX_QUEUED_DEALS);
      return -1;
    }
    const id = ++nextId;
    waiting = true;
    window.clearTimeout(waitTimer);
    waitTimer = window.setTimeout(() => {
      waiting = false;
      deals = 0;
    }, 3000);
    model.send({ ...content, id, seq: view.seq });
    return id;
  }

  const interaction = attachInteraction({ dom, ui, view: () => view, layout: () => layout, send, say });
  const players = attachPlayers(dom, send); // statistics, deal line, Watch, deck, announcements
  const detachLanguage = attachLanguageMenu(dom.root, send);

  function onView() {
    const next = current();
    if (!usable(next) || next.seq === view.seq) return;
    const prev = view;
    const before = next.table_seq !== prev.table_seq ? snapshot(prev, layout) : null;
    view = next;
    ui.held = null;
    ui.note = null;
    if (before) {
      let text = actionSentence(prev, next);
      if (next.stock_locked && !prev.stock_locked && next.stock_reason) text = `${text} ${sentence(next.stock_reason)}`.trim();
      ui.told = text ? { text, table: next.table_seq ?? next.seq } : null;
    }
    players.announce(before ? ui.told?.text ?? "" : "");
    if (next.hint && JSON.stringify(next.hint) !== JSON.stringify(prev.hint)) {
      ui.note = { kind: "hint", text: next.hint.message, seq: next.seq }; // newer than any old message
    }
    waiting = false;
    if (next.message?.kind === "refused") deals = 0;
    drawAll();
    interaction.afterRender(next); // a dropped card glides in from where it was let go
    if (before && prev.seq >= 0) {
      // Started in the next frame's callbacks, before it is painted (so no card shows at its
      // new place first): the DOM update itself is not held up by the animations' setup.
      const fresh = ["new", "restart", "undo-game", "redo-game"].includes(next.action?.kind ?? "");
      const drawn = layout;
      window.requestAnimationFrame(() => {
        if (view === next) animateChanges(dom.table, before, next, drawn, fresh);
      });
    }
    if (deals > 0) {
      deals--;
      send({ kind: "deal" });
    }
  }

  /** @param {{kind?: string, id?: unknown, reason?: string}} msg */
  function onMsg(msg) {
    if (msg?.kind !== "refused") return;
    interaction.refused(msg.id);
    if (msg.reason) say("refused", sentence(msg.reason));
  }

  const resize = new ResizeObserver(() => {
    const w = Math.floor(el.clientWidth);
    const hh = roomHigh(el);
    if (w > 0 && (w !== width || hh !== height)) {
      width = w;
      height = hh;
      drawTable();
    }
  });
  const onWindow = () => {
    const hh = roomHigh(el);
    if (hh !== height) {
      height = hh;
      drawTable();
    }
  };
  window.addEventListener("resize", onWindow);
  const tick = window.setInterval(() => {
    if (clockRuns(view)) updateClock(dom, view, Date.now());
  }, 1000);

  drawAll();
  model.on("change:view", onView);
  model.on("msg:custom", onMsg);
  resize.observe(el);

  return () => {
    model.off("change:view", onView);
    model.off("msg:custom", onMsg);
    resize.disconnect();
    window.removeEventListener("resize", onWindow);
    window.clearInterval(tick);
    window.clearTimeout(waitTimer);
    interaction.detach();
    players.detach();
    detachLanguage();
    dom.root.remove();
  };
}

export default { render };
