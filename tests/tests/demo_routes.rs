//! The public routes behind the browser page (docs/decisions.md §10) over real HTTP: the embedded page
//! with its content types and CSP, the module bytes with their digest and ETag, and the public
//! module list. No credentials anywhere.
use lookback_tests::{NEXT_MODULE, Reply, TestServer, test_settings};

async fn get(server: &TestServer, path: &str) -> Reply {
    Reply::read(server.client.get(server.url(path)).send().await.unwrap())
        .await
        .unwrap()
}

#[tokio::test]
async fn the_page_is_embedded_with_content_types_and_a_strict_csp() {
    let server = TestServer::start(test_settings()).await.unwrap();

    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let redirect = no_redirects.get(server.url("/demo")).send().await.unwrap();
    assert_eq!(redirect.status(), 308);
    assert_eq!(redirect.headers()["location"], "/demo/");

    let index = get(&server, "/demo/").await;
    assert_eq!(index.status, 200);
    assert_eq!(
        index.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let csp = index.header("content-security-policy").unwrap();
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval'"),
        "{csp}"
    );
    assert!(csp.contains("default-src 'none'"), "{csp}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert_eq!(index.header("x-content-type-options"), Some("nosniff"));
    assert!(
        index
            .text
            .contains(r#"<script type="module" src="app.js">"#)
    );

    for (path, content_type) in [
        ("/demo/app.js", "text/javascript; charset=utf-8"),
        ("/demo/engine.js", "text/javascript; charset=utf-8"),
        ("/demo/style.css", "text/css; charset=utf-8"),
        ("/demo/favicon.svg", "image/svg+xml"),
        ("/demo/samples.json", "application/json"),
    ] {
        let reply = get(&server, path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.header("content-type"), Some(content_type), "{path}");
        assert!(reply.header("content-security-policy").is_some(), "{path}");
    }

    for path in ["/demo/missing.js", "/demo/README.md", "/demo/../Cargo.toml"] {
        let reply = get(&server, path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.json["error"]["code"], "NOT_FOUND", "{path}");
    }
}

#[tokio::test]
async fn module_bytes_carry_their_digest_and_revalidate_by_etag() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let active = server.state.registry().active();

    let response = server
        .client
        .get(server.url("/engine/active.wasm"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    let bytes = response.bytes().await.unwrap();
    assert_eq!(
        &bytes[..],
        &active.bytes[..],
        "the exact bytes the server runs"
    );
    assert_eq!(headers["content-type"], "application/wasm");
    assert_eq!(headers["x-engine-sha256"], active.sha256.as_str());
    assert_eq!(
        headers["x-engine-version"],
        active.info.engine_version.as_str()
    );
    let etag = headers["etag"].to_str().unwrap().to_owned();
    assert_eq!(etag, format!("\"{}\"", active.sha256));

    let revalidated = server
        .client
        .get(server.url("/engine/active.wasm"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(revalidated.status(), 304);
    assert!(revalidated.bytes().await.unwrap().is_empty());

    let stale = server
        .client
        .get(server.url("/engine/active.wasm"))
        .header("if-none-match", "\"0000\"")
        .send()
        .await
        .unwrap();
    assert_eq!(stale.status(), 200);
}

#[tokio::test]
async fn every_loaded_version_is_listed_and_served_with_public_metadata_only() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let active = server.state.registry().active();

    let list = get(&server, "/engine/modules").await;
    assert_eq!(list.status, 200);
    let modules = list.json["modules"].as_array().unwrap();
    assert_eq!(modules.len(), 1);
    assert_eq!(modules[0]["version"], active.info.engine_version.as_str());
    assert_eq!(modules[0]["active"], true);

    let state = server.state.clone();
    let next = tokio::task::spawn_blocking(move || {
        let next = state
            .engine()
            .admit(std::fs::read(NEXT_MODULE).unwrap(), None)
            .unwrap();
        state
            .registry()
            .insert(next, "test", &state.now())
            .unwrap()
            .module()
            .clone()
    })
    .await
    .unwrap();

    let list = get(&server, "/engine/modules").await;
    let modules = list.json["modules"].as_array().unwrap();
    assert_eq!(modules.len(), 2);
    let listed = modules
        .iter()
        .find(|m| m["version"] == next.info.engine_version.as_str())
        .unwrap();
    let mut keys: Vec<&str> = listed
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        ["active", "build", "rules_version", "sha256", "version"]
    );
    assert_eq!(listed["active"], false);
    assert_eq!(listed["sha256"], next.sha256.as_str());
    assert_eq!(listed["rules_version"], next.info.rules_version.as_str());
    assert_eq!(
        modules.iter().filter(|m| m["active"] == true).count(),
        1,
        "{modules:?}"
    );

    let path = format!("/engine/{}.wasm", next.info.engine_version);
    let response = server.client.get(server.url(&path)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["x-engine-sha256"], next.sha256.as_str());
    assert_eq!(&response.bytes().await.unwrap()[..], &next.bytes[..]);

    for path in [
        "/engine/9.9.9.wasm",
        "/engine/0.1.0",
        "/engine/.wasm",
        "/engine/modules.wasm",
    ] {
        let reply = get(&server, path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.json["error"]["code"], "NOT_FOUND", "{path}");
    }

    // Public: no credentials needed, and the list names nothing beyond the metadata above.
    assert!(
        !list.text.contains("tenant") && !list.text.contains("key"),
        "{}",
        list.text
    );
}
