//! The decision tree written straight into an answer, byte for byte as its derived `Serialize`
//! writes it through serde_json (`api::tests` holds the two to the same bytes over the corpus).
//! The tree is most of every answer: serde's per-field machinery (a comma flag, a key, a colon,
//! a `Result` per field) cost more than the text itself. Here each key goes down with its
//! punctuation as one constant, and text the engine names (rule ids, citations, clock fields,
//! labels) skips the escape check. Each struct is taken apart whole, so a field added to it
//! fails to compile here until it is written.

use serde_json::Error;

use crate::dates::Iso;
use crate::writer::Writer;

use crate::model::{
    Classification, DictionaryNote, Evidence, Lookback, LookbackWindow, LowerBound, RuleIds,
};

use super::{CaseDecision, CourtDecision, Decision, IdMatch, OffenseDecision, Routing};

type Result<T = (), E = Error> = std::result::Result<T, E>;

impl Decision<'_> {
    pub(crate) fn write_json(&self, w: &mut Writer) -> Result {
        let Decision {
            search_id,
            decision_date,
            record_decision,
            search_queue,
            order_id,
            order_number,
            client_search_type,
            court_decisions,
        } = self;
        w.raw("{\"search_id\":");
        w.text(search_id);
        w.raw(",\"decision_date\":");
        w.text(decision_date);
        w.raw(",\"record_decision\":");
        w.code_text(record_decision.as_str());
        w.raw(",\"search_queue\":");
        w.code_text(search_queue.as_str());
        w.raw(",\"order_id\":");
        w.text(order_id);
        w.raw(",\"order_number\":");
        w.text(order_number);
        w.raw(",\"client_search_type\":");
        w.optional_text(*client_search_type);
        w.raw(",\"court_decisions\":");
        array(w, court_decisions, CourtDecision::write_json)?;
        w.raw("}");
        Ok(())
    }
}

impl CourtDecision<'_> {
    fn write_json(&self, w: &mut Writer) -> Result {
        let CourtDecision {
            court_search_id,
            court_decision,
            court_queue,
            case_decisions,
        } = self;
        w.raw("{\"court_search_id\":");
        w.text(court_search_id);
        w.raw(",\"court_decision\":");
        w.code_text(court_decision.as_str());
        w.raw(",\"court_queue\":");
        w.code_text(court_queue.as_str());
        w.raw(",\"case_decisions\":");
        array(w, case_decisions, CaseDecision::write_json)?;
        w.raw("}");
        Ok(())
    }
}

impl CaseDecision<'_> {
    fn write_json(&self, w: &mut Writer) -> Result {
        let CaseDecision {
            case_number,
            case_decision,
            case_queue,
            jurisdiction_state,
            id_match,
            offenses,
        } = self;
        w.raw("{\"case_number\":");
        w.text(case_number);
        w.raw(",\"case_decision\":");
        w.code_text(case_decision.as_str());
        w.raw(",\"case_queue\":");
        w.code_text(case_queue.as_str());
        w.raw(",\"jurisdiction_state\":");
        w.text(jurisdiction_state);
        w.raw(",\"id_match\":");
        id_match.write_json(w);
        w.raw(",\"offenses\":");
        array(w, offenses, OffenseDecision::write_json)?;
        w.raw("}");
        Ok(())
    }
}

impl IdMatch {
    fn write_json(&self, w: &mut Writer) {
        let IdMatch {
            is_match,
            match_score,
            name_score,
            dob_score,
            ssn_score,
            address_score,
            details,
        } = self;
        w.raw("{\"is_match\":");
        w.bool(*is_match);
        w.raw(",\"match_score\":");
        w.f64(*match_score);
        w.raw(",\"name_score\":");
        w.f64(*name_score);
        w.raw(",\"dob_score\":");
        w.f64(*dob_score);
        w.raw(",\"ssn_score\":");
        w.f64(*ssn_score);
        w.raw(",\"address_score\":");
        w.f64(*address_score);
        w.raw(",\"details\":");
        w.text(details);
        w.raw("}");
    }
}

impl OffenseDecision<'_> {
    fn write_json(&self, w: &mut Writer) -> Result {
        let OffenseDecision {
            offense_id,
            charge,
            charge_decision,
            offense_type,
            disposition,
            rationale,
            needs_human_review,
            cited_rules,
            citations,
            routing,
            classification,
            lookback,
            excluded: _,
        } = self;
        w.raw("{\"offense_id\":");
        w.text(offense_id);
        w.raw(",\"charge\":");
        w.text(charge);
        w.raw(",\"charge_decision\":");
        w.code_text(charge_decision.as_str());
        w.raw(",\"type\":");
        w.optional_text(*offense_type);
        w.raw(",\"disposition\":");
        w.optional_text(*disposition);
        w.raw(",\"rationale\":");
        w.composed(|out| rationale.compose(out))?;
        w.raw(",\"needs_human_review\":");
        w.bool(*needs_human_review);
        w.raw(",\"cited_rules\":");
        code_texts(w, cited_rules);
        w.raw(",\"citations\":");
        code_texts(w, citations);
        w.raw(",\"routing\":");
        routing.write_json(w)?;
        w.raw(",\"classification\":");
        classification.write_json(w)?;
        w.raw(",\"lookback\":");
        lookback.write_json(w)?;
        w.raw("}");
        Ok(())
    }
}

impl Routing {
    fn write_json(&self, w: &mut Writer) -> Result {
        let Routing {
            queue,
            reportability,
            is_automatable,
            identity_level,
            identity_score,
            identity_insufficient,
            reportability_insufficient,
            third_id_required,
        } = self;
        w.raw("{\"queue\":");
        w.code_text(queue.as_str());
        w.raw(",\"reportability\":");
        w.serde(reportability)?;
        w.raw(",\"is_automatable\":");
        w.bool(*is_automatable);
        w.raw(",\"identity_level\":");
        w.serde(identity_level)?;
        w.raw(",\"identity_score\":");
        w.f64(*identity_score);
        w.raw(",\"identity_insufficient\":");
        w.bool(*identity_insufficient);
        w.raw(",\"reportability_insufficient\":");
        w.bool(*reportability_insufficient);
        w.raw(",\"third_id_required\":");
        w.bool(*third_id_required);
        w.raw("}");
        Ok(())
    }
}

impl Classification<'_> {
    fn write_json(&self, w: &mut Writer) -> Result {
        let Classification {
            severity,
            traffic,
            disposition_class,
            evidence,
            dictionary,
        } = self;
        w.raw("{\"severity\":");
        w.serde(severity)?;
        w.raw(",\"traffic\":");
        w.code_text(traffic);
        w.raw(",\"disposition_class\":");
        w.serde(disposition_class)?;
        w.raw(",\"evidence\":");
        array(w, evidence, Evidence::write_json)?;
        if let Some(DictionaryNote { version, entries }) = dictionary {
            w.raw(",\"dictionary\":{\"version\":");
            w.text(version);
            w.raw(",\"entries\":");
            array(w, entries, |entry, w| {
                w.text(entry);
                Ok(())
            })?;
            w.raw("}");
        }
        w.raw("}");
        Ok(())
    }
}

impl Evidence<'_> {
    fn write_json(&self, w: &mut Writer) -> Result {
        match self {
            Evidence::Text(text) => w.text(text),
            Evidence::Framed { lead, text, quoted } => w.framed_text(lead, text, *quoted),
        }
        Ok(())
    }
}

impl Lookback {
    fn write_json(&self, w: &mut Writer) -> Result {
        let Lookback {
            rule,
            clock_field,
            clock_date,
            window_years,
            window_months,
            boundary_date,
            ages_out_on,
            lower_bound,
            windows,
        } = self;
        w.raw("{\"rule\":");
        optional_code_text(w, *rule);
        w.raw(",\"clock_field\":");
        optional_code_text(w, *clock_field);
        w.raw(",\"clock_date\":");
        optional_date(w, *clock_date)?;
        w.raw(",\"window_years\":");
        optional_uint(w, *window_years);
        if let Some(months) = window_months {
            w.raw(",\"window_months\":");
            w.uint(*months);
        }
        w.raw(",\"boundary_date\":");
        optional_date(w, *boundary_date)?;
        w.raw(",\"ages_out_on\":");
        optional_date(w, *ages_out_on)?;
        if let Some(bound) = lower_bound {
            w.raw(",\"lower_bound\":");
            bound.write_json(w)?;
        }
        w.raw(",\"windows\":");
        array(w, windows, LookbackWindow::write_json)?;
        w.raw("}");
        Ok(())
    }
}

impl LowerBound {
    fn write_json(&self, w: &mut Writer) -> Result {
        let LowerBound {
            clock_field,
            clock_date,
            ages_out_not_before,
        } = self;
        w.raw("{\"clock_field\":");
        w.code_text(clock_field);
        w.raw(",\"clock_date\":");
        date(w, *clock_date)?;
        w.raw(",\"ages_out_not_before\":");
        date(w, *ages_out_not_before)?;
        w.raw("}");
        Ok(())
    }
}

impl LookbackWindow {
    fn write_json(&self, w: &mut Writer) -> Result {
        let LookbackWindow {
            rule,
            clock_field,
            clock_date,
            window_years,
            window_months,
            boundary_date,
        } = self;
        w.raw("{\"rule\":");
        w.code_text(rule);
        w.raw(",\"clock_field\":");
        w.code_text(clock_field);
        w.raw(",\"clock_date\":");
        optional_date(w, *clock_date)?;
        w.raw(",\"window_years\":");
        w.uint(*window_years);
        if let Some(months) = window_months {
            w.raw(",\"window_months\":");
            w.uint(*months);
        }
        w.raw(",\"boundary_date\":");
        optional_date(w, *boundary_date)?;
        w.raw("}");
        Ok(())
    }
}

/// `items` as a JSON array, each written by `write`.
fn array<T>(
    w: &mut Writer,
    items: &[T],
    mut write: impl FnMut(&T, &mut Writer) -> Result,
) -> Result {
    w.raw("[");
    let mut items = items.iter();
    if let Some(first) = items.next() {
        write(first, w)?;
    }
    for item in items {
        w.raw(",");
        write(item, w)?;
    }
    w.raw("]");
    Ok(())
}

/// Rule ids or citations, as an array.
fn code_texts(w: &mut Writer, ids: &RuleIds) {
    w.raw("[");
    let mut ids = ids.iter();
    if let Some(first) = ids.next() {
        w.code_text(first);
    }
    for id in ids {
        w.raw(",");
        w.code_text(id);
    }
    w.raw("]");
}

fn optional_code_text(w: &mut Writer, value: Option<&'static str>) {
    match value {
        Some(value) => w.code_text(value),
        None => w.raw("null"),
    }
}

fn optional_uint(w: &mut Writer, value: Option<u32>) {
    match value {
        Some(value) => w.uint(value),
        None => w.raw("null"),
    }
}

fn optional_date(w: &mut Writer, value: Option<Iso>) -> Result {
    match value {
        Some(value) => date(w, value),
        None => {
            w.raw("null");
            Ok(())
        }
    }
}

/// A date digit by digit, or through its `Serialize` for a year the writer leaves to chrono.
fn date(w: &mut Writer, value: Iso) -> Result {
    if w.date(value.0) {
        return Ok(());
    }
    w.serde(&value)
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use chrono::NaiveDate;

    use super::*;

    /// Dates are written as their `Serialize` writes them: every day of a few years, and years
    /// at and past the ends of the four-digit range.
    #[test]
    fn dates_are_written_as_their_serialize_writes_them() {
        let ymd = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default();
        let days = ymd(1999, 1, 1).iter_days().take(4 * 366);
        let ends = [
            NaiveDate::MIN,
            NaiveDate::MAX,
            ymd(-1, 12, 31),
            ymd(0, 1, 1),
            ymd(9, 9, 9),
            ymd(999, 10, 1),
            ymd(9999, 12, 31),
            ymd(10_000, 1, 1),
        ];
        for day in days.chain(ends) {
            let written = crate::writer::to_string_by(&Iso(day), 0, |iso, w| date(w, *iso));
            assert_eq!(
                written.ok().map(|(text, _)| text),
                serde_json::to_string(&Iso(day)).ok(),
                "{day}"
            );
        }
    }

    /// A line framed by the engine's words is written as the line composed whole, whatever the
    /// record's text holds to escape, quoted or not.
    #[test]
    fn framed_evidence_is_written_as_composed() {
        let long = "x".repeat(300);
        let leads = [
            "severity.felony: type ",
            "",
            "disposition.é: ",
            "words longer than one eight-byte word of the check",
        ];
        for lead in leads {
            for text in [
                "FELONY",
                "",
                "\"",
                "é\u{1}\\\nü",
                "x\ty\u{7f}",
                long.as_str(),
            ] {
                for quoted in [false, true] {
                    let evidence = Evidence::Framed { lead, text, quoted };
                    let composed = Evidence::Text(Cow::Owned(evidence.to_string()));
                    let written = crate::writer::to_string_by(&evidence, 0, Evidence::write_json);
                    assert_eq!(
                        written.ok().map(|(text, _)| text),
                        serde_json::to_string(&composed).ok()
                    );
                }
            }
        }
    }
}
