//! The draughts game on this machine: the engine's [`Draughts`], who plays each colour,
//! the moves played (for take-back and the last-move highlight), the move being built, and
//! how the game ended. The engine decides every rule; this only keeps the record.

use super::selection::Selection;
use crate::client::flow::setup::{colour_message, draughts_level_message};
use crate::client::words::Words;
use crate::draughts::ballot::Ballot;
use crate::draughts::level::Level;
use crate::draughts::pdn::{Game, Outcome, write_game};
use crate::draughts::turns::{Offer, Say, Turn};
use crate::draughts::{Colour, Draughts, Move, Moves, Position, Status};
use bevy::prelude::*;

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at this machine.
    Human,
    /// The computer, at this strength (CK-11).
    Computer(Level),
    /// A player on another machine (CK-15).
    Remote,
}

/// How a game ended, beyond the engine's [`Status`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The engine's verdict: a win by no legal move, or a draw (CK-9, CK-10).
    Status(Status),
    /// `Colour` resigned.
    Resigned(Colour),
    /// `Colour`'s player left the online game: a forfeit.
    Left(Colour),
    /// Both players agreed to a draw (online).
    DrawAgreed,
}

/// The game in progress.
#[derive(Resource, Clone, Debug)]
pub struct DraughtsMatch {
    /// The game now.
    pub game: Draughts,
    /// Where the game started (the standard start, or a position set up from a FEN).
    pub start: Position,
    /// Who plays Black and Red (index: `colour_index`).
    pub players: [Player; 2],
    /// The names shown for Black and Red.
    pub names: [String; 2],
    /// The colour drawn at the bottom of the board.
    pub bottom: Colour,
    /// Every move played, with the game before it (take-back, CK-13).
    pub played: Vec<(Draughts, Move)>,
    /// The move the person to move is building.
    pub selection: Selection,
    /// Seed of the computer's deliberate mistakes (easy).
    pub seed: u64,
    /// How the game ended, once it has.
    pub ending: Option<Ending>,
    /// Online: moves go to the rollback session as turns instead of being played here.
    pub online: bool,
    /// Online: this machine's turn waiting for the session to play it.
    pub outbox: Option<Turn>,
    /// Online: an offer waiting for its answer (CK-13).
    pub offer: Option<Offer>,
    /// The three-move opening the game began with, if it was balloted (CK-16).
    pub ballot: Option<Ballot>,
    /// Against the computer: hints may be asked.
    pub hints_on: bool,
    /// Positions a hint was asked in.
    pub hints: u32,
}

/// Black is 0, Red 1.
pub const fn colour_index(colour: Colour) -> usize {
    match colour {
        Colour::Black => 0,
        Colour::Red => 1,
    }
}

impl DraughtsMatch {
    /// A game from the start: player 1 (`names[0]`) takes `colour`, and `opponent` plays the
    /// other.
    pub fn new(colour: Colour, opponent: Player, names: [String; 2], seed: u64) -> Self {
        let mut players = [Player::Human; 2];
        players[colour_index(colour.other())] = opponent;
        let mut shown = names.clone();
        shown[colour_index(colour)] = names[0].clone();
        shown[colour_index(colour.other())] = match opponent {
            Player::Computer(level) => format!("Computer ({})", level.name()),
            Player::Human | Player::Remote => names[1].clone(),
        };
        DraughtsMatch {
            game: Draughts::new(),
            start: Position::START,
            players,
            names: shown,
            bottom: colour,
            played: Vec::new(),
            selection: Selection::default(),
            seed,
            ending: None,
            online: false,
            outbox: None,
            offer: None,
            ballot: None,
            hints_on: false,
            hints: 0,
        }
    }

    /// The same game started from `position` instead (a FEN set up on Home).
    pub fn starting_at(mut self, position: Position) -> Self {
        self.game = Draughts::from(position);
        self.start = position;
        self.played.clear();
        self.ending = None;
        self.ballot = None;
        self
    }

    /// The same game started from the standard start with `ballot`'s three moves played
    /// (CK-16): they are the first moves of its list, and take back stops after them.
    pub fn opened_with(mut self, ballot: Ballot) -> Self {
        self = self.starting_at(Position::START);
        for m in ballot.moves() {
            self.play(m);
        }
        self.ballot = Some(ballot);
        self
    }

    /// Moves no take back undoes: a ballot's three.
    fn fixed_plies(&self) -> usize {
        if self.ballot.is_some() { 3 } else { 0 }
    }

    /// The game as PDN text, with the players' names and the result.
    pub fn pdn(&self) -> String {
        let outcome = match (self.ending, self.winner()) {
            (None, _) => Outcome::Unfinished,
            (Some(_), Some(Colour::Black)) => Outcome::BlackWins,
            (Some(_), Some(Colour::Red)) => Outcome::RedWins,
            (Some(_), None) => Outcome::Draw,
        };
        let mut tags = vec![
            ("Event".to_string(), "carrom: English draughts".to_string()),
            ("Black".to_string(), self.name(Colour::Black).to_string()),
            ("White".to_string(), self.name(Colour::Red).to_string()),
            ("Result".to_string(), outcome.token().to_string()),
        ];
        if let Some(ballot) = self.ballot {
            tags.push(("Opening".to_string(), format!("ACF {ballot}")));
        }
        if self.hints > 0 {
            tags.push(("Hints".to_string(), self.hints.to_string()));
        }
        let moves = self.played.iter().map(|(_, m)| *m).collect();
        write_game(&Game { tags, start: self.start, moves, outcome })
    }

    /// The side to move.
    pub fn to_move(&self) -> Colour {
        self.game.position.to_move()
    }

    /// Who plays the side to move.
    pub fn mover(&self) -> Player {
        self.players[colour_index(self.to_move())]
    }

    /// `colour`'s name, as files keep it.
    pub fn name(&self, colour: Colour) -> &str {
        &self.names[colour_index(colour)]
    }

    /// `colour`'s name, as the player reads it: the computer is named in their language.
    pub fn shown_name(&self, w: &Words, colour: Colour) -> String {
        match self.players[colour_index(colour)] {
            Player::Computer(level) => w.with(
                "draughts-computer",
                &[("level", w.get(draughts_level_message(level)).into())],
            ),
            Player::Human | Player::Remote => self.name(colour).to_string(),
        }
    }

    /// The last move played, for its highlight.
    pub fn last_move(&self) -> Option<Move> {
        self.played.last().map(|(_, m)| *m)
    }

    /// Plays `m` (legal now) and notes the ending if the game is over.
    pub fn play(&mut self, m: Move) {
        self.played.push((self.game, m));
        self.game.play(&m);
        self.selection = Selection::default();
        let status = self.game.status();
        if status != Status::Playing {
            self.ending = Some(Ending::Status(status));
        }
    }

    /// The move chosen by this machine's player: played here, or (online) sent as a turn
    /// for the session to play on every peer.
    pub fn commit(&mut self, m: Move) {
        if !self.online {
            self.play(m);
            return;
        }
        let mut moves = Moves::default();
        self.game.moves(&mut moves);
        if let Some(index) = moves.as_slice().iter().position(|legal| legal.same_play(&m)) {
            let ply = (self.game.plies + 1) as u16;
            self.outbox = Some(Turn { ply, index: index as u16, ..Turn::default() });
        }
        self.selection = Selection::default();
    }

    /// Online: says `say` about an offer (the session carries it to the other player).
    pub fn say(&mut self, say: Say) {
        if self.online && self.ending.is_none() {
            self.outbox = Some(Turn { say, ..Turn::default() });
        }
    }

    /// Online: the offer waiting for this machine's answer, if the other side made one.
    pub fn offer_to_answer(&self) -> Option<Offer> {
        self.offer.filter(|o| match o {
            Offer::Draw(by) | Offer::TakeBack(by) => *by != self.bottom,
        })
    }

    /// `colour` resigns: here, or (online) as a turn the session plays.
    pub fn resign_here(&mut self, colour: Colour) {
        if self.online {
            self.outbox = Some(Turn { resign: true, ..Turn::default() });
        } else {
            self.resign(colour);
        }
    }

    /// Pieces `colour` has captured.
    pub fn captured_by(&self, colour: Colour) -> u32 {
        12 - self.game.position.pieces(colour.other()).count_ones()
    }

    /// Takes back the last move and, against the computer, its reply before it, so the
    /// person is to move again (CK-13). False when there is nothing to take back.
    pub fn take_back(&mut self) -> bool {
        if self.ending.is_some() || self.online {
            return false;
        }
        let fixed = self.fixed_plies();
        if self.played.len() <= fixed {
            return false;
        }
        let Some((before, _)) = self.played.pop() else { return false };
        self.game = before;
        // Against the computer, back to a position where a person moves.
        while self.mover() != Player::Human && self.played.len() > fixed {
            let Some((before, _)) = self.played.pop() else { break };
            self.game = before;
        }
        self.selection = Selection::default();
        true
    }

    /// `colour` resigns.
    pub fn resign(&mut self, colour: Colour) {
        if self.ending.is_none() {
            self.ending = Some(Ending::Resigned(colour));
        }
    }

    /// The winner, if any (none: a draw, or not over).
    pub fn winner(&self) -> Option<Colour> {
        match self.ending? {
            Ending::Status(Status::Won(colour)) => Some(colour),
            Ending::Resigned(colour) | Ending::Left(colour) => Some(colour.other()),
            Ending::Status(_) | Ending::DrawAgreed => None,
        }
    }

    /// How the game ended, in words with the rule's id.
    pub fn ending_text(&self, w: &Words) -> String {
        let colour = |c: Colour| ("colour", w.get(colour_message(c)).into());
        match self.ending {
            None | Some(Ending::Status(Status::Playing)) => String::new(),
            Some(Ending::Status(Status::Won(c))) => {
                w.with("draughts-no-move", &[colour(c.other())])
            }
            Some(Ending::Status(Status::DrawByRepetition)) => w.get("draughts-drawn-repetition"),
            Some(Ending::Status(Status::DrawByFortyMoves)) => w.get("draughts-drawn-forty"),
            Some(Ending::Resigned(c)) => w.with("draughts-resigned", &[colour(c)]),
            Some(Ending::DrawAgreed) => w.get("draughts-drawn-agreed"),
            Some(Ending::Left(c)) => {
                w.with("draughts-left", &[("name", self.shown_name(w, c).into())])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::Moves;

    fn first_move(m: &DraughtsMatch) -> Move {
        let mut moves = Moves::default();
        m.game.moves(&mut moves);
        moves.as_slice()[0]
    }

    #[test]
    fn ck_13_take_back_against_the_computer_undoes_its_reply_too() {
        let names = ["Asha".to_string(), "Ravi".to_string()];
        let mut m = DraughtsMatch::new(Colour::Black, Player::Computer(Level::Easy), names, 1);
        assert!(!m.take_back(), "nothing to take back");
        let mine = first_move(&m);
        m.play(mine);
        let reply = first_move(&m);
        m.play(reply);
        assert!(m.take_back());
        assert_eq!(m.game, Draughts::new(), "both moves are undone");
        assert_eq!(m.to_move(), Colour::Black);
    }

    #[test]
    fn ck_13_take_back_in_two_on_one_device_undoes_one_move_at_a_time() {
        let names = ["Asha".to_string(), "Ravi".to_string()];
        let mut m = DraughtsMatch::new(Colour::Red, Player::Human, names, 1);
        assert_eq!(m.name(Colour::Red), "Asha");
        assert_eq!(m.name(Colour::Black), "Ravi");
        let a = first_move(&m);
        m.play(a);
        let b = first_move(&m);
        m.play(b);
        assert!(m.take_back());
        assert_eq!(m.played.len(), 1);
        assert!(m.take_back());
        assert!(m.played.is_empty());
    }

    #[test]
    fn a_finished_game_reads_back_from_its_pdn() {
        let names = ["Asha".to_string(), "Ravi".to_string()];
        let mut m = DraughtsMatch::new(Colour::Black, Player::Human, names, 1);
        for _ in 0..5 {
            let next = first_move(&m);
            m.play(next);
        }
        m.resign(Colour::Red);
        let game = crate::draughts::pdn::read_game(&m.pdn()).unwrap();
        assert_eq!(game.outcome, Outcome::BlackWins);
        assert_eq!(game.moves.len(), 5);
        assert!(game.tags.iter().any(|(n, v)| n == "White" && v == "Ravi"));
    }

    #[test]
    fn a_game_set_up_from_a_fen_starts_there() {
        let names = ["Asha".to_string(), "Ravi".to_string()];
        let position = crate::draughts::pdn::read_fen("W:WK10:B5,6").unwrap();
        let m = DraughtsMatch::new(Colour::Red, Player::Human, names, 1).starting_at(position);
        assert_eq!(m.to_move(), Colour::Red);
        assert!(crate::draughts::pdn::read_game(&m.pdn()).unwrap().start == position);
    }

    #[test]
    fn ck_16_a_balloted_game_begins_with_its_three_moves_and_take_back_stops_after_them() {
        let names = ["Asha".to_string(), "Ravi".to_string()];
        let ballot = Ballot::number(34).unwrap();
        let opponent = Player::Computer(Level::Easy);
        let mut m = DraughtsMatch::new(Colour::Red, opponent, names, 1).opened_with(ballot);
        assert_eq!(m.played.len(), 3);
        assert_eq!(m.to_move(), Colour::Red, "the person, Red, moves first after the ballot");
        assert!(!m.take_back(), "the ballot's moves stay");
        let mine = first_move(&m);
        m.play(mine);
        let reply = first_move(&m);
        m.play(reply);
        assert!(m.take_back());
        assert_eq!(m.played.len(), 3);
        assert_eq!(m.game, ballot.game());
        let pdn = m.pdn();
        assert!(pdn.contains("[Opening \"ACF 34: 9-13 24-20 11-16\"]"), "{pdn}");
        let game = crate::draughts::pdn::read_game(&pdn).unwrap();
        assert_eq!(game.moves, ballot.moves());
        assert_eq!(game.start, Position::START);
    }

    #[test]
    fn ck_9_resigning_gives_the_game_to_the_other_side() {
        let names = ["Asha".to_string(), "Ravi".to_string()];
        let mut m = DraughtsMatch::new(Colour::Black, Player::Human, names, 1);
        m.resign(Colour::Black);
        assert_eq!(m.winner(), Some(Colour::Red));
        assert!(m.ending_text(&Words::default()).contains("resigned"));
        assert!(!m.take_back(), "a finished game stays finished");
    }
}
