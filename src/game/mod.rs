//! The game step: one deterministic `advance(&mut Match, &[Input])` per 60 Hz frame.
//! Everything that plays carrom — local play, rollback, replays, the bot — drives it.
//!
//! [`advance()`] takes the match through aim → strike → motion → ruling, then the next
//! stroke, the next turn, the next board (after a 3 s pause, [`BOARD_OVER_FRAMES`]) or the
//! end of the match, with the shot clock and resignation. [`Match`] is plain old data
//! (752 bytes): the settings, the phase, the shooter's live aim, the clock, the referees'
//! state, the physical table ([`crate::sim::Table`]) and the last ruling. Rollback saves
//! it by copying its bytes, and [`Match::hash`] is its checksum.
//!
//! Inputs are built to survive prediction. An [`Input`] carries the number of the stroke
//! the shooter commits to, so a repeated or predicted input never strikes twice; inputs
//! from anyone but the shooter are ignored; an illegal commit (placement CM-4, aim CM-5)
//! is refused the same way on every peer; [`Input::default()`] means no action. The
//! client, `carrom peer`, the bot, `carrom referee` and the replays all drive this one
//! function, so what they do is what every peer computes.
//!
//! One stroke from a seed, played twice to the same bytes:
//!
//! ```
//! use carrom::game::{Input, Match, Phase, advance};
//! use carrom::rules::{Settings, Variant};
//! use carrom::sim::{FULL_POWER, PresetId, Stroke};
//!
//! // Freestyle for two on the standard board, a 30 s shot clock, match seed 7: the seed
//! // decides who breaks.
//! let settings = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 30, 7).unwrap();
//! let one_stroke = || {
//!     let mut m = Match::new(settings);
//!     let shooter = m.shooter();
//!     let player = settings.player_at(shooter).unwrap();
//!     // Straight ahead from the middle of the shooter's baseline, at full power.
//!     let stroke = Stroke { placement: 0, angle: shooter.forward().0, power: FULL_POWER };
//!     let mut inputs = vec![Input::default(); 2];
//!     inputs[player] = Input::commit(m.next_stroke(), stroke);
//!     advance(&mut m, &inputs);
//!     assert_eq!(m.phase(), Phase::Motion);
//!     // The same inputs go on arriving, as rollback predicts them: they strike only once.
//!     while m.phase() == Phase::Motion {
//!         advance(&mut m, &inputs);
//!     }
//!     advance(&mut m, &inputs);
//!     assert_eq!(m.phase(), Phase::Aim);
//!     m
//! };
//! let m = one_stroke();
//! assert_eq!(m.next_stroke(), 2, "stroke 1 was played, stroke 2 is due");
//! assert!(m.frame() > 30, "a full-power break runs for about a second");
//! assert_eq!(one_stroke().hash(), m.hash(), "the same inputs give the same bytes");
//! ```
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod advance;
pub mod input;
pub mod state;

pub use advance::advance;
pub use input::Input;
pub use state::{Aim, BOARD_OVER_FRAMES, FRAME_RATE, Match, Phase};
