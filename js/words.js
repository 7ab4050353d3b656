// @ts-check
/**
 * The lasting parts of the table in the view's language: the toolbar's buttons and their
 * titles, the keyboard help, the labels read by screen readers, and the language menu
 * (`view.locales`; choosing one sends a `locale` intent). Written again only when the
 * locale changes.
 */
import { N_, t } from "./i18n.js";
import { KEYS_HELP, h } from "./view.js";

/** The toolbar's buttons: action, English label, key. */
const BUTTONS = [
  ["new", N_("New deal"), "N"],
  ["restart", N_("Restart"), ""],
  ["undo", N_("Undo"), "U"],
  ["redo", N_("Redo"), "R"],
  ["hint", N_("Hint"), "H"],
  ["winnable", N_("Winnable?"), "W"],
];

/**
 * @param {{root: HTMLElement, picker: HTMLSelectElement, buttons: Record<string, HTMLButtonElement>, stats: HTMLElement}} dom
 * @param {import("./widget.js").View} view
 */
export function renderWords(dom, view) {
  const locale = view.locale ?? "en";
  const menu = languageMenu(dom, view);
  const key = `${locale} ${JSON.stringify(view.locales ?? [])}`;
  if (dom.root.dataset.words === key) return;
  dom.root.dataset.words = key;
  dom.root.lang = locale;
  for (const [action, label, k] of BUTTONS) {
    const button = dom.buttons[action];
    if (!button) continue;
    const text = t(view, label);
    button.textContent = text;
    button.title = k ? `${text} (${k})` : text;
  }
  if (dom.buttons.winnable) dom.buttons.winnable.title = t(view, "Can this game still be won? The solver checks after every move (W)");
  dom.root.querySelector(".tw-tools")?.setAttribute("aria-label", t(view, "Game"));
  dom.picker.setAttribute("aria-label", t(view, "Game"));
  dom.picker.title = t(view, "Game");
  const summary = dom.root.querySelector(".tw-keys summary");
  if (summary) {
    summary.textContent = t(view, "Keys");
    summary.setAttribute("title", t(view, "How to play with the mouse and the keyboard"));
  }
  const help = dom.root.querySelector(".tw-keys p");
  if (help) help.textContent = t(view, KEYS_HELP);
  dom.stats.setAttribute("aria-label", t(view, "Status"));
  menu.setAttribute("aria-label", t(view, "Language"));
  menu.title = t(view, "Language");
  const locales = view.locales ?? [];
  menu.replaceChildren(...locales.map((l) => h("option", "", { value: l.id, lang: l.id }, l.name)));
  menu.value = locale;
  menu.hidden = locales.length < 2;
}

/**
 * The language menu, made once next to the game picker.
 * @param {{root: HTMLElement, picker: HTMLSelectElement}} dom
 * @param {import("./widget.js").View} view
 * @returns {HTMLSelectElement}
 */
function languageMenu(dom, view) {
  let menu = /** @type {HTMLSelectElement | null} */ (dom.root.querySelector("select.tw-lang"));
  if (!menu) {
    menu = h("select", "tw-picker tw-lang", { "aria-label": "Language", title: "Language" });
    dom.picker.after(menu);
  }
  if (view.locale && menu.value !== view.locale && menu.options.length) menu.value = view.locale;
  return menu;
}

/**
 * Send a `locale` intent when the language menu changes.
 * @param {HTMLElement} root
 * @param {(content: Record<string, unknown>) => unknown} send
 * @returns {() => void} detach
 */
export function attachLanguageMenu(root, send) {
  /** @param {Event} e */
  const onChange = (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    if (target instanceof HTMLSelectElement && target.classList.contains("tw-lang")) {
      send({ kind: "locale", locale: target.value });
    }
  };
  root.addEventListener("change", onChange);
  return () => root.removeEventListener("change", onChange);
}
