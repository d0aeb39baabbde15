//! Where a returned piece goes (src/rules/RULES.md CM-7): the free spot nearest the centre
//! spot.
//!
//! The search is fixed and documented: the centre spot itself; then ring after ring
//! around it, ring k (k = 1, 2, …) of radius k × the coin radius holding 6k spots evenly
//! spaced counter-clockwise from due north. The first spot where the piece lies fully on
//! the surface, outside every pocket circle, and overlaps no piece on the board, is it.

use super::angle::Angle;
use super::fixed::{Fx, V2};
use super::table::{Table, pocket_containing};

/// The free spot nearest the centre for a disc of `radius` on `table` (CM-7).
pub fn free_spot(table: &Table, radius: Fx) -> V2 {
    let p = table.preset();
    let step = p.coin_radius.0 as i64;
    let limit = p.half_size.0 as i64 - radius.0 as i64;
    let free = |spot: V2| {
        spot.x.0.abs() as i64 <= limit
            && spot.y.0.abs() as i64 <= limit
            && pocket_containing(p, spot).is_none()
            && table.bodies()[1..].iter().filter(|b| b.is_on_board()).all(|b| {
                let reach = (radius.0 as i64) + b.kind().radius(p).0 as i64;
                (b.pos - spot).length_sq() >= reach * reach
            })
    };
    if free(V2::ZERO) {
        return V2::ZERO;
    }
    for ring in 1..=limit / step {
        let spots = 6 * ring;
        for k in 0..spots {
            let angle = Angle(Angle::QUARTER.wrapping_add((k * 65_536 / spots) as u16));
            let (sin, cos) = angle.sin_cos();
            let r = ring * step;
            let at = |q30: i32| Fx(((r * q30 as i64 + (1 << 29)) >> 30) as i32);
            let spot = V2::new(at(cos), at(sin));
            if free(spot) {
                return spot;
            }
        }
    }
    unreachable!("19 pieces cannot cover the whole board")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Kind, PresetId};

    #[test]
    fn cm_7_a_returned_piece_takes_the_centre_spot_when_free() {
        let table = Table::with_pieces(
            PresetId::Standard,
            &[(Kind::White, V2::new(Fx::milli_cm(20_000), Fx(0)))],
        )
        .unwrap();
        assert_eq!(free_spot(&table, table.preset().coin_radius), V2::ZERO);
    }

    #[test]
    fn cm_7_otherwise_the_nearest_free_spot_outward_never_overlapping() {
        let table = Table::racked(PresetId::Standard, true);
        let p = table.preset();
        let spot = free_spot(&table, p.coin_radius);
        let reach = 2 * p.coin_radius.0 as i64;
        for b in &table.bodies()[1..] {
            assert!((b.pos - spot).length_sq() >= reach * reach);
        }
        // Just outside the 19-piece rack: within three coin diameters of the centre.
        assert!(spot.length() <= 3 * reach, "{spot:?}");
        // Deterministic: the same table, the same spot.
        assert_eq!(spot, free_spot(&table, p.coin_radius));
    }
}
