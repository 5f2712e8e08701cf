//! Java `double` arithmetic, bit for bit, in integers.
//!
//! OpenGotha computes several cost terms with IEEE 754 binary64 arithmetic and truncates the result to `long`.
//! The exact rational value and the double result differ when the rational is an integer that the double misses
//! by one ulp (e.g. `(long)(1e11 · (1 − 4/5) · (1 + 0.5 · 4/5))` is 27999999999, not 28000000000). To reproduce
//! every value without floats, this module implements the four operations of binary64 with round-to-nearest-even
//! on integers (`u128` mantissas). Only finite normal numbers are needed here: no NaN, infinities or subnormals.

use std::cmp::Ordering;
use std::ops::{Add, Div, Mul, Sub};

/// A finite binary64 value: `(-1)^neg · m · 2^e`, with `m` = 0 or `2^52 ≤ m < 2^53`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JDouble {
    neg: bool,
    m: u64,
    e: i32,
}

const MANT_BITS: u32 = 53;

impl JDouble {
    /// Zero.
    pub const ZERO: JDouble = JDouble {
        neg: false,
        m: 0,
        e: 0,
    };

    /// Rounds `(-1)^neg · (m + sticky·ε) · 2^e` to the nearest double (ties to even); `sticky` means "a little
    /// more than `m`" and requires `m` to carry at least two bits below the 53 kept ones.
    fn round(neg: bool, m: u128, e: i32, sticky: bool) -> JDouble {
        if m == 0 {
            return JDouble::ZERO;
        }
        let bits = 128 - m.leading_zeros();
        if bits <= MANT_BITS {
            let shift = MANT_BITS - bits;
            return JDouble {
                neg,
                m: (m << shift) as u64,
                e: e - shift as i32,
            };
        }
        let shift = bits - MANT_BITS;
        let mut keep = m >> shift;
        let rem = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        let round_up = rem > half || (rem == half && (sticky || keep & 1 == 1));
        let mut e = e + shift as i32;
        if round_up {
            keep += 1;
            if keep == 1u128 << MANT_BITS {
                keep >>= 1;
                e += 1;
            }
        }
        JDouble {
            neg,
            m: keep as u64,
            e,
        }
    }

    /// `(double) v`.
    pub fn from_i64(v: i64) -> JDouble {
        JDouble::round(v < 0, u128::from(v.unsigned_abs()), 0, false)
    }

    /// `(long) self`: truncation toward zero (saturating like Java).
    pub fn to_i64(self) -> i64 {
        let mag: u128 = if self.e >= 0 {
            if self.e > 70 {
                u128::MAX
            } else {
                u128::from(self.m) << self.e
            }
        } else if self.e < -64 {
            0
        } else {
            u128::from(self.m) >> (-self.e)
        };
        let mag = i128::try_from(mag).unwrap_or(i128::MAX);
        let signed = if self.neg { -mag } else { mag };
        signed.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
    }

    /// Is this value strictly positive?
    pub fn is_positive(self) -> bool {
        self.m != 0 && !self.neg
    }

    /// Java's `<`, `==`, `>` on two doubles.
    pub fn compare(self, rhs: JDouble) -> Ordering {
        let d = self - rhs;
        if d.m == 0 {
            Ordering::Equal
        } else if d.neg {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    }

    /// `Math.max`.
    pub fn max(self, rhs: JDouble) -> JDouble {
        if self.compare(rhs) == Ordering::Less {
            rhs
        } else {
            self
        }
    }

    /// `Math.min`.
    pub fn min(self, rhs: JDouble) -> JDouble {
        if self.compare(rhs) == Ordering::Greater {
            rhs
        } else {
            self
        }
    }
}

impl Mul for JDouble {
    type Output = JDouble;

    /// `self * rhs`, rounded to nearest even.
    fn mul(self, rhs: JDouble) -> JDouble {
        JDouble::round(
            self.neg != rhs.neg,
            u128::from(self.m) * u128::from(rhs.m),
            self.e + rhs.e,
            false,
        )
    }
}

impl Div for JDouble {
    type Output = JDouble;

    /// `self / rhs`; division by zero yields zero (never needed: every divisor here is a positive count).
    fn div(self, rhs: JDouble) -> JDouble {
        if rhs.m == 0 || self.m == 0 {
            return JDouble::ZERO;
        }
        const SHIFT: u32 = 74;
        let num = u128::from(self.m) << SHIFT;
        let den = u128::from(rhs.m);
        JDouble::round(
            self.neg != rhs.neg,
            num / den,
            self.e - rhs.e - SHIFT as i32,
            !num.is_multiple_of(den),
        )
    }
}

impl Add for JDouble {
    type Output = JDouble;

    /// `self + rhs`.
    fn add(self, rhs: JDouble) -> JDouble {
        if self.m == 0 {
            return rhs;
        }
        if rhs.m == 0 {
            return self;
        }
        let (a, b) = if self.e >= rhs.e {
            (self, rhs)
        } else {
            (rhs, self)
        };
        const HEAD: i32 = 64;
        let base = a.e - HEAD;
        let ma = u128::from(a.m) << HEAD;
        let (mb, sticky) = match b.e - base {
            s if s >= 0 => (u128::from(b.m) << s, false),
            s if -s >= 64 => (0, true),
            s => {
                let r = (-s) as u32;
                (
                    u128::from(b.m) >> r,
                    u128::from(b.m) & ((1u128 << r) - 1) != 0,
                )
            }
        };
        if a.neg == b.neg {
            // Double the scale so "a little more" stays below every rounding boundary.
            JDouble::round(a.neg, (ma + mb) << 1, base - 1, sticky)
        } else if ma >= mb {
            let diff = ((ma - mb) << 1) - u128::from(sticky);
            JDouble::round(a.neg, diff, base - 1, sticky)
        } else {
            let diff = ((mb - ma) << 1) + u128::from(sticky);
            JDouble::round(b.neg, diff, base - 1, false)
        }
    }
}

impl Sub for JDouble {
    type Output = JDouble;

    /// `self - rhs`.
    fn sub(self, rhs: JDouble) -> JDouble {
        self.add(JDouble {
            neg: !rhs.neg,
            ..rhs
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: i64) -> JDouble {
        JDouble::from_i64(v)
    }

    /// Cross-checks against the machine's IEEE doubles (tests only).
    fn same(x: JDouble, f: f64) {
        let back = if x.m == 0 {
            0.0
        } else {
            let v = (x.m as f64) * 2f64.powi(x.e);
            if x.neg {
                -v
            } else {
                v
            }
        };
        if f == 0.0 {
            assert_eq!(x.m, 0, "{x:?} vs {f}");
        } else {
            assert_eq!(back.to_bits(), f.to_bits(), "{x:?} vs {f}");
        }
    }

    #[test]
    fn operations_match_ieee_doubles() {
        let vals = [
            1i64,
            2,
            3,
            5,
            7,
            10,
            11,
            12,
            29,
            1_000_000,
            100_000_000_000,
            500_000_000_000_000,
            -4,
            -37,
        ];
        for &a in &vals {
            for &b in &vals {
                let (fa, fb) = (a as f64, b as f64);
                same(d(a) + d(b), fa + fb);
                same(d(a) - d(b), fa - fb);
                same(d(a) * d(b), fa * fb);
                same(d(a) / d(b), fa / fb);
                let q = d(a) / d(b);
                let fq = fa / fb;
                same(d(1) - q, 1.0 - fq);
                same(q + d(b) / d(a), fq + fb / fa);
                same(d(a) * (d(1) - q), fa * (1.0 - fq));
                same(d(b) - q * (d(3) / d(7)), fb - fq * (3.0 / 7.0));
            }
        }
    }

    #[test]
    fn truncation_reproduces_the_double_artifact() {
        // (long)(1e11 · (1 − 4/5) · (1 + 0.5 · 4/5)) in Java is 27999999999.
        let x = d(4) / d(5);
        let k = d(5) / d(10);
        let v = d(100_000_000_000) * (d(1) - x) * (d(1) + k * x);
        assert_eq!(v.to_i64(), 27_999_999_999);
        assert_eq!(
            (1e11 * (1.0 - 0.8) * (1.0 + 0.5 * 0.8)) as i64,
            27_999_999_999
        );
    }

    proptest::proptest! {
        #[test]
        fn random_expressions_match_ieee_doubles(a in -1_000_000_000_000_000i64..1_000_000_000_000_000, b in 1i64..100_000, c in -100_000i64..100_000) {
            let (fa, fb, fc) = (a as f64, b as f64, c as f64);
            let x = d(c) / d(b);
            same(d(a) * (d(1) - x) * (d(1) + d(1) / d(2) * x), fa * (1.0 - fc / fb) * (1.0 + 0.5 * (fc / fb)));
            same(d(a) / d(b) + x, fa / fb + fc / fb);
            same(d(a) - d(c) * x, fa - fc * (fc / fb));
            let v = d(a) * (d(1) - x);
            proptest::prop_assert_eq!(v.to_i64(), (fa * (1.0 - fc / fb)) as i64);
        }
    }
}
