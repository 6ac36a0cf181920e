// The hand evaluator page (evaluator.html): the wiring. It reads the
// input, the game and rules, and the URL fragment (#hand=…&game=…&rules=…),
// asks the engine (engine.js, main-thread instance) and hands its answers
// to the views: evaluator-view.js (result, ladder, examples),
// evaluator-rules.js (the three-card rules menu), evaluator-deal.js (deal
// and classify, Hold'em and three-card), evaluator-mixed.js (the draw and
// stud games: their segments, words, examples and Stud Hi-Lo's low). Every word about a hand comes from the engine; user text
// reaches the DOM as text only.

import { loadEngine } from '../engine/engine.js';
import { DealView } from './evaluator-deal.js';
import { RulesView } from './evaluator-rules.js';
import { addMixedSegments, isMixed, MIXED_EXAMPLES, mixedWords, showLow } from './evaluator-mixed.js';
import { markLadder, renderExamples, renderLadder, ResultView } from './evaluator-view.js';

const $ = (sel) => document.querySelector(sel);

const els = {
  input: $('[data-hand-input]'),
  handLabel: $('[data-hand-label]'),
  result: $('[data-result]'),
  game: $('[data-game]'),
  rules: $('[data-rules]'),
  examples: $('[data-examples]'),
  ladder: $('[data-category-list]'),
  dealPanel: $('[data-deal-result]').closest('section'),
  ladderPanel: $('[data-category-list]').closest('section'),
};

addMixedSegments(els.game);

/** Example hands to try, per game (input text, not rules). */
const EXAMPLES = {
  holdem: ['A♠ K♠ Q♠ J♠ 10♠', 'Ah Kh 7c 7d 2s 9h Qc', '7c 7d 7h Ks Kd 2c 9s', 'Ah 2c 3d 4s 5h'],
  'three-card': ['Ah 2c 3d', '4c 5d 6h', '9h 5h 2h', '2c 3d 5h'],
};
const PLACEHOLDERS = { holdem: 'As Ks Qs Js Ts', 'three-card': 'Ah Kh Qh' };
const LABELS = { holdem: 'Type or paste 5 to 7 cards', 'three-card': 'Type or paste 3 cards' };
const IDLE_READY = 'Type a hand above to see what it makes.';

/** The page's state: what is shown follows from it. */
const state = { game: 'holdem', rules: 'casino' };

/** @type {import('../engine/engine.js').Engine | null} */
let engine = null;

const result = new ResultView(els.result);
const rulesView = new RulesView(els.rules, (spec) => setRules(spec));
const deal = new DealView(els.dealPanel, {
  getEngine: () => engine,
  getGame: () => ({ game: state.game, rules: state.rules }),
  onOpen: (cards) => tryHand(cards),
});

// ---- URL fragment: #hand=AsKsQsJsTs&game=three-card&rules=teen-patti (other keys kept) ----

function fragmentParams() {
  return new URLSearchParams(location.hash.slice(1));
}

function readFragment() {
  const params = fragmentParams();
  const named = params.get('game');
  const game = named === 'three-card' || isMixed(named) ? named : 'holdem';
  return { hand: params.get('hand') ?? '', game, rules: params.get('rules') ?? 'casino' };
}

function writeFragment() {
  const params = fragmentParams();
  const text = els.input.value;
  if (text.trim() === '') params.delete('hand');
  else params.set('hand', text);
  if (state.game === 'three-card') {
    params.set('game', state.game);
    params.set('rules', state.rules);
  } else if (isMixed(state.game)) {
    params.set('game', state.game);
    params.delete('rules');
  } else {
    params.delete('game');
    params.delete('rules');
  }
  const fragment = params.toString();
  const url = fragment ? `#${fragment}` : location.pathname + location.search;
  if (url !== location.hash) history.replaceState(history.state, '', url);
}

// ---- behaviour ----

function evaluateInput() {
  if (!engine) return; // evaluated as soon as the engine is ready
  const text = els.input.value;
  if (text.trim() === '') {
    result.idle(IDLE_READY);
    markLadder(els.ladder, null);
    return;
  }
  if (isMixed(state.game) && !engine.loaded('allin_mixed')) {
    // The draw and stud games' names are the mixed module's: it first, then this again.
    result.idle('Loading the engine for this game…');
    engine.loadModule('allin_mixed').then(evaluateInput, (err) => {
      result.error(`Could not load the engine: ${err instanceof Error ? err.message : err}`);
    });
    return;
  }
  let outcome;
  if (state.game === 'three-card') outcome = engine.attempt((w) => w.describe_three_card(text, state.rules));
  else if (isMixed(state.game)) outcome = engine.attempt((w) => w.describe_mixed_hand(state.game, text));
  else outcome = engine.attempt((w) => w.describe_hand(text));
  if (outcome.ok) {
    result.hand(outcome.value);
    showLow(els.result, outcome.value);
    markLadder(els.ladder, outcome.value.category);
  } else {
    result.error(outcome.error);
    showLow(els.result, null);
    markLadder(els.ladder, null);
  }
}

/** Fills the field with `text` (an example or a ladder rung) and evaluates it. */
function tryHand(text) {
  els.input.value = text;
  writeFragment();
  evaluateInput();
  els.input.scrollIntoView({ block: 'start', behavior: 'smooth' });
  els.input.focus({ preventScroll: true });
}

/** Draws what depends on the game and rules: labels, examples, rules menu, ladder. */
function drawGame() {
  const three = state.game === 'three-card';
  const mixed = isMixed(state.game);
  for (const radio of els.game.querySelectorAll('input')) radio.checked = radio.value === state.game;
  els.rules.hidden = !three;
  const words = mixed ? mixedWords(state.game) : { label: LABELS[state.game], placeholder: PLACEHOLDERS[state.game] };
  els.handLabel.textContent = words.label;
  els.input.placeholder = words.placeholder;
  els.result.dataset.game = state.game;
  renderExamples(els.examples, mixed ? MIXED_EXAMPLES[state.game] : EXAMPLES[state.game], tryHand);
  // Deals and the category ladder are Hold'em's and three-card's.
  els.dealPanel.hidden = mixed;
  els.ladderPanel.hidden = mixed;
  if (!engine) return;
  if (three) {
    const form = engine.attempt((w) => w.three_card_rules(state.rules));
    if (!form.ok) {
      // A bad spec from a link: back to the default, and say why.
      state.rules = 'casino';
      drawGame();
      result.error(`rules: ${form.error}`);
      return;
    }
    state.rules = form.value.spec;
    rulesView.render(form.value);
    renderLadder(els.ladder, form.value.ladder, tryHand);
  } else {
    renderLadder(els.ladder, engine.quick((w) => w.holdem_ladder()), tryHand);
  }
  deal.update();
}

function setGame(game) {
  if (game === state.game) return;
  state.game = game;
  drawGame();
  writeFragment();
  evaluateInput();
}

function setRules(spec) {
  state.rules = spec;
  drawGame();
  writeFragment();
  evaluateInput();
}

els.game.addEventListener('change', (event) => setGame(event.target.value));

els.input.addEventListener('input', () => {
  writeFragment();
  evaluateInput();
});

window.addEventListener('hashchange', () => {
  const wanted = readFragment();
  const changed =
    wanted.hand !== els.input.value ||
    wanted.game !== state.game ||
    (wanted.game === 'three-card' && wanted.rules !== state.rules);
  if (!changed) return;
  els.input.value = wanted.hand;
  Object.assign(state, { game: wanted.game, rules: wanted.rules });
  drawGame();
  evaluateInput();
});

const initial = readFragment();
els.input.value = initial.hand;
Object.assign(state, { game: initial.game, rules: initial.rules });
drawGame();

// The names, ladders, rules and deals are the engine's extra module's (the
// draw and stud games' names the mixed module's, loaded when first chosen).
loadEngine()
  .then((loaded) => loaded.loadExtra().then(() => loaded))
  .then(
    (loaded) => {
      engine = loaded;
      drawGame();
      els.result.dataset.engine = 'ready';
      evaluateInput();
      // Offline after one visit, as the calculator: the service worker
      // registers once the first answer is on screen (sw-register.js).
      import('./sw-register.js').then((sw) => sw.setEngineBusy(false), () => {});
    },
    (err) => {
      els.result.dataset.engine = 'failed';
      result.error(`Could not load the engine: ${err instanceof Error ? err.message : err}`);
    },
  );
