// coach.js
var STYLE = `
.tw-coach{margin:2px 0 4px;padding:4px 8px;border-left:3px solid #f9a825;background:#fffde7;
  color:#333;font-size:13px;line-height:1.35}
.tw-coach-note{font-weight:600;color:#8d4b00}
.tw-pile.tw-coach-good{outline:2px solid #2e7d32;outline-offset:2px}
.tw-pile.tw-coach-warn{outline:2px dashed #c62828;outline-offset:2px}
.tw-pile.tw-coach-run{outline:2px dotted #6a1b9a;outline-offset:2px}
.tw-card.tw-coach-card{box-shadow:0 0 0 3px #6a1b9a}
.tw-card.tw-coach-card.tw-coach-good{box-shadow:0 0 0 3px #2e7d32}
.tw-card.tw-coach-card.tw-coach-warn{box-shadow:0 0 0 3px #c62828}
.tw-card.tw-coach-card.tw-coach-plain{box-shadow:0 0 0 2px #607d8b}
.tw-coach-badge{position:absolute;left:0;bottom:100%;z-index:5;white-space:nowrap;
  font:11px/1.3 sans-serif;padding:0 4px;border-radius:3px;background:#263238;color:#fff;
  pointer-events:none}
.tw-coach-badge.tw-coach-good{background:#2e7d32}
.tw-coach-badge.tw-coach-warn{background:#c62828}
.tw-coach-badge.tw-coach-run{background:#6a1b9a}
`;
var TONES = ["good", "warn", "run", "plain"];
var panels = /* @__PURE__ */ new WeakMap();
function panelOf(dom) {
  let panel = panels.get(dom);
  if (!panel) {
    panel = document.createElement("div");
    panel.className = "tw-coach";
    panel.setAttribute("role", "note");
    panel.setAttribute("aria-live", "polite");
    const style = document.createElement("style");
    style.textContent = STYLE;
    dom.root.prepend(style);
    dom.root.insertBefore(panel, dom.felt);
    panels.set(dom, panel);
  }
  return panel;
}
function renderCoach(dom, view) {
  for (const el of dom.table.querySelectorAll(".tw-coach-badge")) el.remove();
  for (const el of dom.table.querySelectorAll(".tw-coach-card, .tw-pile[data-coach]")) {
    el.classList.remove("tw-coach-card", ...TONES.map((t) => `tw-coach-${t}`));
    if (el.hasAttribute("data-coach")) el.removeAttribute("title");
    el.removeAttribute("data-coach");
  }
  const coach = view.coach;
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
    for (const card of el.querySelectorAll(".tw-card")) {
      if (mark.indices.includes(Number(
        /** @type {HTMLElement} */
        card.dataset.i
      ))) {
        card.classList.add("tw-coach-card", `tw-coach-${mark.tone}`);
      }
    }
    if (!el.querySelector(".tw-coach-badge")) {
      const badge = document.createElement("div");
      badge.className = `tw-coach-badge tw-coach-${mark.tone}`;
      badge.dataset.tip = mark.tip;
      badge.textContent = mark.label;
      badge.title = mark.text;
      el.append(badge);
    }
    el.title = mark.text;
  }
  const panel = panelOf(dom);
  const lines = coach.note ? [coach.note, ...coach.say] : coach.say;
  const key = JSON.stringify(lines);
  if (panel.dataset.key === key) return;
  panel.dataset.key = key;
  panel.replaceChildren(
    ...lines.map((text, i) => {
      const p = document.createElement("div");
      p.textContent = i === 0 && coach.note ? `Coach: ${text}` : text;
      if (i === 0 && coach.note) p.className = "tw-coach-note";
      return p;
    })
  );
  panel.hidden = !lines.length;
}

// cards.js
var RANKS = "A23456789TJQK";
var SUITS = "CDHS";
var SUIT_GLYPHS = ["\u2663\uFE0E", "\u2666\uFE0E", "\u2665\uFE0E", "\u2660\uFE0E"];
var SUIT_WORDS = ["clubs", "diamonds", "hearts", "spades"];
var RANK_NAMES = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"];
var RANK_TITLES = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"];
function isFaceDown(code) {
  return code.startsWith("#");
}
function rankLabel(rank) {
  return rank === 10 ? "10" : RANKS[rank - 1] ?? "?";
}
function rankTitle(rank) {
  return RANK_TITLES[rank - 1] ?? String(rank);
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
function cardName(code) {
  return face(code)?.name ?? "face-down card";
}
function faceUpRun(cards) {
  let n = 0;
  for (let k = cards.length - 1; k >= 0 && !isFaceDown(cards[k]); k--) n++;
  return n;
}

// describe.js
var plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
function pileTitle(name) {
  const m = /^([ft])(\d+)$/.exec(name);
  if (m) return `${m[1] === "f" ? "Foundation" : "Tableau"} ${m[2]}`;
  return name.charAt(0).toUpperCase() + name.slice(1);
}
function pileLabel(name, cards, view) {
  const title = pileTitle(name);
  if (name === "stock") {
    const n = view.stock_count ?? cards.length;
    const reason = view.stock_reason ? `, ${view.stock_reason}` : "";
    return `${title}: ${plural(n, "card")}${reason}`;
  }
  if (!cards.length) return `${title}: empty`;
  if (name.startsWith("t")) {
    const up = cards.filter((c) => !isFaceDown(c)).reverse().map(cardName);
    const down = cards.length - up.length;
    const parts = [up.join(" on "), down ? plural(down, "face-down card") : ""];
    return `${title}: ${parts.filter(Boolean).join(", ")}`;
  }
  return `${title}: ${cardName(cards[cards.length - 1])} on top, ${plural(cards.length, "card")}`;
}
function groupName(view, src, count) {
  const cards = view.piles[src] ?? [];
  const first = cardName(cards[cards.length - count] ?? "#");
  return count > 1 ? `${count} cards from ${first} up` : first;
}
function moveSentence(view, src, dst, count) {
  return `Moved ${groupName(view, src, count)} from ${pileTitle(src)} to ${pileTitle(dst)}.`;
}
function statusItems(view) {
  const items = [
    { key: "score", label: "Score", value: view.max_score ? `${view.score}/${view.max_score}` : `${view.score}` },
    {
      key: "stock",
      label: "Stock",
      value: `${view.stock_count}${view.stock_locked ? " locked" : ""}`,
      title: view.stock_reason ?? void 0
    },
    { key: "redeals", label: "Redeals", value: view.redeals_left == null ? "\u221E" : `${view.redeals_left}` }
  ];
  if (view.family === "terrace") {
    const base = view.base_rank ? rankTitle(view.base_rank) : view.status === "choosing-base" ? "to choose" : "\u2014";
    items.push({ key: "base", label: "Base", value: base });
  }
  items.push({ key: "moves", label: "Moves", value: `${view.moves_played}` });
  return items;
}
function elapsedSeconds(view, now) {
  if (view.summary && typeof view.summary.seconds === "number") return Math.max(0, Math.floor(view.summary.seconds));
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
      return { verdict: "winnable", text: "winnable \u2713", title: "A winning line exists from here." };
    case "unwinnable":
      return { verdict: "unwinnable", text: "lost \u2717", title: "No line wins from here (proved)." };
    case "unknown":
      return { verdict: "unknown", text: "?", title: "The solver could not decide in its time." };
    default:
      return { verdict: "pending", text: "\u2026", title: "Checking whether this game can still be won\u2026" };
  }
}
function winnableIntent(view) {
  return { kind: "winnable", on: !view.winnable_check };
}
function foundationMark(view) {
  if (view.family === "klondike") return "A";
  return view.base_rank ? rankLabel(view.base_rank) : "";
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

// view.js
var KEYS_HELP = "Drag a card, or click it and then click where it goes; double-click sends a card home. Keys: arrows or Tab move between piles; Enter or Space picks up and puts down (in Klondike, Up and Down first choose how many cards); Escape cancels; U undo, R redo, H hint, W can this still be won?, D deal, N new deal.";
var BANNER_BASE = "Choose the base card: drop one of the four cards on a foundation";
var START_HELP = "Drag a card, or click it and then click where it goes. Double-click sends a card to a foundation.";
var BANNER_LOST = "No more moves: this game can no longer be won";
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
    "data-lm-suppress-shortcuts": "true"
    // keep JupyterLab's notebook shortcuts off our keys
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
    ["winnable", "Winnable?", "W"]
  ]) {
    buttons[action] = h("button", "tw-btn", { type: "button", "data-action": action, title: key ? `${label} (${key})` : label }, label);
    tools.append(buttons[action]);
  }
  buttons.winnable.title = "Can this game still be won? The solver checks after every move (W)";
  buttons.winnable.setAttribute("aria-pressed", "false");
  const verdict = h("span", "tw-verdict", { hidden: true, role: "status", "aria-live": "polite" });
  tools.append(verdict);
  const picker = h("select", "tw-picker", { "aria-label": "Game", title: "Game" });
  const keys = h("details", "tw-keys");
  keys.append(h("summary", "tw-btn", { title: "How to play with the mouse and the keyboard" }, "Keys"));
  keys.append(h("p", "", { id: help }, KEYS_HELP));
  tools.append(picker, keys);
  const stats = h("div", "tw-stats", { "aria-label": "Status" });
  const clock = h("b", "tw-clock", {}, "\u2013:\u2013\u2013");
  bar.append(tools, stats);
  const banner = h("div", "tw-banner", { hidden: true, "aria-live": "polite" });
  const line = h("div", "tw-line");
  const message = h("div", "tw-message", { role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const lock = h("div", "tw-lockchip", { hidden: true });
  line.append(message, lock);
  const felt = h("div", "tw-felt");
  const table = h("div", "tw-table");
  felt.append(table);
  root.append(bar, banner, line, felt);
  el.append(root);
  return {
    root,
    picker,
    buttons,
    stats,
    verdict,
    clock,
    banner,
    message,
    lock,
    felt,
    table,
    variantsKey: "",
    piles: /* @__PURE__ */ new Map(),
    tableKey: "",
    statsKey: "",
    lockKey: void 0
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
  const middle = f.court ? `<span class="tw-court"><span class="tw-court-r">${f.label}</span><span class="tw-court-s">${f.glyph}</span></span>` : `<span class="tw-mid${f.rank === 1 ? " tw-ace" : ""}">${f.glyph}</span>`;
  el.innerHTML = `<span class="tw-ix">${index}</span><span class="tw-pip">${f.glyph}</span>${middle}<span class="tw-ix tw-ix2">${index}</span>`;
  return el;
}
var PADLOCK = '<svg viewBox="0 0 24 24" aria-hidden="true" class="tw-padlock"><path d="M7 11V8a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" stroke-width="2.6"/><rect x="4" y="10.5" width="16" height="11.5" rx="2.5" fill="currentColor"/><circle cx="12" cy="15.5" r="1.8" fill="#5a4200"/></svg>';
function pileSignature(slot, view) {
  const cards = view.piles[slot.name] ?? [];
  let sig = `${slot.x},${slot.y}|${cards.join(" ")}|`;
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
function fillPile(el, slot, view) {
  const cards = view.piles[slot.name] ?? [];
  el.classList.toggle("tw-empty", !cards.length);
  el.setAttribute("aria-label", pileLabel(slot.name, cards, view));
  el.style.left = `${slot.x}px`;
  el.style.top = `${slot.y}px`;
  let mark = "";
  if (slot.kind === "foundation") mark = foundationMark(view);
  if (slot.kind === "stock" && !cards.length && canDeal(view.legal_moves)) mark = "\u21BB";
  const outline = h("div", "tw-slot", { "aria-hidden": "true" });
  outline.innerHTML = `<span class="tw-slot-mark">${mark}</span><span class="tw-slot-name">${slot.name}</span>`;
  const kids = [outline];
  for (const pos of slot.cards) {
    const card = cardEl(cards[pos.i], pos.i);
    card.style.left = `${pos.x - slot.x}px`;
    card.style.top = `${pos.y - slot.y}px`;
    if (pos.i === cards.length - 1) card.classList.add("tw-top");
    kids.push(card);
  }
  if (slot.kind === "stock") {
    if (view.stock_reason && clockRuns(view)) {
      const lock = h("div", "tw-lock", { title: view.stock_reason, "aria-hidden": "true" });
      lock.classList.toggle("tw-lock-count", cards.length > 0);
      lock.innerHTML = `${PADLOCK}<span class="tw-lock-text">${view.stock_locked ? "locked" : ""}</span>`;
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
    for (const card of el.querySelectorAll(".tw-card")) {
      const i = Number(
        /** @type {HTMLElement} */
        card.dataset.i
      );
      card.classList.toggle("tw-held", i >= held);
      card.classList.toggle("tw-preview", i >= preview);
    }
  }
  dom.table.classList.toggle("tw-holding", !!ui.held);
}
function renderTable(dom, view, layout, ui) {
  const t = dom.table;
  const size = `${layout.cw} ${layout.ch} ${layout.width} ${layout.height}`;
  if (size !== dom.tableKey) {
    dom.tableKey = size;
    t.style.setProperty("--cw", `${layout.cw}px`);
    t.style.setProperty("--ch", `${layout.ch}px`);
    t.style.width = `${layout.width}px`;
    t.style.height = `${layout.height}px`;
  }
  const names = layout.slots.map((s) => s.name);
  if (names.join(" ") !== [...dom.piles.keys()].join(" ")) {
    dom.piles = new Map(layout.slots.map((s) => [s.name, { el: pileShell(s), sig: "", held: Infinity, preview: Infinity }]));
    t.replaceChildren(...[...dom.piles.values()].map((r) => r.el));
  }
  for (const el of t.querySelectorAll(".tw-over")) el.classList.remove("tw-over");
  const moving = new Set([...t.querySelectorAll(".tw-dragging")].map((c) => c.closest("[data-pile]")));
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
  setAttr(root, "data-family", view.family);
  setAttr(root, "aria-label", `${view.name} solitaire`);
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
    const time = h("span", "tw-stat tw-stat-time", {}, "Time ");
    time.append(dom.clock);
    dom.stats.append(time);
  }
  updateClock(dom, view, Date.now());
  renderBanner(dom, view);
  const why = view.status === "playing" ? view.stock_reason ?? null : null;
  if (why !== dom.lockKey) {
    dom.lockKey = why;
    dom.lock.hidden = !why;
    dom.lock.title = why ?? "";
    dom.lock.innerHTML = why ? `${PADLOCK}<span></span>` : "";
    if (why) dom.lock.lastChild.textContent = why;
  }
  showMessage(dom, messageFor(view, ui));
}
function renderVerdict(dom, view) {
  setAttr(dom.buttons.winnable, "aria-pressed", String(!!view.winnable_check));
  const badge = verdictBadge(view);
  const v = dom.verdict;
  if (v.hidden !== !badge) v.hidden = !badge;
  if (!badge) return;
  if (v.textContent !== badge.text) v.textContent = badge.text;
  setAttr(v, "data-verdict", badge.verdict);
  setAttr(v, "title", badge.title);
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
  b.hidden = !kind;
  b.replaceChildren();
  if (kind === "choosing-base") b.append(h("strong", "", {}, BANNER_BASE));
  if (kind === "lost") {
    b.append(h("strong", "", {}, BANNER_LOST));
    if (view.post_mortem) b.append(h("span", "tw-postmortem", {}, view.post_mortem));
    b.append(h("button", "tw-btn", { type: "button", "data-action": "undo" }, "Undo"));
    b.append(h("button", "tw-btn", { type: "button", "data-action": "restart" }, "Restart"));
  }
  if (kind === "won") {
    const s = view.summary;
    const text = s ? `${s.moves} move${s.moves === 1 ? "" : "s"} \xB7 score ${s.score} \xB7 ${formatClock(Math.round(s.seconds))}` : "";
    b.append(h("strong", "", {}, "You won!"), h("span", "tw-summary", {}, text));
    b.append(h("button", "tw-btn", { type: "button", "data-action": "new" }, "New deal"));
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
  if (view.message?.text && kind !== "won" && kind !== "lost") return { kind: view.message.kind, text: view.message.text };
  if (view.hint?.message) return { kind: "hint", text: view.hint.message };
  if (view.moves_played === 0 && clockRuns(view)) return { kind: "idle", text: START_HELP };
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
    const targets = targetsFor(view.legal_moves, src, count).map(pileTitle);
    const where = !targets.length ? "No pile lights up for it." : targets.length > 3 ? `${targets.length} piles light up.` : `It can go to ${targets.join(", ")}.`;
    ctx.say("info", `Holding ${groupName(view, src, count)} from ${pileTitle(src)}. ${where}`);
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
    return ctx.send({ kind: "move", move }, moveSentence(ctx.view(), held.src, dst, held.count));
  }
  function deal() {
    cancel(true);
    ctx.send({ kind: "deal" }, "Dealt from the stock.");
  }
  return { cardsOf, pileEl, setFocus, pickUp, cancel, putDown, deal };
}

// layout.js
var U = {
  H: 1.4,
  // card height
  PITCH: 1.2,
  // one slot: a card plus the gap
  MARGIN: 0.2,
  ROW_GAP: 0.24,
  // between the top row and the foundations
  TABLEAU_GAP: 0.28,
  // above the tableau
  FAN_RIGHT: 0.42,
  // reserve: widest step
  FAN_RIGHT_MIN: 0.34,
  // reserve: narrowest step that keeps the corner index readable
  FAN_WASTE: 0.36,
  // three-card waste
  FAN_DOWN: 0.38,
  // face-up tableau step (the corner's suit starts just below it)
  FAN_DOWN_MIN: 0.3,
  // face-up step when a long pile is squeezed
  FAN_BACK: 0.14,
  // face-down tableau step
  FAN_BACK_MIN: 0.04,
  EDGE: 0.025,
  // the edges of a plain pile's buried cards
  MIN_DEPTH: 2,
  // the tableau area is at least this many card heights
  MAX_DEPTH: 4.4
  // piles are squeezed to stay within this many card heights
};
var MIN_CW = 40;
var MAX_CW = 104;
function pileKind(name) {
  if (name === "stock" || name === "waste" || name === "reserve") return name;
  return name.startsWith("f") ? "foundation" : "tableau";
}
function tableauOffsets(cards) {
  const down = cards.filter(isFaceDown).length;
  const upSteps = Math.max(0, cards.length - 1 - down);
  const budget = U.MAX_DEPTH * U.H - U.H;
  const back = down ? Math.max(U.FAN_BACK_MIN, Math.min(U.FAN_BACK, (budget - upSteps * U.FAN_DOWN_MIN) / down)) : 0;
  const room = budget - down * back;
  const step = upSteps ? Math.max(U.FAN_DOWN_MIN, Math.min(U.FAN_DOWN, room / upSteps)) : U.FAN_DOWN;
  const ys = [];
  let y = 0;
  for (const card of cards) {
    ys.push(y);
    y += isFaceDown(card) ? back : step;
  }
  return ys;
}
function plan(view) {
  const order = view.pile_order ?? Object.keys(view.piles);
  const found = order.filter((p) => pileKind(p) === "foundation");
  const tab = order.filter((p) => pileKind(p) === "tableau");
  const n = (p) => (view.piles[p] ?? []).length;
  const terrace = (view.family ?? (order.includes("reserve") ? "terrace" : "klondike")) === "terrace";
  const top = U.MARGIN;
  const second = top + U.H + U.ROW_GAP;
  const slots = [];
  if (order.includes("stock")) slots.push({ name: "stock", kind: "stock", x: U.MARGIN, y: top });
  if (order.includes("waste")) slots.push({ name: "waste", kind: "waste", x: U.MARGIN + U.PITCH, y: top });
  let fan = U.FAN_RIGHT;
  let width;
  let row;
  if (terrace) {
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
    tab.forEach((t, i) => slots.push({ name: t, kind: "tableau", x: x0 + i * step, y: row }));
  } else {
    width = (Math.max(7, tab.length, 3 + found.length) - 1) * U.PITCH + 1;
    found.forEach((f, i) => slots.push({ name: f, kind: "foundation", x: U.MARGIN + (3 + i) * U.PITCH, y: top }));
    row = second;
    tab.forEach((t, i) => slots.push({ name: t, kind: "tableau", x: U.MARGIN + i * U.PITCH, y: row }));
  }
  return { slots, fan, width: width + 2 * U.MARGIN, row };
}
function cardOffsets(kind, cards, fan, dealCount) {
  const n = cards.length;
  if (kind === "reserve") return cards.map((_, i) => ({ i, dx: i * fan, dy: 0 }));
  if (kind === "tableau") return tableauOffsets(cards).map((dy, i) => ({ i, dx: 0, dy }));
  const fanned = kind === "waste" && dealCount === 3 ? Math.min(3, n) : Math.min(1, n);
  const buried = Math.min(kind === "stock" ? 3 : 2, n - fanned);
  const out = [];
  for (let k = buried; k >= 1; k--) {
    out.push({ i: n - fanned - k, dx: k * U.EDGE, dy: k * U.EDGE });
  }
  for (let j = 0; j < fanned; j++) out.push({ i: n - fanned + j, dx: j * U.FAN_WASTE, dy: 0 });
  return out;
}
function fitCardWidth(board, width) {
  return Math.max(MIN_CW, Math.min(MAX_CW, Math.floor(width / board)));
}
function computeLayout(view, width) {
  const p = plan(view);
  const cw = fitCardWidth(p.width, width);
  const ch = Math.round(cw * U.H);
  const px = (u) => Math.round(u * cw);
  const boardW = Math.max(width, px(p.width));
  const ox = Math.max(0, Math.floor((width - px(p.width)) / 2));
  let depth = U.MIN_DEPTH * U.H;
  const slots = p.slots.map((s) => {
    const cards = view.piles[s.name] ?? [];
    const offs = cardOffsets(s.kind, cards, p.fan, view.deal_count ?? 1);
    const x = ox + px(s.x);
    const y = px(s.y);
    let right = 1;
    let bottom = U.H;
    for (const o of offs) {
      right = Math.max(right, o.dx + 1);
      bottom = Math.max(bottom, o.dy + U.H);
    }
    if (s.kind === "tableau") depth = Math.max(depth, bottom);
    return {
      name: s.name,
      kind: s.kind,
      x,
      y,
      cards: offs.map((o) => ({ i: o.i, x: x + px(o.dx), y: y + px(o.dy) })),
      zone: { x, y, w: px(right), h: px(bottom) }
    };
  });
  const height = px(p.row + depth + U.MARGIN);
  for (const s of slots) {
    if (s.kind === "tableau") s.zone.h = height - s.y;
  }
  return { cw, ch, width: boardW, height, slots };
}
function dropTarget(layout, point, card) {
  const inside = (r) => point.x >= r.x && point.x < r.x + r.w && point.y >= r.y && point.y < r.y + r.h;
  const hit = layout.slots.find((s) => inside(s.zone));
  if (hit) return hit.name;
  if (!card) return null;
  let best = null;
  let bestArea = 0;
  for (const s of layout.slots) {
    const w = Math.min(card.x + card.w, s.zone.x + s.zone.w) - Math.max(card.x, s.zone.x);
    const h2 = Math.min(card.y + card.h, s.zone.y + s.zone.h) - Math.max(card.y, s.zone.y);
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
    if (key === "d") {
      deal();
      return true;
    }
    if (key === "Escape") {
      if (!ui.held) return false;
      cancel();
      ctx.say("info", "Put back.");
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
    if (view.family !== "klondike" || ui.held || pileKind(pile) !== "tableau") return false;
    const run = faceUpRun(cardsOf(pile));
    const depth = ui.depth + (dir === "up" ? 1 : -1);
    if (depth < 1 || depth > run) return false;
    ui.depth = depth;
    markPiles(dom, view, ui);
    ctx.say("info", `${groupName(view, pile, depth)} selected.`);
    return true;
  }
  function activate(pile) {
    if (pile === "stock") return deal();
    if (ui.held) {
      if (ui.held.src === pile) {
        cancel();
        ctx.say("info", "Put back.");
        return;
      }
      putDown(pile);
      return;
    }
    const cards = cardsOf(pile);
    const run = faceUpRun(cards);
    if (!run) {
      ctx.say("info", `Nothing to pick up on ${pileTitle(pile)}.`);
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
var RETURN_MS = 220;
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
      ctx.send({ kind: "double", pile }, `Sent to a foundation from ${pileTitle(pile)}.`);
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
  function onDown(e) {
    if (press || e.pointerType === "mouse" && e.button !== 0) return;
    const target = (
      /** @type {HTMLElement} */
      e.target
    );
    const pEl = (
      /** @type {HTMLElement | null} */
      target.closest("[data-pile]")
    );
    const cEl = (
      /** @type {HTMLElement | null} */
      target.closest(".tw-card")
    );
    const pile = pEl?.dataset.pile ?? null;
    const i = cEl ? Number(cEl.dataset.i) : -1;
    press = {
      pointer: e.pointerId,
      x0: e.clientX,
      y0: e.clientY,
      pile,
      i,
      faceUp: !!cEl?.classList.contains("tw-face"),
      dragging: false,
      els: [],
      table: null,
      card: null
    };
    root.classList.add("tw-pointer");
    if (pile) {
      setFocus(pile, true);
      e.preventDefault();
    }
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
    const card = p.card ? { x: p.card.x + dx, y: p.card.y + dy, w: cw, h: ch } : void 0;
    return dropTarget(ctx.layout(), { x: x - r.left, y: y - r.top }, card);
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
      c.classList.add("tw-dragging");
      if (from) c.style.transform = `translate(${from.dx}px, ${from.dy}px)`;
    }
    void live[0].offsetWidth;
    for (const c of live) {
      c.classList.add("tw-returning");
      c.style.transform = "";
    }
    window.setTimeout(() => {
      for (const c of live) c.classList.remove("tw-dragging", "tw-returning");
    }, RETURN_MS + 40);
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
    ctx.send(action === "winnable" ? winnableIntent(ctx.view()) : { kind: action });
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

// widget.js
var FALLBACK_WIDTH = 820;
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
  has_base_rank: false
};
function usable(v) {
  const o = (
    /** @type {Partial<View> | null} */
    v
  );
  return !!o && typeof o === "object" && !!o.piles && Array.isArray(o.pile_order) && Array.isArray(o.legal_moves);
}
function render({ model, el }) {
  const dom = createShell(el);
  const ui = { held: null, focus: null, depth: 1, note: null };
  const first = model.get("view");
  let view = usable(first) ? first : NO_VIEW;
  let width = el.clientWidth || FALLBACK_WIDTH;
  let layout = computeLayout(view, width);
  let nextId = Math.floor(Math.random() * 1e6) * 1e3;
  let sent = null;
  let waiting = false;
  let deals = 0;
  let waitTimer = 0;
  function drawTable() {
    const hadFocus = dom.table.contains(document.activeElement);
    layout = computeLayout(view, width);
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
    renderChrome(dom, view, ui);
  }
  function say(kind, text) {
    ui.note = { kind, text, seq: view.seq };
    showMessage(dom, messageFor(view, ui));
  }
  function send(content, sentence) {
    if (content.kind === "deal" && waiting) {
      deals = Math.min(deals + 1, 3);
      return -1;
    }
    const id = ++nextId;
    sent = sentence ? { seq: view.seq, text: sentence } : null;
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
  function onView() {
    const next = model.get("view");
    if (!usable(next) || next.seq === view.seq) return;
    const prev = view;
    view = next;
    ui.held = null;
    ui.note = null;
    if (next.hint && JSON.stringify(next.hint) !== JSON.stringify(prev.hint)) {
      ui.note = { kind: "hint", text: next.hint.message, seq: next.seq };
    } else if (sent && next.seq > sent.seq && !next.message) {
      ui.note = { kind: "info", text: sent.text, seq: next.seq };
    }
    sent = null;
    waiting = false;
    if (next.message?.kind === "refused") deals = 0;
    drawAll();
    interaction.afterRender(next);
    if (deals > 0) {
      deals--;
      send({ kind: "deal" }, "Dealt from the stock.");
    }
  }
  function onMsg(msg) {
    if (msg?.kind !== "refused") return;
    interaction.refused(msg.id);
    if (msg.reason) say("refused", msg.reason);
  }
  const resize = new ResizeObserver((entries) => {
    const w = Math.floor(entries[entries.length - 1].contentRect.width);
    if (w > 0 && w !== width) {
      width = w;
      drawTable();
    }
  });
  const tick = window.setInterval(() => {
    if (clockRuns(view)) updateClock(dom, view, Date.now());
  }, 1e3);
  drawAll();
  model.on("change:view", onView);
  model.on("msg:custom", onMsg);
  resize.observe(dom.root);
  return () => {
    model.off("change:view", onView);
    model.off("msg:custom", onMsg);
    resize.disconnect();
    window.clearInterval(tick);
    window.clearTimeout(waitTimer);
    interaction.detach();
    dom.root.remove();
  };
}
var widget_default = { render };
export {
  widget_default as default
};
