// cards.js
var RANKS = "A23456789TJQK";
var SUITS = "CDHS";
var SUIT_GLYPHS = ["\u2663\uFE0E", "\u2666\uFE0E", "\u2665\uFE0E", "\u2660\uFE0E"];
var SUIT_WORDS = ["clubs", "diamonds", "hearts", "spades"];
var RANK_NAMES = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"];
function isFaceDown(code) {
  return code.startsWith("#");
}
function rankLabel(rank) {
  return rank === 10 ? "10" : RANKS[rank - 1] ?? "?";
}
function face(code) {
  if (typeof code !== "string" || code.length !== 2) return null;
  const rank = RANKS.indexOf(code[0].toUpperCase()) + 1;
  const suit = SUITS.indexOf(code[1].toUpperCase());
  if (rank < 1 || suit < 0) return null;
  const label = rankLabel(rank);
  return {
    code: RANKS[rank - 1] + SUITS[suit],
    rank,
    suit,
    red: suit === 1 || suit === 2,
    court: rank > 10,
    label,
    glyph: SUIT_GLYPHS[suit],
    short: label + SUIT_GLYPHS[suit],
    name: `${RANK_NAMES[rank - 1]} of ${SUIT_WORDS[suit]}`
  };
}
function faceUpRun(cards) {
  let n = 0;
  for (let k = cards.length - 1; k >= 0 && !isFaceDown(cards[k]); k--) n++;
  return n;
}

// animate.js
var MOVE_MS = 190;
var STAGGER_MS = 45;
var MAX_STAGGER = 24;
function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}
function snapshot(view, layout) {
  const out = [];
  for (const slot of layout.slots) {
    const cards = view.piles[slot.name] ?? [];
    for (const pos of slot.cards) out.push({ pile: slot.name, i: pos.i, code: cards[pos.i] ?? "#", x: pos.x, y: pos.y });
  }
  return out;
}
function pairCards(before, after) {
  const key = (c) => `${c.pile}/${c.i}`;
  const old = new Map(before.map((s) => [key(s), s]));
  const used = /* @__PURE__ */ new Set();
  const pairs = [];
  let rest = [];
  for (const c of after) {
    const s = old.get(key(c));
    if (s && s.code === c.code && !used.has(s)) {
      used.add(s);
      pairs.push({ now: c, was: s, flip: false });
    } else rest.push(c);
  }
  const free = () => before.filter((s) => !used.has(s));
  const take = (c, ok, flip) => {
    const s = free().find(ok);
    if (!s) return false;
    used.add(s);
    pairs.push({ now: c, was: s, flip });
    return true;
  };
  rest = rest.filter((c) => isFaceDown(c.code) || !take(c, (s) => s.code === c.code, false));
  rest = rest.filter(
    (c) => isFaceDown(c.code) || !(take(c, (s) => isFaceDown(s.code) && s.pile === c.pile && s.i === c.i, true) || take(c, (s) => isFaceDown(s.code) && s.pile === "stock", true))
  );
  rest = rest.filter((c) => !isFaceDown(c.code) || !take(c, (s) => !isFaceDown(s.code) && s.pile !== c.pile, false));
  return pairs;
}
function drawnCards(table, view, layout) {
  const out = [];
  for (const slot of layout.slots) {
    const pileEl = table.querySelector(`[data-pile="${slot.name}"]`);
    if (!pileEl) continue;
    const cards = view.piles[slot.name] ?? [];
    const byIndex = /* @__PURE__ */ new Map();
    for (const c of pileEl.querySelectorAll(".tw-card")) {
      const el = (
        /** @type {HTMLElement} */
        c
      );
      byIndex.set(Number(el.dataset.i), el);
    }
    for (const pos of slot.cards) {
      const el = byIndex.get(pos.i);
      if (el) out.push({ el, pile: slot.name, i: pos.i, code: cards[pos.i] ?? "#", x: pos.x, y: pos.y });
    }
  }
  return out;
}
function dealFromStock(cards, layout) {
  const stock = layout.slots.find((s) => s.kind === "stock") ?? layout.slots[0];
  if (!stock) return [];
  const step = Math.min(14, 640 / Math.max(1, cards.length));
  return cards.map((c, k) => {
    const from = `translate(${stock.x - c.x}px, ${stock.y - c.y}px)`;
    return c.el.animate([{ transform: from }, { transform: "translate(0, 0)" }], {
      duration: MOVE_MS * 1.3,
      delay: k * step,
      easing: "cubic-bezier(.2,.7,.3,1)",
      fill: "backwards"
    });
  });
}
function animateChanges(table, before, view, layout, fresh = false) {
  if (reducedMotion() || typeof Element.prototype.animate !== "function") return [];
  const now = drawnCards(table, view, layout);
  if (fresh) return dealFromStock(now.filter((c) => c.pile !== "stock"), layout);
  const pairs = pairCards(before, now);
  const moving = pairs.filter((p) => p.flip || p.was.x !== p.now.x || p.was.y !== p.now.y);
  const far = moving.filter((p) => p.was.pile !== p.now.pile);
  const stagger = far.length > 3;
  const started = [];
  let k = 0;
  for (const { now: now2, was, flip } of moving) {
    const el = now2.el;
    if (el.getAnimations().length) continue;
    const dx = was.x - now2.x;
    const dy = was.y - now2.y;
    const travels = was.pile !== now2.pile;
    const delay = stagger && travels ? Math.min(k++, MAX_STAGGER) * STAGGER_MS : 0;
    const from = `translate(${dx}px, ${dy}px)`;
    const frames = flip ? [
      { transform: `${from} scaleX(1)` },
      { transform: `translate(${dx / 2}px, ${dy / 2}px) scaleX(0.02)`, offset: 0.5 },
      { transform: "translate(0, 0) scaleX(1)" }
    ] : [{ transform: from }, { transform: "translate(0, 0)" }];
    const timing = { duration: flip ? MOVE_MS * 1.5 : MOVE_MS, delay, fill: (
      /** @type {FillMode} */
      "backwards"
    ) };
    const classes = [...travels ? ["tw-moving"] : [], ...flip ? ["tw-flipping"] : []];
    el.classList.add(...classes);
    const a = el.animate(frames, { ...timing, easing: flip ? "ease-in-out" : "cubic-bezier(.2,.7,.3,1)" });
    if (flip && !isFaceDown(now2.code)) {
      const back = el.animate([{ opacity: 1 }, { opacity: 1, offset: 0.5 }, { opacity: 0, offset: 0.5 }, { opacity: 0 }], {
        ...timing,
        pseudoElement: "::after"
      });
      started.push(back);
    }
    const done = () => el.classList.remove(...classes);
    a.addEventListener("finish", done);
    a.addEventListener("cancel", done);
    started.push(a);
  }
  return started;
}

// i18n.js
var RANKS2 = "A23456789TJQK";
var SUITS2 = "CDHS";
var ENGLISH = {
  locale: "en",
  messages: {},
  plurals: {},
  cards: { nom: [], bare: [] },
  ranks: {
    nom: "Ace 2 3 4 5 6 7 8 9 10 Jack Queen King".split(" "),
    word: "ace two three four five six seven eight nine ten jack queen king".split(" ")
  },
  piles: {
    nom: { stock: "the stock", waste: "the waste", reserve: "the reserve", t: "tableau pile {n}", f: "foundation {n}" },
    title: { stock: "Stock", waste: "Waste", reserve: "Reserve", t: "Tableau {n}", f: "Foundation {n}" }
  }
};
function stringsOf(view) {
  const s = view?.strings;
  return s && typeof s === "object" && s.messages ? s : ENGLISH;
}
function cardWords(s, code, kase) {
  const value = SUITS2.indexOf(code?.[1] ?? "?") * 13 + RANKS2.indexOf(code?.[0] ?? "?");
  if (!(value >= 0) || code.length !== 2) return lookup(s, N_("a face-down card"));
  const names = s.cards[kase] ?? s.cards.nom;
  const name = names?.[value];
  if (name) return name;
  const ranks = "ace two three four five six seven eight nine ten jack queen king".split(" ");
  const suits = ["clubs", "diamonds", "hearts", "spades"];
  const bare = `${ranks[value % 13]} of ${suits[Math.floor(value / 13)]}`;
  return kase === "bare" ? bare : `the ${bare}`;
}
function pileWords(s, name, kase) {
  const m = /^([tf])(\d+)$/.exec(name);
  const forms = s.piles[kase] ?? s.piles.nom ?? ENGLISH.piles.nom;
  const form = forms[m ? m[1] : name];
  return form ? form.replace("{n}", m ? m[2] : "") : name;
}
var N_ = (id) => id;
var Nn_ = (singular, plural) => [singular, plural];
function lookup(s, id) {
  return s.messages[id] ?? id;
}
function fill(s, template, params) {
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, kase) => {
    const p = params[name];
    if (p === void 0) return whole;
    if (typeof p === "object" && p !== null) {
      if ("card" in p) return cardWords(s, p.card, kase ?? "nom");
      if ("pile" in p) return pileWords(s, p.pile, kase ?? "nom");
      if ("rank" in p) return (s.ranks[kase ?? "nom"] ?? s.ranks.nom ?? ENGLISH.ranks.nom)[p.rank - 1] ?? String(p.rank);
    }
    return String(p);
  });
}
function t(view, id, params = {}) {
  const s = stringsOf(view);
  return fill(s, lookup(s, id), params);
}
function tn(view, singular, plural, n, params = {}) {
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

// review.js
var CURVE_TITLE = N_("The chance to win after each move (it sees only what you saw)");
var ASK = N_("Review the game");
var ASKED = N_("Reviewing the game\u2026");
var HEAD = N_("Game review");
var WIDTH = 240;
var HEIGHT = 44;
var PAD = 3;
var SVG = "http://www.w3.org/2000/svg";
function svg(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}
function sparkPoints(curve) {
  const n = Math.max(1, curve.length - 1);
  const out = [];
  curve.forEach((v, k) => {
    if (v === null || Number.isNaN(v)) return;
    const x = PAD + (WIDTH - 2 * PAD) * k / n;
    const y = PAD + (HEIGHT - 2 * PAD) * (1 - Math.min(1, Math.max(0, v)));
    out.push({ x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, k });
  });
  return out;
}
function sparkline(review, view) {
  const box = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT, role: "img", class: "tw-review-curve" });
  const title = svg("title", {});
  title.textContent = t(view, CURVE_TITLE);
  box.append(title);
  const points = sparkPoints(review.curve);
  const level = PAD + (HEIGHT - 2 * PAD) * (1 - review.level);
  box.append(svg("line", { x1: PAD, x2: WIDTH - PAD, y1: level, y2: level, class: "tw-review-level" }));
  box.append(svg("polyline", { points: points.map((p) => `${p.x},${p.y}`).join(" "), class: "tw-review-line" }));
  const at = new Map(points.map((p) => [p.k, p]));
  for (const drop of review.drops) {
    const p = at.get(drop.number);
    if (p) box.append(svg("circle", { cx: p.x, cy: p.y, r: 2.5, class: "tw-review-drop", "data-turn": drop.number }));
  }
  if (review.slipped !== null) {
    const p = at.get(review.slipped);
    if (p) box.append(svg("line", { x1: p.x, x2: p.x, y1: PAD, y2: HEIGHT - PAD, class: "tw-review-slip", "data-turn": review.slipped }));
  }
  return box;
}
var STYLE = `
.tw-review{margin-top:4px;display:flex;gap:8px;align-items:flex-start;flex-wrap:wrap}
.tw-review-curve{background:#fff;border:1px solid #e0e0e0;border-radius:3px;flex:none}
.tw-review-line{fill:none;stroke:#1565c0;stroke-width:1.5}
.tw-review-level{stroke:#bdbdbd;stroke-dasharray:3 2}
.tw-review-drop{fill:#c62828}
.tw-review-slip{stroke:#6a1b9a;stroke-width:1.5}
.tw-review-text{flex:1 1 260px;min-width:0}
.tw-review-text b{display:block}
`;
function renderReview(panel, review, reviewing, view = {}) {
  if (!panel.querySelector("style.tw-review-style")) {
    const style = document.createElement("style");
    style.className = "tw-review-style";
    style.textContent = STYLE;
    panel.append(style);
  }
  const block = document.createElement("div");
  block.className = "tw-review";
  if (!review) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tw-btn tw-review-ask";
    button.dataset.action = "review";
    button.textContent = t(view, reviewing ? ASKED : ASK);
    button.disabled = reviewing;
    block.append(button);
    panel.append(block);
    return;
  }
  block.append(sparkline(review, view));
  const text = document.createElement("div");
  text.className = "tw-review-text";
  const head = document.createElement("b");
  head.textContent = t(view, HEAD);
  text.append(head);
  for (const line of review.sentences) {
    const p = document.createElement("div");
    p.textContent = line;
    text.append(p);
  }
  block.append(text);
  panel.append(block);
}

// coach.js
var STYLE2 = `
.tw-coach{margin:2px 0 4px;padding:4px 8px;border-left:3px solid #f9a825;background:#fffde7;
  color:#333;font-size:13px;line-height:1.35}
.tw-coach-note{font-weight:600;color:#8d4b00}
.tw-coach-note[data-tone="praise"]{color:#1b5e20}
.tw-coach-note[data-tone="unsupported"]{color:#455a64;font-weight:500}
.tw-coach-stuck{font-weight:600;color:#4a148c}
.tw-pile.tw-coach-good{outline:2px solid #2e7d32;outline-offset:2px}
.tw-pile.tw-coach-warn{outline:2px dashed #c62828;outline-offset:2px}
.tw-pile.tw-coach-run{outline:2px dotted #6a1b9a;outline-offset:2px}
.tw-card.tw-coach-card{box-shadow:0 0 0 3px #6a1b9a}
.tw-card.tw-coach-card.tw-coach-good{box-shadow:0 0 0 3px #2e7d32}
.tw-card.tw-coach-card.tw-coach-warn{box-shadow:0 0 0 3px #c62828}
.tw-card.tw-coach-card.tw-coach-plain{box-shadow:0 0 0 2px #607d8b}
.tw-coach-badge{position:absolute;left:0;bottom:100%;z-index:5;white-space:nowrap;
  max-width:100%;overflow:hidden;text-overflow:ellipsis;box-sizing:border-box;
  font:11px/1.3 sans-serif;padding:0 4px;border-radius:3px;background:#263238;color:#fff;
  pointer-events:none}
.tw-coach-badge.tw-coach-good{background:#2e7d32}
.tw-coach-badge.tw-coach-warn{background:#c62828}
.tw-coach-badge.tw-coach-run{background:#6a1b9a}
`;
var TONES = ["good", "warn", "run", "plain"];
var COACH = N_("Coach");
var COACH_TITLE = N_("The Coach: marks, a word on each move and a game review; it sees only what you see (C)");
var COACH_NOTE = N_("Coach: {text}");
var WINNABLE_TITLE = N_("Can this game still be won? The solver checks after every move (W)");
var panels = /* @__PURE__ */ new WeakMap();
function panelOf(dom) {
  let panel = panels.get(dom);
  if (!panel) {
    panel = document.createElement("div");
    panel.className = "tw-coach";
    panel.setAttribute("role", "note");
    panel.setAttribute("aria-live", "polite");
    const style = document.createElement("style");
    style.textContent = STYLE2;
    dom.root.prepend(style);
    dom.root.insertBefore(panel, dom.felt);
    panels.set(dom, panel);
  }
  return panel;
}
function renderCoach(dom, view) {
  for (const el of dom.table.querySelectorAll(".tw-coach-badge")) el.remove();
  for (const el of dom.table.querySelectorAll(".tw-coach-card, .tw-pile[data-coach]")) {
    el.classList.remove("tw-coach-card", ...TONES.map((tone) => `tw-coach-${tone}`));
    if (el.hasAttribute("data-coach")) el.removeAttribute("title");
    el.removeAttribute("data-coach");
  }
  const coach = view.coach;
  toolbar(dom, view);
  if (!coach) {
    panels.get(dom)?.remove();
    panels.delete(dom);
    return;
  }
  for (const mark of coach.marks) {
    const el = dom.piles.get(mark.pile)?.el;
    if (!el) continue;
    el.classList.add(`tw-coach-${mark.tone}`);
    el.dataset.coach = el.dataset.coach ? `${el.dataset.coach} ${mark.tip}` : mark.tip;
    for (const card2 of el.querySelectorAll(".tw-card")) {
      if (mark.indices.includes(Number(
        /** @type {HTMLElement} */
        card2.dataset.i
      ))) {
        card2.classList.add("tw-coach-card", `tw-coach-${mark.tone}`);
      }
    }
    const badge = (
      /** @type {HTMLElement | null} */
      el.querySelector(".tw-coach-badge")
    );
    if (badge) {
      if (!badge.textContent?.split(" \xB7 ").includes(mark.label)) badge.textContent += ` \xB7 ${mark.label}`;
    } else {
      const made = document.createElement("div");
      made.className = `tw-coach-badge tw-coach-${mark.tone}`;
      made.dataset.tip = mark.tip;
      made.textContent = mark.label;
      el.append(made);
    }
    el.title = el.title && el.dataset.coach?.includes(" ") ? `${el.title}
${mark.text}` : mark.text;
  }
  const panel = panelOf(dom);
  const note = coach.note ?? null;
  const lines = (
    /** @type {string[]} */
    [...new Set([note, coach.stuck ?? null, ...coach.say].filter((line) => !!line))]
  );
  const key = JSON.stringify([view.strings?.locale ?? "en", lines, coach.tone, coach.review, coach.reviewing]);
  if (panel.dataset.key === key) return;
  panel.dataset.key = key;
  panel.replaceChildren(
    ...lines.map((text) => {
      const p = document.createElement("div");
      if (text === note) {
        p.textContent = t(view, COACH_NOTE, { text });
        p.className = "tw-coach-note";
        p.dataset.tone = coach.tone ?? "plain";
      } else {
        p.textContent = text;
        if (text === coach.stuck) p.className = "tw-coach-stuck";
      }
      return p;
    })
  );
  renderReview(panel, coach.review ?? null, !!coach.reviewing, view);
  panel.hidden = !panel.childElementCount;
}
function toolbar(dom, view) {
  const coach = dom.buttons.coach;
  if (coach) {
    coach.setAttribute("aria-pressed", String(!!view.coach));
    setText(coach, t(view, COACH));
    coach.title = t(view, COACH_TITLE);
  }
  const winnable = dom.buttons.winnable;
  if (winnable) {
    winnable.disabled = !!view.learning;
    winnable.title = view.learning ? view.learning.why : t(view, WINNABLE_TITLE);
  }
}
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
function coachIntent(view) {
  return { kind: "coach", on: !view.coach };
}

// moves.js
var MOVE_RE = /^([a-z]+\d*)-([a-z]+\d*)(?:x(\d+))?$/;
function parseMove(text) {
  const m = typeof text === "string" ? MOVE_RE.exec(text.trim().toLowerCase()) : null;
  if (!m) return null;
  const count = m[3] ? Number(m[3]) : 1;
  return count >= 1 ? { src: m[1], dst: m[2], count } : null;
}
function moveText(src, dst, count = 1) {
  return count > 1 ? `${src}-${dst}x${count}` : `${src}-${dst}`;
}
function targetsFor(legal, src, count) {
  const out = [];
  for (const text of legal) {
    const m = parseMove(text);
    if (m && m.src === src && m.count === count && !out.includes(m.dst)) out.push(m.dst);
  }
  return out;
}
function canDeal(legal) {
  return legal.includes("deal");
}

// describe.js
var card = (code) => ({ card: code });
function pileTitle(name, view) {
  const m = /^([ft])(\d+)$/.exec(name);
  if (m) return m[1] === "f" ? t(view, "Foundation {n}", { n: m[2] }) : t(view, "Tableau {n}", { n: m[2] });
  if (name === "stock") return t(view, "Stock");
  if (name === "waste") return t(view, "Waste");
  if (name === "reserve") return t(view, "Reserve");
  return name.charAt(0).toUpperCase() + name.slice(1);
}
function cardsOn(view, codes) {
  let text = t(view, "{card:bare}", { card: card(codes[0]) });
  for (const c of codes.slice(1)) text = t(view, "{cards} on {card:bare}", { cards: text, card: card(c) });
  return text;
}
function pileLabel(name, cards, view) {
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
function groupName(view, src, count) {
  const cards = view.piles[src] ?? [];
  const first = card(cards[cards.length - count] ?? "#");
  if (count <= 1) return t(view, "{card}", { card: first });
  return tn(view, "{card} and the card on it", "{card} and the {n} cards on it", count - 1, { card: first });
}
function groupSentence(view, src, count, texts, params) {
  const cards = view.piles[src] ?? [];
  const first = card(cards[cards.length - count] ?? "#");
  if (count <= 1) return t(view, texts[0], { card: first, ...params });
  return tn(view, texts[1], texts[2], count - 1, { card: first, ...params });
}
var MOVED = [N_("Moved {card} to {pile:title}."), ...Nn_("Moved {card} and the card on it to {pile:title}.", "Moved {card} and the {n} cards on it to {pile:title}.")];
function sentence(text) {
  const t2 = String(text ?? "").trim();
  if (!t2) return "";
  const body = t2.charAt(0).toUpperCase() + t2.slice(1);
  return /[.!?…]$/.test(body) ? body : `${body}.`;
}
function redealsLeft(view, left) {
  if (left == null) return "";
  return left === 0 ? ` ${t(view, "No redeal is left.")}` : ` ${tn(view, "{n} redeal left.", "{n} redeals left.", left)}`;
}
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
    return groupSentence(
      before,
      m.src,
      m.count,
      /** @type {[string, string, string]} */
      turned,
      { pile, turned: card(now) }
    );
  }
  return groupSentence(before, m.src, m.count, MOVED, { pile });
}
function actionSentence(before, after) {
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
      return groupSentence(
        after,
        m.src,
        m.count,
        /** @type {[string, string, string]} */
        back,
        { pile: { pile: m.src } }
      );
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
function statusItems(view) {
  const items = [
    { key: "score", label: t(view, "Score"), value: view.max_score ? `${view.score}/${view.max_score}` : `${view.score}` },
    { key: "stock", label: t(view, "Stock"), value: `${view.stock_count}`, title: view.stock_locked ? t(view, "locked") : void 0 }
  ];
  const redeals = view.layout ? view.layout.redeals : view.redeals === void 0 ? view.redeals_left !== 0 : view.redeals !== 0;
  if (redeals) {
    items.push({ key: "redeals", label: t(view, "Redeals"), value: view.redeals_left == null ? "\u221E" : `${view.redeals_left}` });
  }
  if (view.layout ? view.layout.base_card : view.has_base_rank) {
    const base = view.base_rank ? t(view, "{rank}", { rank: { rank: view.base_rank } }) : view.status === "choosing-base" ? t(view, "to choose") : "\u2014";
    items.push({ key: "base", label: t(view, "Base"), value: base });
  }
  items.push({ key: "moves", label: t(view, "Moves"), value: `${view.moves_played}` });
  return items;
}
function elapsedSeconds(view, now) {
  if (view.summary && typeof view.summary.seconds === "number") return Math.max(0, Math.floor(view.summary.seconds));
  if (view.started === null) return 0;
  if (typeof view.started !== "number") return null;
  return Math.max(0, Math.floor((now - view.started) / 1e3));
}
function formatClock(seconds) {
  if (seconds == null) return "\u2013:\u2013\u2013";
  const h2 = Math.floor(seconds / 3600);
  const m = Math.floor(seconds % 3600 / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h2 ? `${h2}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
function clockRuns(view) {
  return view.status !== "won" && view.status !== "lost";
}
function verdictBadge(view) {
  if (!view.winnable_check) return null;
  switch (view.winnable) {
    case "winnable":
      return { verdict: "winnable", text: `${t(view, "winnable")} \u2713`, title: t(view, "A winning line exists from here.") };
    case "unwinnable":
      return {
        verdict: "unwinnable",
        text: `${t(view, "cannot be won")} \u2717`,
        title: view.status === "choosing-base" ? t(view, "Proven: whichever base card you choose, no line of play wins this deal.") : t(view, "Proven: no line of play wins from here.")
      };
    case "unknown":
      return { verdict: "unknown", text: `${t(view, "undecided")} ?`, title: t(view, "The solver could not decide in its time.") };
    default:
      return { verdict: "pending", text: t(view, "checking\u2026"), title: t(view, "Checking whether this game can still be won\u2026") };
  }
}
function winnableIntent(view) {
  return { kind: "winnable", on: !view.winnable_check };
}
function foundationMark(view) {
  const mark = view.layout ? view.layout.foundation_mark : view.has_base_rank ? null : "A";
  if (mark) return mark;
  return view.base_rank ? rankLabel(view.base_rank) : "";
}

// court.js
var GOLD = "#e7b43c";
var BLUE = "#2b58a6";
var SKIN = "#f6dcc0";
var LINE = "#1b1b1b";
function half(rank, ink, glyph) {
  const hair = rank === "K" ? "#e9e4d8" : "#5b3a1e";
  const robe = `<path d="M16 96 L20 62 Q50 46 80 62 L84 96 Z" fill="${ink}" stroke="${LINE}" stroke-width="1.6"/><path d="M38 96 L40 58 L60 58 L62 96 Z" fill="${GOLD}" stroke="${LINE}" stroke-width="1.2"/><path d="M44 96 L45 60 L55 60 L56 96 Z" fill="${BLUE}"/><path d="M30 58 Q50 74 70 58" fill="none" stroke="${GOLD}" stroke-width="4"/><path d="M30 58 Q50 74 70 58" fill="none" stroke="${LINE}" stroke-width="1"/>`;
  let head = "";
  let hat = "";
  let held = "";
  if (rank === "K") {
    hat = `<path d="M33 30 L33 12 L41 20 L50 8 L59 20 L67 12 L67 30 Z" fill="${GOLD}" stroke="${LINE}" stroke-width="1.4"/><rect x="33" y="26" width="34" height="5" fill="${ink}" stroke="${LINE}" stroke-width="1"/><circle cx="50" cy="17" r="2.4" fill="${ink}"/>`;
    head = `<path d="M38 44 Q50 62 62 44 L60 52 Q50 60 40 52 Z" fill="${hair}" stroke="${LINE}" stroke-width="1"/>`;
    held = `<path d="M84 24 L84 90" stroke="${GOLD}" stroke-width="4"/><path d="M84 24 L84 90" stroke="${LINE}" stroke-width="1"/><path d="M78 40 L90 40" stroke="${LINE}" stroke-width="3"/>`;
  } else if (rank === "Q") {
    head = `<path d="M35 46 Q33 22 50 22 Q67 22 65 46 L68 60 L32 60 Z" fill="${hair}" stroke="${LINE}" stroke-width="1.2"/>`;
    hat = `<path d="M37 28 L39 16 L45 22 L50 13 L55 22 L61 16 L63 28 Z" fill="${GOLD}" stroke="${LINE}" stroke-width="1.3"/><circle cx="39" cy="16" r="2" fill="${ink}"/><circle cx="50" cy="13" r="2" fill="${ink}"/><circle cx="61" cy="16" r="2" fill="${ink}"/>`;
    held = `<path d="M22 90 L26 66" stroke="#2f7d32" stroke-width="2.4"/><circle cx="26" cy="62" r="6" fill="${ink}" stroke="${LINE}" stroke-width="1.2"/><circle cx="26" cy="62" r="2.4" fill="${GOLD}"/>`;
  } else {
    hat = `<path d="M32 30 Q46 8 70 20 L68 30 Z" fill="${ink}" stroke="${LINE}" stroke-width="1.4"/><rect x="32" y="27" width="36" height="5" rx="2" fill="${GOLD}" stroke="${LINE}" stroke-width="1"/><path d="M64 20 Q80 4 88 14 Q78 12 68 24" fill="${GOLD}" stroke="${LINE}" stroke-width="1.1"/>`;
    head = `<path d="M36 34 L36 50 L40 50 L40 34 Z M60 34 L64 34 L64 50 L60 50 Z" fill="${hair}"/>`;
    held = `<path d="M16 20 L16 92" stroke="${LINE}" stroke-width="2.4"/><path d="M16 18 L11 30 L16 27 L21 30 Z" fill="${BLUE}" stroke="${LINE}" stroke-width="1"/>`;
  }
  const face2 = `<ellipse cx="50" cy="42" rx="11.5" ry="13" fill="${SKIN}" stroke="${LINE}" stroke-width="1.3"/><circle cx="45.5" cy="40" r="1.5" fill="${LINE}"/><circle cx="54.5" cy="40" r="1.5" fill="${LINE}"/><path d="M46 48 Q50 51 54 48" fill="none" stroke="#b8504a" stroke-width="1.4"/>`;
  const mark = `<text x="8" y="20" font-size="17" font-family="DejaVu Sans, sans-serif" fill="${ink}">${glyph}</text>`;
  return robe + held + (rank === "Q" ? head + face2 : face2 + head) + hat + mark;
}
var cache = /* @__PURE__ */ new Map();
function courtSvg(rank, red, glyph) {
  const ink = red ? "#c4212d" : "#1b1b1b";
  const top = half(rank, ink, glyph);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 192" preserveAspectRatio="none"><rect x="1" y="1" width="98" height="190" rx="4" fill="#fbf6ea" stroke="${ink}" stroke-width="2"/><g>${top}</g><g transform="rotate(180 50 96)">${top}</g><path d="M4 96 L96 96" stroke="${ink}" stroke-width="1.2"/></svg>`;
}
function courtImage(rank, red, glyph) {
  const key = rank + red + glyph;
  let url = cache.get(key);
  if (!url) {
    url = `url('data:image/svg+xml;utf8,${courtSvg(rank, red, glyph).replace(/#/g, "%23")}')`;
    cache.set(key, url);
  }
  return url;
}

// words.js
var BUTTONS = [
  ["new", N_("New deal"), "N"],
  ["restart", N_("Restart"), ""],
  ["undo", N_("Undo"), "U"],
  ["redo", N_("Redo"), "R"],
  ["hint", N_("Hint"), "H"],
  ["winnable", N_("Winnable?"), "W"]
];
function renderWords(dom, view) {
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
function languageMenu(dom, view) {
  let menu = (
    /** @type {HTMLSelectElement | null} */
    dom.root.querySelector("select.tw-lang")
  );
  if (!menu) {
    menu = h("select", "tw-picker tw-lang", { "aria-label": "Language", title: "Language" });
    dom.picker.after(menu);
  }
  if (view.locale && menu.value !== view.locale && menu.options.length) menu.value = view.locale;
  return menu;
}
function attachLanguageMenu(root, send) {
  const onChange = (e) => {
    const target = (
      /** @type {HTMLElement} */
      e.target
    );
    if (target instanceof HTMLSelectElement && target.classList.contains("tw-lang")) {
      send({ kind: "locale", locale: target.value });
    }
  };
  root.addEventListener("change", onChange);
  return () => root.removeEventListener("change", onChange);
}

// view.js
var KEYS_HELP = N_(
  "Drag a card, or click it and then click where it goes; double-click sends a card home. Keys: arrows or Tab move between piles; Enter or Space picks up and puts down (in Klondike, Up and Down first choose how many cards); Escape cancels; U undo, R redo, H hint, W can this still be won?, C the Coach, D deal, N new deal. Restart and New deal are undone like moves."
);
var BANNER_BASE = N_("Choose the base card: drop one of the four cards on a foundation");
var START_HELP = N_("Drag a card, or click it and then click where it goes. Double-click sends a card to a foundation.");
var BANNER_LOST = N_("This deal can no longer be won.");
var BANNER_LOST_MORE = N_("Moves are still allowed; Undo takes you back.");
function h(tag, cls, attrs, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v !== false) el.setAttribute(k, v === true ? "" : String(v));
  }
  if (text) el.textContent = text;
  return el;
}
function createShell(el) {
  const help = `tw-help-${Math.random().toString(36).slice(2, 10)}`;
  const root = h("div", "tw-root", {
    role: "application",
    "aria-label": "Solitaire",
    "aria-describedby": help,
    "data-lm-suppress-shortcuts": "true",
    // keep JupyterLab's notebook shortcuts off our keys
    tabindex: "-1"
    // a click anywhere inside keeps the focus here, never on the cell
  });
  const bar = h("div", "tw-bar");
  const tools = h("div", "tw-tools", { role: "toolbar", "aria-label": "Game" });
  const buttons = {};
  for (const [action, label, key] of [
    ["new", "New deal", "N"],
    ["restart", "Restart", ""],
    ["undo", "Undo", "U"],
    ["redo", "Redo", "R"],
    ["hint", "Hint", "H"],
    ["winnable", "Winnable?", "W"],
    ["coach", "Coach", "C"]
  ]) {
    buttons[action] = h("button", "tw-btn", { type: "button", "data-action": action, title: key ? `${label} (${key})` : label }, label);
    tools.append(buttons[action]);
  }
  buttons.winnable.title = "Can this game still be won? The solver checks after every move (W)";
  buttons.winnable.setAttribute("aria-pressed", "false");
  const verdict = h("span", "tw-verdict", { "data-verdict": "off", role: "status", "aria-live": "polite" });
  tools.append(verdict);
  const picker = h("select", "tw-picker", { "aria-label": "Game", title: "Game" });
  const keys = h("details", "tw-keys");
  keys.append(h("summary", "tw-btn", { title: "How to play with the mouse and the keyboard" }, "Keys"));
  keys.append(h("p", "", { id: help }, KEYS_HELP));
  tools.append(picker, keys);
  const stats = h("div", "tw-stats", { "aria-label": "Status" });
  const clock2 = h("b", "tw-clock", {}, "\u2013:\u2013\u2013");
  bar.append(tools, stats);
  const banner = h("div", "tw-banner", { "data-kind": "", "aria-live": "polite" });
  const dock = h("div", "tw-dock");
  dock.append(banner);
  const line = h("div", "tw-line");
  const message = h("div", "tw-message", { role: "status", "aria-live": "polite", "aria-atomic": "true" });
  line.append(message);
  const felt = h("div", "tw-felt");
  const table = h("div", "tw-table");
  felt.append(table, dock);
  root.append(bar, line, felt);
  el.append(root);
  return {
    root,
    picker,
    buttons,
    stats,
    verdict,
    clock: clock2,
    banner,
    message,
    felt,
    table,
    variantsKey: "",
    piles: /* @__PURE__ */ new Map(),
    tableKey: "",
    statsKey: ""
  };
}
function cardEl(code, i) {
  const f = face(code);
  if (!f) return h("div", "tw-card tw-back", { "data-i": i, "aria-hidden": "true" });
  const el = h("div", `tw-card tw-face ${f.red ? "tw-red" : "tw-black"}`, {
    "data-card": f.code,
    "data-i": i,
    role: "img",
    "aria-label": f.name
  });
  const index = `<span class="tw-r${f.label.length > 1 ? " tw-r2" : ""}">${f.label}</span><span class="tw-s">${f.glyph}</span>`;
  const middle = f.court ? `<span class="tw-court"></span>` : `<span class="tw-mid${f.rank === 1 ? " tw-ace" : ""}">${f.glyph}</span>`;
  el.innerHTML = `<span class="tw-ix">${index}</span><span class="tw-pip">${f.glyph}</span>${middle}<span class="tw-ix tw-ix2">${index}</span>`;
  if (f.court) {
    const art = (
      /** @type {HTMLElement} */
      el.querySelector(".tw-court")
    );
    art.style.backgroundImage = courtImage(
      /** @type {"J" | "Q" | "K"} */
      f.label,
      f.red,
      f.glyph
    );
  }
  return el;
}
var PADLOCK = '<svg viewBox="0 0 24 24" aria-hidden="true" class="tw-padlock"><path d="M7 11V8a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" stroke-width="2.6"/><rect x="4" y="10.5" width="16" height="11.5" rx="2.5" fill="currentColor"/><circle cx="12" cy="15.5" r="1.8" fill="#5a4200"/></svg>';
function pileSignature(slot, view) {
  const cards = view.piles[slot.name] ?? [];
  let sig = `${view.strings?.locale ?? "en"}|${slot.x},${slot.y}|${cards.join(" ")}|`;
  for (const pos of slot.cards) sig += `${pos.i}:${pos.x},${pos.y} `;
  if (slot.kind === "foundation") sig += `|${foundationMark(view)}`;
  if (slot.kind === "stock") {
    sig += `|${canDeal(view.legal_moves)}|${view.stock_reason ?? ""}|${clockRuns(view)}|${view.stock_locked}|${view.stock_count}`;
  }
  if (view.hint?.cards?.includes(slot.name) || view.status === "won" && slot.kind === "foundation") {
    sig += `|seq ${view.seq}`;
  }
  return sig;
}
function pileShell(slot) {
  return h("div", `tw-pile tw-${slot.kind}`, {
    "data-pile": slot.name,
    role: "group",
    "aria-roledescription": "pile"
  });
}
function slotName(name, view) {
  const m = /^([tf])(\d+)$/.exec(name);
  if (!m) return pileTitle(name, view);
  return m[1] === "f" ? t(view, "f{n}", { n: m[2] }) : t(view, "t{n}", { n: m[2] });
}
function fillPile(el, slot, view) {
  const cards = view.piles[slot.name] ?? [];
  el.classList.toggle("tw-empty", !cards.length);
  el.setAttribute("aria-label", pileLabel(slot.name, cards, view));
  el.setAttribute("aria-roledescription", t(view, "pile"));
  el.style.left = `${slot.x}px`;
  el.style.top = `${slot.y}px`;
  let mark = "";
  if (slot.kind === "foundation") mark = foundationMark(view);
  if (slot.kind === "stock" && !cards.length && canDeal(view.legal_moves)) mark = "\u21BB";
  const outline = h("div", "tw-slot", { "aria-hidden": "true" });
  outline.innerHTML = `<span class="tw-slot-mark">${mark}</span>`;
  outline.append(h("span", "tw-slot-name", {}, slotName(slot.name, view)));
  const kids = [outline];
  for (const pos of slot.cards) {
    const card2 = cardEl(cards[pos.i], pos.i);
    if (card2.hasAttribute("aria-label")) card2.setAttribute("aria-label", t(view, "{card:bare}", { card: { card: cards[pos.i] } }));
    card2.style.left = `${pos.x - slot.x}px`;
    card2.style.top = `${pos.y - slot.y}px`;
    if (pos.i === cards.length - 1) card2.classList.add("tw-top");
    kids.push(card2);
  }
  if (slot.kind === "stock") {
    if (view.stock_reason && clockRuns(view)) {
      const lock = h("div", "tw-lock", { "aria-hidden": "true" });
      lock.classList.toggle("tw-lock-count", cards.length > 0);
      lock.innerHTML = PADLOCK;
      lock.append(h("span", "tw-lock-text", {}, view.stock_locked ? t(view, "locked") : ""));
      kids.push(lock);
    }
    if (cards.length) kids.push(h("span", "tw-count", { "aria-hidden": "true" }, String(view.stock_count ?? cards.length)));
  }
  el.replaceChildren(...kids);
}
function markPiles(dom, view, ui) {
  const targets = ui.held ? targetsFor(view.legal_moves, ui.held.src, ui.held.count) : [];
  const hinted = view.hint?.cards ?? [];
  for (const [name, rec] of dom.piles) {
    const el = rec.el;
    const n = (view.piles[name] ?? []).length;
    const held = ui.held?.src === name ? n - ui.held.count : Infinity;
    const preview = !ui.held && ui.focus === name && ui.depth > 1 ? n - ui.depth : Infinity;
    el.classList.toggle("tw-target", targets.includes(name));
    el.classList.toggle("tw-source", ui.held?.src === name);
    el.classList.toggle("tw-hint", !ui.held && hinted.includes(name));
    if (held === rec.held && preview === rec.preview) continue;
    rec.held = held;
    rec.preview = preview;
    for (const card2 of el.querySelectorAll(".tw-card")) {
      const i = Number(
        /** @type {HTMLElement} */
        card2.dataset.i
      );
      card2.classList.toggle("tw-held", i >= held);
      card2.classList.toggle("tw-preview", i >= preview);
    }
  }
  dom.table.classList.toggle("tw-holding", !!ui.held);
}
function renderTable(dom, view, layout, ui) {
  const t2 = dom.table;
  const size = `${layout.cw} ${layout.ch} ${layout.width} ${layout.height}`;
  if (size !== dom.tableKey) {
    dom.tableKey = size;
    t2.style.setProperty("--cw", `${layout.cw}px`);
    t2.style.setProperty("--ch", `${layout.ch}px`);
    t2.style.width = `${layout.width}px`;
    t2.style.height = `${layout.height}px`;
  }
  const names = layout.slots.map((s) => s.name);
  if (names.join(" ") !== [...dom.piles.keys()].join(" ")) {
    dom.piles = new Map(layout.slots.map((s) => [s.name, { el: pileShell(s), sig: "", held: Infinity, preview: Infinity }]));
    t2.replaceChildren(...[...dom.piles.values()].map((r) => r.el));
  }
  for (const el of t2.querySelectorAll(".tw-over")) el.classList.remove("tw-over");
  const moving = new Set([...t2.querySelectorAll(".tw-dragging")].map((c) => c.closest("[data-pile]")));
  for (const slot of layout.slots) {
    const rec = (
      /** @type {PileRec} */
      dom.piles.get(slot.name)
    );
    const sig = pileSignature(slot, view);
    if (sig !== rec.sig || moving.has(rec.el)) {
      fillPile(rec.el, slot, view);
      rec.sig = sig;
      rec.held = Infinity;
      rec.preview = Infinity;
    }
    const tab = ui.focus === slot.name ? "0" : "-1";
    if (rec.el.getAttribute("tabindex") !== tab) rec.el.setAttribute("tabindex", tab);
  }
  markPiles(dom, view, ui);
}
function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
function renderChrome(dom, view, ui) {
  const { root, buttons } = dom;
  root.dataset.seq = String(view.seq);
  setAttr(root, "data-status", view.status);
  setAttr(root, "aria-label", t(view, "{game} solitaire", { game: view.name }));
  renderWords(dom, view);
  const disabled = { undo: !view.can_undo, redo: !view.can_redo, hint: !clockRuns(view) };
  for (const [action, off] of Object.entries(disabled)) {
    if (buttons[action].disabled !== off) buttons[action].disabled = off;
  }
  const variants = view.variants ?? [{ id: view.variant, name: view.name }];
  const key = JSON.stringify(variants);
  if (key !== dom.variantsKey) {
    dom.variantsKey = key;
    dom.picker.replaceChildren(...variants.map((v) => h("option", "", { value: v.id }, v.name)));
  }
  if (dom.picker.value !== view.variant) dom.picker.value = view.variant;
  renderVerdict(dom, view);
  const items = statusItems(view);
  const itemsKey = JSON.stringify(items);
  if (itemsKey !== dom.statsKey) {
    dom.statsKey = itemsKey;
    dom.stats.replaceChildren(
      ...items.map((it) => {
        const span = h("span", `tw-stat tw-stat-${it.key}`, it.title ? { title: it.title } : {}, `${it.label} `);
        span.append(h("b", "", {}, it.value));
        return span;
      })
    );
    const time = h("span", "tw-stat tw-stat-time", {}, `${t(view, "Time")} `);
    time.append(dom.clock);
    dom.stats.append(time);
  }
  updateClock(dom, view, Date.now());
  renderBanner(dom, view);
  showMessage(dom, messageFor(view, ui));
}
function renderVerdict(dom, view) {
  setAttr(dom.buttons.winnable, "aria-pressed", String(!!view.winnable_check));
  const badge = verdictBadge(view);
  const v = dom.verdict;
  const text = badge?.text ?? "";
  if (v.textContent !== text) v.textContent = text;
  setAttr(v, "data-verdict", badge?.verdict ?? "off");
  setAttr(v, "title", badge?.title ?? "");
}
function showMessage(dom, note) {
  const m = dom.message;
  if (note.text || m.firstChild) m.textContent = note.text;
  setAttr(m, "title", note.text);
  setAttr(m, "data-kind", note.kind);
}
function updateClock(dom, view, now) {
  const text = formatClock(elapsedSeconds(view, now));
  if (dom.clock.textContent !== text) dom.clock.textContent = text;
}
function renderBanner(dom, view) {
  const b = dom.banner;
  const kind = view.status === "choosing-base" || view.status === "won" || view.status === "lost" ? view.status : "";
  if (b.dataset.kind === kind && (!kind || b.dataset.seq === String(view.seq))) return;
  b.dataset.kind = kind;
  b.dataset.seq = String(view.seq);
  b.replaceChildren();
  b.title = "";
  if (kind === "choosing-base") b.append(h("strong", "", {}, t(view, BANNER_BASE)));
  if (kind === "lost") {
    const lost = view.learning && view.message?.text ? view.message.text : t(view, BANNER_LOST);
    const more = t(view, BANNER_LOST_MORE);
    b.title = `${lost} ${more}${view.post_mortem ? ` ${view.post_mortem}` : ""}`;
    const why = view.post_mortem ? `${view.post_mortem} ${t(view, "Undo takes you back.")}` : more;
    b.append(h("strong", "", {}, lost), h("span", "tw-postmortem", {}, why));
    b.append(h("button", "tw-btn", { type: "button", "data-action": "undo" }, t(view, "Undo")));
    b.append(h("button", "tw-btn", { type: "button", "data-action": "restart" }, t(view, "Restart")));
  }
  if (kind === "won") {
    const s = view.summary;
    const text = s ? `${tn(view, "{n} move", "{n} moves", s.moves)} \xB7 ${t(view, "score {score}", { score: s.score })} \xB7 ${formatClock(Math.round(s.seconds))}` : "";
    b.append(h("strong", "", {}, t(view, "You won!")), h("span", "tw-summary", {}, text));
    b.append(h("button", "tw-btn", { type: "button", "data-action": "new" }, t(view, "New deal")));
  }
  celebrate(dom, kind === "won");
}
var CONFETTI = ["\u2660\uFE0E", "\u2665\uFE0E", "\u2666\uFE0E", "\u2663\uFE0E"];
function celebrate(dom, on) {
  const old = dom.felt.querySelector(".tw-party");
  if (!on) {
    old?.remove();
    return;
  }
  if (old) return;
  const party = h("div", "tw-party", { "aria-hidden": "true" });
  for (let k = 0; k < 36; k++) {
    const bit = h("span", `tw-bit${k % 4 === 1 || k % 4 === 2 ? " tw-red" : ""}`, {}, CONFETTI[k % 4]);
    bit.style.setProperty("--x", `${k * 37 % 100}%`);
    bit.style.setProperty("--d", `${k * 53 % 40 / 20}s`);
    bit.style.setProperty("--t", `${2.4 + k * 29 % 20 / 10}s`);
    bit.style.setProperty("--r", `${(k % 2 ? 1 : -1) * (180 + k * 71 % 360)}deg`);
    party.append(bit);
  }
  dom.felt.append(party);
}
function messageFor(view, ui) {
  if (ui.note && ui.note.seq === view.seq) return ui.note;
  const kind = view.message?.kind;
  if (view.message?.text && kind !== "won" && kind !== "lost") return { kind: view.message.kind, text: sentence(view.message.text) };
  if (view.hint?.message) return { kind: "hint", text: view.hint.message };
  if (ui.told && ui.told.table === (view.table_seq ?? view.seq)) return { kind: "info", text: ui.told.text };
  if (view.status === "lost" && view.post_mortem) return { kind: "info", text: view.post_mortem };
  if (view.status === "playing" && view.stock_locked && view.stock_reason) return { kind: "lock", text: sentence(view.stock_reason) };
  if (view.moves_played === 0 && clockRuns(view)) return { kind: "idle", text: t(view, START_HELP) };
  return { kind: "idle", text: "" };
}

// hand.js
function createHand(ctx) {
  const { dom, ui } = ctx;
  const { table } = dom;
  const cardsOf = (pile) => ctx.view().piles[pile] ?? [];
  const pileEl = (pile) => (
    /** @type {HTMLElement | null} */
    table.querySelector(`[data-pile="${pile}"]`)
  );
  function setFocus(pile, move) {
    if (ui.focus !== pile) ui.depth = 1;
    ui.focus = pile;
    for (const el of table.querySelectorAll("[data-pile]")) {
      el.setAttribute(
        "tabindex",
        /** @type {HTMLElement} */
        el.dataset.pile === pile ? "0" : "-1"
      );
    }
    if (move) pileEl(pile)?.focus({ preventScroll: true });
  }
  function pickUp(src, count) {
    const view = ctx.view();
    ui.held = { src, count };
    markPiles(dom, view, ui);
    const targets = targetsFor(view.legal_moves, src, count).map((p) => pileTitle(p, view));
    const where = !targets.length ? t(view, "No pile lights up for it.") : targets.length > 3 ? tn(view, "{n} pile lights up.", "{n} piles light up.", targets.length) : t(view, "It can go to {piles}.", { piles: targets.join(", ") });
    const held = groupName(view, src, count);
    ctx.say("info", `${t(view, "Holding {cards} from {pile:title}.", { cards: held, pile: { pile: src } })} ${where}`);
  }
  function cancel(quiet = false) {
    if (!ui.held) return;
    ui.held = null;
    markPiles(dom, ctx.view(), ui);
    if (!quiet) ctx.say("idle", "");
  }
  function putDown(dst) {
    const held = ui.held;
    if (!held) return -1;
    ui.held = null;
    markPiles(dom, ctx.view(), ui);
    const move = moveText(held.src, dst, held.count);
    return ctx.send({ kind: "move", move });
  }
  function deal() {
    cancel(true);
    ctx.send({ kind: "deal" });
  }
  return { cardsOf, pileEl, setFocus, pickUp, cancel, putDown, deal };
}

// ../terrace_widget/game/geometry.json
var geometry_default = {
  about: "The table's proportions in card widths, read by js/layout.js (the widget) and terrace_widget/render.py (the SVG picture): the one source of the table's geometry.",
  H: 1.4,
  PITCH: 1.2,
  MARGIN: 0.2,
  ROW_GAP: 0.24,
  TABLEAU_GAP: 0.28,
  FAN_RIGHT: 0.42,
  FAN_RIGHT_MIN: 0.34,
  FAN_WASTE: 0.36,
  FAN_DOWN: 0.38,
  FAN_DOWN_MIN: 0.2,
  FAN_BACK: 0.14,
  FAN_BACK_MIN: 0.04,
  EDGE: 0.025,
  DEPTH_HIDDEN: 4.2,
  DEPTH_OPEN: 3.2,
  MIN_CW: 24,
  MAX_CW: 104
};

// layout.js
var U = {
  H: geometry_default.H,
  // card height
  PITCH: geometry_default.PITCH,
  // one slot: a card plus the gap
  MARGIN: geometry_default.MARGIN,
  ROW_GAP: geometry_default.ROW_GAP,
  // between the top row and the foundations
  TABLEAU_GAP: geometry_default.TABLEAU_GAP,
  // above the tableau
  FAN_RIGHT: geometry_default.FAN_RIGHT,
  // reserve: widest step
  FAN_RIGHT_MIN: geometry_default.FAN_RIGHT_MIN,
  // reserve: narrowest step that keeps the index readable
  FAN_WASTE: geometry_default.FAN_WASTE,
  // three-card waste
  FAN_DOWN: geometry_default.FAN_DOWN,
  // face-up tableau step (the corner's suit starts just below it)
  FAN_DOWN_MIN: geometry_default.FAN_DOWN_MIN,
  // face-up step when a long pile is squeezed
  FAN_BACK: geometry_default.FAN_BACK,
  // face-down tableau step
  FAN_BACK_MIN: geometry_default.FAN_BACK_MIN,
  EDGE: geometry_default.EDGE,
  // the edges of a plain pile's buried cards
  DEPTH: { hidden: geometry_default.DEPTH_HIDDEN, open: geometry_default.DEPTH_OPEN }
};
var MIN_CW = geometry_default.MIN_CW;
var MAX_CW = geometry_default.MAX_CW;
function layoutHints(view) {
  if (view.layout) return view.layout;
  const order = view.pile_order ?? Object.keys(view.piles);
  const hidden = Object.values(view.piles).some((cards) => cards.some(isFaceDown));
  return {
    foundations_row: order.includes("reserve") ? 1 : 0,
    tableau_depth: order.includes("reserve") || !hidden ? U.DEPTH.open : U.DEPTH.hidden
  };
}
function pileKind(name) {
  if (name === "stock" || name === "waste" || name === "reserve") return name;
  return name.startsWith("f") ? "foundation" : "tableau";
}
function tableauOffsets(cards, depth = U.DEPTH.hidden) {
  const down = cards.filter(isFaceDown).length;
  const upSteps = Math.max(0, cards.length - 1 - down);
  const budget = depth * U.H - U.H;
  const back = down ? Math.max(U.FAN_BACK_MIN, Math.min(U.FAN_BACK, (budget - upSteps * U.FAN_DOWN_MIN) / down)) : 0;
  const room = budget - down * back;
  const step = upSteps ? Math.min(U.FAN_DOWN, room / upSteps) : U.FAN_DOWN;
  const ys = [];
  let y = 0;
  for (const card2 of cards) {
    ys.push(y);
    y += isFaceDown(card2) ? back : step;
  }
  return ys;
}
function plan(view) {
  const order = view.pile_order ?? Object.keys(view.piles);
  const found = order.filter((p) => pileKind(p) === "foundation");
  const tab = order.filter((p) => pileKind(p) === "tableau");
  const n = (p) => (view.piles[p] ?? []).length;
  const hints = layoutHints(view);
  const secondRow = hints.foundations_row === 1;
  const top = U.MARGIN;
  const second = top + U.H + U.ROW_GAP;
  const slots = [];
  if (order.includes("stock")) slots.push({ name: "stock", kind: "stock", x: U.MARGIN, y: top });
  if (order.includes("waste")) slots.push({ name: "waste", kind: "waste", x: U.MARGIN + U.PITCH, y: top });
  let fan = U.FAN_RIGHT;
  let width;
  let row;
  if (secondRow) {
    width = (Math.max(8, found.length) - 1) * U.PITCH + 1;
    if (order.includes("reserve")) {
      const x02 = 3 * U.PITCH;
      const cards = n("reserve");
      if (cards > 1) {
        fan = Math.max(U.FAN_RIGHT_MIN, Math.min(U.FAN_RIGHT, (width - x02 - 1) / (cards - 1)));
        width = Math.max(width, x02 + 1 + fan * (cards - 1));
      }
      slots.push({ name: "reserve", kind: "reserve", x: U.MARGIN + x02, y: top });
    }
    found.forEach((f, i) => slots.push({ name: f, kind: "foundation", x: U.MARGIN + i * U.PITCH, y: second }));
    const step = U.PITCH * (2 - tab.length / 8);
    const span = (tab.length - 1) * step + 1;
    const x0 = U.MARGIN + Math.max(0, width - span) / 2;
    row = second + U.H + U.TABLEAU_GAP;
    tab.forEach((t2, i) => slots.push({ name: t2, kind: "tableau", x: x0 + i * step, y: row }));
  } else {
    width = (Math.max(7, tab.length, 3 + found.length) - 1) * U.PITCH + 1;
    found.forEach((f, i) => slots.push({ name: f, kind: "foundation", x: U.MARGIN + (3 + i) * U.PITCH, y: top }));
    row = second;
    tab.forEach((t2, i) => slots.push({ name: t2, kind: "tableau", x: U.MARGIN + i * U.PITCH, y: row }));
  }
  const depth = hints.tableau_depth;
  return { slots, fan, width: width + 2 * U.MARGIN, row, depth, height: row + depth * U.H + U.MARGIN };
}
function cardOffsets(kind, cards, fan, dealCount, depth) {
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
function fitCardWidth(board, width, tall = 0, height = Infinity) {
  const byHeight = tall > 0 ? Math.floor(height / tall) : Infinity;
  return Math.max(MIN_CW, Math.min(MAX_CW, Math.floor(width / board), byHeight));
}
function computeLayout(view, width, height = Infinity) {
  const p = plan(view);
  const cw = fitCardWidth(p.width, width, p.height, height);
  const ch = Math.round(cw * U.H);
  const px = (u) => Math.round(u * cw);
  const boardW = Math.max(width, px(p.width));
  const ox = Math.max(0, Math.floor((width - px(p.width)) / 2));
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
      zone: { x, y, w: px(right), h: px(bottom) }
    };
  });
  const tall = px(p.height);
  for (const s of slots) {
    if (s.kind === "tableau") s.zone.h = tall - s.y;
  }
  return { cw, ch, width: boardW, height: tall, slots };
}
function dropTarget(layout, point, card2) {
  const inside = (r) => point.x >= r.x && point.x < r.x + r.w && point.y >= r.y && point.y < r.y + r.h;
  const hit = layout.slots.find((s) => inside(s.zone));
  if (hit) return hit.name;
  if (!card2) return null;
  let best = null;
  let bestArea = 0;
  for (const s of layout.slots) {
    const w = Math.min(card2.x + card2.w, s.zone.x + s.zone.w) - Math.max(card2.x, s.zone.x);
    const h2 = Math.min(card2.y + card2.h, s.zone.y + s.zone.h) - Math.max(card2.y, s.zone.y);
    if (w > 0 && h2 > 0 && w * h2 > bestArea) {
      best = s.name;
      bestArea = w * h2;
    }
  }
  return best;
}
function neighbour(layout, from, dir) {
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

// keys.js
function attachKeys(ctx, hand) {
  const { dom, ui } = ctx;
  const { root } = dom;
  const { cardsOf, setFocus, pickUp, cancel, putDown, deal } = hand;
  function onKey(e) {
    const target = (
      /** @type {HTMLElement} */
      e.target
    );
    if (target.tagName === "SELECT" || e.altKey) return;
    if (target.tagName === "BUTTON" && (e.key === "Enter" || e.key === " ")) return;
    const pile = target.dataset?.pile ?? null;
    root.classList.remove("tw-pointer");
    if (handleKey(e, pile)) {
      e.preventDefault();
      e.stopPropagation();
    }
  }
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
      if (!next) return false;
      setFocus(next, true);
      return true;
    }
    const dir = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" }[key];
    if (dir) {
      if ((dir === "up" || dir === "down") && chooseDepth(pile, dir)) return true;
      const next = neighbour(
        ctx.layout(),
        pile,
        /** @type {"left" | "right" | "up" | "down"} */
        dir
      );
      if (next) setFocus(next, true);
      return true;
    }
    if (key === "Enter" || key === " ") {
      activate(pile);
      return true;
    }
    return false;
  }
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
  function activate(pile) {
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
  function onFocus(e) {
    const pile = (
      /** @type {HTMLElement} */
      e.target.dataset?.pile
    );
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

// interact.js
var DRAG_START = 6;
var DOUBLE_MS = 400;
var RETURN_MS = MOVE_MS;
var GIVE_UP_MS = 5e3;
function attachInteraction(ctx) {
  const { dom, ui } = ctx;
  const { root, table } = dom;
  const hand = createHand(ctx);
  const { cardsOf, pileEl, setFocus, pickUp, cancel, putDown, deal } = hand;
  const detachKeys = attachKeys(ctx, hand);
  let press = null;
  let pending = null;
  let lastTap = { pile: "", t: 0 };
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
  function onDown(e) {
    if (press || e.pointerType === "mouse" && e.button !== 0) return;
    const target = (
      /** @type {HTMLElement} */
      e.target
    );
    const cEl = (
      /** @type {HTMLElement | null} */
      target.closest(".tw-card")
    );
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
      card: null
    };
    root.classList.add("tw-pointer");
    const focusPile = pile ?? ui.focus;
    if (focusPile) setFocus(focusPile, true);
    e.preventDefault();
  }
  function startDrag(e) {
    if (!press?.pile) return;
    const { pile, i } = press;
    const count = cardsOf(pile).length - i;
    const el = pileEl(pile);
    if (!el || count < 1) return;
    press.dragging = true;
    press.els = [...el.querySelectorAll(".tw-card")].map((c) => (
      /** @type {HTMLElement} */
      c
    )).filter((c) => Number(c.dataset.i) >= i);
    for (const c of press.els) c.classList.add("tw-dragging");
    press.table = table.getBoundingClientRect();
    const slot = ctx.layout().slots.find((s) => s.name === pile);
    const pos = slot?.cards.find((c) => c.i === i);
    press.card = pos ? { x: pos.x, y: pos.y } : null;
    try {
      table.setPointerCapture(e.pointerId);
    } catch {
    }
    ui.held = { src: pile, count };
    markPiles(dom, ctx.view(), ui);
  }
  function dropAt(p, x, y) {
    const r = (
      /** @type {DOMRect} */
      p.table
    );
    const dx = x - p.x0;
    const dy = y - p.y0;
    const { cw, ch } = ctx.layout();
    const card2 = p.card ? { x: p.card.x + dx, y: p.card.y + dy, w: cw, h: ch } : void 0;
    return dropTarget(ctx.layout(), { x: x - r.left, y: y - r.top }, card2);
  }
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
  function onCancel(e) {
    if (!press || e.pointerId !== press.pointer) return;
    const p = press;
    press = null;
    if (p.dragging) {
      cancel(true);
      slideBack(p.els);
    }
  }
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
        easing: "cubic-bezier(.2,.7,.3,1)"
      });
      const done = () => c.classList.remove("tw-moving");
      a.addEventListener("finish", done);
      a.addEventListener("cancel", done);
    }
  }
  function onClick(e) {
    const btn = (
      /** @type {HTMLElement} */
      e.target.closest("[data-action]")
    );
    if (!btn || !root.contains(btn)) return;
    cancel(true);
    const action = (
      /** @type {HTMLElement} */
      btn.dataset.action ?? ""
    );
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
      const els = el ? [...el.querySelectorAll(".tw-card")].map((c) => (
        /** @type {HTMLElement} */
        c
      )).filter((c) => Number(c.dataset.i) >= n - p.count) : [];
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
    }
  };
}

// players.js
var TEXT = {
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
  figures: (
    /** @type {[keyof Figures, string][]} */
    [
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
      ["undos", N_("Undos used")]
    ]
  ),
  cleanNote: N_("(Clean: won without a hint, Watch or Winnable?)")
};
function clock(s) {
  if (s === null || s === void 0) return "\u2013";
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
function figureText(key, f) {
  const v = f[key];
  if (key.endsWith("seconds")) return clock(
    /** @type {number | null} */
    v
  );
  if (v === null || v === void 0) return "\u2013";
  return key === "percent" ? `${v}%` : String(v);
}
function dealLine(view) {
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
function select(label, choices, cls) {
  const wrap = h("label", "tw-set", {});
  const text = document.createTextNode(`${label} `);
  const el = h("select", cls, {});
  const options = Object.entries(choices).map(([value, id]) => [h("option", "", { value }, id), id]);
  for (const [option] of options) el.append(option);
  wrap.append(text, el);
  const words = (view) => {
    text.textContent = `${t(view, label)} `;
    for (const [option, id] of options) option.textContent = t(view, id);
  };
  return { wrap, el, words };
}
function checkbox(label, cls) {
  const wrap = h("label", "tw-set", {});
  const el = h("input", cls, { type: "checkbox" });
  const text = document.createTextNode(` ${label}`);
  wrap.append(el, text);
  const words = (view) => {
    text.textContent = ` ${t(view, label)}`;
  };
  return { wrap, el, words };
}
function attachPlayers(dom, send) {
  const tools = (
    /** @type {HTMLElement} */
    dom.root.querySelector(".tw-tools")
  );
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
  const line = (
    /** @type {HTMLElement} */
    dom.root.querySelector(".tw-line")
  );
  line.after(deal, panel);
  const live = h("div", "tw-announce", { "aria-live": "polite", "aria-atomic": "true" });
  dom.root.append(live);
  let last = {};
  let panelKey = "";
  let wordsOf = null;
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
  function onDown(e) {
    if (!last.watch?.on) return;
    const t2 = (
      /** @type {HTMLElement} */
      e.target
    );
    if (t2.closest(".tw-watch, .tw-settings")) return;
    send({ kind: "watch", on: false });
  }
  dom.root.addEventListener("pointerdown", onDown, true);
  speed.el.addEventListener("change", () => {
    if (last.watch?.on) send({ kind: "watch", on: true, speed: speed.el.value });
  });
  watch.addEventListener(
    "click",
    (e) => {
      e.stopPropagation();
      send(last.watch?.on ? { kind: "watch", on: false } : { kind: "watch", on: true, speed: speed.el.value });
    },
    true
  );
  function render2(v) {
    const view = (
      /** @type {PlayerView} */
      v
    );
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
  function announce(text) {
    const say = last.watch?.on && last.watch.say ? `${text} ${last.watch.say}`.trim() : text;
    if (say && live.textContent !== say) live.textContent = say;
  }
  function detach() {
    dom.root.removeEventListener("pointerdown", onDown, true);
  }
  return { render: render2, announce, detach };
}

// widget.js
var FALLBACK_WIDTH = 820;
var MAX_QUEUED_DEALS = 60;
var CHROME_PX = 150;
var SCROLLERS = ".jp-WindowedPanel-outer, .jp-NotebookPanel-notebook, .jp-Notebook";
function roomHigh(el) {
  const win = typeof window !== "undefined" ? window.innerHeight : 0;
  const panel = el.closest(SCROLLERS);
  const cell = el.closest(".jp-Cell");
  const above = cell ? Math.max(0, el.getBoundingClientRect().top - cell.getBoundingClientRect().top) : 0;
  const box = panel && panel.clientHeight > 0 ? Math.min(panel.clientHeight, win || Infinity) - above : win;
  return box > 0 ? Math.max(240, box - CHROME_PX) : Infinity;
}
var NO_VIEW = {
  seq: -1,
  variant: "",
  name: "Solitaire",
  family: "terrace",
  deal_id: null,
  status: "playing",
  score: 0,
  max_score: 0,
  base_rank: null,
  stock_locked: false,
  redeals_left: 0,
  stock_count: 0,
  deal_count: 1,
  moves_played: 0,
  can_undo: false,
  can_redo: false,
  pile_order: [],
  piles: {},
  legal_moves: [],
  hint: null,
  message: null,
  has_base_rank: false,
  foundation_build: "alternate-colour",
  tableau_moves: "single",
  hint_style: "terrace"
};
function usable(v) {
  const o = (
    /** @type {Partial<View> | null} */
    v
  );
  return !!o && typeof o === "object" && !!o.piles && Array.isArray(o.pile_order) && Array.isArray(o.legal_moves);
}
function render({ model, el }) {
  el.classList.add("tw-host");
  const dom = createShell(el);
  const ui = { held: null, focus: null, depth: 1, note: null, told: null };
  const current = () => {
    const v = model.get("view");
    return usable(v) ? { ...v, strings: (
      /** @type {any} */
      model.get("strings")
    ) } : v;
  };
  const first = current();
  let view = usable(first) ? first : NO_VIEW;
  let width = el.clientWidth || FALLBACK_WIDTH;
  let height = roomHigh(el);
  let layout = computeLayout(view, width, height);
  let nextId = Math.floor(Math.random() * 1e6) * 1e3;
  let waiting = false;
  let deals = 0;
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
    const el2 = ui.focus ? dom.piles.get(ui.focus)?.el : null;
    if (hadFocus && el2 && document.activeElement !== el2) el2.focus({ preventScroll: true });
  }
  function drawAll() {
    drawTable();
    players.render(view);
    renderChrome(dom, view, ui);
  }
  function say(kind, text) {
    ui.note = { kind, text, seq: view.seq };
    showMessage(dom, messageFor(view, ui));
  }
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
    }, 3e3);
    model.send({ ...content, id, seq: view.seq });
    return id;
  }
  const interaction = attachInteraction({ dom, ui, view: () => view, layout: () => layout, send, say });
  const players = attachPlayers(dom, send);
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
      ui.note = { kind: "hint", text: next.hint.message, seq: next.seq };
    }
    waiting = false;
    if (next.message?.kind === "refused") deals = 0;
    drawAll();
    interaction.afterRender(next);
    if (before && prev.seq >= 0) {
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
  }, 1e3);
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
var widget_default = { render };
export {
  widget_default as default
};
