//! One stroke (or clock expiry, or resignation) being ruled, and what every variant's
//! referee does with it: sending pieces back, crediting, penalty pieces and dues, the next
//! turn, the end of a board or of the match.

use super::facts::Facts;
use super::ruling::{Cause, Ruling};
use super::settings::{NO_SIDE, Settings, Variant};
use super::state::{MatchState, Queen};
use crate::sim::{Kind, Seat, Table};

/// Points a piece is worth to whoever it is credited to.
pub const fn value(settings: &Settings, kind: Kind) -> i32 {
    match (settings.variant(), settings.players, kind) {
        (Variant::Freestyle, _, Kind::White) => 20,
        (Variant::Freestyle, _, Kind::Black) => 10,
        (Variant::Freestyle, _, Kind::Queen) => 50,
        (Variant::Classic, 3, Kind::White) => 2,
        (Variant::Classic, 3, Kind::Black) => 1,
        (Variant::Classic, 3, Kind::Queen) => 5,
        (Variant::DiscPool, _, Kind::White | Kind::Black) => 1,
        _ => 0,
    }
}

/// One stroke (or clock expiry, or resignation) being ruled.
pub(crate) struct Call<'a> {
    pub settings: &'a Settings,
    pub table: &'a Table,
    pub facts: &'a Facts,
    pub state: MatchState,
    pub ruling: Ruling,
    pub seat: Seat,
    pub side: usize,
}

impl<'a> Call<'a> {
    /// The ruling of what `cause` brought about in `state`, with `table` and `facts`.
    pub fn new(
        settings: &'a Settings,
        state: &MatchState,
        table: &'a Table,
        facts: &'a Facts,
        cause: Cause,
    ) -> Call<'a> {
        let seat = Seat(state.shooter);
        Call {
            settings,
            table,
            facts,
            state: *state,
            ruling: Ruling::new(cause),
            seat,
            side: settings.side_of(seat),
        }
    }

    /// What body `i` is.
    pub fn kind(&self, i: usize) -> Kind {
        self.table.bodies()[i].kind()
    }

    /// The pieces of `kind` pocketed this stroke, in order.
    pub fn pocketed_of(&self, kind: Kind) -> impl Iterator<Item = usize> + '_ {
        self.facts.pocketed().filter(move |&b| self.kind(b) == kind)
    }

    /// The queen's body, if she is in play.
    pub fn queen_body(&self) -> Option<usize> {
        (1..self.table.bodies().len()).find(|&i| self.kind(i) == Kind::Queen)
    }

    /// Whether the queen was pocketed this stroke.
    pub fn queen_pocketed(&self) -> bool {
        self.pocketed_of(Kind::Queen).next().is_some()
    }

    /// Pieces of `kind` on the board once this ruling's returns are made.
    pub fn left_on_board(&self, kind: Kind) -> usize {
        let bodies = self.table.bodies();
        (1..bodies.len())
            .filter(|&i| bodies[i].kind() == kind)
            .filter(|&i| bodies[i].is_on_board() || self.ruling.returns(i))
            .count()
    }

    /// Pieces of any kind on the board once this ruling's returns are made.
    pub fn pieces_left(&self) -> usize {
        [Kind::White, Kind::Black, Kind::Queen].into_iter().map(|k| self.left_on_board(k)).sum()
    }

    /// Puts a piece back (CM-7); whoever it was credited to loses it and its points. The
    /// queen back on the board is uncovered and earnable again, whatever sent her (CM-11).
    pub fn send_back(&mut self, body: usize) {
        if let Some(side) = self.state.credited(body) {
            self.state.scores[side] -= value(self.settings, self.kind(body));
            self.state.take_credit(body);
        }
        if self.kind(body) == Kind::Queen {
            self.state.queen = Queen::OnBoard as u8;
            self.state.queen_side = NO_SIDE;
        }
        self.ruling.send_back(body);
    }

    /// Puts back every piece (not the striker) that left the board this stroke.
    pub fn return_pieces_that_left(&mut self) {
        let left: Vec<usize> = self.facts.pieces_left(self.table).collect();
        for piece in left {
            self.send_back(piece);
        }
    }

    /// The pieces pocketed this stroke other than the queen, in order.
    pub fn pocketed_besides_queen(&self) -> Vec<usize> {
        self.facts.pocketed().filter(|&b| self.kind(b) != Kind::Queen).collect()
    }

    /// A foul stroke's pockets do not count: `pieces` go back, and so does a queen
    /// pocketed in it or awaiting her cover.
    pub fn cancel_pockets(&mut self, pieces: &[usize], queen_down: bool) {
        for &piece in pieces {
            self.send_back(piece);
        }
        if queen_down || self.state.queen() == Queen::Pending {
            self.return_queen();
        }
    }

    /// Credits a pocketed piece to `side`, with its points, as earned by this stroke.
    pub fn credit(&mut self, body: usize, side: usize) {
        self.state.give_credit(body, side, self.seat);
        self.state.scores[side] += value(self.settings, self.kind(body));
    }

    /// Sends the queen back to the centre and clears her status.
    pub fn return_queen(&mut self) {
        if let Some(q) = self.queen_body() {
            self.send_back(q);
        }
        self.state.queen = Queen::OnBoard as u8;
        self.state.queen_side = NO_SIDE;
        if !self.ruling.is_foul() {
            self.ruling.queen_returned = 1;
        }
    }

    /// The fouling side pays a penalty piece: its most recently credited piece for which
    /// `eligible` holds goes back, or, with none, it owes a due (CL-9 Decision).
    pub fn penalty(&mut self, eligible: impl Fn(Kind) -> bool) {
        let side = self.side;
        let kinds: Vec<Kind> = (0..self.table.bodies().len()).map(|i| self.kind(i)).collect();
        match self.state.most_recent_credit(side, |i| i < kinds.len() && eligible(kinds[i])) {
            Some(piece) => self.send_back(piece),
            None => self.state.dues[side] += 1,
        }
    }

    /// Pays the side's dues with pieces it just had credited (most recent first).
    pub fn pay_dues(&mut self, fresh: &[usize]) {
        for &piece in fresh.iter().rev() {
            if self.state.dues[self.side] == 0 {
                break;
            }
            self.state.dues[self.side] -= 1;
            self.send_back(piece);
        }
    }

    /// The same seat shoots again.
    pub fn shoot_again(&mut self) {
        self.ruling.turn_continues = 1;
        self.ruling.next_shooter = self.seat.0;
        self.state.shooter = self.seat.0;
    }

    /// Play passes to the next seat (CM-6).
    pub fn pass_turn(&mut self) {
        let next = self.settings.next_seat(self.seat);
        self.ruling.turn_continues = 0;
        self.ruling.next_shooter = next.0;
        self.state.shooter = next.0;
    }

    /// The match ends; `winner` None is a draw.
    pub fn end_match(&mut self, winner: Option<usize>) {
        let winner = winner.map_or(NO_SIDE, |w| w as u8);
        self.state.over = 1;
        self.state.winner = winner;
        self.ruling.match_over = 1;
        self.ruling.match_winner = winner;
        self.ruling.next_shooter = self.state.shooter;
    }

    /// `loser` forfeits: with two sides the other wins; with three, the leader of the
    /// other two (a draw if they are level).
    pub fn forfeit(&mut self, loser: usize) {
        let others: Vec<usize> = (0..self.settings.sides()).filter(|&s| s != loser).collect();
        let winner = self.leader(&others);
        self.end_match(winner);
    }

    /// The side among `sides` with the strictly highest score, if one has.
    pub fn leader(&self, sides: &[usize]) -> Option<usize> {
        let best = sides.iter().map(|&s| self.state.scores[s]).max()?;
        let mut top = sides.iter().filter(|&&s| self.state.scores[s] == best);
        match (top.next(), top.next()) {
            (Some(&s), None) => Some(s),
            _ => None,
        }
    }

    /// Ends the board won by `winner` with `points` (`None`: nobody, the board cleared).
    pub fn end_board(&mut self, winner: Option<usize>, points: i32) {
        self.ruling.board_over = 1;
        self.ruling.board_winner = winner.map_or(NO_SIDE, |w| w as u8);
        self.ruling.board_points = points;
    }
}
