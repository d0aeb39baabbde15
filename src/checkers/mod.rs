//! English draughts (src/rules/RULES.md CK-1 … CK-11): bitboard move generation, draw
//! rules, PDN/FEN, perft and the computer opponent. Pure and deterministic, like `sim`: no
//! Bevy, no floats, no I/O.
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod board;
pub mod eval;
pub mod game;
pub mod level;
pub mod matchplay;
pub mod moves;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod search;
pub mod turns;
pub mod zobrist;

pub use game::{Draughts, Status};
pub use moves::{Move, Moves, apply, generate};
pub use position::{Colour, Position};
