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
    /// The player's name: its bot level's, or `geometric`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::Bot(level) => level.name(),
            Player::Geometric => "geometric",
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

/// Solo clearing (the measure carrom AI test beds use): one player alone, from the Disc
/// Pool rack, keeps shooting from seat 0 until all 18 discs are down. Returns the
/// strokes it took, or None past `cap` strokes.
pub fn solo_clear(player: Player, seed: u64, cap: u32) -> Option<u32> {
    use crate::rules::{Settings, Variant};
    use crate::sim::{PresetId, Seat, Table};
    // Freestyle scoring (every disc wanted, no colours) with seat 0 always to shoot. Each
    // stroke gets its own seed (one that lets seat 0 shoot), so the bot's aiming error is
    // drawn afresh as it would be stroke after stroke in a match.
    let settings_for = |stroke: u32| {
        let first = seed.wrapping_mul(1_000_003).wrapping_add(stroke as u64 * 7);
        (first..)
            .map(|s| Settings::new(Variant::Freestyle, 2, PresetId::Standard, 0, s))
            .find_map(|s| s.ok().filter(|s| s.first_breaker() == Seat(0)))
            .expect("some seed lets seat 0 shoot")
    };
    let mut table = Table::racked(PresetId::Standard, false);
    for stroke in 1..=cap {
        let m = Match::with_table(settings_for(stroke), table);
        let chosen = match player {
            Player::Bot(level) => choose(&m, level, None).stroke,
            Player::Geometric => geometric(&m),
        };
        table.start_stroke(Seat(0), &chosen).ok()?;
        table.run_to_rest();
        // Anything that left the board goes back to the centre, as a referee would.
        for i in 1..table.bodies().len() {
            if table.report().body_left_board(i) {
                let spot = crate::sim::spot::free_spot(&table, table.preset().coin_radius);
                table.place(i, spot);
            }
        }
        if table.bodies()[1..].iter().all(|b| !b.is_on_board()) {
            return Some(stroke);
        }
    }
    None
}
