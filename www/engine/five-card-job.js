// The engine's side of five-card showdowns (DOM-free): how a five-card
// scenario is checked and opened (the same job shape as Hold'em's, so
// compute-job.js and the scheduler run it unchanged: chunks when exact,
// trials when sampled), and the "Deal" action: N hands of five from a deck
// the engine shuffles with a seed drawn here from crypto.getRandomValues
// (the engine itself has no entropy). Each player holds 0 to 5 known
// cards; the engine deals the rest.

/** The five-card fields of a job's `open` message. */
export function fiveCardFields() {
  return { game: 'five-card' };
}

/** Opens a five-card job in wasm instance `w` (throws the engine's error, with its field). */
export function openFiveCardJob(w, scenario, method) {
  return new w.FiveCardJob([...scenario.players], scenario.dead ?? '', method);
}

/**
 * Checks a five-card scenario in `w`: the shape of check_scenario's answer,
 * plus `missing` (cards each player is dealt) and `showdown` (every hand
 * complete: each one's class and the winners).
 */
export function checkFiveCard(w, scenario) {
  const players = Array.isArray(scenario?.players) ? [...scenario.players] : [];
  const check = w.check_five_card(players, scenario?.dead ?? '');
  // A board from a hand-written link: shown to be cleared.
  if (!check.error && String(scenario?.board ?? '').trim() !== '') {
    check.error = { field: 'board', message: 'five-card showdowns have no board: clear this field' };
  }
  return check;
}

/** Two random 32-bit halves of a 64-bit seed, from this device. */
export function dealSeed() {
  const halves = new Uint32Array(2);
  crypto.getRandomValues(halves);
  return [halves[0], halves[1]];
}

/**
 * Deals `players` complete hands of five from a deck without the `dead`
 * cards (text; none by default), shuffled by the engine with `seed` (two
 * 32-bit halves; dealSeed() by default): the hands' texts
 * (`"Ah Kd 7c 7s 2h"`), or throws the engine's error.
 */
export function dealFive(engine, players, { dead = '', seed = dealSeed() } = {}) {
  const deal = engine.attempt((w) => w.deal_hands(players, 5, 'holdem', '', seed[0], seed[1], dead));
  if (!deal.ok) throw new Error(deal.error);
  return deal.value.hands.map((hand) => hand.cards);
}
