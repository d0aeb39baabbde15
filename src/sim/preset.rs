//! The two board presets of src/sim/PHYSICS.md, every dimension in fixed point.

use super::fixed::{Fx, V2};

/// Which board a match is played on (part of the match settings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum PresetId {
    /// The seed's numbers: the striker (2.68 cm) cannot fit a pocket (2.35 cm).
    #[default]
    Standard = 0,
    /// International Carrom Federation laws (1993): the striker can be pocketed.
    Icf = 1,
}

impl PresetId {
    /// The preset's name as used in scenario files.
    pub const fn name(self) -> &'static str {
        match self {
            PresetId::Standard => "standard",
            PresetId::Icf => "icf",
        }
    }

    /// The preset called `name`, if any.
    pub fn from_name(name: &str) -> Option<PresetId> {
        match name {
            "standard" => Some(PresetId::Standard),
            "icf" => Some(PresetId::Icf),
            _ => None,
        }
    }

    /// The preset stored as `code` in a table (unknown codes read as `standard`).
    pub const fn from_code(code: u32) -> PresetId {
        if code == PresetId::Icf as u32 { PresetId::Icf } else { PresetId::Standard }
    }

    /// The dimensions and physical constants of this preset.
    pub const fn preset(self) -> &'static Preset {
        match self {
            PresetId::Standard => &STANDARD,
            PresetId::Icf => &ICF,
        }
    }
}

/// A restitution coefficient as an exact fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Restitution {
    /// Numerator.
    pub num: i64,
    /// Denominator.
    pub den: i64,
}

/// Every dimension and constant of one board. Lengths in cm, speeds in cm per frame,
/// masses in tenths of a gram (see [`Fx`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Which preset this is.
    pub id: PresetId,
    /// Half the side of the playing surface inside the cushions (74 / 2).
    pub half_size: Fx,
    /// Radius of the four pocket circles.
    pub pocket_radius: Fx,
    /// Radius of a coin (white, black) and of the queen.
    pub coin_radius: Fx,
    /// Mass of a coin or the queen, tenths of a gram.
    pub coin_mass: i64,
    /// Radius of the striker.
    pub striker_radius: Fx,
    /// Mass of the striker, tenths of a gram.
    pub striker_mass: i64,
    /// Distance from the cushion to the outer baseline.
    pub baseline_outer_offset: Fx,
    /// Distance between the two lines of a baseline.
    pub baseline_gap: Fx,
    /// Length of each baseline.
    pub baseline_length: Fx,
    /// Radius of the base circles at both ends of each baseline.
    pub base_circle_radius: Fx,
    /// Radius of the centre circle.
    pub centre_circle_radius: Fx,
    /// Radius of the outer circle.
    pub outer_circle_radius: Fx,
    /// Longest an arrow may be (arrows are drawn only).
    pub arrow_length: Fx,
    /// How far short of the pocket an arrow ends.
    pub arrow_gap: Fx,
    /// Striker speed at 100 % power.
    pub full_power_speed: Fx,
    /// Fastest a piece may enter a pocket and still drop.
    pub capture_speed: Fx,
    /// Sliding (Coulomb) deceleration: speed lost per frame while moving.
    pub deceleration: Fx,
    /// Disc–disc restitution.
    pub disc_restitution: Restitution,
    /// Cushion (and pocket back) restitution.
    pub cushion_restitution: Restitution,
}

/// The simulated time after which a stroke is stopped outright: 20 s.
pub const STROKE_FRAME_CAP: u32 = 20 * 60;

const STANDARD: Preset = Preset {
    id: PresetId::Standard,
    half_size: Fx::milli_cm(37_000),
    pocket_radius: Fx::milli_cm(2_350),
    coin_radius: Fx::milli_cm(1_590),
    coin_mass: 55,
    striker_radius: Fx::milli_cm(2_680),
    striker_mass: 150,
    baseline_outer_offset: Fx::milli_cm(10_150),
    baseline_gap: Fx::milli_cm(3_180),
    baseline_length: Fx::milli_cm(47_000),
    base_circle_radius: Fx::milli_cm(1_590),
    centre_circle_radius: Fx::milli_cm(1_590),
    outer_circle_radius: Fx::milli_cm(8_500),
    arrow_length: Fx::milli_cm(25_700),
    arrow_gap: Fx::milli_cm(5_000),
    full_power_speed: Fx::per_second(304_000),
    capture_speed: Fx::per_second(240_000),
    // 100 cm/s² is 100 / 3600 cm per frame per frame = 277 777.8 nm, rounded.
    deceleration: Fx(277_778),
    disc_restitution: Restitution { num: 4, den: 5 },
    cushion_restitution: Restitution { num: 7, den: 10 },
};

const ICF: Preset = Preset {
    id: PresetId::Icf,
    pocket_radius: Fx::milli_cm(2_225),
    striker_radius: Fx::milli_cm(2_065),
    ..STANDARD
};

impl Preset {
    /// Distance from the board centre to the line the striker's centre sits on.
    pub const fn baseline_distance(&self) -> Fx {
        Fx(self.half_size.0 - self.baseline_outer_offset.0 - self.baseline_gap.0 / 2)
    }

    /// Distance along a baseline from its middle to the centre of a base circle.
    pub const fn base_circle_offset(&self) -> Fx {
        Fx(self.baseline_length.0 / 2 - self.base_circle_radius.0)
    }

    /// Distance along each axis from the board centre to every pocket's centre.
    pub const fn pocket_offset(&self) -> Fx {
        Fx(self.half_size.0 - self.pocket_radius.0)
    }

    /// Whether the striker can drop into a pocket on this board.
    pub const fn striker_fits_pocket(&self) -> bool {
        self.striker_radius.0 < self.pocket_radius.0
    }
}

/// The centre of pocket `k` (0 south-west, 1 south-east, 2 north-east, 3 north-west).
pub const fn pocket_centre(preset: &Preset, k: u8) -> V2 {
    let o = preset.pocket_offset();
    let (sx, sy) = match k {
        0 => (-1, -1),
        1 => (1, -1),
        2 => (1, 1),
        _ => (-1, 1),
    };
    V2::new(Fx(sx * o.0), Fx(sy * o.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_striker_never_fits_and_icf_does() {
        assert!(!PresetId::Standard.preset().striker_fits_pocket());
        assert!(PresetId::Icf.preset().striker_fits_pocket());
    }

    #[test]
    fn baseline_sits_midway_between_its_lines() {
        let p = PresetId::Standard.preset();
        // 37 − 10.15 − 1.59 = 25.26 cm from the centre.
        assert_eq!(p.baseline_distance(), Fx::milli_cm(25_260));
        // 23.5 − 1.59 = 21.91 cm along the baseline.
        assert_eq!(p.base_circle_offset(), Fx::milli_cm(21_910));
        assert_eq!(p.pocket_offset(), Fx::milli_cm(34_650));
    }

    #[test]
    fn names_round_trip() {
        for id in [PresetId::Standard, PresetId::Icf] {
            assert_eq!(PresetId::from_name(id.name()), Some(id));
            assert_eq!(PresetId::from_code(id as u32), id);
        }
        assert_eq!(PresetId::from_name("huge"), None);
    }
}
