//! Candidate strokes that make sense: for each piece the shooter wants and each pocket,
//! the ghost-ball aim (where the striker must be at contact to send the piece at the
//! pocket) from many baseline spots, direct and off the far cushion, at a few powers;
//! and soft safety shots at the wanted pieces.

use crate::game::Match;
use crate::rules::Variant;
use crate::sim::preset::pocket_centre;
use crate::sim::stroke::{check_aim, nth_legal_placement};
use crate::sim::{Angle, Fx, Kind, Stroke, V2, fixed::Unit};

/// The pieces the shooter wants to pocket.
pub fn wanted(m: &Match) -> Vec<usize> {
    let s = m.settings();
    let side = s.side_of(m.shooter());
    let own = m.standing().colour(side);
    let bodies = m.table().bodies();
    (1..bodies.len())
        .filter(|&i| bodies[i].is_on_board())
        .filter(|&i| match (s.variant(), own) {
            (Variant::DiscPool, Some(c)) => bodies[i].kind() == c,
            (Variant::Classic, Some(c)) => bodies[i].kind() == c || bodies[i].kind() == Kind::Queen,
            _ => true,
        })
        .collect()
}

/// The powers (ten-thousandths) tried for each kind of shot.
#[derive(Clone, Copy, Debug)]
pub struct Powers {
    /// Straight at the ghost ball.
    pub direct: &'static [u16],
    /// Off the far cushion (a bank travels about twice as far).
    pub bank: &'static [u16],
    /// Off a side cushion: reaches a piece lying on a cushion from along it.
    pub side: &'static [u16],
}

/// Candidates from `spots` baseline spots at the given powers, in a fixed order.
pub fn candidates(m: &Match, spots: u32, powers: &Powers) -> Vec<Stroke> {
    let seat = m.shooter();
    let table = m.table();
    let p = table.preset();
    let reach = (p.striker_radius + p.coin_radius).0 as i64;
    let legal = nth_legal_placement_count(p);
    let mut out = Vec::new();
    let targets = wanted(m);
    for k in 0..spots {
        let placement =
            nth_legal_placement(p, (k as u64 * legal as u64 / spots.max(1) as u64) as u32);
        let from = seat.striker_spot(p, Fx::milli_cm(placement as i32));
        for &t in &targets {
            let target = table.bodies()[t].pos;
            for pocket in 0..4 {
                let Some(ghost) = ghost(target, pocket_centre(p, pocket), reach) else { continue };
                let wall = p.half_size - p.striker_radius;
                let [left, right] = side_banks(seat.0, wall, ghost);
                let shots = [
                    (ghost, powers.direct),
                    (bank(seat.0, wall, ghost), powers.bank),
                    (left, powers.side),
                    (right, powers.side),
                ];
                for (aim_at, powers) in shots {
                    let angle =
                        Angle::of((aim_at.x - from.x).0 as i64, (aim_at.y - from.y).0 as i64);
                    for &power in powers {
                        let stroke = Stroke { placement, angle: angle.0, power };
                        if check_aim(seat, &stroke).is_ok()
                            && table.check_stroke(seat, &stroke).is_ok()
                        {
                            out.push(stroke);
                        }
                    }
                }
            }
            // A soft safety shot straight at the piece.
            let angle = Angle::of((target.x - from.x).0 as i64, (target.y - from.y).0 as i64);
            let soft = Stroke { placement, angle: angle.0, power: 1_800 };
            if check_aim(seat, &soft).is_ok() && table.check_stroke(seat, &soft).is_ok() {
                out.push(soft);
            }
        }
    }
    out
}

/// Where the striker's centre must be at contact to drive `target` towards `pocket`.
fn ghost(target: V2, pocket: V2, reach: i64) -> Option<V2> {
    let towards = Unit::of(pocket - target)?;
    Some(target - towards.times(reach))
}

/// The point to aim at so the striker reaches `ghost` off the cushion in front of `seat`.
fn bank(seat: u8, wall: Fx, ghost: V2) -> V2 {
    let mirror = |v: Fx| Fx(2 * wall.0 - v.0);
    match seat % 4 {
        0 => V2::new(ghost.x, mirror(ghost.y)),
        1 => V2::new(-mirror(-ghost.x), ghost.y),
        2 => V2::new(ghost.x, -mirror(-ghost.y)),
        _ => V2::new(mirror(ghost.x), ghost.y),
    }
}

/// The points to aim at so the striker reaches `ghost` off either side cushion of `seat`
/// (the cushions at its left and right hand).
fn side_banks(seat: u8, wall: Fx, ghost: V2) -> [V2; 2] {
    let across = |v: Fx, w: i32| Fx(2 * w - v.0);
    if seat.is_multiple_of(2) {
        [V2::new(across(ghost.x, -wall.0), ghost.y), V2::new(across(ghost.x, wall.0), ghost.y)]
    } else {
        [V2::new(ghost.x, across(ghost.y, -wall.0)), V2::new(ghost.x, across(ghost.y, wall.0))]
    }
}

/// How many legal placements there are (the cycle of `nth_legal_placement`).
fn nth_legal_placement_count(p: &crate::sim::Preset) -> u32 {
    let to_milli = |f: Fx| f.0 / 10_000;
    let clear = to_milli(p.base_circle_offset() - p.striker_radius - p.base_circle_radius);
    let cover = to_milli(p.striker_radius - p.base_circle_radius);
    (2 * clear + 1 + 2 * (2 * cover + 1)) as u32
}
