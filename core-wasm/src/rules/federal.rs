//! Federal FCRA rules (15 U.S.C. 1681c) and the general traffic policy (docs/decisions.md §7.2, §7.4).

use crate::classify::{CanonicalDisposition, DispositionClass, TrafficKind};
use crate::dates::within_years;

use super::catalog::*;
use super::{ChargeFacts, DataGap, Effect, Finding, Reason};

/// The federal findings for one charge, added to `out`.
pub fn add_findings(f: &ChargeFacts, out: &mut Vec<Finding>) {
    if f.traffic == TrafficKind::MinorTraffic {
        out.push(Finding::new(
            GEN_TRAFFIC_NONREPORT,
            Effect::Bar,
            "a minor traffic offense is not reported",
        ));
    }
    if f.canonical.is_record_relief() {
        out.push(Finding::new(
            FED_EXPUNGED_SEALED_NOT_REPORTABLE,
            Effect::Bar,
            relief_words(f.canonical),
        ));
    }
    match f.class {
        DispositionClass::Conviction => out.push(Finding::new(
            FED_CONVICTION_NO_TIME_LIMIT,
            Effect::Permit,
            "a conviction has no federal time limit",
        )),
        DispositionClass::NonConviction => non_conviction(f, out),
        DispositionClass::Pending => pending(f, out),
        DispositionClass::Unknown => out.push(Finding::data_gap(
            FED_ACCURACY_DISPOSITION,
            DataGap::Disposition,
            "the disposition is missing or not recognised, so it cannot be reported as it stands",
        )),
    }
}

/// 7 years from the date of entry; a later dismissal does not restart the clock (Moran).
fn non_conviction(f: &ChargeFacts, out: &mut Vec<Finding>) {
    let exempt = f.salary_at_least(FEDERAL_SALARY_THRESHOLD);
    let Some(entry) = f.entry else {
        out.push(if exempt {
            salary_exemption()
        } else {
            Finding::data_gap(
                FED_NONCONVICTION_7YR,
                DataGap::EntryDate,
                "a non-conviction needs an arrest, charge or file date to start the 7-year clock and none is usable",
            )
        });
        return;
    };
    let (effect, reason) = if within_years(entry.date, f.as_of, FEDERAL_NONCONVICTION_YEARS) {
        (Effect::Permit, Reason::NonConvictionWithin(entry))
    } else if exempt {
        out.push(salary_exemption());
        (Effect::Permit, Reason::NonConvictionLifted(entry))
    } else {
        (Effect::Bar, Reason::NonConvictionOlder(entry))
    };
    out.push(Finding::new(FED_NONCONVICTION_7YR, effect, reason));
}

/// Reportable within 7 years of entry; older pending charges go to review unless salary-exempt.
fn pending(f: &ChargeFacts, out: &mut Vec<Finding>) {
    let exempt = f.salary_at_least(FEDERAL_SALARY_THRESHOLD);
    let Some(entry) = f.entry else {
        if exempt {
            out.push(salary_exemption());
            out.push(Finding::new(
                FED_PENDING_CHARGE,
                Effect::Permit,
                "a pending charge",
            ));
        } else {
            out.push(Finding::data_gap(
                FED_PENDING_CHARGE,
                DataGap::EntryDate,
                "a pending charge needs an arrest, charge or file date and none is usable",
            ));
        }
        return;
    };
    let (effect, reason) = if within_years(entry.date, f.as_of, FEDERAL_NONCONVICTION_YEARS) {
        (Effect::Permit, Reason::PendingWithin(entry))
    } else if exempt {
        out.push(salary_exemption());
        (Effect::Permit, Reason::PendingLifted(entry.date))
    } else {
        (Effect::Review, Reason::PendingOpenQuestion(entry.date))
    };
    out.push(Finding::new(FED_PENDING_CHARGE, effect, reason));
}

fn salary_exemption() -> Finding {
    Finding::new(
        FED_SALARY_EXEMPTION_75K,
        Effect::Permit,
        "the salary of $75,000 or more lifts the federal 7-year limit",
    )
}

/// Why the federal row bars a record the law restricts, in the record state's own word.
fn relief_words(state: CanonicalDisposition) -> &'static str {
    use CanonicalDisposition as D;
    match state {
        D::Expunged => "the record is expunged, and a legally restricted record is not reported",
        D::Annulled => "the record is annulled, and a legally restricted record is not reported",
        D::Erased => "the record is erased, and a legally restricted record is not reported",
        D::Shielded => "the record is shielded, and a legally restricted record is not reported",
        D::Restricted => {
            "the record is restricted from public access, and a legally restricted record is not reported"
        }
        D::Nondisclosure => {
            "the record is under an order of nondisclosure, and a legally restricted record is not reported"
        }
        D::Closed => "the record is closed, and a legally restricted record is not reported",
        D::Eliminated => {
            "the conviction was eliminated from the record, and a legally restricted record is not reported"
        }
        _ => "the record is sealed, and a legally restricted record is not reported",
    }
}
