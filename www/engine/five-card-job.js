// The engine's side of five-card showdowns beyond their equity job (which
// is the engine's one Job, run by compute-job.js like every game's;
// DOM-free): the "Deal" action: N hands of five from a deck
// the engine shuffles with a seed drawn here from crypto.getRandomValues
// (the engine itself has no entropy). Each player holds 0 to 5 known
// cards; the engine deals the rest.

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
