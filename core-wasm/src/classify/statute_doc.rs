//! `docs/vehicle-codes.md`, generated from the very table the statute reader walks
//! (`vehicle_codes.rs`), so the page cannot drift from the engine (the test
//! `vehicle_codes_doc_is_current` fails when it does).

use std::fmt::Write as _;

use super::doc::list;
use super::vehicle_codes::{VEHICLE_CODES, VehicleCode};
use super::vocabulary::SectionKind;

/// The vehicle-code page as Markdown.
pub fn vehicle_codes_markdown() -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Statutes and the vehicle-code table\n");
    let _ = writeln!(
        out,
        "Generated from the engine's vehicle-code table by \
         `lookback_core::classify::vehicle_codes_markdown()`; do not edit by hand. \
         Regenerate with `UPDATE_LEXICON_DOC=1 cargo test -p lookback-core vehicle_codes_doc`.\n\n\
         The table transcribes `reference/law/vehicle-codes.json` (56 jurisdictions: the 50 \
         states, DC, PR, GU, VI, MP, AS): how each jurisdiction's courts cite its motor-vehicle \
         code, where the serious driving offences sit (inside the code or elsewhere in its law), \
         and which parts of the code are not road traffic. It is compiled into the engine module; \
         nothing is downloaded.\n"
    );
    how_it_decides(&mut out);
    keys(&mut out);
    let _ = writeln!(out, "## Jurisdictions\n");
    let _ = writeln!(
        out,
        "| code | vehicle code | confidence | inside the code | state statutes |\n|---|---|---|---|---|"
    );
    for row in VEHICLE_CODES {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            row.state,
            row.code_name.replace('|', "\\|"),
            row.confidence.word(),
            list(row.vehicle_code),
            list(row.statutes)
        );
    }
    out.push('\n');
    for row in VEHICLE_CODES {
        jurisdiction(&mut out, row);
    }
    out
}

fn how_it_decides(out: &mut String) {
    let _ = writeln!(
        out,
        "## How a statute decides (docs/decisions.md §13)\n\n\
         The statute is the charge's `statute` (record_json `offenses[].statute`, XML \
         `<Statute>`), else a citation written in the charge text beside one of the \
         jurisdiction's labels or a `§` (`SPEEDING (RSMo 304.010)`, `23152(A) VC-DUI`). It is \
         read against the row of the case's `jurisdiction_state`; without a state, a number is \
         never read.\n\n\
         | the statute is | reading | but |\n|---|---|---|\n\
         | a serious section (inside the code or outside it) | `serious` | a row that is not `high` needs the text to say so too, else `unknown` |\n\
         | a part that is not road traffic (vessels, aircraft, dealers, title and licence fraud) | `none` | - |\n\
         | inside the code, not a serious section (a listed look-alike such as careless driving included; registration, title administration and commercial-vehicle rules too) | `minor`, whatever the level below felony | a serious phrase in the text gives `serious` (racing and negligent operation only above a level that is no crime); a felony level or a crime word in the text gives `unknown`; a row that is not `high` needs the text to read minor too, else `unknown` |\n\
         | another statute of the jurisdiction | never `minor` by itself: minor text gives `unknown`, or `minor` at an infraction, violation, civil or petty level (the level and the text decide); a serious phrase `serious`, else `none` | - |\n\
         | a regulation or a local ordinance (`730 CMR 7.08`, `CITY ORD 10-4`) | the text decides, as without a statute, and the evidence says the number was not read | - |\n\
         | not shaped like one of its statutes (a bare ordinance number, a placeholder, a bare number where a code label is needed) | the text decides, as without a statute | - |\n\n\
         `unknown` and `serious` follow the ordinary rules; only `minor` makes a charge \
         NOT_REPORTABLE (`GEN_TRAFFIC_NONREPORT`). The evidence line names the statute, the \
         section or part, and the table row with its confidence, for example `traffic.minor: \
         statute \"32-17-8\" is inside South Dakota Codified Laws Title 32 (Motor Vehicles), not \
         a serious section (vehicle-code table SD, high confidence)`.\n"
    );
}

fn keys(out: &mut String) {
    let _ = writeln!(
        out,
        "## Keys and patterns\n\n\
         A citation is reduced to a key: upper case; decorating words dropped (`SDCL`, `RSMo`, \
         `O.S.`, `§`); code labels that tell one code of a jurisdiction from another kept under \
         one name (`CVC` -> `VC`); numbers in order, one space apart, each with the \
         subdivisions written against it. A label written after the number moves in front: \
         `23152(a) VC` -> `VC 23152(A)`, `75 § 3802 §§ A1*` -> `75 3802 1`, `c. 90, § 24(1)(a)` \
         -> `90 24(1)(A)`.\n\n\
         Patterns match the start of a key: `#` a number (with a decimal part where the rest of \
         the pattern allows), `{{a-b}}` a whole number from a to b, `[xy]` one of the characters, \
         `?` an optional letter, `$` the end of the section number (no letter or digit after \
         it: Massachusetts' `90 24$` is §24, not §24I), anything else itself. A match ends at a \
         boundary: a digit is not followed by a digit, a letter not by a letter, and where the \
         jurisdiction numbers sections with decimals (`20-138.1`) a `.` and a digit go on with \
         the number. Among the listed sections the longest match wins.\n\n\
         A statute field or a citation in the text that names a regulation or a local ordinance \
         (`CMR`, `CFR`, `ORD`, `ORDINANCES`, `BY-LAWS`, `CITY`, `COUNTY`, `MUNICIPAL`, \
         `REGULATION`, `RULE`, … unless the row names the word as one of its own labels: \
         Alaska's `AAC`, the District's `DCMR`) is no statute: its number is not read, and the \
         text decides, as without a statute (docs/decisions.md §13).\n"
    );
}

fn jurisdiction(out: &mut String, row: &VehicleCode) {
    let _ = writeln!(out, "### {} {}\n", row.state, row.name);
    let _ = writeln!(
        out,
        "{} (confidence: {}). Labels: {}; code labels: {}; decimals after a section are {}.\n",
        row.code_name,
        row.confidence.word(),
        list(row.labels),
        if row.code_labels.is_empty() {
            "-".to_string()
        } else {
            row.code_labels
                .iter()
                .map(|(alias, canonical)| format!("`{alias}` -> `{canonical}`"))
                .collect::<Vec<_>>()
                .join(", ")
        },
        if row.decimal_sections {
            "other sections"
        } else {
            "subdivisions"
        }
    );
    if !row.sections.is_empty() {
        let _ = writeln!(out, "| section | reads | what |\n|---|---|---|");
        for s in row.sections {
            let reads = match s.kind {
                SectionKind::Serious(kind) => format!("serious ({})", kind.words()),
                SectionKind::NotSerious => "minor (not a serious section)".to_string(),
                SectionKind::NotRoad => "none (not road traffic)".to_string(),
            };
            let _ = writeln!(
                out,
                "| `{}` | {reads} | {} |",
                s.key.replace('|', "\\|"),
                s.what
            );
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "Formats read: {}. Look-alikes never read as the vehicle code: {}.\n",
        list(row.formats),
        list(row.not_vehicle)
    );
    let _ = writeln!(
        out,
        "Sources: {}\n",
        row.sources.join("; ").replace('|', "\\|")
    );
}
