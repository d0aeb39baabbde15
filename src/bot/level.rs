//! The bot's strengths and its choice. Easy tries few candidates and aims loosely; medium
//! tries more and aims well; hard tries them all, re-checks its best few under small
//! errors of aim and power (preferring shots that still work), and aims precisely. The
//! aiming error is drawn from the match seed, so a match replays exactly; the choice
//! depends only on the match, the level, the seed and the candidate budget.

use super::candidates::{Powers, candidates, wanted};
use super::judge::{leave, outcome, outcome_with_table, reach, value};
use crate::determinism::mix;
use crate::game::Match;
use crate::sim::stroke::{FULL_POWER, check_aim, nth_legal_placement};
use crate::sim::{Angle, Stroke};

/// A strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotLevel {
    /// Few candidates, noticeable error.
    Easy,
    /// More candidates, small error.
    Medium,
    /// Every candidate, robustness checks, precise.
    Hard,
}

struct Plan {
    spots: u32,
    powers: Powers,
    budget: usize,
    robust: usize,
    aim_error: i64,
    power_error: i64,
}

impl BotLevel {
    /// Every level, weakest first.
    pub const ALL: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Medium, BotLevel::Hard];

    /// The name used on the command line and in files.
    pub const fn name(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Medium => "medium",
            BotLevel::Hard => "hard",
        }
    }

    /// The level called `name`.
    pub fn from_name(name: &str) -> Option<BotLevel> {
        match name {
            "easy" => Some(BotLevel::Easy),
            "medium" => Some(BotLevel::Medium),
            "hard" => Some(BotLevel::Hard),
            _ => None,
        }
    }

    fn plan(self) -> Plan {
        match self {
            BotLevel::Easy => Plan {
                spots: 3,
                powers: Powers { direct: &[5_000], bank: &[8_500], side: &[] },
                budget: 40,
                robust: 0,
                aim_error: 500,
                power_error: 1_500,
            },
            BotLevel::Medium => Plan {
                spots: 9,
                powers: Powers { direct: &[3_500, 6_000], bank: &[8_500], side: &[8_500] },
                budget: 600,
                robust: 0,
                aim_error: 120,
                power_error: 400,
            },
            BotLevel::Hard => Plan {
                spots: 24,
                powers: Powers {
                    direct: &[2_800, 4_200, 6_000, 8_500],
                    bank: &[2_800, 4_200, 6_000, 8_500],
                    side: &[6_000, 8_500],
                },
                budget: 16_000,
                robust: 24,
                aim_error: 20,
                power_error: 100,
            },
        }
    }
}

/// Weight of each of the shooter's pieces brought within reach of its baseline (or left
/// stranded behind it): a tie-breaker, far below a pocketed piece.
const REACH: i32 = 6;

/// What the bot decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The stroke to play (error included).
    pub stroke: Stroke,
    /// Strokes simulated to decide.
    pub evaluated: u64,
}

/// Chooses a stroke for the seat to shoot in `m`. `budget` caps the candidates tried.
pub fn choose(m: &Match, level: BotLevel, budget: Option<usize>) -> Choice {
    let plan = level.plan();
    let side = m.settings().side_of(m.shooter());
    let mut all = candidates(m, plan.spots, &plan.powers);
    let mine = wanted(m);
    all.truncate(budget.unwrap_or(plan.budget));
    let mut evaluated = 0u64;
    let mut scored: Vec<(i32, usize)> = all
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            evaluated += 1;
            outcome_with_table(m, s).map(|(after, ruling, table)| {
                (value(m, &after, &ruling, side) + REACH * reach(m, &table, &mine), i)
            })
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut best = scored.first().map(|&(_, i)| all[i]);
    if plan.robust > 0 && !scored.is_empty() {
        let mut robust: Vec<(i32, usize)> = scored
            .iter()
            .take(plan.robust)
            .map(|&(v, i)| {
                let left = outcome_with_table(m, &all[i]).map_or(0, |(_, r, t)| leave(&t, &r));
                let mut total = v + left;
                for (da, dp) in [(-40i64, 0i64), (40, 0), (0, -300), (0, 300)] {
                    let s = nudge(&all[i], da, dp);
                    evaluated += 1;
                    total += outcome(m, &s).map_or(-1_000, |(after, r)| value(m, &after, &r, side));
                }
                (total, i)
            })
            .collect();
        robust.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        best = robust.first().map(|&(_, i)| all[i]);
    }
    let chosen = best.unwrap_or_else(|| fallback(m));
    let draw =
        mix(m.settings().seed ^ (m.next_stroke() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let spread = |range: i64, bits: u64| (bits % (2 * range as u64 + 1)) as i64 - range;
    let erred = nudge(&chosen, spread(plan.aim_error, draw), spread(plan.power_error, draw >> 24));
    let stroke = if m.table().check_stroke(m.shooter(), &erred).is_ok() { erred } else { chosen };
    Choice { stroke, evaluated }
}

/// `s` turned by `angle` units and with `power` ten-thousandths added (kept in range).
fn nudge(s: &Stroke, angle: i64, power: i64) -> Stroke {
    Stroke {
        placement: s.placement,
        angle: (s.angle as i64 + angle).rem_euclid(65_536) as u16,
        power: (s.power as i64 + power).clamp(0, FULL_POWER as i64) as u16,
    }
}

/// A legal stroke when no candidate is: straight ahead from the first free spot.
fn fallback(m: &Match) -> Stroke {
    let seat = m.shooter();
    let p = m.table().preset();
    (0..4_000u32)
        .map(|n| Stroke {
            placement: nth_legal_placement(p, n * 37),
            angle: seat.forward().0,
            power: 5_000,
        })
        .find(|s| m.table().check_stroke(seat, s).is_ok() && check_aim(seat, s).is_ok())
        .unwrap_or(Stroke { placement: 0, angle: seat.forward().0, power: 5_000 })
}

/// The simple geometric opponent used as an outside anchor: the wanted piece nearest the
/// shooter's baseline middle, into the pocket nearest that piece, ghost-ball aimed from
/// the middle of the baseline at 60 % power, without simulating anything.
pub fn geometric(m: &Match) -> Stroke {
    use crate::sim::{Fx, fixed::Unit, preset::pocket_centre};
    let seat = m.shooter();
    let table = m.table();
    let p = table.preset();
    let from = seat.striker_spot(p, Fx(0));
    let bodies = table.bodies();
    let target = super::candidates::wanted(m)
        .into_iter()
        .min_by_key(|&i| ((bodies[i].pos - from).length_sq(), i));
    let stroke = target.and_then(|t| {
        let pos = bodies[t].pos;
        let pocket = (0..4).map(|k| pocket_centre(p, k)).min_by_key(|c| (*c - pos).length_sq())?;
        let ghost =
            pos - Unit::of(pocket - pos)?.times((p.striker_radius + p.coin_radius).0 as i64);
        let angle = Angle::of((ghost.x - from.x).0 as i64, (ghost.y - from.y).0 as i64);
        Some(Stroke { placement: 0, angle: angle.0, power: 6_000 })
    });
    match stroke {
        Some(s) if table.check_stroke(seat, &s).is_ok() => s,
        _ => fallback(m),
    }
}
