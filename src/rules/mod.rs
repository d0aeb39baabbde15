//! The referees: Classic, Disc Pool and Freestyle, as pure functions of (match state,
//! stroke facts) → (new state, ruling). src/rules/RULES.md is the contract; tests are named
//! after its rule ids.
//!
//! [`rule_stroke`], [`rule_expiry`] and [`rule_resignation`] are the only ways a match's
//! standing ([`MatchState`]) changes; [`crate::game::advance()`] calls them when a stroke
//! comes to rest, the shot clock runs out or a player resigns, and applies the
//! [`Ruling`] they return. Each variant has its file ([`classic`], [`disc_pool`],
//! [`freestyle`]); [`Facts`] are what the physics reported, the only thing a referee
//! decides from (CM-8).
//!
//! # Decisions where the rules leave room
//!
//! src/rules/RULES.md marks its own decisions; these are the code's, where the contract
//! leaves a choice open.
//!
//! - **Classic.** On every board the breaking side plays white. After three failed break
//!   attempts (CL-9g) the break passes to the next seat, with fresh attempts. A foul
//!   stroke costs one penalty piece, the side's most recently pocketed own piece (never
//!   the queen). A pending queen covered by the side's last piece counts as covered first,
//!   so that stroke wins the board. CL-5 does not apply with 3 players (they own no
//!   pieces): there the queen needs only a cover.
//! - **Freestyle.** The first breaker is drawn from the seed, as in Classic. The striker
//!   pocketed counts as the striker leaving the board (FS-5 names both). With partners,
//!   the striker off the board takes back the shooter's own latest piece, never the
//!   partner's: each credited piece remembers the seat that earned it.
//! - **A piece that leaves the board** (not the striker; only an extreme collision can do
//!   it) goes back to the centre. In Classic that is a foul (CL-9b); in Disc Pool and
//!   Freestyle it is not.
//! - **The rack** (CM-3) is laid out in [`crate::sim::rack`]; the reasoning is in
//!   [`crate::sim`].
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod call;
pub mod classic;
pub mod disc_pool;
pub mod facts;
pub mod freestyle;
pub mod referee;
pub mod ruling;
pub mod settings;
pub mod state;

pub use call::value;
pub use facts::{Facts, NotOnBoard};
pub use referee::{rule_expiry, rule_resignation, rule_stroke};
pub use ruling::{Cause, Foul, Ruling};
pub use settings::{DEFAULT_SHOT_CLOCK, NO_SIDE, Settings, SettingsError, Variant};
pub use state::{MatchState, Queen};
