//! What every deterministic module shares: the state checksum and the seeded random
//! source. Both are defined here, not taken from `std` or a crate whose output may change
//! between releases, because golden hashes, desync checks and replays compare them across
//! machines and versions.
//!
//! # How determinism is tested
//!
//! Every peer simulating the same inputs into the same bytes is what online play, replays
//! and watching stand on, so it is checked at several levels:
//!
//! 1. **Golden scenarios.** `tests/golden/*.json` (26 strokes: breaks at 25–100 % power on
//!    both boards, pocketings, a striker dropping on the ICF board) and three whole golden
//!    matches in `tests/golden/matches/` (Classic for 2, Disc Pool for 4, Freestyle for 3:
//!    273 strokes of shots and facts) have their hashes checked in, in
//!    `tests/golden/hashes.txt` (`tests/commands/golden.rs`). A change that moves a hash is
//!    deliberate: bump `SIM_VERSION` ([`crate::sim::SIM_VERSION`]) and run
//!    `scripts/bless-golden.sh`, which refuses to move a hash without the bump.
//! 2. **Across targets.** `scripts/cross-target.sh` builds the pure core's binary for
//!    x86_64, i686 and wasm32-wasip1 (run under Node's WASI), debug and release, checks
//!    that all six give the checked-in hash list, then runs the core's test suites
//!    (physics, properties, rules, game) on i686 and wasm32 as well. CI runs it.
//! 3. **Properties.** `tests/core/invariants.rs`, over random layouts, seats, aims and
//!    powers: no overlap at any event instant inside any frame (a real no-tunnelling
//!    check), no disc through a cushion, pieces conserved, kinetic energy never rising
//!    beyond the rounding bound, every stroke ending by itself, and stepping frame by
//!    frame, restoring byte snapshots mid-stroke and running to rest all agreeing.
//!    `tests/core/match_props.rs`: whole matches of random legal play for every variant and
//!    player count end with a valid result, conserve pieces and keep scores equal to what
//!    was pocketed (Freestyle ≤ 320, Disc Pool ≤ 9 a side, Classic ≤ 14 a board); other
//!    players' inputs change nothing; a snapshot restored mid-stroke goes on identically.
//! 4. **Rollback.** A GGRS SyncTest session (rollback every frame, check distance 2) over
//!    whole matches of every variant and player count finds no mismatch, and a canary (a
//!    step that flips a byte every other call) must be caught (`tests/net/online.rs`, and
//!    the client's own schedule in `tests/client/screens.rs`). Real peers then play whole
//!    matches over WebRTC and end on one hash (`crate::net`).
//!
//! The rules tests are named after src/rules/RULES.md's ids (`tests/core/rules_*.rs`,
//! `tests/core/game.rs`, and unit tests in `src/`): `grep -rn "fn cl_9c" tests` finds
//! CL-9c's.
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod hash;
pub mod mix;

pub use hash::fnv1a64;
pub use mix::mix;
