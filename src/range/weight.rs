//! [`Weight`]: how much of a combo a range holds.

use std::fmt;

/// How much of a combo a range holds, from 0 to 1 in steps of 0.001.
///
/// Fixed point (per mille in a `u16`, `0..=1000`) rather than `f32`:
/// - equality is exact, so `parse(display(r)) == r` holds for every range and
///   ranges can be compared and hashed;
/// - weights stay integers all the way into the equity engine, whose results
///   are integer tallies that merge by addition (`Combo::weight` is a `u32`;
///   the product of two players' weights is at most 10⁶);
/// - 0.001 is finer than any slider, and matches what people write: `:0.5`,
///   `:0.125`, solver exports with three decimals, `@12.5` (percent with one
///   decimal) are all exact. Finer input is rounded to the nearest 0.001.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Debug)]
pub struct Weight(u16);

impl Weight {
    /// Not in the range.
    pub const ZERO: Weight = Weight(0);
    /// Fully in the range.
    pub const FULL: Weight = Weight(1000);
    /// Steps per unit weight.
    pub const SCALE: u16 = 1000;

    /// The weight `permille / 1000`, if `permille <= 1000`.
    pub const fn from_permille(permille: u16) -> Option<Weight> {
        if permille <= Self::SCALE {
            Some(Weight(permille))
        } else {
            None
        }
    }

    /// The weight in thousandths, `0..=1000`.
    #[inline]
    pub const fn permille(self) -> u16 {
        self.0
    }

    #[inline]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// As a float in `[0, 1]` (a view; the value is the integer).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / f64::from(Self::SCALE)
    }
}

/// `1`, `0.5`, `0.125`, `0`: the shortest decimal, as range text writes it.
impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, frac) = (self.0 / Self::SCALE, self.0 % Self::SCALE);
        if frac == 0 {
            return write!(f, "{whole}");
        }
        let digits = format!("{frac:03}");
        write!(f, "{whole}.{}", digits.trim_end_matches('0'))
    }
}
