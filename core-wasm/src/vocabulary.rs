//! The words and numbers every part of Lookback shares, each defined once: the decision labels,
//! routing queues and rule confidences (the engine's own types, re-exported here), the HTTP API
//! version, and the stage deadline the server and the page both default to (the server's other
//! limits are the runtime's and the host's own). The runtime, the server and the
//! offline tools use these by name; the browser page reads them from `web-demo/vocabulary.js`,
//! which [`page_module`] writes and a test keeps equal to it.

use std::fmt::Write as _;

pub use crate::model::{Label, Queue};
pub use crate::rules::Confidence;

/// `meta.api_version`: the HTTP API version (docs/decisions.md §3), distinct from the engine version.
pub const API_VERSION: &str = "1.0.0";

/// Default wall-clock budget of one engine stage, in milliseconds (docs/decisions.md §3).
pub const DEFAULT_STAGE_DEADLINE_MS: u64 = 2000;

/// The page's copy of this vocabulary: the text of `web-demo/vocabulary.js`.
pub fn page_module() -> String {
    let quote = |s: &str| format!("'{s}'");
    let list = |items: &mut dyn Iterator<Item = String>| items.collect::<Vec<_>>().join(", ");
    let mut js = String::from(
        "// The words and numbers the page shares with the server, generated from\n\
         // core-wasm/src/vocabulary.rs: do not edit. `cargo test -p lookback-core --test vocabulary`\n\
         // fails while this file differs; LOOKBACK_WRITE_VOCABULARY=1 with it rewrites the file.\n\n",
    );
    let _ = writeln!(
        js,
        "/** `meta.api_version` of the HTTP API the page mirrors. */\nexport const API_VERSION = {};\n",
        quote(API_VERSION)
    );
    let _ = writeln!(
        js,
        "/** The engine ABI the page speaks (docs/abi.md). */\nexport const ABI_VERSION = {};\n",
        crate::api::ABI_VERSION
    );
    let _ = writeln!(
        js,
        "/** Per-stage deadline, the server's default (docs/decisions.md §3). */\n\
         export const STAGE_DEADLINE_MS = {DEFAULT_STAGE_DEADLINE_MS};\n"
    );
    let _ = writeln!(
        js,
        "/** Decision labels (`*_decision`), in the order counts list them. */\n\
         export const LABELS = Object.freeze([{}]);\n",
        list(&mut Label::ALL.iter().map(|l| quote(l.as_str())))
    );
    let _ = writeln!(
        js,
        "/** Each label in words, for people. */\nexport const LABEL_WORDS = Object.freeze({{ {} }});\n",
        list(
            &mut Label::ALL
                .iter()
                .map(|l| format!("{}: {}", l.as_str(), quote(l.words())))
        )
    );
    let _ = writeln!(
        js,
        "/** Routing queues, in rollup priority order (lowest first). */\n\
         export const QUEUES = Object.freeze([{}]);\n",
        list(&mut Queue::ALL.iter().map(|q| quote(q.as_str())))
    );
    let _ = writeln!(
        js,
        "/** The queues by name. */\nexport const QUEUE = Object.freeze({{ {} }});",
        list(
            &mut Queue::ALL
                .iter()
                .map(|q| format!("{q:?}: {}", quote(q.as_str())))
        )
    );
    js
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_queues_read_back_as_they_are_spelled() {
        for label in Label::ALL {
            let json = format!("\"{}\"", label.as_str());
            assert_eq!(serde_json::to_string(&label).ok(), Some(json.clone()));
            assert_eq!(serde_json::from_str::<Label>(&json).ok(), Some(label));
        }
        for queue in Queue::ALL {
            let json = format!("\"{}\"", queue.as_str());
            assert_eq!(serde_json::to_string(&queue).ok(), Some(json.clone()));
            assert_eq!(serde_json::from_str::<Queue>(&json).ok(), Some(queue));
        }
        for confidence in Confidence::ALL {
            let json = format!("\"{}\"", confidence.as_str());
            assert_eq!(serde_json::to_string(&confidence).ok(), Some(json));
        }
        assert!(serde_json::from_str::<Label>("\"MAYBE\"").is_err());
    }

    #[test]
    fn queues_are_listed_in_rollup_order_and_labels_follow_them() {
        assert!(Queue::ALL.windows(2).all(|w| w[0] < w[1]));
        let labels: Vec<Label> = Queue::ALL.iter().map(|q| q.rolled_up_label()).collect();
        assert_eq!(
            labels,
            [Label::NotReportable, Label::Reportable, Label::ManualReview]
        );
    }
}
