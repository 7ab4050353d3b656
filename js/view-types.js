// @ts-check
/**
 * The types of the synced `view` trait (docs/widget-protocol.md), for JSDoc and `tsc` only:
 * this module has no code, and the bundle never includes it.
 *
 * `Observation` mirrors the `Observation` TypedDict of terrace_widget/game/game.py (what
 * `Game.observation()` returns) key for key, and `View` adds the widget's own keys:
 * tests/test_js.py checks all three lists.
 */

/**
 * What a player may see of a game: `Game.observation()`.
 * @typedef {object} Observation
 * @property {string} variant             "terrace"
 * @property {string} name                "Terrace"
 * @property {"terrace" | "klondike"} family
 * @property {boolean} has_base_rank  the foundations start from a base rank (not the Ace)
 * @property {"alternate-colour" | "same-suit"} foundation_build  how foundations build
 * @property {"single" | "sequence"} tableau_moves  one card at a time, or groups ("t2-t5x3")
 * @property {"terrace" | "klondike"} hint_style  which classic hint code the game uses
 * @property {"choosing-base" | "playing" | "won" | "lost"} status
 * @property {number} score
 * @property {number} max_score
 * @property {number | null} base_rank
 * @property {boolean} stock_locked
 * @property {number | null} redeals_left  null = unlimited
 * @property {number} stock_count
 * @property {number} deal_count          1 or 3
 * @property {number} moves_played
 * @property {boolean} can_undo
 * @property {boolean} can_redo
 * @property {string[]} pile_order
 * @property {Record<string, string[]>} piles  bottom → top; "#" is a face-down card
 * @property {string[]} legal_moves        "t3-f1", "t2-t5x3", "deal"
 * @property {Hint | null} hint            null in the observation; the widget fills it
 */

/**
 * A hint: the move (or null), its sentence, the piles to light up and who found it.
 * @typedef {{move: string | null, message: string, cards: string[], by?: "solver" | "fair" | "classic"}} Hint
 */

/**
 * The keys the widget adds to the observation (the optional ones are missing from the
 * placeholder drawn before the kernel's first view).
 * @typedef {object} WidgetKeys
 * @property {number} seq                 +1 on every change
 * @property {string | null} [deal_id]    the deal number, only when chosen or shared
 * @property {{kind: "refused" | "info" | "won" | "lost", text: string} | null} message
 * @property {{id: string, name: string}[]} [variants]
 * @property {number | null} [started]    epoch ms of this game's first move (null: none yet, the clock waits)
 * @property {{moves: number, score: number, seconds: number} | null} [summary]
 * @property {string | null} [stock_reason]
 * @property {boolean} [winnable_check]  the "can this still be won?" indicator is on
 * @property {"winnable" | "unwinnable" | "unknown" | null} [winnable]  its verdict (null: off or checking)
 * @property {string | null} [post_mortem]  when lost: which move lost the game
 * @property {{kind: "move" | "undo" | "redo" | "restart" | "new" | "undo-game" | "redo-game" | "finish", moves: string[]} | null} [action]  what changed the table last
 * @property {number} [table_seq]         the first seq that showed the current table
 * @property {number | null} [redeals]    how many redeals the game allows (null: unlimited)
 * @property {Coach | null} [coach]       the Coach's marks and words (null: the Coach is off)
 * @property {{off: string[], why: string} | null} [learning]  learning mode (the Coach on): what is off
 * @property {string} [locale]            the table's language ("en", "el", "uk", "ru", "ca")
 * @property {{id: string, name: string}[]} [locales]  the language menu
 * @property {LayoutHints} [layout]       how to lay out and label this game's table (from its rules)
 * @property {import("./players.js").PlayerView["statistics"]} [statistics]  this game's statistics (null: hidden)
 * @property {import("./players.js").PlayerView["deal"]} [deal]  how the deal was chosen (winnable, daily)
 * @property {import("./players.js").PlayerView["watch"]} [watch]  Watch: on, speed, its last sentence
 * @property {import("./players.js").PlayerView["deck"]} [deck]  the card settings
 * @property {import("./players.js").PlayerView["options"]} [options]  winnable_deals, show_statistics
 */

/**
 * One mark of the Coach: a pile, the positions of the cards it frames, a tone, a label.
 * @typedef {{tip: string, tone: "good" | "warn" | "run" | "plain", pile: string, indices: number[], label: string, text: string}} CoachMark
 */

/**
 * The Coach's part of the view (terrace_widget/fair/coach.py, `coach_view`).
 * @typedef {{marks: CoachMark[], say: string[], note: string | null, tone?: string | null, stuck?: string | null, review?: Review | null, reviewing?: boolean}} Coach
 */

/**
 * The Coach's game review (terrace_widget/fair/review.py, `Review.as_view`): the fair value
 * after each turn (null: not valued in time), the biggest drops, where it slipped away.
 * @typedef {{curve: (number | null)[], drops: {number: number, move: string, better: string | null, before: number, after: number}[], slipped: number | null, level: number, sentences: string[], complete: boolean}} Review
 */

/**
 * What the front end knows of a game's table, derived from its rules in one place
 * (terrace_widget/table/session.py, `layout_hints`): the front end never reads a family or an id.
 * @typedef {{foundations_row: number, tableau_depth: number, base_card: boolean, foundation_mark: string | null, pick_depth: boolean, redeals: boolean}} LayoutHints
 */

/**
 * The synced `view` trait: `Game.observation()` plus the widget's keys.
 * @typedef {{strings?: import("./i18n.js").Strings}} Words  the table's words: the widget's `strings` trait, put on the view by widget.js (not a key of the kernel's view)
 * @typedef {Observation & WidgetKeys & Words} View
 */

export {};
