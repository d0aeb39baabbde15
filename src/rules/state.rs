//! The match state the referees read and write: scores, dues, colours, queen, who
//! breaks and who shoots, which pocketed piece is credited to whom. Plain old data.

use super::settings::{NO_SIDE, Settings, Variant};
use crate::sim::{Kind, MAX_BODIES, Seat};
use bytemuck::{Pod, Zeroable};

/// Where the queen stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Queen {
    /// On the board.
    OnBoard = 0,
    /// Pocketed, awaiting its cover (CL-6, FS-4).
    Pending = 1,
    /// Covered: it belongs to (Classic) or has scored for (Freestyle) `queen_side`.
    Covered = 2,
    /// Not in this variant (Disc Pool).
    Absent = 3,
}

impl Queen {
    /// The status stored as `code`.
    pub const fn from_code(code: u8) -> Queen {
        match code {
            1 => Queen::Pending,
            2 => Queen::Covered,
            3 => Queen::Absent,
            _ => Queen::OnBoard,
        }
    }

    /// The name used in `carrom referee` output.
    pub const fn name(self) -> &'static str {
        match self {
            Queen::OnBoard => "on_board",
            Queen::Pending => "pending",
            Queen::Covered => "covered",
            Queen::Absent => "absent",
        }
    }
}

/// The referees' state of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct MatchState {
    /// Per side: match points (Classic 2/4: board points), running points (Classic 3,
    /// Freestyle) or discs pocketed (Disc Pool).
    pub scores: [i32; 4],
    /// Per side: penalty pieces owed (CL-9 Decision).
    pub dues: [u8; 4],
    /// Per side: the colour it owns this board, as a [`Kind`] code (0: none).
    pub colours: [u8; 4],
    /// Per side: shot-clock expiries in a row.
    pub expiries: [u8; 4],
    /// Per body: 1 + the side a pocketed piece is credited to (0: none).
    pub credit: [u8; MAX_BODIES],
    /// Per body: 1 + the seat whose stroke earned a credited piece (0: none), so that
    /// FS-5 takes back the shooter's own piece, not a partner's.
    pub scorer: [u8; MAX_BODIES],
    /// Per body: when it was credited, for "most recently pocketed".
    pub credit_order: [u16; MAX_BODIES],
    /// Credits handed out so far this board.
    pub sequence: u16,
    /// Board number, from 1.
    pub board: u8,
    /// Seat that broke this board.
    pub breaker: u8,
    /// Seat to shoot.
    pub shooter: u8,
    /// [`Queen`] code.
    pub queen: u8,
    /// Side that pocketed (pending) or covered the queen, or [`NO_SIDE`].
    pub queen_side: u8,
    /// Failed break attempts on this board (CL-3).
    pub break_attempts: u8,
    /// 1 once this board's break has touched a piece.
    pub broken: u8,
    /// 1 once the match is over.
    pub over: u8,
    /// Winning side once over, or [`NO_SIDE`] (a draw).
    pub winner: u8,
    /// Reserved, zero (sized so that [`crate::game::Match`] holds no padding).
    pub reserved: [u8; 5],
}

impl MatchState {
    /// The state at the start of a match.
    pub fn new(settings: &Settings) -> MatchState {
        let breaker = settings.first_breaker();
        let mut state = MatchState {
            scores: [0; 4],
            dues: [0; 4],
            colours: [0; 4],
            expiries: [0; 4],
            credit: [0; MAX_BODIES],
            scorer: [0; MAX_BODIES],
            credit_order: [0; MAX_BODIES],
            sequence: 0,
            board: 1,
            breaker: breaker.0,
            shooter: breaker.0,
            queen: Queen::OnBoard as u8,
            queen_side: NO_SIDE,
            break_attempts: 0,
            broken: 0,
            over: 0,
            winner: NO_SIDE,
            reserved: [0; 5],
        };
        state.deal_colours(settings);
        if !settings.variant().has_queen() {
            state.queen = Queen::Absent as u8;
        }
        state
    }

    /// Starts the next board: the break passes to the next seat (CL-2), per-board state
    /// is cleared, colours are dealt again.
    pub fn next_board(&mut self, settings: &Settings) {
        let breaker = settings.next_seat(Seat(self.breaker));
        self.board += 1;
        self.breaker = breaker.0;
        self.shooter = breaker.0;
        self.dues = [0; 4];
        self.credit = [0; MAX_BODIES];
        self.scorer = [0; MAX_BODIES];
        self.credit_order = [0; MAX_BODIES];
        self.sequence = 0;
        self.queen = Queen::OnBoard as u8;
        self.queen_side = NO_SIDE;
        self.break_attempts = 0;
        self.broken = 0;
        self.deal_colours(settings);
    }

    /// Colours (CL-1, DP-2): in Classic with 2 or 4 the breaking side plays white
    /// (Decision: "the first side plays white", on every board); in Disc Pool side 0 is
    /// white; otherwise nobody owns a colour.
    fn deal_colours(&mut self, settings: &Settings) {
        self.colours = [0; 4];
        let white_side = match (settings.variant(), settings.players) {
            (Variant::Classic, 2 | 4) => settings.side_of(Seat(self.breaker)),
            (Variant::DiscPool, _) => 0,
            _ => return,
        };
        self.colours[white_side] = Kind::White as u8;
        self.colours[1 - white_side] = Kind::Black as u8;
    }

    /// The queen's status.
    pub const fn queen(&self) -> Queen {
        Queen::from_code(self.queen)
    }

    /// The colour `side` owns, if any.
    pub const fn colour(&self, side: usize) -> Option<Kind> {
        match self.colours[side] {
            0 => None,
            code => Some(Kind::from_code(code)),
        }
    }

    /// The side owning `colour`, if any.
    pub fn owner_of(&self, colour: Kind) -> Option<usize> {
        self.colours.iter().position(|&c| c == colour as u8)
    }

    /// The side body `i` is credited to, if any.
    pub const fn credited(&self, i: usize) -> Option<usize> {
        match self.credit[i] {
            0 => None,
            c => Some(c as usize - 1),
        }
    }

    /// Credits body `i` to `side`, earned by a stroke of `scorer`.
    pub fn give_credit(&mut self, i: usize, side: usize, scorer: Seat) {
        self.sequence += 1;
        self.credit[i] = side as u8 + 1;
        self.scorer[i] = scorer.0 + 1;
        self.credit_order[i] = self.sequence;
    }

    /// Takes body `i`'s credit away.
    pub fn take_credit(&mut self, i: usize) {
        self.credit[i] = 0;
        self.scorer[i] = 0;
        self.credit_order[i] = 0;
    }

    /// The piece most recently credited to `side` for which `eligible` holds.
    pub fn most_recent_credit(
        &self,
        side: usize,
        eligible: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        (0..MAX_BODIES)
            .filter(|&i| self.credited(i) == Some(side) && eligible(i))
            .max_by_key(|&i| self.credit_order[i])
    }

    /// The piece `seat`'s own strokes most recently earned (FS-5).
    pub fn most_recent_score_of(&self, seat: Seat) -> Option<usize> {
        (0..MAX_BODIES)
            .filter(|&i| self.scorer[i] == seat.0 + 1 && self.credited(i).is_some())
            .max_by_key(|&i| self.credit_order[i])
    }

    /// Whether the match is over.
    pub const fn is_over(&self) -> bool {
        self.over != 0
    }
}
