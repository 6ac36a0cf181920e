// The evaluator page's draw and stud games (2-7, A-5, Badugi; Stud, Stud
// Hi-Lo, Razz): which they are (the catalogue's draw and stud families),
// their switch segments, words and examples, and the low half of a Stud
// Hi-Lo hand. The engine (describe_mixed_hand, src/wasm/mixed_eval.rs)
// names every hand and says which cards play; this module lays that out,
// as text only.

import { CATALOGUE } from '../model/game-catalogue.js';
import { prettyCards } from './evaluator-view.js';

/** The catalogue's draw and stud games that the evaluator names, in its order. */
export const MIXED_GAMES = CATALOGUE.filter(
  (g) => (g.family === 'draw' || g.family === 'stud') && g.questions.includes('eval'),
);

const MIXED = new Map(MIXED_GAMES.map((g) => [g.name, g]));

/** Whether `game` is one of them. */
export const isMixed = (game) => MIXED.has(game);

/** Example hands to try (input text). */
export const MIXED_EXAMPLES = {
  '2-7-draw': ['7d 5h 4c 3s 2h', '8d 7h 4c 3s 2h', 'A♠ 5♦ 4♣ 3♥ 2♠', '9h 9c 4d 2h 7s'],
  'a-5-draw': ['5h 4c 3d 2s Ah', '8h 7c 4d 3s 2h', 'Kh Kc 4d 3s 2h'],
  badugi: ['4c 3d 2h As', '7h 3s 2c As', 'Kc Kd Kh Ks'],
  stud: ['[Ah Kd] 7c 5s 2d', 'As Ah Ad Kc Kd 7c', '[2c 3d] 4h 5s 7c Kd [9h]'],
  stud8: ['[Ah 2c] 8d 7s 4h 3c Kd', 'Ah 2h 3h 4h 5h Ks Kd', 'As Ks Qs Js 9d 8d'],
  razz: ['[Ah 2c] 8d 7s 4h 3c Kd', 'Ah 2h 3h 4h 5h Ks', 'Ks Kd Kh 7c 7d'],
};

/** The field's label and placeholder. */
export function mixedWords(game) {
  const entry = MIXED.get(game);
  if (entry.family === 'stud') {
    return { label: 'Type or paste 5 to 7 cards (down cards in [brackets] if you like)', placeholder: '[Ah 2c] 8d 7s 4h' };
  }
  const n = entry.handCards;
  return { label: `Type or paste the final ${n} cards`, placeholder: n === 4 ? '7h 3s 2c As' : '8d 7h 4c 3s 2h' };
}

/** The game switch's segments for these games, after the ones in the page. */
export function addMixedSegments(fieldset) {
  for (const g of MIXED_GAMES) {
    if (fieldset.querySelector(`input[value="${g.name}"]`)) continue;
    const label = document.createElement('label');
    label.className = 'segment';
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'game';
    input.value = g.name;
    const span = document.createElement('span');
    span.textContent = g.label;
    label.append(input, ' ', span);
    fieldset.append(label);
  }
}

/**
 * The low half of a Stud Hi-Lo hand (`d.low`: `{name, best, inBest}` or
 * null; absent in other games) on the result panel: its line, and its
 * cards marked on the faces. Hidden when the game has no low half.
 */
export function showLow(root, d) {
  const line = root.querySelector('[data-low-line]');
  const faces = root.querySelectorAll('[data-card-list] li');
  const has = d && 'low' in d;
  line.hidden = !has;
  delete root.dataset.lowName;
  delete root.dataset.lowBest;
  if (!has) return;
  const name = line.querySelector('[data-low-name]');
  const best = line.querySelector('[data-low-best]');
  if (d.low) {
    name.textContent = d.low.name;
    best.textContent = `(${prettyCards(d.low.best)})`;
    root.dataset.lowName = d.low.name;
    root.dataset.lowBest = d.low.best;
    faces.forEach((li, i) => {
      li.dataset.inLow = String(Boolean(d.low.inBest[i]));
    });
  } else {
    name.textContent = 'no low';
    best.textContent = '';
    root.dataset.lowName = '';
  }
}
