//! Analysis of a game: the engine searches every position it passed through, so each move
//! can be weighed against the best one there. A move that gives away at least
//! [`INACCURACY`] of the evaluation (a man is [`MAN`]) is an inaccuracy, at least
//! [`MISTAKE`] a mistake, at least [`BLUNDER`] a blunder (a move that lets a proven win go
//! always is: it gives away nearly the whole of a win's score). Where the search proves a
//! win, the position says so, with the plies it takes.
//!
//! The work is one position at a time ([`Analysis::step`]), so a caller can show its
//! progress, think off the frame, and leave and come back: an analysis is plain data.
//! Like the rest of the engine it reads no clock and draws nothing at random: the same
//! game and node budget give the same verdicts on every machine.
//!
//! ```
//! use carrom::draughts::analysis::{Analysis, Verdict};
//! use carrom::draughts::pdn::{read_fen, read_move};
//! use carrom::draughts::search::Searcher;
//!
//! // Black gives a man away with 14-18, when 1-6 was safe.
//! let start = read_fen("B:W23,27:B1,14").unwrap();
//! let blunder = read_move(&start, "14-18").unwrap();
//! let mut analysis = Analysis::new(start, &[blunder], 20_000);
//! let mut searcher = Searcher::default();
//! while analysis.step(&mut searcher) {}
//! let judged = analysis.judged();
//! assert_eq!(judged[0].verdict, Verdict::Blunder);
//! assert_ne!(judged[0].best, blunder);
//! ```

use super::eval::MAN;
use super::game::Draughts;
use super::moves::Move;
use super::position::{Colour, Position};
use super::search::{Budget, Searcher, WIN};

/// Evaluation a move gives away to be an inaccuracy.
pub const INACCURACY: i32 = MAN * 2 / 5;
/// Evaluation a move gives away to be a mistake.
pub const MISTAKE: i32 = MAN * 4 / 5;
/// Evaluation a move gives away to be a blunder: more than a man and a half.
pub const BLUNDER: i32 = MAN * 3 / 2;

/// Scores past this are proven wins or losses (the search's win less its deepest ply).
pub const PROVEN: i32 = WIN - 128;

/// What a position is worth to the side to move, as the search found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The score for the side to move (a man is [`MAN`]).
    pub score: i32,
    /// The best move; none where the side to move has none (it has lost).
    pub best: Option<Move>,
}

/// How good a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Within [`INACCURACY`] of the best.
    Good,
    /// Gave away at least [`INACCURACY`].
    Inaccuracy,
    /// Gave away at least [`MISTAKE`].
    Mistake,
    /// Gave away at least [`BLUNDER`].
    Blunder,
}

/// A win the search proved: who wins, and in how many plies from the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProvenWin {
    /// The winner.
    pub winner: Colour,
    /// Plies to the win with best play.
    pub plies: u32,
}

/// One move of the game, weighed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The move played.
    pub played: Move,
    /// The engine's move in the same position.
    pub best: Move,
    /// The position before it, for the mover: its worth with best play.
    pub before: i32,
    /// The same after the move played.
    pub after: i32,
    /// How good the move was.
    pub verdict: Verdict,
    /// A win the search proved in the position before the move.
    pub proven: Option<ProvenWin>,
}

/// A game being analysed: its positions, and those searched so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    games: Vec<Draughts>,
    moves: Vec<Move>,
    searched: Vec<Searched>,
    nodes: u64,
}

impl Analysis {
    /// An analysis of the game from `start` in which `moves` (legal, in turn) were played,
    /// searching `nodes` nodes in each position.
    pub fn new(start: Position, moves: &[Move], nodes: u64) -> Analysis {
        let mut game = Draughts::from(start);
        let mut games = vec![game];
        for m in moves {
            game.play(m);
            games.push(game);
        }
        Analysis { games, moves: moves.to_vec(), searched: Vec::new(), nodes }
    }

    /// Searches the next position; false once every position is searched.
    pub fn step(&mut self, searcher: &mut Searcher) -> bool {
        let Some(game) = self.games.get(self.searched.len()) else { return false };
        let budget = Budget { depth: 64, nodes: self.nodes, stop: None };
        let searched = match searcher.search(game, &budget) {
            Some(found) => Searched { score: found.score, best: Some(found.best) },
            // No move: the side to move has lost, here and now.
            None => Searched { score: -WIN, best: None },
        };
        self.searched.push(searched);
        self.searched.len() < self.games.len()
    }

    /// Positions searched, and in all: the progress to show.
    pub fn progress(&self) -> (usize, usize) {
        (self.searched.len(), self.games.len())
    }

    /// Each position's worth as searched so far, the start first.
    pub fn searched(&self) -> &[Searched] {
        &self.searched
    }

    /// The moves whose positions before and after are both searched, weighed.
    pub fn judged(&self) -> Vec<Judged> {
        self.moves
            .iter()
            .zip(self.searched.windows(2))
            .zip(&self.games)
            .map(|((&played, pair), game)| {
                let (now, next) = (pair[0], pair[1]);
                let (before, after) = (now.score, -next.score);
                let lost = before - after;
                let verdict = if lost >= BLUNDER {
                    Verdict::Blunder
                } else if lost >= MISTAKE {
                    Verdict::Mistake
                } else if lost >= INACCURACY {
                    Verdict::Inaccuracy
                } else {
                    Verdict::Good
                };
                let mover = game.position.to_move();
                let proven = (before.abs() > PROVEN).then(|| ProvenWin {
                    winner: if before > 0 { mover } else { mover.other() },
                    plies: (WIN - before.abs()).unsigned_abs(),
                });
                Judged { played, best: now.best.unwrap_or(played), before, after, verdict, proven }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::pdn::{read_fen, read_game, read_move};

    fn analysed(start: Position, moves: &[Move]) -> Vec<Judged> {
        let mut analysis = Analysis::new(start, moves, 20_000);
        let mut searcher = Searcher::default();
        let mut steps = 0;
        while analysis.step(&mut searcher) {
            steps += 1;
        }
        assert_eq!(steps + 1, moves.len() + 1, "one step a position");
        assert_eq!(analysis.progress(), (moves.len() + 1, moves.len() + 1));
        analysis.judged()
    }

    #[test]
    fn the_planted_blunder_is_found_and_the_better_move_named() {
        // A quiet opening, then Black's 14-18 walks into 23x14 when it need not.
        let game = read_game("[FEN \"B:W23,27,30:B1,2,14\"]\n1. 2-6 30-26 2. 14-18 23x14 *")
            .expect("the composed game reads");
        let judged = analysed(game.start, &game.moves);
        let verdicts: Vec<Verdict> = judged.iter().map(|j| j.verdict).collect();
        assert_eq!(verdicts[2], Verdict::Blunder, "{judged:#?}");
        assert!(verdicts[..2].iter().all(|v| *v <= Verdict::Inaccuracy), "{verdicts:?}");
        assert_ne!(judged[2].best, game.moves[2], "a better move is named");
        assert!(judged[2].before - judged[2].after >= BLUNDER);
    }

    #[test]
    fn a_proven_win_is_said_with_its_plies() {
        let start = read_fen("B:W18:B14").unwrap();
        let capture = read_move(&start, "14x23").unwrap();
        let judged = analysed(start, &[capture]);
        assert_eq!(judged[0].proven, Some(ProvenWin { winner: Colour::Black, plies: 1 }));
        assert_eq!(judged[0].verdict, Verdict::Good);
    }

    #[test]
    fn each_verdict_starts_at_its_threshold_and_a_lost_win_is_a_blunder() {
        let start = Position::START;
        let mut analysis = Analysis::new(start, &[], 1);
        let m = read_move(&start, "11-15").unwrap();
        analysis.moves = vec![m];
        let verdict = |analysis: &mut Analysis, before: i32, after: i32| {
            let best = Some(m);
            analysis.searched =
                vec![Searched { score: before, best }, Searched { score: -after, best }];
            analysis.judged()[0].verdict
        };
        let a = &mut analysis;
        assert_eq!(verdict(a, 20, 20 - INACCURACY + 1), Verdict::Good);
        assert_eq!(verdict(a, 20, 20 - INACCURACY), Verdict::Inaccuracy);
        assert_eq!(verdict(a, 20, 20 - MISTAKE), Verdict::Mistake);
        assert_eq!(verdict(a, 20, 20 - BLUNDER), Verdict::Blunder);
        assert_eq!(verdict(a, WIN - 9, MAN), Verdict::Blunder, "a proven win let go");
    }
}
