// The hand evaluator's drawing (evaluator.html): the result panel, card
// faces with the best five marked, the category ladder and the example
// chips. Everything shown about a hand (its name, best five, standing,
// share, notes) is the engine's text; this module only lays it out, as
// text (textContent, dataset), never as HTML.

import { SUIT_NAMES, SUIT_SYMBOLS } from '../model/format.js';

const RANK_WORDS = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten' };

/**
 * A card face for `code` ("Ah", "Td"). `inBest`: true (one of the best
 * five), false (not used) or null (nothing to mark).
 */
export function cardFace(code, inBest = null) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const item = document.createElement('li');
  item.className = `card suit-${suit}`;
  item.dataset.card = code;
  const name = `${RANK_WORDS[rank] ?? rank} of ${SUIT_NAMES[suit] ?? suit}`;
  if (inBest !== null) item.dataset.inBest = String(inBest);
  const rankEl = document.createElement('span');
  rankEl.className = 'card-rank';
  rankEl.textContent = rank === 'T' ? '10' : rank;
  rankEl.setAttribute('aria-hidden', 'true');
  const suitEl = document.createElement('span');
  suitEl.className = 'card-suit';
  suitEl.textContent = SUIT_SYMBOLS[suit] ?? suit;
  suitEl.setAttribute('aria-hidden', 'true');
  const label = document.createElement('span');
  label.className = 'visually-hidden';
  label.textContent = inBest === false ? `${name}, not in the best five` : name;
  item.append(rankEl, suitEl, label);
  return item;
}

/** Card faces for a space-separated list of codes, marked by `inBest` (array or null). */
export function cardFaces(cards, inBest = null) {
  return cards.split(' ').map((code, i) => cardFace(code, inBest ? Boolean(inBest[i]) : null));
}

/** The best five as text with suit symbols: "7♦ 7♣ A♥ K♥ Q♣". */
export function prettyCards(cards) {
  return cards
    .split(' ')
    .map((code) => `${code.slice(0, -1).replace('T', '10')}${SUIT_SYMBOLS[code.slice(-1)] ?? ''}`)
    .join(' ');
}

/** The result panel: idle, error or a described hand. */
export class ResultView {
  constructor(root) {
    this.root = root;
    const q = (sel) => root.querySelector(sel);
    this.els = {
      idle: q('[data-idle]'),
      hand: q('[data-hand]'),
      cards: q('[data-card-list]'),
      label: q('[data-label]'),
      name: q('[data-name]'),
      bestLine: q('[data-best-line]'),
      bestTitle: q('[data-best-title]'),
      best: q('[data-best]'),
      standing: q('[data-standing]'),
      share: q('[data-share]'),
      note: q('[data-note]'),
      error: q('[data-error]'),
    };
  }

  setStatus(status) {
    const { root, els } = this;
    root.dataset.status = status;
    if (status !== 'done') {
      for (const key of ['category', 'rank', 'cards', 'handName', 'bestFive', 'ordinal', 'distinct', 'lowName', 'lowBest']) {
        delete root.dataset[key];
      }
    }
    els.idle.hidden = status !== 'idle';
    els.hand.hidden = status !== 'done';
    els.error.hidden = status !== 'error';
  }

  idle(message) {
    this.els.idle.textContent = message;
    this.setStatus('idle');
  }

  error(message) {
    this.els.error.textContent = message;
    this.setStatus('error');
  }

  /**
   * A hand as the engine described it (describe_hand, describe_three_card
   * or describe_mixed_hand: no standing or share; Badugi's best may be
   * fewer than five).
   */
  hand(d) {
    const { els } = this;
    const best = d.best ?? null;
    // The best five are worth marking only when some cards are left out.
    const partial = Boolean(best) && d.inBest.some((used) => !used);
    els.cards.replaceChildren(...cardFaces(d.cards, partial ? d.inBest : null));
    els.label.textContent = d.label;
    els.name.textContent = d.name;
    els.bestLine.hidden = !partial;
    els.best.textContent = partial ? prettyCards(best) : '';
    els.bestTitle.textContent = best && best.split(' ').length === 5 ? 'Best five' : 'Cards that play';
    els.standing.hidden = !d.standing;
    els.standing.textContent = d.standing ? capitalize(d.standing) + (d.rules ? ` under these rules` : '') + '.' : '';
    els.share.hidden = !d.share;
    els.share.textContent = d.share ? `${d.label}: ${d.share}.` : '';
    els.note.hidden = !d.note;
    els.note.textContent = d.note ?? '';
    this.setStatus('done');
    Object.assign(this.root.dataset, {
      category: d.category,
      rank: String(d.rank),
      cards: d.cards,
      handName: d.name,
      ordinal: String(d.ordinal),
      distinct: String(d.distinct ?? ''),
    });
    if (best) this.root.dataset.bestFive = best;
  }
}

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The category ladder, best first: each rung a button that tries its
 * example (`onTry(example)`), with how common the category is.
 */
export function renderLadder(list, rungs, onTry) {
  const items = rungs.map(({ name, label, example, share }) => {
    const item = document.createElement('li');
    item.className = 'ladder-item';
    item.dataset.name = name;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'ladder-button';
    button.dataset.example = example;
    const title = document.createElement('span');
    title.className = 'ladder-label';
    title.textContent = label;
    const sample = document.createElement('span');
    sample.className = 'ladder-example mono';
    sample.textContent = prettyCards(example);
    const detail = document.createElement('span');
    detail.className = 'ladder-share';
    detail.textContent = share;
    button.append(title, sample, detail);
    button.addEventListener('click', () => onTry(example));
    item.append(button);
    return item;
  });
  list.replaceChildren(...items);
}

/** Marks the ladder's rung for `name` (or none). */
export function markLadder(list, name) {
  for (const item of list.children) {
    const button = item.querySelector('button');
    if (item.dataset.name === name) {
      item.setAttribute('aria-current', 'true');
      button?.setAttribute('aria-current', 'true');
    } else {
      item.removeAttribute('aria-current');
      button?.removeAttribute('aria-current');
    }
  }
}

/** Example chips: each fills the field with its hand and evaluates it (`onTry`). */
export function renderExamples(container, examples, onTry) {
  const buttons = examples.map((text) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'example';
    button.dataset.example = text;
    button.textContent = text;
    button.addEventListener('click', () => onTry(text));
    return button;
  });
  container.replaceChildren(...buttons);
}
