//! The one integration-test binary. Each module covers one area; cases that
//! are data live in `tests/data/` and run through `check` helpers.

mod bad_inputs;
mod board_games;
mod cards;
mod catalogue_js;
mod check;
mod describe;
mod detail;
mod docs;
mod equity;
mod eval_exhaustive;
mod fuzz;
mod job;
mod js_modules;
mod module_cycles;
mod monte_carlo;
mod omaha;
mod pot_odds;
mod potential;
mod potential_multi;
mod preflop_table;
mod properties;
mod range;
mod reference;
mod short_deck;
mod strength;
mod stud;
mod texture;
mod three_card;
mod three_card_rates;
mod writeup_rates;
mod writeups;
