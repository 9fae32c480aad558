//! The statute reader and the vehicle-code table (docs/decisions.md §13).

use crate::classify::statute::{
    Place, StatuteField, find_in_text, matches, read_statute, read_statute_field,
};
use crate::classify::vehicle_codes::VEHICLE_CODES;
use crate::classify::vocabulary::SectionKind;

#[test]
fn patterns_match_whole_numbers_only() {
    assert_eq!(matches("32-23-1", "32-23-1", true), Some(7));
    assert_eq!(matches("32-23-1", "32-23-10", true), None);
    // A decimal after a dashed section is another section; a letter or a subdivision is not.
    assert_eq!(matches("32-23-1", "32-23-1.2", true), None);
    assert!(matches("28-1381", "28-1381A1", true).is_some());
    assert!(matches("VTL 1192", "VTL 1192.3", false).is_some());
    assert!(matches("169A.20", "169A.20.1(1)", false).is_some());
    assert_eq!(matches("316.193", "316.1935(2)", true), None);
    assert!(matches("{316-324}.#", "322.34(2A)", true).is_some());
    assert_eq!(matches("{316-324}.#", "327.35", true), None);
    assert!(matches("46.#?.#", "46.61.502", true).is_some());
    assert!(matches("#-#-#-#", "35-44.1-3-1(A)(3)", true).is_some());
    assert!(matches("39[:-]4[-: ]50", "39:4 50", true).is_some());
    assert!(matches("32-#?-#", "32-5A-191", true).is_some());
    assert_eq!(matches("17[A-E]-#?-#", "17-4-1", true), None);
}

#[test]
fn citation_keys() {
    let key = |statute: &str, state: &str| read_statute(statute, state).map(|c| c.key);
    assert_eq!(key("SDCL 32-23-1", "SD").as_deref(), Some("32-23-1"));
    assert_eq!(key("23152(a) VC", "CA").as_deref(), Some("VC 23152(A)"));
    assert_eq!(key("75 § 3802 §§ A1*", "PA").as_deref(), Some("75 3802 1"));
    assert_eq!(
        key("c. 90, § 24(1)(a)(1)", "MA").as_deref(),
        Some("90 24(1)(A)(1)")
    );
    assert_eq!(key("OUI-LIQUOR C90 S24", "MA").as_deref(), Some("90 24"));
    assert_eq!(key("TRANSP 545.351", "TX").as_deref(), Some("TC 545.351"));
    assert_eq!(key("TR-20-102", "MD").as_deref(), Some("TR 20-102"));
    // Bare numbers where the jurisdiction needs a label, ordinances and placeholders: nothing.
    assert!(read_statute("21-902(b)", "MD").is_none());
    assert!(read_statute("23152", "CA").is_none());
    assert!(read_statute("10.12.310", "SD").is_none());
    assert!(read_statute("88888888888", "FL").is_none());
    assert!(read_statute("32-23-1", "ZZ").is_none());
}

/// Formats the reference lists on purpose as bare or ambiguous: a section without the code
/// label or title that tells it from the jurisdiction's other codes. They say nothing.
const BARE_FORMATS: &[(&str, &str)] = &[("IL", "11-501(a)(1)"), ("MD", "21-902(b)")];

/// Every citation format the reference lists for a jurisdiction is read as one of its
/// statutes (but the deliberately bare ones), and none of its look-alikes is read as inside the
/// vehicle code.
#[test]
fn every_row_reads_its_own_formats_and_rejects_its_look_alikes() {
    assert_eq!(VEHICLE_CODES.len(), 56);
    let mut unread = Vec::new();
    for row in VEHICLE_CODES {
        for format in row.formats {
            if read_statute(format, row.state).is_none() {
                unread.push((row.state, *format));
            }
        }
        for look_alike in row.not_vehicle {
            if let Some(c) = read_statute(look_alike, row.state) {
                let not_road =
                    matches!(c.place, Place::Section(s) if s.kind == SectionKind::NotRoad);
                assert!(
                    !c.inside || not_road,
                    "{} {look_alike:?} read inside the vehicle code ({})",
                    row.state,
                    c.key
                );
                assert!(
                    !matches!(c.place, Place::VehicleCode),
                    "{} {look_alike:?} read as the vehicle code",
                    row.state
                );
            }
        }
    }
    assert_eq!(unread, BARE_FORMATS);
}

#[test]
fn sections_win_over_the_code_and_the_longest_wins() {
    let place = |statute: &str, state: &str| read_statute(statute, state).map(|c| c.place);
    let section = |statute: &str, state: &str| match place(statute, state) {
        Some(Place::Section(s)) => Some(s.kind),
        _ => None,
    };
    use crate::classify::vocabulary::SeriousKind::*;
    assert_eq!(
        section("32-5A-191.3", "AL"),
        Some(SectionKind::NotRoad),
        "boating under the influence sits in Alabama's title 32"
    );
    assert_eq!(
        section("32-5A-191(a)(2)", "AL"),
        Some(SectionKind::Serious(ImpairedDriving))
    );
    assert_eq!(
        section("PC 49.04", "TX"),
        Some(SectionKind::Serious(ImpairedDriving))
    );
    assert_eq!(section("PC 49.06", "TX"), Some(SectionKind::NotRoad));
    assert_eq!(
        section("5-65-103", "AR"),
        Some(SectionKind::Serious(ImpairedDriving))
    );
    assert_eq!(section("577.013", "MO"), Some(SectionKind::NotRoad));
    assert_eq!(
        section("577.010-032Y202054.0", "MO"),
        Some(SectionKind::Serious(ImpairedDriving))
    );
    assert_eq!(section("32-24-8", "SD"), Some(SectionKind::NotSerious));
    assert!(matches!(place("32-17-8", "SD"), Some(Place::VehicleCode)));
    assert!(matches!(place("22-30A-17(F6)", "SD"), Some(Place::Outside)));
    assert!(matches!(place("90B/8/A", "MA"), Some(Place::Outside)));
    assert!(matches!(
        place("720 ILCS 5/11-1.20", "IL"),
        Some(Place::Outside)
    ));
}

/// Massachusetts as its courts and its manual write it (docs/decisions.md §13): the chapter and section,
/// the District Court's offence codes (chapter/section/letter), and sections with a letter of
/// their own (§24I, the open container, is not §24, the impaired-driving section).
#[test]
fn massachusetts_citations() {
    let place = |statute: &str| read_statute(statute, "MA").map(|c| c.place);
    let serious = |statute: &str| matches!(place(statute), Some(Place::Section(s)) if matches!(s.kind, SectionKind::Serious(_)));
    let inside = |statute: &str| matches!(place(statute), Some(Place::VehicleCode));
    for cited in [
        "c90 §17",
        "C90 S17",
        "90/17/A",
        "G.L. c. 90, § 17",
        "M.G.L. c.90 s.17",
        "c89 §9",
    ] {
        assert!(inside(cited), "{cited}");
    }
    for cited in [
        "90/24/J",
        "c90 §24(1)(a)(1)",
        "G.L. c. 90, § 24",
        "90/24G/A",
        "c90 §24L(1)",
        "90/23/D",
    ] {
        assert!(serious(cited), "{cited}");
    }
    // Sections with a letter of their own are not the section the letter follows.
    for cited in ["90/24I", "c90 §24I", "90/24B/B", "90/24S"] {
        assert!(inside(cited), "{cited}");
    }
    // Other chapters: outside (motorboats, ways, commercial licences).
    for cited in ["90B/8/A", "c85 §30", "90F/9"] {
        assert!(matches!(place(cited), Some(Place::Outside)), "{cited}");
    }
    let found = |charge: &str| find_in_text(charge, "MA").map(|c| c.key);
    assert_eq!(found("SPEEDING c90 §17").as_deref(), Some("90 17"));
    assert_eq!(
        found("STOP/YIELD, FAIL TO * C89 S9").as_deref(),
        Some("89 9")
    );
}

/// A regulation of an agency or a local ordinance is no statute (docs/decisions.md §13): neither the
/// field nor a citation in the text is read, so the number neither makes nor unmakes a reading.
#[test]
fn regulations_and_ordinances_are_not_statutes() {
    for (statute, state) in [
        ("730 CMR 7.08", "MA"),
        ("730 CMR §7.08(6)(c)", "MA"),
        ("Brockton Ordinances c12 §42", "MA"),
        ("Yarmouth By-Laws c79 §4.1", "MA"),
        ("49 CFR 395.8", "PA"),
        ("CITY ORD 434.03", "OH"),
        ("Solon Ord. 434.03", "OH"),
        ("MUNICIPAL CODE 10-4-2", "CO"),
        ("COUNTY ORDINANCE 12-3", "FL"),
    ] {
        assert!(
            read_statute(statute, state).is_none(),
            "{statute} ({state})"
        );
        assert!(
            matches!(
                read_statute_field(statute, Some(state)),
                StatuteField::NotAStatute
            ),
            "{statute} ({state})"
        );
    }
    // A row's own label is its vehicle code, not a regulation (Alaska's rules of the road).
    assert!(read_statute("13 AAC 02.275", "AK").is_some());
    for (statute, state) in [
        ("13 AAC 02.275", Some("AK")),
        ("c90 §17", Some("MA")),
        ("c90 §17", None),
    ] {
        assert!(
            matches!(read_statute_field(statute, state), StatuteField::Statute(_)),
            "{statute}"
        );
    }
    // Without a state only the generic markers are known.
    assert!(matches!(
        read_statute_field("CITY ORD 434.03", None),
        StatuteField::NotAStatute
    ));
    let found = |charge: &str| find_in_text(charge, "MA").map(|c| c.key);
    assert_eq!(found("MASS PIKE—SPEEDING 730 CMR §7.08(6)(c)"), None);
    assert_eq!(
        found("BRO—MARKED LANES VIOLATION Brockton Ordinances c12 §42"),
        None
    );
    assert_eq!(
        found("BRI—UNREGISTERED VEHS, PARK +2 Bridgewater By-Laws art.XXIII §3"),
        None
    );
}

#[test]
fn citations_inside_charge_text_need_a_label() {
    let found = |charge: &str, state: &str| find_in_text(charge, state).map(|c| c.key);
    assert_eq!(
        found("SPEEDING (RSMo 304.010)", "MO").as_deref(),
        Some("304.010")
    );
    assert_eq!(
        found("23152(A) VC-DUI ALCOHOL/DRUGS", "CA").as_deref(),
        Some("VC 23152(A)")
    );
    assert_eq!(
        found("ATT 496 PC:STOLEN PROP", "CA").as_deref(),
        Some("PC 496")
    );
    // Ages, amounts and speeds are not sections.
    assert_eq!(found("Seatbelts- Drivers Ages 14-18 Required", "CT"), None);
    assert_eq!(found("SPEEDING 32-23 OVER", "SD"), None);
    assert_eq!(found("290 VIOL POST INCARC", "CA"), None);
}
