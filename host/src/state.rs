//! The state the routes read: every service of one server, built from the settings (each service
//! from its own slice), cheap to clone.

use std::sync::Arc;

use lookback_runtime::{CanaryCache, EngineHost, Registry};

use crate::auth::{Auth, Claims, KeyEntry};
use crate::client_rules::{OverlayDir, Overlays};
use crate::clock::Clock;
use crate::config::Settings;
use crate::decision_log::DecisionLog;
use crate::limits::input::InputLimits;
use crate::limits::transport::{Guards, TransportSettings};
use crate::metrics::Metrics;
use crate::modules::Modules;
use crate::shadow::Shadows;
use crate::store::Shared;

/// Cheap to clone; everything lives behind one `Arc`.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    engine: EngineHost,
    modules: Modules,
    auth: Auth,
    canary: CanaryCache,
    clock: Clock,
    /// Per-tenant client-rules overlays, re-read when their folder changes.
    overlays: OverlayDir,
    /// The shared registry, with `LOOKBACK_DATABASE_URL`.
    shared: Option<Shared>,
    /// Prometheus metrics.
    metrics: Metrics,
    /// The audit log of decisions.
    decision_log: DecisionLog,
    /// Shadow evaluations of candidate versions.
    shadows: Shadows,
    /// Transport limits and the guards that enforce them per request.
    transport: TransportSettings,
    guards: Guards,
    /// Caps on request bodies, checked before any engine work.
    input_limits: InputLimits,
    /// The modules-directory watcher, stopped with the state.
    watcher: Option<tokio::task::JoinHandle<()>>,
    /// `/health` answers 503 on a wrongly versioned or unaudited replica.
    fail_closed: bool,
}

impl Drop for Inner {
    fn drop(&mut self) {
        if let Some(watcher) = &self.watcher {
            watcher.abort();
        }
    }
}

impl AppState {
    /// Builds every service from `settings`, requests evaluated as of `clock`: the engine, the
    /// base module (`settings.engine.module` or the embedded one), the modules directory, the
    /// keys, the shared registry, and (on a tokio runtime) the modules-directory watcher.
    /// Blocking: each module is compiled (or taken from the cache) and self-tested.
    pub fn new(settings: &Settings, clock: Clock) -> anyhow::Result<Self> {
        // Settings first: a bad overlay or database setting refuses the start before any module
        // is compiled.
        crate::store::check(&settings.store, settings.auth.jwt_secret.is_some())?;
        let overlays = load_overlays(settings)?;
        // Likewise a decision log that cannot be written; its thread starts after the modules.
        crate::decision_log::check_writable(&settings.decision_log)?;
        let engine = EngineHost::new(&settings.engine)?;
        let modules = Modules::start(
            &engine,
            settings.engine.module.as_deref(),
            settings.modules_dir.as_deref(),
        )?;
        let auth = Auth::from_settings(&settings.auth)?;
        let metrics = Metrics::new(modules.events());
        // Observed from here on: requests and the health canary, not the loads' self-tests.
        let engine = engine.observed_by(Arc::new(metrics.clone()));
        let decision_log = DecisionLog::start(&settings.decision_log, metrics.clone())?;
        // A quarter of the pool at most runs candidates, so live requests keep their slots.
        let shadows = Shadows::new(
            (settings.engine.max_instances / 4).max(1) as usize,
            engine.clone(),
            metrics.clone(),
            decision_log.clone(),
        );
        let shared = crate::store::start(&settings.store, &modules, &overlays.current())?;
        let watcher = crate::modules::watch::spawn(&modules);
        Ok(Self {
            inner: Arc::new(Inner {
                engine,
                modules,
                auth,
                canary: CanaryCache::default(),
                clock,
                overlays,
                shared,
                metrics,
                decision_log,
                shadows,
                transport: settings.transport.clone(),
                guards: Guards::new(&settings.transport),
                input_limits: settings.input_limits.clone(),
                watcher,
                fail_closed: settings.fail_closed,
            }),
        })
    }

    /// The wasmtime host.
    pub fn engine(&self) -> &EngineHost {
        &self.inner.engine
    }

    /// Loaded modules.
    pub fn registry(&self) -> &Registry {
        self.inner.modules.registry()
    }

    /// Module versions: upload, activation, rollback, the modules directory.
    pub fn modules(&self) -> &Modules {
        &self.inner.modules
    }

    /// The registry shared with other replicas, when there is a database.
    pub fn shared(&self) -> Option<&Shared> {
        self.inner.shared.as_ref()
    }

    /// Keys and tokens.
    pub fn auth(&self) -> &Auth {
        &self.inner.auth
    }

    /// The entry of a presented API key, if it is accepted now (here or in the shared registry).
    pub fn verify_key(&self, presented: &str) -> Option<KeyEntry> {
        let shared = self.shared().map(Shared::keys);
        self.auth().verify_key(presented, shared.as_deref())
    }

    /// The claims of a valid token whose key is still accepted (here or in the shared registry).
    pub fn verify_token(&self, token: &str) -> Option<Claims> {
        let shared = self.shared().map(Shared::keys);
        self.auth().verify_token(token, shared.as_deref())
    }

    /// The time a request is evaluated as of (RFC 3339 UTC).
    pub fn now(&self) -> String {
        (self.inner.clock)()
    }

    /// Per-tenant client-rules overlays (with a database, its overlays in place of the folder's
    /// for the same tenants). Cheap: shares the maps.
    pub fn overlays(&self) -> Overlays {
        match &self.inner.shared {
            Some(shared) => shared.overlays(),
            None => self.inner.overlays.current(),
        }
    }

    /// The client-rules folder, with why its current content is refused, if it is.
    pub fn overlay_dir(&self) -> &OverlayDir {
        &self.inner.overlays
    }

    /// Prometheus metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// The decision log.
    pub fn decision_log(&self) -> &DecisionLog {
        &self.inner.decision_log
    }

    /// Shadow evaluations.
    pub fn shadows(&self) -> &Shadows {
        &self.inner.shadows
    }

    /// Transport limits (timeouts, caps, rate limits).
    pub fn transport(&self) -> &TransportSettings {
        &self.inner.transport
    }

    /// In-flight cap and rate limits.
    pub fn guards(&self) -> &Guards {
        &self.inner.guards
    }

    /// Caps on request bodies (names, lists, cases, charges, XML).
    pub fn input_limits(&self) -> &InputLimits {
        &self.inner.input_limits
    }

    /// Health canary cache.
    pub fn canary(&self) -> &CanaryCache {
        &self.inner.canary
    }

    /// Whether `/health` fails closed (`LOOKBACK_FAIL_CLOSED`).
    pub fn fail_closed(&self) -> bool {
        self.inner.fail_closed
    }
}

/// Loads `LOOKBACK_CLIENT_RULES_DIR`; the error names the setting, the folder and the bad file.
fn load_overlays(settings: &Settings) -> anyhow::Result<OverlayDir> {
    let dir = settings.client_rules_dir.as_deref();
    let overlays = OverlayDir::load(dir).map_err(|e| {
        anyhow::anyhow!(
            "client rules refused (LOOKBACK_CLIENT_RULES_DIR {}): {e}",
            dir.map(|d| d.display().to_string()).unwrap_or_default()
        )
    })?;
    if let Some(dir) = dir {
        let tenants = overlays.current().len();
        tracing::info!(dir = %dir.display(), tenants, "client rules loaded");
    }
    Ok(overlays)
}
