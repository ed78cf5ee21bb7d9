//! Exact arithmetic for scores and tie-break values: [`HalfPoints`] for points (every
//! game, match and round scores 1, ½ or 0) and [`Rational`] for values that can be any
//! fraction (Sonneborn-Berger in quarter points, average ratings, the Chinese rules' team
//! Sonneborn-Berger with score rates). Floats appear only when a value is written out.

use std::cmp::Ordering;
use std::fmt;
use std::iter::Sum;
use std::num::IntErrorKind;
use std::ops::{Add, AddAssign, Mul, Neg, Sub};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A number of points counted in half points: `HalfPoints(7)` is 3½ points.
///
/// ```
/// use renju_tournament::HalfPoints;
/// let p: HalfPoints = "3.5".parse().unwrap();
/// assert_eq!(p, HalfPoints(7));
/// assert_eq!(p.to_string(), "3.5");
/// assert_eq!(HalfPoints::WIN + HalfPoints::DRAW, HalfPoints(3));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HalfPoints(pub i64);

impl HalfPoints {
    /// No points.
    pub const ZERO: HalfPoints = HalfPoints(0);
    /// The ½ point of a draw.
    pub const DRAW: HalfPoints = HalfPoints(1);
    /// The point of a win.
    pub const WIN: HalfPoints = HalfPoints(2);

    /// The exact value as a fraction.
    pub fn to_rational(self) -> Rational {
        Rational::new(self.0, 2)
    }

    /// The value as a float (for output only).
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / 2.0
    }
}

impl Add for HalfPoints {
    type Output = HalfPoints;
    fn add(self, o: HalfPoints) -> HalfPoints {
        // Saturating: points of a tournament within the limits are far from the edges.
        HalfPoints(self.0.saturating_add(o.0))
    }
}

impl AddAssign for HalfPoints {
    fn add_assign(&mut self, o: HalfPoints) {
        self.0 = self.0.saturating_add(o.0);
    }
}

impl Sub for HalfPoints {
    type Output = HalfPoints;
    fn sub(self, o: HalfPoints) -> HalfPoints {
        HalfPoints(self.0.saturating_sub(o.0))
    }
}

impl Sum for HalfPoints {
    fn sum<I: Iterator<Item = HalfPoints>>(iter: I) -> HalfPoints {
        HalfPoints(iter.fold(0i64, |a, h| a.saturating_add(h.0)))
    }
}

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        if a & 1 == 0 {
            write!(f, "{sign}{}", a / 2)
        } else {
            write!(f, "{sign}{}.5", a / 2)
        }
    }
}

/// A points value that is not a whole number of half points, by what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PointsError {
    /// Not a decimal number (empty, or other characters than digits and one point).
    #[error("{text:?} is not a number of points in half points (such as 3, 3.5 or 3.0)")]
    NotANumber {
        /// The text read.
        text: String,
    },
    /// A number with a fraction that is not a half (`2.25`).
    #[error("{text:?} is not a number of points in half points (such as 3, 3.5 or 3.0): the fraction is not a half")]
    NotAHalf {
        /// The text read.
        text: String,
    },
    /// A number of half points past what an `i64` holds.
    #[error(
        "{text:?} is not a number of points in half points (such as 3, 3.5 or 3.0): too large"
    )]
    TooLarge {
        /// The text read.
        text: String,
    },
}

impl FromStr for HalfPoints {
    type Err = PointsError;
    fn from_str(s: &str) -> Result<HalfPoints, PointsError> {
        let text = || s.to_string();
        let not_a_number = || PointsError::NotANumber { text: text() };
        let t = s.trim();
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (whole, frac) = t.split_once(['.', ',']).unwrap_or((t, ""));
        if (whole.is_empty() && frac.is_empty()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(not_a_number());
        }
        let half = match frac.trim_end_matches('0') {
            "" => 0,
            "5" => 1,
            _ => return Err(PointsError::NotAHalf { text: text() }),
        };
        let too_large = || PointsError::TooLarge { text: text() };
        let whole: i64 = if whole.is_empty() {
            0
        } else {
            whole
                .parse()
                .map_err(|e: std::num::ParseIntError| match e.kind() {
                    IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => too_large(),
                    _ => not_a_number(),
                })?
        };
        let v = whole
            .checked_mul(2)
            .and_then(|v| v.checked_add(half))
            .ok_or_else(too_large)?;
        Ok(HalfPoints(if neg {
            v.checked_neg().ok_or_else(too_large)?
        } else {
            v
        }))
    }
}

impl Serialize for HalfPoints {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.to_f64())
    }
}

impl<'de> Deserialize<'de> for HalfPoints {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<HalfPoints, D::Error> {
        let v = f64::deserialize(d)?;
        let h = v * 2.0;
        if h.fract() != 0.0 || !h.is_finite() || h.abs() > 1e15 {
            return Err(serde::de::Error::custom(format!(
                "{v} is not a number of points in half points"
            )));
        }
        Ok(HalfPoints(h as i64))
    }
}

/// The greatest common divisor of `|a|` and `|b|` (0 when both are 0).
fn gcd(a: i128, b: i128) -> u128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    // `checked_rem` is `None` exactly when `b` is 0: the loop's end.
    while let Some(t) = a.checked_rem(b) {
        a = b;
        b = t;
    }
    a
}

/// An exact fraction, always reduced, with a positive denominator.
///
/// ```
/// use renju_tournament::Rational;
/// let sb = Rational::new(39, 4);
/// assert_eq!(sb.to_string(), "9.75");
/// assert_eq!(Rational::new(2, 3) + Rational::new(1, 3), Rational::from(1));
/// assert!(Rational::new(1, 3) < Rational::new(1, 2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rational {
    num: i64,
    den: i64,
}

impl Rational {
    /// Zero.
    pub const ZERO: Rational = Rational { num: 0, den: 1 };

    /// `num / den`, reduced.
    ///
    /// # Panics
    /// When `den` is zero.
    pub fn new(num: i64, den: i64) -> Rational {
        assert!(den != 0, "a fraction with denominator 0");
        Rational::reduce(num as i128, den as i128)
    }

    /// `num / den`, reduced; `None` when `den` is zero or the reduced fraction does not
    /// fit (`i64::MIN / -1`).
    pub fn checked_new(num: i64, den: i64) -> Option<Rational> {
        if den == 0 {
            return None;
        }
        let (num, den) = (i128::from(num), i128::from(den));
        // From i64, negation in i128 cannot overflow.
        let (num, den) = if den < 0 {
            (num.checked_neg()?, den.checked_neg()?)
        } else {
            (num, den)
        };
        let g = i128::try_from(gcd(num, den).max(1)).ok()?;
        Some(Rational {
            num: i64::try_from(num.checked_div(g)?).ok()?,
            den: i64::try_from(den.checked_div(g)?).ok()?,
        })
    }

    /// `num / den` reduced, for the results of arithmetic (`den` not zero). A result
    /// out of the range of i64 saturates (never reached by standings within the limits:
    /// their fractions have small denominators) instead of wrapping.
    fn reduce(num: i128, den: i128) -> Rational {
        let (num, den) = if den < 0 {
            (num.saturating_neg(), den.saturating_neg())
        } else {
            (num, den)
        };
        let g = i128::try_from(gcd(num, den).max(1)).unwrap_or(i128::MAX);
        let clamp = |v: i128| i64::try_from(v).unwrap_or(if v < 0 { i64::MIN } else { i64::MAX });
        Rational {
            num: clamp(num.checked_div(g).unwrap_or(num)),
            den: clamp(den.checked_div(g).unwrap_or(den)).max(1),
        }
    }

    /// The numerator (reduced, carries the sign).
    pub fn numer(self) -> i64 {
        self.num
    }

    /// The denominator (reduced, positive).
    pub fn denom(self) -> i64 {
        self.den
    }

    /// The value as a float (for output only).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The smaller of two values.
    pub fn min(self, other: Rational) -> Rational {
        if other < self {
            other
        } else {
            self
        }
    }

    /// The value divided by a whole number.
    ///
    /// # Panics
    /// When `d` is zero.
    pub fn div_int(self, d: i64) -> Rational {
        assert!(d != 0, "division by 0");
        Rational::reduce(
            i128::from(self.num),
            i128::from(self.den).saturating_mul(i128::from(d)),
        )
    }
}

impl Default for Rational {
    fn default() -> Rational {
        Rational::ZERO
    }
}

impl From<i64> for Rational {
    fn from(v: i64) -> Rational {
        Rational { num: v, den: 1 }
    }
}

impl From<HalfPoints> for Rational {
    fn from(h: HalfPoints) -> Rational {
        h.to_rational()
    }
}

impl Add for Rational {
    type Output = Rational;
    fn add(self, o: Rational) -> Rational {
        if self.den == o.den {
            return Rational::reduce(
                i128::from(self.num).saturating_add(i128::from(o.num)),
                i128::from(self.den),
            );
        }
        // Products of two i64 fit in i128; only their sum can saturate.
        let (a, b, c, d) = (
            i128::from(self.num),
            i128::from(self.den),
            i128::from(o.num),
            i128::from(o.den),
        );
        Rational::reduce(
            a.saturating_mul(d).saturating_add(c.saturating_mul(b)),
            b.saturating_mul(d),
        )
    }
}

impl AddAssign for Rational {
    fn add_assign(&mut self, o: Rational) {
        // `Add` saturates (see `reduce`).
        *self = Add::add(*self, o);
    }
}

impl Sub for Rational {
    type Output = Rational;
    fn sub(self, o: Rational) -> Rational {
        // `Add` and `Neg` saturate.
        Add::add(self, Neg::neg(o))
    }
}

impl Neg for Rational {
    type Output = Rational;
    fn neg(self) -> Rational {
        Rational {
            num: self.num.saturating_neg(),
            den: self.den,
        }
    }
}

impl Mul for Rational {
    type Output = Rational;
    fn mul(self, o: Rational) -> Rational {
        Rational::reduce(
            i128::from(self.num).saturating_mul(i128::from(o.num)),
            i128::from(self.den).saturating_mul(i128::from(o.den)),
        )
    }
}

impl Sum for Rational {
    fn sum<I: Iterator<Item = Rational>>(iter: I) -> Rational {
        iter.fold(Rational::ZERO, Add::add)
    }
}

impl Ord for Rational {
    fn cmp(&self, o: &Rational) -> Ordering {
        // Products of two i64 fit in i128: exact.
        let a = i128::from(self.num).saturating_mul(i128::from(o.den));
        let b = i128::from(o.num).saturating_mul(i128::from(self.den));
        a.cmp(&b)
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, o: &Rational) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Rational {
    /// Exact decimals when the fraction has them (`9.75`), otherwise rounded to the
    /// precision asked for (default 2 places, `1866.67`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = self.den;
        while d % 2 == 0 {
            d /= 2;
        }
        while d % 5 == 0 {
            d /= 5;
        }
        if d == 1 && f.precision().is_none() {
            // Terminating decimal: write it exactly.
            let sign = if self.num < 0 { "-" } else { "" };
            let a = u128::from(self.num.unsigned_abs());
            // The denominator is positive; `rem < den < 2^63`, so `rem * 10` fits.
            let den = u128::from(self.den.unsigned_abs()).max(1);
            let whole = a.checked_div(den).unwrap_or(0);
            let mut rem = a.checked_rem(den).unwrap_or(0);
            if rem == 0 {
                return write!(f, "{sign}{whole}");
            }
            let mut digits = String::new();
            while rem != 0 {
                rem = rem.saturating_mul(10);
                let digit = rem.checked_div(den).unwrap_or(0);
                digits.push(char::from_digit(u32::try_from(digit).unwrap_or(0), 10).unwrap_or('0'));
                rem = rem.checked_rem(den).unwrap_or(0);
            }
            return write!(f, "{sign}{whole}.{digits}");
        }
        write!(f, "{:.*}", f.precision().unwrap_or(2), self.to_f64())
    }
}

/// Exact: `[numerator, denominator]`, reduced (`[39, 4]` for 9.75). Floats for people
/// are a presentation: see [`crate::StandingsJson`].
impl Serialize for Rational {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.num, self.den).serialize(s)
    }
}

/// Reads `[numerator, denominator]` (reduced on reading); a zero denominator, or a
/// fraction whose reduced form does not fit, is an error.
impl<'de> Deserialize<'de> for Rational {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rational, D::Error> {
        let (num, den) = <(i64, i64)>::deserialize(d)?;
        if den == 0 {
            return Err(serde::de::Error::custom(format!(
                "the fraction {num}/{den} has denominator 0"
            )));
        }
        Rational::checked_new(num, den).ok_or_else(|| {
            serde::de::Error::custom(format!("the fraction {num}/{den} is out of range"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_parse_and_print() {
        for (text, h) in [("0", 0), ("0.5", 1), ("3.5", 7), ("10.0", 20), (" 2,5", 5)] {
            assert_eq!(text.parse::<HalfPoints>().unwrap(), HalfPoints(h));
        }
        assert!("0.25".parse::<HalfPoints>().is_err());
        assert!("x".parse::<HalfPoints>().is_err());
        assert_eq!(HalfPoints(-3).to_string(), "-1.5");
    }

    #[test]
    fn rationals_reduce_and_print() {
        assert_eq!(Rational::new(6, -4), Rational::new(-3, 2));
        assert_eq!(Rational::new(-3, 2).to_string(), "-1.5");
        assert_eq!(Rational::new(5600, 3).to_string(), "1866.67");
        assert_eq!(Rational::new(1, 8).to_string(), "0.125");
        assert_eq!(
            (Rational::new(1, 6) * Rational::new(3, 1)),
            Rational::new(1, 2)
        );
    }
}
