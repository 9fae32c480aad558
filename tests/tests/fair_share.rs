//! End to end (transport, labels, internal listener): each limit once obeyed and once
//! violated against the real server loop over real TCP: the per-address connection cap, `/health`
//! while the engine is saturated, the bounded request head, the early 413 without
//! `100 Continue`, `Connection: close` when the server closes, the closed label sets of
//! `/metrics`, and the internal listener of `LOOKBACK_METRICS_ADDR`.

use std::time::{Duration, Instant};

use lookback_tests::{ADMIN_KEY, CLIENT_KEY, FAULTS_MODULE, Reply, TestServer, valid_request};
use tokio::io::AsyncWriteExt;

use super::hardening::{closed_within, connect, from_another_address, read_answer, start};

fn host(server: &TestServer) -> &str {
    server.base.trim_start_matches("http://")
}

/// `GET url` on a new connection.
async fn fresh_get(url: &str) -> Reply {
    let response = reqwest::Client::new().get(url).send().await.unwrap();
    Reply::read(response).await.unwrap()
}

#[tokio::test]
async fn one_address_cannot_take_every_connection() {
    let server = start(|s| {
        s.transport.max_connections = 16;
        s.transport.max_connections_per_address = 2;
    })
    .await;
    // Obeyed: two connections of one address are served.
    let mut held = [connect(&server).await, connect(&server).await];
    for stream in &mut held {
        let head = format!(
            "GET /openapi.json HTTP/1.1\r\nHost: {}\r\n\r\n",
            host(&server)
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        assert!(read_answer(stream).await.starts_with("http/1.1 200"));
    }
    // Violated: a third from the same address is refused (503, closed) ...
    let reply = fresh_get(&server.url("/openapi.json")).await;
    assert_eq!(reply.status, 503, "{}", reply.text);
    assert_eq!(reply.header("connection"), Some("close"));
    // ... while another address is served, and so is a probe from the full one.
    let other = from_another_address();
    let reply = other.get(server.url("/openapi.json")).send().await.unwrap();
    assert_eq!(reply.status(), 200);
    let reply = fresh_get(&server.url("/health")).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

#[tokio::test]
async fn health_answers_while_the_engine_is_saturated() {
    let server = start(|s| {
        s.engine.module = Some(FAULTS_MODULE.into());
        s.engine.stage_deadline = Duration::from_secs(4);
        s.engine.max_instances = 1;
        s.transport.max_in_flight = 1;
    })
    .await;
    let token = server.token(CLIENT_KEY).await.unwrap();
    let evaluate = |marker: &str| {
        server
            .client
            .post(server.url("/evaluate"))
            .bearer_auth(&token)
            .header("content-type", "application/json")
            .body(valid_request(marker).to_string())
            .send()
    };
    // The only engine slot loops until its deadline.
    let slow = tokio::spawn(evaluate("FAULT:evaluate-loop"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Violated: another engine request is refused at once.
    let refused = Reply::read(evaluate("S-SECOND").await.unwrap())
        .await
        .unwrap();
    assert_eq!(refused.status, 503, "{}", refused.text);
    // Obeyed: the probe is answered, promptly and healthy (the canary never ran: the engine
    // being busy is not it being broken).
    let asked = Instant::now();
    let health = server.health().await.unwrap();
    assert_eq!(health.status, 200, "{}", health.text);
    assert_eq!(health.json["status"], "healthy", "{}", health.text);
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );
    drop(slow.await);
}

#[tokio::test]
async fn a_request_head_is_bounded() {
    let server = start(|s| s.transport.max_header_bytes = 16 * 1024).await;
    let head = |filler: usize| {
        format!(
            "GET /health HTTP/1.1\r\nHost: {}\r\nX-Filler: {}\r\n\r\n",
            host(&server),
            "a".repeat(filler)
        )
    };
    // Obeyed: a 10 KB header.
    let mut stream = connect(&server).await;
    stream.write_all(head(10_000).as_bytes()).await.unwrap();
    assert!(read_answer(&mut stream).await.starts_with("http/1.1 200"));
    // Violated: a 40 KB header is refused with 431 and the connection closed, without the
    // server holding more than the bound.
    let mut stream = connect(&server).await;
    let _ = stream.write_all(head(40_000).as_bytes()).await;
    let answer = read_answer(&mut stream).await;
    assert!(answer.starts_with("http/1.1 431"), "{answer}");
    assert!(closed_within(&mut stream, Duration::from_secs(2)).await);
}

/// A `POST /evaluate` head declaring `length` body bytes, asking for `100 Continue`.
fn expect_continue(server: &TestServer, token: &str, length: usize) -> String {
    format!(
        "POST /evaluate HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {length}\r\nExpect: 100-continue\r\n\r\n",
        host(server)
    )
}

#[tokio::test]
async fn a_declared_length_over_the_limit_is_refused_before_the_body() {
    let server = start(|s| s.transport.max_body_bytes = 4096).await;
    let token = server.token(CLIENT_KEY).await.unwrap();
    // Obeyed: a body within the limit gets `100 Continue`, then its answer.
    let body = valid_request("S-CONTINUE").to_string();
    let mut stream = connect(&server).await;
    let head = expect_continue(&server, &token, body.len());
    stream.write_all(head.as_bytes()).await.unwrap();
    let interim = read_answer(&mut stream).await;
    assert!(interim.starts_with("http/1.1 100"), "{interim}");
    stream.write_all(body.as_bytes()).await.unwrap();
    let answer = read_answer(&mut stream).await;
    assert!(answer.starts_with("http/1.1 200"), "{answer}");
    assert!(!answer.contains("connection: close"), "{answer}");
    assert!(answer.contains("cache-control: no-store"), "{answer}");

    // Violated: 10 MB declared: 413 at once, no `100 Continue`, the connection closed and said so.
    let mut stream = connect(&server).await;
    let asked = Instant::now();
    let head = expect_continue(&server, &token, 10_000_000);
    stream.write_all(head.as_bytes()).await.unwrap();
    let answer = read_answer(&mut stream).await;
    assert!(answer.starts_with("http/1.1 413"), "{answer}");
    assert!(answer.contains("connection: close"), "{answer}");
    assert!(
        answer.contains("\"code\":\"PAYLOAD_TOO_LARGE\""),
        "{answer}"
    );
    assert!(asked.elapsed() < Duration::from_secs(2));
    assert!(closed_within(&mut stream, Duration::from_secs(2)).await);
}

#[tokio::test]
async fn a_timed_out_body_is_answered_with_connection_close() {
    let server = start(|s| s.transport.body_timeout = Duration::from_secs(1)).await;
    let token = server.token(CLIENT_KEY).await.unwrap();
    let mut stream = connect(&server).await;
    let head = format!(
        "POST /evaluate HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"record\":",
        host(&server)
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let answer = read_answer(&mut stream).await;
    assert!(answer.starts_with("http/1.1 408"), "{answer}");
    assert!(answer.contains("connection: close"), "{answer}");
    assert!(closed_within(&mut stream, Duration::from_secs(2)).await);
}

/// The `lookback_http_requests_total` series of a scrape.
fn http_series(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("lookback_http_requests_total{"))
        .map(|l| {
            l.rsplit_once(' ')
                .map_or(l, |(series, _)| series)
                .to_owned()
        })
        .collect()
}

async fn scrape(client: &reqwest::Client, url: &str, token: Option<&str>) -> Reply {
    let mut request = client.get(url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    Reply::read(request.send().await.unwrap()).await.unwrap()
}

#[tokio::test]
async fn made_up_methods_and_paths_add_no_series() {
    let server = start(|_| {}).await;
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let send = |method: &str, path: &str| {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        server.client.request(method, server.url(path)).send()
    };
    // Obeyed: a standard method is counted by name.
    assert_eq!(send("PATCH", "/health").await.unwrap().status(), 405);
    // One made-up method and one unknown path, so their series exist.
    send("XMETHOD0", "/health").await.unwrap();
    send("GET", "/nowhere/0").await.unwrap();
    let before = scrape(&server.client, &server.url("/metrics"), Some(&admin)).await;
    let series = http_series(&before.text);
    assert!(
        series.iter().any(|s| s.contains("method=\"PATCH\"")),
        "{series:?}"
    );
    assert!(
        series
            .iter()
            .any(|s| s.contains("method=\"other\"") && s.contains("route=\"/health\"")),
        "{series:?}"
    );
    // Violated, 200 times: made-up methods and paths.
    for n in 1..=100 {
        send(&format!("XMETHOD{n}"), "/health").await.unwrap();
        send("GET", &format!("/nowhere/{n}")).await.unwrap();
    }
    let after = scrape(&server.client, &server.url("/metrics"), Some(&admin)).await;
    let grown: Vec<_> = http_series(&after.text)
        .into_iter()
        .filter(|s| !series.contains(s) && !s.contains("route=\"/metrics\""))
        .collect();
    assert!(grown.is_empty(), "new series: {grown:?}");
    assert!(!after.text.contains("XMETHOD") && !after.text.contains("nowhere"));
}

#[tokio::test]
async fn the_internal_listener_serves_metrics_and_health_without_credentials() {
    let (server, internal) = TestServer::start_with_internal(lookback_tests::test_settings())
        .await
        .unwrap();
    let client = reqwest::Client::new();
    // Obeyed: the scraper needs no token there.
    let metrics = scrape(&client, &format!("{internal}/metrics"), None).await;
    assert_eq!(metrics.status, 200, "{}", metrics.text);
    assert!(
        metrics.text.contains("lookback_build_info"),
        "{}",
        metrics.text
    );
    let health = scrape(&client, &format!("{internal}/health"), None).await;
    assert_eq!(health.status, 200, "{}", health.text);
    assert_eq!(health.json["status"], "healthy");
    // Violated: nothing else is served there, and the public /metrics still wants an admin.
    for path in [
        "/evaluate",
        "/auth/token",
        "/admin/modules",
        "/openapi.json",
    ] {
        let reply = scrape(&client, &format!("{internal}{path}"), None).await;
        assert_eq!(reply.status, 404, "{path}: {}", reply.text);
    }
    let public = scrape(&client, &server.url("/metrics"), None).await;
    assert_eq!(public.status, 401, "{}", public.text);
    // It stops with the server.
    server.shut_down().await.unwrap();
    assert!(
        client
            .get(format!("{internal}/health"))
            .send()
            .await
            .is_err()
    );
}
