//! Data-driven and property tests for the identity stage: the shared reference vectors
//! (`shared/`, required), our own vectors (`testdata/own_vectors.json`), a
//! differential run against the Python oracle, and proptest invariants.

use std::borrow::Cow;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use proptest::prelude::*;
use serde_json::{Value, json};

use super::endpoint::parse_request;
use super::{
    AddressInput, IdentityLevel, IdentityResult, Person, PersonName, PostalAddress, compare,
};

const OWN_VECTORS: &str = include_str!("testdata/own_vectors.json");

/// `shared/reference/identity`: from `LOOKBACK_SHARED_DIR` (the `shared` folder), else beside the
/// repository (`../shared`, as CI and the main checkout have it). Missing is a failure: these
/// tests check the engine against the research, they do not pass without it.
fn shared_dir() -> PathBuf {
    let shared = std::env::var_os("LOOKBACK_SHARED_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
        PathBuf::from,
    );
    let dir = shared.join("reference/identity");
    assert!(
        dir.is_dir(),
        "{} not found: put the shared folder beside the repository or set LOOKBACK_SHARED_DIR",
        dir.display()
    );
    dir
}

fn level_str(l: IdentityLevel) -> String {
    serde_json::to_value(l)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn s(v: &Value, k: &str) -> Cow<'static, str> {
    v.get(k)
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
        .into()
}

fn pname(v: &Value) -> PersonName<'static> {
    PersonName {
        first: s(v, "first_name"),
        middle: s(v, "middle_name"),
        last: s(v, "last_name"),
    }
}

/// Identity object to `Person`; test-only extensions: `full_name`, and an address given
/// as a plain string (single-line input as on `/evaluate`).
fn person(v: &Value) -> Person<'static> {
    let list = |k: &str| {
        v.get(k)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let opt = |k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(|t| t.to_string().into())
    };
    Person {
        name: pname(v),
        full_name: opt("full_name"),
        aliases: list("aliases").iter().map(pname).collect(),
        date_of_birth: opt("date_of_birth"),
        ssn: opt("ssn"),
        addresses: list("addresses")
            .iter()
            .map(|a| match a.as_str() {
                Some(line) => AddressInput::SingleLine(line.to_string().into()),
                None => AddressInput::Structured(PostalAddress {
                    street_one: s(a, "street_one"),
                    street_two: s(a, "street_two"),
                    city: s(a, "city"),
                    state: s(a, "state_or_province"),
                    postal_code: s(a, "postal_code"),
                    country: s(a, "country"),
                    international: s(a, "address_type").eq_ignore_ascii_case("INTERNATIONAL"),
                    start_date: a
                        .get("start_date")
                        .and_then(Value::as_str)
                        .map(|t| t.to_string().into()),
                    end_date: a
                        .get("end_date")
                        .and_then(Value::as_str)
                        .map(|t| t.to_string().into()),
                }),
            })
            .collect(),
    }
}

fn within(got: f64, exp: &Value) -> bool {
    match exp {
        Value::Object(r) => {
            let lo = r.get("min").and_then(Value::as_f64).unwrap_or(f64::NAN);
            let hi = r.get("max").and_then(Value::as_f64).unwrap_or(f64::NAN);
            lo - 1e-9 <= got && got <= hi + 1e-9
        }
        _ => exp.as_f64().is_some_and(|e| (got - e).abs() < 1e-9),
    }
}

/// The result as the JSON shape the vectors use.
fn as_json(r: &IdentityResult) -> Value {
    json!({
        "name_score": r.name_score, "dob_score": r.dob_score, "ssn_score": r.ssn_score,
        "address_score": r.address_score, "match_score": r.match_score, "is_match": r.is_match,
        "identity_level": level_str(r.level), "identity_score": r.identity_score,
        "third_id_required": r.third_id_required, "identity_insufficient": r.identity_insufficient,
        "details": &*r.details, "name_match_desc": r.name_match_desc, "dob_match_desc": r.dob_match_desc,
        "ssn_match_desc": r.ssn_match_desc, "address_match_desc": r.address_match_desc,
        "hard_conflict": r.conflicts,
    })
}

/// Check one vector; returns the list of disagreements.
fn check_vector(vec: &Value, people: (Person, Person)) -> Vec<String> {
    let (cand, rec) = people;
    let got = as_json(&compare(Some(&cand), &rec, super::DEFAULT_QUALIFYING_BP));
    let mut probs = Vec::new();
    let expect = vec
        .get("expect")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let reference = vec
        .get("reference_output")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    for (k, e) in expect.iter().chain(reference.iter()) {
        let g = got.get(k).cloned().unwrap_or(Value::Null);
        let ok = match (&g, e) {
            (Value::Number(n), _) => within(n.as_f64().unwrap_or(f64::NAN), e),
            _ => &g == e,
        };
        if !ok {
            probs.push(format!("{k}: got {g} want {e}"));
        }
    }
    probs
}

#[test]
fn shared_reference_vectors() {
    let path = shared_dir().join("vectors.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let doc: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let vectors = doc
        .get("vectors")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    assert!(!vectors.is_empty(), "no vectors in {}", path.display());
    let mut failures = Vec::new();
    for v in &vectors {
        let body = json!({"candidate_to_verify": v["candidate_to_verify"], "candidate_in_record": v["candidate_in_record"]});
        let people = match parse_request(body.to_string().as_bytes()) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: endpoint rejected: {e:?}", s(v, "id")));
                continue;
            }
        };
        let probs = check_vector(v, people);
        if !probs.is_empty() {
            failures.push(format!(
                "{} {}: {}",
                s(v, "id"),
                s(v, "name"),
                probs.join("; ")
            ));
        }
    }
    println!("{} shared vectors checked", vectors.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn own_vectors() {
    let doc: Value = serde_json::from_str(OWN_VECTORS).unwrap_or(Value::Null);
    let vectors = doc
        .get("vectors")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    assert!(vectors.len() >= 40, "own vectors missing");
    let mut failures = Vec::new();
    for v in &vectors {
        let cand = v
            .get("candidate_to_verify")
            .filter(|c| !c.is_null())
            .map(person);
        let rec = person(&v["candidate_in_record"]);
        let probs = match cand {
            Some(c) => check_vector(v, (c, rec)),
            None => {
                // XML path: no candidate_info at all.
                let got = as_json(&compare(None, &rec, super::DEFAULT_QUALIFYING_BP));
                let exp = v
                    .get("expect")
                    .and_then(Value::as_object)
                    .cloned()
                    .unwrap_or_default();
                exp.iter()
                    .filter(|(k, e)| got.get(k.as_str()) != Some(e))
                    .map(|(k, e)| format!("{k}: got {} want {e}", got[k]))
                    .collect()
            }
        };
        if !probs.is_empty() {
            failures.push(format!(
                "{} {}: {}",
                s(v, "id"),
                s(v, "name"),
                probs.join("; ")
            ));
        }
    }
    println!("{} own vectors checked", vectors.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ------------------------------------------------------------ differential ----

/// Small deterministic generator (tests may use randomness; the engine may not).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        let n = xs.len() as u64;
        xs.get((self.next() % n.max(1)) as usize)
            .copied()
            .unwrap_or("")
    }
    fn chance(&mut self, pct: u64) -> bool {
        self.next() % 100 < pct
    }
}

// Pools avoid the places where this crate is deliberately richer than the oracle
// (larger nickname table, more USPS words, extra single-line forms): see the report.
const FIRSTS: &[&str] = &[
    "JOHN",
    "JACK",
    "JOHNNY",
    "ROBERT",
    "BOB",
    "ROB",
    "WILLIAM",
    "BILL",
    "MARY",
    "SUSAN",
    "JONATHAN",
    "JONATHON",
    "STEPHEN",
    "STEVEN",
    "CHRIS",
    "CHRISTOPHER",
    "MICHAEL",
    "MIKE",
    "J",
    "R",
    "",
    "José",
    "ALBERT",
    "SMITH",
    "WEI",
    "ZHANG",
];
const MIDDLES: &[&str] = &["", "", "A", "ALBERT", "B", "ROBERT", "JOHN", "EDWARD", "ED"];
const LASTS: &[&str] = &[
    "SMITH",
    "SMYTH",
    "SMYTHE",
    "SMITH JR",
    "SMITH SR",
    "SMITH III",
    "JOHNSON",
    "JONSON",
    "GARCIA",
    "GARCIA-LOPEZ",
    "DE LA CRUZ",
    "DELACRUZ",
    "O'BRIEN",
    "OBRIEN",
    "Muñoz",
    "MUNOZ",
    "ZHANG",
    "WEI",
    "JOHN",
    "",
];
const DOBS: &[&str] = &[
    "1985-07-14",
    "1985-07-15",
    "1985-07-41",
    "1985-14-07",
    "1986-07-14",
    "1989-12-31",
    "1990-12-31",
    "1985-07-00",
    "1985-00-00",
    "1986-00-00",
    "1985-01-01",
    "1962-11-30",
    "",
    "UNKNOWN",
    "1900-01-01",
    "1985-02-30",
];
const SSNS: &[&str] = &[
    "412-56-7890",
    "412-56-7891",
    "412-65-7890",
    "512-46-7809",
    "XXX-XX-7890",
    "7890",
    "7809",
    "***-**-1234",
    "",
    "UNAVAILABLE",
    "n/a",
    "666-12-3456",
    "000-12-3456",
    "412-00-7890",
    "078-05-1120",
    "912-70-7890",
    "912-70-7890",
];
const STREETS: &[&str] = &[
    "123 N Main St",
    "123 North Main Street",
    "123 Main St",
    "123 N Mian St",
    "125 N Main St",
    "9 Elm Rd",
    "PO Box 77",
    "289-01 Union Tpke",
    "101 1/2 First Ave NW",
    "Homeless",
    "",
];
const UNITS: &[&str] = &["", "", "Apt 4", "Apt 5", "#4", "Suite 200"];
const CITIES: &[&str] = &["Springfield", "Springfield", "Dallas", ""];
const STATES: &[&str] = &["IL", "Illinois", "TX", ""];
const ZIPS: &[&str] = &["62704", "62704-1234", "75201", ""];
const DATES: &[&str] = &["", "2010-01-01", "2015-06-01", "2019-03-01"];

fn gen_identity(g: &mut Lcg) -> Value {
    let mut aliases: Vec<Value> = Vec::new();
    for _ in 0..g.next() % 3 {
        if g.chance(40) {
            aliases.push(json!({"first_name": g.pick(FIRSTS), "middle_name": g.pick(MIDDLES), "last_name": g.pick(LASTS)}));
        }
    }
    let addresses: Vec<Value> = (0..g.next() % 3)
        .map(|_| {
            let street = g.pick(STREETS);
            if g.chance(15) && !street.is_empty() {
                // single line stuffed into street_one (docs/identity.md §7.1)
                return json!({"street_one": format!("{street}, {}, IL 62704", g.pick(&["Springfield", "Dallas"])), "street_two": "", "city": "", "state_or_province": "", "postal_code": "", "country": "US", "address_type": "DOMESTIC", "start_date": "", "end_date": ""});
            }
            let intl = g.chance(8);
            let start = g.pick(DATES);
            let end = if start.is_empty() { "" } else { g.pick(&["", "2012-12-31", "2020-01-01"]) };
            json!({"street_one": street, "street_two": g.pick(UNITS), "city": g.pick(CITIES), "state_or_province": g.pick(STATES), "postal_code": g.pick(ZIPS), "country": "US", "address_type": if intl {"INTERNATIONAL"} else {"DOMESTIC"}, "start_date": start, "end_date": end})
        })
        .collect();
    json!({
        "first_name": g.pick(FIRSTS), "middle_name": g.pick(MIDDLES), "last_name": g.pick(LASTS),
        "date_of_birth": g.pick(DOBS), "ssn": g.pick(SSNS), "state": "IL", "annual_salary": null,
        "aliases": aliases, "addresses": addresses,
    })
}

/// Mutate a copy towards agreement so the generator also exercises high scores.
fn near_copy(g: &mut Lcg, base: &Value) -> Value {
    let mut other = gen_identity(g);
    for key in [
        "first_name",
        "middle_name",
        "last_name",
        "date_of_birth",
        "ssn",
        "addresses",
        "aliases",
    ] {
        if g.chance(60) {
            other[key] = base[key].clone();
        }
    }
    other
}

const ORACLE_BATCH: &str = r#"
import json, sys
sys.path.insert(0, sys.argv[1])
import reference_scorer as rs
reqs = json.load(sys.stdin)
out = []
for r in reqs:
    s = rs.score(r)
    routing = s.pop("routing")
    s.update(routing)
    out.append(s)
json.dump(out, sys.stdout)
"#;

#[test]
fn differential_against_python_oracle() {
    let oracle_dir = shared_dir().join("oracle");
    assert!(
        oracle_dir.join("reference_scorer.py").exists(),
        "the Python oracle is not at {}",
        oracle_dir.display()
    );
    let mut g = Lcg(0x1d_e7_17_7e);
    let mut requests = Vec::new();
    for i in 0..1500 {
        let a = gen_identity(&mut g);
        let b = if i % 3 == 0 {
            gen_identity(&mut g)
        } else {
            near_copy(&mut g, &a)
        };
        requests.push(json!({"candidate_to_verify": a, "candidate_in_record": b}));
    }
    let child = Command::new("python3")
        .arg("-c")
        .arg(ORACLE_BATCH)
        .arg(&oracle_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = child.unwrap_or_else(|e| panic!("python3 (the oracle's interpreter): {e}"));
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(Value::Array(requests.clone()).to_string().as_bytes());
    }
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("python3 did not run: {e}"));
    assert!(
        output.status.success(),
        "oracle failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let expected: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    let expected = expected.as_array().cloned().unwrap_or_default();
    assert_eq!(expected.len(), requests.len());
    let mut failures = Vec::new();
    for (req, exp) in requests.iter().zip(&expected) {
        let cand = person(&req["candidate_to_verify"]);
        let rec = person(&req["candidate_in_record"]);
        let got = as_json(&compare(Some(&cand), &rec, super::DEFAULT_QUALIFYING_BP));
        for (k, e) in exp.as_object().into_iter().flatten() {
            let g = &got[k.as_str()];
            let same = match (g.as_f64(), e.as_f64()) {
                (Some(x), Some(y)) => (x - y).abs() < 1e-9,
                _ => g == e,
            };
            if !same {
                failures.push(format!("{k}: rust {g} oracle {e} for {req}"));
            }
        }
    }
    println!(
        "{} generated requests compared with the oracle",
        requests.len()
    );
    assert!(
        failures.is_empty(),
        "{} disagreements, first: {}",
        failures.len(),
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

// ------------------------------------------------------------ properties ----

fn arb_name() -> impl Strategy<Value = PersonName<'static>> {
    (
        prop::sample::select(FIRSTS),
        prop::sample::select(MIDDLES),
        prop::sample::select(LASTS),
    )
        .prop_map(|(f, m, l)| PersonName {
            first: f.into(),
            middle: m.into(),
            last: l.into(),
        })
}

fn arb_address() -> impl Strategy<Value = AddressInput<'static>> {
    (
        prop::sample::select(STREETS),
        prop::sample::select(UNITS),
        prop::sample::select(CITIES),
        prop::sample::select(STATES),
        prop::sample::select(ZIPS),
        prop::sample::select(DATES),
        any::<bool>(),
    )
        .prop_map(|(s1, s2, c, st, z, d, intl)| {
            AddressInput::Structured(PostalAddress {
                street_one: s1.into(),
                street_two: s2.into(),
                city: c.into(),
                state: st.into(),
                postal_code: z.into(),
                international: intl && s1.len() % 5 == 0,
                start_date: Some(d.into()),
                ..PostalAddress::default()
            })
        })
}

fn arb_person() -> impl Strategy<Value = Person<'static>> {
    (
        arb_name(),
        prop::collection::vec(arb_name(), 0..2),
        prop::sample::select(DOBS),
        prop::sample::select(SSNS),
        prop::collection::vec(arb_address(), 0..3),
        any::<bool>(),
    )
        .prop_map(|(name, aliases, dob, ssn, addresses, aka)| Person {
            full_name: aka.then(|| {
                format!(
                    "{} {} AKA {}",
                    name.first,
                    name.last,
                    aliases.first().map_or("DOE", |a| &*a.last)
                )
                .into()
            }),
            name,
            aliases,
            date_of_birth: Some(dob.into()),
            ssn: Some(ssn.into()),
            addresses,
        })
}

fn in_unit(x: f64) -> bool {
    (0.0..=1.0).contains(&x)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn scores_in_range_and_flags_consistent(c in arb_person(), r in arb_person(), q in 7000u32..=10_000) {
        let x = compare(Some(&c), &r, q);
        prop_assert!(in_unit(x.name_score) && in_unit(x.dob_score) && in_unit(x.ssn_score));
        prop_assert!(x.address_score == -1.0 || in_unit(x.address_score));
        prop_assert!(x.match_bp <= 10_000 && in_unit(x.match_score));
        prop_assert_eq!(x.is_match, x.match_bp >= q && x.conflicts.is_empty());
        prop_assert_eq!(x.identity_score == -1.0, !x.conflicts.is_empty());
        prop_assert_eq!(x.level == IdentityLevel::NotMatching, !x.conflicts.is_empty());
        if x.level == IdentityLevel::High { prop_assert!(x.match_bp >= 9000 && !x.identity_insufficient); }
        if x.level == IdentityLevel::Medium { prop_assert!((7000..9000).contains(&x.match_bp)); }
        if !x.conflicts.is_empty() { prop_assert!(!x.third_id_required); }
        let qualifying = format!("| Qualifying {}%", q / 100);
        prop_assert!(x.details.starts_with("Name ") && x.details.contains(&qualifying));
        prop_assert_eq!(x.details.contains("| Conflict: "), !x.conflicts.is_empty());
    }

    #[test]
    fn dob_ssn_address_are_symmetric(c in arb_person(), r in arb_person()) {
        let a = compare(Some(&c), &r, 8500);
        let b = compare(Some(&r), &c, 8500);
        prop_assert_eq!(a.dob_score, b.dob_score);
        prop_assert_eq!(&a.dob_match_desc, &b.dob_match_desc);
        prop_assert_eq!(a.ssn_score, b.ssn_score);
        prop_assert_eq!(&a.ssn_match_desc, &b.ssn_match_desc);
        prop_assert_eq!(a.address_score, b.address_score);
        let dob_ssn = |x: &IdentityResult| x.conflicts.iter().filter(|k| **k != "NAME").count();
        prop_assert_eq!(dob_ssn(&a), dob_ssn(&b));
    }

    #[test]
    fn agreeing_evidence_never_lowers_the_score(c in arb_person(), r in arb_person(), extra in arb_address()) {
        let base = compare(Some(&c), &r, 8500);
        // the record gains the candidate's own name as an alias
        let mut r2 = r.clone();
        r2.aliases.push(c.name.clone());
        let x = compare(Some(&c), &r2, 8500);
        prop_assert!(x.name_score >= base.name_score && x.match_bp >= base.match_bp);
        // both sides gain the same address
        let (mut c3, mut r3) = (c.clone(), r.clone());
        c3.addresses.push(extra.clone());
        r3.addresses.push(extra);
        let x = compare(Some(&c3), &r3, 8500);
        prop_assert!(x.address_score >= base.address_score && x.match_bp >= base.match_bp);
        // an unavailable SSN on the record is replaced by the candidate's valid one
        let sc = super::ssn::parse(c.ssn.as_deref());
        if matches!(super::ssn::parse(r.ssn.as_deref()), super::ssn::Ssn::Missing) && matches!(sc, super::ssn::Ssn::Full(_)) {
            let mut r4 = r.clone();
            r4.ssn = c.ssn.clone();
            let x = compare(Some(&c), &r4, 8500);
            prop_assert!(x.ssn_score >= base.ssn_score && x.match_bp >= base.match_bp);
        }
    }
}

#[test]
fn no_candidate_is_not_enough_info() {
    let rec = Person {
        name: PersonName {
            first: "JOHN".into(),
            middle: "".into(),
            last: "SMITH".into(),
        },
        date_of_birth: Some("1985-07-14".into()),
        ..Person::default()
    };
    let x = compare(None, &rec, 8500);
    assert_eq!(x.level, IdentityLevel::NotEnoughInfo);
    assert!(x.identity_insufficient && !x.is_match && x.conflicts.is_empty());
    assert_eq!(x.address_score, -1.0);
}

/// One prepared candidate compared with many records, in turn, gives what a fresh comparison does.
#[test]
fn a_prepared_candidate_compares_like_a_fresh_one() {
    let doc: Value = serde_json::from_str(OWN_VECTORS).unwrap_or(Value::Null);
    let vectors = doc["vectors"].as_array().cloned().unwrap_or_default();
    let candidates: Vec<Person> = vectors
        .iter()
        .filter_map(|v| v.get("candidate_to_verify").filter(|c| !c.is_null()))
        .map(person)
        .collect();
    let records: Vec<Person> = vectors
        .iter()
        .map(|v| person(&v["candidate_in_record"]))
        .collect();
    assert!(candidates.len() >= 40 && records.len() >= 40);
    for cand in candidates.iter().step_by(7) {
        let prepared = super::PreparedCandidate::new(cand);
        for rec in &records {
            let bp = super::DEFAULT_QUALIFYING_BP;
            assert_eq!(
                super::compare_prepared(Some(&prepared), rec, bp),
                compare(Some(cand), rec, bp)
            );
        }
    }
}

/// Record address lines come from the prepared candidate's cache: lines seen again (and lines
/// pushed out of it by twenty others) compare as a fresh comparison does.
#[test]
fn cached_address_lines_compare_like_fresh_ones() {
    fn person(address: &str) -> Person<'_> {
        Person {
            name: PersonName {
                first: "JOHN".into(),
                middle: "".into(),
                last: "SMITH".into(),
            },
            date_of_birth: Some("1985-07-14".into()),
            addresses: vec![AddressInput::SingleLine(address.into())],
            ..Person::default()
        }
    }
    let cand = person("12 Main Street Apt 4, Springfield, IL 62704");
    let prepared = super::PreparedCandidate::new(&cand);
    let lines: Vec<String> = (0..20)
        .map(|n| {
            format!(
                "{} MAIN ST APT {}, SPRINGFIELD, IL 6270{}",
                10 + n % 3,
                n % 5,
                n % 4
            )
        })
        .collect();
    for line in lines.iter().chain(&lines).chain(lines.iter().rev()) {
        let rec = person(line);
        let bp = super::DEFAULT_QUALIFYING_BP;
        assert_eq!(
            super::compare_prepared(Some(&prepared), &rec, bp),
            compare(Some(&cand), &rec, bp),
            "{line}"
        );
    }
}
