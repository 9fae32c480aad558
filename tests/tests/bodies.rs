//! End to end: malformed bodies always get a 4xx JSON answer in our shape (never a 5xx, never
//! plain text) and the server keeps serving; identity-match; correlation ids; unknown routes.
use lookback_tests::{CLIENT_KEY, Reply, TestServer, test_settings, valid_request};
use serde_json::{Value, json};

async fn assert_served(server: &TestServer, token: &str) {
    let reply = server
        .evaluate(token, valid_request("S-NEXT").to_string())
        .await
        .unwrap();
    assert_eq!(
        reply.status, 200,
        "the next request must be served: {}",
        reply.text
    );
}

#[tokio::test]
async fn malformed_bodies_are_4xx_json_and_the_next_request_is_served() {
    let mut settings = test_settings();
    settings.transport.max_body_bytes = 64 * 1024;
    let server = TestServer::start(settings).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    let too_deep = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
    let bodies: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("not json", b"this is not json".to_vec()),
        (
            "truncated json",
            br#"{"record": {"search_id": "S-1""#.to_vec(),
        ),
        ("array", b"[1, 2, 3]".to_vec()),
        ("string", br#""record""#.to_vec()),
        ("null", b"null".to_vec()),
        ("record not an object", br#"{"record": 5}"#.to_vec()),
        ("empty object", b"{}".to_vec()),
        (
            "invalid utf-8",
            b"{\"record\": {\"search_id\": \"\xff\xfe\"}}".to_vec(),
        ),
        ("too deep", too_deep.into_bytes()),
    ];
    for (what, body) in bodies {
        let reply = server.evaluate(&token, body).await.unwrap();
        assert!(
            (400..500).contains(&reply.status),
            "{what}: {} {}",
            reply.status,
            reply.text
        );
        assert_eq!(reply.json["success"], false, "{what}: {}", reply.text);
        assert_eq!(
            reply.json["error"]["code"], "INVALID_REQUEST",
            "{what}: {}",
            reply.text
        );
        assert!(
            reply.json["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{what}"
        );
        assert!(reply.json["error"]["errors"].is_array(), "{what}");
        assert!(reply.json["meta"]["correlation_id"].is_string(), "{what}");
        assert_served(&server, &token).await;
    }

    // Over the limit, declared and streamed.
    let big = vec![b' '; 64 * 1024 + 1];
    let reply = server.evaluate(&token, big.clone()).await.unwrap();
    assert_eq!(reply.status, 413, "{}", reply.text);
    assert_eq!(reply.json["success"], false);
    assert_eq!(reply.json["error"]["code"], "PAYLOAD_TOO_LARGE");
    // The body extractor's refusal names the request's own correlation id, not a fresh one.
    assert_eq!(
        reply.json["meta"]["correlation_id"].as_str(),
        reply.header("x-correlation-id"),
        "{}",
        reply.text
    );
    assert!(
        reply.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("65536")
    );
    assert_served(&server, &token).await;

    // Chunked, without a declared length: the limit still applies while reading.
    let (status, text) = chunked_post(&server, "/evaluate", &token, &big).await;
    assert_eq!(status, 413, "{text}");
    assert!(text.contains("PAYLOAD_TOO_LARGE"), "{text}");
    assert_served(&server, &token).await;
}

/// A raw HTTP/1.1 POST with `Transfer-Encoding: chunked`; returns the status and the raw answer.
async fn chunked_post(server: &TestServer, path: &str, token: &str, body: &[u8]) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = server.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    for chunk in body.chunks(8 * 1024) {
        // The server may answer and close before the whole body is sent.
        if stream
            .write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
            .await
            .is_err()
            || stream.write_all(chunk).await.is_err()
            || stream.write_all(b"\r\n").await.is_err()
        {
            break;
        }
    }
    let _ = stream.write_all(b"0\r\n\r\n").await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[tokio::test]
async fn transform_xml_requires_a_token_and_answers_json() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let reply = Reply::read(
        server
            .client
            .post(server.url("/transform-xml"))
            .body("{}")
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 401);
    let token = server.token(CLIENT_KEY).await.unwrap();
    let reply = Reply::read(
        server
            .client
            .post(server.url("/transform-xml"))
            .bearer_auth(&token)
            .header("content-type", "application/json")
            .body("not json")
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 400, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "INVALID_REQUEST");
}

#[tokio::test]
async fn identity_match_scores_and_rejects_camel_case() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let person = json!({
        "first_name": "JOHN", "middle_name": "", "last_name": "SMITH", "date_of_birth": "1985-07-14",
        "ssn": "", "state": "TX", "annual_salary": null, "aliases": [], "addresses": []
    });
    let good = json!({"candidate_to_verify": person, "candidate_in_record": person});
    let reply = Reply::read(
        server
            .client
            .post(server.url("/complianceEngine/identity-match"))
            .json(&good)
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert!(reply.json["match_score"].is_number(), "{}", reply.text);
    assert!(reply.json["is_match"].is_boolean(), "{}", reply.text);

    let camel = json!({"candidateToVerify": person, "candidateInRecord": person});
    let reply = Reply::read(
        server
            .client
            .post(server.url("/complianceEngine/identity-match"))
            .json(&camel)
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 400, "{}", reply.text);
    assert_eq!(reply.json["status"], 400, "{}", reply.text);
    assert!(reply.json["errors"].is_object(), "{}", reply.text);

    for body in [&b"not json"[..], b"", b"[]", b"\xff"] {
        let reply = Reply::read(
            server
                .client
                .post(server.url("/complianceEngine/identity-match"))
                .header("content-type", "application/json")
                .body(body.to_vec())
                .send()
                .await
                .unwrap(),
        )
        .await
        .unwrap();
        assert_eq!(reply.status, 400, "{}", reply.text);
        assert!(reply.json.is_object(), "{}", reply.text);
    }
}

#[tokio::test]
async fn correlation_id_is_echoed_when_sane_and_replaced_otherwise() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    let send = |id: Option<&'static str>| {
        let mut request = server
            .client
            .post(server.url("/evaluate"))
            .bearer_auth(&token)
            .header("content-type", "application/json")
            .body(valid_request("S-CID").to_string());
        if let Some(id) = id {
            request = request.header("X-Correlation-ID", id);
        }
        request.send()
    };

    let reply = Reply::read(send(Some("trace-42.a_b")).await.unwrap())
        .await
        .unwrap();
    assert_eq!(reply.header("x-correlation-id"), Some("trace-42.a_b"));
    assert_eq!(reply.json["data"]["correlation_id"], "trace-42.a_b");
    assert_eq!(reply.json["meta"]["correlation_id"], "trace-42.a_b");

    for bad in [
        Some("has space"),
        Some("semi;colon"),
        Some("<script>"),
        None,
    ] {
        let reply = Reply::read(send(bad).await.unwrap()).await.unwrap();
        let echoed = reply.header("x-correlation-id").unwrap().to_owned();
        assert_ne!(Some(echoed.as_str()), bad);
        assert_eq!(echoed.len(), 36, "a UUID: {echoed}");
        assert_eq!(reply.json["meta"]["correlation_id"], Value::String(echoed));
    }
    let long: &'static str = Box::leak("x".repeat(129).into_boxed_str());
    let reply = Reply::read(send(Some(long)).await.unwrap()).await.unwrap();
    assert_ne!(reply.header("x-correlation-id"), Some(long));

    // Echoed on errors and other routes too.
    let reply = Reply::read(
        server
            .client
            .get(server.url("/health"))
            .header("X-Correlation-ID", "h-1")
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.header("x-correlation-id"), Some("h-1"));
    let reply = Reply::read(
        server
            .client
            .post(server.url("/evaluate"))
            .header("X-Correlation-ID", "e-1")
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 401);
    assert_eq!(reply.header("x-correlation-id"), Some("e-1"));
}

#[tokio::test]
async fn unknown_paths_and_methods_answer_json() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let reply = Reply::read(
        server
            .client
            .get(server.url("/no/such/path"))
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 404);
    assert_eq!(reply.json["success"], false);
    assert_eq!(reply.json["error"]["code"], "NOT_FOUND");
    assert_eq!(reply.header("content-type"), Some("application/json"));

    let reply = Reply::read(
        server
            .client
            .get(server.url("/evaluate"))
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 405);
    assert_eq!(reply.json["error"]["code"], "METHOD_NOT_ALLOWED");
    let reply = Reply::read(
        server
            .client
            .delete(server.url("/health"))
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 405);
    assert_eq!(reply.header("content-type"), Some("application/json"));
}
