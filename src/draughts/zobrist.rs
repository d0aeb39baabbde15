//! Zobrist keys: a 64-bit key per position, for repetition checks and the search's
//! transposition table. The random numbers come from SplitMix64 over a fixed seed at
//! compile time, so every machine has the same keys.

use super::board::{BOTTOM_ROW, TOP_ROW};
use super::moves::Move;
use super::position::{Colour, Position};
use crate::determinism::mix;

const fn table() -> [[u64; 32]; 4] {
    let mut keys = [[0; 32]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut square = 0;
        while square < 32 {
            keys[kind][square] = mix(0x00C0_FFEE_0000_0000 + (kind * 32 + square) as u64);
            square += 1;
        }
        kind += 1;
    }
    keys
}

/// Keys per (black man, black king, red man, red king) × square.
const KEYS: [[u64; 32]; 4] = table();
/// Folded in when Red is to move.
const RED_TO_MOVE: u64 = mix(0x00C0_FFEE_FFFF_FFFF);

/// The key after `m` is played in `pos`, from the key before: only the squares the move
/// touches change.
pub fn after(pos: &Position, m: &Move, before: u64) -> u64 {
    let black = pos.to_move() == Colour::Black;
    let (from, to) = (1u32 << m.from, 1u32 << m.to);
    let was_king = pos.kings & from != 0;
    let crown = if black { BOTTOM_ROW } else { TOP_ROW };
    let now_king = was_king || crown & to != 0;
    let kind = |king: bool, black: bool| (!black as usize) * 2 + king as usize;
    let mut k = before ^ RED_TO_MOVE;
    k ^= KEYS[kind(was_king, black)][m.from as usize];
    k ^= KEYS[kind(now_king, black)][m.to as usize];
    let mut taken = m.captured;
    while taken != 0 {
        let b = taken.trailing_zeros() as usize;
        taken &= taken - 1;
        k ^= KEYS[kind(pos.kings & (1 << b) != 0, !black)][b];
    }
    k
}

/// The position's key.
pub fn key(pos: &Position) -> u64 {
    let mut k = if pos.side == 1 { RED_TO_MOVE } else { 0 };
    let sets =
        [pos.black & !pos.kings, pos.black & pos.kings, pos.red & !pos.kings, pos.red & pos.kings];
    for (kind, mut set) in sets.into_iter().enumerate() {
        while set != 0 {
            k ^= KEYS[kind][set.trailing_zeros() as usize];
            set &= set - 1;
        }
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::{Moves, apply, generate, pdn::read_fen};

    #[test]
    fn incremental_keys_match_keys_from_scratch() {
        for fen in [
            "B:W21-32:B1-12",
            "B:W14,15,22,23:BK10",
            "B:W26,27:B22",
            "W:W22:B10,18",
            "B:WK5,18,K27:B14,K19,30",
        ] {
            let pos = read_fen(fen).unwrap();
            let mut moves = Moves::default();
            generate(&pos, true, &mut moves);
            for m in moves.as_slice() {
                assert_eq!(after(&pos, m, key(&pos)), key(&apply(&pos, m)), "{fen}");
            }
        }
    }
}
