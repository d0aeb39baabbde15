//! Classic carrom (src/rules/RULES.md CL-1 … CL-12): with colours for 2 or 4 players, every
//! player for themselves with 3.

use super::call::Call;
use super::ruling::Foul;
use super::state::Queen;
use crate::sim::Kind;

/// Points needed to win the match (CL-10, CL-12).
pub const TARGET: i32 = 25;
/// Boards after which the highest total wins (CL-10).
pub const BOARDS: u8 = 8;

/// Classic with colours: 2 players, or 4 in partnerships (CL-11).
pub(crate) fn rule_colours(call: &mut Call<'_>) {
    let side = call.side;
    let mine = call.state.colour(side).unwrap_or(Kind::White);
    let theirs = if mine == Kind::White { Kind::Black } else { Kind::White };
    let own: Vec<usize> = call.pocketed_of(mine).collect();
    let opponents: Vec<usize> = call.pocketed_of(theirs).collect();
    let queen_down = call.queen_pocketed();
    let failed_attempt = break_attempt(call);

    if call.facts.striker_pocketed {
        call.ruling.add_foul(Foul::StrikerPocketed);
    }
    if call.facts.left_board != 0 {
        call.ruling.add_foul(Foul::LeftBoard);
    }
    if !opponents.is_empty() {
        call.ruling.add_foul(Foul::OpponentPiece);
        if call.left_on_board(theirs) == 0 {
            call.ruling.add_foul(Foul::OpponentLast);
        }
    }
    call.return_pieces_that_left();
    // CL-9a, b: own pieces pocketed in the stroke go back; c, e: the opponent's.
    let own_back = call.ruling.has(Foul::StrikerPocketed) || call.ruling.has(Foul::LeftBoard);
    if own_back {
        for &piece in &own {
            call.send_back(piece);
        }
    }
    for &piece in &opponents {
        call.send_back(piece);
    }
    let own_stays = !own_back && !own.is_empty();
    queen_and_cover(call, queen_down, own_stays, |state| state.colour(side).is_some());

    // CL-9d: own last piece before the queen is covered.
    let covered = call.state.queen() == Queen::Covered;
    if own_stays && !covered && call.left_on_board(mine) == 0 {
        call.ruling.add_foul(Foul::LastBeforeQueen);
        if let Some(&last) = own.last() {
            call.send_back(last);
        }
    }
    let fresh: Vec<usize> = own.iter().copied().filter(|&p| !call.ruling.returns(p)).collect();
    for &piece in &fresh {
        call.credit(piece, side);
    }
    call.pay_dues(&fresh);
    if call.ruling.is_foul() {
        call.penalty(|kind| kind == mine);
    }

    // CL-7, CL-8: the queen covered, a side with nothing left wins the board.
    if call.state.queen() == Queen::Covered && call.left_on_board(mine) == 0 {
        let mut points = call.left_on_board(theirs) as i32;
        if call.state.queen_side as usize == side {
            points += 5;
        }
        call.state.scores[side] += points;
        call.end_board(Some(side), points);
        after_board(call, Some(side));
        return;
    }
    // CL-4, CL-3: shoot again after a clean stroke that pocketed own piece or queen, or
    // after a failed break attempt that is not the third.
    let pocketed_something = !own.is_empty() || queen_down;
    if !call.ruling.is_foul() && (pocketed_something || failed_attempt) {
        call.shoot_again();
    } else {
        call.pass_turn();
    }
}

/// Classic for 3 players (CL-12): no colours, black 1, white 2, queen 5 for whoever
/// pockets them cleanly.
pub(crate) fn rule_free_for_all(call: &mut Call<'_>) {
    let side = call.side;
    let failed_attempt = break_attempt(call);
    if call.facts.striker_pocketed {
        call.ruling.add_foul(Foul::StrikerPocketed);
    }
    if call.facts.left_board != 0 {
        call.ruling.add_foul(Foul::LeftBoard);
    }
    call.return_pieces_that_left();
    let pieces = call.pocketed_besides_queen();
    let queen_down = call.queen_pocketed();
    if call.ruling.is_foul() {
        // Nothing pocketed in a foul stroke was pocketed cleanly: it all goes back.
        call.cancel_pockets(&pieces, queen_down);
        call.penalty(|_| true);
        call.pass_turn();
    } else {
        for &piece in &pieces {
            call.credit(piece, side);
        }
        // CL-5 does not apply without colours (Decision): the queen needs only a cover,
        // with any piece, and a lone queen counts at once.
        queen_and_cover(call, queen_down, !pieces.is_empty(), |_| false);
        call.pay_dues(&pieces);
        if !pieces.is_empty() || queen_down || failed_attempt {
            call.shoot_again();
        } else {
            call.pass_turn();
        }
    }
    if call.state.scores[side] >= TARGET {
        call.end_match(Some(side));
        return;
    }
    if call.pieces_left() == 0 {
        call.end_board(None, 0);
        after_board(call, None);
    }
}

/// CL-3: the break and its attempts. Returns whether this stroke was a failed attempt
/// that may be retried.
fn break_attempt(call: &mut Call<'_>) -> bool {
    if call.state.broken != 0 {
        return false;
    }
    if call.facts.striker_touched {
        call.state.broken = 1;
        return false;
    }
    call.state.break_attempts += 1;
    if call.state.break_attempts >= 3 {
        call.ruling.add_foul(Foul::FailedBreak);
        // The break passes on to the next seat, with fresh attempts (Decision).
        call.state.break_attempts = 0;
        return false;
    }
    true
}

/// The queen and her cover (CL-5, CL-6). `covering` says whether pieces that can cover
/// her stay pocketed this stroke; `needs_piece_first` whether CL-5 applies.
fn queen_and_cover(
    call: &mut Call<'_>,
    queen_down: bool,
    covering: bool,
    needs_piece_first: impl Fn(&super::state::MatchState) -> bool,
) {
    let side = call.side;
    let queen = call.queen_body();
    if queen_down {
        let holds_own = call.state.most_recent_credit(side, |i| Some(i) != queen).is_some();
        let eligible = !needs_piece_first(&call.state) || holds_own || covering;
        let lone = call.pieces_left() == 0;
        if call.ruling.is_foul() || !eligible {
            call.return_queen();
        } else if covering || (lone && !needs_piece_first(&call.state)) {
            cover(call, side);
        } else {
            call.state.queen = Queen::Pending as u8;
            call.state.queen_side = side as u8;
        }
    } else if call.state.queen() == Queen::Pending {
        if !call.ruling.is_foul() && covering {
            cover(call, side);
        } else {
            call.return_queen();
        }
    }
}

fn cover(call: &mut Call<'_>, side: usize) {
    call.state.queen = Queen::Covered as u8;
    call.state.queen_side = side as u8;
    if let Some(q) = call.queen_body() {
        call.credit(q, side);
    }
}

/// After a board (CL-10): 25 points wins; after the eighth board the highest total, a
/// tie going on to another board.
fn after_board(call: &mut Call<'_>, winner: Option<usize>) {
    if let Some(w) = winner
        && call.state.scores[w] >= TARGET
    {
        call.end_match(Some(w));
        return;
    }
    if call.state.board >= BOARDS {
        let sides: Vec<usize> = (0..call.settings.sides()).collect();
        if let Some(leader) = call.leader(&sides) {
            call.end_match(Some(leader));
            return;
        }
    }
    call.ruling.next_shooter = call.settings.next_seat(crate::sim::Seat(call.state.breaker)).0;
}
