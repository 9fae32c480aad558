//! The engine module's stack, its size set for wasm32 builds by `core-wasm/build.rs`:
//! - deep enough: on the worst inputs the engine takes (every corpus case and XML fixture, JSON
//!   nested to serde_json's recursion limit, XML to the reader's depth limit, records of 1,000
//!   and 5,000 charges, long charge texts, identity matching), each run in a fresh instance of
//!   the shipped module as requests run it, the deepest stack write stays under a quarter of the
//!   stack;
//! - laid out first: the stack lies below every data segment, so a call that runs out of stack
//!   steps below address 0 and traps out of bounds instead of writing over data. The
//!   `test-faults` module's endless recursion (`FAULT:transform-stack`) proves it.
//!
//! How deep a call goes: the stack region of a fresh instance is filled with one byte, the call
//! made, and the lowest byte that differs is the deepest write. Twice, with 0x00 and 0xff, so a
//! write of either value is still seen.

use lookback_runtime::protocol::{
    StageContext, TransformOutput, evaluate_input, evaluate_kept_input, transform_xml_input,
};
use lookback_runtime::runner::Session;
use lookback_runtime::{
    CallError, EMBEDDED_MODULE, EngineHost, EngineSettings, Export, LoadedModule, selftest,
};
use lookback_tests::{FAULTS_MODULE, valid_request};
use serde_json::{Value, json};
use wasmparser::{DataKind, KnownCustom, Name, Operator, Parser, Payload};

use crate::abi_differential::xml_fixtures;

/// The synthetic records of `scripts/bench.sh`.
#[path = "../bench/record.rs"]
#[expect(dead_code, reason = "the tests make records, they do not print them")]
mod record;

/// The deepest write the worst input makes must stay under the stack size divided by this.
const MARGIN: usize = 4;

/// The `now` of every generated input.
const NOW: &str = "2025-11-20T12:00:00Z";

const TEN_CHARGES: &str = include_str!("../../core-wasm/fixtures/ten-charges.json");

/// serde_json's recursion limit: a body nested this deep parses, one level more does not.
const DEEPEST_JSON: usize = 127;

/// The XML reader's depth limit (`lookback_core`'s `parse::xml::limits::MAX_DEPTH`).
const DEEPEST_XML: usize = 64;

/// The answer to a document the XML reader refuses (`XML_PARSE_FAILED`).
const XML_REFUSED: &str = "Failed to parse XML data";

/// The host's default cap on a text field (`DEFAULT_MAX_TEXT_CHARS`).
const LONGEST_TEXT: usize = 10_000;

/// Where a module's stack and data lie, read from its sections.
struct Layout {
    /// The stack pointer's first value: the stack is `0..stack_top`, growing down.
    stack_top: usize,
    /// Each active data segment: its address and bytes.
    segments: Vec<(usize, Vec<u8>)>,
}

impl Layout {
    fn of(wasm: &[u8]) -> Self {
        let mut globals = Vec::new();
        let mut stack_pointer = None;
        let mut segments = Vec::new();
        for payload in Parser::new(0).parse_all(wasm) {
            match payload.unwrap() {
                Payload::GlobalSection(reader) => {
                    for global in reader {
                        globals.push(constant(&global.unwrap().init_expr));
                    }
                }
                Payload::DataSection(reader) => {
                    for segment in reader {
                        let segment = segment.unwrap();
                        if let DataKind::Active { offset_expr, .. } = segment.kind {
                            segments.push((constant(&offset_expr), segment.data.to_vec()));
                        }
                    }
                }
                Payload::CustomSection(custom) => {
                    if let KnownCustom::Name(names) = custom.as_known() {
                        for name in names {
                            if let Name::Global(map) = name.unwrap() {
                                stack_pointer = stack_pointer.or(map
                                    .into_iter()
                                    .map(Result::unwrap)
                                    .find(|n| n.name == "__stack_pointer")
                                    .map(|n| n.index));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        let index = stack_pointer.unwrap_or_else(|| panic!("the module names no __stack_pointer"));
        let stack_top = globals[usize::try_from(index).unwrap()];
        Self {
            stack_top,
            segments,
        }
    }

    /// The lowest address any data segment writes.
    fn data_start(&self) -> usize {
        self.segments.iter().map(|(at, _)| *at).min().unwrap()
    }
}

/// An `i32.const` initialiser as an address.
fn constant(expr: &wasmparser::ConstExpr<'_>) -> usize {
    match expr.get_operators_reader().read().unwrap() {
        Operator::I32Const { value } => usize::try_from(value).unwrap(),
        other => panic!("a non-constant initialiser {other:?}"),
    }
}

/// The calls of one request, as the server makes them.
#[derive(Clone, Copy, Debug)]
enum Route {
    /// `/evaluate`: stage 1 keeping the record in the instance, then stages 2-3 on it.
    Evaluate,
    /// `/evaluate` through the ABI v1 pair: the record crosses as JSON.
    EvaluateV1,
    /// `/transform-xml`.
    TransformXml,
    /// `/complianceEngine/identity-match`.
    IdentityMatch,
}

/// What the first answer must say, so an input meant to reach deep code is known to have.
#[derive(Clone, Copy)]
enum Expect {
    /// No check beyond the call not failing (corpus cases are checked by the self-test).
    Answer,
    /// Accepted: `"ok":true` (identity: `"http_status":200`).
    Accepted,
    /// Refused with this message.
    Refused(&'static str),
}

struct Input {
    name: String,
    route: Route,
    body: Vec<u8>,
    now: String,
    client_rules: Option<String>,
    expect: Expect,
}

impl Input {
    fn new(name: &str, route: Route, body: &Value, expect: Expect) -> Self {
        Self::text(name, route, body.to_string(), expect)
    }

    fn text(name: &str, route: Route, body: String, expect: Expect) -> Self {
        Self {
            name: format!("{name} ({route:?})"),
            route,
            body: body.into_bytes(),
            now: NOW.to_owned(),
            client_rules: None,
            expect,
        }
    }

    /// The request's calls in `session`, every answer in order.
    fn run(&self, session: &mut Session<'_>) -> Result<Vec<String>, CallError> {
        let context =
            StageContext::new(&self.now, "stack").with_client_rules(self.client_rules.as_deref());
        let mut answers = Vec::new();
        match self.route {
            Route::Evaluate => {
                let first = session.call(Export::TransformKeep, &self.body)?;
                if TransformOutput::parse(&first, false)?.ok {
                    let input = evaluate_kept_input(&context);
                    answers.push(session.call(Export::EvaluateKept, input.as_bytes())?);
                }
                answers.insert(0, first);
            }
            Route::EvaluateV1 => {
                let first = session.call(Export::Transform, &self.body)?;
                let out = TransformOutput::parse(&first, true)?;
                if let (true, Some(record)) = (out.ok, out.record) {
                    let input = evaluate_input(&context, record.get());
                    answers.push(session.call(Export::Evaluate, input.as_bytes())?);
                }
                answers.insert(0, first);
            }
            Route::TransformXml => {
                let input = transform_xml_input(&self.now, &self.body);
                answers.push(session.call(Export::TransformXml, &input)?);
            }
            Route::IdentityMatch => {
                answers.push(session.call(Export::IdentityMatch, &self.body)?);
            }
        }
        Ok(answers)
    }

    fn check(&self, first: &str) {
        let answer: Value = serde_json::from_str(first).unwrap();
        let accepted = match self.route {
            Route::IdentityMatch => answer["http_status"] == 200,
            _ => answer["ok"] == true,
        };
        match self.expect {
            Expect::Answer => {}
            Expect::Accepted => assert!(accepted, "{}: {first}", self.name),
            Expect::Refused(message) => {
                assert!(!accepted, "{}: {first}", self.name);
                assert_eq!(answer["message"], message, "{}", self.name);
            }
        }
    }
}

/// How many bytes below the stack top `input` writes, in fresh instances of `module`.
fn deepest_write(host: &EngineHost, module: &LoadedModule, top: usize, input: &Input) -> usize {
    let mut deepest = 0;
    let mut first_answers: Option<Vec<String>> = None;
    for fill in [0x00, 0xff] {
        let mut session = Session::new(host.engine(), module, &host.limits()).unwrap();
        session.memory_mut()[..top].fill(fill);
        let answers = input
            .run(&mut session)
            .unwrap_or_else(|e| panic!("{}: {e}", input.name));
        let lowest = session.memory()[..top]
            .iter()
            .position(|b| *b != fill)
            .unwrap_or(top);
        deepest = deepest.max(top - lowest);
        // What the stack held before the call never shows in an answer.
        match &first_answers {
            Some(first) => assert_eq!(first, &answers, "{}", input.name),
            None => {
                input.check(&answers[0]);
                first_answers = Some(answers);
            }
        }
    }
    deepest
}

/// Every corpus case, both ways `/evaluate` runs.
fn corpus_inputs() -> Vec<Input> {
    let mut inputs = Vec::new();
    for case in selftest::corpus() {
        for route in [Route::Evaluate, Route::EvaluateV1] {
            inputs.push(Input {
                name: format!("corpus {} ({route:?})", case.name),
                route,
                body: case.request.clone(),
                now: case.now.clone(),
                client_rules: case.client_rules.clone(),
                expect: Expect::Answer,
            });
        }
    }
    inputs
}

/// Each XML fixture's `/evaluate` body: its request with the document.
fn xml_requests() -> Vec<(String, Value)> {
    xml_fixtures()
        .into_iter()
        .map(|(mut record, xml)| {
            let name = record["search_id"].as_str().unwrap().to_owned();
            record["xml"] = json!(xml);
            (name, json!({ "record": record }))
        })
        .collect()
}

fn xml_inputs() -> Vec<Input> {
    let mut inputs = Vec::new();
    for (name, body) in xml_requests() {
        for route in [Route::Evaluate, Route::EvaluateV1, Route::TransformXml] {
            inputs.push(Input::new(&name, route, &body, Expect::Accepted));
        }
    }
    // The first fixture with elements nested under its root to the reader's limit, and past it.
    let (_, body) = xml_requests().swap_remove(0);
    let xml = body["record"]["xml"].as_str().unwrap();
    let root_opened = xml
        .match_indices('<')
        .map(|(at, _)| at)
        .find(|at| !matches!(xml.as_bytes().get(at + 1), Some(b'?' | b'!')))
        .and_then(|at| xml[at..].find('>').map(|end| at + end + 1))
        .unwrap();
    for (depth, expect) in [
        (DEEPEST_XML, Expect::Accepted),
        (DEEPEST_XML + 1, Expect::Refused(XML_REFUSED)),
    ] {
        let under_root = depth - 1;
        let deep = format!(
            "{}{}{}{}",
            &xml[..root_opened],
            "<n>".repeat(under_root),
            "</n>".repeat(under_root),
            &xml[root_opened..]
        );
        let mut body = body.clone();
        body["record"]["xml"] = json!(deep);
        for route in [Route::Evaluate, Route::TransformXml] {
            inputs.push(Input::new(
                &format!("XML {depth} deep"),
                route,
                &body,
                expect,
            ));
        }
    }
    inputs
}

/// The 10-charge fixture with every charge text `chars` long.
fn record_with_long_charges(chars: usize) -> Value {
    let mut body: Value = serde_json::from_str(TEN_CHARGES).unwrap();
    let text: String = "AGGRAVATED ASSAULT WITH A DEADLY WEAPON "
        .chars()
        .cycle()
        .take(chars)
        .collect();
    for court in body["record"]["record_json"]["criminal_search_results"]
        .as_array_mut()
        .unwrap()
    {
        for case in court["criminal_records"].as_array_mut().unwrap() {
            for offense in case["offenses"].as_array_mut().unwrap() {
                offense["charge"] = json!(text);
            }
        }
    }
    body
}

/// `value` (JSON text) with `levels` arrays or objects around `1`.
fn nested(levels: usize, objects: bool) -> String {
    if objects {
        format!("{}1{}", r#"{"n":"#.repeat(levels), "}".repeat(levels))
    } else {
        format!("{}1{}", "[".repeat(levels), "]".repeat(levels))
    }
}

/// Bodies nested to serde_json's limit (and one past it) where each entry point reads them.
fn deep_json_inputs() -> Vec<Input> {
    const TOO_DEEP: &str = "request body is nested too deeply";
    let mut inputs = Vec::new();
    for (depth, expect) in [
        (DEEPEST_JSON, Expect::Accepted),
        (DEEPEST_JSON + 1, Expect::Refused(TOO_DEEP)),
    ] {
        for objects in [false, true] {
            let kind = if objects { "objects" } else { "arrays" };
            // Inside `record.record_json`, three levels down: stage 1 copies it into its answer.
            let mut body: Value = serde_json::from_str(TEN_CHARGES).unwrap();
            body["record"]["record_json"]["nested"] = json!("NESTED");
            let body = body
                .to_string()
                .replace(r#""NESTED""#, &nested(depth - 3, objects));
            for route in [Route::Evaluate, Route::EvaluateV1] {
                let name = format!("JSON {depth} deep, {kind}, in record_json");
                inputs.push(Input::text(&name, route, body.clone(), expect));
            }
            // The identity match's body, one level down.
            let probe: Value = serde_json::from_str(IDENTITY_PROBE).unwrap();
            let mut probe = probe.to_string();
            probe.insert_str(1, &format!(r#""nested":{},"#, nested(depth - 1, objects)));
            let name = format!("JSON {depth} deep, {kind}, identity");
            let expect = match expect {
                Expect::Refused(_) => Expect::Answer,
                accepted => accepted,
            };
            inputs.push(Input::text(&name, Route::IdentityMatch, probe, expect));
        }
    }
    inputs
}

const IDENTITY_PROBE: &str = r#"{"candidate_to_verify":{"first_name":"ROBERT","last_name":"SAMPLE","date_of_birth":"1980-05-01","ssn":""},"candidate_in_record":{"first_name":"BOB","last_name":"SAMPLE","date_of_birth":"1980-05-01","ssn":""}}"#;

fn big_inputs() -> Vec<Input> {
    let mut inputs = Vec::new();
    for charges in [1_000, 5_000] {
        let body = record::record(charges).unwrap();
        for route in [Route::Evaluate, Route::EvaluateV1] {
            let name = format!("{charges} charges");
            inputs.push(Input::new(&name, route, &body, Expect::Accepted));
        }
    }
    // The host's cap on a text, and ten times it (a deployment may raise the cap).
    for chars in [LONGEST_TEXT, 10 * LONGEST_TEXT] {
        let body = record_with_long_charges(chars);
        for route in [Route::Evaluate, Route::EvaluateV1] {
            let name = format!("charge texts of {chars} characters");
            inputs.push(Input::new(&name, route, &body, Expect::Accepted));
        }
    }
    let mut probe: Value = serde_json::from_str(IDENTITY_PROBE).unwrap();
    inputs.push(Input::new(
        "identity probe",
        Route::IdentityMatch,
        &probe,
        Expect::Accepted,
    ));
    let long_name: String = "MAXIMILIAN ".chars().cycle().take(LONGEST_TEXT).collect();
    for side in ["candidate_to_verify", "candidate_in_record"] {
        probe[side]["first_name"] = json!(long_name);
        probe[side]["last_name"] = json!(long_name);
    }
    inputs.push(Input::new(
        "identity, names of 10,000 characters",
        Route::IdentityMatch,
        &probe,
        Expect::Accepted,
    ));
    inputs
}

#[test]
fn the_worst_inputs_use_under_a_quarter_of_the_stack() {
    let layout = Layout::of(EMBEDDED_MODULE);
    let top = layout.stack_top;
    let host = EngineHost::new(&EngineSettings::default()).unwrap();
    let module = host.load(EMBEDDED_MODULE).unwrap();
    assert!(module.keeps_record());

    let inputs: Vec<Input> = [
        corpus_inputs(),
        xml_inputs(),
        deep_json_inputs(),
        big_inputs(),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut report: Vec<(usize, &str)> = inputs
        .iter()
        .map(|input| (deepest_write(&host, &module, top, input), &*input.name))
        .collect();
    report.sort_unstable_by(|a, b| b.cmp(a));
    // `cargo test ... -- --nocapture` shows the figures (`docs/performance.md`).
    println!("stack of {top} bytes; deepest writes, in bytes:");
    for (deepest, name) in &report {
        println!("{deepest:>8}  {name}");
    }
    let (worst, name) = report[0];
    assert!(
        worst * MARGIN < top,
        "{name} writes {worst} bytes deep, more than 1/{MARGIN} of the {top}-byte stack"
    );
    // The measurement sees writes at all: every request writes some stack.
    assert!(report.iter().all(|(deepest, _)| *deepest > 0));
}

#[test]
fn the_stack_lies_below_the_data() {
    for wasm in [EMBEDDED_MODULE, &std::fs::read(FAULTS_MODULE).unwrap()] {
        let layout = Layout::of(wasm);
        assert!(
            layout.stack_top <= layout.data_start(),
            "stack up to {:#x}, data from {:#x}",
            layout.stack_top,
            layout.data_start()
        );
    }
}

/// The `test-faults` module recurses without end on `FAULT:transform-stack`.
#[test]
fn running_out_of_stack_traps_out_of_bounds_and_leaves_the_data_alone() {
    let bytes = std::fs::read(FAULTS_MODULE).unwrap();
    let layout = Layout::of(&bytes);
    let top = layout.stack_top;
    let host = EngineHost::new(&EngineSettings::default()).unwrap();
    let module = host.load(bytes).unwrap();
    let mut session = Session::new(host.engine(), &module, &host.limits()).unwrap();

    let body = valid_request("FAULT:transform-stack").to_string();
    let result = session.call(Export::TransformKeep, body.as_bytes());
    assert_eq!(
        result,
        Err(CallError::Trap(
            "wasm trap: out of bounds memory access".into()
        ))
    );
    let memory = session.memory();
    // The recursion wrote down to the stack's last frame before it trapped.
    let lowest = memory[..top].iter().position(|b| *b != 0).unwrap_or(top);
    assert!(lowest < 1024, "the deepest write is at {lowest:#x}");
    // The read-only data (the first segment: constants, tables) is as the module shipped it.
    let (at, rodata) = layout.segments.iter().min_by_key(|(at, _)| *at).unwrap();
    assert!(
        memory[*at..*at + rodata.len()] == rodata[..],
        "the overflow wrote over the module's data"
    );
}
