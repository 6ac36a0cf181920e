// The opponents' boxes of the three-card panel: per opponent a top-X%
// slider (and its number), and the strength-update buttons of the
// write-up's model (004: after looking, check +δ, raise +2δ; won a
// showdown it started +δ, one it was challenged to +2δ), δ a setting. Every press writes the opponent's
// new holding (`X%` or `@N`, the engine's answer) into its player field:
// the page re-computes, and Undo takes the press back. The engine does the
// arithmetic (three_card_strength); this file only draws and listens.

import { formatInt } from '../model/format.js';
import { MAX_DELTA, deltaOf } from '../model/game.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  list: $('[data-tc-opponents]'),
  delta: $('[data-tc-delta]'),
};

/** The actions, as the engine names them, and their buttons' words. */
const ACTIONS = [
  ['check', 'Checked', '+δ'],
  ['raise', 'Raised', '+2δ'],
  ['won-started', 'Won, started', '+δ'],
  ['won-called', 'Won, challenged', '+2δ'],
];

let app = null;

export function connectOpponents(context) {
  app = context;
  // δ is part of the scenario: the link keeps it, Undo takes it back.
  els.delta.addEventListener('change', () => {
    const n = Math.round(Number(els.delta.value));
    const delta = Number.isFinite(n) && els.delta.value.trim() !== ''
      ? Math.min(MAX_DELTA, Math.max(0, n))
      : deltaOf(app.state.scenario);
    els.delta.value = String(delta);
    if (delta === deltaOf(app.state.scenario)) return;
    app.state.scenario.delta = delta;
    app.changed();
  });
}

/** The opponent's share of all hands (0…100) as the engine read it, or null (a known hand, bad text). */
function shareOf(i) {
  return app.state.check?.players?.[i]?.share ?? null;
}

/**
 * Draws one box per opponent (players 2…N). Boxes are kept and updated in
 * place: a slider being dragged must stay the element under the finger.
 */
export function renderOpponents() {
  const { players } = app.state.scenario;
  if (document.activeElement !== els.delta) els.delta.value = String(deltaOf(app.state.scenario));
  const boxes = [...els.list.children];
  while (boxes.length > players.length - 1) boxes.pop().remove();
  for (let i = 1; i < players.length; i++) {
    if (!boxes[i - 1]) {
      boxes[i - 1] = box(i);
      els.list.append(boxes[i - 1]);
    }
    update(boxes[i - 1], i, players[i]);
  }
}

/** Updates box `li` of player `i` (0-based) holding `text`. */
function update(li, i, text) {
  const n = i + 1;
  const share = shareOf(i);
  const hands = app.state.check?.players?.[i]?.combos;
  const head = $('.tc-opponent-head', li);
  // No share: a known hand (the slider gives it a range), or text the engine cannot read yet.
  head.textContent = share === null
    ? `P${n}: ${text || 'random'}`
    : `P${n}: top ${share.toFixed(share < 10 ? 2 : 1)}%` +
      `${hands != null ? ` · ${formatInt(hands)} hands` : ''} (${text || 'random'})`;
  li.dataset.share = share === null ? '' : String(share);
  const slider = $('[data-tc-slider]', li);
  // Not under the user's hand: it shows what the player now holds.
  if (document.activeElement !== slider) slider.value = String(share ?? 100);
  $('.tc-status', li).hidden = true;
}

function box(i) {
  const n = i + 1;
  const li = document.createElement('li');
  li.className = 'tc-opponent';
  li.dataset.opponent = String(n);
  const head = document.createElement('p');
  head.className = 'tc-opponent-head';

  const label = document.createElement('label');
  label.className = 'visually-hidden';
  label.htmlFor = `tc-slider-${n}`;
  label.textContent = `Player ${n}: top X% of hands`;
  const slider = document.createElement('input');
  slider.type = 'range';
  slider.id = `tc-slider-${n}`;
  slider.className = 'tc-slider';
  slider.min = '0.5';
  slider.max = '100';
  slider.step = '0.5';
  slider.dataset.tcSlider = String(n);
  slider.addEventListener('input', () => setHolding(i, `${Number(slider.value)}%`));
  // Focus before the pointer moves the thumb: focusing marks the edge of an
  // undo step (history-view.js), so the whole drag is one step.
  slider.addEventListener('pointerdown', () => slider.focus({ preventScroll: true }));

  const buttons = document.createElement('div');
  buttons.className = 'tc-actions';
  buttons.setAttribute('role', 'group');
  buttons.setAttribute('aria-label', `What player ${n} did`);
  for (const [action, words, step] of ACTIONS) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'button button-quiet tc-action';
    b.dataset.tcAction = action;
    b.textContent = `${words} ${step}`;
    // The visible words first (a spoken command finds the button), then whose.
    b.setAttribute('aria-label', `${words} ${step}, player ${n}`);
    b.addEventListener('click', () => act(i, action, li));
    buttons.append(b);
  }
  const status = document.createElement('p');
  status.className = 'field-error tc-status';
  status.hidden = true;
  li.append(head, label, slider, buttons, status);
  return li;
}

function setHolding(i, text) {
  app.state.scenario.players[i] = text;
  app.setFieldText(`p${i + 1}`, text);
  app.changed();
}

/** The model's update for player `i` after `action`, from the engine. */
function act(i, action, li) {
  const { rules, deck, players } = app.state.scenario;
  const delta = deltaOf(app.state.scenario);
  const result = app.state.engine?.threeCard((w) => w.three_card_strength(players[i], action, delta, rules, deck));
  if (!result) return;
  if (!result.ok) {
    const status = $('.tc-status', li);
    status.textContent = result.error;
    status.hidden = false;
    return;
  }
  setHolding(i, result.value.text);
}
