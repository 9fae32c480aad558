//! Local ordinances, matched from the court's `search_jurisdiction` and the case's state
//! (docs/decisions.md §7.1). The law table has facts only for New York City (its Fair Chance Act limits
//! employers on non-convictions and violations, details "not covered"); for San Francisco, Los
//! Angeles County and Philadelphia it has none. Each is therefore a review-only rule of low
//! confidence: a person checks the ordinance before anything from those courts is released.

use super::catalog::*;

const NOT_RESEARCHED: &str =
    "law table: no local facts researched (shared/reference/law/jurisdictions.json)";

pub static RULES: &[Rule] = &[
    Rule {
        id: "LOCAL_NYC_FAIR_CHANCE",
        jurisdiction: "New York City",
        scope: Scope::Local,
        trigger: Trigger::Local(Place::NewYorkCity),
        classes: NONCONV,
        action: Action::Review,
        reason: "New York City's Fair Chance Act adds employer limits on non-convictions that the law table does not cover",
        summary: "New York City's Fair Chance Act adds local employer limits on non-convictions and violations; not \
                  covered by the law table, so such charges from New York City courts go to review.",
        citation: "New York City Fair Chance Act (law table: note on NY, details not researched)",
        confidence: Confidence::Low,
        ..BASE
    },
    Rule {
        id: "LOCAL_NYC_FAIR_CHANCE",
        jurisdiction: "New York City",
        scope: Scope::Local,
        trigger: Trigger::Local(Place::NewYorkCity),
        classes: CONV,
        category: Category::ViolationOrInfraction,
        action: Action::Review,
        reason: "New York City's Fair Chance Act adds employer limits on violations that the law table does not cover",
        summary: "Violations row of the Fair Chance Act rule.",
        citation: "New York City Fair Chance Act (law table: note on NY, details not researched)",
        confidence: Confidence::Low,
        ..BASE
    },
    Rule {
        id: "LOCAL_SAN_FRANCISCO_FAIR_CHANCE",
        jurisdiction: "San Francisco",
        scope: Scope::Local,
        trigger: Trigger::Local(Place::SanFrancisco),
        classes: KNOWN,
        action: Action::Review,
        reason: "San Francisco may limit what employers use, and the law table has not researched its ordinance",
        summary: "San Francisco local fair-chance limits are not in the law table; records from San Francisco courts go \
                  to review.",
        citation: NOT_RESEARCHED,
        confidence: Confidence::Low,
        ..BASE
    },
    Rule {
        id: "LOCAL_LOS_ANGELES_COUNTY_FAIR_CHANCE",
        jurisdiction: "Los Angeles County",
        scope: Scope::Local,
        trigger: Trigger::Local(Place::LosAngelesCounty),
        classes: KNOWN,
        action: Action::Review,
        reason: "Los Angeles County may limit what employers use, and the law table has not researched its ordinance",
        summary: "Los Angeles County local fair-chance limits are not in the law table; records from Los Angeles County \
                  courts go to review.",
        citation: NOT_RESEARCHED,
        confidence: Confidence::Low,
        ..BASE
    },
    Rule {
        id: "LOCAL_PHILADELPHIA_FAIR_CHANCE",
        jurisdiction: "Philadelphia",
        scope: Scope::Local,
        trigger: Trigger::Local(Place::Philadelphia),
        classes: KNOWN,
        action: Action::Review,
        reason: "Philadelphia may limit what employers use, and the law table has not researched its ordinance",
        summary: "Philadelphia local fair-chance limits are not in the law table; records from Philadelphia courts go to \
                  review.",
        citation: NOT_RESEARCHED,
        confidence: Confidence::Low,
        ..BASE
    },
];

/// The place of a court, from its `search_jurisdiction` (e.g. `KINGS, NY`, `SAN FRANCISCO COUNTY,
/// CA`, `PHILADELPHIA, PA`) and the case's two-letter state. Read in place, ASCII case ignored:
/// nothing is upper-cased or joined.
pub fn place_of(search_jurisdiction: Option<&str>, state: Option<&str>) -> Option<Place> {
    let words = place_words(search_jurisdiction?);
    let state = state.or_else(|| words.clone().last().filter(|w| w.len() == 2))?;
    let has = |needle: &str| has_run(words.clone(), needle);
    let is = |code: &str| state.eq_ignore_ascii_case(code);
    if is("NY") {
        let boroughs = [
            "NEW YORK",
            "NYC",
            "KINGS",
            "QUEENS",
            "BRONX",
            "RICHMOND",
            "MANHATTAN",
            "BROOKLYN",
            "STATEN ISLAND",
        ];
        let statewide = has("STATEWIDE") || has("STATE");
        (!statewide && boroughs.iter().any(|b| has(b))).then_some(Place::NewYorkCity)
    } else if is("CA") && has("SAN FRANCISCO") {
        Some(Place::SanFrancisco)
    } else if is("CA") && has("LOS ANGELES") {
        Some(Place::LosAngelesCounty)
    } else if is("PA") && has("PHILADELPHIA") {
        Some(Place::Philadelphia)
    } else {
        None
    }
}

/// The words of a `search_jurisdiction` (runs of ASCII letters and digits) without the ones
/// that do not tell places apart.
fn place_words(raw: &str) -> impl Iterator<Item = &str> + Clone {
    const IGNORED: [&str; 4] = ["COUNTY", "CO", "CITY", "OF"];
    raw.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty() && !IGNORED.iter().any(|i| w.eq_ignore_ascii_case(i)))
}

/// Whether the words of `needle` (upper case, one space apart) come one after another in `words`.
fn has_run<'a>(mut words: impl Iterator<Item = &'a str> + Clone, needle: &str) -> bool {
    loop {
        let mut run = words.clone();
        if needle
            .split(' ')
            .all(|n| run.next().is_some_and(|w| w.eq_ignore_ascii_case(n)))
        {
            return true;
        }
        if words.next().is_none() {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `place_of` as it was: the words upper-cased and joined, then searched as text.
    fn joined_place_of(search_jurisdiction: Option<&str>, state: Option<&str>) -> Option<Place> {
        let raw = search_jurisdiction?.to_ascii_uppercase();
        let words: Vec<&str> = raw
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty() && *w != "COUNTY" && *w != "CO" && *w != "CITY" && *w != "OF")
            .collect();
        let text = words.join(" ");
        let state = state.map(str::to_ascii_uppercase).or_else(|| {
            words
                .last()
                .filter(|w| w.len() == 2)
                .map(|w| (*w).to_string())
        });
        let has = |needle: &str| {
            text == needle
                || text.starts_with(&format!("{needle} "))
                || text.contains(&format!(" {needle} "))
                || text.ends_with(&format!(" {needle}"))
        };
        match state.as_deref() {
            Some("NY") => {
                let boroughs = [
                    "NEW YORK",
                    "NYC",
                    "KINGS",
                    "QUEENS",
                    "BRONX",
                    "RICHMOND",
                    "MANHATTAN",
                    "BROOKLYN",
                    "STATEN ISLAND",
                ];
                let statewide = has("STATEWIDE") || has("STATE");
                (!statewide && boroughs.iter().any(|b| has(b))).then_some(Place::NewYorkCity)
            }
            Some("CA") if has("SAN FRANCISCO") => Some(Place::SanFrancisco),
            Some("CA") if has("LOS ANGELES") => Some(Place::LosAngelesCounty),
            Some("PA") if has("PHILADELPHIA") => Some(Place::Philadelphia),
            _ => None,
        }
    }

    #[test]
    fn places_from_search_jurisdiction() {
        let cases = [
            ("KINGS, NY", Some("NY"), Some(Place::NewYorkCity)),
            ("NEW YORK COUNTY, NY", Some("NY"), Some(Place::NewYorkCity)),
            ("New York City", Some("NY"), Some(Place::NewYorkCity)),
            ("BRONX", Some("NY"), Some(Place::NewYorkCity)),
            ("STATEWIDE, NY", Some("NY"), None),
            ("NEW YORK STATE", Some("NY"), None),
            ("ALBANY, NY", Some("NY"), None),
            ("RICHMOND, VA", Some("VA"), None),
            ("SAN FRANCISCO, CA", Some("CA"), Some(Place::SanFrancisco)),
            (
                "LOS ANGELES COUNTY, CA",
                None,
                Some(Place::LosAngelesCounty),
            ),
            ("PHILADELPHIA, PA", Some("PA"), Some(Place::Philadelphia)),
            ("PHILADELPHIA, MS", Some("MS"), None),
            ("COBB, GA", Some("GA"), None),
        ];
        for (sj, st, want) in cases {
            assert_eq!(place_of(Some(sj), st), want, "{sj}");
        }
        assert_eq!(place_of(None, Some("NY")), None);
    }

    proptest::proptest! {
        /// Read in place, a jurisdiction gives the place the upper-cased, joined text gave.
        #[test]
        fn as_the_joined_text(
            head in "[a-zA-Z ,.]{0,12}",
            name in proptest::sample::select(vec!["Kings", "new york", "Staten  Island", "NYC", "san francisco", "Los Angeles", "philadelphia", "State", "statewide", "county", "City of", "é", "Co."]),
            tail in "[a-zA-Z ,.]{0,12}",
            state in proptest::option::of(proptest::sample::select(vec!["NY", "ny", "CA", "PA", "pa ", "VA"])),
        ) {
            let sj = format!("{head}{name}{tail}");
            proptest::prop_assert_eq!(place_of(Some(&sj), state), joined_place_of(Some(&sj), state), "{:?} {:?}", sj, state);
        }
    }
}
