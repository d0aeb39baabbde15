//! One player's input for one frame (src/ARCHITECTURE.md "Inputs and prediction").
//!
//! An input describes state, never a one-frame edge, because GGRS predicts a missing
//! input by repeating the last one: `stroke` names the stroke the shooter commits to, and
//! the game starts stroke N only once, when it is due. `Input::default()` means "no
//! action" and is what a disconnected player sends.

use crate::sim::Stroke;
use bytemuck::{Pod, Zeroable};

/// One player's input. On the wire it is its 12 bytes (serde goes through `[u8; 12]`).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Pod,
    Zeroable,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(into = "[u8; 12]", from = "[u8; 12]")]
#[repr(C)]
pub struct Input {
    /// The number of the stroke the player commits to (0: none).
    pub stroke: u16,
    /// Placement along the baseline, thousandths of a cm ([`Stroke::placement`]).
    pub placement: i16,
    /// Aim, 1/65536 of a turn ([`Stroke::angle`]).
    pub angle: u16,
    /// Power, ten-thousandths ([`Stroke::power`]).
    pub power: u16,
    /// [`Input::AIMING`], [`Input::RESIGN`].
    pub flags: u16,
    /// Reserved, zero.
    pub reserved: u16,
}

impl Input {
    /// The placement, aim and power fields hold the player's live aim.
    pub const AIMING: u16 = 1;
    /// The player resigns the match.
    pub const RESIGN: u16 = 2;

    /// Aiming `stroke`, not committing yet.
    pub const fn aiming(stroke: Stroke) -> Input {
        Input {
            stroke: 0,
            placement: stroke.placement,
            angle: stroke.angle,
            power: stroke.power,
            flags: Input::AIMING,
            reserved: 0,
        }
    }

    /// Committing to play `stroke` as stroke number `number`.
    pub const fn commit(number: u16, stroke: Stroke) -> Input {
        Input { stroke: number, ..Input::aiming(stroke) }
    }

    /// Resigning.
    pub const fn resign() -> Input {
        Input { flags: Input::RESIGN, ..Input::ZERO }
    }

    /// No action.
    pub const ZERO: Input =
        Input { stroke: 0, placement: 0, angle: 0, power: 0, flags: 0, reserved: 0 };

    /// The stroke these fields describe.
    pub const fn as_stroke(&self) -> Stroke {
        Stroke { placement: self.placement, angle: self.angle, power: self.power }
    }

    /// Whether the aim fields are live.
    pub const fn is_aiming(&self) -> bool {
        self.flags & Input::AIMING != 0
    }

    /// Whether the player resigns.
    pub const fn resigns(&self) -> bool {
        self.flags & Input::RESIGN != 0
    }
}

impl From<Input> for [u8; 12] {
    fn from(input: Input) -> [u8; 12] {
        bytemuck::cast(input)
    }
}

impl From<[u8; 12]> for Input {
    fn from(bytes: [u8; 12]) -> Input {
        bytemuck::cast(bytes)
    }
}
