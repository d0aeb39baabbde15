//! Judging a stroke: simulate it with the real physics, rule it with the variant's own
//! referee, and score the outcome for the shooter's side.

use crate::game::Match;
use crate::rules::{Facts, MatchState, Queen, Ruling, Variant, rule_stroke};
use crate::sim::{Stroke, Table, fixed::Unit, preset::pocket_centre};

/// The referee's view after playing `stroke` from `m`, or `None` if it is illegal.
pub fn outcome(m: &Match, stroke: &Stroke) -> Option<(MatchState, Ruling)> {
    outcome_with_table(m, stroke).map(|(state, ruling, _)| (state, ruling))
}

/// [`outcome`], with the table the stroke leaves.
pub fn outcome_with_table(m: &Match, stroke: &Stroke) -> Option<(MatchState, Ruling, Table)> {
    let mut table = *m.table();
    table.start_stroke(m.shooter(), stroke).ok()?;
    table.run_to_rest();
    let facts = Facts::from_report(table.report());
    let (state, ruling) = rule_stroke(m.settings(), m.standing(), &table, &facts);
    Some((state, ruling, table))
}

/// What the position leaves: pieces sitting within 8 cm of a pocket are chances for
/// whoever shoots next — worth something if the turn stays, a risk if it passes.
pub fn leave(table: &Table, ruling: &Ruling) -> i32 {
    let p = table.preset();
    let near = 80_000_000i64;
    let sitters = table.bodies()[1..]
        .iter()
        .filter(|b| b.is_on_board())
        .filter(|b| (0..4).any(|k| (b.pos - pocket_centre(p, k)).length_sq() < near * near))
        .count() as i32;
    if ruling.turn_continues != 0 { 10 * sitters } else { -10 * sitters }
}

/// How many of `wanted` (the shooter's pieces before the stroke) the shooter can still
/// reach from its baseline afterwards, less those stranded behind it: a piece behind your
/// own baseline can only be played off cushions. Breaks ties between strokes that pocket
/// nothing in favour of those that bring pieces back into play, so two players each
/// stranded behind their own baseline do not play safe for ever.
pub fn reach(m: &Match, table: &Table, wanted: &[usize]) -> i32 {
    let p = table.preset();
    let seat = m.shooter();
    let (sin, cos) = seat.forward().sin_cos();
    let forward = Unit { x: cos, y: sin };
    let line = -(p.baseline_distance().0 as i64) + 2 * p.striker_radius.0 as i64;
    wanted
        .iter()
        .filter_map(|&i| table.bodies().get(i))
        .filter(|b| b.is_on_board())
        .map(|b| if forward.project(b.pos) > line { 1 } else { -1 })
        .sum()
}

/// How good the ruling is for `side` (higher is better).
pub fn value(m: &Match, after: &MatchState, ruling: &Ruling, side: usize) -> i32 {
    let s = m.settings();
    let before = m.standing();
    let sides = s.sides();
    let gained = |state: &MatchState, k: usize| state.scores[k] - before.scores[k];
    let rivals: i32 =
        (0..sides).filter(|&k| k != side).map(|k| gained(after, k)).max().unwrap_or(0);
    let mut v = match (s.variant(), s.players) {
        (Variant::DiscPool, _) => 100 * gained(after, side) - 80 * rivals,
        (Variant::Classic, 2 | 4) => {
            let held = |state: &MatchState, k: usize| {
                (0..20).filter(|&i| state.credited(i) == Some(k)).count() as i32
            };
            let mut v = 100 * (held(after, side) - held(before, side)) + 60 * gained(after, side);
            v -= 40 * (after.dues[side] as i32 - before.dues[side] as i32);
            if after.queen() == Queen::Covered
                && after.queen_side as usize == side
                && before.queen() != Queen::Covered
            {
                v += 150;
            }
            if after.queen() == Queen::Pending && after.queen_side as usize == side {
                v += 40;
            }
            v
        }
        _ => 10 * gained(after, side) - 5 * rivals,
    };
    if ruling.turn_continues != 0 {
        v += 30;
    }
    if ruling.is_foul() {
        v -= 60;
    }
    if ruling.match_over != 0 {
        v += if ruling.match_winner as usize == side { 100_000 } else { -100_000 };
    }
    v
}
