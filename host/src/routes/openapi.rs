//! `GET /openapi.json`: the OpenAPI 3.1 description of every public and admin endpoint
//! (docs/decisions.md §12). Written by hand here, with the contract's messages taken from the same
//! constants the engine and the host answer with; `docs/openapi.json` is its checked-in copy
//! (`UPDATE_OPENAPI=1 cargo test -p lookback-tests --test e2e openapi` rewrites it, and the
//! end-to-end suite fails when the two drift). The suite validates real answers against it.

use axum::http::StatusCode;
use axum::response::Response;
use lookback_core::messages as engine;
use serde_json::{Value, json};

use lookback_core::vocabulary::{API_VERSION, Label, Queue};

use crate::error::{json_response, messages};
use crate::limits::input::InputLimits;

/// `GET /openapi.json` (public).
pub async fn openapi() -> Response {
    json_response(StatusCode::OK, document().to_string())
}

/// The 400 messages of docs/api.md "Request validation messages" (and the host's body checks).
fn validation_messages() -> Vec<String> {
    let mut all: Vec<String> = [
        engine::XML_OR_RECORD_JSON_REQUIRED,
        engine::XML_AND_RECORD_JSON,
        engine::CRIMINAL_SEARCH_RESULTS_MISSING,
        engine::CRIMINAL_SEARCH_RESULTS_EMPTY,
        engine::SUBMISSION_TYPE_RESUBMIT,
        engine::SUBMISSION_TYPE_WITH_XML,
        engine::SUBMISSION_TYPE_OMIT_WITH_XML,
        engine::CANDIDATE_INFO_INSIDE,
        engine::CANDIDATE_INFO_EMPTY,
        engine::CANDIDATE_INFO_MINIMUM,
        engine::CANDIDATE_INFO_FLAT,
        engine::IS_EXCLUDED_REQUIRED,
        engine::DATE_OF_BIRTH_FORMAT,
        engine::XML_PARSE_FAILED,
        engine::BODY_NOT_JSON,
        engine::BODY_NOT_UTF8,
        engine::BODY_TOO_DEEP,
        engine::BODY_NOT_OBJECT,
        engine::RECORD_REQUIRED,
        engine::STATUS_INSIDE,
        engine::STATUS_INSIDE_SEARCH,
    ]
    .map(str::to_owned)
    .to_vec();
    all.push(engine::missing_required("search_id"));
    for field in ["submission_type", "order_id", "order_number"] {
        all.push(engine::must_not_be_inside(field, "record_json"));
    }
    all.push(engine::must_not_be_inside(
        "submission_type",
        "record_json.search",
    ));
    all.push(engine::must_not_be_inside(
        "order_number",
        "record_json.search",
    ));
    let record_fields = [
        "order_id",
        "order_number",
        "court_search_id",
        "search_date",
        "criminal_records",
    ];
    let fields = record_fields
        .iter()
        .chain(engine::REQUIRED_CASE_FIELDS)
        .chain(&["offenses"]);
    all.extend(fields.map(|field| engine::must_not_be_empty(field)));
    all
}

fn schema_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

fn response_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/responses/{name}") })
}

fn json_content(description: &str, schema: Value) -> Value {
    json!({ "description": description, "content": { "application/json": { "schema": schema } } })
}

fn json_body(schema: Value) -> Value {
    json!({ "required": true, "content": { "application/json": { "schema": schema } } })
}

const BEARER: &str = "bearer";

fn secured(role: &str) -> Value {
    json!([{ BEARER: [role] }])
}

fn version_parameter() -> Value {
    json!({ "name": "version", "in": "path", "required": true,
            "schema": { "type": "string", "pattern": "^[A-Za-z0-9._+-]{1,64}$" } })
}

fn pin_header() -> Value {
    json!({ "name": "X-Engine-Version", "in": "header", "required": false,
            "description": "Pin a loaded engine version for this request (unknown: 400).",
            "schema": { "type": "string" } })
}

fn correlation_header() -> Value {
    json!({ "name": "X-Correlation-ID", "in": "header", "required": false,
            "description": "Echoed on the answer when it is 1-128 characters of A-Z a-z 0-9 . _ -; otherwise a new UUID v4.",
            "schema": { "type": "string" } })
}

/// The errors every authenticated JSON endpoint can answer.
fn client_errors(with_body: bool) -> serde_json::Map<String, Value> {
    let mut map = serde_json::Map::new();
    map.insert("401".into(), response_ref("Unauthorized"));
    map.insert("500".into(), response_ref("InternalError"));
    if with_body {
        map.insert("400".into(), response_ref("BadRequest"));
        map.insert("413".into(), response_ref("PayloadTooLarge"));
        map.insert("415".into(), response_ref("UnsupportedMediaType"));
        map.insert("408".into(), response_ref("RequestTimeout"));
    }
    map
}

/// The answers of an endpoint that runs the engine: over the in-flight cap, 503 at once.
fn engine_errors() -> serde_json::Map<String, Value> {
    let mut map = client_errors(true);
    map.insert("503".into(), response_ref("Overloaded"));
    map
}

/// Admin writes that go through the shared registry, when there is one.
fn registry_write_errors(with_body: bool) -> serde_json::Map<String, Value> {
    let mut map = admin_errors(with_body);
    map.insert("503".into(), response_ref("DatabaseUnavailable"));
    map
}

fn key_id_parameter() -> Value {
    json!({ "name": "key_id", "in": "path", "required": true, "schema": { "type": "string" } })
}

fn tenant_parameter() -> Value {
    json!({ "name": "tenant_id", "in": "path", "required": true, "schema": { "type": "string" } })
}

fn admin_errors(with_body: bool) -> serde_json::Map<String, Value> {
    let mut map = client_errors(with_body);
    map.insert("403".into(), response_ref("Forbidden"));
    map
}

fn merge(mut base: serde_json::Map<String, Value>, extra: Value) -> Value {
    if let Value::Object(extra) = extra {
        base.extend(extra);
    }
    Value::Object(base)
}

/// The whole document.
pub fn document() -> Value {
    let mut document = json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Lookback",
            "version": API_VERSION,
            "summary": "Decides, charge by charge, whether a criminal record found in an employment background check may be reported, and who must look at it.",
            "license": { "name": "Apache-2.0", "identifier": "Apache-2.0" }
        },
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        // Relative to where this document is served: every deployment serves its own copy.
        "servers": [{ "url": "/", "description": "the Lookback server that serves this document" }],
        "tags": [
            { "name": "evaluate", "description": "Decisions (docs/api.md)" },
            { "name": "engine", "description": "Engine modules, public (docs/decisions.md §10)" },
            { "name": "admin", "description": "Module versions and operations, admin role (docs/decisions.md §9, §12)" },
            { "name": "operations", "description": "Health, metrics, this document" }
        ],
        "paths": with_head_refusals(paths()),
        "components": {
            "securitySchemes": {
                BEARER: { "type": "http", "scheme": "bearer", "bearerFormat": "JWT",
                          "description": "POST /auth/token with X-API-Key. Scopes name the role the token must carry (client or admin)." }
            },
            "responses": responses(),
            "schemas": schemas()
        }
    });
    add_input_limits(&mut document);
    add_module_unload(&mut document);
    document
}

fn paths() -> Value {
    json!({
        "/evaluate": { "post": {
            "tags": ["evaluate"], "operationId": "evaluate",
            "summary": "Evaluate one criminal search",
            "security": secured("client"),
            "parameters": [pin_header(), correlation_header()],
            "requestBody": json_body(schema_ref("EvaluateRequest")),
            "responses": merge(engine_errors(), json!({
                "200": json_content("success: every stage completed", schema_ref("EvaluateEnvelope")),
                "206": json_content("partial: the compliance stage failed; the fail-safe decision sends every charge to human review", schema_ref("EvaluateEnvelope")),
                "403": response_ref("Forbidden"),
                "422": json_content("validation_required: cases[] does not match the record's charges", schema_ref("EvaluateEnvelope")),
                "500": json_content("failed: the transform stage failed, or an internal error", json!({
                    "oneOf": [schema_ref("EvaluateEnvelope"), schema_ref("ErrorBody")] })),
                "503": response_ref("EvaluateUnavailable")
            }))
        }},
        "/transform-xml": { "post": {
            "tags": ["evaluate"], "operationId": "transformXml",
            "summary": "Map vendor XML to the record_json /evaluate accepts as a resubmit (stage 1 only)",
            "security": secured("client"),
            "parameters": [pin_header(), correlation_header()],
            "requestBody": json_body(schema_ref("TransformXmlRequest")),
            "responses": merge(engine_errors(), json!({
                "200": json_content("the mapped record", schema_ref("TransformXmlAnswer")),
                "422": json_content("count mismatch", schema_ref("CountMismatch"))
            }))
        }},
        "/complianceEngine/identity-match": { "post": {
            "tags": ["evaluate"], "operationId": "identityMatch",
            "summary": "Compare two identity records (no authentication)",
            "security": [],
            "parameters": [pin_header(), correlation_header()],
            "requestBody": json_body(schema_ref("IdentityMatchRequest")),
            "responses": {
                "200": json_content("scores", schema_ref("IdentityMatchAnswer")),
                "400": json_content("problem details", json!({
                    "oneOf": [schema_ref("ProblemDetails"), schema_ref("ErrorBody")] })),
                "408": response_ref("RequestTimeout"),
                "413": response_ref("PayloadTooLarge"),
                "415": response_ref("UnsupportedMediaType"),
                "429": response_ref("TooManyRequests"),
                "500": response_ref("InternalError"),
                "503": response_ref("Overloaded")
            }
        }},
        "/auth/token": { "post": {
            "tags": ["evaluate"], "operationId": "token",
            "summary": "Exchange an API key for a bearer token",
            "security": [],
            "parameters": [{ "name": "X-API-Key", "in": "header", "required": true,
                             "schema": { "type": "string", "pattern": "^lkb_[A-Za-z0-9]{40}$" } }],
            "responses": {
                "200": json_content("a token", schema_ref("Token")),
                "401": response_ref("Unauthorized"),
                "429": response_ref("TooManyRequests")
            }
        }},
        "/health": { "get": {
            "tags": ["operations"], "operationId": "health", "security": [], "summary": "Service health: healthy, degraded or unhealthy (no authentication)",
            "responses": {
                "200": json_content("healthy or degraded", schema_ref("Health")),
                "503": json_content("unhealthy: no usable module; or, with LOOKBACK_FAIL_CLOSED=1, the persisted active module could not be restored (active_module_not_restored) or the decision log cannot be written (decision_log_failing)", schema_ref("Health"))
            }
        }},
        "/openapi.json": { "get": {
            "tags": ["operations"], "operationId": "openapi", "security": [],
            "summary": "This document",
            "responses": { "200": json_content("OpenAPI 3.1", json!({ "type": "object", "required": ["openapi", "paths"],
                "properties": { "openapi": { "type": "string" }, "paths": { "type": "object" } } })) }
        }},
        "/metrics": { "get": {
            "tags": ["operations"], "operationId": "metrics",
            "summary": "Prometheus metrics (OpenMetrics text)",
            "security": secured("admin"),
            "responses": merge(admin_errors(false), json!({
                "200": { "description": "the exposition",
                         "content": { "application/openmetrics-text": { "schema": { "type": "string" } } } }
            }))
        }},
        "/engine/modules": { "get": {
            "tags": ["engine"], "operationId": "engineModules", "security": [], "summary": "Public metadata of the loaded engine modules",
            "responses": { "200": json_content("loaded modules' public metadata", schema_ref("PublicModules")) }
        }},
        "/engine/active.wasm": { "get": {
            "tags": ["engine"], "operationId": "activeModule", "security": [], "summary": "The active engine module's bytes (what the reviewer page runs)",
            "responses": { "200": response_ref("ModuleBytes"), "304": { "description": "not modified (If-None-Match)" } }
        }},
        "/engine/{file}": { "get": {
            "tags": ["engine"], "operationId": "moduleByVersion", "security": [], "summary": "One loaded engine module's bytes, by version",
            "parameters": [{ "name": "file", "in": "path", "required": true,
                             "description": "<version>.wasm", "schema": { "type": "string" } }],
            "responses": {
                "200": response_ref("ModuleBytes"),
                "304": { "description": "not modified (If-None-Match)" },
                "404": response_ref("NotFound")
            }
        }},
        "/admin/modules": {
            "get": {
                "tags": ["admin"], "operationId": "listModules", "security": secured("admin"), "summary": "Loaded module versions, the active one, the history and the replicas",
                "responses": merge(admin_errors(false), json!({
                    "200": json_content("loaded modules", schema_ref("ModuleListing")) }))
            },
            "post": {
                "tags": ["admin"], "operationId": "uploadModule", "security": secured("admin"), "summary": "Upload an engine module; admitted only if every check passes",
                "parameters": [
                    { "name": "sha256", "in": "query", "required": false, "schema": { "type": "string" } },
                    { "name": "activate", "in": "query", "required": false, "schema": { "type": "boolean" } }
                ],
                "requestBody": { "required": true, "content": { "application/wasm": {
                    "schema": { "type": "string", "contentMediaType": "application/wasm" } } } },
                "responses": merge(admin_errors(true), json!({
                    "200": json_content("already loaded (same version, same bytes)", schema_ref("UploadAnswer")),
                    "201": json_content("admitted", schema_ref("UploadAnswer")),
                    "409": response_ref("Conflict"),
                    "422": response_ref("ModuleRefused"),
                    "507": response_ref("NotPersisted")
                }))
            }
        },
        "/admin/modules/rollback": { "post": {
            "tags": ["admin"], "operationId": "rollback", "security": secured("admin"), "summary": "Activate the previously active version again",
            "responses": merge(admin_errors(false), json!({
                "200": json_content("rolled back", schema_ref("Activation")),
                "409": response_ref("Conflict"),
                "507": response_ref("NotPersisted") }))
        }},
        "/admin/modules/{version}/activate": { "post": {
            "tags": ["admin"], "operationId": "activate", "security": secured("admin"), "summary": "Make a loaded version the active one (atomic)",
            "parameters": [version_parameter()],
            "responses": merge(admin_errors(false), json!({
                "200": json_content("activated", schema_ref("Activation")),
                "404": response_ref("NotFound"),
                "422": response_ref("ModuleRefused"),
                "507": response_ref("NotPersisted") }))
        }},
        "/admin/modules/{version}/shadow": {
            "parameters": [version_parameter()],
            "post": {
                "tags": ["admin"], "operationId": "startShadow", "security": secured("admin"),
                "summary": "Shadow-evaluate a sample of live /evaluate calls with this loaded version",
                "requestBody": json_body(schema_ref("ShadowRequest")),
                "responses": merge(admin_errors(true), json!({
                    "201": json_content("started (restarted with fresh counts if it ran)", schema_ref("ShadowSummary")),
                    "404": response_ref("NotFound") }))
            },
            "get": {
                "tags": ["admin"], "operationId": "shadowSummary", "security": secured("admin"), "summary": "What the shadow evaluation of this version found so far",
                "responses": merge(admin_errors(false), json!({
                    "200": json_content("the summary", schema_ref("ShadowSummary")),
                    "404": response_ref("NotFound") }))
            },
            "delete": {
                "tags": ["admin"], "operationId": "stopShadow", "security": secured("admin"), "summary": "End the shadow evaluation of this version",
                "responses": merge(admin_errors(false), json!({
                    "200": json_content("ended; the final summary", schema_ref("ShadowSummary")),
                    "404": response_ref("NotFound") }))
            }
        },
        "/admin/diff": { "post": {
            "tags": ["admin"], "operationId": "diff", "security": secured("admin"), "summary": "Evaluate one record on two loaded versions and list the charges that differ",
            "requestBody": json_body(schema_ref("DiffRequest")),
            "responses": merge(admin_errors(true), json!({
                "200": json_content("the charges whose decision, queue or cited rules differ", schema_ref("DiffReport")),
                "404": response_ref("NotFound"),
                "503": response_ref("Overloaded") }))
        }},
        "/admin/keys": { "post": {
            "tags": ["admin"], "operationId": "createKey", "security": secured("admin"),
            "summary": "Create an API key in the shared registry; the key is shown once, only its hash is kept",
            "requestBody": json_body(json!({ "type": "object", "required": ["role"], "additionalProperties": false,
                "properties": { "tenant": { "type": ["string", "null"] }, "role": { "enum": ["client", "admin"] } } })),
            "responses": merge(registry_write_errors(true), json!({
                "201": json_content("created", json!({ "type": "object", "required": ["key", "key_id", "role"],
                    "properties": { "key": { "type": "string" }, "key_id": { "type": "string" },
                                    "tenant": { "type": ["string", "null"] }, "role": { "enum": ["client", "admin"] } } })),
                "409": response_ref("DatabaseRequired") }))
        }},
        "/admin/keys/{key_id}": { "delete": {
            "tags": ["admin"], "operationId": "revokeKey", "security": secured("admin"),
            "summary": "Revoke a key of the shared registry: no new tokens, and its outstanding tokens fail",
            "parameters": [key_id_parameter()],
            "responses": merge(registry_write_errors(false), json!({
                "200": json_content("revoked", json!({ "type": "object", "required": ["key_id", "revoked"],
                    "properties": { "key_id": { "type": "string" }, "revoked": { "const": true } } })),
                "404": response_ref("NotFound"),
                "409": response_ref("DatabaseRequired") }))
        }},
        "/admin/overlays/{tenant_id}": {
            "parameters": [tenant_parameter()],
            "get": {
                "tags": ["admin"], "operationId": "getOverlay", "security": secured("admin"), "summary": "A tenant's client-rules overlay",
                "responses": merge(admin_errors(false), json!({
                    "200": json_content("the tenant's client-rules overlay", schema_ref("OverlayAnswer")),
                    "404": response_ref("NotFound") }))
            },
            "put": {
                "tags": ["admin"], "operationId": "putOverlay", "security": secured("admin"),
                "summary": "Store a tenant's client-rules overlay in the shared registry (a less protective one is refused)",
                "requestBody": json_body(json!({ "type": "object" })),
                "responses": merge(registry_write_errors(true), json!({
                    "200": json_content("stored", schema_ref("OverlayAnswer")),
                    "409": response_ref("DatabaseRequired"),
                    "422": response_ref("OverlayRefused") }))
            }
        },
        "/admin/tenants/{tenant_id}/dictionary": {
            "parameters": [tenant_parameter()],
            "get": {
                "tags": ["admin"], "operationId": "getDictionary", "security": secured("admin"),
                "summary": "A tenant's charge dictionary in force on this replica (docs/dictionary.md)",
                "responses": merge(admin_errors(false), json!({
                    "200": json_content("the tenant's dictionary file, its version and digest", schema_ref("DictionaryInForce")),
                    "404": response_ref("NotFound") }))
            },
            "put": {
                "tags": ["admin"], "operationId": "putDictionary", "security": secured("admin"),
                "summary": "Store a tenant's charge dictionary in the shared registry: every replica reads the tenant's charges with it; answered with its version and the entries it adds, removes and changes",
                "requestBody": json_body(schema_ref("DictionaryFile")),
                "responses": merge(registry_write_errors(true), json!({
                    "200": json_content("stored", schema_ref("DictionaryStored")),
                    "409": response_ref("DatabaseRequired"),
                    "422": response_ref("DictionaryRefused") }))
            }
        },
        "/admin/tenants/{tenant_id}/dictionary/diff": {
            "parameters": [tenant_parameter()],
            "post": {
                "tags": ["admin"], "operationId": "diffDictionary", "security": secured("admin"),
                "summary": "Evaluate one record on the active module read with the tenant's dictionary in force and with a proposed one, and list the charges that differ",
                "requestBody": json_body(schema_ref("DictionaryDiffRequest")),
                "responses": merge(admin_errors(true), json!({
                    "200": json_content("the charges whose decision, queue or cited rules differ", schema_ref("DiffReport")),
                    "422": response_ref("DictionaryRefused"),
                    "503": response_ref("Overloaded") }))
            }
        }
    })
}

/// Every operation can meet the HTTP layer's refusal of an oversized request head (431): added to
/// each here rather than by hand.
fn with_head_refusals(mut paths: Value) -> Value {
    let operations = paths
        .as_object_mut()
        .into_iter()
        .flat_map(|paths| paths.values_mut())
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.iter_mut())
        .filter(|(key, _)| key.as_str() != "parameters")
        .filter_map(|(_, operation)| operation["responses"].as_object_mut());
    for responses in operations {
        responses.insert("431".into(), response_ref("HeadTooLarge"));
    }
    paths
}

fn error_with(code: Value, message: Value) -> Value {
    json!({ "allOf": [schema_ref("ErrorBody"), {
        "properties": { "error": { "properties": { "code": code, "message": message } } } }] })
}

fn responses() -> Value {
    json!({
        "BadRequest": json_content("invalid request; message and errors[] quote docs/api.md's messages verbatim",
            error_with(json!({ "const": "INVALID_REQUEST" }),
                       json!({ "type": "string", "examples": validation_messages() }))),
        "Unauthorized": json_content("missing, malformed, bad or expired credentials (WWW-Authenticate: Bearer)",
            error_with(json!({ "const": "UNAUTHORIZED" }),
                       json!({ "enum": [messages::AUTH_REQUIRED, messages::INVALID_TOKEN, messages::INVALID_API_KEY] }))),
        "Forbidden": json_content("the token's role or tenant does not allow this",
            error_with(json!({ "const": "FORBIDDEN" }),
                       json!({ "enum": [messages::ADMIN_REQUIRED, messages::TENANT_MISMATCH] }))),
        "NotFound": json_content("no such endpoint, module version, shadow, key, overlay or dictionary",
            error_with(json!({ "enum": ["NOT_FOUND", "MODULE_NOT_FOUND", "SHADOW_NOT_FOUND", "KEY_NOT_FOUND", "OVERLAY_NOT_FOUND", "DICTIONARY_NOT_FOUND"] }), json!({ "type": "string" }))),
        "RequestTimeout": json_content("the body did not arrive within the body timeout",
            error_with(json!({ "const": "REQUEST_TIMEOUT" }), json!({ "type": "string" }))),
        "TooManyRequests": json_content("this client address is over its rate limit; Retry-After says when to try again",
            error_with(json!({ "const": "RATE_LIMITED" }), json!({ "type": "string" }))),
        "Overloaded": json_content("over the connection or in-flight engine cap; never queued; Retry-After says when to try again",
            error_with(json!({ "const": "OVERLOADED" }), json!({ "type": "string" }))),
        "EvaluateUnavailable": json_content("over the connection or in-flight engine cap (OVERLOADED, with Retry-After); or, with LOOKBACK_DECISION_LOG_SYNC=every, the decision could not be recorded in the decision log and is not answered (DECISION_LOG_UNAVAILABLE)",
            error_with(json!({ "enum": ["OVERLOADED", "DECISION_LOG_UNAVAILABLE"] }), json!({ "type": "string" }))),
        "NotPersisted": json_content("the change could not be written to the modules directory (full, read-only); nothing was changed; the message names the file",
            error_with(json!({ "const": "NOT_PERSISTED" }), json!({ "type": "string" }))),
        "DatabaseRequired": json_content("keys, overlays and charge dictionaries are managed through the API only with a shared registry (LOOKBACK_DATABASE_URL)",
            error_with(json!({ "const": "DATABASE_REQUIRED" }), json!({ "type": "string" }))),
        "DatabaseUnavailable": json_content("the shared registry is unreachable; serving goes on, admin writes wait",
            error_with(json!({ "const": "DATABASE_UNAVAILABLE" }), json!({ "type": "string" }))),
        "OverlayRefused": json_content("the overlay is invalid or less protective than the law",
            error_with(json!({ "const": "OVERLAY_REFUSED" }), json!({ "type": "string" }))),
        "DictionaryRefused": json_content("the charge dictionary is invalid: an unknown field, an entry matching nothing or setting nothing, a pattern too broad, two entries reading one charge differently, too many entries or bytes; the message names the entry",
            error_with(json!({ "const": "DICTIONARY_REFUSED" }), json!({ "type": "string" }))),
        "Conflict": json_content("version taken by other bytes, nothing to roll back to, or a version that cannot be unloaded now",
            error_with(json!({ "enum": ["VERSION_CONFLICT", "NO_PREVIOUS_VERSION", "MODULE_ACTIVE", "MODULE_BASE", "MODULE_IN_USE"] }), json!({ "type": "string" }))),
        "ModuleRefused": json_content("a check refused the module; the message names it",
            error_with(json!({ "const": "MODULE_REFUSED" }), json!({ "type": "string" }))),
        "PayloadTooLarge": json_content("body over the configured limit (default 2 MiB; modules 16 MiB)",
            error_with(json!({ "const": "PAYLOAD_TOO_LARGE" }), json!({ "type": "string" }))),
        "UnsupportedMediaType": json_content("JSON endpoints take application/json, uploads application/wasm (docs/decisions.md §12)",
            error_with(json!({ "const": "UNSUPPORTED_MEDIA_TYPE" }), json!({ "type": "string" }))),
        "InternalError": json_content("internal error; the body names no internal detail",
            error_with(json!({ "const": "INTERNAL_ERROR" }), json!({ "const": "internal error" }))),
        "HeadTooLarge": { "description": "the request head (line and headers) is over the server's limit; answered by the HTTP layer, without a body, and the connection is closed" },
        "ModuleBytes": {
            "description": "the module bytes; the digest in X-Engine-Sha256 and the ETag",
            "headers": {
                "X-Engine-Sha256": { "schema": { "type": "string" } },
                "X-Engine-Version": { "schema": { "type": "string" } }
            },
            "content": { "application/wasm": { "schema": { "type": "string", "contentMediaType": "application/wasm" } } }
        }
    })
}

fn label() -> Value {
    json!({ "enum": Label::ALL.map(Label::as_str) })
}

fn queue() -> Value {
    json!({ "enum": Queue::ALL.map(Queue::as_str) })
}

fn nullable(kind: &str) -> Value {
    json!({ "type": [kind, "null"] })
}

fn strings() -> Value {
    json!({ "type": "array", "items": { "type": "string" } })
}

fn schemas() -> Value {
    let mut all = serde_json::Map::new();
    for part in [
        envelope_schemas(),
        decision_schemas(),
        endpoint_schemas(),
        admin_schemas(),
        comparison_schemas(),
    ] {
        if let Value::Object(part) = part {
            all.extend(part);
        }
    }
    Value::Object(all)
}

fn envelope_schemas() -> Value {
    json!({
        "ErrorBody": {
            "type": "object", "required": ["success", "error"],
            "properties": {
                "success": { "const": false },
                "error": { "type": "object", "required": ["code", "message"],
                    "properties": { "code": { "type": "string" }, "message": { "type": "string" },
                                    "errors": { "type": "array", "minItems": 1 } } },
                "meta": schema_ref("Meta")
            }
        },
        "Meta": {
            "type": "object", "required": ["api_version", "process_time_ms", "correlation_id"],
            "properties": {
                "api_version": { "const": API_VERSION },
                "process_time_ms": { "type": "number", "minimum": 0 },
                "correlation_id": { "type": "string" },
                "engine": schema_ref("EngineRef"),
                "dictionary": schema_ref("DictionaryRef")
            }
        },
        "DictionaryRef": {
            "description": "The tenant's charge dictionary the record was read with (absent: none): with meta.engine, what it takes to decide the record the same way again",
            "type": "object", "required": ["tenant_id", "version"],
            "properties": { "tenant_id": { "type": "string" },
                            "version": { "type": "string", "description": "the first 16 hex digits of the dictionary file's SHA-256" } }
        },
        "EngineRef": {
            "type": "object", "required": ["version", "rules_version", "sha256"],
            "properties": { "version": { "type": "string" }, "rules_version": { "type": "string" },
                            "sha256": { "type": "string", "pattern": "^[0-9a-f]{64}$" } }
        },
        "EvaluateRequest": {
            "type": "object", "required": ["record"],
            "properties": { "record": {
                "type": "object", "required": ["search_id"],
                "properties": {
                    "search_id": { "type": "string" }, "search_date": { "type": "string", "format": "date" },
                    "order_id": { "type": "string" }, "order_number": { "type": "string" },
                    "xml": { "type": "string", "description": "vendor XML (ScreeningResults, BackgroundReportPackage or OrderXML); exclusive with record_json" },
                    "record_json": schema_ref("RecordJson"),
                    "submission_type": { "const": "resubmit" },
                    "candidate_info": { "type": "object" },
                    "cases": { "type": "array", "items": { "type": "object",
                        "required": ["court_search_id", "offense_id", "is_excluded"],
                        "properties": { "court_search_id": { "type": "string" }, "offense_id": { "type": "string" },
                                        "is_excluded": { "type": "boolean" } } } },
                    "tenant_id": { "type": "string" },
                    "applicant_state": { "type": "string" }, "customer_state": { "type": "string" },
                    "search_type": { "type": "string" }
                }
            } }
        },
        "RecordJson": {
            "description": "Mapped criminal data (docs/api.md \"record_json\"); the engine checks every field and answers 400 with the contract's message.",
            "type": "object", "required": ["criminal_search_results"],
            "properties": {
                "criminal_search_results": { "type": "array", "items": { "type": "object" } },
                "search": { "type": "object" },
                "tenant_id": { "type": "string" }
            }
        },
        "Timing": {
            "description": "Milliseconds (docs/decisions.md §3: identity_ms, rules_ms and queue_ms may appear beside the contract's three).",
            "type": "object", "required": ["xml_transformer_ms", "compliance_ms", "total_ms"],
            "properties": { "xml_transformer_ms": { "type": "number" }, "compliance_ms": { "type": "number" },
                            "total_ms": { "type": "number" } },
            "additionalProperties": { "type": "number" }
        },
        "EvaluateEnvelope": {
            "type": "object", "required": ["success", "data", "meta"],
            "properties": {
                "success": { "type": "boolean" },
                "data": {
                    "type": "object", "required": ["search_id", "correlation_id", "status", "errors"],
                    "properties": {
                        "search_id": nullable("string"),
                        "correlation_id": { "type": "string" },
                        "status": { "enum": ["success", "partial", "validation_required", "failed"] },
                        "errors": strings(),
                        "validation": schema_ref("Validation"),
                        "decision": schema_ref("Decision"),
                        "degradation": schema_ref("Degradation"),
                        "timing": schema_ref("Timing")
                    }
                },
                "meta": schema_ref("Meta")
            }
        },
    })
}

fn decision_schemas() -> Value {
    let (label, queue) = (label(), queue());
    let score = json!({ "type": "number" });
    json!({
        "Degradation": {
            "type": "object", "required": ["xml_transformer", "compliance_engine"],
            "properties": { "xml_transformer": schema_ref("Component"), "compliance_engine": schema_ref("Component") }
        },
        "Component": {
            "type": "object", "required": ["status", "error"],
            "properties": { "status": { "enum": ["available", "degraded", "unavailable", "failed", "not_called"] },
                            "error": nullable("string") }
        },
        "Validation": {
            "type": "object", "required": ["status", "issues"],
            "properties": {
                "status": { "type": "string" },
                "issues": { "type": "object", "properties": {
                    "errors": { "type": "array", "items": schema_ref("Issue") },
                    "warnings": { "type": "array", "items": schema_ref("Issue") } } }
            }
        },
        "Issue": {
            "type": "object", "required": ["level", "field", "issue", "description"],
            "properties": { "level": { "enum": ["candidate", "case_subject", "case", "offense"] },
                            "field": { "type": "string" }, "issue": { "type": "string" },
                            "description": { "type": "string" }, "case_id": { "type": "string" },
                            "case_number": { "type": "string" }, "offense_id": { "type": "string" } }
        },
        "Decision": {
            "type": "object",
            "required": ["search_id", "decision_date", "record_decision", "search_queue", "court_decisions"],
            "properties": {
                "search_id": nullable("string"), "decision_date": { "type": "string", "format": "date-time" },
                "record_decision": label, "search_queue": queue,
                "order_id": nullable("string"), "order_number": nullable("string"),
                "client_search_type": nullable("string"),
                "court_decisions": { "type": "array", "items": schema_ref("CourtDecision") }
            }
        },
        "CourtDecision": {
            "type": "object", "required": ["court_search_id", "court_decision", "court_queue", "case_decisions"],
            "properties": { "court_search_id": { "type": "string" }, "court_decision": label, "court_queue": queue,
                            "case_decisions": { "type": "array", "items": schema_ref("CaseDecision") } }
        },
        "CaseDecision": {
            "type": "object",
            "required": ["case_number", "case_decision", "case_queue", "jurisdiction_state", "id_match", "offenses"],
            "properties": { "case_number": { "type": "string" }, "case_decision": label, "case_queue": queue,
                            "jurisdiction_state": nullable("string"), "id_match": schema_ref("IdMatch"),
                            "offenses": { "type": "array", "items": schema_ref("Charge") } }
        },
        "IdMatch": {
            "type": "object",
            "required": ["is_match", "match_score", "name_score", "dob_score", "ssn_score", "address_score", "details"],
            "properties": { "is_match": { "type": "boolean" }, "match_score": score, "name_score": score,
                            "dob_score": score, "ssn_score": score, "address_score": score,
                            "details": { "type": "string" } }
        },
        "Charge": {
            "description": "One charge. Accepted extensions (docs/decisions.md §12) such as classification and lookback may appear beside the contract fields.",
            "type": "object",
            "required": ["offense_id", "charge", "charge_decision", "rationale", "needs_human_review", "cited_rules", "citations", "routing"],
            "properties": {
                "offense_id": { "type": "string" }, "charge": nullable("string"), "charge_decision": label,
                "type": nullable("string"), "disposition": nullable("string"), "rationale": { "type": "string" },
                "needs_human_review": { "type": "boolean" }, "cited_rules": strings(), "citations": strings(),
                "routing": schema_ref("Routing"),
                "classification": schema_ref("Classification"),
                "lookback": schema_ref("Lookback")
            },
            "additionalProperties": true
        },
        "Classification": {
            "description": "How stage 1 read the charge (docs/decisions.md §12), with the evidence of each reading; dictionary: the tenant's charge dictionary read it (its entries' lines in evidence name the entry, the version and the built-in reading)",
            "type": ["object", "null"],
            "properties": {
                "severity": { "type": "string" }, "traffic": { "enum": ["minor", "serious", "none", "unknown"] },
                "disposition_class": { "type": "string" }, "evidence": strings(),
                "dictionary": { "type": "object", "required": ["version", "entries"],
                    "properties": { "version": { "type": "string" }, "entries": strings() } }
            }
        },
        "Lookback": {
            "description": "When the charge ages out (docs/lookback.md): the deciding window (all null when none decides) and every window that applies (windows: absent from modules built before it). When the record lacks the date the deciding window counts from, clock_date and ages_out_on are null and lower_bound gives what the record does support.",
            "type": "object",
            "required": ["rule", "clock_field", "clock_date", "window_years", "boundary_date", "ages_out_on"],
            "properties": {
                "rule": nullable("string"), "clock_field": nullable("string"), "clock_date": nullable("string"),
                "window_years": nullable("integer"), "window_months": { "type": "integer" },
                "boundary_date": nullable("string"), "ages_out_on": nullable("string"),
                "lower_bound": schema_ref("LookbackLowerBound"),
                "windows": { "type": "array", "items": schema_ref("LookbackWindow") }
            }
        },
        "LookbackLowerBound": {
            "description": "A missing clock date's lower bound: the latest record date it cannot precede, and the earliest search date on which the charge could be past the window (never the day it is).",
            "type": "object",
            "required": ["clock_field", "clock_date", "ages_out_not_before"],
            "properties": {
                "clock_field": { "type": "string" }, "clock_date": { "type": "string" },
                "ages_out_not_before": { "type": "string" }
            }
        },
        "LookbackWindow": {
            "description": "One time window that applies to the charge: the span boundary_date to search_date, counted from clock_date (null when the record lacks the date clock_field names).",
            "type": "object",
            "required": ["rule", "clock_field", "clock_date", "window_years", "boundary_date"],
            "properties": {
                "rule": { "type": "string" }, "clock_field": { "type": "string" }, "clock_date": nullable("string"),
                "window_years": { "type": "integer" }, "window_months": { "type": "integer" },
                "boundary_date": nullable("string")
            }
        },
        "Routing": {
            "type": "object",
            "required": ["queue", "reportability", "is_automatable", "identity_level", "identity_score",
                         "identity_insufficient", "reportability_insufficient", "third_id_required"],
            "properties": {
                "queue": queue, "reportability": { "enum": ["Reportable", "Not Reportable", "Not Enough Info"] },
                "is_automatable": { "type": "boolean" },
                "identity_level": { "enum": ["High", "Medium", "Not Enough Info", "Not Matching"] },
                "identity_score": score, "identity_insufficient": { "type": "boolean" },
                "reportability_insufficient": { "type": "boolean" }, "third_id_required": { "type": "boolean" }
            }
        },
    })
}

fn endpoint_schemas() -> Value {
    let score = json!({ "type": "number" });
    json!({
        "TransformXmlRequest": {
            "type": "object", "required": ["record"],
            "properties": { "record": { "type": "object", "required": ["search_id", "xml"],
                "properties": { "search_id": { "type": "string" }, "xml": { "type": "string" },
                                "search_date": { "type": "string" }, "cases": { "type": "array" } } } }
        },
        "TransformXmlAnswer": {
            "type": "object", "required": ["status", "search_id", "record_json"],
            "properties": { "status": { "const": "success" }, "search_id": nullable("string"),
                            "record_json": schema_ref("RecordJson") }
        },
        "CountMismatch": {
            "type": "object", "required": ["status", "error_code", "message", "search_id", "details"],
            "properties": {
                "status": { "const": "error" }, "error_code": { "const": "CASE_OFFENSE_COUNT_MISMATCH" },
                "message": { "type": "string" }, "search_id": nullable("string"),
                "details": { "type": "object",
                    "required": ["court_search_id_count", "xml_case_count", "offense_id_count", "xml_offense_count",
                                 "court_search_id_matches_cases", "offense_id_matches_offenses"],
                    "properties": {
                        "court_search_id_count": { "type": "integer" }, "xml_case_count": { "type": "integer" },
                        "offense_id_count": { "type": "integer" }, "xml_offense_count": { "type": "integer" },
                        "court_search_id_matches_cases": { "type": "boolean" },
                        "offense_id_matches_offenses": { "type": "boolean" } } }
            }
        },
        "IdentityMatchRequest": {
            "type": "object", "required": ["candidate_to_verify", "candidate_in_record"],
            "properties": { "candidate_to_verify": { "type": "object" }, "candidate_in_record": { "type": "object" } }
        },
        "IdentityMatchAnswer": {
            "type": "object",
            "required": ["ssn_score", "ssn_match_desc", "dob_score", "dob_match_desc", "name_score", "name_match_desc",
                         "address_score", "address_match_desc", "match_score", "is_match", "details"],
            "properties": {
                "ssn_score": score, "dob_score": score, "name_score": score, "address_score": score, "match_score": score,
                "ssn_match_desc": { "type": "string" }, "dob_match_desc": { "type": "string" },
                "name_match_desc": { "type": "string" }, "address_match_desc": { "type": "string" },
                "is_match": { "type": "boolean" }, "details": { "type": "string" }
            }
        },
        "ProblemDetails": {
            "type": "object", "required": ["type", "title", "status", "errors"],
            "properties": { "type": { "type": "string" }, "title": { "type": "string" }, "status": { "const": 400 },
                            "errors": { "type": "object", "additionalProperties": strings() } }
        },
        "Token": {
            "type": "object", "required": ["access_token", "token_type", "expires_in"],
            "properties": { "access_token": { "type": "string" }, "token_type": { "const": "bearer" },
                            "expires_in": { "type": "integer", "minimum": 1 } }
        },
        "Health": {
            "type": "object", "required": ["status", "service", "services"],
            "properties": {
                "status": { "enum": ["healthy", "unhealthy", "degraded"] }, "service": { "const": "eval-framework" },
                "services": { "type": "object", "required": ["xml_transformer", "compliance_engine"],
                    "properties": { "xml_transformer": { "type": "boolean" }, "compliance_engine": { "type": "boolean" } } },
                "reasons": health_reasons()
            }
        },
        "PublicModules": {
            "type": "object", "required": ["modules"],
            "properties": { "modules": { "type": "array", "items": {
                "type": "object", "required": ["version", "rules_version", "sha256", "build", "active"],
                "properties": { "version": { "type": "string" }, "rules_version": { "type": "string" },
                                "sha256": { "type": "string" }, "build": { "type": "string" }, "active": { "type": "boolean" } } } } }
        },
    })
}

/// Public `/health`'s reason codes (`crate::problems`; details in the admin module view).
fn health_reasons() -> Value {
    json!({
        "type": "array",
        "description": "why the service is degraded or unhealthy, as short codes (absent when healthy); the details are in GET /admin/modules (degraded)",
        "items": { "enum": crate::problems::REASON_CODES }
    })
}

/// The input caps, in the description of every operation that checks them (the
/// defaults; each is a `LOOKBACK_*` variable and a flag).
fn add_input_limits(document: &mut Value) {
    let l = InputLimits::default();
    let caps = format!(
        "Input caps, checked before any engine work (defaults; each is a LOOKBACK_* variable and a flag of `lookback serve`): \
         {} characters per name field (LOOKBACK_MAX_NAME_CHARS), {} per other string field (LOOKBACK_MAX_TEXT_CHARS), \
         {} aliases (LOOKBACK_MAX_ALIASES) and {} addresses (LOOKBACK_MAX_ADDRESSES) per person, \
         {} cases per search (LOOKBACK_MAX_CASES), {} charges per record and items per other list (LOOKBACK_MAX_CHARGES), \
         {} bytes of record.xml (LOOKBACK_MAX_XML_BYTES). Past a cap: 400 naming the field and the cap \
         (`<field>: <n> <unit>, over the limit of <cap>`), or 413 for record.xml over its size.",
        l.max_name_chars,
        l.max_text_chars,
        l.max_aliases,
        l.max_addresses,
        l.max_cases,
        l.max_charges,
        l.max_xml_bytes
    );
    let identity = " The rate limit per client address (LOOKBACK_IDENTITY_MATCH_PER_MINUTE) counts comparisons: \
                    name pairings (name and aliases of one side against the other's) plus address pairings, at least 1 per call.";
    for (path, extra) in [
        ("/evaluate", ""),
        ("/transform-xml", ""),
        ("/complianceEngine/identity-match", identity),
    ] {
        if let Some(operation) =
            document.pointer_mut(&format!("/paths/{}/post", path.replace('/', "~1")))
        {
            operation["description"] = Value::String(format!("{caps}{extra}"));
        }
    }
}

/// `DELETE /admin/modules/{version}`: unloading an inactive version.
fn add_module_unload(document: &mut Value) {
    let Some(paths) = document.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    paths.insert("/admin/modules/{version}".into(), json!({ "delete": {
        "tags": ["admin"], "operationId": "unloadModule", "security": secured("admin"),
        "summary": "Unload an inactive version no request holds (with a database: on every replica)",
        "parameters": [version_parameter()],
        "responses": merge(registry_write_errors(false), json!({
            "200": json_content("unloaded", json!({
                "type": "object", "required": ["status", "version", "sha256"],
                "properties": { "status": { "const": "unloaded" }, "version": { "type": "string" },
                                "sha256": { "type": "string" } } })),
            "404": response_ref("NotFound"),
            "409": response_ref("Conflict") }))
    }}));
}

fn admin_schemas() -> Value {
    json!({
        "ModuleView": {
            "type": "object",
            "required": ["version", "rules_version", "build", "abi", "rule_count", "sha256", "size_bytes", "source",
                         "loaded_at", "activated_at", "active", "compiled", "self_test"],
            "properties": {
                "version": { "type": "string" }, "rules_version": { "type": "string" }, "build": { "type": "string" },
                "abi": { "const": 1 }, "rule_count": { "type": "integer" }, "sha256": { "type": "string" },
                "size_bytes": { "type": "integer" }, "source": { "type": "string" }, "loaded_at": { "type": "string" },
                "activated_at": nullable("string"), "active": { "type": "boolean" },
                "compiled": { "enum": ["cache", "fresh"] },
                "self_test": { "type": ["object", "null"], "required": ["passed", "cases", "failed"],
                    "properties": { "passed": { "type": "boolean" }, "cases": { "type": "integer" }, "failed": { "type": "integer" } } }
            }
        },
        "ModuleListing": {
            "type": "object", "required": ["active", "base", "modules", "history", "last_load", "degraded"],
            "properties": {
                "active": { "type": "string" }, "base": { "type": "string" },
                "modules": { "type": "array", "items": schema_ref("ModuleView") }, "history": strings(),
                "last_load": { "type": ["object", "null"], "required": ["at", "source", "ok"],
                    "properties": { "at": { "type": "string" }, "source": { "type": "string" }, "ok": { "type": "boolean" },
                                    "version": { "type": "string" }, "reason": { "type": "string" } } },
                "degraded": nullable("string")
            }
        },
        "DictionaryEntry": {
            "description": "One entry: matches a charge by exactly one of charge (normalised text), statute (exact), statute_prefix (needs jurisdiction) or disposition (the disposition string), optionally within one jurisdiction; sets facts: traffic and level (charge and statute entries) or disposition_class (disposition entries)",
            "type": "object", "required": ["id", "added_by", "reason"], "additionalProperties": false,
            "properties": {
                "id": { "type": "string", "pattern": "^[A-Za-z0-9._:-]{1,64}$" },
                "charge": { "type": "string" }, "statute": { "type": "string" }, "statute_prefix": { "type": "string" },
                "disposition": { "type": "string" },
                "jurisdiction": { "type": "string", "pattern": "^[A-Za-z]{2}$" },
                "traffic": { "enum": ["minor", "serious", "none"] },
                "level": { "enum": ["felony", "misdemeanor", "petty_offense", "infraction", "violation", "ordinance", "civil"] },
                "disposition_class": { "enum": ["conviction", "non_conviction", "pending", "unknown"] },
                "added_by": { "type": "string" }, "reason": { "type": "string" },
                "added_at": { "type": "string", "format": "date" }
            }
        },
        "DictionaryFile": {
            "description": "A tenant's charge dictionary file (<tenant_id>.dictionary.json), at most 512 KiB and 2,000 entries",
            "type": "object", "required": ["entries"], "additionalProperties": false,
            "properties": { "tenant_id": { "type": "string" },
                            "entries": { "type": "array", "items": schema_ref("DictionaryEntry") } }
        },
        "DictionaryStored": {
            "type": "object", "required": ["tenant_id", "version", "sha256", "entries", "previous_version", "changes"],
            "properties": {
                "tenant_id": { "type": "string" }, "version": { "type": "string" }, "sha256": { "type": "string" },
                "entries": { "type": "integer" }, "previous_version": nullable("string"),
                "changes": { "type": "object", "required": ["added", "removed", "changed"],
                    "properties": { "added": strings(), "removed": strings(), "changed": strings() } }
            }
        },
        "DictionaryInForce": {
            "type": "object", "required": ["tenant_id", "version", "sha256", "entries", "dictionary"],
            "properties": { "tenant_id": { "type": "string" }, "version": { "type": "string" }, "sha256": { "type": "string" },
                            "entries": { "type": "integer" }, "dictionary": schema_ref("DictionaryFile") }
        },
        "DictionaryDiffRequest": {
            "type": "object", "required": ["dictionary", "record"], "additionalProperties": false,
            "properties": { "dictionary": schema_ref("DictionaryFile"), "record": { "type": "object" } }
        },
        "OverlayAnswer": {
            "type": "object", "required": ["tenant_id", "overlay"],
            "properties": { "tenant_id": { "type": "string" }, "overlay": { "type": "object" } }
        },
        "UploadAnswer": {
            "type": "object", "required": ["status", "module"],
            "properties": { "status": { "enum": ["loaded", "already_loaded"] },
                            "module": schema_ref("ModuleView"), "previous": { "type": "string" } }
        },
        "Activation": {
            "type": "object", "required": ["active", "previous"],
            "properties": { "active": schema_ref("ModuleView"), "previous": { "type": "string" } }
        }
    })
}

/// `/admin/diff` and shadow evaluation: how a version's decisions differ from another's.
fn comparison_schemas() -> Value {
    json!({
        "DiffSide": {
            "type": "object", "required": ["version", "rules_version", "sha256", "status"],
            "properties": { "version": { "type": "string" }, "rules_version": { "type": "string" },
                            "sha256": { "type": "string" }, "status": { "type": "integer" },
                            "dictionary": { "type": "string", "description": "the version of the charge dictionary the side read the record with" },
                            "error": { "type": "string", "description": "why there is no decision (a 400 message, a stage failure)" } }
        },
        "DiffChange": {
            "type": "object",
            "required": ["court_search_id", "case_number", "offense_id", "charge", "from", "to", "rules_changed"],
            "properties": { "court_search_id": { "type": "string" }, "case_number": { "type": "string" },
                            "offense_id": { "type": "string" }, "charge": nullable("string"),
                            "from": schema_ref("ChargeOutcome"), "to": schema_ref("ChargeOutcome"),
                            "rules_changed": strings() }
        },
        "DiffRequest": {
            "type": "object", "required": ["record", "versions"],
            "properties": { "record": { "type": "object" },
                            "versions": { "type": "array", "items": { "type": "string" }, "minItems": 2, "maxItems": 2 } }
        },
        "DiffReport": {
            "type": "object", "required": ["from", "to", "charges", "changes"],
            "properties": {
                "from": schema_ref("DiffSide"),
                "to": schema_ref("DiffSide"),
                "charges": { "type": "integer" },
                "changes": { "type": "array", "items": schema_ref("DiffChange") },
                "record_decision": { "type": "array", "items": label(), "minItems": 2, "maxItems": 2 }
            }
        },
        "ShadowRequest": {
            "type": "object", "required": ["sample_rate"], "additionalProperties": false,
            "properties": { "sample_rate": { "type": "number", "minimum": 0, "maximum": 1 },
                            "until": { "type": "string", "format": "date-time" } }
        },
        "ChargeOutcome": {
            "description": "A charge's outcome on one version; null where that version has no such charge.",
            "type": ["object", "null"], "required": ["decision", "queue", "cited_rules"],
            "properties": { "decision": { "type": "string" }, "queue": { "type": "string" }, "cited_rules": strings() }
        },
        "ShadowSummary": {
            "type": "object",
            "required": ["version", "sample_rate", "until", "started_at", "state", "evaluated", "differed", "failed",
                         "skipped", "by_change", "by_rule", "by_state", "examples"],
            "properties": {
                "version": { "type": "string" }, "sample_rate": { "type": "number" }, "until": nullable("string"),
                "started_at": { "type": "string" }, "state": { "enum": ["running", "expired"] },
                "evaluated": { "type": "integer" }, "differed": { "type": "integer" },
                "failed": { "type": "integer" }, "skipped": { "type": "integer" },
                "by_change": { "type": "object", "additionalProperties": { "type": "integer" } },
                "by_rule": { "type": "object", "additionalProperties": { "type": "integer" } },
                "by_state": { "type": "object", "additionalProperties": { "type": "integer" } },
                "examples": { "type": "array", "maxItems": 5, "items": {
                    "type": "object", "additionalProperties": false,
                    "required": ["correlation_id", "search_id", "court_search_id", "offense_id", "state", "from", "to"],
                    "properties": { "correlation_id": { "type": "string" }, "search_id": nullable("string"),
                                    "court_search_id": { "type": "string" }, "offense_id": { "type": "string" },
                                    "state": { "type": "string" },
                                    "from": schema_ref("ChargeOutcome"), "to": schema_ref("ChargeOutcome") } } }
            }
        }
    })
}
