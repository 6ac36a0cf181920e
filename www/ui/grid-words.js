// What the grid's numbers mean, in words (part of grid-view.js): what the
// colours and numbers measure (equity against K random hands, or a
// player's heatmap), each cell's accessible name, the readout of a hand
// (hover, focus or tap) and the legend. Functions of the page's state
// object (app.js); numbers come from the engine's strength table or the
// heatmap (heatmap-view.js), range weights from the range editor.

import { percentText } from '../model/grid-model.js';
import { heatValue } from './heatmap-view.js';
import { fieldName } from './players-view.js';
import { gridDeck, rangeView } from './range-editor.js';

/** What the grid's colours and numbers measure right now. */
export function gridMetric(state) {
  const deck = gridDeck();
  // (Short Deck's grid has no heatmap and one random opponent: deck.heat.)
  if (state.scenario.heat && deck.heat) {
    return { kind: 'heat', fair: 1 / state.scenario.players.length, lo: 0, hi: 1 };
  }
  const k = deck.heat ? state.scenario.vs : 1;
  const values = deck.handClasses.map((c) => c.strength[k - 1]);
  return {
    kind: 'random',
    k,
    // Short Deck's numbers are seeded Monte Carlo (src/short_deck/ranking.rs: 400,000 deals a class).
    note: deck.heat ? '' : ' (sampled: ± under 0.1)',
    fair: 1 / (k + 1),
    lo: Math.min(...values),
    hi: Math.max(...values),
    values,
  };
}

/** One class's number under `metric`: {value, state, stdError, exact, error}. */
export function cellValue(i, metric) {
  if (metric.kind === 'random') return { value: metric.values[i], state: 'ok', exact: true };
  return heatValue(i);
}

function weightText(fill) {
  return `${Math.round(fill * 100)}%`;
}

/** How much of class `i` the edited range holds, in words ('' for none). */
function rangePart(state, i) {
  const fill = rangeView()?.fill[i] ?? 0;
  if (!(fill > 0)) return '';
  const all = gridDeck().handClasses[i].combos;
  const combos = rangeView().counts[i];
  // The mean weight of the combos that are in: fill is over all of them.
  const weight = (fill * all) / combos;
  const at = weight < 1 - 1e-9 ? ` at ${weightText(weight)}` : '';
  return combos < all ? `${combos} of ${all} combos in range${at}` : `in range${at}`;
}

/** Cell `i`'s accessible name, its number being `v` (cellValue). */
export function cellLabel(state, i, v) {
  const number =
    v.state === 'ok'
      ? `${v.exact ? '' : 'about '}${percentText(v.value)}`
      : v.state === 'na'
        ? 'not possible with these cards'
        : v.state === 'pending'
          ? 'computing'
          : 'no number';
  const range = rangePart(state, i);
  return `${gridDeck().handClasses[i].name}, ${number}${range ? `, ${range}` : ''}`;
}

/** The legend's and caption's words for `metric`: {strong, weak, caption}. */
export function legendWords(state, metric) {
  const who = fieldName(`p${state.scenario.heat}`);
  return {
    strong: metric.kind === 'heat' ? `${who} above a fair share (${percentText(metric.fair, 0)})` : 'better than a fair share',
    weak: metric.kind === 'heat' ? 'below a fair share' : 'worse than a fair share',
    caption:
      metric.kind === 'heat'
        ? `Numbers: ${who}'s equity (%) with each hand against the other players, on this board.`
        : `Numbers: equity (%) against ${metric.k === 1 ? `one random ${gridDeck().heat ? '' : 'short-deck '}hand` : `${metric.k} random hands`}, preflop; a fair share is ${percentText(metric.fair, 0)}.`,
  };
}

/** The readout of class `i`: its number, what it means, and its range weight. */
export function readoutText(state, i) {
  const cls = gridDeck().handClasses[i];
  const metric = gridMetric(state);
  const v = cellValue(i, metric);
  let text;
  if (metric.kind === 'random') {
    const against = metric.k === 1 ? `one random ${gridDeck().heat ? '' : 'short-deck '}hand` : `${metric.k} random hands`;
    text = `${cls.label}: ${percentText(v.value, 2)} against ${against}, preflop${metric.note}`;
  } else {
    const who = fieldName(`p${state.scenario.heat}`);
    if (v.state === 'ok') {
      const number = v.exact
        ? `${percentText(v.value, 2)} (exact)`
        : `${percentText(v.value, 1)} ± ${(v.stdError * 100).toFixed(1)} (sampled)`;
      text = `${cls.label}: ${who} would have ${number} against the others (fair share ${percentText(metric.fair, 0)})`;
    } else if (v.state === 'na') {
      text = `${cls.label}: not possible here (${v.error})`;
    } else {
      text = `${cls.label}: ${v.state === 'pending' ? 'computing…' : 'no number yet'}`;
    }
  }
  const range = rangePart(state, i);
  if (range) text += ` · ${fieldName(state.playerTarget)}: ${range}`;
  return text;
}
