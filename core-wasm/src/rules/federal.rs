//! Federal FCRA rules (15 U.S.C. 1681c) and the general traffic policy (DECISIONS §7.2, §7.4).

use crate::parse::classify::{CanonicalDisposition, DispositionClass, TrafficKind};
use crate::parse::dates::{Iso, within_years};

use super::catalog::*;
use super::{ChargeFacts, DataGap, Effect, Finding};

/// The federal findings for one charge.
pub fn findings(f: &ChargeFacts) -> Vec<Finding> {
    let mut out = Vec::new();
    if f.traffic == TrafficKind::MinorTraffic {
        out.push(Finding::new(
            GEN_TRAFFIC_NONREPORT,
            Effect::Bar,
            "a minor traffic offense is not reported",
        ));
    }
    if matches!(
        f.canonical,
        CanonicalDisposition::Sealed | CanonicalDisposition::Expunged
    ) {
        out.push(Finding::new(
            FED_EXPUNGED_SEALED_NOT_REPORTABLE,
            Effect::Bar,
            "the record is sealed or expunged",
        ));
    }
    match f.class {
        DispositionClass::Conviction => out.push(Finding::new(
            FED_CONVICTION_NO_TIME_LIMIT,
            Effect::Permit,
            "a conviction has no federal time limit",
        )),
        DispositionClass::NonConviction => out.extend(non_conviction(f)),
        DispositionClass::Pending => out.extend(pending(f)),
        DispositionClass::Unknown => out.push(Finding::data_gap(
            FED_ACCURACY_DISPOSITION,
            DataGap::Disposition,
            "the disposition is missing or not recognised, so it cannot be reported as it stands",
        )),
    }
    out
}

/// 7 years from the date of entry; a later dismissal does not restart the clock (Moran).
fn non_conviction(f: &ChargeFacts) -> Vec<Finding> {
    let exempt = f.salary_at_least(FEDERAL_SALARY_THRESHOLD);
    let Some(entry) = f.entry else {
        return if exempt {
            vec![salary_exemption()]
        } else {
            vec![Finding::data_gap(
                FED_NONCONVICTION_7YR,
                DataGap::EntryDate,
                "a non-conviction needs an arrest, charge or file date to start the 7-year clock and none is usable",
            )]
        };
    };
    if within_years(entry.date, f.as_of, FEDERAL_NONCONVICTION_YEARS) {
        vec![Finding::new(
            FED_NONCONVICTION_7YR,
            Effect::Permit,
            format!(
                "a non-conviction from {} ({}) is within 7 years",
                Iso(entry.date),
                entry.field
            ),
        )]
    } else if exempt {
        vec![
            salary_exemption(),
            Finding::new(
                FED_NONCONVICTION_7YR,
                Effect::Permit,
                format!(
                    "the 7-year limit from {} ({}) is lifted by the salary",
                    Iso(entry.date),
                    entry.field
                ),
            ),
        ]
    } else {
        vec![Finding::new(
            FED_NONCONVICTION_7YR,
            Effect::Bar,
            format!(
                "a non-conviction from {} ({}) is older than 7 years",
                Iso(entry.date),
                entry.field
            ),
        )]
    }
}

/// Reportable within 7 years of entry; older pending charges go to review unless salary-exempt.
fn pending(f: &ChargeFacts) -> Vec<Finding> {
    let exempt = f.salary_at_least(FEDERAL_SALARY_THRESHOLD);
    let Some(entry) = f.entry else {
        return if exempt {
            vec![
                salary_exemption(),
                Finding::new(FED_PENDING_CHARGE, Effect::Permit, "a pending charge"),
            ]
        } else {
            vec![Finding::data_gap(
                FED_PENDING_CHARGE,
                DataGap::EntryDate,
                "a pending charge needs an arrest, charge or file date and none is usable",
            )]
        };
    };
    if within_years(entry.date, f.as_of, FEDERAL_NONCONVICTION_YEARS) {
        vec![Finding::new(
            FED_PENDING_CHARGE,
            Effect::Permit,
            format!(
                "a pending charge from {} ({}) is within 7 years",
                Iso(entry.date),
                entry.field
            ),
        )]
    } else if exempt {
        vec![
            salary_exemption(),
            Finding::new(
                FED_PENDING_CHARGE,
                Effect::Permit,
                format!(
                    "a charge pending since {} is reportable at this salary",
                    Iso(entry.date)
                ),
            ),
        ]
    } else {
        vec![Finding::new(
            FED_PENDING_CHARGE,
            Effect::Review,
            format!(
                "a charge still pending since {} (over 7 years) is an open legal question",
                Iso(entry.date)
            ),
        )]
    }
}

fn salary_exemption() -> Finding {
    Finding::new(
        FED_SALARY_EXEMPTION_75K,
        Effect::Permit,
        "the salary of $75,000 or more lifts the federal 7-year limit",
    )
}
