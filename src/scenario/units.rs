//! Turning the scenario file's floats into the simulation's integers, once, at the edge.
//!
//! Rounding is to nearest, halves away from zero (`f64::round`), in each quantity's own
//! unit: positions to the nanometre (cm × 10⁷), placements to the thousandth of a cm,
//! angles to 1/65536 of a turn (then wrapped into one turn), power to the ten-thousandth.
//! Going back, a raw value is divided by its scale; the shortest decimal that round-trips
//! is printed, which for these values is the exact decimal of the fixed-point number.

use crate::sim::{Fx, V2};

/// A length in cm to fixed point, if it fits.
pub fn length(cm: f64) -> Option<Fx> {
    let raw = (cm * Fx::PER_CM as f64).round();
    (raw.abs() <= i32::MAX as f64).then_some(Fx(raw as i32))
}

/// A fixed-point length back to cm.
pub fn to_cm(value: Fx) -> f64 {
    value.0 as f64 / Fx::PER_CM as f64
}

/// A point in cm to fixed point, if it fits.
pub fn point(x: f64, y: f64) -> Option<V2> {
    Some(V2::new(length(x)?, length(y)?))
}

/// A placement in cm to thousandths of a cm, saturating (anything beyond ±32.767 cm is
/// far off the 47 cm baseline and stays illegal).
pub fn placement(cm: f64) -> i16 {
    (cm * 1000.0).round().clamp(i16::MIN as f64, i16::MAX as f64) as i16
}

/// Degrees counter-clockwise from east to 1/65536 of a turn.
pub fn angle(degrees: f64) -> u16 {
    let units = (degrees * 65_536.0 / 360.0).round() % 65_536.0;
    (units as i64).rem_euclid(65_536) as u16
}

/// Power 0–1 to ten-thousandths, or `None` outside that range.
pub fn power(fraction: f64) -> Option<u16> {
    (0.0..=1.0).contains(&fraction).then(|| (fraction * 10_000.0).round() as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_round_to_the_nanometre() {
        assert_eq!(length(1.25), Some(Fx(12_500_000)));
        assert_eq!(length(-0.000_000_05), Some(Fx(-1)));
        assert_eq!(length(1e9), None);
        assert_eq!(to_cm(Fx(12_500_000)), 1.25);
    }

    #[test]
    fn angles_wrap_into_one_turn() {
        assert_eq!(angle(90.0), 16_384);
        assert_eq!(angle(-90.0), 49_152);
        assert_eq!(angle(450.0), 16_384);
        assert_eq!(angle(360.0), 0);
    }

    #[test]
    fn power_is_checked_and_placement_saturates() {
        assert_eq!(power(1.0), Some(10_000));
        assert_eq!(power(0.12345), Some(1_235));
        assert_eq!(power(1.01), None);
        assert_eq!(power(-0.1), None);
        assert_eq!(placement(-1.2345), -1_235);
        assert_eq!(placement(99.0), i16::MAX);
    }
}
