//! A referee's decision on one stroke (or on an expired shot clock or a resignation).

use super::settings::NO_SIDE;
use crate::sim::MAX_BODIES;
use bytemuck::{Pod, Zeroable};

/// A foul, with the rule that makes it one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Foul {
    /// CL-9a: the striker was pocketed.
    StrikerPocketed = 0,
    /// CL-9b: the striker or a piece left the board.
    LeftBoard = 1,
    /// CL-9c: an opponent's piece was pocketed.
    OpponentPiece = 2,
    /// CL-9d: own last piece pocketed before the queen was covered.
    LastBeforeQueen = 3,
    /// CL-9e: the opponent's last piece was pocketed.
    OpponentLast = 4,
    /// CL-9g: three failed break attempts.
    FailedBreak = 5,
    /// DP-5: the striker touched nothing.
    DiscPoolNoTouch = 6,
    /// DP-5: the striker left the board or was pocketed.
    DiscPoolStrikerOff = 7,
    /// FS-5: the striker touched nothing.
    FreestyleNoTouch = 8,
    /// FS-5: the striker left the board or was pocketed.
    FreestyleStrikerOff = 9,
}

impl Foul {
    /// Every foul.
    pub const ALL: [Foul; 10] = [
        Foul::StrikerPocketed,
        Foul::LeftBoard,
        Foul::OpponentPiece,
        Foul::LastBeforeQueen,
        Foul::OpponentLast,
        Foul::FailedBreak,
        Foul::DiscPoolNoTouch,
        Foul::DiscPoolStrikerOff,
        Foul::FreestyleNoTouch,
        Foul::FreestyleStrikerOff,
    ];

    /// The rule id.
    pub const fn rule(self) -> &'static str {
        match self {
            Foul::StrikerPocketed => "CL-9a",
            Foul::LeftBoard => "CL-9b",
            Foul::OpponentPiece => "CL-9c",
            Foul::LastBeforeQueen => "CL-9d",
            Foul::OpponentLast => "CL-9e",
            Foul::FailedBreak => "CL-9g",
            Foul::DiscPoolNoTouch | Foul::DiscPoolStrikerOff => "DP-5",
            Foul::FreestyleNoTouch | Foul::FreestyleStrikerOff => "FS-5",
        }
    }

    const fn bit(self) -> u32 {
        1 << self as u8
    }
}

/// Why a ruling was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Cause {
    /// A stroke was played.
    Stroke = 0,
    /// The shot clock ran out: the turn passes, no other penalty.
    ClockExpired = 1,
    /// A side resigned.
    Resigned = 2,
}

/// What a referee decided. Plain old data, so the game keeps the last one in its state
/// for the players to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Ruling {
    /// Fouls, one bit per [`Foul`].
    pub fouls: u32,
    /// Board points awarded with `board_winner` (CL-8), or the winner's score.
    pub board_points: i32,
    /// Pieces to put back on the board (CM-7), in this order.
    pub returned: [u8; MAX_BODIES],
    /// How many entries of `returned` are used.
    pub returned_count: u8,
    /// 1 if the same side shoots again.
    pub turn_continues: u8,
    /// Seat to shoot next.
    pub next_shooter: u8,
    /// 1 if the board ended with this ruling.
    pub board_over: u8,
    /// Side that won the board, or [`NO_SIDE`] (a cleared board with no winner).
    pub board_winner: u8,
    /// 1 if the match ended with this ruling.
    pub match_over: u8,
    /// Winning side if the match ended, or [`NO_SIDE`] (a draw).
    pub match_winner: u8,
    /// 1 if the queen went back to the centre without a foul (CL-5, or an uncovered queen).
    pub queen_returned: u8,
    /// [`Cause`] code.
    pub cause: u8,
    /// Reserved, zero.
    pub reserved: [u8; 3],
}

impl Ruling {
    /// An empty ruling for `cause`.
    pub fn new(cause: Cause) -> Ruling {
        Ruling {
            fouls: 0,
            board_points: 0,
            returned: [0; MAX_BODIES],
            returned_count: 0,
            turn_continues: 0,
            next_shooter: 0,
            board_over: 0,
            board_winner: NO_SIDE,
            match_over: 0,
            match_winner: NO_SIDE,
            queen_returned: 0,
            cause: cause as u8,
            reserved: [0; 3],
        }
    }

    /// Records a foul.
    pub fn add_foul(&mut self, foul: Foul) {
        self.fouls |= foul.bit();
    }

    /// Whether `foul` was committed.
    pub const fn has(&self, foul: Foul) -> bool {
        self.fouls & foul.bit() != 0
    }

    /// Whether any foul was committed.
    pub const fn is_foul(&self) -> bool {
        self.fouls != 0
    }

    /// The fouls committed.
    pub fn fouls(&self) -> impl Iterator<Item = Foul> + '_ {
        Foul::ALL.into_iter().filter(|f| self.has(*f))
    }

    /// Adds a piece to put back, once.
    pub fn send_back(&mut self, body: usize) {
        if !self.returns(body) {
            self.returned[self.returned_count as usize] = body as u8;
            self.returned_count += 1;
        }
    }

    /// Whether `body` goes back.
    pub fn returns(&self, body: usize) -> bool {
        self.returned().any(|b| b == body)
    }

    /// The pieces to put back, in order.
    pub fn returned(&self) -> impl Iterator<Item = usize> + '_ {
        self.returned[..self.returned_count as usize].iter().map(|&b| b as usize)
    }

    /// Why the ruling was made.
    pub const fn cause(&self) -> Cause {
        match self.cause {
            1 => Cause::ClockExpired,
            2 => Cause::Resigned,
            _ => Cause::Stroke,
        }
    }
}
