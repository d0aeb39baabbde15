//! The opening rack (RULES.md CM-3, and DP-1 without the queen).
//!
//! The pieces sit on a hexagonal lattice of coin diameter `s`: the queen on the centre
//! spot, six pieces in the first shell, twelve in the second. The lattice's rows are
//! vertical (neighbours of the centre at 30°, 90°, … 330°), so the rack is symmetric
//! about the line seat 0 shoots along. Row spacing `h` is √3·s/2 rounded *up* to the
//! nanometre, so pieces in a row touch exactly and pieces in neighbouring rows touch
//! within one nanometre: they touch and never overlap, identically on every machine.
//!
//! Colours: the first shell alternates, white at 30°, 150° and 270°. In the second shell
//! every corner behind a first-shell piece takes that piece's colour, and each white
//! corner is paired with the edge spot after it, so the whites form three straight pairs
//! pointing outwards; the pair at 30°–60° points straight at the north-east pocket
//! ("double white instead of black"; with three-fold colours and four pockets no
//! arrangement points more than one pair exactly at a pocket).
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
        (W, at(2 * h, s)),
        (W, at(h, 3 * half)),
        (B, at(0, 2 * s)),
        (B, at(-h, 3 * half)),
        (W, at(-2 * h, s)),
        (W, at(-2 * h, 0)),
        (B, at(-2 * h, -s)),
        (B, at(-h, -3 * half)),
        (W, at(0, -2 * s)),
        (W, at(h, -3 * half)),
        (B, at(2 * h, -s)),
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
