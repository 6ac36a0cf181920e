// "Deal and classify" on the evaluator page: N players × 5 or 7 cards (3
// in three-card mode) from a deck the engine shuffles with a seed drawn
// here from crypto.getRandomValues (the engine itself has no entropy).
// The engine names every hand and decides the winners; this module draws
// them, as text only.

import { cardFaces } from './evaluator-view.js';

/** Two random 32-bit halves of a 64-bit seed, from this device. */
export function deviceSeed() {
  const halves = new Uint32Array(2);
  crypto.getRandomValues(halves);
  return [halves[0], halves[1]];
}

/** "Player 3", "Players 2 and 5", "Players 1, 4 and 6". */
function seats(winners) {
  const names = winners.map((i) => String(i + 1));
  if (names.length === 1) return `Player ${names[0]}`;
  return `Players ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export class DealView {
  /**
   * @param {HTMLElement} panel the deal panel (its controls and [data-deal-result])
   * @param {{getEngine: () => any, getGame: () => {game: string, rules: string},
   *   onOpen: (cards: string) => void}} deps  onOpen: show a dealt hand in the evaluator
   */
  constructor(panel, { getEngine, getGame, onOpen }) {
    this.getEngine = getEngine;
    this.getGame = getGame;
    this.onOpen = onOpen;
    const q = (sel) => panel.querySelector(sel);
    this.els = {
      players: q('[data-deal-players]'),
      cards: q('[data-deal-cards]'),
      three: q('[data-deal-three]'),
      button: q('[data-deal]'),
      result: q('[data-deal-result]'),
      summary: q('[data-deal-summary]'),
      hands: q('[data-deal-hands]'),
      note: q('[data-deal-note]'),
      limit: q('[data-deal-limit]'),
      error: q('[data-deal-error]'),
    };
    for (const step of panel.querySelectorAll('[data-players-step]')) {
      step.addEventListener('click', () => this.stepPlayers(Number(step.dataset.playersStep)));
    }
    this.els.players.addEventListener('change', () => this.clampPlayers());
    this.els.cards.addEventListener('change', () => this.clampPlayers());
    this.els.button.addEventListener('click', () => this.deal());
  }

  /** Cards each: 3 in three-card mode, else the 5/7 choice. */
  cardsEach() {
    if (this.getGame().game === 'three-card') return 3;
    const checked = this.els.cards.querySelector('input:checked');
    return Number(checked?.value ?? 7);
  }

  /** The most players the engine deals for the cards each (the deck holds 52). */
  maxPlayers() {
    const engine = this.getEngine();
    if (!engine) return 10;
    const max = engine.attempt((w) => w.deal_max_players(this.cardsEach()));
    return max.ok ? max.value : 10;
  }

  /** Enables the panel once the engine is ready, and fits it to the game. */
  update() {
    const three = this.getGame().game === 'three-card';
    this.els.cards.hidden = three;
    this.els.three.hidden = !three;
    this.els.button.disabled = !this.getEngine();
    this.clampPlayers();
  }

  clampPlayers() {
    const max = this.maxPlayers();
    const input = this.els.players;
    input.max = String(max);
    const n = Math.round(Number(input.value));
    input.value = String(Number.isFinite(n) ? Math.min(max, Math.max(2, n)) : 2);
    // Say why the count stops short of 10 (the deck has 52 cards).
    const each = this.cardsEach();
    this.els.limit.textContent = max < 10
      ? `At most ${max} players with ${each} cards each: ${max + 1} hands would need ${(max + 1) * each} cards, the deck has 52.`
      : '';
    for (const step of document.querySelectorAll('[data-players-step]')) {
      const delta = Number(step.dataset.playersStep);
      step.disabled = delta < 0 ? Number(input.value) <= 2 : Number(input.value) >= max;
    }
  }

  stepPlayers(delta) {
    this.els.players.value = String(Number(this.els.players.value) + delta);
    this.clampPlayers();
  }

  /** Deals with a fresh seed from this device and draws the hands. */
  deal() {
    const engine = this.getEngine();
    if (!engine) return;
    this.clampPlayers();
    const { game, rules } = this.getGame();
    const [hi, lo] = deviceSeed();
    const players = Number(this.els.players.value);
    const outcome = engine.attempt((w) => w.deal_hands(players, this.cardsEach(), game, rules, hi, lo));
    const { els } = this;
    if (!outcome.ok) {
      els.error.textContent = outcome.error;
      els.error.hidden = false;
      els.hands.replaceChildren();
      els.summary.textContent = '';
      els.note.hidden = true;
      els.result.dataset.status = 'error';
      return;
    }
    this.render(outcome.value);
  }

  /** Draws a deal (what deal_hands returned). */
  render(deal) {
    const { els } = this;
    els.error.hidden = true;
    const rows = deal.hands.map((hand, i) => {
      const row = document.createElement('li');
      row.className = 'deal-hand';
      row.dataset.seat = String(i + 1);
      row.dataset.cards = hand.cards;
      row.dataset.rank = String(hand.rank);
      row.dataset.name = hand.name;
      row.dataset.winner = String(hand.winner);
      const head = document.createElement('p');
      head.className = 'deal-head';
      const seat = document.createElement('span');
      seat.className = 'deal-seat';
      seat.textContent = `Player ${i + 1}`;
      head.append(seat);
      if (hand.winner) {
        const badge = document.createElement('span');
        badge.className = 'deal-badge';
        badge.textContent = deal.winners.length > 1 ? 'Splits' : 'Wins';
        head.append(badge);
      }
      const cards = document.createElement('ol');
      cards.className = 'cards deal-cards';
      cards.setAttribute('aria-label', `Player ${i + 1}’s cards`);
      const marked = deal.game === 'holdem' && hand.inBest.some((used) => !used);
      cards.append(...cardFaces(hand.cards, marked ? hand.inBest : null));
      const name = document.createElement('p');
      name.className = 'deal-name';
      name.textContent = hand.name;
      const open = document.createElement('button');
      open.type = 'button';
      open.className = 'deal-open';
      open.dataset.open = hand.cards;
      open.textContent = `Evaluate player ${i + 1}’s hand`;
      open.addEventListener('click', () => this.onOpen(hand.cards));
      row.append(head, cards, name, open);
      return row;
    });
    els.hands.replaceChildren(...rows);
    const winner = deal.hands[deal.winners[0]];
    const verb = deal.winners.length > 1 ? 'split the pot with' : 'wins with';
    els.summary.textContent = `${seats(deal.winners)} ${verb} ${lowerFirst(winner.name)}.`;
    els.note.hidden = !deal.note;
    els.note.textContent = deal.note ?? '';
    Object.assign(els.result.dataset, {
      status: 'done',
      seed: deal.seed,
      game: deal.game,
      winners: deal.winners.map((i) => i + 1).join(' '),
    });
  }
}

function lowerFirst(text) {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
