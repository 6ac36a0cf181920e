// The heatmap job of the engine (engine.js's heatmap()): one small job per
// hand class, the player's text replaced by the class label, each run
// whole on one worker (op `cell` of protocol.js) and reported as it
// finishes. DOM-free; the numbers come from the engine.

import { DEFAULT_SEED as MC_SEED } from '../model/run-policy.js';
import { OP } from './protocol.js';
import { CancelledError, runEach } from './scheduler.js';

/**
 * Heatmap cells: exact when a cell's job costs at most this many
 * evaluations (table lookups count one), else HEAT_TRIALS random deals.
 */
export const HEAT_EXACT_COST = 40_000_000;
export const HEAT_TRIALS = 20_000;

/**
 * Runs the heatmap of `player` (0-based) for `scenario` on `engine`'s
 * workers, calling `onCell` per class while `stillWanted()`; resolves with
 * `{status: 'done', cells, failed, exactCells, elapsedMs}` or an error,
 * and throws CancelledError once no longer wanted.
 */
export async function runHeatmap(engine, { scenario, player, onCell, handle, stillWanted, order }) {
  const players = [...scenario.players];
  const board = scenario.board ?? '';
  const dead = scenario.dead ?? '';
  if (!(Number.isInteger(player) && player >= 0 && player < players.length)) {
    return { status: 'error', error: { field: 'players', message: `there is no player ${player + 1}` } };
  }
  // The others' cards must be right: check with any hand in the seat.
  const seat = (text) => players.map((t, i) => (i === player ? text : t));
  const probe = engine.check({ players: seat('random'), board, dead });
  if (probe.error) return { status: 'error', error: probe.error };
  if (!(await engine.tableFor(probe, stillWanted))) throw new CancelledError();
  const pool = engine.startWorkers();
  const labels = engine.handClasses.map((c) => c.label);
  const t0 = performance.now();
  let exactCells = 0;
  const run = runEach({
    items: order ?? labels.map((_, i) => i),
    slots: pool.size,
    execute: (slot, index) => {
      // Queued before the cell, so the cell finds the table loaded.
      pool.ensureTable(slot).catch(() => {});
      return pool.call(
        slot,
        {
          op: OP.cell,
          players: seat(labels[index]),
          board,
          dead,
          player,
          exactCost: HEAT_EXACT_COST,
          trials: HEAT_TRIALS,
          seed: MC_SEED + index,
        },
        { deadlineMs: 60_000 },
      );
    },
    onResult: (index, result, error) => {
      if (!stillWanted()) return;
      const label = labels[index];
      if (result) {
        if (result.exact) exactCells++;
        onCell({ index, label, ...result });
      } else {
        onCell({ index, label, error: { field: error.field ?? null, message: error.message } });
      }
    },
  });
  handle.run = run;
  const { done, failed } = await run.promise;
  if (!stillWanted()) throw new CancelledError();
  return { status: 'done', cells: done, failed, exactCells, elapsedMs: performance.now() - t0 };
}
