//! The whole state of a carrom match, one plain-old-data value: settings, phase, the
//! shooter's live aim, the shot clock, the referees' state, the physical table and the
//! last ruling. This is what src/ARCHITECTURE.md calls the Table: rollback saves it by
//! copying bytes, and its checksum is [`Match::hash`].

use crate::determinism::fnv1a64;
use crate::rules::{MatchState, Ruling, Settings};
use crate::sim::{Seat, Table};
use bytemuck::{Pod, Zeroable};

/// What the match is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Phase {
    /// The shooter places and aims the striker.
    Aim = 0,
    /// A stroke is in motion.
    Motion = 1,
    /// A board has ended; the next is racked when the countdown runs out.
    BoardOver = 2,
    /// The match has ended.
    MatchOver = 3,
}

impl Phase {
    const fn from_code(code: u8) -> Phase {
        match code {
            1 => Phase::Motion,
            2 => Phase::BoardOver,
            3 => Phase::MatchOver,
            _ => Phase::Aim,
        }
    }
}

/// Frames between the end of a board and the next rack (3 s), for the players to see it.
pub const BOARD_OVER_FRAMES: u16 = 180;

/// Frames per second of the simulation.
pub const FRAME_RATE: u16 = 60;

/// The shooter's live aim, visible to everyone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Aim {
    /// Placement, thousandths of a cm.
    pub placement: i16,
    /// Direction, 1/65536 of a turn.
    pub angle: u16,
    /// Power, ten-thousandths.
    pub power: u16,
    /// Reserved, zero.
    pub reserved: u16,
}

/// A carrom match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Match {
    pub(crate) settings: Settings,
    pub(crate) frame: u32,
    pub(crate) next_stroke: u16,
    pub(crate) clock: u16,
    pub(crate) countdown: u16,
    pub(crate) phase: u8,
    pub(crate) reserved: u8,
    pub(crate) aim: Aim,
    pub(crate) standing: MatchState,
    pub(crate) table: Table,
    pub(crate) last: Ruling,
}

impl Match {
    /// A new match with the opening rack of its variant.
    pub fn new(settings: Settings) -> Match {
        let table = Table::racked(settings.preset(), settings.variant().has_queen());
        Match::with_table(settings, table)
    }

    /// A new match on a table set up by hand (tests, `carrom referee` scenarios).
    pub fn with_table(settings: Settings, table: Table) -> Match {
        let mut m = Match {
            settings,
            frame: 0,
            next_stroke: 1,
            clock: 0,
            countdown: 0,
            phase: Phase::Aim as u8,
            reserved: 0,
            aim: Aim::default(),
            standing: MatchState::new(&settings),
            table,
            last: Ruling::new(crate::rules::Cause::Stroke),
        };
        let has_queen = table.bodies().iter().any(|b| b.kind() == crate::sim::Kind::Queen);
        if !has_queen {
            m.standing.queen = crate::rules::Queen::Absent as u8;
        }
        m.wind_clock();
        m
    }

    /// The settings.
    pub const fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The phase.
    pub const fn phase(&self) -> Phase {
        Phase::from_code(self.phase)
    }

    /// The referees' state: scores, dues, queen, colours, who shoots.
    pub const fn standing(&self) -> &MatchState {
        &self.standing
    }

    /// The physical table.
    pub const fn table(&self) -> &Table {
        &self.table
    }

    /// The last ruling.
    pub const fn last_ruling(&self) -> &Ruling {
        &self.last
    }

    /// The seat to shoot (or shooting).
    pub const fn shooter(&self) -> Seat {
        Seat(self.standing.shooter)
    }

    /// The number the next stroke's commit must carry.
    pub const fn next_stroke(&self) -> u16 {
        self.next_stroke
    }

    /// The shooter's live aim.
    pub const fn aim(&self) -> &Aim {
        &self.aim
    }

    /// Frames left on the shot clock (0 when it is off).
    pub const fn clock(&self) -> u16 {
        self.clock
    }

    /// Frames since the match began.
    pub const fn frame(&self) -> u32 {
        self.frame
    }

    /// A state read back from bytes (a saved match, a diagnostic file), if they are one:
    /// the right length, settings that can make a match, a phase and a shooter that exist.
    /// Anything else is refused rather than played.
    pub fn from_bytes(bytes: &[u8]) -> Option<Match> {
        let m: Match = bytemuck::try_pod_read_unaligned(bytes).ok()?;
        if !m.table.is_sound() {
            return None;
        }
        let s = m.settings;
        let variant = crate::rules::Variant::ALL.get(s.variant as usize)?;
        let sound = s.preset <= 1
            && variant.allows(s.players)
            && m.phase <= Phase::MatchOver as u8
            && s.seats().contains(&m.shooter())
            && s.preset as u32 == m.table.preset_id() as u32;
        sound.then_some(m)
    }

    /// FNV-1a 64 of the state's bytes (see [`crate::determinism::hash`]).
    pub fn hash(&self) -> u64 {
        fnv1a64(bytemuck::bytes_of(self))
    }

    pub(crate) fn wind_clock(&mut self) {
        self.clock = self.settings.shot_clock.saturating_mul(FRAME_RATE);
    }
}
