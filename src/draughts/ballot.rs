//! The three-move ballot: the openings English draughts tournaments draw by lot, so that
//! a game does not start with the same few lines every time (src/rules/RULES.md CK-16).
//!
//! The list is the one the American Checker Federation numbers 1 to 174 and the English
//! Draughts Association uses: every sound opening of three moves (Black, Red, Black), in
//! the order of their squares. Eighteen of them are barred because they lose by force, so
//! 156 are in the deck a ballot is drawn from. A barred opening keeps its number and
//! cannot be chosen.
//!
//! ```
//! use carrom::draughts::ballot::{Ballot, BallotError};
//!
//! let ballot = Ballot::number(34).unwrap();
//! assert_eq!(ballot.text(), "9-13 24-20 11-16");
//! assert_eq!(Ballot::deck().count(), 156);
//! assert_eq!(Ballot::number(3), Err(BallotError::Barred(3)));
//! assert_eq!(Ballot::number(175), Err(BallotError::NotOnTheList(175)));
//! ```

use super::game::Draughts;
use super::moves::{Move, Moves, generate};
use super::position::Position;
use crate::determinism::mix;
use core::fmt;

/// A square's number and the square it moves to, in PDN numbering.
type Step = (u8, u8);

/// Red's answers to one first move, each with Black's second moves after it.
type Answers = &'static [(Step, &'static [Step])];

/// The openings, grouped by Black's first move, then Red's answer, then Black's second
/// move, in the list's order: the n-th third move met is ballot n.
const OPENINGS: &[(Step, Answers)] = &[
    (
        (9, 13),
        &[
            ((21, 17), &[(5, 9), (6, 9), (10, 14)]),
            ((22, 17), &[(13, 22)]),
            ((22, 18), &[(6, 9), (10, 14), (10, 15), (11, 15), (11, 16), (12, 16)]),
            ((23, 18), &[(5, 9), (6, 9), (10, 14), (10, 15), (11, 15), (11, 16), (12, 16)]),
            ((23, 19), &[(5, 9), (6, 9), (10, 14), (10, 15), (11, 16)]),
            ((24, 19), &[(5, 9), (6, 9), (10, 14), (10, 15), (11, 15), (11, 16)]),
            ((24, 20), &[(5, 9), (6, 9), (10, 14), (10, 15), (11, 15), (11, 16), (12, 16)]),
        ],
    ),
    (
        (9, 14),
        &[
            ((22, 17), &[(5, 9), (6, 9), (11, 15), (11, 16)]),
            ((22, 18), &[(5, 9), (10, 15), (11, 15), (11, 16), (12, 16), (14, 17)]),
            ((23, 18), &[(14, 23)]),
            ((23, 19), &[(5, 9), (10, 15), (11, 16), (14, 18)]),
            ((24, 19), &[(5, 9), (10, 15), (11, 15), (11, 16)]),
            ((24, 20), &[(5, 9), (10, 15), (11, 15), (11, 16)]),
        ],
    ),
    (
        (10, 14),
        &[
            ((22, 17), &[(7, 10), (9, 13), (11, 15), (11, 16), (14, 18)]),
            ((22, 18), &[(6, 10), (7, 10), (11, 15), (11, 16), (12, 16)]),
            ((23, 18), &[(14, 23)]),
            ((23, 19), &[(6, 10), (7, 10), (11, 15), (11, 16), (14, 18)]),
            ((24, 19), &[(6, 10), (7, 10), (11, 15), (11, 16), (14, 18)]),
            ((24, 20), &[(6, 10), (7, 10), (11, 15), (11, 16), (14, 18)]),
        ],
    ),
    (
        (10, 15),
        &[
            ((21, 17), &[(6, 10), (7, 10), (9, 13), (9, 14), (11, 16), (15, 18)]),
            ((22, 17), &[(6, 10), (7, 10), (9, 13), (9, 14), (11, 16), (15, 19)]),
            ((22, 18), &[(15, 22)]),
            ((23, 18), &[(6, 10), (7, 10), (9, 14), (11, 16), (12, 16)]),
            ((23, 19), &[(6, 10), (7, 10), (11, 16)]),
            ((24, 19), &[(15, 24)]),
            ((24, 20), &[(6, 10), (7, 10), (11, 16), (15, 19)]),
        ],
    ),
    (
        (11, 15),
        &[
            ((21, 17), &[(8, 11), (9, 13), (9, 14), (10, 14), (15, 19)]),
            ((22, 17), &[(8, 11), (9, 13), (15, 18), (15, 19)]),
            ((22, 18), &[(15, 22)]),
            ((23, 18), &[(8, 11), (9, 14), (10, 14), (12, 16), (15, 19)]),
            ((23, 19), &[(8, 11), (9, 13), (9, 14)]),
            ((24, 19), &[(15, 24)]),
            ((24, 20), &[(8, 11), (12, 16), (15, 18)]),
        ],
    ),
    (
        (11, 16),
        &[
            ((21, 17), &[(7, 11), (8, 11), (9, 13), (9, 14), (10, 14), (16, 20)]),
            ((22, 17), &[(7, 11), (8, 11), (9, 13), (16, 20)]),
            ((22, 18), &[(7, 11), (8, 11), (10, 15), (16, 19), (16, 20)]),
            ((23, 18), &[(7, 11), (8, 11), (9, 14), (10, 14), (16, 20)]),
            ((23, 19), &[(16, 23)]),
            ((24, 19), &[(7, 11), (8, 11), (10, 15), (16, 20)]),
            ((24, 20), &[(7, 11), (16, 19)]),
        ],
    ),
    (
        (12, 16),
        &[
            ((21, 17), &[(9, 13), (9, 14), (16, 19), (16, 20)]),
            ((22, 17), &[(16, 19), (16, 20)]),
            ((22, 18), &[(16, 19), (16, 20)]),
            ((23, 18), &[(9, 14), (16, 19), (16, 20)]),
            ((23, 19), &[(16, 23)]),
            ((24, 19), &[(16, 20)]),
            ((24, 20), &[(8, 12), (10, 15)]),
        ],
    ),
];

/// The numbers of the openings the list bars: each loses by force.
const BARRED: [u8; 18] =
    [3, 13, 26, 35, 44, 45, 48, 52, 77, 88, 94, 109, 114, 137, 145, 156, 168, 171];

/// A three-move opening by its number on the list (1 to 174), not barred.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ballot(u8);

/// Why a number is not a ballot that can be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BallotError {
    /// The list runs from 1 to 174.
    NotOnTheList(u32),
    /// This opening loses by force, so the list bars it.
    Barred(u8),
}

impl fmt::Display for BallotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BallotError::NotOnTheList(n) => write!(f, "the ballot runs from 1 to 174, not {n}"),
            BallotError::Barred(n) => write!(f, "ballot {n} is barred: it loses by force"),
        }
    }
}

impl std::error::Error for BallotError {}

/// Every opening on the list, barred or not, in its order: (number, its three steps).
fn listed() -> impl Iterator<Item = (u8, [Step; 3])> {
    OPENINGS
        .iter()
        .flat_map(|&(first, answers)| {
            answers.iter().flat_map(move |&(second, thirds)| {
                thirds.iter().map(move |&third| [first, second, third])
            })
        })
        .zip(1u8..)
        .map(|(steps, n)| (n, steps))
}

impl Ballot {
    /// How many openings the list numbers.
    pub const LISTED: u8 = 174;

    /// The opening numbered `n`, unless the list has no such number or bars it.
    pub fn number(n: u32) -> Result<Ballot, BallotError> {
        match u8::try_from(n) {
            Ok(n @ 1..=Ballot::LISTED) if BARRED.contains(&n) => Err(BallotError::Barred(n)),
            Ok(n @ 1..=Ballot::LISTED) => Ok(Ballot(n)),
            _ => Err(BallotError::NotOnTheList(n)),
        }
    }

    /// The 156 openings a ballot is drawn from, in the list's order.
    pub fn deck() -> impl Iterator<Item = Ballot> {
        (1..=Ballot::LISTED).filter(|n| !BARRED.contains(n)).map(Ballot)
    }

    /// The opening drawn from the deck by `seed`: the same seed draws the same one on
    /// every machine.
    pub fn drawn(seed: u64) -> Ballot {
        let deck: Vec<Ballot> = Ballot::deck().collect();
        deck[(mix(seed) % deck.len() as u64) as usize]
    }

    /// Its number on the list.
    pub const fn get(self) -> u8 {
        self.0
    }

    fn steps(self) -> [Step; 3] {
        listed().find(|&(n, _)| n == self.0).map(|(_, steps)| steps).unwrap_or_default()
    }

    /// Its three moves, from the standard start.
    pub fn moves(self) -> [Move; 3] {
        let mut position = Position::START;
        let mut moves = Moves::default();
        self.steps().map(|(from, to)| {
            generate(&position, false, &mut moves);
            let (from, to) = (u32::from(from) - 1, u32::from(to) - 1);
            let found = moves
                .as_slice()
                .iter()
                .copied()
                .find(|m| u32::from(m.from) == from && u32::from(m.to) == to)
                .unwrap_or(Move::step(from, to));
            position = super::moves::apply(&position, &found);
            found
        })
    }

    /// The game once its three moves are played: Red to move.
    pub fn game(self) -> Draughts {
        let mut game = Draughts::new();
        for m in self.moves() {
            game.play(&m);
        }
        game
    }

    /// Its moves as the list writes them: `9-13 22-17 13x22`.
    pub fn text(self) -> String {
        let moves = self.moves();
        moves.iter().map(super::pdn::write_move).collect::<Vec<_>>().join(" ")
    }
}

impl fmt::Display for Ballot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.0, self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::pdn::write_move;

    #[test]
    fn ck_16_the_list_has_174_openings_of_which_156_are_in_the_deck() {
        assert_eq!(listed().count(), 174);
        assert_eq!(listed().last().map(|(n, _)| n), Some(Ballot::LISTED));
        assert_eq!(Ballot::deck().count(), 156);
        let barred: Vec<u8> = (1..=174).filter(|&n| Ballot::number(n.into()).is_err()).collect();
        let published = [3, 13, 26, 35, 44, 45, 48, 52, 77, 88, 94, 109, 114, 137, 145, 156, 168];
        assert_eq!(barred[..17], published, "the published list's barred numbers");
        assert_eq!(barred[17], 171);
        // What three of them are: each a known loss.
        let steps = |n: u8| listed().find(|&(m, _)| m == n).map(|(_, steps)| steps);
        assert_eq!(steps(3), Some([(9, 13), (21, 17), (10, 14)]));
        assert_eq!(steps(48), Some([(9, 14), (23, 19), (10, 15)]));
        assert_eq!(steps(171), Some([(12, 16), (23, 19), (16, 23)]));
    }

    #[test]
    fn ck_16_every_listed_opening_is_three_legal_moves_and_they_are_in_the_lists_order() {
        let mut seen = Vec::new();
        for (n, steps) in listed() {
            let mut position = Position::START;
            let mut moves = Moves::default();
            for (from, to) in steps {
                generate(&position, false, &mut moves);
                let legal: Vec<&Move> = moves
                    .as_slice()
                    .iter()
                    .filter(|m| m.from + 1 == from && m.to + 1 == to)
                    .collect();
                assert_eq!(legal.len(), 1, "ballot {n}: {from}-{to} is one legal move");
                position = crate::draughts::apply(&position, legal[0]);
            }
            assert!(!seen.contains(&position), "ballot {n} reaches a position of its own");
            seen.push(position);
        }
        let order: Vec<[Step; 3]> = listed().map(|(_, steps)| steps).collect();
        assert!(order.is_sorted(), "numbered in the order of their squares");
    }

    #[test]
    fn ck_16_numbers_name_the_openings_the_published_list_gives_them() {
        let text = |n| Ballot::number(n).map(Ballot::text);
        assert_eq!(text(1).as_deref(), Ok("9-13 21-17 5-9"));
        assert_eq!(text(4).as_deref(), Ok("9-13 22-17 13x22"));
        assert_eq!(text(34).as_deref(), Ok("9-13 24-20 11-16"));
        assert_eq!(text(60).as_deref(), Ok("10-14 22-17 9-13"));
        assert_eq!(text(105).as_deref(), Ok("10-15 23-19 11-16"));
        assert_eq!(text(153).as_deref(), Ok("11-16 23-19 16x23"));
        assert_eq!(text(174).as_deref(), Ok("12-16 24-20 10-15"));
        assert_eq!(Ballot::number(48), Err(BallotError::Barred(48)));
        assert_eq!(Ballot::number(0), Err(BallotError::NotOnTheList(0)));
        assert_eq!(Ballot::number(300), Err(BallotError::NotOnTheList(300)));
    }

    #[test]
    fn ck_16_a_drawn_ballot_is_in_the_deck_and_the_same_seed_draws_the_same_one() {
        let drawn: Vec<Ballot> = (0..2000).map(Ballot::drawn).collect();
        assert!(drawn.iter().all(|b| Ballot::number(b.get().into()) == Ok(*b)));
        assert_eq!(drawn, (0..2000).map(Ballot::drawn).collect::<Vec<_>>());
        let mut different: Vec<u8> = drawn.iter().map(|b| b.get()).collect();
        different.sort_unstable();
        different.dedup();
        assert!(different.len() > 140, "2000 draws reach most of the deck: {}", different.len());
    }

    #[test]
    fn ck_16_a_ballot_game_has_its_three_moves_played_and_red_to_move() {
        let ballot = Ballot::number(97).unwrap();
        let game = ballot.game();
        assert_eq!(game.plies, 3);
        assert_eq!(game.position.to_move(), crate::draughts::Colour::Red);
        let texts: Vec<String> = ballot.moves().iter().map(write_move).collect();
        assert_eq!(texts, ["10-15", "22-18", "15x22"]);
        assert_eq!(ballot.to_string(), "97: 10-15 22-18 15x22");
    }
}
