// @ts-check
/**
 * The table's words in its language. Anywidget has no translator: the kernel sends the
 * catalogue of the table's locale in the `strings` trait (terrace_widget/table/strings.py),
 * and the widget puts it on each view as `view.strings`. `t(view, "English id", params)`
 * looks the English id up (English: the id itself). A placeholder names a grammatical case
 * where the language needs one: `{card:acc}`, `{pile:sto}` (terrace_widget/i18n/nouns.py).
 * Parameters: strings and numbers as they are, `{card: "QH"}`, `{pile: "t3"}`, `{rank: 6}`.
 * pybabel extracts `t` and `tn` calls from js/ into the same catalogue as the Python.
 */

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";

/**
 * @typedef {object} Strings
 * @property {string} locale
 * @property {Record<string, string>} messages
 * @property {Record<string, Record<string, string>>} plurals  forms by CLDR category
 * @property {Record<string, string[]>} cards   52 names per case
 * @property {Record<string, string[]>} ranks   13 rank words per case
 * @property {Record<string, Record<string, string>>} piles  per case: stock, waste, reserve, t, f ("{n}")
 * @typedef {string | number | {card: string} | {pile: string} | {rank: number}} Param
 */

/** English, when the kernel has sent nothing yet. @type {Strings} */
const ENGLISH = {
  locale: "en",
  messages: {},
  plurals: {},
  cards: { nom: [], bare: [] },
  ranks: {
    nom: "Ace 2 3 4 5 6 7 8 9 10 Jack Queen King".split(" "),
    word: "ace two three four five six seven eight nine ten jack queen king".split(" "),
  },
  piles: {
    nom: { stock: "the stock", waste: "the waste", reserve: "the reserve", t: "tableau pile {n}", f: "foundation {n}" },
    title: { stock: "Stock", waste: "Waste", reserve: "Reserve", t: "Tableau {n}", f: "Foundation {n}" },
  },
};

/**
 * The strings a view carries (English without them).
 * @param {{strings?: Strings} | null | undefined} view
 * @returns {Strings}
 */
export function stringsOf(view) {
  const s = view?.strings;
  return s && typeof s === "object" && s.messages ? s : ENGLISH;
}

/**
 * A card code's name in a case: "the queen of hearts", "даму червей".
 * @param {Strings} s
 * @param {string} code
 * @param {string} kase
 */
function cardWords(s, code, kase) {
  const value = SUITS.indexOf(code?.[1] ?? "?") * 13 + RANKS.indexOf(code?.[0] ?? "?");
  if (!(value >= 0) || code.length !== 2) return lookup(s, N_("a face-down card"));
  const names = s.cards[kase] ?? s.cards.nom;
  const name = names?.[value];
  if (name) return name;
  const ranks = "ace two three four five six seven eight nine ten jack queen king".split(" ");
  const suits = ["clubs", "diamonds", "hearts", "spades"];
  const bare = `${ranks[value % 13]} of ${suits[Math.floor(value / 13)]}`;
  return kase === "bare" ? bare : `the ${bare}`;
}

/**
 * @param {Strings} s
 * @param {string} name "t3", "f1", "waste"
 * @param {string} kase
 */
function pileWords(s, name, kase) {
  const m = /^([tf])(\d+)$/.exec(name);
  const forms = s.piles[kase] ?? s.piles.nom ?? ENGLISH.piles.nom;
  const form = forms[m ? m[1] : name];
  return form ? form.replace("{n}", m ? m[2] : "") : name;
}

/**
 * Mark an id for the catalogue (looked up where it is used).
 * @param {string} id
 */
export const N_ = (id) => id;

/**
 * Mark a counted id (singular, plural) for the catalogue; `tn` looks it up.
 * @param {string} singular
 * @param {string} plural
 * @returns {[string, string]}
 */
export const Nn_ = (singular, plural) => [singular, plural];

/** @param {Strings} s @param {string} id */
function lookup(s, id) {
  return s.messages[id] ?? id;
}

/**
 * Fill `{name}` and `{name:case}` placeholders.
 * @param {Strings} s
 * @param {string} template
 * @param {Record<string, Param>} params
 */
function fill(s, template, params) {
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, kase) => {
    const p = params[name];
    if (p === undefined) return whole;
    if (typeof p === "object" && p !== null) {
      if ("card" in p) return cardWords(s, p.card, kase ?? "nom");
      if ("pile" in p) return pileWords(s, p.pile, kase ?? "nom");
      if ("rank" in p) return (s.ranks[kase ?? "nom"] ?? s.ranks.nom ?? ENGLISH.ranks.nom)[p.rank - 1] ?? String(p.rank);
    }
    return String(p);
  });
}

/**
 * A sentence in the view's language.
 * @param {{strings?: Strings} | null | undefined} view
 * @param {string} id the English text (the catalogue's msgid)
 * @param {Record<string, Param>} [params]
 */
export function t(view, id, params = {}) {
  const s = stringsOf(view);
  return fill(s, lookup(s, id), params);
}

/**
 * A counted sentence; `{n}` is the count.
 * @param {{strings?: Strings} | null | undefined} view
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @param {Record<string, Param>} [params]
 */
export function tn(view, singular, plural, n, params = {}) {
  const s = stringsOf(view);
  const forms = s.plurals[singular];
  let template = n === 1 ? singular : plural;
  if (forms) {
    let category = "other";
    try {
      category = new Intl.PluralRules(s.locale).select(n);
    } catch {
      category = n === 1 ? "one" : "other";
    }
    template = forms[category] ?? forms.other ?? template;
  }
  return fill(s, template, { n, ...params });
}

/**
 * A pile's title for the status and the keyboard: "Tableau pile 3", "Стопка 3 расклада".
 * @param {{strings?: Strings} | null | undefined} view
 * @param {string} name
 */
export function pileName(view, name) {
  const text = pileWords(stringsOf(view), name, "bare");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
