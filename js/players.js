// @ts-check
/**
 * What players expect of a table: the Statistics panel, the deal's line (winnable, daily,
 * difficulty, share text), Watch, the deck settings and the screen-reader announcements.
 *
 * Everything here is drawn from the view's keys `statistics`, `deal`, `watch`, `deck` and
 * `options` (table/session.py); every change goes to the kernel as an intent (`watch`,
 * `deck`, `settings`), which checks it. The words are in `TEXT`, in one place.
 */
import { h } from "./view.js";

/**
 * @typedef {object} Figures
 * @property {number} played
 * @property {number} won
 * @property {number | null} percent
 * @property {number} clean
 * @property {number | null} best_seconds
 * @property {number | null} worst_seconds
 * @property {number | null} fewest_moves
 * @property {number} streak
 * @property {number} longest_streak
 * @property {number} hints
 * @property {number} undos
 */
/**
 * @typedef {object} PlayerView
 * @property {Figures | null} [statistics]
 * @property {{source: string, winnable: boolean, text: string | null, difficulty: string | null, rule: string, daily: string | null, share: string | null} | null} [deal]
 * @property {{on: boolean, speed: string, say: string | null}} [watch]
 * @property {{palette: string, contrast: boolean, large: boolean, back: string}} [deck]
 * @property {{winnable_deals: boolean, show_statistics: boolean}} [options]
 */

export const TEXT = {
  statistics: "Statistics",
  settings: "Settings",
  watch: "Watch",
  watchTitle: "Watch the fair player (it sees only what you see) play this deal; any click stops it",
  speed: "Watch speed",
  speeds: { slow: "Slow", normal: "Normal", fast: "Fast" },
  palette: "Card colours",
  palettes: { classic: "Red and black", "four-colour": "Four colours" },
  contrast: "High contrast",
  large: "Large print",
  back: "Card back",
  backs: { blue: "Blue", red: "Red", green: "Green", plain: "Plain" },
  winnableDeals: "Deal only winnable deals",
  showStatistics: "Show statistics",
  difficulty: "Difficulty",
  daily: "Daily deal",
  figures: /** @type {[keyof Figures, string][]} */ ([
    ["played", "Played"],
    ["won", "Won"],
    ["percent", "Won %"],
    ["clean", "Clean wins"],
    ["best_seconds", "Best time"],
    ["worst_seconds", "Worst time"],
    ["fewest_moves", "Fewest moves"],
    ["streak", "Streak"],
    ["longest_streak", "Longest streak"],
    ["hints", "Hints used"],
    ["undos", "Undos used"],
  ]),
  cleanNote: "Clean: won without a hint, Watch or Winnable?",
};

/** @param {number | null | undefined} s */
function clock(s) {
  if (s === null || s === undefined) return "–";
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * A figure as shown in the panel.
 * @param {keyof Figures} key
 * @param {Figures} f
 */
export function figureText(key, f) {
  const v = f[key];
  if (key.endsWith("seconds")) return clock(/** @type {number | null} */ (v));
  if (v === null || v === undefined) return "–";
  return key === "percent" ? `${v}%` : String(v);
}

/**
 * @param {string} label
 * @param {Record<string, string>} choices
 * @param {string} cls
 */
function select(label, choices, cls) {
  const wrap = h("label", "tw-set", {}, label + " ");
  const el = h("select", cls, {});
  for (const [value, text] of Object.entries(choices)) el.append(h("option", "", { value }, text));
  wrap.append(el);
  return { wrap, el };
}

/** @param {string} label @param {string} cls */
function checkbox(label, cls) {
  const wrap = h("label", "tw-set", {});
  const el = h("input", cls, { type: "checkbox" });
  wrap.append(el, document.createTextNode(" " + label));
  return { wrap, el };
}

/**
 * Build the parts inside the table's shell; returns `render(view)` and `announce(text)`.
 * @param {{root: HTMLElement, buttons: Record<string, HTMLButtonElement>}} dom
 * @param {(content: Record<string, unknown>) => unknown} send
 */
export function attachPlayers(dom, send) {
  const tools = /** @type {HTMLElement} */ (dom.root.querySelector(".tw-tools"));
  const watch = h("button", "tw-btn tw-watch", { type: "button", "data-action": "watch", title: TEXT.watchTitle, "aria-pressed": "false" }, TEXT.watch);
  dom.buttons.watch = watch;
  const hint = dom.buttons.hint;
  if (hint && hint.nextSibling) tools.insertBefore(watch, hint.nextSibling);
  else tools.append(watch);

  const settings = h("details", "tw-settings");
  settings.append(h("summary", "tw-btn", { title: TEXT.settings }, TEXT.settings));
  const body = h("div", "tw-settings-body", { role: "group", "aria-label": TEXT.settings });
  const palette = select(TEXT.palette, TEXT.palettes, "tw-palette");
  const back = select(TEXT.back, TEXT.backs, "tw-backs");
  const speed = select(TEXT.speed, TEXT.speeds, "tw-speed");
  const contrast = checkbox(TEXT.contrast, "tw-contrast-box");
  const large = checkbox(TEXT.large, "tw-large-box");
  const winnable = checkbox(TEXT.winnableDeals, "tw-winnable-deals");
  const showStats = checkbox(TEXT.showStatistics, "tw-show-stats");
  body.append(palette.wrap, contrast.wrap, large.wrap, back.wrap, speed.wrap, winnable.wrap, showStats.wrap);
  settings.append(body);
  tools.append(settings);

  palette.el.addEventListener("change", () => send({ kind: "deck", palette: palette.el.value }));
  back.el.addEventListener("change", () => send({ kind: "deck", back: back.el.value }));
  contrast.el.addEventListener("change", () => send({ kind: "deck", contrast: contrast.el.checked }));
  large.el.addEventListener("change", () => send({ kind: "deck", large: large.el.checked }));
  winnable.el.addEventListener("change", () => send({ kind: "settings", winnable_deals: winnable.el.checked }));
  showStats.el.addEventListener("change", () => send({ kind: "settings", show_statistics: showStats.el.checked }));

  const deal = h("div", "tw-deal", { "aria-label": "This deal" });
  const panel = h("section", "tw-statpanel", { "aria-label": TEXT.statistics });
  const line = /** @type {HTMLElement} */ (dom.root.querySelector(".tw-line"));
  line.after(deal, panel);
  // Moves and Watch's words, for screen readers only (the message line shows them too).
  const live = h("div", "tw-announce", { "aria-live": "polite", "aria-atomic": "true" });
  dom.root.append(live);

  /** @type {PlayerView} */
  let last = {};
  let panelKey = "";

  // Any click on the table while Watch plays hands the game back (the kernel stops it on
  // any intent; this covers clicks that would send none, such as picking a card up).
  /** @param {Event} e */
  function onDown(e) {
    if (!last.watch?.on) return;
    const t = /** @type {HTMLElement} */ (e.target);
    if (t.closest(".tw-watch, .tw-settings")) return;
    send({ kind: "watch", on: false });
  }
  dom.root.addEventListener("pointerdown", onDown, true);
  speed.el.addEventListener("change", () => {
    if (last.watch?.on) send({ kind: "watch", on: true, speed: speed.el.value });
  });
  watch.addEventListener(
    "click",
    (e) => {
      // Watch's own intent carries the chosen speed (interact.js would send a bare toggle).
      e.stopPropagation();
      send(last.watch?.on ? { kind: "watch", on: false } : { kind: "watch", on: true, speed: speed.el.value });
    },
    true,
  );

  /** @param {unknown} v */
  function render(v) {
    const view = /** @type {PlayerView} */ (v);
    last = view;
    const d = view.deck;
    if (d) {
      const r = dom.root.classList;
      r.toggle("tw-four-colour", d.palette === "four-colour");
      r.toggle("tw-high-contrast", d.contrast);
      r.toggle("tw-large-print", d.large);
      for (const name of Object.keys(TEXT.backs)) r.toggle(`tw-back-${name}`, d.back === name);
      palette.el.value = d.palette;
      back.el.value = d.back;
      contrast.el.checked = d.contrast;
      large.el.checked = d.large;
    }
    const w = view.watch;
    watch.setAttribute("aria-pressed", String(!!w?.on));
    if (w && !w.on) speed.el.value = w.speed;
    if (view.options) {
      winnable.el.checked = view.options.winnable_deals;
      showStats.el.checked = view.options.show_statistics;
    }
    const info = view.deal;
    const parts = [];
    if (info?.daily) parts.push(`${TEXT.daily} ${info.daily}.`);
    if (info?.text) parts.push(`${info.text}.`);
    if (info?.difficulty) parts.push(`${TEXT.difficulty}: ${info.difficulty}.`);
    if (info?.share && info.daily) parts.push(info.share);
    const dealText = parts.join(" ");
    if (deal.textContent !== dealText) deal.textContent = dealText;
    deal.title = info?.difficulty ? info.rule : "";
    deal.hidden = !dealText;
    const f = view.statistics;
    const key = JSON.stringify(f ?? null);
    if (key !== panelKey) {
      panelKey = key;
      panel.replaceChildren();
      panel.hidden = !f;
      if (f) {
        // Items that wrap (a 360 px table shows them on several lines, never scrolls).
        const list = h("ul", "tw-stat-list", { "aria-label": TEXT.statistics });
        list.append(h("li", "tw-stat-title", {}, `${TEXT.statistics}:`));
        for (const [name, label] of TEXT.figures) {
          const item = h("li", "tw-stat", { "data-figure": name });
          item.append(`${label} `, h("b", "", {}, figureText(name, f)));
          list.append(item);
        }
        list.append(h("li", "tw-stat-note", {}, `(${TEXT.cleanNote})`));
        panel.append(list);
      }
    }
  }

  /** @param {string} text */
  function announce(text) {
    const say = last.watch?.on && last.watch.say ? `${text} ${last.watch.say}`.trim() : text;
    if (say && live.textContent !== say) live.textContent = say;
  }

  function detach() {
    dom.root.removeEventListener("pointerdown", onDown, true);
  }

  return { render, announce, detach };
}
