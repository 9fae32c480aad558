//! What makes the service `degraded`, each problem with a short code (all public `/health`
//! shows, docs/decisions.md §14) and its detail (digests, file names, refusal texts: the admin module
//! view only). A refused upload is not a problem of the service: the admin who sent it got the
//! refusal, and the module view keeps it as `last_load`.

use lookback_runtime::LoadEvent;

use crate::state::AppState;

/// Where a failed load came from when an admin uploaded it (`Modules::upload`).
const UPLOAD_SOURCE: &str = "upload";

/// Every reason code public `/health` may show: [`problems`]' and the canary's.
pub const REASON_CODES: [&str; 12] = [
    "database_unreachable",
    "replica_behind",
    "module_load_failed",
    "active_module_not_restored",
    "modules_dir_unwritable",
    "keys_file_invalid",
    "no_keys",
    "client_rules_invalid",
    "decision_log_failing",
    "decision_log_reopened",
    "xml_transformer_failing",
    "compliance_engine_failing",
];

/// The problems that make `/health` answer 503 under `LOOKBACK_FAIL_CLOSED=1`: a replica on a
/// module the operator did not choose, or one whose answers go unrecorded.
pub const FAIL_CLOSED: [&str; 2] = ["active_module_not_restored", "decision_log_failing"];

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
            .modules()
            .dir_problem()
            .map(|detail| Problem::new("modules_dir_unwritable", detail)),
        state
            .auth()
            .key_file_problem()
            .map(|detail| Problem::new("keys_file_invalid", detail)),
        no_keys(state),
        state
            .overlay_dir()
            .problem()
            .map(|detail| Problem::new("client_rules_invalid", detail)),
    ]
    .into_iter()
    .flatten()
    .chain(
        state
            .decision_log()
            .problems()
            .into_iter()
            .map(|p| Problem::new(p.code, p.detail)),
    )
    .collect()
}

/// Not one key accepted, here or in the shared registry: every key exchange and token fails.
fn no_keys(state: &AppState) -> Option<Problem> {
    let shared = state.shared().map_or(0, |shared| shared.keys().len());
    (state.auth().key_count() + shared == 0).then(|| {
        Problem::new(
            "no_keys",
            "no API key is accepted: every key exchange and token is refused (configure \
             LOOKBACK_API_KEYS, LOOKBACK_ADMIN_KEYS or LOOKBACK_KEYS_FILE)"
                .to_owned(),
        )
    })
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
