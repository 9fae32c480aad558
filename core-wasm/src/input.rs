//! Stage inputs as the engine reads them (docs/abi.md), built in one place for every caller: the
//! runtime's protocol module (which adds how the stages are called and composed), the native
//! tests, benchmarks and examples, and the fuzz targets. The browser page's glue
//! (`web-demo/engine.js`) writes the same bytes.
//!
//! The record, the client-rules overlay and the charge dictionary travel as JSON text, spliced in,
//! never re-encoded: the server holds each tenant's overlay and dictionary as text, validated
//! once at load.

/// What stages 2-3 need besides the record (`context` of `lookback_evaluate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageContext<'a> {
    /// The instant the request is evaluated as of, RFC 3339 UTC (the engine reads no clock).
    pub now: &'a str,
    /// The request's correlation id.
    pub correlation_id: &'a str,
    /// The tenant's client-rules overlay as JSON (docs/decisions.md §7.5), if any.
    pub client_rules: Option<&'a str>,
    /// The tenant's charge dictionary as the engine reads it (`{"version", "entries"}`,
    /// `dictionary::DictionaryFile::engine_input`), if any.
    pub charge_dictionary: Option<&'a str>,
}

impl<'a> StageContext<'a> {
    /// A context without an overlay.
    pub fn new(now: &'a str, correlation_id: &'a str) -> Self {
        Self {
            now,
            correlation_id,
            client_rules: None,
            charge_dictionary: None,
        }
    }

    /// The same context with `client_rules` as the overlay.
    pub fn with_client_rules(self, client_rules: Option<&'a str>) -> Self {
        Self {
            client_rules,
            ..self
        }
    }

    /// The same context with `charge_dictionary` as the dictionary.
    pub fn with_charge_dictionary(self, charge_dictionary: Option<&'a str>) -> Self {
        Self {
            charge_dictionary,
            ..self
        }
    }

    /// `{"now", "correlation_id"[, "client_rules"][, "charge_dictionary"]}`.
    pub fn to_json(&self) -> String {
        let overlay = self
            .client_rules
            .map(|json| format!(r#","client_rules":{json}"#))
            .unwrap_or_default();
        let dictionary = self
            .charge_dictionary
            .map(|json| format!(r#","charge_dictionary":{json}"#))
            .unwrap_or_default();
        format!(
            r#"{{"now":{},"correlation_id":{}{overlay}{dictionary}}}"#,
            quote(self.now),
            quote(self.correlation_id)
        )
    }
}

/// `lookback_evaluate`'s input: `{"context": {...}, "record": <record JSON>}`, the record being
/// stage 1's `record` as it answered it.
pub fn evaluate_input(context: &StageContext<'_>, record: &str) -> String {
    format!(r#"{{"context":{},"record":{record}}}"#, context.to_json())
}

/// `lookback_evaluate_kept`'s input: the context alone (the record stayed in the instance).
pub fn evaluate_kept_input(context: &StageContext<'_>) -> String {
    format!(r#"{{"context":{}}}"#, context.to_json())
}

/// `lookback_transform_xml`'s input: one line of context (`{"now": ...}`), then the raw body.
pub fn transform_xml_input(now: &str, body: &[u8]) -> Vec<u8> {
    let context = format!(r#"{{"now":{}}}"#, quote(now));
    let mut input = Vec::with_capacity(context.len() + 1 + body.len());
    input.extend_from_slice(context.as_bytes());
    input.push(b'\n');
    input.extend_from_slice(body);
    input
}

/// A JSON string literal.
fn quote(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::Context;

    #[test]
    fn the_record_and_the_overlay_are_spliced_as_they_are() {
        let context = StageContext::new("2026-01-01T00:00:00Z", "c-1");
        assert_eq!(
            evaluate_input(&context, r#"{"a": [1, 2]}"#),
            r#"{"context":{"now":"2026-01-01T00:00:00Z","correlation_id":"c-1"},"record":{"a": [1, 2]}}"#
        );
        let overlay = context.with_client_rules(Some(r#"{"always_review_felonies":true}"#));
        assert_eq!(
            evaluate_kept_input(&overlay),
            r#"{"context":{"now":"2026-01-01T00:00:00Z","correlation_id":"c-1","client_rules":{"always_review_felonies":true}}}"#
        );
        assert_eq!(
            transform_xml_input("2026-01-01T00:00:00Z", b"<x/>"),
            b"{\"now\":\"2026-01-01T00:00:00Z\"}\n<x/>".to_vec()
        );
    }

    #[test]
    fn the_engine_reads_the_context_back() {
        let tricky = "a\"b\\c\n";
        let json = StageContext::new("2026-01-01T00:00:00Z", tricky)
            .with_client_rules(Some(r#"{"always_review_felonies":true}"#))
            .to_json();
        let context: Result<Context, _> = serde_json::from_str(&json);
        let context = context.unwrap_or_else(|e| Context {
            now: e.to_string(),
            correlation_id: String::new(),
            client_rules: None,
            charge_dictionary: None,
        });
        assert_eq!(context.correlation_id, tricky);
        assert!(context.client_rules.is_some());
    }
}
