//! The rules of each game type in a player's words, written from RULES.md (the rule ids
//! are kept in brackets so a curious player can look them up).

use crate::rules::Variant;

/// What every carrom variant shares.
pub const COMMON: &str = "\
Take turns flicking the striker from your baseline, the two lines in front of you. The \
striker must sit on the baseline, either fully covering one of the red circles at its ends \
or clear of them [CM-4], and you must shoot forwards, away from your own edge [CM-5]. \
Pieces that go back come out at the free spot nearest the centre [CM-7].";

/// The rules of `variant`.
pub const fn rules(variant: Variant) -> &'static str {
    match variant {
        Variant::Classic => CLASSIC,
        Variant::DiscPool => DISC_POOL,
        Variant::Freestyle => FREESTYLE,
    }
}

/// How to aim and strike.
pub const CONTROLS: &str = "\
Mouse: drag the striker left and right along your baseline. Then press anywhere else on \
the board and pull back, like a slingshot: the striker flies away from the pointer, and \
the further you pull, the harder it goes. Let go to strike. The guide line shows where the \
striker first meets something.\n\
Keyboard: Left/Right move the striker, Up/Down turn the aim (hold Shift for small steps), \
hold Space to build up power and let go to strike. Esc pauses.";

const CLASSIC: &str = "\
Classic carrom, for 2, 3 or 4 players (4 play as two pairs, partners facing each other).\n\n\
Colours: with 2 or 4, the side that breaks plays white, the other black. Pocket your own \
colour (or the queen) without a foul and you shoot again [CL-4]. The break gets three \
tries to touch a piece [CL-3].\n\n\
The queen (red): you may take it only once you have pocketed one of your own pieces, or do \
so in the same stroke [CL-5]; then cover it by pocketing one of your own in the same or \
the next stroke, or it goes back to the centre [CL-6]. Whenever a rule sends the queen \
back, she is on the board again, free for either side [CM-11].\n\n\
Fouls end your turn and cost you a piece, which goes back to the centre (if you have none \
yet, you owe it): pocketing the striker, knocking a piece off the board, pocketing an \
opponent's piece, pocketing your own last piece before the queen is covered, pocketing \
the opponent's last piece, or three failed breaks [CL-9 a-e, g].\n\n\
Once the queen is covered, whoever clears their colour wins the board [CL-7]. The winner \
scores 1 for each opposing piece left, and 5 more for the queen only if the winner is the \
side that covered her; the loser scores nothing [CL-8]. First to 25 wins; otherwise the \
best total after 8 boards, a tie settled by one more board [CL-10].\n\n\
With 3 players nobody owns a colour: black scores 1, white 2, the queen 5 (after a cover), \
and every clean pocket keeps your turn [CL-12].\n\n\
How to win: pocket a few of your own before you go for the queen, so a cover is always \
near; never sink your last piece before she is covered; and leave the opponent's pieces \
alone near the pockets - a stroke that drops one of theirs is a foul.";

const DISC_POOL: &str = "\
Disc Pool, for 2 players or two pairs - the easiest way to start. No queen: nine white and \
nine black discs [DP-1]. Player 1 plays white and breaks [DP-2].\n\n\
Every disc counts for its own colour, whoever pockets it [DP-3]. You shoot again only when \
you pocket at least one of your colour without a foul [DP-4].\n\n\
Fouls: the striker touches nothing, leaves the board, or drops into a pocket (it can on the \
ICF board). A foul only ends your turn; nothing comes back [DP-5].\n\n\
The first side with all nine of its discs pocketed wins. If one stroke finishes both \
colours, the shooter's side wins [DP-6].\n\n\
How to win: look at the disc beside the pocket, not just your target - a stroke that \
drops theirs helps them. Play soft near the pockets: a disc that arrives too fast bounces \
out. Clear the awkward discs on the cushions first, and be bold: a foul costs only the turn.";

const FREESTYLE: &str = "\
Freestyle, for 2, 3 or 4 players (4 play as two pairs). Nobody owns a colour: every piece \
scores for whoever pockets it. White 20, black 10, the queen 50 once covered; 320 points \
on the board in all [FS-1].\n\n\
Any clean pocket lets you shoot again [FS-3].\n\n\
The queen: pocket it together with another piece and it counts at once. Pocket it alone and \
you must pocket any piece with your next stroke to cover it, or it goes back to the centre \
[FS-4]. If the queen is the last piece on the board, she counts at once.\n\n\
Fouls: the striker touches nothing, leaves the board, or drops into a pocket (it can on the \
ICF board). Everything pocketed in that stroke comes back out and scores nothing; if the \
striker left the board you also lose your most recently scored piece [FS-5].\n\n\
First to 160 wins at once. If the board is cleared first, the highest score wins; equal \
highest scores are a draw [FS-6].\n\n\
How to win: whites are worth twice the blacks, so take a white when both are on; pocket \
the queen with another piece in the same stroke, so she counts at once; and keep the \
striker on the board - losing it costs your last piece as well.";

/// English draughts, from RULES.md CK-1 … CK-13.
pub const DRAUGHTS: &str = "\
English draughts (checkers), for two. The board has 64 squares but only the 32 dark ones \
are played on; they carry the standard numbers 1 to 32 [CK-1]. Each side starts with 12 \
men on the three rows nearest it. Black moves first, then Black and Red take turns [CK-2].\n\n\
A man moves one square diagonally forwards onto an empty square [CK-3]. To capture, jump \
diagonally over an enemy piece next to you onto the empty square just behind it; the \
jumped piece is taken off. Men capture forwards only [CK-4]. If you can capture, you must \
- but when there are several captures you may pick any of them, not only the longest \
[CK-5]. After a jump, if the same piece can jump again it must, in the same move, turning \
if it likes, until no jump is left [CK-6].\n\n\
A man that reaches the far row becomes a king, and its move ends there, even in the middle \
of a run of jumps [CK-7]. A king moves and captures one square diagonally in all four \
directions; it does not fly across the board [CK-8].\n\n\
You win when the other side cannot move: no pieces left, or every one blocked [CK-9]. The \
game is drawn when the same position with the same side to move comes up for the third \
time, or after 40 moves by each side with no capture and no man moving; the game sees both \
and ends itself [CK-10]. You may also resign.\n\n\
Tips: keep your back row at home as long as you can - it stops enemy men from crowning. \
Trade pieces when you are ahead. A piece in the middle of the board does more than one on \
the edge.";

/// How to move in draughts.
pub const DRAUGHTS_CONTROLS: &str = "\
Click a piece to pick it up: rings show where it can go; click one to move there. You may \
also drag the piece and drop it. When a capture is compulsory the pieces that can capture \
are ringed in orange and the status line says so; the pieces a capture would take are \
crossed. For a run of jumps click each landing square in turn, or the last one; when only \
one way on is left it plays itself. Keyboard: type a square's number and press Enter, then \
the number of where it goes. Take back undoes your last move (and the computer's reply) \
[CK-13]. Esc pauses, where you can resign.";
