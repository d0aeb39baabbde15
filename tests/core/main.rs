//! The pure core's suites in one test binary (it builds without the `client` feature and
//! runs on i686 and wasm32 too): physics, the referees, the game step, property tests,
//! draughts and the bot.

mod bot;
mod common;
mod draughts_play;
mod draughts_rules;
mod game;
mod invariants;
mod match_props;
mod physics;
mod records;
mod rules_classic;
mod rules_disc_pool;
mod rules_freestyle;
