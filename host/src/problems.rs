//! What makes the service `degraded`, each problem with a short code (all public `/health`
//! shows, DECISIONS §14) and its detail (digests, file names, refusal texts: the admin module
//! view only). A refused upload is not a problem of the service: the admin who sent it got the
//! refusal, and the module view keeps it as `last_load`.

use lookback_runtime::LoadEvent;

use crate::state::AppState;

/// Where a failed load came from when an admin uploaded it (`Modules::upload`).
const UPLOAD_SOURCE: &str = "upload";

/// Every reason code public `/health` may show: [`problems`]' and the canary's.
pub const REASON_CODES: [&str; 8] = [
    "database_unreachable",
    "replica_behind",
    "module_load_failed",
    "active_module_not_restored",
    "keys_file_invalid",
    "client_rules_invalid",
    "xml_transformer_failing",
    "compliance_engine_failing",
];

/// One reason to say `degraded`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Short stable code, e.g. `keys_file_invalid`.
    pub code: &'static str,
    /// What happened, for operators.
    pub detail: String,
}

impl Problem {
    fn new(code: &'static str, detail: String) -> Self {
        Self { code, detail }
    }
}

/// Every current problem of `state`, in a stable order.
pub fn problems(state: &AppState) -> Vec<Problem> {
    let registry = state.registry();
    let failed_load = registry
        .last_load()
        .filter(|load| !load.ok && load.source != UPLOAD_SOURCE);
    [
        state
            .shared()
            .and_then(crate::store::Shared::degraded)
            .map(|(code, detail)| Problem::new(code, detail)),
        failed_load.map(|load| Problem::new("module_load_failed", load_detail(&load))),
        registry
            .warning()
            .map(|warning| Problem::new("active_module_not_restored", warning)),
        state
            .auth()
            .key_file_problem()
            .map(|detail| Problem::new("keys_file_invalid", detail)),
        state
            .overlay_dir()
            .problem()
            .map(|detail| Problem::new("client_rules_invalid", detail)),
    ]
    .into_iter()
    .flatten()
    .collect()
}

fn load_detail(load: &LoadEvent) -> String {
    format!(
        "newest module load ({}) failed: {}",
        load.source,
        load.reason.as_deref().unwrap_or("no reason given")
    )
}

/// The details joined for the admin view; `None` when all is well.
pub fn details(problems: &[Problem]) -> Option<String> {
    (!problems.is_empty()).then(|| {
        problems
            .iter()
            .map(|p| p.detail.as_str())
            .collect::<Vec<_>>()
            .join("; ")
    })
}
