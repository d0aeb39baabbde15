//! The bodies on the table: the striker and the pieces.

use super::fixed::{Fx, Unit, V2};
use super::preset::Preset;
use bytemuck::{Pod, Zeroable};

/// Body slots: the striker (slot 0) and up to 19 pieces.
pub const MAX_BODIES: usize = 20;

/// Index of the striker among the bodies.
pub const STRIKER: usize = 0;

/// What a body is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// The striker, shot by the player.
    Striker = 0,
    /// A white coin.
    White = 1,
    /// A black coin.
    Black = 2,
    /// The queen (red).
    Queen = 3,
}

impl Kind {
    /// The kind stored as `code` (unknown codes read as the striker, which owns slot 0).
    pub const fn from_code(code: u8) -> Kind {
        match code {
            1 => Kind::White,
            2 => Kind::Black,
            3 => Kind::Queen,
            _ => Kind::Striker,
        }
    }

    /// The kind's name in scenario files and reports.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Striker => "striker",
            Kind::White => "white",
            Kind::Black => "black",
            Kind::Queen => "queen",
        }
    }

    /// The kind called `name`, if any.
    pub fn from_name(name: &str) -> Option<Kind> {
        match name {
            "striker" => Some(Kind::Striker),
            "white" => Some(Kind::White),
            "black" => Some(Kind::Black),
            "queen" => Some(Kind::Queen),
            _ => None,
        }
    }

    /// Radius of a body of this kind on `preset`.
    pub const fn radius(self, preset: &Preset) -> Fx {
        match self {
            Kind::Striker => preset.striker_radius,
            _ => preset.coin_radius,
        }
    }

    /// Mass of a body of this kind on `preset`, tenths of a gram.
    pub const fn mass(self, preset: &Preset) -> i64 {
        match self {
            Kind::Striker => preset.striker_mass,
            _ => preset.coin_mass,
        }
    }
}

/// One disc: where it is, how it moves, what it is, and whether it is on the surface.
///
/// Motion is kept as a heading and a speed rather than a velocity vector, because
/// sliding friction changes only the speed: each frame it is one exact subtraction, with
/// no square root or division (the velocity is `heading × speed`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Body {
    /// Centre, cm from the board centre.
    pub pos: V2,
    /// Direction of motion (zero at rest).
    pub heading: Unit,
    /// Speed, cm per frame, never negative.
    pub speed: Fx,
    /// [`Kind`] code.
    pub kind: u8,
    /// 1 while the body is on the playing surface, 0 once pocketed, off the board or unused.
    pub on_board: u8,
    /// Reserved, always zero (keeps the struct free of padding).
    pub reserved: [u8; 2],
}

impl Body {
    /// A body of `kind` at rest at `pos`, on the board.
    pub const fn at(kind: Kind, pos: V2) -> Body {
        Body {
            pos,
            heading: Unit::NONE,
            speed: Fx::ZERO,
            kind: kind as u8,
            on_board: 1,
            reserved: [0; 2],
        }
    }

    /// What this body is.
    pub const fn kind(&self) -> Kind {
        Kind::from_code(self.kind)
    }

    /// Whether the body is on the playing surface.
    pub const fn is_on_board(&self) -> bool {
        self.on_board != 0
    }

    /// Whether the body is on the surface and moving.
    pub const fn is_moving(&self) -> bool {
        self.on_board != 0 && self.speed.0 != 0
    }

    /// Velocity, cm per frame.
    pub fn velocity(&self) -> V2 {
        self.heading.times(self.speed.0 as i64)
    }

    /// Sets the velocity (its length and direction become speed and heading).
    pub fn set_velocity(&mut self, v: V2) {
        match Unit::with_length(v) {
            Some((heading, speed)) => {
                self.heading = heading;
                self.speed = Fx(speed as i32);
            }
            None => self.stop(),
        }
    }

    /// Brings the body to rest.
    pub fn stop(&mut self) {
        self.heading = Unit::NONE;
        self.speed = Fx::ZERO;
    }
}
