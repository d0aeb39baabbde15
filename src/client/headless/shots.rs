//! Where a headless peer's strokes come from: a script (the `simulate` file format), the
//! bot, or the seeded random legal stroke.

use crate::bot::{BotLevel, choose, random_stroke};
use crate::game::Match;
use crate::sim::Stroke;

/// A source of strokes.
#[derive(Debug, Clone)]
pub enum Shots {
    /// These strokes in order, then random ones from the seed.
    Script(Vec<Stroke>, u64),
    /// Random legal strokes from this seed.
    Random(u64),
    /// The bot at this level.
    Bot(BotLevel),
}

impl Shots {
    /// The stroke to play in `m`, which is this peer's turn to aim. `played` counts the
    /// strokes this peer has played before.
    pub fn stroke(&self, m: &Match, played: usize) -> Stroke {
        match self {
            Shots::Script(strokes, seed) => match strokes.get(played) {
                Some(s) if m.table().check_stroke(m.shooter(), s).is_ok() => *s,
                _ => random_stroke(m, *seed),
            },
            Shots::Random(seed) => random_stroke(m, *seed),
            Shots::Bot(level) => choose(m, *level, None).stroke,
        }
    }
}
