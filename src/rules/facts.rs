//! The facts of a stroke the referees decide from (src/rules/RULES.md CM-8), read from the
//! physics' report or given directly (`carrom referee` facts).

use crate::sim::{Kind, STRIKER, StrokeReport, Table};
use core::fmt;

/// Facts naming more pieces of a kind than the board holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotOnBoard(pub Kind);

impl fmt::Display for NotOnBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no {} piece left on the board to take", self.0.name())
    }
}

impl std::error::Error for NotOnBoard {}

/// What happened in one stroke.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// Bodies (table slots, never the striker) pocketed, in order.
    pub pocketed: [u8; 20],
    /// How many entries of `pocketed` are used.
    pub pocketed_count: u8,
    /// Bit `i`: body `i` left the board (bit 0 is the striker).
    pub left_board: u32,
    /// Whether the striker touched any piece.
    pub striker_touched: bool,
    /// Whether the striker dropped into a pocket.
    pub striker_pocketed: bool,
}

impl Facts {
    /// The facts in a stroke report.
    pub fn from_report(report: &StrokeReport) -> Facts {
        let mut facts = Facts {
            left_board: report.left_board,
            striker_touched: report.striker_touched(),
            striker_pocketed: report.striker_pocketed(),
            ..Facts::default()
        };
        for p in report.pocketed() {
            if p.body as usize != STRIKER {
                facts.push_pocketed(p.body as usize);
            }
        }
        facts
    }

    /// Facts given by kinds, as `carrom referee` scenarios give them: each pocketed kind
    /// (in order) and each piece kind that left the board is taken from the pieces of
    /// that kind still on `table`, lowest table slot first; `Kind::Striker` in `left`
    /// means the striker left the board.
    pub fn of_kinds(
        table: &Table,
        pocketed: &[Kind],
        left: &[Kind],
        striker_touched: bool,
        striker_pocketed: bool,
    ) -> Result<Facts, NotOnBoard> {
        let mut facts = Facts { striker_touched, striker_pocketed, ..Facts::default() };
        let mut taken = 0u32;
        let mut take = |kind: Kind| {
            let body = (1..table.bodies().len())
                .find(|&i| {
                    let b = &table.bodies()[i];
                    b.kind() == kind && b.is_on_board() && taken & (1 << i) == 0
                })
                .ok_or(NotOnBoard(kind))?;
            taken |= 1 << body;
            Ok(body)
        };
        for &kind in pocketed {
            let body = take(kind)?;
            facts.push_pocketed(body);
        }
        for &kind in left {
            facts.left_board |= if kind == Kind::Striker { 1 } else { 1 << take(kind)? };
        }
        Ok(facts)
    }

    /// Adds a pocketed piece.
    pub fn push_pocketed(&mut self, body: usize) {
        self.pocketed[self.pocketed_count as usize] = body as u8;
        self.pocketed_count += 1;
    }

    /// The pocketed pieces in order.
    pub fn pocketed(&self) -> impl Iterator<Item = usize> + '_ {
        self.pocketed[..self.pocketed_count as usize].iter().map(|&b| b as usize)
    }

    /// Whether the striker left the board.
    pub const fn striker_left(&self) -> bool {
        self.left_board & 1 != 0
    }

    /// Pieces (not the striker) that left the board.
    pub fn pieces_left(&self, table: &Table) -> impl Iterator<Item = usize> {
        let mask = self.left_board & !1;
        (1..table.bodies().len()).filter(move |&i| mask & (1 << i) != 0)
    }
}
