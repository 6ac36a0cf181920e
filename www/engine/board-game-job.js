// The engine's side of Omaha (4, 5 or 6 cards, high or Hi-Lo) and Short
// Deck (DOM-free): how such a scenario is checked and opened in the
// engine's extra module (BoardGameJob, the same job shape as Hold'em's, so
// compute-job.js and the scheduler run it: strided chunks when exact,
// seeded trials when sampled), and how its chunks are read. Short Deck's
// chunks are Hold'em tallies (`estimate`); Omaha's are its pot counts
// (`pot_estimate`: scoops, high and low halves, quartered pots), wider
// than a tally: `width` counts a chunk, the first 2^players of which are
// the showdowns by who took a part of the pot.

import { gameOf, isBoardGame, shortDeckRules } from '../model/game.js';

/** The rules text a board game's job gets ('' but for Short Deck). */
function rulesOf(scenario) {
  return gameOf(scenario) === 'shortdeck' ? shortDeckRules(scenario) : '';
}

/** The board-game fields of a job's `open` message. */
export function boardGameFields(scenario) {
  return { game: gameOf(scenario), rules: rulesOf(scenario) };
}

/** Opens a board game's job in wasm instance `w` (throws the engine's error, with its field). */
export function openBoardGameJob(w, scenario, method) {
  return new w.BoardGameJob(
    gameOf(scenario),
    [...scenario.players],
    scenario.board ?? '',
    scenario.dead ?? '',
    rulesOf(scenario),
    method,
  );
}

/** Checks a board game's scenario in `w`: check_scenario's shape, plus `hilo`. */
export function checkBoardGame(w, scenario) {
  const players = Array.isArray(scenario?.players) ? [...scenario.players] : [];
  return w.check_board_game(gameOf(scenario), players, scenario?.board ?? '', scenario?.dead ?? '', rulesOf(scenario));
}

/** Whether `game` is one whose counts are Omaha's pot counts (not a Hold'em tally). */
export function potCounted(game) {
  return isBoardGame({ game }) && game !== 'shortdeck';
}

/** Counts per chunk of a board game's job of `players` (Omaha's pot counts; a tally otherwise). */
export function countsWidth(game, players) {
  return potCounted(game) ? 3 * 2 ** players + 3 * players : 2 ** players;
}

/**
 * The estimate of a job's counts in `w`: Omaha's pot_estimate (the
 * estimate's shape plus noLow and per player highWins, highTies, lowWins,
 * lowTies, quartered), else the Hold'em estimate.
 */
export function estimateCounts(w, game, players, counts, total, exact) {
  return potCounted(game) ? w.pot_estimate(players, counts, total, exact) : w.estimate(players, counts, total, exact);
}
