//! The opening rack (src/rules/RULES.md CM-3, and DP-1 without the queen).
//!
//! The pieces sit on a hexagonal lattice of coin diameter `s`: the queen on the centre
//! spot, six pieces in the first shell, twelve in the second. The lattice's rows are
//! vertical (neighbours of the centre at 30°, 90°, … 330°), so the rack is symmetric
//! about the line seat 0 shoots along. Row spacing `h` is √3·s/2 rounded *up* to the
//! nanometre, so pieces in a row touch exactly and pieces in neighbouring rows touch
//! within one nanometre: they touch and never overlap, identically on every machine.
//!
//! Colours: the first shell alternates, white at 30°, 150° and 270°. The second shell's
//! six whites make a white pair toward each of the four pockets ("double white instead
//! of black", as close to the pocket lines as possible). Decision: nine whites with
//! three in the first shell leave six for the second, and four pairs of the second shell
//! alone would need eight, so the two pairs toward the far pockets each borrow their
//! first-shell white: the pair's midpoint lies within 5° of the pocket's line for all
//! four pockets (see the test). The layout stays mirror-symmetric about seat 0's line.
//!
//! Order of the pieces (table slots 1, 2, …): the queen (if any), then the first shell by
//! angle from 30°, then the second shell by angle from 0°.

use super::body::Kind;
use super::fixed::{Fx, V2};
use super::preset::Preset;

/// The rack as (kind, centre) pairs in table order; with or without the queen.
pub fn rack(preset: &Preset, with_queen: bool) -> Vec<(Kind, V2)> {
    let s = 2 * preset.coin_radius.0 as i64;
    let h = row_spacing(s);
    let half = s / 2;
    let at = |x: i64, y: i64| V2::new(Fx(x as i32), Fx(y as i32));
    use Kind::{Black as B, White as W};
    let first_shell = [
        (W, at(h, half)),
        (B, at(0, s)),
        (W, at(-h, half)),
        (B, at(-h, -half)),
        (W, at(0, -s)),
        (B, at(h, -half)),
    ];
    let second_shell = [
        (B, at(2 * h, 0)),
        (B, at(2 * h, s)),
        (W, at(h, 3 * half)),
        (B, at(0, 2 * s)),
        (W, at(-h, 3 * half)),
        (B, at(-2 * h, s)),
        (B, at(-2 * h, 0)),
        (W, at(-2 * h, -s)),
        (W, at(-h, -3 * half)),
        (B, at(0, -2 * s)),
        (W, at(h, -3 * half)),
        (W, at(2 * h, -s)),
    ];
    let queen = with_queen.then_some((Kind::Queen, V2::ZERO));
    queen.into_iter().chain(first_shell).chain(second_shell).collect()
}

/// √3·s/2 rounded up: the smallest integer h with 4h² ≥ 3s².
fn row_spacing(s: i64) -> i64 {
    let target = 3 * (s as u64) * (s as u64);
    let mut h = (target / 4).isqrt() as i64;
    while 4 * (h as u64) * (h as u64) < target {
        h += 1;
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::preset::PresetId;

    #[test]
    fn cm_3_rack_has_nine_of_each_colour_and_the_queen_in_the_centre() {
        let r = rack(PresetId::Standard.preset(), true);
        assert_eq!(r.len(), 19);
        assert_eq!(r[0], (Kind::Queen, V2::ZERO));
        assert_eq!(r.iter().filter(|(k, _)| *k == Kind::White).count(), 9);
        assert_eq!(r.iter().filter(|(k, _)| *k == Kind::Black).count(), 9);
    }

    #[test]
    fn cm_3_pieces_touch_but_never_overlap() {
        let p = PresetId::Standard.preset();
        let r = rack(p, true);
        let diameter = 2 * p.coin_radius.0 as i64;
        for (i, (_, a)) in r.iter().enumerate() {
            let mut touching = 0;
            for (_, b) in &r[..i] {
                let d2 = (*a - *b).length_sq();
                assert!(d2 >= diameter * diameter, "overlap at {a:?} / {b:?}");
                if (*a - *b).length() <= diameter + 1 {
                    touching += 1;
                }
            }
            // Every piece after the first touches at least one placed before it.
            assert!(i == 0 || touching > 0, "piece {i} floats free");
        }
    }

    #[test]
    fn cm_3_first_shell_alternates_colours() {
        let r = rack(PresetId::Standard.preset(), true);
        for pair in r[1..7].windows(2) {
            assert_ne!(pair[0].0, pair[1].0);
        }
        assert_ne!(r[1].0, r[6].0);
    }

    /// Pocket lines of the four pockets, in degrees from seat 0's right.
    const POCKET_LINES: [f64; 4] = [45.0, 135.0, 225.0, 315.0];

    #[test]
    #[allow(clippy::float_arithmetic)]
    fn cm_3_a_white_pair_points_at_every_pocket() {
        let p = PresetId::Standard.preset();
        let r = rack(p, true);
        let diameter = 2 * p.coin_radius.0 as i64;
        let whites: Vec<(usize, V2)> = r
            .iter()
            .enumerate()
            .filter(|(_, (k, _))| *k == Kind::White)
            .map(|(i, (_, c))| (i, *c))
            .collect();
        let angle_of =
            |v: V2| f64::from(v.y.0).atan2(f64::from(v.x.0)).to_degrees().rem_euclid(360.0);
        for line in POCKET_LINES {
            let nearest = whites
                .iter()
                .flat_map(|a| whites.iter().map(move |b| (a, b)))
                .filter(|((i, a), (j, b))| i < j && *j >= 7 && (*a - *b).length() <= diameter + 1)
                .map(|((_, a), (_, b))| {
                    let mid = V2::new(Fx((a.x.0 + b.x.0) / 2), Fx((a.y.0 + b.y.0) / 2));
                    let off = (angle_of(mid) - line).abs();
                    off.min(360.0 - off)
                })
                .fold(f64::INFINITY, f64::min);
            assert!(
                nearest < 5.0,
                "no white pair within 5° of the pocket at {line}° ({nearest:.1}°)"
            );
        }
    }

    #[test]
    fn cm_3_the_rack_is_mirror_symmetric_about_the_breakers_line() {
        let r = rack(PresetId::Standard.preset(), true);
        for (kind, c) in &r {
            let mirror = V2::new(Fx(-c.x.0), c.y);
            assert!(
                r.iter().any(|(k, m)| k == kind && *m == mirror),
                "{kind:?} at {c:?} has no mirror"
            );
        }
    }

    #[test]
    fn dp_1_disc_pool_rack_leaves_the_centre_empty() {
        let r = rack(PresetId::Standard.preset(), false);
        assert_eq!(r.len(), 18);
        assert!(r.iter().all(|(k, p)| *k != Kind::Queen && *p != V2::ZERO));
    }

    #[test]
    fn row_spacing_is_the_rounded_up_height() {
        assert_eq!(row_spacing(2), 2);
        // √3 × 31 800 000 / 2 = 27 539 607.83…
        assert_eq!(row_spacing(31_800_000), 27_539_608);
    }
}
