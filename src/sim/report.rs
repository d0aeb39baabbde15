//! What the physics reports about a stroke (src/rules/RULES.md CM-8): the only facts the
//! referees decide from.

use super::body::{Kind, MAX_BODIES};
use bytemuck::{Pod, Zeroable};

/// No body (for [`StrokeReport::first_contact`]).
pub const NO_BODY: u8 = u8::MAX;

/// A piece that dropped, and into which pocket (0 south-west, 1 south-east,
/// 2 north-east, 3 north-west).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Pocketing {
    /// Index of the body in the table.
    pub body: u8,
    /// Pocket number.
    pub pocket: u8,
}

/// Everything CM-8 lists about one stroke. It lives inside the table so that a stroke
/// advanced frame by frame (and rolled back) accumulates it in the state itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct StrokeReport {
    /// Frames the stroke has taken so far (all of them once it is over).
    pub frames: u32,
    /// Bit `i` set: body `i` moved during the stroke.
    pub moved: u32,
    /// Bit `i` set: body `i` left the board.
    pub left_board: u32,
    /// How many entries of `pocketed` are used.
    pub pocketed_count: u8,
    /// Index of the first piece the striker touched, or [`NO_BODY`].
    pub first_contact: u8,
    /// 1 if the striker dropped into a pocket.
    pub striker_pocketed: u8,
    /// 1 if the stroke was stopped by the hard cap on simulated time.
    pub capped: u8,
    /// Pieces (and the striker) that dropped, in the order they dropped.
    pub pocketed: [Pocketing; MAX_BODIES],
}

impl StrokeReport {
    /// The pocketings, in order.
    pub fn pocketed(&self) -> &[Pocketing] {
        &self.pocketed[..self.pocketed_count as usize]
    }

    /// Whether the striker touched any piece.
    pub const fn striker_touched(&self) -> bool {
        self.first_contact != NO_BODY
    }

    /// Whether the striker dropped into a pocket.
    pub const fn striker_pocketed(&self) -> bool {
        self.striker_pocketed != 0
    }

    /// Whether body `index` moved during the stroke.
    pub const fn body_moved(&self, index: usize) -> bool {
        self.moved & (1 << index) != 0
    }

    /// Whether body `index` left the board.
    pub const fn body_left_board(&self, index: usize) -> bool {
        self.left_board & (1 << index) != 0
    }

    /// How many pieces (not the striker) moved.
    pub const fn pieces_moved(&self) -> u32 {
        (self.moved & !1).count_ones()
    }

    pub(crate) fn record_pocketing(&mut self, body: usize, kind: Kind, pocket: u8) {
        let slot = self.pocketed_count as usize;
        self.pocketed[slot] = Pocketing { body: body as u8, pocket };
        self.pocketed_count += 1;
        if kind == Kind::Striker {
            self.striker_pocketed = 1;
        }
    }

    pub(crate) fn fresh() -> StrokeReport {
        StrokeReport { first_contact: NO_BODY, ..StrokeReport::default() }
    }
}
