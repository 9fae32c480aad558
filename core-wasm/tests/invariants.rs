//! Invariants of the whole engine (`lookback_core::api`, as the host calls it) on generated
//! records, each checked against a small reference model written here from docs/api.md and docs/decisions.md,
//! not from the engine's code: rollup priority and labels following queues (docs/api.md rollup rules 1-2,
//! docs/decisions.md §6), exclusions and pruning (docs/api.md rule 7), the count gate (docs/api.md rule 6), identity
//! bands and symmetry (docs/decisions.md §5), a later search date never making a non-conviction
//! reportable again (docs/decisions.md §7.2), a charge missing one value decided only when every value it
//! could have decides alike, with the value named (docs/decisions.md §7.2, §8), and determinism
//! (docs/decisions.md §2).
//!
//! 256 cases per property; `PROPTEST_CASES=N` runs more.

use std::collections::BTreeSet;

use lookback_core::api;
use lookback_core::input::{StageContext, evaluate_input};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{Value, json};

const NOW: &str = "2026-11-24T12:00:00Z";

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------------
// The reference model.

/// docs/api.md rollup rule 1: `Insufficient Data` over `Auditor` over `Automation`.
fn priority(queue: &str) -> Option<u8> {
    match queue {
        "Automation" => Some(0),
        "Auditor" => Some(1),
        "Insufficient Data" => Some(2),
        _ => None,
    }
}

/// The highest-priority queue of `queues`; `Automation` when there are none (a clear search).
fn rolled_up<'a>(queues: impl IntoIterator<Item = &'a str>) -> &'a str {
    queues
        .into_iter()
        .max_by_key(|q| priority(q))
        .unwrap_or("Automation")
}

/// docs/api.md rollup rule 2 and docs/decisions.md §6: the label each queue carries, at every level.
fn label_of(queue: &str) -> Option<&'static str> {
    match queue {
        "Automation" => Some("NOT_REPORTABLE"),
        "Auditor" => Some("REPORTABLE"),
        "Insufficient Data" => Some("MANUAL_REVIEW"),
        _ => None,
    }
}

/// docs/decisions.md §6, the routing matrix as its table reads.
fn matrix(reportability: &str, identity: &str) -> Option<&'static str> {
    let row: [&str; 4] = match reportability {
        "Reportable" => ["Auditor", "Auditor", "Insufficient Data", "Automation"],
        "Not Reportable" => ["Automation"; 4],
        "Not Enough Info" => [
            "Insufficient Data",
            "Insufficient Data",
            "Insufficient Data",
            "Automation",
        ],
        _ => return None,
    };
    let column = ["High", "Medium", "Not Enough Info", "Not Matching"]
        .iter()
        .position(|c| *c == identity)?;
    row.get(column).copied()
}

/// docs/decisions.md §5: the weighted sum of the component scores (address counts from 0).
fn weighted(m: &Value) -> f64 {
    let f = |k: &str| m[k].as_f64().unwrap_or(f64::NAN);
    0.45 * f("name_score")
        + 0.40 * f("dob_score")
        + 0.10 * f("ssn_score")
        + 0.05 * f("address_score").max(0.0)
}

/// docs/api.md rule 6: the count gate lets a mapping through when it has one row per charge and as many
/// distinct court ids as there are cases with a charge.
fn gate_passes(charges_per_case: &[usize], rows: &[Value]) -> bool {
    let charges: usize = charges_per_case.iter().sum();
    let cases_with_charges = charges_per_case.iter().filter(|n| **n > 0).count();
    let courts: BTreeSet<&str> = rows
        .iter()
        .filter_map(|r| r["court_search_id"].as_str())
        .collect();
    rows.len() == charges && courts.len() == cases_with_charges
}

// ---------------------------------------------------------------------------------------------
// Generated records: valid by construction (ISO dates, known states, dispositions and types from
// the vocabulary), so they reach identity, rules and rollup.

const FIRST: &[&str] = &["ROBERT", "BOB", "MARIA", "JOSE", "ANNE-MARIE", "LI"];
const LAST: &[&str] = &["SAMPLETON", "SMITH", "SMYTH", "O'NEIL", "VAN DER BERG"];
const STATES: &[&str] = &[
    "GA", "CA", "NY", "TX", "MD", "KY", "KS", "PA", "IL", "WA", "MA", "HI", "CO", "NM", "FL",
];
const DISPOSITIONS: &[&str] = &[
    "GUILTY",
    "GUILTY PLEA",
    "CONVICTED",
    "DISMISSED",
    "NOLLE PROSEQUI",
    "ACQUITTED",
    "NOT GUILTY",
    "PENDING",
    "DEFERRED ADJUDICATION",
    "SEALED",
    "EXPUNGED",
    "PARDONED",
    "SET ASIDE",
    "CONFINED NOT CONVICTED",
    "WITHHELD ADJUDICATION",
];
const TYPES: &[&str] = &["FELONY", "MISDEMEANOR", "INFRACTION", "PETTY OFFENSE", ""];
const CHARGES: &[&str] = &[
    "AGGRAVATED ASSAULT",
    "PETIT THEFT",
    "SPEEDING 15 OVER",
    "POSSESSION OF MARIJUANA",
    "DUI",
    "BURGLARY",
    "CRIMINAL TRESPASS",
];

fn iso(days_since_2000: i64) -> String {
    let base = chrono::NaiveDate::from_ymd_opt(2000, 1, 1).unwrap_or_default();
    (base + chrono::Duration::days(days_since_2000))
        .format("%Y-%m-%d")
        .to_string()
}

#[derive(Debug, Clone)]
struct Charge {
    charge: &'static str,
    disposition: Option<&'static str>,
    kind: &'static str,
    /// Days before the search date.
    entered_ago: i64,
    decided_after: Option<i64>,
    excluded: bool,
}

#[derive(Debug, Clone)]
struct CaseGen {
    state: &'static str,
    /// Index into FIRST/LAST; the candidate is (0, 0).
    first: usize,
    last: usize,
    /// None: the candidate's DOB; Some(d): d days off it.
    dob_shift: Option<i64>,
    ssn_same: bool,
    charges: Vec<Charge>,
}

#[derive(Debug, Clone)]
struct Gen {
    /// Days after 2000-01-01.
    search_day: i64,
    applicant_state: Option<&'static str>,
    customer_state: Option<&'static str>,
    salary: Option<u32>,
    candidate_ssn: bool,
    courts: Vec<Vec<CaseGen>>,
}

fn arb_charge() -> impl Strategy<Value = Charge> {
    (
        prop::sample::select(CHARGES),
        prop::option::weighted(0.9, prop::sample::select(DISPOSITIONS)),
        prop::sample::select(TYPES),
        0i64..5000,
        prop::option::of(0i64..400),
        prop::bool::weighted(0.3),
    )
        .prop_map(
            |(charge, disposition, kind, entered_ago, decided_after, excluded)| Charge {
                charge,
                disposition,
                kind,
                entered_ago,
                decided_after,
                excluded,
            },
        )
}

fn arb_case() -> impl Strategy<Value = CaseGen> {
    (
        prop::sample::select(STATES),
        prop::sample::select(vec![0usize, 0, 0, 1, 2]),
        prop::sample::select(vec![0usize, 0, 0, 1, 2]),
        prop::option::weighted(0.3, prop::sample::select(vec![1i64, 31, 365, 4000])),
        any::<bool>(),
        prop::collection::vec(arb_charge(), 1..4),
    )
        .prop_map(
            |(state, first, last, dob_shift, ssn_same, charges)| CaseGen {
                state,
                first,
                last,
                dob_shift,
                ssn_same,
                charges,
            },
        )
}

fn arb_gen() -> impl Strategy<Value = Gen> {
    (
        6000i64..10_500,
        prop::option::of(prop::sample::select(STATES)),
        prop::option::of(prop::sample::select(STATES)),
        prop::option::of(prop::sample::select(vec![
            20_000u32, 74_999, 75_000, 150_000,
        ])),
        any::<bool>(),
        prop::collection::vec(prop::collection::vec(arb_case(), 1..3), 1..3),
    )
        .prop_map(
            |(search_day, applicant_state, customer_state, salary, candidate_ssn, courts)| Gen {
                search_day,
                applicant_state,
                customer_state,
                salary,
                candidate_ssn,
                courts,
            },
        )
}

const CANDIDATE_DOB_DAY: i64 = -5000;
const CANDIDATE_SSN: &str = "512-34-7788";

impl Gen {
    /// Charges per case, in record order.
    fn charges_per_case(&self) -> Vec<usize> {
        self.courts
            .iter()
            .flatten()
            .map(|c| c.charges.len())
            .collect()
    }

    /// The `/evaluate` body as of `search_day` (an offset lets one record be read later);
    /// `mapping` adds a `cases[]` of those rows.
    fn body(&self, later_days: i64, mapping: Option<&[Value]>) -> Value {
        let search_date = iso(self.search_day + later_days);
        let courts: Vec<Value> = self
            .courts
            .iter()
            .enumerate()
            .map(|(k, cases)| {
                json!({"court_search_id": format!("CS-{k}"), "search_date": search_date,
                       "criminal_records": cases.iter().enumerate().map(|(c, case)| self.case(k, c, case)).collect::<Vec<_>>()})
            })
            .collect();
        let mut record = json!({
            "search_id": "S-PROP", "search_date": search_date, "submission_type": "resubmit",
            "order_id": "ORD-1", "order_number": "ORD-1.1",
            "candidate_info": {"first_name": FIRST[0], "middle_name": "", "last_name": LAST[0],
                "date_of_birth": iso(CANDIDATE_DOB_DAY),
                "ssn": if self.candidate_ssn { CANDIDATE_SSN } else { "" },
                "annual_salary": self.salary},
            "record_json": {"search": {"search_id": "S-PROP"}, "criminal_search_results": courts}});
        if let Some(state) = self.applicant_state {
            record["applicant_state"] = json!(state);
        }
        if let Some(state) = self.customer_state {
            record["customer_state"] = json!(state);
        }
        if let Some(rows) = mapping {
            record["cases"] = json!(rows);
        }
        json!({ "record": record })
    }

    fn case(&self, court: usize, index: usize, case: &CaseGen) -> Value {
        let offenses: Vec<Value> = case
            .charges
            .iter()
            .enumerate()
            .map(|(o, ch)| {
                let entered = self.search_day - ch.entered_ago;
                json!({"offense_id": format!("R-{court}-{index}-{o}"), "charge": ch.charge,
                       "disposition": ch.disposition, "type": ch.kind,
                       "charge_date": iso(entered),
                       "disposition_date": ch.decided_after.map(|d| iso(entered + d)),
                       "arrest_date": null, "pending_court_date": null})
            })
            .collect();
        let first = FIRST.get(case.first).copied().unwrap_or_default();
        let last = LAST.get(case.last).copied().unwrap_or_default();
        let filed = case
            .charges
            .iter()
            .map(|c| c.entered_ago)
            .max()
            .unwrap_or(0);
        json!({"case_number": format!("CASE-{court}-{index}"), "jurisdiction_state": case.state,
               "file_date": iso(self.search_day - filed), "subject_name": format!("{first} {last}"),
               "sub_first_name": first, "sub_middle_name": "", "sub_last_name": last,
               "subject_dob": iso(CANDIDATE_DOB_DAY + case.dob_shift.unwrap_or(0)),
               "subject_ssn": if case.ssn_same { CANDIDATE_SSN } else { "UNAVAILABLE" },
               "subject_address": "UNAVAILABLE",
               "offenses": offenses})
    }

    /// One mapping row per charge, one court id per case; `excluded` as generated, or none.
    fn mapping(&self, with_exclusions: bool) -> Vec<Value> {
        self.courts
            .iter()
            .flatten()
            .enumerate()
            .flat_map(|(c, case)| {
                case.charges.iter().enumerate().map(move |(o, ch)| {
                    json!({"court_search_id": format!("MAP-{c}"), "offense_id": format!("M-{c}-{o}"),
                           "is_excluded": with_exclusions && ch.excluded})
                })
            })
            .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// Running the engine as the host does.

fn parse(text: &str) -> Result<Value, TestCaseError> {
    serde_json::from_str(text)
        .map_err(|e| TestCaseError::fail(format!("engine answered non-JSON ({e}): {text}")))
}

/// Stage 1 on a body: the raw answer.
fn transform(body: &Value) -> Result<Value, TestCaseError> {
    parse(&api::transform(body.to_string().as_bytes()))
}

/// Stages 1-3; the evaluate output (`{ok, decision, validation?}`), checked deterministic.
fn evaluate(body: &Value) -> Result<Value, TestCaseError> {
    let bytes = body.to_string();
    let first = api::transform(bytes.as_bytes());
    prop_assert_eq!(
        &first,
        &api::transform(bytes.as_bytes()),
        "transform not deterministic"
    );
    let transformed = parse(&first)?;
    prop_assert_eq!(
        &transformed["ok"],
        &json!(true),
        "a valid record was refused: {}",
        transformed
    );
    let input = evaluate_input(
        &StageContext::new(NOW, "prop"),
        &transformed["record"].to_string(),
    );
    let out = api::evaluate(input.as_bytes());
    prop_assert_eq!(
        &out,
        &api::evaluate(input.as_bytes()),
        "evaluate not deterministic"
    );
    let out = parse(&out)?;
    prop_assert_eq!(&out["ok"], &json!(true), "evaluate failed: {}", out);
    Ok(out)
}

fn items<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v[key].as_array().map_or(&[], Vec::as_slice)
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or("")
}

// ---------------------------------------------------------------------------------------------
// The checks.

/// Every charge routed by the matrix, labelled by its queue; every case, court and the search
/// rolled up by priority and labelled by its queue (on a tree with nothing excluded).
fn check_rollup(decision: &Value) -> Result<(), TestCaseError> {
    let mut court_queues = Vec::new();
    for court in items(decision, "court_decisions") {
        let mut case_queues = Vec::new();
        for case in items(court, "case_decisions") {
            let mut charge_queues = Vec::new();
            for charge in items(case, "offenses") {
                let r = &charge["routing"];
                let queue = text(r, "queue");
                prop_assert_eq!(
                    Some(queue),
                    matrix(text(r, "reportability"), text(r, "identity_level")),
                    "routing {}",
                    r
                );
                prop_assert_eq!(Some(text(charge, "charge_decision")), label_of(queue));
                prop_assert_eq!(
                    charge["needs_human_review"].as_bool(),
                    Some(queue == "Insufficient Data")
                );
                prop_assert_eq!(r["is_automatable"].as_bool(), Some(queue == "Automation"));
                charge_queues.push(queue);
            }
            let queue = text(case, "case_queue");
            prop_assert_eq!(queue, rolled_up(charge_queues));
            prop_assert_eq!(Some(text(case, "case_decision")), label_of(queue));
            case_queues.push(queue);
        }
        let queue = text(court, "court_queue");
        prop_assert_eq!(queue, rolled_up(case_queues));
        prop_assert_eq!(Some(text(court, "court_decision")), label_of(queue));
        court_queues.push(queue);
    }
    let queue = text(decision, "search_queue");
    prop_assert_eq!(queue, rolled_up(court_queues));
    prop_assert_eq!(Some(text(decision, "record_decision")), label_of(queue));
    Ok(())
}

/// docs/decisions.md §5 bands on each case's identity (default qualifying threshold 0.85).
fn check_identity_bands(decision: &Value) -> Result<(), TestCaseError> {
    for court in items(decision, "court_decisions") {
        for case in items(court, "case_decisions") {
            let m = &case["id_match"];
            let score = m["match_score"].as_f64().unwrap_or(f64::NAN);
            prop_assert!(
                (score - weighted(m)).abs() < 1e-3,
                "match_score {} is not the weighted sum of {}",
                score,
                m
            );
            for charge in items(case, "offenses") {
                let r = &charge["routing"];
                let level = text(r, "identity_level");
                let conflict = r["identity_score"].as_f64() == Some(-1.0);
                prop_assert_eq!(conflict, level == "Not Matching", "{}", r);
                prop_assert_eq!(m["is_match"].as_bool(), Some(score >= 0.85 && !conflict));
                if !conflict {
                    prop_assert_eq!(r["identity_score"].as_f64(), Some(score));
                }
                match level {
                    "High" => prop_assert!(score >= 0.90 && r["identity_insufficient"] == false),
                    "Medium" => prop_assert!(
                        (0.70..0.90).contains(&score) && r["identity_insufficient"] == false
                    ),
                    "Not Enough Info" => {
                        prop_assert!(score < 0.70 || r["identity_insufficient"] == true, "{}", r)
                    }
                    "Not Matching" => {}
                    other => prop_assert!(false, "unknown identity level {}", other),
                }
            }
        }
    }
    Ok(())
}

/// The charges of a decision, keyed by (case number, offense id), in tree order.
fn charges(decision: &Value) -> Vec<(String, Value)> {
    items(decision, "court_decisions")
        .iter()
        .flat_map(|court| items(court, "case_decisions"))
        .flat_map(|case| {
            items(case, "offenses").iter().map(|o| {
                (
                    format!("{}/{}", text(case, "case_number"), text(o, "offense_id")),
                    o.clone(),
                )
            })
        })
        .collect()
}

/// (court id, case number) -> (court queue/decision, case queue/decision) of a tree.
fn rolled_up_fields(decision: &Value) -> Vec<(String, [Value; 4])> {
    items(decision, "court_decisions")
        .iter()
        .flat_map(|court| {
            items(court, "case_decisions").iter().map(move |case| {
                (
                    format!(
                        "{}/{}",
                        text(court, "court_search_id"),
                        text(case, "case_number")
                    ),
                    [
                        court["court_queue"].clone(),
                        court["court_decision"].clone(),
                        case["case_queue"].clone(),
                        case["case_decision"].clone(),
                    ],
                )
            })
        })
        .collect()
}

proptest! {
    #![proptest_config(config())]

    /// Rollup priority, labels following queues and identity bands, on records without a mapping
    /// and with one (nothing excluded); the same request twice gives the same bytes.
    #[test]
    fn rollup_labels_and_identity_bands_follow_the_reference_model(g in arb_gen(), mapped in any::<bool>()) {
        let rows = g.mapping(false);
        let out = evaluate(&g.body(0, mapped.then_some(rows.as_slice())))?;
        check_rollup(&out["decision"])?;
        check_identity_bands(&out["decision"])?;
        let expected: usize = g.charges_per_case().iter().sum();
        prop_assert_eq!(charges(&out["decision"]).len(), expected);
    }

    /// Excluded charges leave the tree, emptied cases and courts are pruned, and every rolled-up
    /// field and every kept charge is exactly what it was with nothing excluded.
    #[test]
    fn exclusions_prune_and_never_change_rolled_up_fields(g in arb_gen()) {
        let full = evaluate(&g.body(0, Some(&g.mapping(false))))?;
        let rows = g.mapping(true);
        let cut = evaluate(&g.body(0, Some(&rows)))?;
        let (full, cut) = (&full["decision"], &cut["decision"]);
        prop_assert_eq!(&full["search_queue"], &cut["search_queue"]);
        prop_assert_eq!(&full["record_decision"], &cut["record_decision"]);
        let excluded: BTreeSet<String> = rows
            .iter()
            .filter(|r| r["is_excluded"] == true)
            .map(|r| text(r, "offense_id").to_string())
            .collect();
        let kept: Vec<(String, Value)> = charges(full)
            .into_iter()
            .filter(|(_, o)| !excluded.contains(text(o, "offense_id")))
            .collect();
        prop_assert_eq!(charges(cut), kept);
        let before = rolled_up_fields(full);
        for (key, fields) in rolled_up_fields(cut) {
            let was = before.iter().find(|(k, _)| *k == key).map(|(_, f)| f);
            prop_assert_eq!(Some(&fields), was, "{}", key);
        }
        for court in items(cut, "court_decisions") {
            prop_assert!(!items(court, "case_decisions").is_empty(), "an empty court was kept");
            for case in items(court, "case_decisions") {
                prop_assert!(!items(case, "offenses").is_empty(), "an empty case was kept");
            }
        }
    }

    /// The count gate answers 422 exactly when the reference says the mapping does not fit.
    #[test]
    fn the_count_gate_follows_the_reference(g in arb_gen(), change in 0u8..4, at in any::<prop::sample::Index>()) {
        let mut rows = g.mapping(false);
        match change {
            0 if !rows.is_empty() => { rows.remove(at.index(rows.len())); }
            1 if !rows.is_empty() => { let r = rows[at.index(rows.len())].clone(); rows.push(r); }
            2 => { for r in &mut rows { r["court_search_id"] = json!("MAP-0"); } }
            _ => {}
        }
        let out = transform(&g.body(0, Some(&rows)))?;
        if rows.is_empty() {
            // An empty cases[] is no mapping: the gate does not apply.
            prop_assert_eq!(&out["ok"], &json!(true), "{}", out);
        } else if gate_passes(&g.charges_per_case(), &rows) {
            prop_assert_eq!(&out["ok"], &json!(true), "{}", out);
        } else {
            prop_assert_eq!(&out["http_status"], &json!(422), "{}", out);
            prop_assert_eq!(&out["error_code"], &json!("CASE_OFFENSE_COUNT_MISMATCH"));
        }
    }

    /// A later search date never makes a non-conviction that is not reportable reportable again.
    #[test]
    fn a_later_search_date_never_makes_a_non_conviction_reportable_again(g in arb_gen(), later in 1i64..4000) {
        let before = charges(&evaluate(&g.body(0, None))?["decision"]);
        let after = charges(&evaluate(&g.body(later, None))?["decision"]);
        prop_assert_eq!(before.len(), after.len());
        for ((key, was), (_, now)) in before.iter().zip(&after) {
            let non_conviction = was["classification"]["disposition_class"] == "NON_CONVICTION";
            if non_conviction && was["routing"]["reportability"] != "Reportable" {
                prop_assert_ne!(&now["routing"]["reportability"], &json!("Reportable"), "{}", key);
            }
        }
    }

    /// Remove one value from a valid charge: it is REPORTABLE (or NOT_REPORTABLE) only when every
    /// value the field could take gives that decision, and MANUAL_REVIEW in Insufficient Data
    /// otherwise (a minor traffic offense is not reportable whatever its level, docs/decisions.md §7.4);
    /// the validation report names the field as an error whenever a rule that applies needs it,
    /// and a date no rule needs is not named.
    #[test]
    fn a_missing_value_is_decided_only_when_every_value_decides_alike(
        lone in arb_lone(),
        pick in any::<prop::sample::Index>(),
    ) {
        let fields = lone.fields();
        let field = fields[pick.index(fields.len())];
        let (full, _) = lone_charge(&lone.body(None))?;
        let class = text(&full["classification"], "disposition_class").to_string();
        let (removed, errors) = lone_charge(&lone.body(Some((field, None))))?;
        let label = text(&removed, "charge_decision");
        let mut labels = BTreeSet::new();
        for value in lone.values(field) {
            let (filled, _) = lone_charge(&lone.body(Some((field, Some(&value)))))?;
            let dated = lone.decided_after.is_some() || lone.custody.is_some();
            // A dated charge is not pending (docs/decisions.md §7.2): neither a pending disposition nor
            // one whose outcome rests on a pending reading (a deferral that may still be
            // running, §15) is a value its missing disposition could take.
            let pending_reading = filled["classification"]["disposition_class"] == "PENDING"
                || items(&filled, "cited_rules").contains(&json!("FED_PENDING_CHARGE"));
            if field == Field::Disposition && dated && pending_reading {
                continue;
            }
            labels.insert(text(&filled, "charge_decision").to_string());
        }
        let minor = removed["classification"]["traffic"] == "minor";
        let expected = match (labels.len(), labels.first()) {
            _ if field == Field::Type && minor => "NOT_REPORTABLE",
            (1, Some(only)) => only.as_str(),
            _ => "MANUAL_REVIEW",
        };
        prop_assert_eq!(label, expected, "{:?} removed; values decide {:?}: {}", field, labels, removed);
        if labels.len() > 1 && !(field == Field::Type && minor) {
            prop_assert_eq!(text(&removed["routing"], "queue"), "Insufficient Data");
            prop_assert_eq!(&removed["routing"]["reportability_insufficient"], &json!(true), "{}", removed);
        }
        let named = errors.iter().any(|e| {
            text(e, "offense_id") == "OFF-1" && issue_field(field).contains(&text(e, "field"))
        });
        if lone.needs(field, &class) {
            prop_assert!(named, "{:?} missing on a {} charge is not named: {:?}", field, class, errors);
        } else if matches!(field, Field::DispositionDate | Field::ReleaseDate | Field::Type) {
            prop_assert!(!named, "{:?} is named though no rule needs it: {:?}", field, errors);
        }
    }

    /// Identity match: DOB, SSN and address compare the same either way round; the match score is
    /// the weighted sum and `is_match` the threshold without a conflict, both ways.
    #[test]
    fn identity_match_bands_and_symmetry(a in arb_person(), b in arb_person()) {
        let ab = identity_match(&a, &b)?;
        let ba = identity_match(&b, &a)?;
        for key in ["dob_score", "dob_match_desc", "ssn_score", "ssn_match_desc", "address_score"] {
            prop_assert_eq!(&ab[key], &ba[key], "{} differs by side", key);
        }
        for m in [&ab, &ba] {
            let score = m["match_score"].as_f64().unwrap_or(f64::NAN);
            prop_assert!((score - weighted(m)).abs() < 1e-3, "{}", m);
            let conflict = text(m, "details").contains("| Conflict: ");
            prop_assert_eq!(m["is_match"].as_bool(), Some(score >= 0.85 && !conflict), "{}", m);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// One value removed from a valid charge (docs/decisions.md §7.2, §8).

/// Levels a type can give (one type per way the law treats a level).
const LEVEL_TYPES: &[&str] = &[
    "FELONY",
    "MISDEMEANOR",
    "PETTY OFFENSE",
    "INFRACTION",
    "VIOLATION",
    "ORDINANCE",
    "CIV",
];

/// A value a charge may lack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Disposition,
    DispositionDate,
    ReleaseDate,
    Type,
}

/// A single charge of a case whose subject is the candidate (identity High, so each reportability
/// has one label), valid: a disposition, a type that gives a level, the dates it implies.
#[derive(Debug, Clone)]
struct Lone {
    search_day: i64,
    court: &'static str,
    applicant: Option<&'static str>,
    customer: Option<&'static str>,
    salary: Option<u32>,
    charge: &'static str,
    disposition: &'static str,
    kind: &'static str,
    entered_ago: i64,
    /// Days from entry to disposition; `None`: no disposition date (a pending-like record).
    decided_after: Option<i64>,
    /// A prison term: days from the disposition (or entry) to incarceration, and on to release.
    custody: Option<(i64, i64)>,
}

fn arb_lone() -> impl Strategy<Value = Lone> {
    (
        (
            6000i64..10_500,
            prop::sample::select(STATES),
            prop::option::weighted(0.4, prop::sample::select(STATES)),
            prop::option::weighted(0.2, prop::sample::select(STATES)),
            prop::option::weighted(
                0.3,
                prop::sample::select(vec![20_000u32, 25_000, 75_000, 150_000]),
            ),
        ),
        (
            prop::sample::select(CHARGES),
            prop::sample::select(DISPOSITIONS),
            prop::sample::select(&LEVEL_TYPES[..5]),
            0i64..5000,
            prop::option::weighted(0.85, 0i64..400),
            prop::option::weighted(0.3, (0i64..60, 0i64..1500)),
        ),
    )
        .prop_map(
            |(
                (search_day, court, applicant, customer, salary),
                (charge, disposition, kind, entered_ago, decided_after, custody),
            )| Lone {
                search_day,
                court,
                applicant,
                customer,
                salary,
                charge,
                disposition,
                kind,
                entered_ago,
                decided_after,
                custody,
            },
        )
}

impl Lone {
    fn as_of(&self) -> chrono::NaiveDate {
        day(self.search_day)
    }

    fn entered(&self) -> chrono::NaiveDate {
        day(self.search_day - self.entered_ago)
    }

    /// Dates never after the search date.
    fn capped(&self, d: chrono::NaiveDate) -> chrono::NaiveDate {
        d.min(self.as_of())
    }

    fn disposed(&self) -> Option<chrono::NaiveDate> {
        self.decided_after
            .map(|n| self.capped(self.entered() + chrono::Duration::days(n)))
    }

    /// (incarceration, release) of the prison term.
    fn custody_dates(&self) -> Option<(chrono::NaiveDate, chrono::NaiveDate)> {
        let (to_prison, to_release) = self.custody?;
        let from = self.disposed().unwrap_or(self.entered());
        let jailed = self.capped(from + chrono::Duration::days(to_prison));
        Some((
            jailed,
            self.capped(jailed + chrono::Duration::days(to_release)),
        ))
    }

    /// The values the charge has that a removal can take away.
    fn fields(&self) -> Vec<Field> {
        let mut out = vec![Field::Disposition, Field::Type];
        if self.decided_after.is_some() {
            out.push(Field::DispositionDate);
        }
        if self.custody.is_some() {
            out.push(Field::ReleaseDate);
        }
        out
    }

    /// The `/evaluate` body, with `field` set to `value` (`None`: removed) when given.
    fn body(&self, edit: Option<(Field, Option<&str>)>) -> Value {
        let iso_day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
        let mut offense = json!({"offense_id": "OFF-1", "charge": self.charge,
            "disposition": self.disposition, "type": self.kind,
            "charge_date": iso_day(self.entered()), "arrest_date": null,
            "disposition_date": self.disposed().map(iso_day), "pending_court_date": null});
        if let Some((jailed, released)) = self.custody_dates() {
            offense["sentence"] = json!({"incarceration_date": iso_day(jailed),
                "release_date": iso_day(released), "prison_time": "2 YEARS", "is_serving": false});
        }
        if let Some((field, value)) = edit {
            let value = value.map_or(Value::Null, |v| json!(v));
            match field {
                Field::Disposition => offense["disposition"] = value,
                Field::DispositionDate => offense["disposition_date"] = value,
                Field::Type => offense["type"] = value,
                Field::ReleaseDate => offense["sentence"]["release_date"] = value,
            }
        }
        let search_date = iso_day(self.as_of());
        let case = json!({"case_number": "CASE-1", "jurisdiction_state": self.court,
            "file_date": iso_day(self.entered()), "subject_name": "ROBERT SAMPLETON",
            "sub_first_name": "ROBERT", "sub_middle_name": "", "sub_last_name": "SAMPLETON",
            "subject_dob": iso(CANDIDATE_DOB_DAY), "subject_ssn": CANDIDATE_SSN,
            "subject_address": "UNAVAILABLE", "offenses": [offense]});
        let mut record = json!({
            "search_id": "S-LONE", "search_date": search_date, "submission_type": "resubmit",
            "order_id": "ORD-1", "order_number": "ORD-1.1",
            "candidate_info": {"first_name": "ROBERT", "middle_name": "", "last_name": "SAMPLETON",
                "date_of_birth": iso(CANDIDATE_DOB_DAY), "ssn": CANDIDATE_SSN,
                "annual_salary": self.salary},
            "record_json": {"search": {"search_id": "S-LONE"}, "criminal_search_results": [
                {"court_search_id": "CS-1", "search_date": search_date, "criminal_records": [case]}]}});
        if let Some(state) = self.applicant {
            record["applicant_state"] = json!(state);
        }
        if let Some(state) = self.customer {
            record["customer_state"] = json!(state);
        }
        json!({ "record": record })
    }

    /// Every value `field` could take (docs/decisions.md §7.2): the vocabulary's dispositions (none that
    /// reads pending when a disposition or release date shows the charge is over), every level,
    /// and dates from the one the missing date cannot precede (a disposition is never earlier
    /// than the charge, a release never earlier than the disposition or the incarceration) to the
    /// search date, at both sides of every window the law table has (13 months; 2, 3, 5, 7, 8
    /// and 10 years), where the rules' outcome can change.
    fn values(&self, field: Field) -> Vec<String> {
        let iso_day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
        let dates = |from: chrono::NaiveDate| {
            let to = self.as_of();
            let mut out = vec![from, to];
            for months in [13u32, 24, 36, 60, 84, 96, 120] {
                if let Some(start) = to.checked_sub_months(chrono::Months::new(months)) {
                    for shift in -1i64..=1 {
                        out.push(start + chrono::Duration::days(shift));
                    }
                }
            }
            out.retain(|d| (from..=to).contains(d));
            out.sort_unstable();
            out.dedup();
            out.into_iter().map(iso_day).collect::<Vec<_>>()
        };
        match field {
            Field::Disposition => DISPOSITIONS.iter().map(|d| (*d).to_string()).collect(),
            Field::Type => LEVEL_TYPES.iter().map(|t| (*t).to_string()).collect(),
            Field::DispositionDate => dates(self.entered()),
            Field::ReleaseDate => {
                let jailed = self.custody_dates().map_or(self.entered(), |(j, _)| j);
                dates(self.disposed().map_or(jailed, |d| d.max(jailed)))
            }
        }
    }

    /// Whether a rule that applies to the charge needs `field` (the law table's later-date
    /// windows and level-dependent rules, for the generated states; docs/decisions.md §7.1 triggers).
    fn needs(&self, field: Field, class: &str) -> bool {
        // A pardon or set-aside no row settles is also read as the conviction it was
        // (docs/decisions.md §15), so the conviction windows apply to it too.
        let conviction =
            class == "CONVICTION" || matches!(self.disposition, "PARDONED" | "SET ASIDE");
        let disposed = conviction || class == "NON_CONVICTION";
        let lifted = |threshold: u32| self.salary.is_some_and(|s| s >= threshold);
        let before_md_2024 = self.as_of() < day_of(2024, 10, 1);
        let mut parties = vec![self.court];
        parties.extend(self.applicant);
        parties.extend(self.customer);
        let applicant = self.applicant.unwrap_or("");
        match field {
            Field::Disposition => true,
            Field::DispositionDate | Field::ReleaseDate => {
                // CRA lookbacks from disposition or release (any party), and their salaries.
                let cra = parties.iter().any(|st| match *st {
                    "CA" | "MA" => disposed,
                    "CO" | "TX" => disposed && !lifted(75_000),
                    "KS" | "WA" => disposed && !lifted(20_000),
                    "MD" => disposed && !lifted(if before_md_2024 { 20_000 } else { 75_000 }),
                    "NM" => conviction,
                    "NY" => conviction && !lifted(25_000),
                    _ => false,
                });
                let misdemeanor = matches!(self.kind, "MISDEMEANOR" | "PETTY OFFENSE");
                let employer =
                    conviction && (applicant == "HI" || (applicant == "MA" && misdemeanor));
                let clean_slate =
                    self.court == "NY" && conviction && self.as_of() >= day_of(2024, 11, 16);
                let marijuana = self.court == "CA" && disposed && self.charge.contains("MARIJUANA");
                cra || employer || clean_slate || marijuana
            }
            // New York seals violations of its courts; Hawaii, Massachusetts and Pennsylvania
            // limit employers by level.
            Field::Type => {
                conviction && (self.court == "NY" || matches!(applicant, "HI" | "MA" | "PA"))
            }
        }
    }
}

fn day(days_since_2000: i64) -> chrono::NaiveDate {
    let base = chrono::NaiveDate::from_ymd_opt(2000, 1, 1).unwrap_or_default();
    base + chrono::Duration::days(days_since_2000)
}

fn day_of(y: i32, m: u32, d: u32) -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
}

/// Stages 1-3 once; the one charge, and the errors of the validation report.
fn lone_charge(body: &Value) -> Result<(Value, Vec<Value>), TestCaseError> {
    let transformed = transform(body)?;
    prop_assert_eq!(&transformed["ok"], &json!(true), "refused: {}", transformed);
    let input = evaluate_input(
        &StageContext::new(NOW, "prop"),
        &transformed["record"].to_string(),
    );
    let out = parse(&api::evaluate(input.as_bytes()))?;
    prop_assert_eq!(&out["ok"], &json!(true), "evaluate failed: {}", out);
    let charge = out["decision"]["court_decisions"][0]["case_decisions"][0]["offenses"][0].clone();
    prop_assert!(charge.is_object(), "no charge: {}", out);
    let errors = out["validation"]["issues"]["errors"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    Ok((charge, errors))
}

/// The issue field that names a missing value (docs/decisions.md §8).
fn issue_field(field: Field) -> &'static [&'static str] {
    match field {
        Field::Disposition => &["disposition", "disposition_class"],
        Field::DispositionDate => &["disposition_date"],
        Field::ReleaseDate => &["release_date"],
        Field::Type => &["type_class"],
    }
}

fn arb_person() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(FIRST),
        prop::sample::select(LAST),
        prop::sample::select(vec![
            "1986-02-07",
            "1986-02-08",
            "1986-07-02",
            "1968-02-07",
            "1987-02-07",
            "1986-02-00",
            "",
        ]),
        prop::sample::select(vec![
            "512-34-7788",
            "512-34-7789",
            "XXX-XX-7788",
            "",
            "000-12-3456",
        ]),
        prop::option::of(prop::sample::select(vec![
            ("4100 FIXTURE LN", "MARIETTA", "GA", "30060"),
            ("4100 FIXTURE LANE", "MARIETTA", "GA", "30060"),
            ("12 OTHER ST", "AUSTIN", "TX", "73301"),
        ])),
    )
        .prop_map(|(first, last, dob, ssn, address)| {
            let addresses: Vec<Value> = address
                .map(|(street, city, state, zip)| {
                    json!({"street_one": street, "street_two": "", "city": city,
                           "state_or_province": state, "postal_code": zip, "country": "US",
                           "address_type": "DOMESTIC", "start_date": "2010-01-01", "end_date": ""})
                })
                .into_iter()
                .collect();
            json!({"first_name": first, "middle_name": "", "last_name": last,
                   "date_of_birth": dob, "ssn": ssn, "aliases": [], "addresses": addresses})
        })
}

fn identity_match(a: &Value, b: &Value) -> Result<Value, TestCaseError> {
    let body = json!({"candidate_to_verify": a, "candidate_in_record": b}).to_string();
    let out = parse(&api::identity_match(body.as_bytes()))?;
    prop_assert_eq!(&out["http_status"], &json!(200), "{}", out);
    Ok(out["body"].clone())
}
