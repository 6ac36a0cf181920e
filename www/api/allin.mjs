// allin's JS API for bot builders: exact poker odds from the wasm engine,
// in Node ≥ 20 and in browsers, as a plain ES module (no bundler).
//
//   import * as allin from './www/api/allin.mjs';      // Node, from a clone (after `cargo xtask build`)
//   import * as allin from 'allin';                    // after `npm install /path/to/allin/www`
//   import * as allin from 'https://host/api/allin.mjs'; // a browser, from the served page
//
//   await allin.init();                                 // once: loads the wasm (fs in Node, fetch in browsers)
//   const r = await allin.equity(['AhKh', 'QQ+, AKs'], { board: '2h7hTc', timeBudgetMs: 50 });
//   await allin.equity(['AsAh2s3h', 'random'], { game: 'omaha-hilo', board: '4c5h8s' })  // every game of games()
//   r.players[0].equity, r.players[0].stdError, r.exact, r.method, r.why
//   allin.evaluate('AsKsQsJsTs')          // {category, label, name, rank, best, …}
//   allin.evaluate('2h3c5d', { game: 'three-card', rules: 'zha-jin-hua-235' })
//   allin.evaluate('AhKh2c3d', { game: 'omaha-hilo', board: '4s5h6dKc9c' })  // + bestHole, bestBoard, low
//   allin.evaluate('8d7h4c3s2h', { game: '2-7-draw' })  // '8-7 low (8-7-4-3-2)'; stud8: + low; razz: + lowRank
//   await allin.threeCard.table('AhKhQh', 'random', { opponents: 3 })  // exact win rates vs 1..3
//   allin.threeCard.strength(0, ['check', 'raise'], { delta: 10 })     // 004's opponent model
//   allin.rank('AsKsQsJsTs')              // the rank alone (higher wins), for loops over card texts
//   allin.rankHands(ids, 7)               // Uint16Array of ranks for a Uint8Array of card ids (allin.cardIds(['AsKs…', …]))
//   allin.parseRange('QQ+, AK@50')        // {text, count, weighted, percent, combos: [{cards, weight}]}
//   allin.potOdds({ pot: 100, call: 50, equity: 0.4 })  // {odds, oddsText: '2 : 1', needed, evCall, kelly}
//   await allin.ehs('AdQc', { board: '3h4cJh' })         // hand strength and potential (EHS)
//   allin.deal({ players: 4, cards: 7, seed: '42' })     // hands from a shuffled deck, named, and who wins
//
// Everything poker-specific (parsing, rules, counts, statistics, messages)
// is the engine's; this module only carries values across and watches the
// clock for time budgets. Counts are BigInt (they can exceed 2^53 in
// principle; `String(n)` or `Number(n)` where you need another form).
// Errors are AllinError subclasses (errors.mjs): InputError with the
// engine's message and `field`, RangeTextError with `position`,
// EngineError when the engine cannot load or fails. Work runs on the
// calling thread: in a browser, call it from a Worker for long budgets.

import { checkOptions, equity as runEquity } from './equity.mjs';
import { AllinError, EngineError, InputError, RangeTextError, engineCall } from './errors.mjs';
import { deal as runDeal } from './deal.mjs';
import { describeBoardHand, evaluateBoardHand, rankBoardHands } from './board-hands.mjs';
import { describeMixedHand, evaluateMixedHand, rankMixedHands } from './mixed-hands.mjs';
import { ehs as runEhs } from './ehs.mjs';
import { strength as runStrength, table as runTable } from './three-card.mjs';
import { load, poisoned, wasm } from './load.mjs';

export { AllinError, EngineError, InputError, RangeTextError };
export { DEFAULT_TRIALS, MIN_CHUNKS, TRIALS_PER_CHUNK } from './equity.mjs';

/**
 * Loads the engine: once, later calls share it (again after an
 * EngineError). Every other function needs it done.
 * @returns {Promise<void>}
 */
export async function init() {
  await load();
  // Once: a short run of each job kind, so that the first real call's time
  // budget is not spent on the first calls' compilation (tens of ms).
  warmed ??= Promise.all([
    runEquity(['AhKh', 'random', 'random'], { timeBudgetMs: 2, seed: 1 }),
    runEquity(['AhKh', 'QQ+', 'random'], { board: '2h7hTc', timeBudgetMs: 2, seed: 1 }),
    runEquity(['AsAhKsKh', '9c8c7d6d'], { game: 'omaha', board: '2c3h4s', timeBudgetMs: 2, seed: 1 }),
    runEhs('AdQc', { board: '3h4cJh', opponents: 3, timeBudgetMs: 2, seed: 1 }),
    runEhs('AdQc', { board: '3h4cJh', timeBudgetMs: 2, seed: 1 }),
  ]).catch(() => {}); // (a failed warm-up costs nothing but time)
  await warmed;
}

let warmed = null;

const call = (fn, field) => engineCall(() => fn(wasm()), field, poisoned);

/**
 * Equity of each player: hands (`'AhKh'`) or ranges (`'QQ+, AKs'`,
 * `'10%'`, `'random'`), 2 to 10 of them (what the game takes).
 *
 * `game`: a name from `games()` (default `'holdem'`: `'three-card'`,
 * `'five-card'`, `'omaha'`, `'omaha-hilo'`, `'shortdeck'`…); `rules`
 * (three-card: `'teen-patti'`…; Short Deck: `'trips-beat-straight'`…),
 * `deck` (three-card: `'full'` or `'short'`), `removal` (three-card card
 * removal, default true): as `allin equity --game … --rules … --deck …
 * --no-card-removal` takes them. `board`, `dead`: card texts.
 *
 * `method`: `'auto'` (default: exact when the engine can afford it, else
 * Monte Carlo), `'exact'` (exact up to a far higher cost) or
 * `'monte-carlo'`. `trials`: Monte Carlo trials when the job samples (default 1,000,000, or as
 * many as `timeBudgetMs` allows). `seed`: 0 to 2^32 − 1 (default random;
 * the answer says which, and the same seed and trials give the same
 * counts). `timeBudgetMs`: stop by then: an exact job cut short is an
 * estimate from a random sample of its chunks (`method: 'partial'`), or,
 * when too few chunks would fit, Monte Carlo from the start; `why` says.
 * `targetError`: when the job samples, stop at the first chunk (in order)
 * where the largest standard error of any player's equity is at most this
 * many percentage points (0.1 for ±0.1; `trials` is then the cap, default
 * 25,000,000): the core's rule, so the CLI's `--error` and Python's
 * `target_error` stop at the same deal with the same seed; the answer adds
 * `targetError` and `error` (the largest error reached, percentage points).
 *
 * Resolves to `{exact, method: 'exact'|'partial'|'monte-carlo', why,
 * reliable, seed, elapsedMs, showdowns, chunks?, totalChunks?, trials?,
 * cost, ranges, usesTable, game, players: [{hand, win, tie, equity, stdError,
 * winError, tieError, wins, ties, losses}], splits: [{players, count,
 * stdError}], splitError}`, plus the game's own fields from the engine's
 * estimate: Omaha and Short Deck's pot parts (`noLow`, `noLowShare`,
 * `noLowError`; per player `highWins`, `highTies`, `lowWins`, `lowTies`,
 * `quartered`, `highShare`, `lowShare` and their errors; in Hi-Lo `win`
 * is a scoop): fractions 0..1, standard errors 0 when exact
 * (`splitError`: of the share of split pots, all together), counts BigInt
 * (`cost`: evaluations an exact enumeration takes). Throws an InputError
 * naming the field.
 */
export function equity(players, options = {}) {
  return runEquity(players, options ?? {});
}

/**
 * Evaluates a hand of `game` (default `'holdem'`): Hold'em (and five-card
 * hands, the same evaluator) 5 to 7 cards (`'AsKsQsJsTs'`, `'A♠ K♠ 10h 9h
 * 2c'`, or a list of card texts): `{game, cards, best, category
 * ('StraightFlush'), label ('Straight flush'), name ('Royal flush'…, with
 * kickers), rank (higher wins), ordinal (1 = best of the 7,462)}`;
 * `'three-card'` 3 cards under `rules` (default `'casino'`): the same
 * fields (`best` the three cards; ordinal among the 741) plus `rules` and
 * `note` (the 2-3-5 rule's, or null).
 *
 * Omaha (`'omaha'`, `'omaha5'`, `'omaha6'`, and their `-hilo`): `cards`
 * are the hole cards and `board` (an option, 3 to 5 cards) is required;
 * the hand is exactly two hole cards and three board cards. Short Deck
 * (`'shortdeck'`, `rules` `'trips-beat-straight'` or standard): 5 to 7
 * cards, or the 2 hole cards with `board`. Both add `board`, `bestHole`
 * and `bestBoard` (which of the best five are the hand's and the board's)
 * and `rules` (Short Deck's, canonical; null for Omaha); Short Deck's
 * `ordinal` is null (it ranks differently). Hi-Lo adds `low`: `{name
 * ('8-5-4-2-A'), best, bestHole, bestBoard}`, or null when no
 * eight-or-better low qualifies. The same facts as `allin eval --game …
 * --board … --json`. Errors: an InputError naming its field (`cards`,
 * `board`, `rules`, `game`).
 *
 * The draw games (`'2-7-draw'`, `'a-5-draw'`: 5 cards; `'badugi'`: 4)
 * take a final hand, the stud games (`'stud'`, `'stud8'`, `'razz'`) 5 to 7
 * cards (down cards may be in brackets: `'[AhKd]7c5s2d'`): `{game, cards,
 * best (the cards that play: the best five, Badugi's best subset), inBest
 * (per card as given), category, label, name, rank (higher wins, within
 * one game), ordinal}`. The draw games and Razz name the low they make
 * (`'8-7 low (8-7-4-3-2)'`, `'wheel (5-4-3-2-A)'`, `'three-card badugi, 7
 * high'`; category `'low'`, ordinal null); Stud and Stud Hi-Lo the high
 * hand, as Hold'em's. Stud Hi-Lo adds `low`: `{name ('5-4-3-2-A'), best,
 * inBest}` or null; Razz adds `lowRank`, the score `allin eval --json`
 * prints as `low_rank` (lower wins; `rank` orders the same hands the
 * other way).
 */
export function evaluate(cards, options = {}) {
  const text = Array.isArray(cards) ? cards.join(' ') : cards;
  const { evaluator, rules, game, entry, board } = evaluatorOf(options ?? {});
  if (evaluator === 'board') return evaluateBoardHand(entry, text, board, rules);
  if (evaluator === 'mixed') return evaluateMixedHand(entry, text);
  const d = call((w) => (evaluator === 'three-card' ? w.describe_three_card(text, rules) : w.describe_hand(text)), 'cards');
  return {
    game,
    cards: d.cards,
    best: d.best ?? d.cards,
    category: d.category,
    label: d.label,
    name: d.name,
    rank: d.rank,
    ordinal: d.ordinal,
    ...(evaluator === 'three-card' ? { rules: d.rules, note: d.note } : {}),
  };
}

/**
 * The engine's evaluator of a game of the catalogue, by its family: the
 * wasm has Hold'em's (5 to 7 cards: Hold'em, five-card), three-card's, and
 * the board games' (Omaha, Short Deck: `describe_board_hand`), the draw
 * and stud games' (`describe_mixed_hand`).
 */
const EVALUATORS = {
  holdem: 'holdem',
  'five-card': 'holdem',
  'three-card': 'three-card',
  omaha: 'board',
  shortdeck: 'board',
  draw: 'mixed',
  stud: 'mixed',
};

let catalogueCache = null;
const checkedRules = new Set();

/** `{game, rules, board}` checked: `{evaluator, rules, game, entry, board}` (rules: the game's default when not given). */
function evaluatorOf(options) {
  checkOptions(options, ['game', 'rules', 'board']);
  const name = options.game ?? 'holdem';
  if (typeof name !== 'string') throw new InputError(`the game: expected text, got ${typeof name}`, { field: 'game' });
  const catalogue = (catalogueCache ??= games());
  const entry = catalogue.find((g) => g.name === name.toLowerCase());
  const takes = catalogue.filter((g) => EVALUATORS[g.family]).map((g) => g.name);
  if (!entry) {
    throw new InputError(`unknown game ${JSON.stringify(name)} (games: ${catalogue.map((g) => g.name).join(', ')})`, {
      field: 'game',
    });
  }
  const evaluator = EVALUATORS[entry.family];
  if (!evaluator) {
    throw new InputError(`${entry.label}: the engine evaluates ${takes.join(', ')} hands here, not ${entry.name}'s`, {
      field: 'game',
    });
  }
  const board = options.board ?? null;
  if (board !== null && evaluator !== 'board') {
    throw new InputError(`${entry.label} hands take no board (board: Omaha and Short Deck)`, { field: 'board' });
  }
  if (options.rules !== undefined && options.rules !== null) {
    if (typeof options.rules !== 'string') {
      throw new InputError(`the rules: expected text, got ${typeof options.rules}`, { field: 'rules' });
    }
    if (!entry.rules) {
      throw new InputError(`${JSON.stringify(options.rules)}: ${entry.label} takes no rules`, { field: 'rules' });
    }
  }
  const rules = options.rules ?? entry.rules?.default ?? null;
  // (Checked first, so that its error names the rules, not the cards; once a text.)
  if (evaluator === 'three-card' && !checkedRules.has(rules)) {
    call((w) => w.three_card_rules(rules), 'rules');
    checkedRules.add(rules);
  }
  return { evaluator, game: entry.name, rules, entry, board };
}

/**
 * The rank of a hand of `game` (`options` as evaluate()'s), for loops that
 * evaluate card texts one call a hand: higher wins, equal ties; for
 * Hold'em `rank >> 12` indexes `categories()`. The same number as
 * `evaluate(cards, options).rank`, without the names (Hold'em: a tenth of
 * the time). Cards are read as `evaluate` reads them, with the same
 * InputError for anything that is not a hand.
 */
export function rank(cards, options) {
  if (options !== undefined && options !== null) {
    const { evaluator, rules, entry, board } = evaluatorOf(options);
    if (evaluator === 'board') return describeBoardHand(entry, cards, board, rules).rank;
    if (evaluator === 'mixed') return describeMixedHand(entry, cards).rank;
    if (evaluator === 'three-card') {
      const text = Array.isArray(cards) ? cards.join(' ') : cards;
      return call((w) => w.evaluate_three_card(text, rules), 'cards').rank;
    }
  }
  const set = plainSet(cards);
  return set === null ? evaluate(cards).rank : call((w) => w.rank_card_set(set), 'cards');
}

/**
 * 5 to 7 distinct cards written the plain way (`'Ah'`, in a list or run
 * together: `'AhKh…'`) as a set, bit `id` for each card (below 2^52: an
 * exact number), each card's id from a table the engine filled; null for
 * anything else, which `rank` hands to the engine's parser (every other
 * notation, and every error message, is the engine's).
 */
function plainSet(cards) {
  const list = Array.isArray(cards);
  const n = list ? cards.length : typeof cards === 'string' ? cards.length / 2 : 0;
  if (!(n >= 5 && n <= 7 && Number.isInteger(n))) return null;
  const table = (plainTable ??= plainCardTable());
  let low = 0; // ids 0-25
  let high = 0; // ids 26-51
  for (let i = 0; i < n; i++) {
    const id = table.get(list ? cards[i] : cards.slice(2 * i, 2 * i + 2));
    if (id === undefined) return null;
    const bit = 1 << (id % 26);
    if ((id < 26 ? low : high) & bit) return null; // a card twice: the engine says so
    if (id < 26) low |= bit;
    else high |= bit;
  }
  return high * 2 ** 26 + low;
}

/** `'2c'` … `'As'` → card id: the engine's deck, in id order. */
function plainCardTable() {
  return new Map(call((w) => w.deck(), null).map((card, id) => [card.code, id]));
}

let plainTable = null;

/**
 * Ranks many hands in one call, for loops that evaluate millions:
 * `hands` is a `Uint8Array` of card ids, `size` (5, 6 or 7; default 7)
 * cards a hand, ids as `cardIds()` gives them (`0` = 2c … `51` = As).
 * Returns a `Uint16Array` of ranks, one a hand: higher wins, equal ties,
 * `rank >> 12` indexes `categories()`. Throws an InputError naming the hand
 * and card for an id above 51 or a card twice in a hand. With `options`
 * `{game: 'three-card', rules}`, `size` is 3 and the ranks (as `rank`'s
 * for three-card) come as a `Uint32Array`, one engine call a hand. With
 * an Omaha game each hand is its hole cards then its board (`size`: the
 * game's hole cards + 3 to 5), with `'shortdeck'` 5 to 7 cards (`rules`
 * as evaluate()'s): a `Uint16Array` of evaluate()'s ranks, one engine call
 * a hand; an InputError (field `hands`) names the hand that is not one.
 * With a draw game (`size` its hand: 5, Badugi 4) or a stud game (5 to 7)
 * the same, as a `Uint32Array` of evaluate()'s ranks.
 */
export function rankHands(hands, size = 7, options) {
  const how = options !== undefined && options !== null ? evaluatorOf(options) : null;
  if (how?.evaluator === 'board') {
    if (how.board !== null) throw new InputError('rankHands takes each hand\'s board in its ids, not as an option', { field: 'board' });
    return rankBoardHands(how.entry, hands, size, how.rules);
  }
  if (how?.evaluator === 'mixed') return rankMixedHands(how.entry, hands, size);
  if (how?.evaluator === 'three-card') {
    const { rules } = evaluatorOf(options);
    if (size !== 3) throw new InputError(`three-card hands are 3 cards, got size ${String(size)}`, { field: 'size' });
    if (!(hands instanceof Uint8Array)) throw new InputError('hands: expected a Uint8Array of card ids', { field: 'hands' });
    const codes = call((w) => w.deck(), null).map((card) => card.code);
    const ranks = new Uint32Array(Math.floor(hands.length / 3));
    for (let h = 0; h < ranks.length; h++) {
      const ids = hands.subarray(3 * h, 3 * h + 3);
      if (ids.some((id) => id >= codes.length)) {
        throw new InputError(`hand ${h + 1}: card id ${Math.max(...ids)} is not a card (ids are 0 to 51)`, { field: 'hands' });
      }
      const text = Array.from(ids, (id) => codes[id]).join('');
      ranks[h] = call((w) => w.evaluate_three_card(text, rules), 'hands').rank;
    }
    return ranks;
  }
  return call((w) => w.rank_hands(hands, size), 'hands');
}

/**
 * Card ids for `rankHands`: the cards of `'AhKh'` or `'A♠ 10h'` (as
 * `evaluate` reads them), or of each text in a list, one after another
 * (a list of hands may repeat cards across hands, not within one), as a
 * `Uint8Array`. Throws an InputError for text that is not cards.
 */
export function cardIds(cards) {
  const texts = Array.isArray(cards) ? cards : [cards];
  const parts = texts.map((t) => call((w) => w.card_ids(t), 'cards'));
  const ids = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    ids.set(p, at);
    at += p.length;
  }
  return ids;
}

/**
 * Reads range text (`'QQ+, AKs'`, `'AK@50'`, `'10%'`, `'AhKh'`):
 * `{text (canonical), count (combos), weighted (by weight), percent (of
 * 1,326), combos: [{cards: 'AhKh', weight}]}`. Throws a RangeTextError
 * with the engine's message and the 1-based `position` it points at.
 */
export function parseRange(text) {
  const r = call((w) => w.range_combos(text), 'range');
  if (!r.ok) throw new RangeTextError(r.error.message, { field: 'range', position: r.error.position });
  return {
    text: r.text,
    count: r.count,
    weighted: r.weighted,
    percent: r.percent,
    combos: r.combos.map((c) => ({ cards: c.cards, weight: c.weight })),
  };
}

/** `b` as "b : 1", to 2 decimals at most: `2 : 1`, `2.5 : 1`, `0.33 : 1`. */
export function oddsText(b) {
  return `${Number(b.toFixed(2)).toString()} : 1`;
}

/**
 * Pot odds of a call (the engine's PotOdds): `pot` is everything in the
 * middle, the bet faced included; `call` what calling costs (numbers, or
 * text as typed: `'1 000'`, `'2,5'`); `equity` 0..1 (optional). Returns
 * `{pot, call, odds (b = pot/call), oddsText ('2 : 1'), needed (the
 * equity a call needs), equity, evCall (in the amounts' unit), kelly
 * ((b·p − q)/b; negative: the call loses in the long run)}`, the last
 * three null without an equity. Throws an InputError (field `pot`,
 * `call` or `equity`) for zero, negative, under 0.000001, over 1e15, or
 * not an amount; field `options` for a name it does not take.
 */
export function potOdds(amounts = {}) {
  const given = amounts ?? {};
  checkOptions(given, ['pot', 'call', 'equity']);
  const { pot, call: toCall, equity: p } = given;
  const r = call((w) => w.pot_odds(pot, toCall, p ?? undefined), 'pot');
  return { ...r, oddsText: oddsText(r.odds) };
}

/**
 * Hand strength and potential of `hand` (two cards) on a flop or a turn
 * (Billings–Papp): against `opponents` (1 to 9; default 1, or the length
 * of `vs`) each holding `vs` (range text, default `'random'`, or a list
 * with one text per opponent), with `dead` cards out of play.
 *
 * `method`, `trials`, `seed`, `timeBudgetMs` as for equity(): exact when
 * the engine affords it and it fits the budget (measured on its first
 * chunk), else sampled, `why` saying which.
 *
 * Resolves to `{exact, method: 'exact'|'monte-carlo', why, reliable, seed,
 * elapsedMs, opponents, street: 'flop'|'turn', hs, ppot, npot, ehs,
 * ppotWholeTie, npotWholeTie (the variant with HPtotal[t] not halved),
 * ppot1, npot1 (one card to come), errors (standard errors of each, or
 * null when exact), hsOneRandom, hsN (HS vs one random hand, to the N:
 * the textbook approximation), ahead, tied, behind, transitions (3×3:
 * rows and columns ahead, tied, behind), next (3×3, one card to come),
 * total, cost, trials?}`: fractions 0..1, counts BigInt. Throws an
 * InputError naming the field (`hand`, `vs`, `board` — 0, 1, 2 or 5
 * cards —, `dead`, `opponents`, …).
 */
export function ehs(hand, options = {}) {
  return runEhs(hand, options ?? {});
}

/**
 * Deals and classifies (write-up 003): `players` hands (2 to 10, fewer
 * when the deck runs out; default 2) of `cards` cards each from one deck
 * shuffled by `seed`: for `game: 'holdem'` (the default) 5 or 7 cards
 * (default 5), named by their best five; for `'three-card'` 3, under
 * `rules` (three-card rules text, default `'casino'`). `dead`: cards out
 * of play, never dealt.
 *
 * `seed`: a whole number from 0 to 2^64 − 1, as decimal text, a BigInt,
 * or a number up to 2^53 − 1 (past that a number has lost digits: it is
 * refused); by default one drawn from crypto.getRandomValues. The same
 * seed and options deal the same hands, here and in `allin deal --seed S`.
 *
 * Returns `{game, rules (canonical, or null for Hold'em), seed (decimal
 * text: pass it back to deal again), hands: [{cards, best, name, label,
 * category, rank, ordinal, winner}], winners, cycle, note}`: `winners`
 * are player numbers, 1-based as in equity()'s splits and the CLI (more
 * than one: they split the pot); `cycle` is true when, under the 2-3-5
 * rule, trips, an off-suit 2-3-5 and another hand beat one another in a
 * circle (the trips win, `note` says why; `note` is null when nothing
 * needs saying). Synchronous, like evaluate(). Throws an InputError
 * naming the field (`players`, `cards`, `game`, `rules`, `dead`, `seed`,
 * `options`).
 */
export function deal(options = {}) {
  return runDeal(options ?? {});
}

/** The hand categories, weakest first: `[{name, label}]`. */
export function categories() {
  return call((w) => w.categories(), null);
}

/**
 * The games allin plays, from the engine's catalogue (the same list as
 * `allin games --json` and the page's game switch): `[{name ('omaha5-hilo':
 * what a link's #game= and the CLI's --game take), label, handCards,
 * boardSizes ([] for no board), deck (cards), maxPlayers, hilo, rules
 * ({default, presets, options: whether options may follow a preset} or
 * null), questions (['equity', 'ranges', 'detail', 'strength', 'table',
 * 'eval', 'deal'], those it answers)}]`.
 */
export function games() {
  return call((w) => w.games(), null);
}

/**
 * Three-card (004's questions), in the engine's words:
 *
 * `threeCard.table(hero, opponent, {rules, deck, removal, opponents, dead,
 * seed, timeBudgetMs})`: the hero's win, tie and equity against 1 to
 * `opponents` (1 to 5, default 5) opponents each holding `opponent`
 * (`'random'`, `'30%'`, three cards), every deal counted: resolves to
 * `[{opponents, exact, deals, wins, ties (BigInt), win, tie, equity,
 * stdError, why}]`. A row the engine will not count (too long, or not a
 * count it does) or that the time budget cuts short is sampled, `why`
 * saying so. `removal: false` deals each opponent from the whole deck
 * (the write-up's approximation); `deck: 'short'` plays 9 to A.
 *
 * `threeCard.strength(index, actions, {delta, rules, deck})`: 004's
 * opponent model: from ladder position `index` (0: any hand; or a holding,
 * `'random'`, `'30%'`, `'@N'`), each `'check'` or `'won-started'` moves up
 * `delta` positions, each `'raise'` or `'won-called'` 2·delta (never past
 * the last hand): `{text ('@N': an opponent's text for equity()), index,
 * percent (of the hands it may still hold), hands (the ladder's)}`.
 *
 * Both throw an InputError naming the field.
 */
export const threeCard = Object.freeze({
  table: (hero, opponent, options = {}) => runTable(hero, opponent, options ?? {}),
  strength: (index, actions, options = {}) => runStrength(index, actions, options ?? {}),
});
