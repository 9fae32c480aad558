//! Decimal rounding and basis points (docs/identity.md §8.1).

/// Round to 4 decimals exactly as the reference scorer does (Python `round(x, 4)`): the exact
/// binary value rounded half to even at the fourth decimal, then the `f64` nearest that decimal,
/// so both agree bit for bit. In integers: `{:.4}` and `str::parse` gave the same, and the
/// parser's tables (10 KB) were copied into every fresh instance's memory.
pub(crate) fn round4(x: f64) -> f64 {
    if !x.is_finite() {
        return 0.0;
    }
    // Whole numbers (exact matches score 1, missing parts 0) are their own rounding.
    if x == x.trunc() {
        return x;
    }
    let magnitude = nearest_f64(ten_thousandths(x.abs()), TEN_THOUSAND);
    if x.is_sign_negative() {
        -magnitude
    } else {
        magnitude
    }
}

const TEN_THOUSAND: u128 = 10_000;

/// `x * 10^4` rounded half to even, for a positive finite `x` that is not a whole number (so
/// below 2^52, its binary exponent negative).
fn ten_thousandths(x: f64) -> u128 {
    let bits = x.to_bits();
    let biased = (bits >> 52) & 0x7ff;
    let fraction = u128::from(bits & ((1 << 52) - 1));
    // x = mantissa * 2^-shift.
    let (mantissa, shift) = match biased {
        0 => (fraction, 1074),
        _ => (fraction | 1 << 52, 1075_u64.saturating_sub(biased)),
    };
    // Below 2^67: a shift of 68 or more leaves less than a half.
    let scaled = mantissa * TEN_THOUSAND;
    if shift >= 68 {
        return 0;
    }
    let whole = scaled >> shift;
    let rest = scaled & ((1 << shift) - 1);
    let Some(below) = shift.checked_sub(1) else {
        return scaled;
    };
    let half = 1 << below;
    whole + u128::from(rest > half || (rest == half && whole & 1 == 1))
}

/// The `f64` nearest `n / d` (ties to even), for `n` below 2^67 and `d` of 14 bits.
fn nearest_f64(n: u128, d: u128) -> f64 {
    // Both exact, and IEEE division rounds the quotient correctly.
    if n < 1 << 53 {
        return n as f64 / d as f64;
    }
    // A quotient of 55 or 56 bits: 53 for the mantissa, the rest and the remainder to round.
    let shift = 69 - (128 - n.leading_zeros());
    let numerator = n << shift;
    let (quotient, remainder) = (numerator / d, numerator % d);
    let extra = (128 - quotient.leading_zeros()) - 53;
    let mut mantissa = quotient >> extra;
    let dropped = quotient & ((1 << extra) - 1);
    let half = 1 << (extra - 1);
    if dropped > half || (dropped == half && (remainder != 0 || mantissa & 1 == 1)) {
        mantissa += 1;
    }
    // mantissa <= 2^53 and the power of two is exact: the product is.
    mantissa as f64 * power_of_two(i64::from(extra) - i64::from(shift))
}

/// 2^e for a small `e` (here -15 to 1).
fn power_of_two(e: i64) -> f64 {
    f64::from_bits(u64::try_from(1023 + e).unwrap_or(1023) << 52)
}

/// Score (0..=1, already rounded to 4 decimals) to basis points; negatives count as 0.
pub(crate) fn bp(x: f64) -> u32 {
    let v = (x.max(0.0) * 10_000.0).round();
    if v >= 10_000.0 { 10_000 } else { v as u32 }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// What `round4` was: the value written with `{:.4}` and read back.
    fn through_text(x: f64) -> f64 {
        if !x.is_finite() {
            return 0.0;
        }
        if x == x.trunc() {
            return x;
        }
        format!("{x:.4}").parse().unwrap_or(0.0)
    }

    fn same(x: f64) -> Result<(), TestCaseError> {
        prop_assert_eq!(round4(x).to_bits(), through_text(x).to_bits(), "{}", x);
        Ok(())
    }

    #[test]
    fn agrees_with_the_text_route_on_ties_and_edges() {
        let edges = [
            0.00005,
            0.00015,
            -0.00005,
            -0.00001,
            1e-300,
            f64::MIN_POSITIVE,
            5e-324,
            0.99995,
            0.999_949_999_999,
            123_456_789.000_05,
            900_719_925_474.099_1,
            4_503_599_627_370_495.5,
            1e15 + 0.3,
            -2.5e13 - 0.125,
        ];
        for x in edges {
            same(x).unwrap();
        }
        // The exact binary ties (odd multiples of 1/32), and their neighbours.
        for j in 0..2_000u32 {
            let tie = f64::from(2 * j + 1) / 32.0;
            for x in [tie, tie.next_up(), tie.next_down(), -tie] {
                same(x).unwrap();
            }
        }
        // The decimal ties between ten-thousandths in 0..4, and their neighbours.
        for k in 0..40_000u32 {
            let tie = (f64::from(k) + 0.5) / 10_000.0;
            for x in [tie, tie.next_up(), tie.next_down()] {
                same(x).unwrap();
            }
        }
    }

    proptest! {
        #[test]
        fn agrees_with_the_text_route(
            any_x in any::<f64>(),
            unit in -1.0..=1.0f64,
            large in 1e11..1e16f64,
            bits in 0x3ff0_0000_0000_0000u64..0x4330_0000_0000_0000u64,
        ) {
            for x in [any_x, unit, large, f64::from_bits(bits), -f64::from_bits(bits)] {
                same(x)?;
            }
        }
    }

    #[test]
    fn rounds() {
        assert_eq!(round4(0.815 / 0.85), 0.9588);
        assert_eq!(round4(1.0), 1.0);
        assert_eq!(round4(-1.0), -1.0);
        assert_eq!(round4(0.0), 0.0);
        assert_eq!(round4(f64::NAN), 0.0);
        assert_eq!(round4(0.123_449_999), 0.1234);
        assert_eq!(bp(0.9588), 9588);
        assert_eq!(bp(-1.0), 0);
        assert_eq!(bp(1.0), 10_000);
    }

    #[test]
    fn ties_follow_python() {
        // Python: round(0.03125, 4) == 0.0312 and round(0.15625, 4) == 0.1562 (half-even on exact ties)
        assert_eq!(round4(0.03125), 0.0312);
        assert_eq!(round4(0.15625), 0.1562);
        assert_eq!(round4(0.40625), 0.4062);
        assert_eq!(round4(0.09375), 0.0938);
    }
}
