//! Helpers for the end-to-end tests: start the real application on `127.0.0.1:0` and talk to it
//! over real HTTP.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context as _;
use lookback::clock::Clock;
use lookback::{AppState, Server, Settings};
use serde_json::Value;
use tokio::sync::oneshot;

/// The fault-injection module (`core-wasm` built with `--features test-faults`, see `build.rs`).
pub const FAULTS_MODULE: &str = env!("LOOKBACK_FAULTS_MODULE");
/// A second real module version (`--features rules-next`: engine version `<crate>-rules-next`,
/// California's conviction lookback shortened to 5 years), for swap, pin and diff tests.
pub const NEXT_MODULE: &str = env!("LOOKBACK_NEXT_MODULE");

/// A client-role API key configured in [`test_settings`].
pub const CLIENT_KEY: &str = "lkb_testclientkey000000000000000000000000000";
/// An admin-role API key configured in [`test_settings`].
pub const ADMIN_KEY: &str = "lkb_testadminkey0000000000000000000000000000";
/// The HS256 secret configured in [`test_settings`], so tests can forge tokens.
pub const JWT_SECRET: &str = "test-secret-for-end-to-end-tests";

/// Whether a test must skip because `reason` (a missing prerequisite) stands. `required_var` says
/// whether it may: `1` makes a missing prerequisite a failure (`.ci/run` sets it, so CI never
/// skips), `0` or unset lets the test skip; any other value is refused, so a typo cannot turn a
/// requirement off. A skip is said where it is seen: on the process's own standard error, which
/// the test harness does not capture (a skipped test still reports `ok`), and as a line in the
/// file `LOOKBACK_SKIP_LOG` names, which `scripts/test.sh` prints at its end.
pub fn skip_unless_required(required_var: &str, test: &str, reason: Option<String>) -> bool {
    let value = std::env::var(required_var);
    assert!(
        matches!(
            value.as_deref(),
            Ok("0" | "1") | Err(std::env::VarError::NotPresent)
        ),
        "{required_var} must be 1 (required) or 0 (may skip), not {value:?}"
    );
    let required = value.as_deref() == Ok("1");
    let Some(reason) = reason else {
        return false;
    };
    assert!(!required, "{test} required ({required_var}=1) but {reason}");
    let line = format!("SKIPPED: {test} cannot run here: {reason} ({required_var}=0)");
    say_uncaptured(&line);
    if let Some(log) = std::env::var_os("LOOKBACK_SKIP_LOG") {
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .and_then(|mut file| {
                std::io::Write::write_all(&mut file, format!("{line}\n").as_bytes())
            });
        if let Err(e) = written {
            say_uncaptured(&format!(
                "cannot record the skip in {}: {e}",
                log.to_string_lossy()
            ));
        }
    }
    true
}

/// Writes a line straight to standard error: `eprintln!` output of a passing test is captured and
/// never shown.
fn say_uncaptured(line: &str) {
    let mut stderr = std::io::stderr().lock();
    // Nothing more can be done if standard error is gone.
    drop(std::io::Write::write_all(
        &mut stderr,
        format!("{line}\n").as_bytes(),
    ));
}

/// Settings with known keys and secret, and the embedded module.
pub fn test_settings() -> Settings {
    let mut settings = Settings::default();
    settings.auth.api_keys = vec![CLIENT_KEY.to_owned()];
    settings.auth.admin_keys = vec![ADMIN_KEY.to_owned()];
    settings.auth.jwt_secret = Some(JWT_SECRET.to_owned());
    settings.engine.compile_cache = Some(PathBuf::from(env!("LOOKBACK_TEST_COMPILE_CACHE")));
    settings
}

/// [`test_settings`] with the fault-injection module and a short stage deadline.
pub fn fault_settings(deadline: Duration) -> Settings {
    let mut settings = test_settings();
    settings.engine.module = Some(PathBuf::from(FAULTS_MODULE));
    settings.engine.stage_deadline = deadline;
    settings
}

/// A running server, built and served by `lookback::Server` as `lookback serve` runs it.
pub struct TestServer {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// A client for it.
    pub client: reqwest::Client,
    /// The state the server runs with.
    pub state: AppState,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl TestServer {
    /// Starts a server with `settings` on an ephemeral port.
    pub async fn start(settings: Settings) -> anyhow::Result<Self> {
        let server = tokio::task::spawn_blocking(move || Server::build(&settings)).await??;
        Self::serve(server).await
    }

    /// Starts the server with `clock` as the time requests are evaluated as of.
    pub async fn start_with_clock(settings: Settings, clock: Clock) -> anyhow::Result<Self> {
        let server =
            tokio::task::spawn_blocking(move || Server::with_clock(&settings, clock)).await??;
        Self::serve(server).await
    }

    async fn serve(server: Server) -> anyhow::Result<Self> {
        Self::serve_with_internal(server, None).await
    }

    /// Starts a server with `settings` and its internal listener (`LOOKBACK_METRICS_ADDR`) on
    /// another ephemeral port; returns it with the internal listener's `http://127.0.0.1:<port>`.
    pub async fn start_with_internal(settings: Settings) -> anyhow::Result<(Self, String)> {
        let server = tokio::task::spawn_blocking(move || Server::build(&settings)).await??;
        let internal = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await?;
        let base = format!("http://{}", internal.local_addr()?);
        Ok((
            Self::serve_with_internal(server, Some(internal)).await?,
            base,
        ))
    }

    async fn serve_with_internal(
        server: Server,
        internal: Option<tokio::net::TcpListener>,
    ) -> anyhow::Result<Self> {
        let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await?;
        let addr = listener.local_addr()?;
        let state = server.state().clone();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(server.serve_with_internal(listener, internal, async {
            stopped.await.ok();
        }));
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()?;
        Ok(Self {
            base: format!("http://{addr}"),
            client,
            state,
            stop: Some(stop),
            task,
        })
    }

    /// Shuts the server down as SIGTERM does and waits until it has: no new connections, the
    /// requests in flight finish (within the drain time), the decision log is written out.
    pub async fn shut_down(mut self) -> anyhow::Result<()> {
        if let Some(stop) = self.stop.take() {
            stop.send(()).ok();
        }
        (&mut self.task).await?
    }

    /// Absolute URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// A bearer token for `api_key`.
    pub async fn token(&self, api_key: &str) -> anyhow::Result<String> {
        token_at(&self.client, &self.base, api_key).await
    }

    /// `POST /evaluate` with `token` and raw `body`; returns status, headers and JSON body.
    pub async fn evaluate(
        &self,
        token: &str,
        body: impl Into<reqwest::Body>,
    ) -> anyhow::Result<Reply> {
        let response = self
            .client
            .post(self.url("/evaluate"))
            .bearer_auth(token)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await?;
        Reply::read(response).await
    }
}

/// A bearer token for `api_key` from the server at `base` (`http://host:port`).
pub async fn token_at(
    client: &reqwest::Client,
    base: &str,
    api_key: &str,
) -> anyhow::Result<String> {
    let response = client
        .post(format!("{base}/auth/token"))
        .header("X-API-Key", api_key)
        .send()
        .await?;
    anyhow::ensure!(
        response.status() == 200,
        "token request answered {}",
        response.status()
    );
    let body: Value = response.json().await?;
    body["access_token"]
        .as_str()
        .map(str::to_owned)
        .context("no access_token in the token answer")
}

/// An answer read in full.
#[derive(Debug)]
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// Response headers.
    pub headers: reqwest::header::HeaderMap,
    /// Parsed JSON body (`Null` when the body was not JSON).
    pub json: Value,
    /// Raw body text.
    pub text: String,
}

impl Reply {
    /// Reads a response.
    pub async fn read(response: reqwest::Response) -> anyhow::Result<Self> {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await?;
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Ok(Self {
            status,
            headers,
            json,
            text,
        })
    }

    /// A header as text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// A valid `/evaluate` body (the health canary's), with `search_id` replaced.
pub fn valid_request(search_id: &str) -> Value {
    let mut body: Value =
        serde_json::from_str(lookback_runtime::canary::CANARY_REQUEST).unwrap_or(Value::Null);
    body["record"]["search_id"] = Value::String(search_id.to_owned());
    if let Some(search) = body["record"]["record_json"].get_mut("search") {
        search["search_id"] = Value::String(search_id.to_owned());
    }
    body
}

/// Every offense object of a decision tree.
pub fn offenses(decision: &Value) -> Vec<&Value> {
    fn items<'a>(v: &'a Value, key: &str) -> Vec<&'a Value> {
        v[key]
            .as_array()
            .map(|a| a.iter().collect())
            .unwrap_or_default()
    }
    items(decision, "court_decisions")
        .into_iter()
        .flat_map(|court| items(court, "case_decisions"))
        .flat_map(|case| items(case, "offenses"))
        .collect()
}

/// The California corpus case with its felony conviction disposed 6.4 years before the search
/// date: inside California's 7 years (the shipped module: `REPORTABLE`), outside the `rules-next`
/// module's 5 (`NOT_REPORTABLE`). The decision itself says which module made it.
pub fn ca_conviction_six_years_old() -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/state-ca.json");
    let mut case: Value = std::fs::read_to_string(path)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null);
    let offense = &mut case["request"]["record"]["record_json"]["criminal_search_results"][0]["criminal_records"]
        [0]["offenses"][0];
    offense["disposition_date"] = Value::from("2019-06-01");
    case["request"].take()
}

/// The decision of the first charge of an `/evaluate` answer.
pub fn first_charge_decision(reply: &Reply) -> &str {
    offenses(&reply.json["data"]["decision"])
        .first()
        .and_then(|o| o["charge_decision"].as_str())
        .unwrap_or_default()
}

/// The WAT text of a hand-written ABI v1 module (`fixtures/wat/abi-v1-template.wat`) reporting
/// `version` and `abi`, with the given bodies for `lookback_transform` and `lookback_evaluate`
/// (`$echo` answers with the input).
pub fn wat_module_text(version: &str, abi: u32, transform: &str, evaluate: &str) -> String {
    const TEMPLATE: &str = include_str!("../fixtures/wat/abi-v1-template.wat");
    let info = format!(
        r#"{{"abi":{abi},"engine_version":"{version}","rules_version":"r-1","build":"test"}}"#
    );
    TEMPLATE
        .replace("INFO_LEN", &info.len().to_string())
        .replace("INFO", &info.replace('"', "\\\""))
        .replace("TRANSFORM", transform)
        .replace("EVALUATE", evaluate)
}

/// [`wat_module_text`] compiled to wasm bytes.
pub fn wat_module(version: &str, abi: u32, transform: &str, evaluate: &str) -> Vec<u8> {
    wat::parse_str(wat_module_text(version, abi, transform, evaluate)).unwrap_or_default()
}

/// The same module with a custom section appended: same code and version, other bytes (and digest).
pub fn with_custom_section(bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    out.extend_from_slice(&[0, 5, 4, b'n', b'o', b't', b'e']);
    out
}

impl TestServer {
    /// `POST /admin/modules` with `bytes` as `application/wasm`, and `query` (e.g. `?activate=true`).
    pub async fn upload_module(
        &self,
        token: &str,
        bytes: Vec<u8>,
        query: &str,
    ) -> anyhow::Result<Reply> {
        let response = self
            .client
            .post(self.url(&format!("/admin/modules{query}")))
            .bearer_auth(token)
            .header("content-type", "application/wasm")
            .body(bytes)
            .send()
            .await?;
        Reply::read(response).await
    }

    /// `POST` an admin path with an optional JSON body.
    pub async fn admin_post(
        &self,
        token: &str,
        path: &str,
        body: Option<Value>,
    ) -> anyhow::Result<Reply> {
        let mut request = self.client.post(self.url(path)).bearer_auth(token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        Reply::read(request.send().await?).await
    }

    /// `GET /admin/modules`.
    pub async fn modules(&self, token: &str) -> anyhow::Result<Reply> {
        let response = self
            .client
            .get(self.url("/admin/modules"))
            .bearer_auth(token)
            .send()
            .await?;
        Reply::read(response).await
    }

    /// `GET /health`.
    pub async fn health(&self) -> anyhow::Result<Reply> {
        Reply::read(self.client.get(self.url("/health")).send().await?).await
    }

    /// `POST /evaluate`, pinned to `version` with `X-Engine-Version` when given.
    pub async fn evaluate_on(
        &self,
        token: &str,
        version: Option<&str>,
        body: &Value,
    ) -> anyhow::Result<Reply> {
        let mut request = self
            .client
            .post(self.url("/evaluate"))
            .bearer_auth(token)
            .header("content-type", "application/json")
            .body(body.to_string());
        if let Some(version) = version {
            request = request.header("x-engine-version", version);
        }
        Reply::read(request.send().await?).await
    }
}

/// A fresh, empty temporary folder for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "lookback-{name}-{}-{:x}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default()
    ));
    let _ = std::fs::create_dir_all(&dir);
    dir
}
