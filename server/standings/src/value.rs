//! Exact tie-break values: a reduced fraction of points (`num / den`, `den > 0`), ordered by cross
//! multiplication in `i128`. Normalised SOS (× R / opponents met) and SODOS (jigo counts ½) need fractions;
//! every other criterion is a whole number of half points. No floats anywhere.
//!
//! Kept by hand rather than `num-rational`'s `Ratio<i64>` (issue 17): sums and comparisons here go through `i128`
//! before reducing, so a large SOS sum over many rounds cannot overflow, where `Ratio<i64>` does its arithmetic in
//! `i64` (overflowing on large numerators) and panics on a zero denominator; the gcd is four lines.

use std::cmp::Ordering;
use std::fmt;

use tengen_draw::model::HalfPoints;

/// An exact number of points, always stored reduced with a positive denominator, so structural equality is
/// numeric equality.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value {
    num: i64,
    den: i64,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl Value {
    /// Zero points.
    pub const ZERO: Value = Value { num: 0, den: 1 };

    /// `num / den` points, reduced. A zero denominator is treated as 1 (callers never pass one).
    pub fn new(num: i64, den: i64) -> Value {
        let den = if den == 0 { 1 } else { den };
        let sign = if den < 0 { -1 } else { 1 };
        let g = gcd(num, den);
        Value {
            num: sign * num / g,
            den: sign * den / g,
        }
    }

    /// A whole number of points.
    pub fn int(points: i64) -> Value {
        Value::new(points, 1)
    }

    /// A score in half points.
    pub fn half_points(h: i64) -> Value {
        Value::new(h, 2)
    }

    /// A score in quarter points (SODOS with jigos).
    pub fn quarter_points(q: i64) -> Value {
        Value::new(q, 4)
    }

    /// Numerator of the reduced fraction.
    pub fn numer(self) -> i64 {
        self.num
    }

    /// Denominator of the reduced fraction (always positive).
    pub fn denom(self) -> i64 {
        self.den
    }

    /// Exact when the value is a whole number of half points.
    pub fn to_half_points(self) -> Option<HalfPoints> {
        (2 * self.num % self.den == 0).then(|| HalfPoints((2 * self.num / self.den) as i32))
    }
}

impl std::ops::Add for Value {
    type Output = Value;
    fn add(self, rhs: Value) -> Value {
        let num =
            i128::from(self.num) * i128::from(rhs.den) + i128::from(rhs.num) * i128::from(self.den);
        let den = i128::from(self.den) * i128::from(rhs.den);
        Value::from_i128(num, den)
    }
}

impl Value {
    /// `self × num / den`, exactly (`den` must be non-zero; 0 is treated as 1).
    pub fn scale(self, num: i64, den: i64) -> Value {
        let n = i128::from(self.num) * i128::from(num);
        let d = i128::from(self.den) * i128::from(if den == 0 { 1 } else { den });
        Value::from_i128(n, d)
    }

    fn from_i128(num: i128, den: i128) -> Value {
        let (mut a, mut b) = (num.abs(), den.abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1);
        let sign = if den < 0 { -1 } else { 1 };
        let num = i64::try_from(sign * num / g).expect("tie-break sums stay far below i64 range");
        let den = i64::try_from(sign * den / g).expect("tie-break denominators stay tiny");
        Value { num, den }
    }
}

impl From<HalfPoints> for Value {
    fn from(h: HalfPoints) -> Value {
        Value::half_points(i64::from(h.0))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        let left = i128::from(self.num) * i128::from(other.den);
        let right = i128::from(other.num) * i128::from(self.den);
        left.cmp(&right)
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    /// Whole numbers as `5`, finite decimals up to four places as `-31.8`, others as `-95/3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            return write!(f, "{}", self.num);
        }
        let mut d = self.den;
        while d % 2 == 0 {
            d /= 2;
        }
        while d % 5 == 0 {
            d /= 5;
        }
        if d != 1 || 10_000 % self.den != 0 {
            return write!(f, "{}/{}", self.num, self.den);
        }
        let scaled = self.num * (10_000 / self.den);
        let sign = if scaled < 0 { "-" } else { "" };
        let abs = scaled.abs();
        let frac = format!("{:04}", abs % 10_000);
        write!(f, "{sign}{}.{}", abs / 10_000, frac.trim_end_matches('0'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_compare_exactly_and_reduce() {
        assert_eq!(Value::new(-186, 5), Value::new(-372, 10));
        assert!(Value::new(-159, 5) > Value::int(-32));
        assert!(Value::new(1, 3) < Value::new(1, 2));
        assert_eq!(Value::new(3, -6), Value::new(-1, 2));
    }

    #[test]
    fn display_uses_decimals_when_exact() {
        assert_eq!(Value::new(-159, 5).to_string(), "-31.8");
        assert_eq!(Value::half_points(-53).to_string(), "-26.5");
        assert_eq!(Value::quarter_points(9).to_string(), "2.25");
        assert_eq!(Value::int(7).to_string(), "7");
        assert_eq!(Value::new(-95, 3).to_string(), "-95/3");
    }
}
