//! End to end: the transport limits, each once obeyed and once violated, against the
//! real server loop (`lookback::Server`, as `lookback serve` runs it) over real TCP: header-read,
//! idle keep-alive and body timeouts, the connection and in-flight caps, 415 for bodies that are
//! not JSON, rate limits per address, token issuer/audience/skew checks, the secret length, key
//! revocation, and the shutdown drain.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use lookback::Settings;
use lookback_tests::{
    CLIENT_KEY, FAULTS_MODULE, JWT_SECRET, Reply, TestServer, test_settings, valid_request,
};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

pub(crate) async fn connect(server: &TestServer) -> TcpStream {
    TcpStream::connect(server.base.trim_start_matches("http://"))
        .await
        .unwrap()
}

/// Reads one answer head and body (by `Content-Length`) from a kept-alive connection.
pub(crate) async fn read_answer(stream: &mut TcpStream) -> String {
    let mut buf = Vec::new();
    let mut byte = [0u8; 1];
    while !buf.ends_with(b"\r\n\r\n") {
        assert_eq!(
            stream.read(&mut byte).await.unwrap(),
            1,
            "closed mid-answer"
        );
        buf.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&buf).to_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .map_or(0, |v| v.trim().parse().unwrap());
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).await.unwrap();
    format!("{head}{}", String::from_utf8_lossy(&body))
}

/// True when the server closes `stream` within `within` (end of stream or reset).
pub(crate) async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut sink = [0u8; 1024];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut sink)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

pub(crate) fn get_health(server: &TestServer) -> String {
    let host = server.base.trim_start_matches("http://");
    format!("GET /health HTTP/1.1\r\nHost: {host}\r\n\r\n")
}

pub(crate) async fn start(edit: impl FnOnce(&mut Settings)) -> TestServer {
    let mut settings = test_settings();
    edit(&mut settings);
    TestServer::start(settings).await.unwrap()
}

#[tokio::test]
async fn a_request_head_must_arrive_within_the_header_timeout() {
    let server = start(|s| s.transport.header_read_timeout = Duration::from_secs(1)).await;
    // Obeyed: a head sent in two pieces, well within the limit.
    let mut stream = connect(&server).await;
    let head = get_health(&server);
    let (first, rest) = head.split_at(10);
    stream.write_all(first.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    stream.write_all(rest.as_bytes()).await.unwrap();
    assert!(read_answer(&mut stream).await.starts_with("http/1.1 200"));

    // Violated (slowloris): half a head, then nothing; the server hangs up.
    let mut stream = connect(&server).await;
    stream.write_all(first.as_bytes()).await.unwrap();
    let started = Instant::now();
    assert!(closed_within(&mut stream, Duration::from_secs(5)).await);
    assert!(started.elapsed() >= Duration::from_millis(900));
}

#[tokio::test]
async fn an_idle_kept_alive_connection_is_closed() {
    let server = start(|s| s.transport.header_read_timeout = Duration::from_secs(1)).await;
    let mut stream = connect(&server).await;
    let request = get_health(&server);
    stream.write_all(request.as_bytes()).await.unwrap();
    assert!(read_answer(&mut stream).await.starts_with("http/1.1 200"));
    // Obeyed: the next request within the idle limit reuses the connection.
    tokio::time::sleep(Duration::from_millis(300)).await;
    stream.write_all(request.as_bytes()).await.unwrap();
    assert!(read_answer(&mut stream).await.starts_with("http/1.1 200"));
    // Violated: idle past the limit, the server closes it.
    assert!(closed_within(&mut stream, Duration::from_secs(5)).await);
}

#[tokio::test]
async fn a_body_must_arrive_within_the_body_timeout() {
    let server = start(|s| s.transport.body_timeout = Duration::from_secs(1)).await;
    let token = server.token(CLIENT_KEY).await.unwrap();
    let body = valid_request("S-BODY").to_string();
    let host = server.base.trim_start_matches("http://");
    let head = format!(
        "POST /evaluate HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let (first, rest) = body.split_at(body.len() / 2);

    // Obeyed: the body in two pieces, 200 ms apart.
    let mut stream = connect(&server).await;
    stream
        .write_all(format!("{head}{first}").as_bytes())
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    stream.write_all(rest.as_bytes()).await.unwrap();
    let answer = read_answer(&mut stream).await;
    assert!(answer.starts_with("http/1.1 200"), "{answer}");

    // Violated: half the body, then nothing: 408 in our shape.
    let mut stream = connect(&server).await;
    stream
        .write_all(format!("{head}{first}").as_bytes())
        .await
        .unwrap();
    let answer = tokio::time::timeout(Duration::from_secs(5), read_answer(&mut stream))
        .await
        .unwrap();
    assert!(answer.starts_with("http/1.1 408"), "{answer}");
    assert!(answer.contains("\"code\":\"REQUEST_TIMEOUT\""), "{answer}");
}

#[tokio::test]
async fn connections_over_the_cap_are_answered_503() {
    let server = start(|s| s.transport.max_connections = 2).await;
    let held = [connect(&server).await, connect(&server).await];
    // Violated: a third connection gets 503 with Retry-After, in our error shape, and is closed.
    let fresh = reqwest::Client::new();
    let reply = Reply::read(fresh.get(server.url("/openapi.json")).send().await.unwrap())
        .await
        .unwrap();
    assert_eq!(reply.status, 503, "{}", reply.text);
    assert_eq!(reply.header("retry-after"), Some("1"));
    assert_eq!(reply.header("connection"), Some("close"));
    assert_eq!(reply.json["error"]["code"], "OVERLOADED");
    // Probes are still answered: `GET /health` over the cap is served, then closed.
    let reply = Reply::read(fresh.get(server.url("/health")).send().await.unwrap())
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.header("connection"), Some("close"));

    // Obeyed: once a held connection closes, a new one is served.
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let status = reqwest::Client::new()
            .get(server.url("/openapi.json"))
            .send()
            .await
            .unwrap()
            .status();
        if status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "still refused: {status}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn engine_requests_over_the_in_flight_cap_are_answered_503() {
    let mut settings = test_settings();
    settings.engine.module = Some(FAULTS_MODULE.into());
    settings.engine.stage_deadline = Duration::from_millis(1500);
    settings.transport.max_in_flight = 1;
    let server = TestServer::start(settings).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();

    // Obeyed: one at a time is served.
    let reply = server
        .evaluate(&token, valid_request("S-ONE").to_string())
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);

    // Violated: a second request while one runs (it loops until the deadline) is refused at
    // once, not queued.
    let slow = server.evaluate(&token, valid_request("FAULT:evaluate-loop").to_string());
    let second = async {
        tokio::time::sleep(Duration::from_millis(400)).await;
        let started = Instant::now();
        let reply = server
            .evaluate(&token, valid_request("S-TWO").to_string())
            .await
            .unwrap();
        (reply, started.elapsed())
    };
    let (slow, (refused, took)) = tokio::join!(slow, second);
    assert_eq!(slow.unwrap().status, 206);
    assert_eq!(refused.status, 503, "{}", refused.text);
    assert_eq!(refused.header("retry-after"), Some("1"));
    assert_eq!(refused.json["error"]["code"], "OVERLOADED");
    assert!(
        took < Duration::from_millis(1000),
        "refused at once: {took:?}"
    );

    // The cap frees with the request.
    let reply = server
        .evaluate(&token, valid_request("S-THREE").to_string())
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
}

#[tokio::test]
async fn json_endpoints_answer_415_to_other_media_types() {
    let server = start(|_| {}).await;
    let token = server.token(CLIENT_KEY).await.unwrap();
    let admin = server.token(lookback_tests::ADMIN_KEY).await.unwrap();
    let evaluate = valid_request("S-415").to_string();
    let person = json!({"first_name": "JOHN", "last_name": "SMITH", "date_of_birth": "1985-07-14", "ssn": ""});
    let identity =
        json!({"candidate_to_verify": person, "candidate_in_record": person}).to_string();
    let post = |path: &str, bearer: &str, body: &str, content_type: Option<&str>| {
        let mut request = server
            .client
            .post(server.url(path))
            .bearer_auth(bearer)
            .body(body.to_owned());
        if let Some(content_type) = content_type {
            request = request.header("content-type", content_type);
        }
        async move { Reply::read(request.send().await.unwrap()).await.unwrap() }
    };
    let routes = [
        ("/evaluate", token.as_str(), evaluate.as_str()),
        ("/transform-xml", token.as_str(), "{}"),
        ("/complianceEngine/identity-match", "", identity.as_str()),
        ("/admin/diff", admin.as_str(), "{}"),
    ];
    for (path, bearer, body) in routes {
        // Violated: what a cross-origin form or `fetch` can send without a pre-flight, and none.
        for content_type in [
            Some("text/plain"),
            Some("text/plain; charset=utf-8"),
            Some("application/x-www-form-urlencoded"),
            Some("multipart/form-data; boundary=x"),
            None,
        ] {
            let reply = post(path, bearer, body, content_type).await;
            assert_eq!(reply.status, 415, "{path} {content_type:?}: {}", reply.text);
            assert_eq!(reply.json["error"]["code"], "UNSUPPORTED_MEDIA_TYPE");
        }
        // Obeyed: JSON, with or without a charset, reaches the endpoint.
        for content_type in ["application/json", "application/json; charset=utf-8"] {
            let reply = post(path, bearer, body, Some(content_type)).await;
            assert_ne!(reply.status, 415, "{path} {content_type}: {}", reply.text);
            assert!(reply.status < 500, "{path}: {}", reply.text);
        }
    }
    let reply = post("/evaluate", &token, &evaluate, Some("application/json")).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

async fn exchange(server: &TestServer, key: &str) -> Reply {
    exchange_from(&server.client, server, key).await
}

async fn exchange_from(client: &reqwest::Client, server: &TestServer, key: &str) -> Reply {
    let request = client
        .post(server.url("/auth/token"))
        .header("X-API-Key", key);
    Reply::read(request.send().await.unwrap()).await.unwrap()
}

#[tokio::test]
async fn failed_key_exchanges_are_rate_limited_per_address() {
    let server = start(|s| s.transport.auth_failures_per_minute = 3).await;
    // Obeyed: good exchanges cost nothing, and failures up to the quota are plain 401s.
    for _ in 0..10 {
        assert_eq!(exchange(&server, CLIENT_KEY).await.status, 200);
    }
    for _ in 0..3 {
        let reply = exchange(&server, "lkb_wrong").await;
        assert_eq!(reply.status, 401, "{}", reply.text);
    }
    // Violated: the next failure is a 429, and the address is locked out, right key or not.
    let reply = exchange(&server, "lkb_wrong").await;
    assert_eq!(reply.status, 429, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "RATE_LIMITED");
    let retry: u64 = reply.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=20).contains(&retry), "retry after {retry}");
    let reply = exchange(&server, CLIENT_KEY).await;
    assert_eq!(reply.status, 429, "locked out: {}", reply.text);
    // Another client address is not.
    let reply = exchange_from(&from_another_address(), &server, CLIENT_KEY).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

/// A client whose connections come from 127.0.0.2 (all of 127/8 is loopback on Linux).
pub(crate) fn from_another_address() -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap()
}

#[tokio::test]
async fn identity_match_is_rate_limited_per_address() {
    let server = start(|s| s.transport.identity_match_per_minute = 3).await;
    let person = json!({"first_name": "JOHN", "last_name": "SMITH", "date_of_birth": "1985-07-14", "ssn": ""});
    let body = json!({"candidate_to_verify": person, "candidate_in_record": person});
    let call = || async {
        let request = server
            .client
            .post(server.url("/complianceEngine/identity-match"))
            .json(&body);
        Reply::read(request.send().await.unwrap()).await.unwrap()
    };
    // Obeyed: the quota.
    for _ in 0..3 {
        let reply = call().await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    // Violated: one more.
    let reply = call().await;
    assert_eq!(reply.status, 429, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "RATE_LIMITED");
    assert!(reply.header("retry-after").is_some());
    let elsewhere = from_another_address()
        .post(server.url("/complianceEngine/identity-match"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(elsewhere.status(), 200, "another address has its own quota");
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

fn token_with(claims: &Value) -> String {
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        claims,
        &EncodingKey::from_secret(JWT_SECRET.as_bytes()),
    )
    .unwrap()
}

#[tokio::test]
async fn tokens_name_issuer_and_audience_and_bound_the_clock_skew() {
    let server = start(|s| s.auth.max_clock_skew = Duration::from_secs(60)).await;
    let sub = lookback::auth::keys::plain_key_id(CLIENT_KEY, lookback::auth::Role::Client);
    let claims = |iat: u64, iss: &str, aud: &str| {
        json!({"sub": sub, "role": "client", "iat": iat, "exp": iat + 600, "jti": "j",
            "iss": iss, "aud": aud})
    };
    let body = valid_request("S-JWT").to_string();
    let t = now();
    // Obeyed: the right issuer and audience, issued up to the allowance in the future.
    for token in [
        token_with(&claims(t, "lookback", "lookback-api")),
        token_with(&claims(t + 30, "lookback", "lookback-api")),
    ] {
        let reply = server.evaluate(&token, body.clone()).await.unwrap();
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    // Violated: another issuer or audience, none, or issued beyond the allowance.
    let mut without = claims(t, "lookback", "lookback-api");
    without.as_object_mut().unwrap().remove("aud");
    for (what, token) in [
        (
            "issuer",
            token_with(&claims(t, "someone-else", "lookback-api")),
        ),
        (
            "audience",
            token_with(&claims(t, "lookback", "another-api")),
        ),
        ("no audience", token_with(&without)),
        (
            "future",
            token_with(&claims(t + 600, "lookback", "lookback-api")),
        ),
    ] {
        let reply = server.evaluate(&token, body.clone()).await.unwrap();
        assert_eq!(reply.status, 401, "{what}: {}", reply.text);
        assert_eq!(reply.json["error"]["message"], "Invalid or expired token");
    }
}

#[tokio::test]
async fn a_short_secret_refuses_the_start() {
    let mut settings = test_settings();
    settings.auth.jwt_secret = Some("x".repeat(31));
    let error = TestServer::start(settings).await.err().unwrap();
    assert!(
        format!("{error:#}").contains("at least 32 bytes"),
        "{error:#}"
    );
    assert_eq!(
        JWT_SECRET.len(),
        32,
        "the test secret is the minimum: it starts"
    );
}

#[tokio::test]
async fn revoking_a_key_fails_its_outstanding_tokens() {
    let dir = std::env::temp_dir().join(format!("lookback-e2e-revoke-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("keys.jsonl");
    let _ = std::fs::remove_file(&file);
    let role = lookback::auth::Role::Client;
    let (key, record) = lookback::auth::keys::create_key(&file, None, role).unwrap();
    let (kept, _) = lookback::auth::keys::create_key(&file, None, role).unwrap();
    let server = start(|s| s.auth.keys_file = Some(file.clone())).await;
    let token = server.token(&key).await.unwrap();
    let kept_token = server.token(&kept).await.unwrap();
    let body = valid_request("S-REVOKE").to_string();
    // Obeyed: a key in the file works.
    let reply = server.evaluate(&token, body.clone()).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);

    // Violated: once revoked, neither its token nor the key itself is accepted.
    assert!(lookback::auth::keys::revoke_key(&file, &record.key_id).unwrap());
    let reply = server.evaluate(&token, body.clone()).await.unwrap();
    assert_eq!(reply.status, 401, "{}", reply.text);
    assert_eq!(reply.json["error"]["message"], "Invalid or expired token");
    assert_eq!(exchange(&server, &key).await.status, 401);
    // Other keys keep working.
    let reply = server.evaluate(&kept_token, body).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    std::fs::remove_dir_all(&dir).ok();
}

/// A server on the fault module whose evaluate stage loops until its deadline, and a request
/// sent to it that is in flight.
async fn server_with_a_slow_request(
    deadline: Duration,
    drain: Duration,
) -> (
    TestServer,
    impl std::future::Future<Output = reqwest::Result<reqwest::Response>>,
) {
    let mut settings = test_settings();
    settings.engine.module = Some(FAULTS_MODULE.into());
    settings.engine.stage_deadline = deadline;
    settings.transport.drain = drain;
    let server = TestServer::start(settings).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    let slow = server
        .client
        .post(server.url("/evaluate"))
        .bearer_auth(token)
        .header("content-type", "application/json")
        .body(valid_request("FAULT:evaluate-loop").to_string())
        .send();
    (server, slow)
}

#[tokio::test]
async fn shutdown_lets_the_request_in_flight_finish() {
    let (server, slow) =
        server_with_a_slow_request(Duration::from_millis(800), Duration::from_secs(10)).await;
    let stop_soon = async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        tokio::time::timeout(Duration::from_secs(5), server.shut_down()).await
    };
    let (answer, stopped) = tokio::join!(slow, stop_soon);
    assert_eq!(
        answer.unwrap().status(),
        206,
        "the request in flight finished"
    );
    stopped.expect("the server stopped").unwrap();
}

#[tokio::test]
async fn shutdown_closes_what_is_still_open_after_the_drain_time() {
    let (server, slow) =
        server_with_a_slow_request(Duration::from_secs(3), Duration::from_millis(300)).await;
    let started = Instant::now();
    let stop_soon = async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        tokio::time::timeout(Duration::from_secs(10), server.shut_down()).await
    };
    let (answer, stopped) = tokio::join!(slow, stop_soon);
    stopped.expect("the server stopped").unwrap();
    assert!(answer.is_err(), "the connection was closed: {answer:?}");
    assert!(
        started.elapsed() < Duration::from_millis(2500),
        "the drain time bounded the wait, not the 3 s stage deadline"
    );
}
