//! A draughts position as plain data: who stands where, and who is to move.

use super::board::{EVEN_ROWS, Squares};
use bytemuck::{Pod, Zeroable};

/// The two sides (src/rules/RULES.md CK-2). PDN writes Red as "W".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Moves first, starts on 1–12, moves towards 32.
    Black,
    /// Starts on 21–32, moves towards 1.
    Red,
}

impl Colour {
    /// The other side.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::Red,
            Colour::Red => Colour::Black,
        }
    }
}

/// A position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Pod, Zeroable)]
#[repr(C)]
pub struct Position {
    /// Black's pieces.
    pub black: Squares,
    /// Red's pieces.
    pub red: Squares,
    /// Kings of either side.
    pub kings: Squares,
    /// 0: Black to move, 1: Red.
    pub side: u32,
}

const _: () = assert!(EVEN_ROWS == 0x0F0F_0F0F);

impl Position {
    /// The starting position (CK-1): Black on 1–12, Red on 21–32, Black to move (CK-2).
    pub const START: Position =
        Position { black: 0x0000_0FFF, red: 0xFFF0_0000, kings: 0, side: 0 };

    /// The side to move.
    pub const fn to_move(&self) -> Colour {
        if self.side == 0 { Colour::Black } else { Colour::Red }
    }

    /// `colour`'s pieces.
    pub const fn pieces(&self, colour: Colour) -> Squares {
        match colour {
            Colour::Black => self.black,
            Colour::Red => self.red,
        }
    }

    /// Every occupied square.
    pub const fn occupied(&self) -> Squares {
        self.black | self.red
    }

    /// Every empty square.
    pub const fn empty(&self) -> Squares {
        !self.occupied()
    }
}
