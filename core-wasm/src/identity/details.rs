//! The `details` text (docs/identity.md §10.1): integer formatting only, so every engine prints
//! the same bytes.

/// Basis points as a one-decimal percentage, half-up in integers (`8345` -> `83.5%`).
#[cfg(test)]
fn pct(bp: u32) -> String {
    let mut out = String::new();
    write_pct(&mut out, bp);
    out
}

fn write_pct(out: &mut String, bp: u32) {
    let tenths = (bp + 5) / 10;
    write_uint(out, tenths / 10);
    out.push('.');
    write_uint(out, tenths % 10);
    out.push('%');
}

/// Decimal digits of `n`, written by `itoa` (several per answer: the formatting machinery,
/// and a digit loop pushing a character at a time, cost twice as much).
fn write_uint(out: &mut String, n: u32) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// `Name {N}% (weight 45%); DOB {D}% (weight 40%); SSN {S}% (weight 10%); Address {A}
/// (weight 5%) | Overall {T}% | Qualifying {Q}%[ | Conflict: {C}]`.
pub(crate) fn render(
    n: u32,
    d: u32,
    s: u32,
    a: Option<u32>,
    total: u32,
    qualifying_bp: u32,
    conflicts: &[&str],
) -> String {
    let mut out = String::with_capacity(160);
    out.push_str("Name ");
    write_pct(&mut out, n);
    out.push_str(" (weight 45%); DOB ");
    write_pct(&mut out, d);
    out.push_str(" (weight 40%); SSN ");
    write_pct(&mut out, s);
    out.push_str(" (weight 10%); Address ");
    match a {
        Some(a) => write_pct(&mut out, a),
        None => out.push_str("n/a"),
    }
    out.push_str(" (weight 5%) | Overall ");
    write_pct(&mut out, total);
    out.push_str(" | Qualifying ");
    write_uint(&mut out, qualifying_bp / 100);
    out.push('%');
    if !conflicts.is_empty() {
        out.push_str(" | Conflict: ");
        out.push_str(&conflicts.join(","));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages() {
        assert_eq!(pct(10_000), "100.0%");
        assert_eq!(pct(8345), "83.5%");
        assert_eq!(pct(8344), "83.4%");
        assert_eq!(pct(0), "0.0%");
        assert_eq!(pct(5), "0.1%");
        let mut out = String::new();
        for n in [0, 7, 10, 85, 4_294_967_295] {
            out.clear();
            write_uint(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }

    #[test]
    fn grammar() {
        assert_eq!(
            render(10_000, 10_000, 0, Some(10_000), 9000, 8500, &["SSN"]),
            "Name 100.0% (weight 45%); DOB 100.0% (weight 40%); SSN 0.0% (weight 10%); Address 100.0% (weight 5%) | Overall 90.0% | Qualifying 85% | Conflict: SSN"
        );
        assert_eq!(
            render(9588, 10_000, 0, None, 8315, 8500, &[]),
            "Name 95.9% (weight 45%); DOB 100.0% (weight 40%); SSN 0.0% (weight 10%); Address n/a (weight 5%) | Overall 83.2% | Qualifying 85%"
        );
        assert!(
            render(0, 0, 0, None, 0, 7000, &["NAME", "DOB", "SSN"])
                .ends_with("Qualifying 70% | Conflict: NAME,DOB,SSN")
        );
    }
}
