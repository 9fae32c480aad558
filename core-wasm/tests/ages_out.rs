//! docs/decisions.md §12 `lookback.ages_out_on` over the whole corpus: evaluating the same record as of
//! `ages_out_on - 1 day` and as of `ages_out_on` flips that charge's time-based decision (from
//! reportable to not) and nothing else (every other charge keeps its decision, unless it ages
//! out on the same day or one of its own windows closes that day: a charge that has aged out to
//! a review can be barred later, as a New York misdemeanor is after Clean Slate's 3 years and
//! again after New York's 7). A window whose date the record lacks gives no `clock_date` and no
//! `ages_out_on` (docs/decisions.md §7.2); its `lower_bound.ages_out_not_before` is the first day the
//! record as it stands can no longer be reported, and flips the same way.
#![expect(clippy::panic, reason = "tests fail loudly")]

#[path = "../../tests/tests/support/corpus.rs"]
#[expect(dead_code, reason = "this test reads cases; it checks no answers")]
mod corpus;

use chrono::{Days, NaiveDate};
use lookback_core::input::{StageContext, evaluate_input};
use serde_json::{Value, json};

/// One charge of a decision tree as of one search date.
struct Charge {
    id: String,
    decision: (Value, Value),
    /// The day it flips: `ages_out_on`, else `lower_bound.ages_out_not_before`.
    out_on: Option<NaiveDate>,
    /// `(rule, clock_date, boundary_date)` of each window with a clock date.
    windows: Vec<(String, String, String)>,
}

/// Whether one of the charge's own windows closes between `eve` and the day after it (its clock
/// date inside the window as of the eve, outside as of the day: the engine's own boundaries).
fn window_closes(eve: &Charge, day: &Charge) -> bool {
    eve.windows.iter().any(|(rule, clock, eve_start)| {
        clock >= eve_start
            && day
                .windows
                .iter()
                .any(|(r, c, day_start)| r == rule && c == clock && c < day_start)
    })
}

/// Every charge of a decision tree.
fn charges(decision: &Value) -> Vec<Charge> {
    let mut out = Vec::new();
    for court in decision["court_decisions"].as_array().into_iter().flatten() {
        for case in court["case_decisions"].as_array().into_iter().flatten() {
            for o in case["offenses"].as_array().into_iter().flatten() {
                let id = format!("{}/{}", case["case_number"], o["offense_id"]);
                let lookback = &o["lookback"];
                if lookback["rule"].is_string() && lookback["clock_field"].is_string() {
                    let unknown = lookback["clock_date"].is_null();
                    assert!(
                        !unknown || lookback["ages_out_on"].is_null(),
                        "{id}: an ages_out_on counted from a date the record lacks: {lookback}"
                    );
                    assert!(
                        unknown || lookback.get("lower_bound").is_none(),
                        "{id}: a lower bound beside a known clock date: {lookback}"
                    );
                }
                let out_on = lookback["ages_out_on"]
                    .as_str()
                    .or_else(|| lookback["lower_bound"]["ages_out_not_before"].as_str())
                    .and_then(|s| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok());
                let windows = lookback["windows"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|w| {
                        Some((
                            w["rule"].as_str()?.to_owned(),
                            w["clock_date"].as_str()?.to_owned(),
                            w["boundary_date"].as_str()?.to_owned(),
                        ))
                    })
                    .collect();
                out.push(Charge {
                    id,
                    decision: (
                        o["charge_decision"].clone(),
                        o["routing"]["reportability"].clone(),
                    ),
                    out_on,
                    windows,
                });
            }
        }
    }
    out
}

fn evaluate_on(case: &corpus::CorpusCase, record: &Value, date: Option<NaiveDate>) -> Value {
    let mut record = record.clone();
    if let Some(d) = date {
        record["search_date"] = json!(d.format("%Y-%m-%d").to_string());
    }
    let client_rules = case.client_rules.as_ref().map(Value::to_string);
    let context =
        StageContext::new(&case.now, "ages-out").with_client_rules(client_rules.as_deref());
    let input = evaluate_input(&context, &record.to_string());
    let out: Value =
        serde_json::from_str(&lookback_core::api::evaluate(input.as_bytes())).unwrap_or_default();
    assert_eq!(out["ok"], json!(true), "{}: evaluate failed", case.name);
    out["decision"].clone()
}

#[test]
fn ages_out_on_flips_that_charge_and_nothing_else() {
    let (mut checked, mut bounded, mut later_changes) = (0, 0, 0);
    for case in corpus::load() {
        let body = serde_json::to_vec(&case.request).unwrap_or_default();
        let transformed: Value =
            serde_json::from_str(&lookback_core::api::transform(&body)).unwrap_or_default();
        if transformed["ok"] != json!(true) {
            continue;
        }
        let record = &transformed["record"];
        let decided = evaluate_on(&case, record, None);
        let now = charges(&decided);
        bounded += decided.to_string().matches("ages_out_not_before").count();
        for Charge { id, out_on, .. } in &now {
            let Some(day) = *out_on else { continue };
            let eve = day - Days::new(1);
            let before = charges(&evaluate_on(&case, record, Some(eve)));
            let after = charges(&evaluate_on(&case, record, Some(day)));
            for (b, a) in before.iter().zip(&after) {
                let other = &b.id;
                if other == id {
                    // Reportable on the eve, or under review for a disposition or level the
                    // record does not give (barred on the day every value it could take is).
                    assert!(
                        b.decision.1 == json!("Reportable")
                            || b.decision.1 == json!("Not Enough Info"),
                        "{}: {id} on {eve}: {:?}",
                        case.name,
                        b.decision
                    );
                    assert!(
                        a.decision.1 != json!("Reportable") && a.decision != b.decision,
                        "{}: {id} on {day}: {:?}",
                        case.name,
                        a.decision
                    );
                    continue;
                }
                let same_day = now.iter().any(|c| &c.id == other && c.out_on == Some(day));
                if !same_day && b.decision != a.decision {
                    assert!(
                        window_closes(b, a),
                        "{}: {other} changed between {eve} and {day}, when {id} ages out, and \
                         none of its own windows closes that day",
                        case.name
                    );
                    later_changes += 1;
                }
            }
            checked += 1;
        }
    }
    assert!(
        checked >= 20,
        "only {checked} charges with ages_out_on in the corpus"
    );
    assert!(
        bounded >= 10,
        "only {bounded} charges with a lower_bound in the corpus"
    );
    // The corpus keeps a charge that changes again after it has aged out (the New York DWI of
    // traffic-statutes-vehicle-codes, barred the day California's window closes), so the
    // exception above is exercised.
    assert!(
        later_changes >= 1,
        "no charge changed on its own later window in the corpus"
    );
    println!(
        "ages_out_on checked on {checked} charges ({bounded} from a lower_bound, \
         {later_changes} later changes of another charge on its own window)"
    );
}
