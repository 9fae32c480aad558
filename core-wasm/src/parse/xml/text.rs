//! Entity-safe text: character data, CDATA and references accumulated into one string, and the
//! whitespace rule of docs/xml-layout.md §4 (trim, collapse internal runs).
//!
//! Only the five predefined entities and character references are ever resolved. Any other
//! entity reference is refused: without a DTD it cannot be defined, and a DTD is refused too.

/// Resolves one general reference (`&name;`, the name without `&` and `;`). `None` for anything
/// that is not a predefined entity or a valid character reference.
pub fn resolve_reference(name: &str) -> Option<char> {
    match name {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "apos" => Some('\''),
        "quot" => Some('"'),
        _ => {
            let num = name.strip_prefix('#')?;
            let code = match num.strip_prefix('x').or_else(|| num.strip_prefix('X')) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse::<u32>().ok()?,
            };
            char::from_u32(code).filter(|c| *c != '\0')
        }
    }
}

/// Trimmed, with internal whitespace runs collapsed to one space.
pub fn collapse(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for word in raw.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// `Some(collapsed)` when anything is left after collapsing.
pub fn non_empty(raw: &str) -> Option<String> {
    let c = collapse(raw);
    (!c.is_empty()).then_some(c)
}

/// Y/N flags as vendors write them: `Y`, `YES`, `TRUE`, `1` and their negatives; else unknown.
pub fn yes_no(raw: &str) -> Option<bool> {
    match collapse(raw).to_ascii_lowercase().as_str() {
        "y" | "yes" | "true" | "1" => Some(true),
        "n" | "no" | "false" | "0" => Some(false),
        _ => None,
    }
}

/// One address line, `street, city, ST ZIP`, skipping the parts that are empty.
pub fn address_line(street: String, city: String, state: String, zip: String) -> String {
    let tail = [state, zip]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    [street, city, tail]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predefined_and_character_references() {
        assert_eq!(resolve_reference("lt"), Some('<'));
        assert_eq!(resolve_reference("gt"), Some('>'));
        assert_eq!(resolve_reference("amp"), Some('&'));
        assert_eq!(resolve_reference("apos"), Some('\''));
        assert_eq!(resolve_reference("quot"), Some('"'));
        assert_eq!(resolve_reference("#233"), Some('é'));
        assert_eq!(resolve_reference("#xE9"), Some('é'));
        assert_eq!(resolve_reference("#XE9"), Some('é'));
    }

    #[test]
    fn other_references_are_refused() {
        for name in [
            "lol", "xxe", "nbsp", "#0", "#x110000", "#", "#xZZ", "", "#-1",
        ] {
            assert_eq!(resolve_reference(name), None, "{name}");
        }
    }

    #[test]
    fn whitespace_is_collapsed() {
        assert_eq!(collapse("  A \n\t B  "), "A B");
        assert_eq!(non_empty(" \n "), None);
        assert_eq!(non_empty(" x "), Some("x".into()));
    }

    #[test]
    fn flags() {
        assert_eq!(yes_no(" Y "), Some(true));
        assert_eq!(yes_no("false"), Some(false));
        assert_eq!(yes_no(""), None);
        assert_eq!(yes_no("maybe"), None);
    }
}
