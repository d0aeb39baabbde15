//! The deterministic carrom core: fixed-point maths, board presets and geometry, the
//! rack, disc physics and the stroke report. No Bevy, no floats, no I/O; every target
//! computes the same bytes. src/sim/PHYSICS.md is the contract this module fulfils; how
//! its determinism is tested is in [`crate::determinism`].
//!
//! - **Fixed point** ([`fixed`]). [`Fx`] is an `i32` holding a quantity × 10⁷: lengths in
//!   cm (one unit is a nanometre), speeds in cm per 60 Hz frame. It is decimal, so every
//!   dimension of the presets ([`preset`]) is exact. Angles ([`Angle`]) are a `u16`, 1/65536
//!   of a turn; sine and cosine come from an integer Taylor series (Q61 inside, Q30 out).
//!   Products use `i64`, the discriminants of times of impact `i128`.
//! - **Motion** ([`motion`]). Discs slide in straight lines; at the end of each frame
//!   friction takes a fixed amount off the speed (Coulomb, 100 cm/s²), which is why a disc
//!   keeps a heading and a speed. Contacts are exact: each frame the solver finds every
//!   moving disc's time of impact with the other discs, the cushions and the pocket
//!   circles, handles the earliest and goes on, so nothing tunnels at any speed. Disc–disc
//!   restitution is 0.8, cushion 0.7. A piece entering a pocket at 240 cm/s or less drops;
//!   faster, the back of the pocket throws it out. A stroke ends when everything is at
//!   rest, or after 20 s ([`STROKE_FRAME_CAP`]).
//! - **State** ([`table`]). [`Table`] is `#[repr(C)]` and `bytemuck::Pod` (552 bytes): the
//!   bodies, the stroke in progress, its report ([`StrokeReport`], the facts of CM-8) and
//!   the simulation version ([`SIM_VERSION`]). A snapshot is a byte copy, and its checksum
//!   ([`Table::hash`]) is FNV-1a 64 over those bytes ([`crate::determinism::fnv1a64`]),
//!   defined in this crate so that it never changes with a Rust release. [`Table::step`]
//!   advances one frame (what rollback re-runs); [`Table::run_to_rest`] plays the stroke
//!   out (what the bot and the tests use); both give the same bytes.
//! - **Tolerances.** Discs at rest never overlap by more than 1 µm
//!   ([`OVERLAP_TOLERANCE`]; in practice a few nm). Rounding may add kinetic energy within
//!   one event by at most 2·m·(6|v|+9) in the units of [`Table::kinetic_energy`]; the
//!   property tests assert that bound.
//! - **The rack** ([`rack`], CM-3). Nine whites with three in the alternating first ring
//!   leave six for the outer ring, and four white pairs in the outer ring alone would need
//!   eight. So the two pairs towards the near pockets (seat 0's corners) are outer-ring
//!   pairs, and the two towards the far pockets each pair a first-ring white with an outer
//!   one; each pair's midpoint lies within 5° of its pocket's line, and the rack is
//!   mirror-symmetric about the breaker's line (simulation version 2).
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod angle;
pub mod body;
pub mod fixed;
pub mod motion;
pub mod preset;
pub mod rack;
pub mod report;
pub mod spot;
pub mod stroke;
pub mod table;

pub use angle::Angle;
pub use body::{Body, Kind, MAX_BODIES, STRIKER};
pub use fixed::{Fx, V2};
pub use motion::{Contact, Moment, Observer};
pub use preset::{Preset, PresetId, STROKE_FRAME_CAP};
pub use report::{NO_BODY, Pocketing, StrokeReport};
pub use stroke::{FULL_POWER, Seat, Stroke, StrokeError};
pub use table::{LayoutError, OVERLAP_TOLERANCE, SIM_VERSION, Table};
