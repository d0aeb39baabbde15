//! English draughts (src/rules/RULES.md CK-1 … CK-11): bitboard move generation, draw
//! rules, PDN/FEN, perft and the computer opponent. Pure and deterministic, like `sim`: no
//! Bevy, no floats, no I/O.
//!
//! The rules are English draughts as src/rules/RULES.md sets them (CK-1 … CK-11). The
//! board is a set of bitboards in PDN numbering (square n is bit n − 1; Black on 1–12
//! moves first). Captures are compulsory, with free choice among them; a multi-jump is
//! completed; crowning ends the move; kings do not fly; a side that cannot move loses; a
//! third repetition, or 40 moves each without a capture or a man moving, is a draw. A
//! move is its start, its landings and the pieces it removes, and capture paths with the
//! same start, end and removed set are one move for play ([`moves`]).
//!
//! - [`pdn`] reads and writes FEN (`B:W18,24,K10:B12,16,K22`, with ranges like `W21-32`),
//!   moves (`9-14`, `22x15x6`, and `22x6` where that is unambiguous) and whole games with
//!   their tags; `1-0` means Black, the first player, won. Errors name the offending
//!   token.
//! - [`perft`] counts one move per (start, end, removed set), or every capture path with
//!   `all_paths`, as most published tables do.
//! - [`search`] is the computer: iterative-deepening PVS with a Zobrist transposition
//!   table ([`zobrist`]), killer and history ordering, a capture-only quiescence (no
//!   standing pat while a capture is forced), awareness of repetitions and the 40-move
//!   rule, and a hand-tuned evaluation ([`eval`]: material with kings at 1.35, the back
//!   rank, runaway men, the centre, mobility, tempo). [`level`] makes its strengths:
//!   **easy** searches 2 plies and plays one move in four at random (from the seed),
//!   **medium** 6 plies, **hard** deepens until its budget. The search reads no clock:
//!   with the same position, level, seed and node budget it returns the same move on
//!   every target (the cross-target script checks it on i686 and wasm32); a time limit is
//!   a stop check the caller supplies.
//! - [`ballot`] is the three-move ballot tournaments open with (CK-16): the 174 listed
//!   openings, the 18 barred ones, and one drawn from a seed.
//! - [`analysis`] weighs every move of a game against the engine's, one position at a
//!   time: inaccuracies, mistakes and blunders, the better move, and proven wins.
//! - [`turns`] steps a game frame by frame for rollback ([`turns::TurnGame`]), and
//!   [`matchplay`] plays engine games between two levels, to measure their strength.
//!
//! From the command line (`src/cli/checkers/`):
//!
//! ```sh
//! cargo run --release -- checkers perft --depth 9                    # 3963680
//! cargo run --release -- checkers perft --fen "B:W14,15,22,23:BK10" --depth 1 --all-paths
//! cargo run --release -- checkers perft --depth 3 --divide           # under each root move
//! cargo run --release -- checkers play --white hard --black medium --games 10 --seed 1
//! ```
//!
//! `play` plays engine games from varied openings (three random plies from the seed) and
//! ends with `{"games": N, "white_wins": W, "black_wins": B, "draws": D}`, where "white"
//! is Red in PDN. Hard gets `--move-time` milliseconds a move (default 1500), or
//! `--nodes` with `--move-time 0`; a game unfinished after 1000 plies counts as a draw.
//!
//! The move generator, from the start and where a capture is due:
//!
//! ```
//! use carrom::draughts::pdn::{read_fen, write_move};
//! use carrom::draughts::perft::perft;
//! use carrom::draughts::{Moves, Position, generate};
//!
//! let mut moves = Moves::default();
//! generate(&Position::START, false, &mut moves);
//! let mut opening: Vec<String> = moves.as_slice().iter().map(write_move).collect();
//! opening.sort();
//! assert_eq!(opening, ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
//! // The published move-tree counts of English draughts.
//! let counts: Vec<u64> = (1..=6).map(|depth| perft(&Position::START, depth, false)).collect();
//! assert_eq!(counts, [7, 49, 302, 1469, 7361, 36768]);
//!
//! // A Black man on 14 beside a Red one on 18 must take it (CK-5): 14-17 is not allowed.
//! let position = read_fen("B:W18:B14").unwrap();
//! generate(&position, false, &mut moves);
//! let only: Vec<String> = moves.as_slice().iter().map(write_move).collect();
//! assert_eq!(only, ["14x23"]);
//! ```
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod analysis;
pub mod ballot;
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
