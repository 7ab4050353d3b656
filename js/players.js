// @ts-check
/**
 * What players expect of a table: the Statistics panel, the deal's line (winnable, daily,
 * difficulty, share text), Watch, the deck settings and the screen-reader announcements.
 *
 * Everything here is drawn from the view's keys `statistics`, `deal`, `watch`, `deck` and
 * `options` (table/session.py); every change goes to the kernel as an intent (`watch`,
 * `deck`, `settings`), which checks it. The words are in `TEXT`, in one place: English ids
 * of the catalogue (docs/translating.md), shown through `t(view, …)` in the table's
 * language and written again when the language changes.
 */
import { N_, stringsOf, t } from "./i18n.js";
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
 * @property {import("./i18n.js").Strings} [strings]  the table's words (widget.js)
 */

export const TEXT = {
  statistics: N_("Statistics"),
  settings: N_("Settings"),
  watch: N_("Watch"),
  watchTitle: N_("Watch the fair player (it sees only what you see) play this deal; any click stops it"),
  speed: N_("Watch speed"),
  speeds: { slow: N_("Slow"), normal: N_("Normal"), fast: N_("Fast") },
  palette: N_("Card colours"),
  palettes: { classic: N_("Red and black"), "four-colour": N_("Four colours") },
  contrast: N_("High contrast"),
  large: N_("Large print"),
  back: N_("Card back"),
  backs: { blue: N_("Blue"), red: N_("Red"), green: N_("Green"), plain: N_("Plain") },
  winnableDeals: N_("Deal only winnable deals"),
  showStatistics: N_("Show statistics"),
  thisDeal: N_("This deal"),
  daily: N_("Daily deal {date}."),
  difficulty: N_("Difficulty: {difficulty}."),
  /** The kernel's difficulty words (table/deals.py), as shown. @type {Record<string, string>} */
  difficulties: { easy: N_("easy"), medium: N_("medium"), hard: N_("hard") },
  figures: /** @type {[keyof Figures, string][]} */ ([
    ["played", N_("Played")],
    ["won", N_("Won")],
    ["percent", N_("Won %")],
    ["clean", N_("Clean wins")],
    ["best_seconds", N_("Best time")],
    ["worst_seconds", N_("Worst time")],
    ["fewest_moves", N_("Fewest moves")],
    ["streak", N_("Streak")],
    ["longest_streak", N_("Longest streak")],
    ["hints", N_("Hints used")],
    ["undos", N_("Undos used")],
  ]),
  cleanNote: N_("(Clean: won without a hint, Watch or Winnable?)"),
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
 * The deal's line in the view's language: "Daily deal 2026-12-06. … Difficulty: hard. …".
 * @param {PlayerView} view
 */
export function dealLine(view) {
  const info = view.deal;
  if (!info) return "";
  const parts = [];
  if (info.daily) parts.push(t(view, TEXT.daily, { date: info.daily }));
  if (info.text) parts.push(`${info.text}.`);
  if (info.difficulty) {
    const level = TEXT.difficulties[info.difficulty];
    parts.push(t(view, TEXT.difficulty, { difficulty: level ? t(view, level) : info.difficulty }));
  }
  if (info.share && info.daily) parts.push(info.share);
  return parts.join(" ");
}

/**
 * A labelled menu; `words(view)` writes its label and choices in the view's language.
 * @param {string} label an id of the catalogue
 * @param {Record<string, string>} choices value → id of the catalogue
 * @param {string} cls
 */
function select(label, choices, cls) {
  const wrap = h("label", "tw-set", {});
  const text = document.createTextNode(`${label} `);
  const el = h("select", cls, {});
  /** @type {[HTMLOptionElement, string][]} */
  const options = Object.entries(choices).map(([value, id]) => [h("option", "", { value }, id), id]);
  for (const [option] of options) el.append(option);
  wrap.append(text, el);
  /** @param {{strings?: import("./i18n.js").Strings}} view */
  const words = (view) => {
    text.textContent = `${t(view, label)} `;
    for (const [option, id] of options) option.textContent = t(view, id);
  };
  return { wrap, el, words };
}

/**
 * A labelled checkbox; `words(view)` writes its label in the view's language.
 * @param {string} label an id of the catalogue
 * @param {string} cls
 */
function checkbox(label, cls) {
  const wrap = h("label", "tw-set", {});
  const el = h("input", cls, { type: "checkbox" });
  const text = document.createTextNode(` ${label}`);
  wrap.append(el, text);
  /** @param {{strings?: import("./i18n.js").Strings}} view */
  const words = (view) => {
    text.textContent = ` ${t(view, label)}`;
  };
  return { wrap, el, words };
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
  const summary = h("summary", "tw-btn", { title: TEXT.settings }, TEXT.settings);
  settings.append(summary);
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

  const deal = h("div", "tw-deal", { "aria-label": TEXT.thisDeal });
  const panel = h("section", "tw-statpanel", { "aria-label": TEXT.statistics });
  const line = /** @type {HTMLElement} */ (dom.root.querySelector(".tw-line"));
  line.after(deal, panel);
  // Moves and Watch's words, for screen readers only (the message line shows them too).
  const live = h("div", "tw-announce", { "aria-live": "polite", "aria-atomic": "true" });
  dom.root.append(live);

  /** @type {PlayerView} */
  let last = {};
  let panelKey = "";
  /** The words the lasting parts were last written in. @type {unknown} */
  let wordsOf = null;

  /**
   * Write the lasting parts (Watch, the settings, the deal line's label) in the view's
   * language.
   * @param {PlayerView} view
   */
  function words(view) {
    watch.textContent = t(view, TEXT.watch);
    watch.title = t(view, TEXT.watchTitle);
    summary.textContent = t(view, TEXT.settings);
    summary.title = t(view, TEXT.settings);
    body.setAttribute("aria-label", t(view, TEXT.settings));
    for (const part of [palette, back, speed, contrast, large, winnable, showStats]) part.words(view);
    deal.setAttribute("aria-label", t(view, TEXT.thisDeal));
    panel.setAttribute("aria-label", t(view, TEXT.statistics));
  }

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
    const strings = stringsOf(view);
    if (strings !== wordsOf) {
      wordsOf = strings;
      words(view);
    }
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
    const dealText = dealLine(view);
    if (deal.textContent !== dealText) deal.textContent = dealText;
    deal.title = info?.difficulty ? info.rule : "";
    deal.hidden = !dealText;
    const f = view.statistics;
    const key = JSON.stringify([strings.locale, f ?? null]);
    if (key !== panelKey) {
      panelKey = key;
      panel.replaceChildren();
      panel.hidden = !f;
      if (f) {
        // Items that wrap (a 360 px table shows them on several lines, never scrolls).
        const list = h("ul", "tw-stat-list", { "aria-label": t(view, TEXT.statistics) });
        list.append(h("li", "tw-stat-title", {}, `${t(view, TEXT.statistics)}:`));
        for (const [name, label] of TEXT.figures) {
          const item = h("li", "tw-stat", { "data-figure": name });
          item.append(`${t(view, label)} `, h("b", "", {}, figureText(name, f)));
          list.append(item);
        }
        list.append(h("li", "tw-stat-note", {}, t(view, TEXT.cleanNote)));
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
