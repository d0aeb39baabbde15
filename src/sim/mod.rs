//! The deterministic carrom core: fixed-point maths, board presets and geometry, the
//! rack, disc physics and the stroke report. No Bevy, no floats, no I/O; every target
//! computes the same bytes (see src/sim/PHYSICS.md and the crate README).
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
