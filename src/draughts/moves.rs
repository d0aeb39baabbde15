//! Move generation (src/rules/RULES.md CK-3 … CK-8): men step forward, kings either way, no
//! flying; captures are compulsory but any may be chosen; a multi-jump is completed;
//! crowning ends the move, even mid-jump.
//!
//! A move is its start, its landing squares and the pieces it removes. Two capture paths
//! with the same start, end and removed set are one move for play; generation with
//! `all_paths` keeps every path, as most published perft tables count them. Captured
//! pieces stay on the board until the move is complete, so a piece is jumped only once.

use super::board::{BOTTOM_ROW, Dir, Squares, TOP_ROW, landing, neighbour, step, step_back};
use super::position::{Colour, Position};

/// One move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    /// Start square (bit).
    pub from: u8,
    /// End square (bit).
    pub to: u8,
    /// Jumps made (0 for a plain move).
    pub jumps: u8,
    /// Pieces removed.
    pub captured: Squares,
    /// Landing squares of a capture, 5 bits each, first in the low bits.
    path: u64,
}

impl Move {
    /// A plain (non-capturing) move.
    pub const fn step(from: u32, to: u32) -> Move {
        Move { from: from as u8, to: to as u8, jumps: 0, captured: 0, path: 0 }
    }

    /// Whether the move captures.
    pub const fn is_capture(&self) -> bool {
        self.jumps > 0
    }

    /// The squares (bits) the piece lands on, in order: the end square alone for a plain
    /// move, every landing for a capture.
    pub fn landings(&self) -> impl Iterator<Item = u32> + '_ {
        let n = self.jumps.max(1) as u32;
        (0..n).map(move |k| {
            if self.jumps == 0 { self.to as u32 } else { ((self.path >> (5 * k)) & 31) as u32 }
        })
    }

    /// Whether two moves are the same move for play: same start, end and removed set.
    pub const fn same_play(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}

/// Most moves a position can have (far above any reachable count).
pub const MAX_MOVES: usize = 256;

/// A fixed-capacity list of moves: generation never allocates.
pub struct Moves {
    list: [Move; MAX_MOVES],
    len: usize,
}

impl Default for Moves {
    fn default() -> Self {
        Moves { list: [Move::default(); MAX_MOVES], len: 0 }
    }
}

impl Moves {
    /// The moves.
    pub fn as_slice(&self) -> &[Move] {
        &self.list[..self.len]
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, m: Move) {
        // Generation cannot exceed MAX_MOVES; staying in bounds is still checked.
        if self.len < MAX_MOVES {
            self.list[self.len] = m;
            self.len += 1;
        }
    }
}

/// The side to move's pieces split by what they may do. `BLACK` fixes the colour at
/// compile time, so the directions are constants and the hot paths have no branches.
struct Sides<const BLACK: bool> {
    mine: Squares,
    kings: Squares,
    opponents: Squares,
    empty: Squares,
}

impl<const BLACK: bool> Sides<BLACK> {
    const FORWARD: [Dir; 2] = if BLACK { Dir::DOWN } else { Dir::UP };
    const BACKWARD: [Dir; 2] = if BLACK { Dir::UP } else { Dir::DOWN };
    const CROWN: Squares = if BLACK { BOTTOM_ROW } else { TOP_ROW };

    #[inline]
    fn of(pos: &Position) -> Self {
        let (mine, opponents) = if BLACK { (pos.black, pos.red) } else { (pos.red, pos.black) };
        Sides { mine, kings: mine & pos.kings, opponents, empty: pos.empty() }
    }

    /// Pieces of `movers` that can jump in `dir`.
    #[inline]
    fn jumpers(&self, movers: Squares, dir: Dir) -> Squares {
        let over = step(movers, dir) & self.opponents;
        let land = step(over, dir) & self.empty;
        step_back(step_back(land, dir) & self.opponents, dir) & movers
    }

    /// Every piece that can capture.
    #[inline]
    fn capturers(&self) -> Squares {
        let [f0, f1] = Self::FORWARD;
        let [b0, b1] = Self::BACKWARD;
        self.jumpers(self.mine, f0)
            | self.jumpers(self.mine, f1)
            | self.jumpers(self.kings, b0)
            | self.jumpers(self.kings, b1)
    }

    /// Plain moves' targets in each direction, with who may move that way.
    #[inline]
    fn plain_targets(&self) -> [(Squares, Dir); 4] {
        let [f0, f1] = Self::FORWARD;
        let [b0, b1] = Self::BACKWARD;
        [
            (step(self.mine, f0) & self.empty, f0),
            (step(self.mine, f1) & self.empty, f1),
            (step(self.kings, b0) & self.empty, b0),
            (step(self.kings, b1) & self.empty, b1),
        ]
    }

    fn generate(&self, capturers: Squares, all_paths: bool, out: &mut Moves) {
        out.len = 0;
        if capturers != 0 {
            let mut bits = capturers;
            while bits != 0 {
                let from = bits.trailing_zeros();
                bits &= bits - 1;
                let king = self.kings & (1 << from) != 0;
                let dirs: &[Dir] = if king { &Dir::ALL } else { &Self::FORWARD };
                let jump = Jump {
                    opponents: self.opponents,
                    crown: if king { 0 } else { Self::CROWN },
                    dirs,
                    from,
                    all_paths,
                    empty: self.empty | (1 << from),
                };
                jump.search(from, 0, 0, 0, out);
            }
            return;
        }
        for (mut targets, d) in self.plain_targets() {
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let from = step_back(1 << to, d).trailing_zeros();
                out.push(Move::step(from, to));
            }
        }
    }
}

/// Whether the side to move has a capture (and so must capture, CK-5).
pub fn has_capture(pos: &Position) -> bool {
    match pos.to_move() {
        Colour::Black => Sides::<true>::of(pos).capturers() != 0,
        Colour::Red => Sides::<false>::of(pos).capturers() != 0,
    }
}

/// Every legal move of the side to move, into `out` (cleared first).
pub fn generate(pos: &Position, all_paths: bool, out: &mut Moves) {
    match pos.to_move() {
        Colour::Black => {
            let s = Sides::<true>::of(pos);
            s.generate(s.capturers(), all_paths, out);
        }
        Colour::Red => {
            let s = Sides::<false>::of(pos);
            s.generate(s.capturers(), all_paths, out);
        }
    }
}

/// The number of legal moves; without captures it is counted, not generated. `scratch`
/// holds the moves when captures have to be generated to be counted.
pub fn count(pos: &Position, all_paths: bool, scratch: &mut Moves) -> u64 {
    fn count_as<const BLACK: bool>(pos: &Position, all_paths: bool, scratch: &mut Moves) -> u64 {
        let s = Sides::<BLACK>::of(pos);
        let capturers = s.capturers();
        if capturers != 0 {
            s.generate(capturers, all_paths, scratch);
            return scratch.len() as u64;
        }
        s.plain_targets().iter().map(|(t, _)| t.count_ones() as u64).sum()
    }
    match pos.to_move() {
        Colour::Black => count_as::<true>(pos, all_paths, scratch),
        Colour::Red => count_as::<false>(pos, all_paths, scratch),
    }
}

struct Jump<'a> {
    opponents: Squares,
    /// Where this piece would be crowned (none for a king).
    crown: Squares,
    dirs: &'a [Dir],
    from: u32,
    all_paths: bool,
    /// Empty squares for this move: the start square is vacated.
    empty: Squares,
}

impl Jump<'_> {
    fn search(&self, at: u32, captured: Squares, path: u64, n: u8, out: &mut Moves) {
        let mut extended = false;
        for &d in self.dirs {
            let (Some(over), Some(land)) = (neighbour(at, d), landing(at, d)) else { continue };
            let jumpable = self.opponents & !captured & (1 << over) != 0;
            if !jumpable || self.empty & (1 << land) == 0 {
                continue;
            }
            extended = true;
            let (captured, path) = (captured | 1 << over, path | (land as u64) << (5 * n as u64));
            if self.crown & (1 << land) != 0 {
                // CK-7: crowning ends the move.
                self.emit(land, captured, path, n + 1, out);
            } else {
                self.search(land, captured, path, n + 1, out);
            }
        }
        if !extended && n > 0 {
            self.emit(at, captured, path, n, out);
        }
    }

    fn emit(&self, to: u32, captured: Squares, path: u64, jumps: u8, out: &mut Moves) {
        let m = Move { from: self.from as u8, to: to as u8, jumps, captured, path };
        if self.all_paths || !out.as_slice().iter().any(|o| o.same_play(&m)) {
            out.push(m);
        }
    }
}

/// The position after `m` (which must be legal in `pos`).
pub fn apply(pos: &Position, m: &Move) -> Position {
    let (from, to) = (1u32 << m.from, 1u32 << m.to);
    let mut next = *pos;
    let was_king = pos.kings & from != 0;
    let crown = match pos.to_move() {
        Colour::Black => BOTTOM_ROW,
        Colour::Red => TOP_ROW,
    };
    match pos.to_move() {
        Colour::Black => {
            next.black = (next.black & !from) | to;
            next.red &= !m.captured;
        }
        Colour::Red => {
            next.red = (next.red & !from) | to;
            next.black &= !m.captured;
        }
    }
    next.kings &= !(from | m.captured);
    if was_king || crown & to != 0 {
        next.kings |= to;
    }
    next.side ^= 1;
    next
}
