//! The seeded random stroke: a legal stroke for the seat to shoot, drawn from a seed and
//! the stroke number. Headless peers play it when they have no script; tests and benches
//! use it to play whole matches of plausible strokes.

use crate::determinism::mix;
use crate::game::Match;
use crate::sim::stroke::nth_legal_placement;
use crate::sim::{Angle, Stroke};

/// A legal stroke drawn from `seed` and the stroke number: any legal spot, any forward
/// direction, 30–90 % power.
pub fn random_stroke(m: &Match, seed: u64) -> Stroke {
    let seat = m.shooter();
    let p = m.table().preset();
    let base = mix(seed ^ (m.next_stroke() as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93));
    for attempt in 0..64u64 {
        let bits = mix(base.wrapping_add(attempt));
        let placement = nth_legal_placement(p, (bits % 1_000_003) as u32);
        let spread = (Angle::QUARTER as u64 - 1_024) * 2;
        let off = ((bits >> 20) % spread) as i64 - spread as i64 / 2;
        let angle = (seat.forward().0 as i64 + off).rem_euclid(65_536) as u16;
        let power = 3_000 + ((bits >> 40) % 6_001) as u16;
        let stroke = Stroke { placement, angle, power };
        if m.table().check_stroke(seat, &stroke).is_ok() {
            return stroke;
        }
    }
    // Every spot tried was covered: straight ahead from the first free legal spot.
    let n = (0..20_000u32)
        .find(|&n| {
            let s = Stroke {
                placement: nth_legal_placement(p, n),
                angle: seat.forward().0,
                power: 5_000,
            };
            m.table().check_stroke(seat, &s).is_ok()
        })
        .unwrap_or(0);
    Stroke { placement: nth_legal_placement(p, n), angle: seat.forward().0, power: 5_000 }
}
