//! The shipped module's ABI through the runtime's own calling code (`runner::call`: fresh
//! store, `lookback_alloc`, the export, the packed result), and the native engine against it.
//!
//! The coverage-guided versions of these checks would link wasmtime and Cranelift into the
//! cargo-fuzz workspace, an instrumented build far beyond CI's fuzzing budget; here they run as a
//! bounded, seeded, non-coverage-guided pass in the test binary that already links wasmtime:
//! - the corpus and the XML fixtures through every stage: `.wasm` and native answers are
//!   byte-identical;
//! - mutated seeds (byte edits, and value edits on the JSON) to every JSON-taking export: the
//!   call never fails (no trap, no deadline, no memory cap, no bad output), the answer is JSON,
//!   and it is byte-identical to the native engine's.
//!
//! `LOOKBACK_ABI_FUZZ_INPUTS` sets the mutated inputs per export (default 400) and
//! `LOOKBACK_ABI_FUZZ_SEED` the generator's seed (default fixed, so a failure repeats).

use std::path::PathBuf;
use std::time::Duration;

use lookback_core::api;
use lookback_runtime::protocol::{
    StageContext, evaluate_input, evaluate_kept_input, transform_xml_input,
};
use lookback_runtime::{
    CallError, EMBEDDED_MODULE, EngineHost, Export, Limits, LoadedModule, RequestCalls, runner,
};
use serde_json::{Value, json};

use crate::evaluate_http::corpus;

const NOW: &str = "2025-11-06T15:04:05Z";

/// The native engine's export of the same name.
fn native(export: Export, input: &[u8]) -> String {
    match export {
        Export::Info => api::info(),
        Export::Transform => api::transform(input),
        Export::TransformXml => api::transform_xml(input),
        Export::Evaluate => api::evaluate(input),
        Export::IdentityMatch => api::identity_match(input),
        Export::TransformKeep => api::transform_keep(input),
        Export::EvaluateKept => api::evaluate_kept(input),
        Export::ChargeKeys => api::charge_keys(),
    }
}

pub(crate) struct Shipped {
    pub(crate) host: EngineHost,
    pub(crate) module: LoadedModule,
    /// Generous: a deadline hit here is a hang, not a slow machine.
    pub(crate) limits: Limits,
}

impl Shipped {
    pub(crate) fn load() -> Self {
        let host = EngineHost::new(&Default::default()).unwrap();
        let module = host.load(EMBEDDED_MODULE).unwrap();
        let limits = Limits {
            deadline: Duration::from_secs(20),
            ..host.limits()
        };
        Self {
            host,
            module,
            limits,
        }
    }

    /// The module's answer through the host's calling code, as a request gets it.
    pub(crate) fn call(&self, export: Export, input: &[u8]) -> Result<String, CallError> {
        runner::call(
            self.host.engine(),
            &self.module,
            export,
            input,
            &self.limits,
        )
    }

    /// Stage 1 keeping its record, then stages 2-3 on it, in one instance as requests run them:
    /// both answers required to equal the native engine's byte for byte. Returns stage 2's
    /// answer, or `None` when stage 1 refused the body.
    fn agree_kept(&self, body: &[u8], context: &[u8]) -> Option<String> {
        let mut calls = RequestCalls::new(self.host.engine(), &self.module, self.limits, None);
        let stage1 = calls.call(Export::TransformKeep, body).unwrap();
        assert_eq!(stage1, api::transform_keep(body), "kept stage 1 differs");
        let accepted: Value = serde_json::from_str(&stage1).unwrap();
        if accepted["ok"] != true {
            return None;
        }
        // What a charge dictionary can match, asked between the stages as the host asks it.
        let keys = calls.call(Export::ChargeKeys, &[]).unwrap();
        assert_eq!(
            keys,
            api::charge_keys(),
            "the kept record's charge keys differ"
        );
        let stage2 = calls.call(Export::EvaluateKept, context).unwrap();
        assert_eq!(
            stage2,
            api::evaluate_kept(context),
            "kept stages 2-3 differ"
        );
        Some(stage2)
    }

    /// The module's answer, required to equal the native engine's byte for byte.
    fn agree(&self, export: Export, input: &[u8]) -> String {
        let wasm = self.call(export, input).unwrap_or_else(|e| {
            panic!(
                "{export:?} failed ({e}) on input {}",
                String::from_utf8_lossy(input)
            )
        });
        let native = native(export, input);
        assert_eq!(
            wasm,
            native,
            "{export:?}: wasm and native answers differ on input {}",
            String::from_utf8_lossy(input)
        );
        assert!(
            serde_json::from_str::<Value>(&wasm).is_ok(),
            "{export:?} answered non-JSON: {wasm}"
        );
        wasm
    }
}

/// The stage context of a case, as the server builds it.
fn context(client_rules: Option<&str>) -> StageContext<'_> {
    StageContext::new(NOW, "abi-differential").with_client_rules(client_rules)
}

/// Seeds per export: the corpus requests, the XML fixtures (as `/evaluate` and `/transform-xml`
/// bodies), every record those transform to, and identity pairs.
struct Seeds {
    transform: Vec<Vec<u8>>,
    transform_xml: Vec<Vec<u8>>,
    evaluate: Vec<Vec<u8>>,
    identity: Vec<Vec<u8>>,
}

/// `tests/fixtures/xml/`: each fixture's request and document (also `wasm_stack`'s inputs).
pub(crate) fn xml_fixtures() -> Vec<(Value, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/xml");
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    manifest["fixtures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let bytes = std::fs::read(dir.join(f["xml"].as_str().unwrap())).unwrap();
            (
                f["request"].clone(),
                String::from_utf8_lossy(&bytes).into_owned(),
            )
        })
        .collect()
}

/// Runs the corpus and the XML fixtures through every stage, module and native in lockstep,
/// and keeps each stage's input as a seed.
fn seeds_from_the_corpus_and_fixtures(shipped: &Shipped) -> Seeds {
    let mut seeds = Seeds {
        transform: Vec::new(),
        transform_xml: Vec::new(),
        evaluate: Vec::new(),
        identity: Vec::new(),
    };
    let chain = |body: Vec<u8>, client_rules: Option<&Value>, seeds: &mut Seeds| {
        let client_rules = client_rules.map(Value::to_string);
        let client_rules = client_rules.as_deref();
        let transformed: Value =
            serde_json::from_str(&shipped.agree(Export::Transform, &body)).unwrap();
        let kept = shipped.agree_kept(
            &body,
            evaluate_kept_input(&context(client_rules)).as_bytes(),
        );
        seeds.transform.push(body);
        if transformed["ok"] == true {
            let input = evaluate_input(&context(client_rules), &transformed["record"].to_string())
                .into_bytes();
            let answer = shipped.agree(Export::Evaluate, &input);
            let out: Value = serde_json::from_str(&answer).unwrap();
            assert_eq!(out["ok"], true, "{out}");
            assert_eq!(kept, Some(answer), "the kept pair decided otherwise");
            seeds.evaluate.push(input);
        } else {
            assert_eq!(kept, None, "the kept pair accepted what stage 1 refused");
        }
    };
    for case in corpus::load() {
        let body = serde_json::to_vec(&case.request).unwrap();
        chain(body, case.client_rules.as_ref(), &mut seeds);
    }
    for (request, xml) in xml_fixtures() {
        let mut record = request.clone();
        record["xml"] = json!(xml);
        chain(
            json!({ "record": record }).to_string().into_bytes(),
            None,
            &mut seeds,
        );
        let body = json!({"record": {"search_id": request["search_id"], "xml": xml}});
        let input = transform_xml_input(NOW, body.to_string().as_bytes());
        let out: Value =
            serde_json::from_str(&shipped.agree(Export::TransformXml, &input)).unwrap();
        assert_eq!(out["ok"], true, "{out}");
        seeds.transform_xml.push(input);
    }
    let people = [
        json!({"first_name": "ROBERT", "middle_name": "", "last_name": "SAMPLE", "date_of_birth": "1980-05-01", "ssn": ""}),
        json!({"first_name": "BOB", "last_name": "SAMPLE", "date_of_birth": "1980-05-01", "ssn": "900-12-3456",
               "aliases": [{"first_name": "ROB", "middle_name": "", "last_name": "SAMPLES"}],
               "addresses": [{"street_one": "4100 FIXTURE LN", "street_two": "", "city": "MARIETTA",
                              "state_or_province": "GA", "postal_code": "30060", "country": "US",
                              "address_type": "DOMESTIC", "start_date": "2010-01-01", "end_date": ""}]}),
        json!({"first_name": "ROBERTA", "last_name": "SAMPEL", "date_of_birth": "1980-01-05", "ssn": "XXX-XX-3456"}),
    ];
    for a in &people {
        for b in &people {
            let body = json!({"candidate_to_verify": a, "candidate_in_record": b});
            let body = body.to_string().into_bytes();
            shipped.agree(Export::IdentityMatch, &body);
            seeds.identity.push(body);
        }
    }
    seeds
}

#[test]
fn native_engine_and_shipped_module_answer_the_corpus_and_xml_fixtures_byte_for_byte() {
    let shipped = Shipped::load();
    let seeds = seeds_from_the_corpus_and_fixtures(&shipped);
    let corpus_cases = corpus::load().len();
    assert_eq!(seeds.transform.len(), corpus_cases + xml_fixtures().len());
    assert!(seeds.evaluate.len() >= corpus_cases, "most cases evaluate");
    assert_eq!(seeds.transform_xml.len(), xml_fixtures().len());
}

#[test]
fn every_export_answers_mutated_inputs_cleanly_and_like_the_native_engine() {
    let shipped = Shipped::load();
    let seeds = seeds_from_the_corpus_and_fixtures(&shipped);
    let per_export: usize = env_number("LOOKBACK_ABI_FUZZ_INPUTS", 400);
    let mut rng = SplitMix(env_number("LOOKBACK_ABI_FUZZ_SEED", 0x5eed_1ab5));
    // `lookback_info` differs in one field by design: only the shipped module is pre-initialised.
    let info = shipped.call(Export::Info, b"").unwrap();
    let mut info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["preinitialized"], true);
    info["preinitialized"] = json!(false);
    assert_eq!(info, serde_json::from_str::<Value>(&api::info()).unwrap());
    for (export, pool) in [
        (Export::Transform, &seeds.transform),
        (Export::TransformXml, &seeds.transform_xml),
        (Export::Evaluate, &seeds.evaluate),
        (Export::IdentityMatch, &seeds.identity),
    ] {
        let mut accepted = 0;
        for _ in 0..per_export {
            let input = mutate(&mut rng, pool, export == Export::TransformXml);
            let answer: Value = serde_json::from_str(&shipped.agree(export, &input)).unwrap();
            accepted += usize::from(answer["ok"] == true || answer["http_status"] == 200);
            if export == Export::Transform {
                shipped.agree_kept(&input, evaluate_kept_input(&context(None)).as_bytes());
            }
        }
        // How deep the inputs reach: a share past validation (seen with --nocapture).
        eprintln!("{export:?}: {per_export} mutated inputs, {accepted} accepted");
        // Typed edits aimed at `record` keep a good share past validation (before them, 10-18 %).
        if matches!(export, Export::Transform | Export::Evaluate) && per_export >= 100 {
            assert!(
                accepted * 4 >= per_export,
                "{export:?}: only {accepted} accepted"
            );
        }
    }
}

pub(crate) fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A small seeded generator (splitmix64): the same seed gives the same inputs.
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Tokens that mean something to the parsers: JSON and XML syntax, sentinels, edge numbers,
/// dates that do not exist, and bytes that are not UTF-8.
const TOKENS: &[&[u8]] = &[
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b",",
    b":",
    b"\\u0000",
    b"\\ud800",
    b"null",
    b"true",
    b"-1",
    b"1e999",
    b"18446744073709551616",
    b"\"2025-02-30\"",
    b"\"0000-00-00\"",
    b"\"UNAVAILABLE\"",
    b"<",
    b"/>",
    b"]]>",
    b"<!DOCTYPE a [<!ENTITY b \"c\">]>",
    b"&b;",
    b"&#0;",
    b"\xff\xfe",
    b"\xc3",
    b"\n",
];

/// One mutated input from a random seed of `pool`: mostly value-level edits of the JSON (so the
/// input still parses and reaches validation and the rules), else byte-level edits. For
/// `transform_xml` the context line is kept most of the time.
fn mutate(rng: &mut SplitMix, pool: &[Vec<u8>], framed: bool) -> Vec<u8> {
    let seed = rng.pick(pool).clone();
    let (head, body) = match seed.iter().position(|b| *b == b'\n') {
        Some(at) if framed && rng.below(8) != 0 => (seed[..=at].to_vec(), seed[at + 1..].to_vec()),
        _ => (Vec::new(), seed),
    };
    let edits = 1 + rng.below(3);
    let mut body = body;
    for _ in 0..edits {
        body = match (rng.below(5), serde_json::from_slice::<Value>(&body)) {
            (0..=3, Ok(mut value)) => {
                match value.get_mut("record") {
                    Some(record) if rng.below(3) != 0 => edit_typed(rng, record, 0),
                    _ => edit_value(rng, &mut value, 0),
                }
                serde_json::to_vec(&value).unwrap_or(body)
            }
            _ => edit_bytes(rng, body, pool),
        };
    }
    [head, body].concat()
}

/// Replaces, removes or duplicates one node of `value`, chosen by a random walk.
fn edit_value(rng: &mut SplitMix, value: &mut Value, depth: usize) {
    let descend = depth < 12 && rng.below(5) != 0;
    match value {
        Value::Object(map) if descend && !map.is_empty() => {
            let key = map.keys().nth(rng.below(map.len())).cloned().unwrap();
            match rng.below(10) {
                0 => {
                    map.remove(&key);
                }
                1 => {
                    let copy = map[&key].clone();
                    map.insert(format!("{key}_"), copy);
                }
                _ => edit_value(rng, map.get_mut(&key).unwrap(), depth + 1),
            }
        }
        Value::Array(items) if descend && !items.is_empty() => {
            let at = rng.below(items.len());
            match rng.below(8) {
                0 => {
                    items.remove(at);
                }
                1 => {
                    let copy = items[at].clone();
                    items.push(copy);
                }
                _ => edit_value(rng, &mut items[at], depth + 1),
            }
        }
        _ => *value = replacement(rng, value, false),
    }
}

/// Edits one node of `value` (a `record`) and keeps its type: a string stays a string, a number
/// a number, an array an array (an item dropped or repeated). Typed records then still
/// deserialise and pass validation far more often, so the edit reaches the rules.
fn edit_typed(rng: &mut SplitMix, value: &mut Value, depth: usize) {
    let descend = depth < 12 && rng.below(4) != 0;
    match value {
        Value::Object(map) if descend && !map.is_empty() => {
            let key = map.keys().nth(rng.below(map.len())).cloned().unwrap();
            edit_typed(rng, map.get_mut(&key).unwrap(), depth + 1);
        }
        Value::Array(items) if !items.is_empty() => {
            let at = rng.below(items.len());
            match rng.below(6) {
                0 => {
                    let copy = items[at].clone();
                    items.insert(at, copy);
                }
                1 => {
                    items.remove(at);
                }
                _ => edit_typed(rng, &mut items[at], depth + 1),
            }
        }
        Value::String(_) => *value = replacement(rng, value, true),
        Value::Number(n) => {
            let n = n.as_i64().unwrap_or(0);
            *value = json!(*rng.pick(&[
                0,
                1,
                n.wrapping_sub(1),
                n.wrapping_add(1),
                n.wrapping_mul(10),
                n.wrapping_neg(),
            ]));
        }
        Value::Bool(b) => *b = !*b,
        _ => {}
    }
}

fn replacement(rng: &mut SplitMix, old: &Value, keep_type: bool) -> Value {
    let text = old.as_str().unwrap_or("");
    // Half the strings stay strings (all when asked): typed records then still deserialise.
    let choice = if old.is_string() && (keep_type || rng.below(2) == 0) {
        8 + rng.below(7)
    } else {
        rng.below(16)
    };
    match choice {
        0 => Value::Null,
        1 => json!(""),
        2 => json!(-1),
        3 => json!(1e308),
        4 => json!(u64::MAX),
        5 => json!(true),
        6 => json!([]),
        7 => json!({}),
        8 => json!(rng.pick(&[
            "2025-02-30",
            "1900-01-01",
            "9999-12-31",
            "2024-02-29",
            "00/00/0000",
            "1985-07-00"
        ])),
        9 => json!(rng.pick(&[
            "UNAVAILABLE",
            "N/A",
            "000-00-0000",
            "XXX-XX-1234",
            "999999999",
            "\u{0}",
            "É\u{301}"
        ])),
        10 => json!(text.repeat(1 + rng.below(64))),
        11 => json!(text.chars().rev().collect::<String>()),
        12 => json!(rng.pick(&[
            "GUILTY",
            "NOT CONVICTED",
            "CONFINED NOT CONVICTED",
            "DISMISSED",
            "PENDING",
            "NOLLE PROSEQUI",
            "SEALED"
        ])),
        13 => json!(rng.pick(&[
            "FELONY",
            "MISDEMEANOR",
            "INFRACTION",
            "TRAFFIC",
            "F",
            "M3",
            "PETTY OFFENSE"
        ])),
        14 => json!(rng.pick(&[
            "CA",
            "NY",
            "KY",
            "MD",
            "TX",
            "GU",
            "PR",
            "ZZ",
            "ca",
            "California"
        ])),
        _ => {
            let mut deep = json!(0);
            for _ in 0..rng.below(300) {
                deep = json!([deep]);
            }
            deep
        }
    }
}

/// A byte-level edit: flip, insert a token, delete or duplicate a span, truncate, or splice in
/// part of another seed.
fn edit_bytes(rng: &mut SplitMix, mut bytes: Vec<u8>, pool: &[Vec<u8>]) -> Vec<u8> {
    if bytes.is_empty() {
        return rng.pick(TOKENS).to_vec();
    }
    let at = rng.below(bytes.len());
    let span = 1 + rng.below(64.min(bytes.len() - at));
    match rng.below(6) {
        0 => bytes[at] ^= 1 << rng.below(8),
        1 => {
            let token = rng.pick(TOKENS);
            bytes.splice(at..at, token.iter().copied());
        }
        2 => {
            bytes.drain(at..at + span);
        }
        3 => {
            let copy = bytes[at..at + span].to_vec();
            bytes.splice(at..at, copy);
        }
        4 => bytes.truncate(at),
        _ => {
            let other = rng.pick(pool);
            let from = rng.below(other.len());
            let piece = &other[from..(from + span).min(other.len())];
            bytes.splice(at..at, piece.iter().copied());
        }
    }
    bytes
}
