//! Where the squares are drawn (world units, the board's centre at the origin) with a
//! colour at the bottom: the player's own pieces are always nearest them (CK-12).

use crate::draughts::Colour;
use bevy::prelude::*;

/// A square's side, in world units (the camera shows 90 units of height).
pub const SQUARE: f32 = 9.0;

/// Row (0: the top as Black sees it, squares 1–4) and column of dark square `bit`.
pub const fn row_col(bit: u32) -> (u32, u32) {
    let row = bit / 4;
    let col = if row.is_multiple_of(2) { 2 * (bit % 4) + 1 } else { 2 * (bit % 4) };
    (row, col)
}

/// Where row and column are drawn, counted from the top left, with `bottom` nearest.
const fn on_screen(row: u32, col: u32, bottom: Colour) -> (u32, u32) {
    match bottom {
        // Black starts on 1–12 (row 0 up): turned half round, those rows come down.
        Colour::Black => (7 - row, 7 - col),
        Colour::Red => (row, col),
    }
}

/// The centre of the cell at screen row `r` and column `c`.
fn cell_centre(r: u32, c: u32) -> Vec2 {
    Vec2::new((c as f32 - 3.5) * SQUARE, (3.5 - r as f32) * SQUARE)
}

/// The centre of dark square `bit`.
pub fn centre(bit: u32, bottom: Colour) -> Vec2 {
    let (row, col) = row_col(bit);
    let (r, c) = on_screen(row, col, bottom);
    cell_centre(r, c)
}

/// The dark square under `at`, if any.
pub fn square_at(at: Vec2, bottom: Colour) -> Option<u32> {
    let c = (at.x / SQUARE + 4.0).floor();
    let r = (4.0 - at.y / SQUARE).floor();
    if !(0.0..8.0).contains(&c) || !(0.0..8.0).contains(&r) {
        return None;
    }
    (0..32).find(|&bit| {
        let (row, col) = row_col(bit);
        on_screen(row, col, bottom) == (r as u32, c as u32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ck_12_every_square_is_found_where_it_is_drawn_from_either_side() {
        for bottom in [Colour::Black, Colour::Red] {
            for bit in 0..32 {
                assert_eq!(square_at(centre(bit, bottom), bottom), Some(bit));
            }
        }
    }

    #[test]
    fn ck_12_the_players_own_pieces_are_at_the_bottom() {
        // Black's men start on 1-12, Red's on 21-32.
        assert!(centre(0, Colour::Black).y < 0.0 && centre(31, Colour::Black).y > 0.0);
        assert!(centre(0, Colour::Red).y > 0.0 && centre(31, Colour::Red).y < 0.0);
        assert_eq!(square_at(Vec2::new(0.0, 40.0), Colour::Red), None, "off the board");
    }
}
