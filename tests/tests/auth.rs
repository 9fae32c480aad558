//! End to end: `/health`, `/auth/token`, and the 401s of `/evaluate` (docs/api.md "Authentication",
//! docs/decisions.md §1 and §3), against the real server over real HTTP.
use std::time::{SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use lookback_tests::{
    ADMIN_KEY, CLIENT_KEY, JWT_SECRET, Reply, TestServer, test_settings, valid_request,
};
use serde_json::{Value, json};

const AUTH_REQUIRED: &str = "Authentication required. Provide Bearer token.";
const INVALID_TOKEN: &str = "Invalid or expired token";

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

fn forge(alg: Algorithm, secret: &str, claims: &Value) -> String {
    jsonwebtoken::encode(
        &Header::new(alg),
        claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

/// Claims of a token for the configured client key, as the server issues them.
fn claims(iat: u64, exp: u64) -> Value {
    let sub = lookback::auth::keys::plain_key_id(CLIENT_KEY, lookback::auth::Role::Client);
    json!({"sub": sub, "role": "client", "iat": iat, "exp": exp, "jti": "t-1",
        "iss": "lookback", "aud": "lookback-api"})
}

fn assert_unauthorized(reply: &Reply, message: &str) {
    assert_eq!(reply.status, 401, "{}", reply.text);
    assert_eq!(
        reply.json,
        json!({"success": false, "error": {"code": "UNAUTHORIZED", "message": message}})
    );
    assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
}

#[tokio::test]
async fn health_reports_both_components() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let reply = Reply::read(
        server
            .client
            .get(server.url("/health"))
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(
        reply.json,
        json!({"status": "healthy", "service": "eval-framework", "services": {"xml_transformer": true, "compliance_engine": true}})
    );
    // Cached: a second call answers the same.
    let again = Reply::read(
        server
            .client
            .get(server.url("/health"))
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(again.json, reply.json);
}

#[tokio::test]
async fn token_for_a_good_key() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let reply = Reply::read(
        server
            .client
            .post(server.url("/auth/token"))
            .header("X-API-Key", CLIENT_KEY)
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["token_type"], "bearer");
    assert_eq!(reply.json["expires_in"], 3600);
    let token = reply.json["access_token"].as_str().unwrap();
    assert_eq!(
        jsonwebtoken::decode_header(token).unwrap().alg,
        Algorithm::HS256
    );
    let payload: Value =
        serde_json::from_slice(&B64.decode(token.split('.').nth(1).unwrap()).unwrap()).unwrap();
    assert_eq!(payload["role"], "client");
    for claim in ["sub", "iat", "exp", "jti"] {
        assert!(payload.get(claim).is_some(), "missing claim {claim}");
    }
    assert!(
        !payload.to_string().contains(CLIENT_KEY),
        "the token must not carry the key"
    );
}

#[tokio::test]
async fn token_for_an_admin_key_carries_the_admin_role() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let token = server.token(ADMIN_KEY).await.unwrap();
    let payload: Value =
        serde_json::from_slice(&B64.decode(token.split('.').nth(1).unwrap()).unwrap()).unwrap();
    assert_eq!(payload["role"], "admin");
}

#[tokio::test]
async fn token_for_a_bad_or_missing_key_is_401() {
    let server = TestServer::start(test_settings()).await.unwrap();
    for key in [Some("lkb_wrong"), Some(""), None] {
        let mut request = server.client.post(server.url("/auth/token"));
        if let Some(key) = key {
            request = request.header("X-API-Key", key);
        }
        let reply = Reply::read(request.send().await.unwrap()).await.unwrap();
        assert_unauthorized(&reply, "Invalid API key");
    }
}

#[tokio::test]
async fn evaluate_without_a_usable_authorization_header_is_401() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let body = valid_request("S-AUTH").to_string();
    let headers: [Option<&str>; 5] = [
        None,
        Some(""),
        Some("Bearer"),
        Some("Basic dXNlcjpwYXNz"),
        Some("token-without-scheme"),
    ];
    for header in headers {
        let mut request = server
            .client
            .post(server.url("/evaluate"))
            .body(body.clone());
        if let Some(value) = header {
            request = request.header("Authorization", value);
        }
        let reply = Reply::read(request.send().await.unwrap()).await.unwrap();
        assert_unauthorized(&reply, AUTH_REQUIRED);
    }
}

#[tokio::test]
async fn evaluate_with_a_bad_expired_or_unsigned_token_is_401() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let body = valid_request("S-AUTH").to_string();
    let t = now();
    let good_claims = claims(t, t + 600);
    let payload = B64.encode(good_claims.to_string());
    let tokens = [
        ("garbage", "not.a.token".to_owned()),
        (
            "expired",
            forge(Algorithm::HS256, JWT_SECRET, &claims(t - 7200, t - 3600)),
        ),
        (
            "other secret",
            forge(Algorithm::HS256, "another-secret", &good_claims),
        ),
        ("HS512", forge(Algorithm::HS512, JWT_SECRET, &good_claims)),
        (
            "alg none",
            format!("{}.{payload}.", B64.encode(r#"{"alg":"none","typ":"JWT"}"#)),
        ),
        ("alg none, signature kept", {
            let real = forge(Algorithm::HS256, JWT_SECRET, &good_claims);
            let sig = real.rsplit('.').next().unwrap().to_owned();
            format!(
                "{}.{payload}.{sig}",
                B64.encode(r#"{"alg":"none","typ":"JWT"}"#)
            )
        }),
    ];
    for (what, token) in &tokens {
        let reply = server.evaluate(token, body.clone()).await.unwrap();
        assert_eq!(reply.status, 401, "{what}: {}", reply.text);
        assert_unauthorized(&reply, INVALID_TOKEN);
    }
    // The forged-but-correct HS256 token is accepted: the rejections above are about the token.
    let ok = server
        .evaluate(&forge(Algorithm::HS256, JWT_SECRET, &good_claims), body)
        .await
        .unwrap();
    assert_eq!(ok.status, 200, "{}", ok.text);
}

#[tokio::test]
async fn issued_token_evaluates() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    let reply = server
        .evaluate(&token, valid_request("S-OK").to_string())
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["success"], true);
    assert_eq!(reply.json["data"]["status"], "success");
    assert_eq!(reply.json["data"]["search_id"], "S-OK");
    assert_eq!(reply.json["data"]["errors"], json!([]));
    assert!(reply.json["data"]["decision"].is_object());
    for t in ["xml_transformer_ms", "compliance_ms", "total_ms"] {
        assert!(reply.json["data"]["timing"][t].is_number(), "timing.{t}");
    }
    let meta = &reply.json["meta"];
    assert_eq!(meta["api_version"], "1.0.0");
    assert_eq!(meta["correlation_id"], reply.json["data"]["correlation_id"]);
    assert!(meta["process_time_ms"].is_number());
    let module = server.state.registry().active();
    assert_eq!(meta["engine"]["sha256"], module.sha256.as_str());
    assert_eq!(
        meta["engine"]["version"],
        module.info.engine_version.as_str()
    );
    assert_eq!(
        meta["engine"]["rules_version"],
        module.info.rules_version.as_str()
    );
}

#[tokio::test]
async fn tenant_bound_keys_cannot_evaluate_for_another_tenant() {
    let dir = std::env::temp_dir().join(format!("lookback-e2e-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("keys.jsonl");
    let _ = std::fs::remove_file(&file);
    let (key, _) =
        lookback::auth::keys::create_key(&file, Some("acme".into()), lookback::auth::Role::Client)
            .unwrap();
    let mut settings = test_settings();
    settings.auth.keys_file = Some(file.clone());
    let server = TestServer::start(settings).await.unwrap();
    let token = server.token(&key).await.unwrap();

    let mut other = valid_request("S-TENANT");
    other["record"]["tenant_id"] = json!("globex");
    let reply = server.evaluate(&token, other.to_string()).await.unwrap();
    assert_eq!(reply.status, 403, "{}", reply.text);
    assert_eq!(
        reply.json["error"]["message"],
        "tenant_id does not match the credentials"
    );

    let mut same = valid_request("S-TENANT");
    same["record"]["tenant_id"] = json!("acme");
    let reply = server.evaluate(&token, same.to_string()).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    std::fs::remove_dir_all(&dir).ok();
}
