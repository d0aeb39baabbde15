//! Seats, striker placement (src/rules/RULES.md CM-4) and aim (CM-5): what a stroke is and
//! when it is legal.

use super::angle::Angle;
use super::fixed::{Fx, Unit, V2};
use super::preset::Preset;
use core::fmt;

/// A side of the board, as src/rules/RULES.md CM-1 numbers them: 0 south, 1 east, 2 north,
/// 3 west.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    /// The direction straight ahead for the shooter on this seat (seat 0 shoots north).
    pub const fn forward(self) -> Angle {
        Angle(Angle::QUARTER.wrapping_mul(self.0 as u16 % 4 + 1))
    }

    /// Where the striker's centre sits for `placement` along this seat's baseline.
    pub const fn striker_spot(self, preset: &Preset, placement: Fx) -> V2 {
        // Seat 0's baseline runs west–east south of the centre; every other seat's is the
        // same line turned a quarter turn counter-clockwise per seat.
        V2::new(placement, Fx(-preset.baseline_distance().0)).rotate_quarters(self.0)
    }
}

/// One stroke as a player commits it: where the striker sits, where it is aimed and how
/// hard it is hit. These are the integers inputs carry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stroke {
    /// Position along the shooter's baseline, in thousandths of a cm from its middle,
    /// positive to the shooter's right.
    pub placement: i16,
    /// Direction, in 1/65536 of a turn counter-clockwise from east (absolute, not relative
    /// to the seat).
    pub angle: u16,
    /// Power in ten-thousandths: 10 000 is full power.
    pub power: u16,
}

/// Full power, in the units of [`Stroke::power`].
pub const FULL_POWER: u16 = 10_000;

/// Why a stroke cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrokeError {
    /// The striker's centre would be beyond the end of the baseline (CM-4).
    OffBaseline,
    /// The striker would partly cover a base circle (CM-4).
    PartlyOnBaseCircle,
    /// A piece lies where the striker would be placed.
    SpotTaken,
    /// The aim does not point strictly away from the shooter's own edge (CM-5).
    AimBackward,
    /// Power above 100 %.
    PowerTooHigh,
    /// The previous stroke has not come to rest.
    InMotion,
    /// The seat is not 0–3.
    NoSuchSeat,
}

impl fmt::Display for StrokeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StrokeError::OffBaseline => "the striker must sit on the baseline (CM-4)",
            StrokeError::PartlyOnBaseCircle => {
                "the striker must cover a base circle fully or not touch it (CM-4)"
            }
            StrokeError::SpotTaken => "a piece is in the way of the striker's spot",
            StrokeError::AimBackward => "the aim must point away from the shooter's edge (CM-5)",
            StrokeError::PowerTooHigh => "power must be between 0 and 100 %",
            StrokeError::InMotion => "the pieces are still moving",
            StrokeError::NoSuchSeat => "seats are numbered 0 to 3",
        })
    }
}

impl std::error::Error for StrokeError {}

/// Checks the placement rule CM-4 alone (the spot being free of pieces is the table's
/// business). `placement` is in thousandths of a cm.
pub fn check_placement(preset: &Preset, placement: i16) -> Result<Fx, StrokeError> {
    let along = Fx::milli_cm(placement as i32);
    let distance = along.abs();
    if distance.0 > preset.baseline_length.0 / 2 {
        return Err(StrokeError::OffBaseline);
    }
    // Inclusive bounds: tangent counts as "not touching", flush counts as "covering".
    let from_circle = (distance - preset.base_circle_offset()).abs();
    let clear = preset.striker_radius + preset.base_circle_radius;
    let covering = preset.striker_radius - preset.base_circle_radius;
    if from_circle >= clear || from_circle <= covering {
        Ok(along)
    } else {
        Err(StrokeError::PartlyOnBaseCircle)
    }
}

/// The `n`-th legal placement (thousandths of a cm) on `preset`, wrapping around: a
/// way to pick legal spots from a random number. The legal spots are counted from the
/// left end of the middle stretch, then the right base circle, then the left one.
pub fn nth_legal_placement(preset: &Preset, n: u32) -> i16 {
    let to_milli = |f: Fx| f.0 / 10_000;
    let clear =
        to_milli(preset.base_circle_offset() - preset.striker_radius - preset.base_circle_radius);
    let cover = to_milli(preset.striker_radius - preset.base_circle_radius);
    let circle = to_milli(preset.base_circle_offset());
    let middle = 2 * clear + 1;
    let around = 2 * cover + 1;
    let k = (n % (middle + 2 * around) as u32) as i32;
    let spot = if k < middle {
        k - clear
    } else if k < middle + around {
        circle - cover + (k - middle)
    } else {
        -circle - cover + (k - middle - around)
    };
    spot as i16
}

/// Checks the aim rule CM-5 and the power range.
pub fn check_aim(seat: Seat, stroke: &Stroke) -> Result<(), StrokeError> {
    if stroke.power > FULL_POWER {
        return Err(StrokeError::PowerTooHigh);
    }
    let off_forward = Angle(stroke.angle).minus(seat.forward());
    if off_forward.unsigned_abs() < Angle::QUARTER { Ok(()) } else { Err(StrokeError::AimBackward) }
}

/// The striker's launch heading and speed (cm per frame) for `stroke` on `preset`.
pub fn launch(preset: &Preset, stroke: &Stroke) -> (Unit, Fx) {
    let speed = preset.full_power_speed.0 as i64 * stroke.power as i64 / FULL_POWER as i64;
    let (sin, cos) = Angle(stroke.angle).sin_cos();
    (Unit { x: cos, y: sin }, Fx(speed as i32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::preset::PresetId;

    fn standard() -> &'static Preset {
        PresetId::Standard.preset()
    }

    #[test]
    fn cm_4_middle_of_baseline_is_legal() {
        assert!(check_placement(standard(), 0).is_ok());
        assert!(check_placement(standard(), 17_640).is_ok());
        assert!(check_placement(standard(), -17_640).is_ok());
    }

    #[test]
    fn cm_4_partly_on_a_base_circle_is_illegal() {
        // Clear of the circle up to 21.91 − 4.27 = 17.64 cm; covering from 20.82 cm.
        assert_eq!(check_placement(standard(), 17_650), Err(StrokeError::PartlyOnBaseCircle));
        assert_eq!(check_placement(standard(), -20_810), Err(StrokeError::PartlyOnBaseCircle));
    }

    #[test]
    fn cm_4_fully_covering_a_base_circle_is_legal() {
        for p in [20_820, 21_910, 23_000, -21_910] {
            assert!(check_placement(standard(), p).is_ok(), "{p}");
        }
        // The icf striker is smaller: it covers the circle only within 0.475 cm of it.
        let icf = PresetId::Icf.preset();
        assert!(check_placement(icf, 22_385).is_ok());
        assert_eq!(check_placement(icf, 22_400), Err(StrokeError::PartlyOnBaseCircle));
    }

    #[test]
    fn cm_4_every_nth_legal_placement_is_legal_and_all_are_reached() {
        for preset in [PresetId::Standard, PresetId::Icf] {
            let p = preset.preset();
            let mut seen = std::collections::BTreeSet::new();
            for n in 0..50_000 {
                let spot = nth_legal_placement(p, n);
                assert!(check_placement(p, spot).is_ok(), "{preset:?} {spot}");
                seen.insert(spot);
            }
            let legal =
                (-23_500..=23_500).filter(|&s| check_placement(p, s as i16).is_ok()).count();
            assert_eq!(seen.len(), legal, "{preset:?}");
        }
    }

    #[test]
    fn cm_4_beyond_the_baseline_is_illegal() {
        assert_eq!(check_placement(standard(), 23_510), Err(StrokeError::OffBaseline));
        assert_eq!(check_placement(standard(), i16::MIN), Err(StrokeError::OffBaseline));
    }

    #[test]
    fn cm_5_aim_must_point_into_the_forward_half_plane() {
        let aim = |seat: u8, angle: u16| {
            check_aim(Seat(seat), &Stroke { placement: 0, angle, power: FULL_POWER })
        };
        assert!(aim(0, 16_384).is_ok());
        assert!(aim(0, 1).is_ok());
        assert!(aim(0, 32_767).is_ok());
        assert_eq!(aim(0, 0), Err(StrokeError::AimBackward));
        assert_eq!(aim(0, 32_768), Err(StrokeError::AimBackward));
        assert_eq!(aim(0, 49_152), Err(StrokeError::AimBackward));
        // Seat 1 (east) shoots west, seat 2 south, seat 3 east.
        assert!(aim(1, 32_768).is_ok());
        assert_eq!(aim(1, 0), Err(StrokeError::AimBackward));
        assert!(aim(2, 49_152).is_ok());
        assert!(aim(3, 0).is_ok());
        assert!(aim(3, 65_000).is_ok());
        assert_eq!(aim(3, 32_768), Err(StrokeError::AimBackward));
    }

    #[test]
    fn cm_5_power_is_at_most_full() {
        let s = Stroke { placement: 0, angle: 16_384, power: FULL_POWER + 1 };
        assert_eq!(check_aim(Seat(0), &s), Err(StrokeError::PowerTooHigh));
    }

    #[test]
    fn cm_5_power_maps_linearly_to_speed() {
        let p = standard();
        let north = |power| launch(p, &Stroke { placement: 0, angle: 16_384, power });
        let (heading, full) = north(10_000);
        assert_eq!(heading.times(full.0 as i64), V2::new(Fx(0), p.full_power_speed));
        assert_eq!(north(5_000).1.0, p.full_power_speed.0 / 2);
        assert_eq!(north(2_500).1.0, p.full_power_speed.0 / 4);
        assert_eq!(north(0).1, Fx::ZERO);
    }

    #[test]
    fn cm_1_seats_sit_on_their_own_edges_with_the_shooters_right_positive() {
        let p = standard();
        let d = p.baseline_distance();
        let two = Fx::milli_cm(2_000);
        assert_eq!(Seat(0).striker_spot(p, two), V2::new(two, -d));
        assert_eq!(Seat(1).striker_spot(p, two), V2::new(d, two));
        assert_eq!(Seat(2).striker_spot(p, two), V2::new(-two, d));
        assert_eq!(Seat(3).striker_spot(p, two), V2::new(-d, -two));
    }
}
