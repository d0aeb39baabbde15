//! Turning clicks and drops on squares into a legal move (src/rules/RULES.md CK-12): a
//! click on a piece that can move selects it; a click on a landing square goes one jump
//! further; a drop, or a click on the final square, plays the whole move; once only one
//! move is left it plays itself. Every square is a bit, as in [`crate::draughts::board`].

use crate::draughts::{Draughts, Move, Moves, generate};

/// The move being built: the piece picked up and the landings chosen so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The square of the piece picked up.
    pub from: Option<u32>,
    /// Landing squares chosen so far, in order.
    pub landed: Vec<u32>,
}

/// What a click or drop did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    /// Nothing (not a square that means anything now).
    Nothing,
    /// A piece was picked up, or a landing chosen: the move is not complete.
    Building,
    /// The move is complete: play it.
    Play(Move),
}

/// Every path of every legal move (paths matter when landings are clicked one by one).
fn all_paths(game: &Draughts) -> Vec<Move> {
    let mut moves = Moves::default();
    generate(&game.position, true, &mut moves);
    moves.as_slice().to_vec()
}

impl Selection {
    /// The moves still possible with this selection.
    pub fn candidates(&self, game: &Draughts) -> Vec<Move> {
        let Some(from) = self.from else { return Vec::new() };
        all_paths(game)
            .into_iter()
            .filter(|m| m.from as u32 == from)
            .filter(|m| m.landings().take(self.landed.len()).eq(self.landed.iter().copied()))
            .collect()
    }

    /// The squares a click can go to next: the next landing of every candidate.
    pub fn targets(&self, game: &Draughts) -> Vec<u32> {
        let mut squares: Vec<u32> = self
            .candidates(game)
            .iter()
            .filter_map(|m| m.landings().nth(self.landed.len()))
            .collect();
        squares.sort_unstable();
        squares.dedup();
        squares
    }

    /// The pieces the candidates would jump (crossed on the board).
    pub fn jumped(&self, game: &Draughts) -> u32 {
        self.candidates(game).iter().fold(0, |acc, m| acc | m.captured)
    }

    /// A click on `square`.
    pub fn click(&mut self, game: &Draughts, square: u32) -> Picked {
        if self.landed.is_empty() && movable(game).contains(&square) {
            if self.from == Some(square) {
                *self = Selection::default();
                return Picked::Building;
            }
            *self = Selection { from: Some(square), landed: Vec::new() };
            return self.settle(game);
        }
        if self.from.is_none() {
            return Picked::Nothing;
        }
        let mut further = self.landed.clone();
        further.push(square);
        let longer = Selection { from: self.from, landed: further };
        if !longer.candidates(game).is_empty() {
            *self = longer;
            return self.settle(game);
        }
        self.drop_on(game, square)
    }

    /// The piece held is dropped on `square`: the move ending there, if it is one move.
    pub fn drop_on(&mut self, game: &Draughts, square: u32) -> Picked {
        let ending: Vec<Move> =
            self.candidates(game).into_iter().filter(|m| m.to as u32 == square).collect();
        match ending.first() {
            Some(first) if ending.iter().all(|m| m.same_play(first)) => {
                let chosen = *first;
                *self = Selection::default();
                Picked::Play(chosen)
            }
            _ => Picked::Nothing,
        }
    }

    /// Plays the move if only one is left (a single continuation plays itself) and the
    /// piece has left its square (a piece just picked up waits for a click).
    fn settle(&mut self, game: &Draughts) -> Picked {
        let candidates = self.candidates(game);
        match candidates.first() {
            Some(first)
                if !self.landed.is_empty() && candidates.iter().all(|m| m.same_play(first)) =>
            {
                let chosen = *first;
                *self = Selection::default();
                Picked::Play(chosen)
            }
            Some(_) => Picked::Building,
            None => {
                *self = Selection::default();
                Picked::Nothing
            }
        }
    }
}

/// The squares of the pieces that can move now (with a capture compulsory, only those
/// that can capture, CK-5).
pub fn movable(game: &Draughts) -> Vec<u32> {
    let mut squares: Vec<u32> = all_paths(game).iter().map(|m| m.from as u32).collect();
    squares.sort_unstable();
    squares.dedup();
    squares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::pdn::read_fen;

    fn game(fen: &str) -> Draughts {
        Draughts::from(read_fen(fen).unwrap())
    }

    /// Square number n's bit.
    const fn sq(n: u32) -> u32 {
        n - 1
    }

    #[test]
    fn ck_12_a_click_on_a_piece_shows_where_it_can_go_and_a_second_click_plays() {
        let g = Draughts::new();
        let mut s = Selection::default();
        assert_eq!(s.click(&g, sq(11)), Picked::Building);
        assert_eq!(s.targets(&g), vec![sq(15), sq(16)]);
        match s.click(&g, sq(15)) {
            Picked::Play(m) => assert_eq!((m.from, m.to), (sq(11) as u8, sq(15) as u8)),
            other => panic!("{other:?}"),
        }
        assert_eq!(s, Selection::default());
    }

    #[test]
    fn ck_12_pieces_that_cannot_move_are_not_picked_up() {
        let g = Draughts::new();
        let mut s = Selection::default();
        assert_eq!(s.click(&g, sq(1)), Picked::Nothing);
        assert_eq!(s.click(&g, sq(22)), Picked::Nothing, "not the side to move");
        assert_eq!(movable(&g), (sq(9)..=sq(12)).collect::<Vec<_>>());
    }

    #[test]
    fn ck_5_with_a_capture_only_capturing_pieces_move_and_the_jumped_piece_is_marked() {
        // Black men on 9 and 11, a red man on 14: 9x18 must be played; 11 cannot move.
        let g = game("B:W14:B9,11");
        assert_eq!(movable(&g), vec![sq(9)]);
        let mut s = Selection::default();
        assert_eq!(s.click(&g, sq(11)), Picked::Nothing);
        assert_eq!(s.click(&g, sq(9)), Picked::Building);
        assert_eq!(s.targets(&g), vec![sq(18)]);
        assert_eq!(s.jumped(&g), 1 << sq(14));
    }

    #[test]
    fn ck_12_a_multi_jump_by_successive_clicks_or_one_drop() {
        // Black man on 1; red men on 6 and 15: 1x10x19.
        let g = game("B:W6,15,30:B1");
        let mut s = Selection::default();
        s.click(&g, sq(1));
        assert_eq!(s.targets(&g), vec![sq(10)]);
        match s.click(&g, sq(10)) {
            Picked::Play(m) => assert_eq!(m.to, sq(19) as u8, "the one continuation plays itself"),
            other => panic!("{other:?}"),
        }
        let mut s = Selection::default();
        s.click(&g, sq(1));
        match s.drop_on(&g, sq(19)) {
            Picked::Play(m) => assert_eq!(m.jumps, 2),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn ck_12_a_fork_waits_for_the_next_landing() {
        // Black man on 1 jumps 6 to 10; from 10 it may take 14 (to 17) or 15 (to 19).
        let g = game("B:W6,14,15,30:B1");
        let mut s = Selection::default();
        s.click(&g, sq(1));
        assert_eq!(s.click(&g, sq(10)), Picked::Building);
        assert_eq!(s.targets(&g), vec![sq(17), sq(19)]);
        match s.click(&g, sq(17)) {
            Picked::Play(m) => assert_eq!(m.captured, (1 << sq(6)) | (1 << sq(14))),
            other => panic!("{other:?}"),
        }
    }
}
