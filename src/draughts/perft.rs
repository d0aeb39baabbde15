//! Perft: the number of leaf positions of the move tree to a depth, the standard check of
//! a move generator. Leaves are counted in bulk (the moves of the last ply are counted,
//! not made), and each depth reuses one move list, so the count never allocates.

use super::moves::{Move, Moves, apply, count, generate};
use super::position::Position;

/// Leaf nodes at `depth` from `pos`; `all_paths` counts every capture path separately.
pub fn perft(pos: &Position, depth: u32, all_paths: bool) -> u64 {
    let mut lists: Vec<Moves> = (0..depth.max(1)).map(|_| Moves::default()).collect();
    count_leaves(pos, depth, all_paths, &mut lists)
}

fn count_leaves(pos: &Position, depth: u32, all_paths: bool, lists: &mut [Moves]) -> u64 {
    match depth {
        0 => 1,
        1 => count(pos, all_paths, &mut lists[0]),
        _ => {
            let (list, deeper) = lists.split_first_mut().expect("one list per depth");
            generate(pos, all_paths, list);
            let mut total = 0;
            for m in list.as_slice() {
                total += count_leaves(&apply(pos, m), depth - 1, all_paths, deeper);
            }
            total
        }
    }
}

/// The leaf count under each root move, in generation order.
pub fn divide(pos: &Position, depth: u32, all_paths: bool) -> Vec<(Move, u64)> {
    let mut moves = Moves::default();
    generate(pos, all_paths, &mut moves);
    moves
        .as_slice()
        .iter()
        .map(|m| (*m, perft(&apply(pos, m), depth.saturating_sub(1), all_paths)))
        .collect()
}
