// The pictures' numbers (www/ui/distribution-view.js, issue 39): the
// extra module's, on the page's thread (engine.js's quick(), through its
// attempt()), each one call. Never throws: {ok: true, value} or {ok:
// false, error}.
//
// - distribution(engine, scenario, player, trials): player `player`'s
//   (0-based) range, each combo against the others: {player, range, exact,
//   trials, mean, stderr, edges, buckets, points: [{combo, weight, share,
//   equity, stderr}]}, strongest first; sampled past the exact limit, with
//   `trials` shared out over the combos.
// - streets(engine, scenario, player): the player's equity on each next
//   street: {player, street, streets, exact, mean, stderr, ahead, drawing,
//   dead, bins[20]}.

import { text } from './engine-support.js';

function texts(scenario) {
  const players = Array.isArray(scenario?.players) ? scenario.players.map(text) : [];
  return [players, text(scenario?.board), text(scenario?.dead)];
}

export function distribution(engine, scenario, player, trials = 200000) {
  return engine.attempt((w) => w.equity_distribution(...texts(scenario), player, trials));
}

export function streets(engine, scenario, player) {
  return engine.attempt((w) => w.equity_streets(...texts(scenario), player));
}
