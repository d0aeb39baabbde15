//! The carrom bot: it chooses a stroke by simulating candidate strokes with the real
//! physics and judging each with the variant's own referee. Pure and deterministic, like
//! the rest of the core.
//!
//! [`candidates`] are ghost-ball cuts at every piece the bot wants into every pocket —
//! direct, off the far cushion and off either side cushion (which reaches a piece lying
//! on a cushion from along it) — from many baseline spots at several powers (banks at
//! bank power), plus soft safety shots; the geometry is integer throughout (CORDIC for
//! angles). [`judge`] scores each simulated outcome with the variant's referee: pieces
//! gained, dues, the queen and her cover, fouls, shooting again. Among strokes that pocket
//! nothing it prefers those that leave its own pieces reachable from its baseline rather
//! than stranded behind it; without that, two players stranded behind their own baselines
//! would play safe for ever.
//!
//! [`level`] sets the strengths: **easy** tries about 40 candidates with a loose aim,
//! **medium** about 600 with a small error, **hard** up to 16 000, then re-checks its best
//! 24 for what they leave the next shooter and under small errors of aim and power. The
//! error is drawn from the match seed, so matches replay exactly: the choice depends only
//! on the match, the level and the candidate budget. [`level::geometric`] is a simple bot
//! (the nearest piece into the nearest pocket, no simulation), kept as an outside anchor
//! for measuring the others. [`random`] is the seeded random legal stroke that headless
//! peers, tests and benches play. In the client the bot thinks off the frame (Bevy's async
//! compute pool, or a Web Worker in a page) and shows its aim for 0.8 s before it strikes.
//!
//! From the command line ([`matchplay`] plays the matches):
//!
//! ```sh
//! cargo run --release -- bot-match --variant freestyle --players 2 --seats hard,medium \
//!     --games 20 --seed 1
//! cargo run --release -- bot-clear --player hard --seeds 10    # solo Disc Pool clearing
//! ```
//!
//! `bot-match` rotates the players round the seats each match (so who breaks alternates)
//! and ends with `{"games": G, "wins": [...], "draws": D, "strokes_evaluated_per_s": X}`.
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod candidates;
pub mod judge;
pub mod level;
pub mod matchplay;
pub mod random;

pub use level::{BotLevel, Choice, choose, geometric};
pub use random::random_stroke;
