//! Synthetic records of any size: the 10-charge fixture's cases repeated under new case numbers and
//! offense ids until the record holds the requested number of charges.

use anyhow::Context as _;
use serde_json::Value;

const TEN_CHARGES: &str = include_str!("../../core-wasm/fixtures/ten-charges.json");

/// Prints the body on standard output.
pub fn run(charges: usize) -> anyhow::Result<()> {
    println!("{}", record(charges)?);
    Ok(())
}

pub fn record(charges: usize) -> anyhow::Result<Value> {
    let mut body: Value = serde_json::from_str(TEN_CHARGES)?;
    let court = body
        .pointer_mut("/record/record_json/criminal_search_results/0")
        .context("fixture has no court")?;
    let templates: Vec<Value> = court["criminal_records"]
        .as_array()
        .context("fixture court has no cases")?
        .clone();
    let mut cases = Vec::new();
    let mut made = 0;
    for n in 0.. {
        if made >= charges {
            break;
        }
        let Some(template) = templates.get(n % templates.len()) else {
            break;
        };
        let mut case = template.clone();
        case["case_number"] = Value::String(format!("CR-{n}"));
        let offenses = case["offenses"]
            .as_array_mut()
            .context("fixture case has no offenses")?;
        offenses.truncate(charges - made);
        for (i, offense) in offenses.iter_mut().enumerate() {
            offense["offense_id"] = Value::String(format!("OFF-{n}-{i}"));
        }
        made += offenses.len();
        cases.push(case);
    }
    court["criminal_records"] = Value::Array(cases);
    // One court: drop the fixture's others so the count is exact.
    if let Some(courts) = body
        .pointer_mut("/record/record_json/criminal_search_results")
        .and_then(Value::as_array_mut)
    {
        courts.truncate(1);
    }
    body["record"]["search_id"] = Value::String(format!("BENCH-{charges}"));
    Ok(body)
}
