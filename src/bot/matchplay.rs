//! Whole matches between bots, through the real game step.

use super::level::{BotLevel, choose, geometric};
use crate::game::{Input, Match, Phase, advance};
use crate::rules::NO_SIDE;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The searching bot at a level.
    Bot(BotLevel),
    /// The simple geometric bot.
    Geometric,
}

impl Player {
    /// The player called `name` (easy, medium, hard, geometric).
    pub fn from_name(name: &str) -> Option<Player> {
        match name {
            "geometric" => Some(Player::Geometric),
            _ => BotLevel::from_name(name).map(Player::Bot),
        }
    }
}

/// How a bot match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Result {
    /// The winning side, or None for a draw (or the stroke cap).
    pub winner: Option<usize>,
    /// Strokes played.
    pub strokes: u32,
    /// Strokes the bots simulated to choose.
    pub evaluated: u64,
    /// The final state hash.
    pub hash: u64,
}

/// Strokes after which an unfinished bot match is called a draw.
pub const STROKE_CAP: u16 = 3_000;

/// Plays `m` to the end with `players[i]` on the i-th occupied seat.
pub fn play(mut m: Match, players: &[Player]) -> Result {
    let mut evaluated = 0;
    let seats = m.settings().seats();
    while m.phase() != Phase::MatchOver && m.next_stroke() <= STROKE_CAP {
        match m.phase() {
            Phase::Aim => {
                let player = m.settings().player_at(m.shooter()).unwrap_or(0);
                let stroke = match players.get(player).copied().unwrap_or(Player::Geometric) {
                    Player::Bot(level) => {
                        let c = choose(&m, level, None);
                        evaluated += c.evaluated;
                        c.stroke
                    }
                    Player::Geometric => geometric(&m),
                };
                let mut inputs = vec![Input::ZERO; seats.len()];
                inputs[player] = Input::commit(m.next_stroke(), stroke);
                let due = m.next_stroke();
                advance(&mut m, &inputs);
                // The game refuses nothing a bot chooses: every choice is checked legal.
                debug_assert!(m.next_stroke() != due, "a bot's stroke was refused");
                while m.phase() == Phase::Motion {
                    advance(&mut m, &inputs);
                }
            }
            _ => advance(&mut m, &vec![Input::ZERO; seats.len()]),
        }
    }
    let state = m.standing();
    let winner = (state.is_over() && state.winner != NO_SIDE).then_some(state.winner as usize);
    Result { winner, strokes: m.next_stroke() as u32 - 1, evaluated, hash: m.hash() }
}
