//! Decimal rounding and basis points (DESIGN §8.1).

use core::fmt::Write;

/// Round to 4 decimals exactly as the reference scorer does (Python `round(x, 4)`):
/// correctly rounded from the exact binary value, so both agree bit for bit. Formats into
/// a stack buffer; no heap allocation.
pub(crate) fn round4(x: f64) -> f64 {
    if !x.is_finite() {
        return 0.0;
    }
    // Whole numbers (exact matches score 1, missing parts 0) are their own rounding.
    if x == x.trunc() {
        return x;
    }
    let mut buf = StackBuf::default();
    if write!(buf, "{x:.4}").is_err() {
        return (x * 10_000.0).round() / 10_000.0;
    }
    buf.as_str().parse().unwrap_or(0.0)
}

/// Score (0..=1, already rounded to 4 decimals) to basis points; negatives count as 0.
pub(crate) fn bp(x: f64) -> u32 {
    let v = (x.max(0.0) * 10_000.0).round();
    if v >= 10_000.0 { 10_000 } else { v as u32 }
}

#[derive(Default)]
struct StackBuf {
    bytes: [u8; 32],
    len: usize,
}

impl StackBuf {
    fn as_str(&self) -> &str {
        self.bytes
            .get(..self.len)
            .and_then(|b| core::str::from_utf8(b).ok())
            .unwrap_or("")
    }
}

impl Write for StackBuf {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let end = self.len + s.len();
        let dst = self.bytes.get_mut(self.len..end).ok_or(core::fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
