//! The game step: one deterministic `advance(&mut Match, &[Input])` per 60 Hz frame.
//! Everything that plays carrom — local play, rollback, replays, the bot — drives it.

pub mod advance;
pub mod input;
pub mod state;

pub use advance::advance;
pub use input::Input;
pub use state::{Aim, BOARD_OVER_FRAMES, FRAME_RATE, Match, Phase};
