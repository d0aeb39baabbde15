//! Disc Pool (src/rules/RULES.md DP-1 … DP-6): clear your nine discs before the other side
//! does.

use super::call::Call;
use super::ruling::Foul;
use crate::sim::Kind;

/// Discs of each colour (DP-1).
pub const DISCS: i32 = 9;

pub(crate) fn rule(call: &mut Call<'_>) {
    let side = call.side;
    let mine = call.state.colour(side).unwrap_or(Kind::White);
    let theirs = if mine == Kind::White { Kind::Black } else { Kind::White };
    // DP-5: a foul only ends the turn; nothing goes back.
    if !call.facts.striker_touched {
        call.ruling.add_foul(Foul::DiscPoolNoTouch);
    }
    if call.facts.striker_pocketed || call.facts.striker_left() {
        call.ruling.add_foul(Foul::DiscPoolStrikerOff);
    }
    // A disc that left the board (only possible through an extreme collision) goes back
    // to the centre without a foul (Decision).
    call.return_pieces_that_left();
    // DP-3: every disc counts for the side of its colour, whoever pocketed it.
    let pocketed: Vec<usize> = call.facts.pocketed().collect();
    for piece in pocketed {
        if let Some(owner) = call.state.owner_of(call.kind(piece)) {
            call.credit(piece, owner);
        }
    }
    // DP-6: the first side with all nine down wins; both at once, the shooter's side.
    let cleared = |colour| call.left_on_board(colour) == 0;
    let winner = if cleared(mine) {
        Some(side)
    } else if cleared(theirs) {
        call.state.owner_of(theirs)
    } else {
        None
    };
    if let Some(w) = winner {
        call.end_board(Some(w), DISCS);
        call.end_match(Some(w));
        return;
    }
    // DP-4: shoot again only after pocketing a disc of your colour without a foul.
    if !call.ruling.is_foul() && call.pocketed_of(mine).next().is_some() {
        call.shoot_again();
    } else {
        call.pass_turn();
    }
}
