//! The hand-tuned evaluation: material (kings worth more), the back rank, runaway men,
//! the centre, mobility and tempo. Scores are from the side to move's point of view, a
//! man being 100.

use super::board::{BOTTOM_ROW, Dir, Squares, TOP_ROW, step};
use super::position::{Colour, Position};

/// A man's worth.
pub const MAN: i32 = 100;
/// A king's worth.
pub const KING: i32 = 135;

const BACK_RANK_GUARD: i32 = 8;
const CENTRE: Squares =
    (1 << 9) | (1 << 10) | (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18) | (1 << 21) | (1 << 22);
const CENTRE_BONUS: i32 = 5;
const RUNAWAY: i32 = 25;
const MOBILITY: i32 = 2;
const TEMPO: i32 = 2;

/// The position's worth for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let black = side_score(pos, Colour::Black);
    let red = side_score(pos, Colour::Red);
    if pos.to_move() == Colour::Black { black - red } else { red - black }
}

fn side_score(pos: &Position, colour: Colour) -> i32 {
    let mine = pos.pieces(colour);
    let men = mine & !pos.kings;
    let kings = mine & pos.kings;
    let empty = pos.empty();
    let (home, forward) = match colour {
        Colour::Black => (TOP_ROW, Dir::DOWN),
        Colour::Red => (BOTTOM_ROW, Dir::UP),
    };
    let mut score = men.count_ones() as i32 * MAN + kings.count_ones() as i32 * KING;
    // Men kept home guard the crowning squares until the opponent has kings.
    let opponent_kings = pos.pieces(colour.other()) & pos.kings;
    if opponent_kings == 0 {
        score += (men & home).count_ones() as i32 * BACK_RANK_GUARD;
    }
    score += ((men | kings) & CENTRE).count_ones() as i32 * CENTRE_BONUS;
    // Tempo: men further up the board (rows from home).
    let mut bits = men;
    while bits != 0 {
        let b = bits.trailing_zeros() as i32;
        bits &= bits - 1;
        let row = b / 4;
        let advance = if colour == Colour::Black { row } else { 7 - row };
        score += advance * TEMPO;
        // A runaway: two rows from crowning with a free square ahead.
        if advance >= 5 {
            let ahead = step(1 << b, forward[0]) | step(1 << b, forward[1]);
            if ahead & empty != 0 {
                score += RUNAWAY;
            }
        }
    }
    let moves: u32 =
        forward.iter().map(|&d| (step(men | kings, d) & empty).count_ones()).sum::<u32>()
            + Dir::ALL
                .iter()
                .filter(|d| !forward.contains(d))
                .map(|&d| (step(kings, d) & empty).count_ones())
                .sum::<u32>();
    score + moves as i32 * MOBILITY
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::pdn::read_fen;

    #[test]
    fn the_start_is_balanced_and_material_counts() {
        assert_eq!(
            evaluate(&Position::START) + evaluate(&Position { side: 1, ..Position::START }),
            0
        );
        let up_a_man = read_fen("B:W21-31:B1-12").unwrap();
        assert!(evaluate(&up_a_man) > 50);
        let king = read_fen("B:W20:BK10").unwrap();
        let man = read_fen("B:W20:B10").unwrap();
        assert!(evaluate(&king) > evaluate(&man), "a king is worth more than a man");
    }
}
