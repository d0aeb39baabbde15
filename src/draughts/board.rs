//! The board's geometry (src/rules/RULES.md CK-1): the 32 dark squares in PDN numbering, as
//! bits of a `u32` (square n is bit n − 1).
//!
//! Row r = (n − 1) / 4 counts from Black's side (squares 1–4 at the top); even rows hold
//! their dark squares in columns 1, 3, 5, 7, odd rows in 0, 2, 4, 6. "Down" (towards
//! higher numbers) is Black's forward direction, "up" Red's. A diagonal step shifts the
//! bit by 3, 4 or 5 depending on the row's parity, so each direction is two masked shifts.

/// A set of squares.
pub type Squares = u32;

/// The four diagonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Towards higher numbers, leftwards.
    DownLeft = 0,
    /// Towards higher numbers, rightwards.
    DownRight = 1,
    /// Towards lower numbers, leftwards.
    UpLeft = 2,
    /// Towards lower numbers, rightwards.
    UpRight = 3,
}

impl Dir {
    /// All four.
    pub const ALL: [Dir; 4] = [Dir::DownLeft, Dir::DownRight, Dir::UpLeft, Dir::UpRight];
    /// Black men's directions.
    pub const DOWN: [Dir; 2] = [Dir::DownLeft, Dir::DownRight];
    /// Red men's directions.
    pub const UP: [Dir; 2] = [Dir::UpLeft, Dir::UpRight];

    const fn delta(self) -> (i32, i32) {
        match self {
            Dir::DownLeft => (1, -1),
            Dir::DownRight => (1, 1),
            Dir::UpLeft => (-1, -1),
            Dir::UpRight => (-1, 1),
        }
    }
}

/// Squares in even rows (1–4, 9–12, 17–20, 25–28).
pub const EVEN_ROWS: Squares = 0x0F0F_0F0F;
/// Squares in odd rows.
pub const ODD_ROWS: Squares = !EVEN_ROWS;
/// Black crowns here (squares 29–32).
pub const BOTTOM_ROW: Squares = 0xF000_0000;
/// Red crowns here (squares 1–4).
pub const TOP_ROW: Squares = 0x0000_000F;

const fn column(bit: u32) -> i32 {
    let (row, c) = ((bit / 4) as i32, (bit % 4) as i32);
    if row % 2 == 0 { 2 * c + 1 } else { 2 * c }
}

const fn bit_at(row: i32, col: i32) -> Option<u32> {
    if row < 0 || row > 7 || col < 0 || col > 7 || (row + col) % 2 == 0 {
        return None;
    }
    Some((row * 4 + col / 2) as u32)
}

/// The square one step from `bit` in `dir`, if on the board.
pub const fn neighbour(bit: u32, dir: Dir) -> Option<u32> {
    let (dr, dc) = dir.delta();
    bit_at((bit / 4) as i32 + dr, column(bit) + dc)
}

/// The square two steps from `bit` in `dir` (where a jump lands), if on the board.
pub const fn landing(bit: u32, dir: Dir) -> Option<u32> {
    let (dr, dc) = dir.delta();
    bit_at((bit / 4) as i32 + 2 * dr, column(bit) + 2 * dc)
}

const fn can_step(dir: Dir) -> Squares {
    let mut mask = 0;
    let mut bit = 0;
    while bit < 32 {
        if neighbour(bit, dir).is_some() {
            mask |= 1 << bit;
        }
        bit += 1;
    }
    mask
}

const CAN: [Squares; 4] = [
    can_step(Dir::DownLeft),
    can_step(Dir::DownRight),
    can_step(Dir::UpLeft),
    can_step(Dir::UpRight),
];

/// Every square of `from` moved one step in `dir` (squares with no neighbour drop out).
#[inline]
pub const fn step(from: Squares, dir: Dir) -> Squares {
    let from = from & CAN[dir as usize];
    let (even, odd) = (from & EVEN_ROWS, from & ODD_ROWS);
    match dir {
        Dir::DownLeft => (even << 4) | (odd << 3),
        Dir::DownRight => (even << 5) | (odd << 4),
        Dir::UpLeft => (even >> 4) | (odd >> 5),
        Dir::UpRight => (even >> 3) | (odd >> 4),
    }
}

/// Every square of `to` moved one step back against `dir`.
#[inline]
pub const fn step_back(to: Squares, dir: Dir) -> Squares {
    let back = match dir {
        Dir::DownLeft => Dir::UpRight,
        Dir::DownRight => Dir::UpLeft,
        Dir::UpLeft => Dir::DownRight,
        Dir::UpRight => Dir::DownLeft,
    };
    step(to, back)
}

/// The PDN number (1–32) of a bit.
pub const fn square_number(bit: u32) -> u8 {
    bit as u8 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ck_1_thirty_two_dark_squares_numbered_in_rows_of_four() {
        // Black's double corner is 1 and 5, its single corner 4.
        assert_eq!(neighbour(0, Dir::DownLeft), Some(4));
        assert_eq!(neighbour(0, Dir::DownRight), Some(5));
        assert_eq!(neighbour(4, Dir::DownLeft), None, "5 sits on the edge");
        assert_eq!(neighbour(4, Dir::DownRight), Some(8));
        assert_eq!(neighbour(3, Dir::DownRight), None, "4 is the single corner");
        assert_eq!(neighbour(21, Dir::UpRight), Some(17), "18 is up and right of 22");
        assert_eq!(landing(21, Dir::UpRight), Some(14), "22 jumps over 18 to 15");
        assert_eq!(neighbour(21, Dir::UpLeft), Some(16), "17 is up and left of 22");
    }

    #[test]
    fn masked_shifts_agree_with_the_geometry() {
        for dir in Dir::ALL {
            for bit in 0..32 {
                let expected = neighbour(bit, dir).map_or(0, |b| 1 << b);
                assert_eq!(step(1 << bit, dir), expected, "{dir:?} from {}", bit + 1);
                if let Some(b) = neighbour(bit, dir) {
                    assert_eq!(step_back(1 << b, dir), 1 << bit);
                }
            }
        }
    }
}
