//! Integer angles and a deterministic sine and cosine.
//!
//! An [`Angle`] counts 1/65536 of a turn counter-clockwise from east, so it is exactly
//! what fits in the `u16` of an input, and wrapping arithmetic is turning. Sine and
//! cosine come from a Taylor series evaluated in `i128` Q61 fixed point — integer
//! operations only, so every target computes the same bits — and are returned in Q30.

/// An angle in 1/65536 of a turn, counter-clockwise from east.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Angle(pub u16);

/// π in Q61 (π × 2⁶¹, rounded).
const PI_Q61: i128 = 0x6487_ED51_10B4_611A;
const ONE_Q61: i128 = 1 << 61;

impl Angle {
    /// Units in a quarter turn.
    pub const QUARTER: u16 = 16_384;

    /// The sine and cosine of this angle, each in Q30 (2³⁰ = 1.0), rounded to nearest.
    pub fn sin_cos(self) -> (i32, i32) {
        let quadrant = self.0 >> 14;
        let rest = (self.0 & 0x3FFF) as i128;
        // rest / 65536 of a turn is rest × π / 32768 radians, in [0, π/2).
        let x = rest * PI_Q61 / 32_768;
        let (s, c) = (series(x, x), series(x, ONE_Q61));
        let (s, c) = match quadrant {
            0 => (s, c),
            1 => (c, -s),
            2 => (-s, -c),
            _ => (-c, s),
        };
        (to_q30(s), to_q30(c))
    }

    /// The direction of the vector (x, y), by CORDIC: integer shifts and additions only,
    /// within a few units of the exact angle. The zero vector reads as east.
    pub fn of(x: i64, y: i64) -> Angle {
        // atan(2^-i) in 1/65536 of a turn.
        const ATAN: [i64; 15] = [8192, 4836, 2555, 1297, 651, 326, 163, 81, 41, 20, 10, 5, 3, 1, 1];
        if x == 0 && y == 0 {
            return Angle(0);
        }
        let (mut x, mut y, mut a) = if x < 0 { (-x, -y, 32_768i64) } else { (x, y, 0) };
        // Headroom for the shifts without losing the smallest steps.
        let shift = 20 - (64 - (x.abs() | y.abs()).leading_zeros() as i32).clamp(0, 20);
        x <<= shift;
        y <<= shift;
        for (i, &step) in ATAN.iter().enumerate() {
            let (dx, dy) = (y >> i, x >> i);
            if y > 0 {
                x += dx;
                y -= dy;
                a += step;
            } else {
                x -= dx;
                y += dy;
                a -= step;
            }
        }
        Angle(a.rem_euclid(65_536) as u16)
    }

    /// The signed difference `self − other`, wrapped into [−32768, 32767] units.
    pub const fn minus(self, other: Angle) -> i16 {
        self.0.wrapping_sub(other.0) as i16
    }
}

/// Sums the alternating series whose first term is `first` (x for sine, 1 for cosine),
/// each next term being the previous times −x² / ((k+1)(k+2)).
fn series(x: i128, first: i128) -> i128 {
    let x2 = (x * x) >> 61;
    let mut k: i128 = if first == ONE_Q61 { 0 } else { 1 };
    let mut term = first;
    let mut sum = 0;
    while term != 0 {
        sum += term;
        term = -((term * x2) >> 61) / ((k + 1) * (k + 2));
        k += 2;
    }
    sum
}

fn to_q30(v: i128) -> i32 {
    ((v + (1 << 30)) >> 31) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: i32 = 1 << 30;

    #[test]
    fn cardinal_directions_are_exact() {
        assert_eq!(Angle(0).sin_cos(), (0, ONE));
        assert_eq!(Angle(16_384).sin_cos(), (ONE, 0));
        assert_eq!(Angle(32_768).sin_cos(), (0, -ONE));
        assert_eq!(Angle(49_152).sin_cos(), (-ONE, 0));
    }

    #[test]
    fn forty_five_degrees_is_root_half() {
        let (s, c) = Angle(8_192).sin_cos();
        // √½ × 2³⁰ = 759250124.99…
        assert!((s - 759_250_125).abs() <= 1, "{s}");
        assert_eq!(s, c);
    }

    #[test]
    fn sine_and_cosine_stay_on_the_unit_circle() {
        for a in (0..=u16::MAX).step_by(97) {
            let (s, c) = Angle(a).sin_cos();
            let r2 = s as i64 * s as i64 + c as i64 * c as i64;
            let one = 1i64 << 60;
            assert!((r2 - one).abs() < 1 << 32, "angle {a}: {r2}");
        }
    }

    #[test]
    fn thirty_degrees_has_half_sine() {
        // 30° is 65536 / 12 = 5461.33 units; at 5461 units the sine is just below ½.
        let (s, _) = Angle(5_461).sin_cos();
        assert!(s < ONE / 2 && s > ONE / 2 - 60_000, "{s}");
    }

    #[test]
    fn angle_of_inverts_sin_cos() {
        for a in (0..=u16::MAX).step_by(37) {
            let (s, c) = Angle(a).sin_cos();
            for scale in [1i64, 1 << 10, 1 << 20] {
                let back = Angle::of((c as i64 * scale) >> 20, (s as i64 * scale) >> 20);
                let err = back.minus(Angle(a)).unsigned_abs();
                let tolerance = if scale == 1 { 400 } else { 6 };
                assert!(err <= tolerance, "angle {a} scale {scale}: got {}", back.0);
            }
        }
        assert_eq!(Angle::of(0, 0), Angle(0));
        assert_eq!(Angle::of(-5, 0), Angle(32_768));
    }

    #[test]
    fn minus_wraps() {
        assert_eq!(Angle(10).minus(Angle(65_530)), 16);
        assert_eq!(Angle(65_530).minus(Angle(10)), -16);
    }
}
