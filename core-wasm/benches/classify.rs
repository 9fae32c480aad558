//! Per-call cost of the stage 1 classifiers and of the stage 2 identity comparison, on inputs
//! like those of `ten-charges.json`. `cargo bench -p lookback-core --bench classify`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lookback_core::classify::{self, ChargeReader};
use lookback_core::identity::{self, AddressInput, Person, PersonName, PostalAddress};
use lookback_core::model::classification::classification;
use lookback_core::parse::record_json::{OffenseParts, build_offense};

#[path = "common/charges.rs"]
mod charges;
use charges::{COURT_TEXT, STATUTE_TEXT};

fn name(first: &'static str, middle: &'static str, last: &'static str) -> PersonName<'static> {
    PersonName {
        first: first.into(),
        middle: middle.into(),
        last: last.into(),
    }
}

fn structured(
    street: &'static str,
    city: &'static str,
    state: &'static str,
    zip: &'static str,
) -> AddressInput<'static> {
    AddressInput::Structured(PostalAddress {
        street_one: street.into(),
        city: city.into(),
        state: state.into(),
        postal_code: zip.into(),
        ..PostalAddress::default()
    })
}

/// Two names (primary + alias) and two addresses per side.
fn people() -> (Person<'static>, Person<'static>) {
    let candidate = Person {
        name: name("Quentin", "Avery", "Sampleton"),
        aliases: vec![name("Quinn", "", "Sampleton")],
        date_of_birth: Some("1986-02-17".into()),
        ssn: Some("512-34-7788".into()),
        addresses: vec![
            AddressInput::SingleLine("4100 Fixture Lane, Marietta, GA 30060".into()),
            structured("12 North Oak Street Apt 4", "Atlanta", "Georgia", "30303"),
        ],
        ..Person::default()
    };
    let record = Person {
        name: name("QUENTIN", "A", "SAMPLETON"),
        full_name: Some("SAMPLETON, QUENTIN AVERY AKA Q SAMPLETON".into()),
        aliases: vec![name("QUINTON", "", "SAMPLETON JR")],
        date_of_birth: Some("1986-02-17".into()),
        ssn: Some("XXX-XX-7788".into()),
        addresses: vec![
            AddressInput::SingleLine("4100 FIXTURE LN, MARIETTA, GA 30060".into()),
            structured("12 N OAK ST #4", "ATLANTA", "GA", "30303-1234"),
        ],
    };
    (candidate, record)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("classify");
    g.bench_function("disposition_nolle_ga", |b| {
        b.iter(|| {
            classify::classify_disposition(black_box(Some("NOLLE PROSEQUI")), black_box(Some("GA")))
        })
    });
    g.bench_function("disposition_sequence", |b| {
        b.iter(|| {
            classify::classify_disposition(
                black_box(Some(
                    "DEFERRED ADJUDICATION; THEN DISMISSED UPON COMPLETION",
                )),
                black_box(Some("TX")),
            )
        })
    });
    g.bench_function("severity_misdemeanor", |b| {
        b.iter(|| {
            classify::classify_severity(black_box(Some("MISDEMEANOR")), black_box(Some("GA")))
        })
    });
    g.bench_function("severity_long_form", |b| {
        b.iter(|| {
            classify::classify_severity(black_box(Some("Felony Class H")), black_box(Some("NC")))
        })
    });
    let misd = classify::classify_severity(Some("MISDEMEANOR"), Some("GA"));
    g.bench_function("traffic_possession", |b| {
        b.iter(|| {
            classify::classify_traffic(
                black_box("POSSESSION OF CONTROLLED SUBSTANCE"),
                black_box(None),
                &misd,
            )
        })
    });
    g.bench_function("traffic_dwls_statute", |b| {
        b.iter(|| {
            classify::classify_traffic(
                black_box("DWLS W/O INS"),
                black_box(Some("VC 40-6-391")),
                &misd,
            )
        })
    });
    g.bench_function("severity_from_charge_text", |b| {
        b.iter(|| classify::severity_from_charge_text(black_box("RETAIL THEFT (M1)")))
    });
    g.bench_function("normalize_charge_text", |b| {
        b.iter(|| {
            classify::normalize_charge_text(black_box("  possession of   controlled substance "))
        })
    });
    // One whole charge as stage 1 reads it: build the offense (severity, traffic,
    // disposition) and its `classification`, over court-table spellings; the figure is per charge.
    let charges: Vec<OffenseParts<'_>> = COURT_TEXT
        .iter()
        .map(|(charge, statute, disposition)| OffenseParts {
            raw_charge: (*charge).into(),
            statute: statute.map(str::to_string),
            disposition: Some((*disposition).into()),
            offense_type: Some("MISDEMEANOR".into()),
            ..OffenseParts::default()
        })
        .collect();
    g.bench_function("charge_with_classification_per_charge", |b| {
        b.iter(|| {
            for parts in &charges {
                let offense = build_offense(
                    black_box(parts.clone()),
                    black_box(Some("SD")),
                    &mut ChargeReader::default(),
                );
                black_box(classification(&offense));
            }
        })
    });
    let with_statutes: Vec<(&str, OffenseParts<'_>)> = STATUTE_TEXT
        .iter()
        .map(|(state, charge, statute)| {
            let parts = OffenseParts {
                raw_charge: (*charge).into(),
                statute: Some((*statute).to_string()),
                disposition: Some("GUILTY".into()),
                offense_type: Some("MISDEMEANOR".into()),
                ..OffenseParts::default()
            };
            (*state, parts)
        })
        .collect();
    g.bench_function("charge_with_statute_per_charge", |b| {
        b.iter(|| {
            for (state, parts) in &with_statutes {
                let offense = build_offense(
                    black_box(parts.clone()),
                    black_box(Some(*state)),
                    &mut ChargeReader::default(),
                );
                black_box(classification(&offense));
            }
        })
    });
    // A record as stage 1 reads it: one `ChargeReader` for all its charges, each of
    // the ten court-table charges three times (counts of one offense, one stop's tickets), so a
    // charge seen before is copied rather than read again. Thirty charges per iteration.
    let record: Vec<OffenseParts<'_>> = (0..3).flat_map(|_| charges.iter().cloned()).collect();
    g.bench_function("record_of_30_charges_10_distinct", |b| {
        b.iter(|| {
            let mut reader = ChargeReader::default();
            for parts in &record {
                let offense =
                    build_offense(black_box(parts.clone()), black_box(Some("SD")), &mut reader);
                black_box(classification(&offense));
            }
        })
    });
    let (candidate, record) = people();
    g.bench_function("identity_compare", |b| {
        b.iter(|| {
            identity::compare(
                black_box(Some(&candidate)),
                black_box(&record),
                identity::DEFAULT_QUALIFYING_BP,
            )
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
