// The three-card side of the calculator page (part of app.js's page,
// loaded when the game is first shown; the game switch is game-switch.js):
// the rules menu (evaluator-rules.js's RulesView, drawn from
// the engine's description of the rules), the deck and card removal, and
// the census per category for the chosen rules and deck. The opponents'
// strength boxes are three-card-opponents.js, the win-rate table
// three-card-rates.js. The players, the deck picker and the results are
// the Hold'em views, which read the game from the scenario (game.js).
// Nothing here knows a poker rule: labels, counts and errors come from the
// engine; user text reaches the DOM as text only.

import { RulesView } from './evaluator-rules.js';
import { formatInt } from '../model/format.js';
import { THREE_CARD_DEFAULTS, isThreeCard } from '../model/game.js';
import { connectOpponents, renderOpponents } from './three-card-opponents.js';
import { connectRates, startRates, stopRates } from './three-card-rates.js';
import { renderDeckState } from './players-view.js';

const $ = (selector, root = document) => root.querySelector(selector);

const els = {
  panel: $('[data-three-card]'),
  rulesError: $('[data-tc-rules-error]'),
  deck: $('[data-tc-deck]'),
  removal: $('[data-tc-removal]'),
  removalHint: $('[data-tc-removal-hint]'),
  censusBody: $('[data-tc-census-body]'),
  censusNote: $('[data-tc-census-note]'),
};

/** The page's state and hooks: {state, changed(), restore(scenario, origin)}. */
let app = null;
/** Keys of what is drawn, so a change redraws only what it touched. */
const drawn = { rules: null, census: null };
let rulesView = null;

/** Connects the view: the settings. */
export function connectThreeCard(context) {
  app = context;
  rulesView = new RulesView($('[data-rules]', els.panel), (spec) => {
    app.state.scenario.rules = spec;
    app.changed();
  });
  els.deck.addEventListener('change', () => {
    app.state.scenario.deck = els.deck.value === 'short' ? 'short' : 'full';
    app.changed();
  });
  els.removal.addEventListener('change', () => {
    app.state.scenario.removal = els.removal.checked;
    app.changed();
  });
  connectOpponents(context);
  connectRates(context);
}

/** Draws, for three-card, its panel (after every change). */
export function renderThreeCard() {
  const state = app.state;
  const three = isThreeCard(state.scenario);
  els.panel.hidden = !three;
  if (!three) {
    stopRates();
    setDeck(null);
    drawn.census = null; // (back in three-card, the deck is set again)
    return;
  }
  const { rules, deck, removal } = state.scenario;
  els.deck.value = deck;
  els.removal.checked = removal;
  els.removalHint.textContent = removal
    ? '(the real deal: no card in two hands)'
    : '(off: each opponent drawn from the whole deck, an approximation)';
  if (!state.engine) return;
  renderRules(rules);
  renderCensus(rules, deck);
  renderOpponents();
  startRates();
}

function renderRules(spec) {
  if (drawn.rules === spec) return;
  drawn.rules = spec;
  const form = app.state.engine.threeCard((w) => w.three_card_rules(spec));
  if (form.ok) {
    rulesView.render(form.value);
    return;
  }
  // Rules the engine cannot read (a bad link): the presets to choose from,
  // none chosen; the error itself shows under the menu (the check's).
  const fallback = app.state.engine.threeCard((w) => w.three_card_rules(THREE_CARD_DEFAULTS.rules));
  if (!fallback.ok) return;
  rulesView.render(fallback.value);
  $('[data-rules-summary]', els.panel).textContent = '';
  const preset = $('[data-rules-preset]', els.panel);
  const none = new Option('Choose rules', '');
  none.disabled = true;
  preset.prepend(none);
  preset.value = '';
}

/** The cards the deck picker offers (null: all 52), as the engine lists the game's deck. */
function setDeck(cards) {
  const before = app.state.inDeck ? [...app.state.inDeck].join() : null;
  app.state.inDeck = cards ? new Set(cards) : null;
  if ((cards ? cards.join() : null) !== before) renderDeckState();
}

function renderCensus(rules, deck) {
  const key = `${rules}|${deck}`;
  if (drawn.census === key) return;
  drawn.census = key;
  const census = app.state.engine.threeCard((w) => w.three_card_census(rules, deck));
  setDeck(census.ok && deck === 'short' ? census.value.cards : null);
  if (!census.ok) {
    els.censusBody.replaceChildren();
    els.censusNote.textContent = 'No census: fix the rules above.';
    return;
  }
  const { hands, distinct, categories } = census.value;
  els.censusBody.replaceChildren(
    ...categories.map((c) => {
      const row = document.createElement('tr');
      row.dataset.category = c.name;
      row.dataset.count = String(c.count);
      for (const text of [c.label, formatInt(c.count), `${((100 * c.count) / hands).toFixed(2)}%`]) {
        const cell = document.createElement(row.children.length ? 'td' : 'th');
        if (!row.children.length) cell.scope = 'row';
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }),
  );
  els.censusNote.textContent =
    `All ${formatInt(hands)} hands of the ${deck === 'short' ? 'short deck (9 to A)' : '52-card deck'}, ` +
    `${formatInt(distinct)} different ranks.`;
}
