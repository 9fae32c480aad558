//! `GET /metrics`: the real exposition text, parsed by a Prometheus text parser.

use std::collections::HashMap;

use lookback_tests::{
    ADMIN_KEY, CLIENT_KEY, TestServer, fault_settings, offenses, test_settings, valid_request,
};
use prometheus_parse::{LineInfo, Sample, Scrape, Value as PromValue};

use super::{get, get_anonymous};

fn parse(text: &str) -> Scrape {
    // Every line is a comment or a sample the parser understands: nothing malformed slips by.
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        match LineInfo::parse(line) {
            LineInfo::Sample { value, .. } => assert!(
                value.parse::<f64>().is_ok() || ["+Inf", "-Inf", "NaN"].contains(&value),
                "{line}"
            ),
            _ => panic!("not a sample line: {line}"),
        }
    }
    assert!(
        text.ends_with("# EOF\n"),
        "OpenMetrics text ends with # EOF"
    );
    Scrape::parse(text.lines().map(|l| Ok(l.to_owned()))).unwrap()
}

pub(super) fn value(sample: &Sample) -> f64 {
    match &sample.value {
        PromValue::Counter(v) | PromValue::Gauge(v) | PromValue::Untyped(v) => *v,
        other => panic!("{} is not a single number: {other:?}", sample.metric),
    }
}

/// The value of `metric` with exactly these labels (0 when absent).
pub(super) fn find(scrape: &Scrape, metric: &str, labels: &[(&str, &str)]) -> f64 {
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == metric)
        .find(|s| {
            s.labels.len() == labels.len() && labels.iter().all(|(k, v)| s.labels.get(k) == Some(v))
        })
        .map_or(0.0, value)
}

pub(super) async fn scrape(server: &TestServer) -> (Scrape, String) {
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let reply = get(server, &admin, "/metrics").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert!(
        reply
            .header("content-type")
            .unwrap()
            .starts_with("application/openmetrics-text"),
    );
    (parse(&reply.text), reply.text)
}

#[tokio::test]
async fn metrics_count_requests_decisions_and_name_the_module() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let client = server.token(CLIENT_KEY).await.unwrap();

    // Admin only: no token 401, a client token 403.
    assert_eq!(get_anonymous(&server, "/metrics").await.status, 401);
    assert_eq!(get(&server, &client, "/metrics").await.status, 403);

    let mut expected: HashMap<(String, String), f64> = HashMap::new();
    for id in ["S-M-1", "S-M-2"] {
        let reply = server
            .evaluate(&client, valid_request(id).to_string())
            .await
            .unwrap();
        assert_eq!(reply.status, 200, "{}", reply.text);
        for charge in offenses(&reply.json["data"]["decision"]) {
            let key = (
                charge["charge_decision"].as_str().unwrap().to_owned(),
                charge["routing"]["queue"].as_str().unwrap().to_owned(),
            );
            *expected.entry(key).or_default() += 1.0;
        }
    }
    let bad = server.evaluate(&client, "{}").await.unwrap();
    assert_eq!(bad.status, 400);
    assert_eq!(get_anonymous(&server, "/no/such/path").await.status, 404);

    // Decisions are counted off the response path: wait until they are in.
    let total: f64 = expected.values().sum();
    let mut scraped = scrape(&server).await;
    for _ in 0..50 {
        let counted: f64 = scraped
            .0
            .samples
            .iter()
            .filter(|s| s.metric == "lookback_decisions_total")
            .map(value)
            .sum();
        if counted >= total {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        scraped = scrape(&server).await;
    }
    let (metrics, text) = scraped;

    let requests = "lookback_http_requests_total";
    let evaluate = [("route", "/evaluate"), ("method", "POST")];
    let with = |status: &'static str| {
        let mut labels = evaluate.to_vec();
        labels.push(("status", status));
        labels
    };
    assert_eq!(find(&metrics, requests, &with("200")), 2.0, "{text}");
    assert_eq!(find(&metrics, requests, &with("400")), 1.0, "{text}");
    assert_eq!(
        find(
            &metrics,
            requests,
            &[
                ("route", "<unmatched>"),
                ("method", "GET"),
                ("status", "404")
            ]
        ),
        1.0,
        "{text}"
    );
    for ((decision, queue), count) in &expected {
        let labels = [
            ("charge_decision", decision.as_str()),
            ("queue", queue.as_str()),
        ];
        assert_eq!(
            find(&metrics, "lookback_decisions_total", &labels),
            *count,
            "{text}"
        );
    }

    // Latency histograms per route and per engine stage.
    let histogram_count = |name: &str, labels: &[(&str, &str)]| -> u64 {
        metrics
            .samples
            .iter()
            .filter(|s| s.metric == name)
            .find(|s| labels.iter().all(|(k, v)| s.labels.get(k) == Some(v)))
            .map_or(0, |s| match &s.value {
                PromValue::Histogram(buckets) => buckets.last().map_or(0, |b| b.count as u64),
                other => panic!("{name} is not a histogram: {other:?}"),
            })
    };
    assert_eq!(
        histogram_count(
            "lookback_http_request_duration_seconds",
            &[("route", "/evaluate")]
        ),
        3,
        "{text}"
    );
    // Three transforms (two good, one 400) and two evaluates, plus any health canary.
    assert!(
        histogram_count(
            "lookback_engine_stage_duration_seconds",
            &[("stage", "transform")]
        ) >= 3,
        "{text}"
    );
    assert!(
        histogram_count(
            "lookback_engine_stage_duration_seconds",
            &[("stage", "evaluate")]
        ) >= 2,
        "{text}"
    );

    // The module info gauge names the active module's versions and digest; build info.
    let active = server.state.registry().active();
    assert_eq!(
        find(
            &metrics,
            "lookback_engine_module_info",
            &[
                ("engine_version", active.info.engine_version.as_str()),
                ("rules_version", active.info.rules_version.as_str()),
                ("sha256", active.sha256.as_str()),
                ("active", "true"),
            ]
        ),
        1.0,
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "lookback_build_info{{version=\"{}\",api_version=\"1.0.0\"}} 1",
            env!("CARGO_PKG_VERSION")
        )),
        "{text}"
    );
    // Versions only on the info gauge, never on request series; no personal data anywhere.
    for sample in &metrics.samples {
        if !["lookback_engine_module_info", "lookback_build_info"].contains(&sample.metric.as_str())
        {
            assert!(
                sample
                    .labels
                    .values()
                    .all(|v| v != &active.info.engine_version),
                "{sample:?}"
            );
        }
    }
    let request = valid_request("x");
    let candidate = &request["record"]["candidate_info"];
    for field in ["first_name", "last_name", "date_of_birth"] {
        let value = candidate[field].as_str().unwrap();
        assert!(!text.contains(value), "{field} in the metrics");
    }
}

#[tokio::test]
async fn metrics_count_deadline_and_memory_kills_and_module_events() {
    let server = TestServer::start(fault_settings(std::time::Duration::from_secs(1)))
        .await
        .unwrap();
    let client = server.token(CLIENT_KEY).await.unwrap();
    for id in [
        "FAULT:evaluate-loop",
        "FAULT:transform-oom",
        "FAULT:evaluate-trap",
    ] {
        let reply = server
            .evaluate(&client, valid_request(id).to_string())
            .await
            .unwrap();
        assert!([206, 500].contains(&reply.status), "{id}: {}", reply.text);
    }
    // A refused upload, then an admitted module activated: one swap.
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let refused = server
        .upload_module(&admin, b"\0asm not really".to_vec(), "")
        .await
        .unwrap();
    assert_eq!(refused.status, 422, "{}", refused.text);
    let next = std::fs::read(lookback_tests::NEXT_MODULE).unwrap();
    let admitted = server
        .upload_module(&admin, next, "?activate=true")
        .await
        .unwrap();
    assert_eq!(admitted.status, 201, "{}", admitted.text);

    let (metrics, text) = scrape(&server).await;
    let failures = "lookback_engine_call_failures_total";
    for (stage, kind) in [
        ("evaluate", "deadline"),
        ("transform", "memory"),
        ("evaluate", "trap"),
    ] {
        let labels = [("stage", stage), ("kind", kind)];
        assert_eq!(
            find(&metrics, failures, &labels),
            1.0,
            "{stage} {kind}: {text}"
        );
    }
    assert_eq!(
        find(&metrics, "lookback_module_refusals_total", &[]),
        1.0,
        "{text}"
    );
    assert_eq!(
        find(&metrics, "lookback_module_self_test_failures_total", &[]),
        0.0,
        "{text}"
    );
    assert_eq!(
        find(&metrics, "lookback_module_swaps_total", &[]),
        1.0,
        "{text}"
    );
}
