//! Runs the decision log writer's work on one real `/evaluate` answer many times, for an
//! instruction-count profile of it alone:
//! `cargo build --release -p lookback --example profile_decision_log`, then
//! `valgrind --tool=callgrind --toggle-collect='*DecisionLines*answer*'
//! target/release/examples/profile_decision_log line 200 10` and divide the instructions by the
//! runs. `line` counts the decisions and makes the line (a sink is configured), `count` only counts
//! (no sink); the last argument is the charges in the record (10: the fixture; more: its cases
//! repeated, as `lookback-bench record` makes them).

use std::sync::Arc;

use anyhow::Context as _;
use lookback::client_rules::Overlays;
use lookback::context::RequestCtx;
use lookback::decision_log::{DecisionLines, Evaluated};
use lookback::metrics::Metrics;
use lookback::pipeline::{self, Tenancy};
use lookback_runtime::{EngineHost, EngineSettings};

/// The synthetic records of `scripts/bench.sh`.
#[path = "../../tests/bench/record.rs"]
#[expect(
    dead_code,
    reason = "the profile makes records, it does not print them"
)]
mod record;

const NOW: &str = "2025-11-06T12:00:00Z";

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "line".to_owned());
    let runs: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let charges: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(10);
    let evaluated = evaluated(charges)?;
    let lines = DecisionLines::new(
        Some("profile-salt".to_owned()),
        Metrics::new(&Default::default()),
    );
    let with_line = mode == "line";
    let mut bytes = 0;
    for _ in 0..runs {
        bytes += lines
            .answer(&evaluated, NOW, with_line)
            .map_or(0, |line| line.len());
    }
    println!(
        "{runs} answers of {} bytes, {bytes} bytes of lines",
        evaluated.answer.as_ref().map_or(0, |a| a.len())
    );
    Ok(())
}

/// The server's answer to a record of `charges` charges, as the handler queues it.
fn evaluated(charges: usize) -> anyhow::Result<Evaluated> {
    let body = record::record(charges)?.to_string().into_bytes();
    // Compiled once and cached: under valgrind, compiling the module would take minutes. One
    // instance: valgrind cannot map the address space of the server's instance pool.
    let settings = EngineSettings {
        compile_cache: Some(std::env::temp_dir().join("lookback-profile-decision-log")),
        max_instances: 1,
        ..EngineSettings::default()
    };
    let host = EngineHost::new(&settings)?;
    let module = Arc::new(host.base_module(None, false)?.0);
    let overlays = Overlays::load(None).map_err(anyhow::Error::msg)?;
    let ctx = RequestCtx::new(Some("profile-decision-log"));
    let runtime = tokio::runtime::Runtime::new()?;
    let answer = runtime
        .block_on(pipeline::evaluate(
            &host,
            module.clone(),
            body.clone().into(),
            &ctx,
            Tenancy::anonymous(&overlays),
            NOW,
        ))
        .ok()
        .context("the engine refused the record")?;
    Ok(Evaluated {
        correlation_id: ctx.correlation_id,
        tenant: None,
        module,
        request: body.into(),
        status: answer.status.as_u16(),
        answer: Some(answer.body.into()),
        dictionary: None,
    })
}
