//! `docs/lexicon.md`, generated from the very tables the classifiers walk, so the documentation
//! cannot drift from the engine (the test `lexicon_doc_is_current` fails when it does).

use std::fmt::Write as _;

use super::tables::disposition::{
    CODES, CONVICTION_WORDS, NEGATION_GAP, NEGATIONS, RULES, Reading, SEQUENCE_WORDS,
};
use super::tables::severity::{INFERRED_LEVELS, NOT_INFERRED_BESIDE};
use super::tables::text::{ABBREVIATIONS, SLASH_PREFIXES};
use super::tables::traffic::{
    ALCOHOL_BESIDE_DRIVING, CARRIER_REGULATION, FAMILIES, LEVEL_CONTEXT, MINOR, NOT_MINOR_CONTEXT,
    NOT_MINOR_EXCUSED, NOT_MINOR_ROWS, OPEN_CONTAINER, OPEN_CONTAINER_NOT_BESIDE,
    OPERATED_VEHICLES, OPERATING_NOT_BESIDE, OPERATING_WORDS, PASSENGERS, ROAD_FACILITIES,
    ROAD_RULE_WORDS, SERIOUS, SERIOUS_BUT_AT_NO_CRIME, SERIOUS_STATUTE, TRAFFIC_STATUTE,
    VEHICLE_CONTEXT,
};
use super::vocabulary::CanonicalDisposition;

/// The whole lexicon as Markdown.
pub fn lexicon_markdown() -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Charge and disposition lexicon\n");
    let _ = writeln!(
        out,
        "Generated from the engine's classifier tables by \
         `lookback_core::classify::lexicon_markdown()`; do not edit by hand. Regenerate with \
         `UPDATE_LEXICON_DOC=1 cargo test -p lookback-core lexicon_doc`.\n\n\
         Every charge of `/evaluate` carries `classification: {{severity, traffic, disposition_class, \
         evidence}}` (docs/decisions.md §12). Each evidence line names the entry below that decided: \
         `traffic.minor: family \"speed\" (\"SPEEDING\")`, `traffic.serious: \"DUI\"`, \
         `disposition.non_conviction: rule:dismissed`, `severity.felony: type \"F3\"`. Phrases \
         match whole words of the cleaned, upper-case text; a trailing `*` matches a word prefix. \
         Accuracy on real court text: `docs/classify-report.md`.\n"
    );
    abbreviations(&mut out);
    traffic(&mut out);
    inferred_levels(&mut out);
    dispositions(&mut out);
    out
}

fn abbreviations(out: &mut String) {
    let _ = writeln!(out, "## Abbreviations\n");
    let _ = writeln!(
        out,
        "Expanded in the charge's match key only (never in the text shown). The first row that \
         starts at a word wins. Writing an abbreviation in place of its expansion never changes a \
         classification (property test `an_abbreviation_in_place_of_its_expansion_changes_nothing`).\n"
    );
    let _ = writeln!(out, "| written | read as |\n|---|---|");
    for (short, long) in SLASH_PREFIXES.iter().chain(ABBREVIATIONS) {
        let _ = writeln!(out, "| `{short}` | {long} |");
    }
    out.push('\n');
}

fn traffic(out: &mut String) {
    let _ = writeln!(out, "## Traffic (docs/decisions.md §7.4, §13)\n");
    let _ = writeln!(
        out,
        "A statute the case state's row of the vehicle-code table recognises (the field, or a \
         labelled citation in the charge text) decides with the text as `docs/vehicle-codes.md` \
         says; a statute field that names a regulation or a local ordinance (`730 CMR 7.08`, \
         `CITY ORD 10-4`) is no statute and is not read at all (docs/decisions.md §13). Otherwise, in \
         order: a serious row (text, then statute words) gives `serious`; alcohol beside driving \
         gives `serious` unless it is an open container in a vehicle with no impairment named \
         (docs/decisions.md §13: `minor`); racing and negligent operation give `serious` unless the \
         level is no crime; else a \
         minor row or family, an infraction, violation, civil or petty level (a level below \
         misdemeanor) beside vehicle, road or driving conduct (level context), or, with such a \
         level or none, a road vehicle beside an operating word (the operating rule) or a \
         violation of a road's rules (the road rule), gives `minor`, unless a crime word or pair \
         is present (`none`), the level is a felony (`unknown`) or the text is motor-carrier \
         regulation with no level that is no crime (`unknown`); else a traffic statute word or a \
         traffic type gives `minor` at an infraction, violation, civil or petty level and \
         `serious` otherwise; else `none`. `unknown` and `serious` follow the ordinary rules: \
         only `minor` makes a charge NOT_REPORTABLE (`GEN_TRAFFIC_NONREPORT`).\n"
    );
    rows(
        out,
        "Serious rows (all phrases of a row must occur)",
        SERIOUS,
    );
    rows(
        out,
        "Alcohol beside driving (serious, but for an open container)",
        ALCOHOL_BESIDE_DRIVING,
    );
    rows(
        out,
        "Racing and negligent operation (serious, but minor at a level that is no crime)",
        SERIOUS_BUT_AT_NO_CRIME,
    );
    rows(
        out,
        "Open container in a vehicle (docs/decisions.md §13)",
        OPEN_CONTAINER,
    );
    let _ = writeln!(
        out,
        "An open container reads `minor` only beside a vehicle context word or {}, and never \
         beside {}.\n",
        list(PASSENGERS),
        list(OPEN_CONTAINER_NOT_BESIDE)
    );
    rows(out, "Serious statutes", SERIOUS_STATUTE);
    rows(out, "Minor rows", MINOR);
    let _ = writeln!(
        out,
        "### Minor families\n\nA family reads as minor with one of its vehicle-only words, or one \
         of its objects together with a vehicle context word; where qualifiers are listed, one of \
         them must occur too.\n"
    );
    let _ = writeln!(
        out,
        "| family | vehicle-only words | objects (need context) | qualifiers |\n|---|---|---|---|"
    );
    for f in FAMILIES {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            f.name,
            list(f.vehicular),
            list(f.objects),
            list(f.qualifiers)
        );
    }
    let _ = writeln!(
        out,
        "\n### Vehicle context\n\n{}, and the roads of the road rule below\n",
        list(VEHICLE_CONTEXT)
    );
    let _ = writeln!(
        out,
        "### Level context (an infraction, violation, civil or petty level only)\n\n\
         Beside a level below misdemeanor, a vehicle context word, one of these objects of \
         vehicle law or a motor-carrier word reads `minor`: {}\n",
        list(LEVEL_CONTEXT)
    );
    let _ = writeln!(
        out,
        "### Operating rule (no level, or an infraction, violation, civil or petty level)\n\n\
         A road vehicle ({}) beside a word of operating or equipping it ({}) reads `minor`, \
         unless one of {} stands beside them; crime words, a felony and a vehicle-code statute \
         decide as for every minor reading.\n",
        list(OPERATED_VEHICLES),
        list(OPERATING_WORDS),
        list(OPERATING_NOT_BESIDE)
    );
    let _ = writeln!(
        out,
        "### Road rule (no level, or an infraction, violation, civil or petty level)\n\n\
         A road a public agency runs for traffic ({}) beside {} reads `minor`, under the \
         operating rule's exceptions.\n",
        list(ROAD_FACILITIES),
        list(ROAD_RULE_WORDS)
    );
    let _ = writeln!(
        out,
        "### Crime words (a minor reading beside them is `none`)\n\n{}\n",
        list(NOT_MINOR_CONTEXT)
    );
    rows(
        out,
        "Crime pairs (a minor reading beside a whole row is `none`)",
        NOT_MINOR_ROWS,
    );
    let _ = writeln!(
        out,
        "Crime words that do not count beside one of their excuses:\n\n| crime word | excuses |\n|---|---|"
    );
    for (word, excuses) in NOT_MINOR_EXCUSED {
        let _ = writeln!(out, "| {word} | {} |", list(excuses));
    }
    out.push('\n');
    let _ = writeln!(
        out,
        "### Motor-carrier regulation (read `unknown` without a vehicle-code statute or a level that is no crime)\n\n{}\n",
        list(CARRIER_REGULATION)
    );
    rows(out, "Traffic statute words", TRAFFIC_STATUTE);
    out.push('\n');
}

fn inferred_levels(out: &mut String) {
    let _ = writeln!(out, "## Severity inferred from the offense\n");
    let _ = writeln!(
        out,
        "When neither the type nor the charge text names a level, `classification.severity` shows \
         the level of an offense graded alike essentially everywhere, and its evidence says it was \
         inferred. The rules never read an inferred level: they read the declared type, so an \
         inference can never make a charge NOT_REPORTABLE. Nothing is inferred beside {}, or when \
         a family's own exception words occur.\n",
        list(NOT_INFERRED_BESIDE)
    );
    let _ = writeln!(
        out,
        "| offense | level | words | not beside |\n|---|---|---|---|"
    );
    for f in INFERRED_LEVELS {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            f.name,
            f.level.word(),
            list(f.words),
            list(f.unless)
        );
    }
    out.push('\n');
}

fn dispositions(out: &mut String) {
    let _ = writeln!(out, "## Dispositions (docs/charges.md Part A)\n");
    let _ = writeln!(
        out,
        "An entry is read with the state's exact codes, then the global codes, then the phrase \
         rules in order (the first match wins). Entries are split at `;`, `|`, new lines and {}. \
         Negation: when every conviction word ({}) of an entry follows a negation ({}, with at \
         most two of {} between) or is followed by `NONE`, no rule that reads a conviction may \
         decide the entry.\n",
        list(SEQUENCE_WORDS),
        list(CONVICTION_WORDS),
        list(NEGATIONS),
        list(NEGATION_GAP)
    );
    let _ = writeln!(
        out,
        "### Exact codes\n\n| states | code | reading |\n|---|---|---|"
    );
    for c in CODES {
        let states = states(c.states);
        let _ = writeln!(out, "| {states} | `{}` | {} |", c.code, reading(c.reading));
    }
    let _ = writeln!(
        out,
        "\n### Phrase rules\n\nEvery group must have one phrase present (groups are separated by \
         ` AND `), and no phrase of \"unless\".\n"
    );
    let _ = writeln!(
        out,
        "| rule | states | phrases | unless | reading |\n|---|---|---|---|---|"
    );
    for r in RULES {
        let states = states(r.states);
        let groups: Vec<String> = r.all.iter().map(|g| list(g)).collect();
        let _ = writeln!(
            out,
            "| `{}` | {states} | {} | {} | {} |",
            r.id,
            groups.join(" AND "),
            list(r.none),
            reading(r.reading)
        );
    }
}

/// The spellings that read as `canonical` in a case of `state` (its own rows and those of any
/// state; every row when `state` is `None`, a state's own row naming its states), as the
/// lexicon writes them: a whole-entry code, or a phrase row's groups (`a`, `b` AND `c`, `d`),
/// each with the row's id. The record-state page lists them per jurisdiction.
pub fn spellings_of(canonical: CanonicalDisposition, state: Option<&str>) -> Vec<(String, String)> {
    let applies = |states: &[&str]| states.is_empty() || state.is_none_or(|s| states.contains(&s));
    let reads = |r: Reading| matches!(r, Reading::Outcome { canonical: c, .. } if c == canonical);
    let named = |id: &str, states: &[&str]| match state {
        None if !states.is_empty() => format!("{id}, {} only", states.join(", ")),
        _ => id.to_string(),
    };
    let codes = CODES
        .iter()
        .filter(|c| applies(c.states) && reads(c.reading))
        .map(|c| {
            (
                format!("`{}` (whole entry)", c.code),
                named("code", c.states),
            )
        });
    let rules = RULES
        .iter()
        .filter(|r| applies(r.states) && reads(r.reading))
        .map(|r| {
            let groups: Vec<String> = r.all.iter().map(|g| list(g)).collect();
            (groups.join(" AND "), named(r.id, r.states))
        });
    codes.chain(rules).collect()
}

/// The states a row is limited to, or `any`.
fn states(states: &[&str]) -> String {
    if states.is_empty() {
        "any".to_string()
    } else {
        states.join(", ")
    }
}

fn rows(out: &mut String, title: &str, table: &[&[&str]]) {
    let _ = writeln!(out, "### {title}\n");
    let joined: Vec<String> = table.iter().map(|row| row.join(" + ")).collect();
    let _ = writeln!(out, "{}\n", list(&joined));
}

/// Items as a comma-separated list of code spans (`-` when empty); `|` escaped for tables.
pub(crate) fn list<S: AsRef<str>>(items: &[S]) -> String {
    if items.is_empty() {
        return "-".to_string();
    }
    items
        .iter()
        .map(|i| format!("`{}`", i.as_ref().replace('|', "\\|")))
        .collect::<Vec<_>>()
        .join(", ")
}

fn reading(r: Reading) -> String {
    match r {
        Reading::Outcome {
            canonical,
            sensitive,
        } => {
            let class = canonical.defaults().0.word();
            let name = super::vocabulary::serde_word(&canonical).to_uppercase();
            let sensitive = if sensitive {
                ", jurisdiction sensitive"
            } else {
                ""
            };
            format!("{name} ({class}{sensitive})")
        }
        Reading::Reopened => "reopened (pending)".to_string(),
        Reading::NoInfo => "no information (unknown, recognised)".to_string(),
        Reading::NoOutcome => "no outcome (unknown, recognised)".to_string(),
        Reading::Event(e) => format!("event {e:?} (no class by itself)"),
        Reading::Ambiguous => "ambiguous (unknown)".to_string(),
        Reading::SentenceOnly => "sentence terms only (unknown)".to_string(),
        Reading::Conflict => "conflict (unknown)".to_string(),
        Reading::Unrecognised => "not understood (unknown)".to_string(),
    }
}
