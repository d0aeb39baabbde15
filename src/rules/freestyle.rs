//! Freestyle (src/rules/RULES.md FS-1 … FS-6): white 20, black 10, the covered queen 50,
//! for whoever pockets them; first to 160.

use super::call::Call;
use super::ruling::Foul;
use super::state::Queen;

/// Points that win at once (FS-6).
pub const TARGET: i32 = 160;

pub(crate) fn rule(call: &mut Call<'_>) {
    let side = call.side;
    if !call.facts.striker_touched {
        call.ruling.add_foul(Foul::FreestyleNoTouch);
    }
    // The striker pocketed counts as leaving the board (Decision: FS-5 names both).
    let striker_off = call.facts.striker_pocketed || call.facts.striker_left();
    if striker_off {
        call.ruling.add_foul(Foul::FreestyleStrikerOff);
    }
    // A piece that left the board goes back to the centre without a foul (Decision).
    call.return_pieces_that_left();
    let pieces = call.pocketed_besides_queen();
    let queen_down = call.queen_pocketed();
    if call.ruling.is_foul() {
        // FS-5: a foul cancels everything pocketed in the stroke and sends a queen being
        // covered back to the centre …
        call.cancel_pockets(&pieces, queen_down);
        // … and with the striker off the board, the shooter's own last piece comes back
        // out (with 4 players, not the partner's).
        if striker_off && let Some(last) = call.state.most_recent_score_of(call.seat) {
            call.send_back(last);
        }
        call.pass_turn();
    } else {
        for &piece in &pieces {
            call.credit(piece, side);
        }
        queen(call, queen_down, !pieces.is_empty());
        if !pieces.is_empty() || queen_down {
            call.shoot_again();
        } else {
            call.pass_turn();
        }
    }
    // FS-6: 160 wins at once; a cleared board goes to the highest score, level is a draw.
    if call.state.scores[side] >= TARGET {
        call.end_board(Some(side), call.state.scores[side]);
        call.end_match(Some(side));
    } else if call.pieces_left() == 0 {
        let sides: Vec<usize> = (0..call.settings.sides()).collect();
        let leader = call.leader(&sides);
        call.end_board(leader, leader.map_or(0, |w| call.state.scores[w]));
        call.end_match(leader);
    }
}

/// FS-4: queen with another piece is covered at once; alone she needs a piece pocketed
/// in the next stroke, unless she was the last piece on the board.
fn queen(call: &mut Call<'_>, queen_down: bool, others: bool) {
    let side = call.side;
    let cover = |call: &mut Call<'_>| {
        call.state.queen = Queen::Covered as u8;
        call.state.queen_side = side as u8;
        if let Some(q) = call.queen_body() {
            call.credit(q, side);
        }
    };
    if queen_down {
        if others || call.pieces_left() == 0 {
            cover(call);
        } else {
            call.state.queen = Queen::Pending as u8;
            call.state.queen_side = side as u8;
        }
    } else if call.state.queen() == Queen::Pending {
        if others {
            cover(call);
        } else {
            call.return_queen();
        }
    }
}
