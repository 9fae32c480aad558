//! Client-rules overlays end to end (docs/decisions.md §7.5): a real `LOOKBACK_CLIENT_RULES_DIR`, the
//! real server over real HTTP, tokens bound to tenants. An overlay changes its own tenant's
//! answers and nobody else's; the identity threshold reaches `is_match`; a bad overlay refuses the
//! start and the message names the file.
use clap::Parser as _;
use lookback::Settings;
use lookback::auth::Role;
use lookback::auth::keys::create_key;
use lookback_tests::{CLIENT_KEY, Reply, TestServer, offenses, temp_dir, test_settings};
use serde_json::{Value, json};

/// A GA misdemeanor conviction disposed in 2020 and a GA felony conviction disposed in 2024; the
/// subject matches the candidate on name and DOB only (match score 0.85).
fn body(tenant: Option<&str>) -> Value {
    let mut body = json!({"record": {
        "search_id": "S-OVERLAY-1", "search_date": "2025-11-06", "order_id": "O-1", "order_number": "O-1.1",
        "submission_type": "resubmit",
        "candidate_info": {"first_name": "Ada", "last_name": "Sample", "date_of_birth": "1990-01-02"},
        "record_json": {"criminal_search_results": [{
            "court_search_id": "C-1", "search_date": "2025-11-06",
            "criminal_records": [{
                "case_number": "N-1", "jurisdiction_state": "GA", "file_date": "2020-01-01",
                "subject_name": "ADA SAMPLE", "sub_first_name": "ADA", "sub_last_name": "SAMPLE",
                "subject_dob": "1990-01-02", "subject_ssn": "UNAVAILABLE", "subject_address": "UNAVAILABLE",
                "offenses": [
                    {"offense_id": "OLD-MISD", "charge": "THEFT BY TAKING", "disposition": "GUILTY", "type": "M",
                     "charge_date": "2020-01-01", "disposition_date": "2020-03-01"},
                    {"offense_id": "NEW-FEL", "charge": "BURGLARY", "disposition": "GUILTY", "type": "F",
                     "charge_date": "2024-01-01", "disposition_date": "2024-03-01"}
                ]
            }]
        }]}
    }});
    if let Some(t) = tenant {
        body["record"]["tenant_id"] = json!(t);
    }
    body
}

/// `acme` stops reporting convictions after 3 years; `globex` has felonies reviewed and a 0.90
/// identity threshold; `initech` has a key but no overlay.
fn overlay_dir() -> std::path::PathBuf {
    let dir = temp_dir("client-rules");
    std::fs::write(
        dir.join("acme.json"),
        r#"{"tenant_id": "acme", "conviction_lookback_years": 3}"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("globex.json"),
        r#"{"always_review_felonies": true, "identity_threshold": 0.90}"#,
    )
    .unwrap();
    dir
}

struct Setup {
    server: TestServer,
    keys: Vec<(&'static str, String)>,
}

async fn start() -> Setup {
    let keys_file = temp_dir("client-rules-keys").join("keys.jsonl");
    let mut keys = Vec::new();
    for tenant in ["acme", "globex", "initech"] {
        let (key, _) = create_key(&keys_file, Some(tenant.into()), Role::Client).unwrap();
        keys.push((tenant, key));
    }
    let mut settings = test_settings();
    settings.auth.keys_file = Some(keys_file);
    settings.client_rules_dir = Some(overlay_dir());
    let server = TestServer::start(settings).await.unwrap();
    Setup { server, keys }
}

impl Setup {
    async fn evaluate_as(&self, tenant: Option<&str>, body: &Value) -> Reply {
        let key = match tenant {
            Some(t) => self.keys.iter().find(|(k, _)| *k == t).unwrap().1.as_str(),
            None => CLIENT_KEY,
        };
        let token = self.server.token(key).await.unwrap();
        let reply = self
            .server
            .evaluate(&token, body.to_string())
            .await
            .unwrap();
        assert_eq!(reply.status, 200, "{}", reply.text);
        reply
    }
}

fn charge<'a>(reply: &'a Reply, id: &str) -> &'a Value {
    offenses(&reply.json["data"]["decision"])
        .into_iter()
        .find(|o| o["offense_id"] == id)
        .unwrap()
}

fn cites(charge: &Value, prefix: &str) -> bool {
    charge["cited_rules"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r.as_str().unwrap().starts_with(prefix))
}

fn id_match(reply: &Reply) -> &Value {
    &reply.json["data"]["decision"]["court_decisions"][0]["case_decisions"][0]["id_match"]
}

#[tokio::test]
async fn an_overlay_changes_its_tenant_only() {
    let setup = start().await;

    // Without an overlay (a tenant that has none), the law alone: both convictions reportable.
    let plain = setup.evaluate_as(Some("initech"), &body(None)).await;
    for id in ["OLD-MISD", "NEW-FEL"] {
        let c = charge(&plain, id);
        assert_eq!(c["charge_decision"], "REPORTABLE", "{c}");
        assert!(!cites(c, "CLIENT_"), "{c}");
    }

    // acme's 3-year conviction lookback, picked by the token's tenant.
    let acme = setup.evaluate_as(Some("acme"), &body(None)).await;
    let old = charge(&acme, "OLD-MISD");
    assert_eq!(old["charge_decision"], "NOT_REPORTABLE", "{old}");
    assert_eq!(old["routing"]["reportability"], "Not Reportable");
    assert_eq!(old["cited_rules"][0], "CLIENT_CONVICTION_LOOKBACK", "{old}");
    assert!(
        old["rationale"].as_str().unwrap().contains("3 years"),
        "{old}"
    );
    assert_eq!(charge(&acme, "NEW-FEL")["charge_decision"], "REPORTABLE");

    // The same overlay picked by record.tenant_id when the token is not bound to a tenant.
    let by_record = setup.evaluate_as(None, &body(Some("acme"))).await;
    assert_eq!(
        charge(&by_record, "OLD-MISD")["charge_decision"],
        "NOT_REPORTABLE"
    );
    // ... and a record naming a tenant without an overlay gets the law alone.
    let other = setup.evaluate_as(None, &body(Some("initech"))).await;
    assert_eq!(charge(&other, "OLD-MISD")["charge_decision"], "REPORTABLE");

    // globex: every felony to a person; the misdemeanor is untouched.
    let globex = setup.evaluate_as(Some("globex"), &body(None)).await;
    let fel = charge(&globex, "NEW-FEL");
    assert_eq!(fel["charge_decision"], "MANUAL_REVIEW", "{fel}");
    assert_eq!(fel["routing"]["queue"], "Insufficient Data", "{fel}");
    assert!(cites(fel, "CLIENT_REVIEW_FELONIES"), "{fel}");
    assert_eq!(charge(&globex, "OLD-MISD")["charge_decision"], "REPORTABLE");

    // A bound tenant cannot borrow another tenant's overlay: the mismatch is refused.
    let token = setup
        .server
        .token(&setup.keys.iter().find(|(t, _)| *t == "globex").unwrap().1)
        .await
        .unwrap();
    let refused = setup
        .server
        .evaluate(&token, body(Some("acme")).to_string())
        .await
        .unwrap();
    assert_eq!(refused.status, 403, "{}", refused.text);
}

#[tokio::test]
async fn the_overlay_identity_threshold_reaches_is_match() {
    let setup = start().await;
    let default = setup.evaluate_as(Some("initech"), &body(None)).await;
    let m = id_match(&default);
    assert_eq!(m["match_score"], 0.85, "{m}");
    assert_eq!(m["is_match"], true, "{m}");
    assert!(m["details"].as_str().unwrap().contains("Qualifying 85%"));

    let strict = setup.evaluate_as(Some("globex"), &body(None)).await;
    let m = id_match(&strict);
    assert_eq!(m["match_score"], 0.85, "{m}");
    assert_eq!(m["is_match"], false, "{m}");
    assert!(
        m["details"].as_str().unwrap().contains("Qualifying 90%"),
        "{m}"
    );
}

/// One bad file refuses the whole start, and the message names the file and why, without its
/// content's personal data (overlays hold none) and without starting a half-configured server.
#[test]
fn a_bad_overlay_refuses_the_start_naming_the_file() {
    let cases = [
        (
            "loosen.json",
            r#"{"non_conviction_lookback_years": 10}"#,
            "longer than the federal 7-year limit",
        ),
        (
            "threshold.json",
            r#"{"identity_threshold": 0.5}"#,
            "outside 0.70 to 1.00",
        ),
        (
            "unknown.json",
            r#"{"report_sealed": true}"#,
            "unknown field",
        ),
        ("broken.json", "{not json", "key must be a string"),
    ];
    for (file, text, why) in cases {
        let dir = overlay_dir();
        std::fs::write(dir.join(file), text).unwrap();
        let mut settings: Settings = test_settings();
        settings.client_rules_dir = Some(dir.clone());
        let error = lookback::Server::build(&settings).err().unwrap();
        let message = format!("{error:#}");
        assert!(message.contains(file) && message.contains(why), "{message}");
        assert!(message.contains("LOOKBACK_CLIENT_RULES_DIR"), "{message}");

        // The same through `lookback serve --client-rules-dir`: it returns the error before binding.
        let cli = lookback::config::Cli::try_parse_from([
            "lookback",
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--api-keys",
            CLIENT_KEY,
            "--client-rules-dir",
            dir.to_str().unwrap(),
        ])
        .unwrap();
        let error = lookback::cli::run(cli).err().unwrap();
        assert!(format!("{error:#}").contains(file), "{error:#}");
    }

    let unreadable = temp_dir("client-rules-missing").join("no-such-folder");
    let mut settings = test_settings();
    settings.client_rules_dir = Some(unreadable);
    let error = lookback::Server::build(&settings).err().unwrap();
    assert!(
        format!("{error:#}").contains("cannot read client rules directory"),
        "{error:#}"
    );
}
