// The hand evaluator page (evaluator.html): reads the input and the URL fragment, asks the engine
// (engine.js) and renders its answers. All user text reaches the DOM as text
// (textContent, dataset), never as HTML.

import { loadEngine } from './engine.js';
import { SUIT_NAMES, SUIT_SYMBOLS } from './format.js';

const els = {
  input: document.querySelector('[data-hand-input]'),
  result: document.querySelector('[data-result]'),
  idle: document.querySelector('[data-idle]'),
  hand: document.querySelector('[data-hand]'),
  cardList: document.querySelector('[data-card-list]'),
  label: document.querySelector('[data-label]'),
  cardsText: document.querySelector('[data-cards-text]'),
  rankText: document.querySelector('[data-rank-text]'),
  error: document.querySelector('[data-error]'),
  ladder: document.querySelector('[data-category-list]'),
};

const IDLE_READY = 'Type a hand above to see what it makes.';

/** @type {import('./engine.js').Engine | null} */
let engine = null;

// ---- URL fragment: #hand=AsKsQsJsTs (other keys are kept) ----

function fragmentParams() {
  return new URLSearchParams(location.hash.slice(1));
}

function handFromFragment() {
  return fragmentParams().get('hand') ?? '';
}

function writeFragment(text) {
  const params = fragmentParams();
  if (text.trim() === '') {
    params.delete('hand');
  } else {
    params.set('hand', text);
  }
  const fragment = params.toString();
  const url = fragment ? `#${fragment}` : location.pathname + location.search;
  history.replaceState(history.state, '', url);
}

// ---- rendering ----

function setStatus(status) {
  els.result.dataset.status = status;
  if (status !== 'done') {
    delete els.result.dataset.category;
    delete els.result.dataset.rank;
    delete els.result.dataset.cards;
  }
  els.idle.hidden = status !== 'idle';
  els.hand.hidden = status !== 'done';
  els.error.hidden = status !== 'error';
}

function showIdle(message) {
  els.idle.textContent = message;
  setStatus('idle');
  markCategory(null);
}

function showError(message) {
  els.error.textContent = message;
  setStatus('error');
  markCategory(null);
}

function showHand(hand) {
  els.cardList.replaceChildren(...hand.cards.split(' ').map(cardChip));
  els.label.textContent = hand.label;
  els.cardsText.textContent = hand.cards;
  els.rankText.textContent = String(hand.rank);
  setStatus('done');
  Object.assign(els.result.dataset, {
    category: hand.category,
    rank: String(hand.rank),
    cards: hand.cards,
  });
  markCategory(hand.category);
}

function cardChip(code) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const chip = document.createElement('li');
  chip.className = `card suit-${suit}`;
  chip.title = `${rank} of ${SUIT_NAMES[suit] ?? suit}`;
  const rankEl = document.createElement('span');
  rankEl.className = 'card-rank';
  rankEl.textContent = rank;
  const suitEl = document.createElement('span');
  suitEl.className = 'card-suit';
  suitEl.textContent = SUIT_SYMBOLS[suit] ?? suit;
  chip.append(rankEl, suitEl);
  return chip;
}

function renderLadder(categories) {
  const items = [...categories].reverse().map(({ name, label }) => {
    const item = document.createElement('li');
    item.className = 'ladder-item';
    item.dataset.name = name;
    item.textContent = label;
    return item;
  });
  els.ladder.replaceChildren(...items);
}

function markCategory(name) {
  for (const item of els.ladder.children) {
    if (item.dataset.name === name) {
      item.setAttribute('aria-current', 'true');
    } else {
      item.removeAttribute('aria-current');
    }
  }
}

// ---- behaviour ----

function evaluateInput() {
  if (!engine) return; // evaluated as soon as the engine is ready
  const text = els.input.value;
  if (text.trim() === '') {
    showIdle(IDLE_READY);
    return;
  }
  const outcome = engine.evaluateHand(text);
  if (outcome.ok) {
    showHand(outcome.value);
  } else {
    showError(outcome.error);
  }
}

els.input.addEventListener('input', () => {
  writeFragment(els.input.value);
  evaluateInput();
});

window.addEventListener('hashchange', () => {
  const text = handFromFragment();
  if (text !== els.input.value) {
    els.input.value = text;
    evaluateInput();
  }
});

for (const button of document.querySelectorAll('[data-example]')) {
  button.addEventListener('click', () => {
    els.input.value = button.dataset.example;
    writeFragment(els.input.value);
    evaluateInput();
    els.input.focus();
  });
}

els.input.value = handFromFragment();

loadEngine().then(
  (loaded) => {
    engine = loaded;
    renderLadder(engine.categories());
    els.result.dataset.engine = 'ready';
    evaluateInput();
  },
  (err) => {
    els.result.dataset.engine = 'failed';
    showError(`Could not load the engine: ${err instanceof Error ? err.message : err}`);
  },
);
