// The words and numbers the page shares with the server, generated from
// core-wasm/src/vocabulary.rs: do not edit. `cargo test -p lookback-core --test vocabulary`
// fails while this file differs; LOOKBACK_WRITE_VOCABULARY=1 with it rewrites the file.

/** `meta.api_version` of the HTTP API the page mirrors. */
export const API_VERSION = '1.0.0';

/** The engine ABI the page speaks (docs/abi.md). */
export const ABI_VERSION = 1;

/** Per-stage deadline, the server's default (docs/decisions.md §3). */
export const STAGE_DEADLINE_MS = 2000;

/** Decision labels (`*_decision`), in the order counts list them. */
export const LABELS = Object.freeze(['REPORTABLE', 'NOT_REPORTABLE', 'MANUAL_REVIEW']);

/** Each label in words, for people. */
export const LABEL_WORDS = Object.freeze({ REPORTABLE: 'Reportable', NOT_REPORTABLE: 'Not reportable', MANUAL_REVIEW: 'Manual review' });

/** Routing queues, in rollup priority order (lowest first). */
export const QUEUES = Object.freeze(['Automation', 'Auditor', 'Insufficient Data']);

/** The queues by name. */
export const QUEUE = Object.freeze({ Automation: 'Automation', Auditor: 'Auditor', InsufficientData: 'Insufficient Data' });
