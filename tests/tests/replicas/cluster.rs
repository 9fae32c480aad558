//! The real parts of the multi-replica tests: a throwaway PostgreSQL cluster from Debian's
//! packages (`initdb` + `pg_ctl` on a free port in a temporary folder, run as the `postgres`
//! user when the tests run as root, since PostgreSQL refuses root), and `lookback serve`
//! processes on port 0.

use std::ffi::OsStr;
use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use lookback_tests::{ADMIN_KEY, CLIENT_KEY, JWT_SECRET, Reply, skip_unless_required, temp_dir};
use serde_json::Value;

/// The replica program (`tests/src/bin/lookback-replica.rs`: `lookback` itself).
pub const LOOKBACK: &str = env!("CARGO_BIN_EXE_lookback-replica");
/// The password in every test URL: it must never show in output.
pub const DB_PASSWORD: &str = "never-printed-5ecret";

/// The folder holding `initdb`, `pg_ctl` and `psql`: `LOOKBACK_PG_BIN`, else the newest
/// `/usr/lib/postgresql/<major>/bin` (Debian's layout), else `pg_config --bindir`.
fn pg_bin() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("LOOKBACK_PG_BIN") {
        return Some(PathBuf::from(dir));
    }
    let mut debian: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let major = e.file_name().to_str()?.parse().ok()?;
            Some((major, e.path().join("bin")))
        })
        .filter(|(_, bin)| bin.join("initdb").is_file())
        .collect();
    debian.sort();
    debian.pop().map(|(_, bin)| bin).or_else(|| {
        let out = Command::new("pg_config").arg("--bindir").output().ok()?;
        let dir = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
        dir.join("initdb").is_file().then_some(dir)
    })
}

/// Why PostgreSQL cannot run here, if it cannot; the caller skips or fails (see
/// `LOOKBACK_REQUIRE_POSTGRES`).
pub fn missing_prerequisite() -> Option<String> {
    let Some(bin) = pg_bin() else {
        return Some("PostgreSQL not found (apt-get install postgresql)".to_owned());
    };
    if is_root()
        && Command::new("id")
            .args(["-u", "postgres"])
            .output()
            .map_or(true, |o| !o.status.success())
    {
        return Some(format!(
            "running as root but no postgres user to run {} as",
            bin.display()
        ));
    }
    None
}

/// Skips (returns true) when PostgreSQL is missing, unless `LOOKBACK_REQUIRE_POSTGRES=1` (set by
/// `scripts/test.sh`, so CI always runs these tests) makes that a failure.
pub fn skip_without_postgres(test: &str) -> bool {
    skip_unless_required("LOOKBACK_REQUIRE_POSTGRES", test, missing_prerequisite())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// A port free right now on 127.0.0.1.
fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// A PostgreSQL cluster of its own, stopped and deleted on drop.
pub struct Postgres {
    bin: PathBuf,
    data: PathBuf,
    /// The port it listens on (127.0.0.1 only).
    pub port: u16,
}

impl Postgres {
    /// `initdb` a new cluster (superuser `lookback`, trust auth on 127.0.0.1) and start it.
    pub fn start() -> anyhow::Result<Self> {
        let bin = pg_bin().context("PostgreSQL not found")?;
        let data = std::env::temp_dir().join(format!(
            "lookback-pg-{}-{}",
            std::process::id(),
            free_port()?
        ));
        let pg = Self {
            bin,
            data,
            port: free_port()?,
        };
        let data = pg.data.display().to_string();
        pg.run(
            "initdb",
            &[
                "-D",
                &data,
                "-U",
                "lookback",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        )?;
        pg.start_server()?;
        Ok(pg)
    }

    /// Starts (or restarts) the server on its port and waits until it accepts connections.
    pub fn start_server(&self) -> anyhow::Result<()> {
        let data = self.data.display().to_string();
        let options = format!(
            "-p {} -c listen_addresses=127.0.0.1 -k {data} -c fsync=off -c max_connections=50",
            self.port
        );
        let log = self.data.join("server.log").display().to_string();
        self.run(
            "pg_ctl",
            &[
                "-D", &data, "-l", &log, "-w", "-t", "60", "-o", &options, "start",
            ],
        )
    }

    /// Stops the server at once (`-m fast`: open connections are cut, as in an outage).
    pub fn stop_server(&self) -> anyhow::Result<()> {
        let data = self.data.display().to_string();
        self.run("pg_ctl", &["-D", &data, "-m", "fast", "-w", "stop"])
    }

    /// The URL replicas use; carries [`DB_PASSWORD`], which trust auth ignores.
    pub fn url(&self) -> String {
        format!(
            "postgres://lookback:{DB_PASSWORD}@127.0.0.1:{}/postgres",
            self.port
        )
    }

    /// Runs SQL with `psql` (read from standard input: no argument-length limit) and returns its
    /// unaligned, tuples-only output.
    pub fn psql(&self, sql: &str) -> anyhow::Result<String> {
        use std::io::Write as _;
        let port = self.port.to_string();
        let mut child = Command::new(self.bin.join("psql"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &port,
                "-U",
                "lookback",
                "-d",
                "postgres",
            ])
            .args(["-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-f", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        child
            .stdin
            .take()
            .context("no stdin")?
            .write_all(sql.as_bytes())?;
        let out = child.wait_with_output()?;
        if !out.status.success() {
            bail!("psql failed: {}", String::from_utf8_lossy(&out.stderr));
        }
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
    }

    /// Runs a PostgreSQL program, as the `postgres` user when we are root.
    fn run(&self, program: &str, args: &[&str]) -> anyhow::Result<()> {
        let exe = self.bin.join(program);
        let mut command = if is_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        let out = command
            .args(args)
            .current_dir("/")
            .stdin(Stdio::null())
            .output()
            .with_context(|| format!("running {program}"))?;
        if !out.status.success() {
            let log = std::fs::read_to_string(self.data.join("server.log")).unwrap_or_default();
            bail!(
                "{program} failed: {}{}\n{log}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Ok(())
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.data.display().to_string();
        let _ = self.run("pg_ctl", &["-D", &data, "-m", "immediate", "-w", "stop"]);
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

/// A `lookback serve` process, killed on drop.
pub struct Replica {
    /// Its id (`LOOKBACK_REPLICA_ID`).
    pub id: String,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// Its local cache (`LOOKBACK_MODULES_DIR`).
    pub modules_dir: PathBuf,
    client: reqwest::Client,
    child: Child,
    /// Everything it wrote to standard error so far.
    pub log: Arc<Mutex<Vec<String>>>,
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `lookback serve` on port 0 with the tests' keys and secret, logging JSON lines, and `envs`.
pub fn serve_command<K: AsRef<OsStr>, V: AsRef<OsStr>>(envs: &[(K, V)]) -> Command {
    let mut command = Command::new(LOOKBACK);
    command
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("LOOKBACK_LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .env("LOOKBACK_JWT_SECRET", JWT_SECRET)
        .env("LOOKBACK_API_KEYS", CLIENT_KEY)
        .env("LOOKBACK_ADMIN_KEYS", ADMIN_KEY)
        .env(
            "LOOKBACK_COMPILE_CACHE",
            env!("LOOKBACK_TEST_COMPILE_CACHE"),
        )
        .envs(envs.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

/// The command of a replica against `database_url`, with the tests' keys and secret.
pub fn replica_command(id: &str, database_url: &str, modules_dir: &Path) -> Command {
    serve_command(&[
        ("LOOKBACK_DATABASE_URL", OsStr::new(database_url)),
        ("LOOKBACK_REPLICA_ID", OsStr::new(id)),
        ("LOOKBACK_MODULES_DIR", modules_dir.as_os_str()),
    ])
}

impl Replica {
    /// Starts a replica with a fresh local cache and waits until it listens.
    pub fn start(id: &str, database_url: &str) -> anyhow::Result<Self> {
        let modules_dir = temp_dir(&format!("replica-{id}"));
        Self::start_with(
            id,
            replica_command(id, database_url, &modules_dir),
            modules_dir,
        )
    }

    /// Starts `command` (see [`replica_command`]) and waits until it listens.
    pub fn start_with(
        id: &str,
        mut command: Command,
        modules_dir: PathBuf,
    ) -> anyhow::Result<Self> {
        let mut child = command.spawn().context("starting lookback serve")?;
        let stderr = child.stderr.take().context("no stderr")?;
        let log = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        let lines = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let json: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
                if json["fields"]["message"] == "listening"
                    && let Some(addr) = json["fields"]["addr"].as_str()
                {
                    let _ = tx.send(addr.to_owned());
                }
                lines.lock().map(|mut l| l.push(line)).ok();
            }
        });
        let addr = rx.recv_timeout(Duration::from_secs(180)).map_err(|_| {
            let _ = child.kill();
            anyhow::anyhow!(
                "replica {id} did not start listening:\n{}",
                log.lock().map(|l| l.join("\n")).unwrap_or_default()
            )
        })?;
        Ok(Self {
            id: id.to_owned(),
            base: format!("http://{addr}"),
            modules_dir,
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()?,
            child,
            log,
        })
    }

    /// Absolute URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// A bearer token for `api_key`.
    pub async fn token(&self, api_key: &str) -> anyhow::Result<String> {
        let reply = self
            .send(
                self.client
                    .post(self.url("/auth/token"))
                    .header("X-API-Key", api_key),
            )
            .await?;
        reply.json["access_token"]
            .as_str()
            .map(str::to_owned)
            .with_context(|| format!("no token: {}", reply.text))
    }

    /// Sends a request and reads the answer.
    pub async fn send(&self, request: reqwest::RequestBuilder) -> anyhow::Result<Reply> {
        Reply::read(request.send().await?).await
    }

    /// `GET path` with an optional token.
    pub async fn get(&self, path: &str, token: Option<&str>) -> anyhow::Result<Reply> {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        self.send(request).await
    }

    /// `POST path` with a token and an optional body of `content_type`.
    pub async fn post(
        &self,
        path: &str,
        token: &str,
        body: Option<(Vec<u8>, &str)>,
    ) -> anyhow::Result<Reply> {
        let mut request = self.client.post(self.url(path)).bearer_auth(token);
        if let Some((bytes, content_type)) = body {
            request = request.header("content-type", content_type).body(bytes);
        }
        self.send(request).await
    }

    /// `PUT path` with a JSON body.
    pub async fn put_json(&self, path: &str, token: &str, body: &str) -> anyhow::Result<Reply> {
        let request = self
            .client
            .put(self.url(path))
            .bearer_auth(token)
            .header("content-type", "application/json")
            .body(body.to_owned());
        self.send(request).await
    }

    /// The HTTP client.
    pub fn client(&self) -> &reqwest::Client {
        &self.client
    }

    /// `POST /evaluate` with `body`.
    pub async fn evaluate(&self, token: &str, body: &Value) -> anyhow::Result<Reply> {
        self.post(
            "/evaluate",
            token,
            Some((body.to_string().into_bytes(), "application/json")),
        )
        .await
    }

    /// The engine version that answers `/evaluate` here now.
    pub async fn serving(&self, token: &str, body: &Value) -> anyhow::Result<String> {
        let reply = self.evaluate(token, body).await?;
        anyhow::ensure!(
            reply.status == 200,
            "evaluate answered {}: {}",
            reply.status,
            reply.text
        );
        reply.json["meta"]["engine"]["version"]
            .as_str()
            .map(str::to_owned)
            .context("no meta.engine.version")
    }

    /// Waits until `/evaluate` here answers with `version`; returns how long that took.
    pub async fn wait_serving(
        &self,
        token: &str,
        body: &Value,
        version: &str,
        limit: Duration,
    ) -> anyhow::Result<Duration> {
        let started = Instant::now();
        loop {
            if self.serving(token, body).await? == version {
                return Ok(started.elapsed());
            }
            if started.elapsed() > limit {
                bail!(
                    "replica {} still not serving {version} after {limit:?}",
                    self.id
                );
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Waits until `/health` says `status`; returns the last answer.
    pub async fn wait_health(&self, status: &str, limit: Duration) -> anyhow::Result<Reply> {
        let started = Instant::now();
        loop {
            let reply = self.get("/health", None).await?;
            if reply.json["status"] == status {
                return Ok(reply);
            }
            if started.elapsed() > limit {
                bail!(
                    "replica {} health is not {status} after {limit:?}: {}",
                    self.id,
                    reply.text
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Its standard error so far, one string.
    pub fn log_text(&self) -> String {
        self.log.lock().map(|l| l.join("\n")).unwrap_or_default()
    }
}
