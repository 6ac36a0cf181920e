// The five-card side of the calculator page (part of app.js's page, loaded
// when the game is first shown): the
// panel saying what the game is, the "Deal" action (a fresh deck shuffled
// by the engine from a seed drawn here, 5 cards to each player), and the
// showdown once every hand is complete: each hand's class and the
// winners, as the engine decided them (its five-card check). The players, the
// deck picker and the results are the Hold'em views, which read the game
// from the scenario (game.js). User text reaches the DOM as text only.

import { isFiveCard } from '../model/game.js';
import { dealFive } from '../engine/five-card-job.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  panel: $('[data-five-card]'),
  deal: $('[data-fc-deal]'),
  dealHint: $('[data-fc-deal-hint]'),
  dealError: $('[data-fc-deal-error]'),
  note: $('[data-fc-showdown-note]'),
  list: $('[data-fc-showdown]'),
};

/** The page's state and hooks: {state, changed(), setFieldText(field, text)}. */
let app = null;

/** Connects the view: the Deal button. */
export function connectFiveCard(context) {
  app = context;
  els.deal.addEventListener('click', deal);
}

/** "Player 3", "Players 2 and 5", "Players 1, 4 and 6". */
function seats(winners) {
  const names = winners.map((i) => String(i + 1));
  if (names.length === 1) return `Player ${names[0]}`;
  return `Players ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Deals every player five fresh cards from a shuffled deck without the dead cards. */
function deal() {
  const { state } = app;
  if (!state.engine || !isFiveCard(state.scenario)) return;
  let hands;
  try {
    hands = dealFive(state.engine, state.scenario.players.length, { dead: state.scenario.dead ?? '' });
  } catch (err) {
    els.dealError.textContent = `Could not deal: ${err.message}`;
    els.dealError.hidden = false;
    return;
  }
  els.dealError.hidden = true;
  hands.forEach((hand, i) => {
    state.scenario.players[i] = hand;
    app.setFieldText(`p${i + 1}`, hand);
  });
  app.changed();
}

/** Draws the panel (after every change): only for five-card. */
export function renderFiveCard() {
  const { state } = app;
  const five = isFiveCard(state.scenario);
  els.panel.hidden = !five;
  if (!five) return;
  const n = state.scenario.players.length;
  els.deal.disabled = !state.engine;
  els.deal.textContent = `Deal ${n} × 5`;
  els.dealHint.textContent = `Shuffle a fresh deck and deal 5 cards to each of the ${n} players (never a dead card).`;
  renderShowdown(state.check);
}

function renderShowdown(check) {
  const showdown = check && !check.error ? check.showdown : null;
  els.list.dataset.winners = showdown ? showdown.winners.join(',') : '';
  if (!showdown) {
    els.list.replaceChildren();
    els.note.textContent = check?.error
      ? 'Fix the error above for a showdown.'
      : 'Give every player 5 cards (or press Deal) to see the showdown; until then the odds are over every way to deal the missing cards.';
    return;
  }
  const { hands, winners } = showdown;
  els.list.replaceChildren(
    ...hands.map((hand, i) => {
      const row = document.createElement('li');
      const won = winners.includes(i);
      row.dataset.player = String(i + 1);
      row.dataset.category = hand.category;
      if (won) row.dataset.winner = winners.length > 1 ? 'tie' : 'win';
      const who = document.createElement('span');
      who.className = 'fc-seat';
      who.textContent = `P${i + 1}`;
      const name = document.createElement('span');
      name.className = 'fc-name';
      name.textContent = hand.name;
      row.append(who, name);
      if (won) {
        const badge = document.createElement('span');
        badge.className = 'fc-badge';
        badge.textContent = winners.length > 1 ? 'Split' : 'Wins';
        row.append(badge);
      }
      return row;
    }),
  );
  const best = hands[winners[0]].name;
  els.note.textContent = winners.length > 1
    ? `${seats(winners)} split the pot: ${best}.`
    : `${seats(winners)} wins: ${best}.`;
}
