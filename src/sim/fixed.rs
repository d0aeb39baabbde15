//! Fixed-point scalar and vector types.
//!
//! Format: a [`Fx`] is an `i32` holding the quantity times 10⁷ (seven decimal fraction
//! digits). Lengths are in centimetres, so one raw unit is one nanometre and the range is
//! ±214.7 cm, which covers the 74 cm board with room to spare. Velocities use the same
//! format in centimetres *per 60 Hz frame* (raw unit = 1 nm/frame = 6·10⁻⁶ cm/s), so a
//! frame's displacement is the velocity itself. A decimal format lets every dimension of
//! the presets (1.59 cm, 2.065 cm, 10.15 cm …) be represented exactly.
//!
//! Products of two raw values are taken in `i64` (lengths and speeds squared stay below
//! 2⁵⁹ in range) and only quantities with a wider range (time-of-impact discriminants)
//! go through `i128`. Every operation is integer arithmetic, identical on every target.

use bytemuck::{Pod, Zeroable};
use core::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// A fixed-point quantity, raw value = quantity × 10⁷ (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Pod, Zeroable)]
#[repr(transparent)]
pub struct Fx(pub i32);

impl Fx {
    /// Raw units in one centimetre (or one cm per frame).
    pub const PER_CM: i32 = 10_000_000;
    /// Zero.
    pub const ZERO: Fx = Fx(0);

    /// A quantity given in thousandths of a centimetre (10 µm), exact.
    pub const fn milli_cm(thousandths: i32) -> Fx {
        Fx(thousandths * 10_000)
    }

    /// A speed given in centimetres per second, as cm per frame, rounded to nearest.
    pub const fn per_second(cm_per_s_thousandths: i64) -> Fx {
        // thousandths of cm/s → raw per frame: × 10⁷ / 1000 / 60, rounded half up.
        Fx(((cm_per_s_thousandths * 10_000 + 30) / 60) as i32)
    }

    /// The raw value.
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// The absolute value.
    pub const fn abs(self) -> Fx {
        Fx(self.0.abs())
    }
}

impl Add for Fx {
    type Output = Fx;
    fn add(self, o: Fx) -> Fx {
        Fx(self.0 + o.0)
    }
}

impl Sub for Fx {
    type Output = Fx;
    fn sub(self, o: Fx) -> Fx {
        Fx(self.0 - o.0)
    }
}

impl Neg for Fx {
    type Output = Fx;
    fn neg(self) -> Fx {
        Fx(-self.0)
    }
}

impl AddAssign for Fx {
    fn add_assign(&mut self, o: Fx) {
        self.0 += o.0;
    }
}

impl SubAssign for Fx {
    fn sub_assign(&mut self, o: Fx) {
        self.0 -= o.0;
    }
}

/// A 2-D vector of [`Fx`] components: a position (cm) or a velocity (cm per frame).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Pod, Zeroable)]
#[repr(C)]
pub struct V2 {
    /// East component.
    pub x: Fx,
    /// North component.
    pub y: Fx,
}

impl V2 {
    /// The zero vector.
    pub const ZERO: V2 = V2 { x: Fx(0), y: Fx(0) };

    /// A vector from two components.
    pub const fn new(x: Fx, y: Fx) -> V2 {
        V2 { x, y }
    }

    /// Dot product in raw units squared.
    pub const fn dot(self, o: V2) -> i64 {
        self.x.0 as i64 * o.x.0 as i64 + self.y.0 as i64 * o.y.0 as i64
    }

    /// Squared length in raw units squared.
    pub const fn length_sq(self) -> i64 {
        self.dot(self)
    }

    /// Length in raw units, rounded down.
    pub fn length(self) -> i64 {
        (self.length_sq() as u64).isqrt() as i64
    }

    /// Whether both components are zero.
    pub const fn is_zero(self) -> bool {
        self.x.0 == 0 && self.y.0 == 0
    }

    /// This vector rotated a quarter turn counter-clockwise `quarters` times.
    pub const fn rotate_quarters(self, quarters: u8) -> V2 {
        match quarters % 4 {
            0 => self,
            1 => V2::new(Fx(-self.y.0), self.x),
            2 => V2::new(Fx(-self.x.0), Fx(-self.y.0)),
            _ => V2::new(self.y, Fx(-self.x.0)),
        }
    }
}

impl Add for V2 {
    type Output = V2;
    fn add(self, o: V2) -> V2 {
        V2::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for V2 {
    type Output = V2;
    fn sub(self, o: V2) -> V2 {
        V2::new(self.x - o.x, self.y - o.y)
    }
}

impl Neg for V2 {
    type Output = V2;
    fn neg(self) -> V2 {
        V2::new(-self.x, -self.y)
    }
}

/// A unit direction with Q30 components (2³⁰ = 1.0): a body's heading, an impulse's
/// line of action. The zero value means "no direction" (a body at rest).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Pod, Zeroable)]
#[repr(C)]
pub struct Unit {
    /// East component, Q30.
    pub x: i32,
    /// North component, Q30.
    pub y: i32,
}

impl Unit {
    /// One in Q30.
    pub const ONE: i64 = 1 << 30;
    /// No direction.
    pub const NONE: Unit = Unit { x: 0, y: 0 };

    /// The direction of `v`, or `None` for the zero vector.
    pub fn of(v: V2) -> Option<Unit> {
        Unit::with_length(v).map(|(u, _)| u)
    }

    /// The direction and the length (raw units, rounded down) of `v`, or `None` for the
    /// zero vector.
    pub fn with_length(v: V2) -> Option<(Unit, i64)> {
        let len = v.length();
        if len == 0 {
            return None;
        }
        let unit = Unit {
            x: (v.x.0 as i64 * Unit::ONE / len) as i32,
            y: (v.y.0 as i64 * Unit::ONE / len) as i32,
        };
        Some((unit, len))
    }

    /// The component of `v` along this direction, in raw units, rounded to nearest.
    pub fn project(self, v: V2) -> i64 {
        let d = v.x.0 as i64 * self.x as i64 + v.y.0 as i64 * self.y as i64;
        (d + (1 << 29)) >> 30
    }

    /// This direction scaled to a vector of raw length `magnitude`, rounded to nearest.
    pub fn times(self, magnitude: i64) -> V2 {
        let r = |c: i32| Fx(((c as i64 * magnitude + (1 << 29)) >> 30) as i32);
        V2::new(r(self.x), r(self.y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn milli_cm_is_exact() {
        assert_eq!(Fx::milli_cm(1590).raw(), 15_900_000);
        assert_eq!(Fx::milli_cm(37_000).raw(), 370_000_000);
    }

    #[test]
    fn speeds_convert_to_per_frame() {
        // 240 cm/s is exactly 4 cm per frame.
        assert_eq!(Fx::per_second(240_000).raw(), 40_000_000);
        // 304 cm/s = 5.0666… cm per frame, rounded to nearest nanometre.
        assert_eq!(Fx::per_second(304_000).raw(), 50_666_667);
    }

    #[test]
    fn quarter_rotations_are_exact() {
        let v = V2::new(Fx(3), Fx(7));
        assert_eq!(v.rotate_quarters(1), V2::new(Fx(-7), Fx(3)));
        assert_eq!(v.rotate_quarters(2), -v);
        assert_eq!(v.rotate_quarters(4), v);
        assert_eq!(v.rotate_quarters(1).rotate_quarters(3), v);
    }

    #[test]
    fn unit_projection_recovers_length() {
        let v = V2::new(Fx(30_000_000), Fx(40_000_000));
        let u = Unit::of(v).unwrap();
        assert!((u.project(v) - 50_000_000).abs() <= 1);
        assert_eq!(Unit::of(V2::ZERO), None);
    }
}
