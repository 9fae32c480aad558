//! End to end: activation is atomic (docs/decisions.md §9). Concurrent clients evaluate one record while
//! an admin swaps the active module back and forth between the shipped module and `rules-next`
//! as fast as it can. Every request must succeed, and every answer's `meta.engine` must name the
//! module that decided it: the record is decided `REPORTABLE` by the shipped module and
//! `NOT_REPORTABLE` by `rules-next`, so the decision itself proves which module evaluated it.
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use lookback_tests::{
    ADMIN_KEY, CLIENT_KEY, NEXT_MODULE, TestServer, ca_conviction_six_years_old,
    first_charge_decision, test_settings,
};

const CLIENTS: usize = 6;
const RUN_FOR: Duration = Duration::from_secs(4);

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn continuous_swaps_under_load_fail_no_request_and_never_mix_versions() {
    let server = Arc::new(TestServer::start(test_settings()).await.unwrap());
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let client = server.token(CLIENT_KEY).await.unwrap();
    let shipped = env!("CARGO_PKG_VERSION").to_owned();
    let next = format!("{shipped}-rules-next");
    let upload = server
        .upload_module(&admin, std::fs::read(NEXT_MODULE).unwrap(), "")
        .await
        .unwrap();
    assert_eq!(upload.status, 201, "{}", upload.text);

    let stop = Arc::new(AtomicBool::new(false));
    let swapper = {
        let (server, stop, versions) = (
            server.clone(),
            stop.clone(),
            [next.clone(), shipped.clone()],
        );
        tokio::spawn(async move {
            let mut swaps = 0usize;
            while !stop.load(Ordering::Relaxed) {
                let version = &versions[swaps % 2];
                let path = format!("/admin/modules/{version}/activate");
                let reply = server.admin_post(&admin, &path, None).await.unwrap();
                assert_eq!(reply.status, 200, "swap to {version}: {}", reply.text);
                swaps += 1;
            }
            swaps
        })
    };

    let record = ca_conviction_six_years_old();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let (server, stop, token, record) =
                (server.clone(), stop.clone(), client.clone(), record.clone());
            let (shipped, next) = (shipped.clone(), next.clone());
            tokio::spawn(async move {
                let (mut on_shipped, mut on_next) = (0usize, 0usize);
                while !stop.load(Ordering::Relaxed) {
                    let reply = server.evaluate_on(&token, None, &record).await.unwrap();
                    assert_eq!(reply.status, 200, "{}", reply.text);
                    let version = reply.json["meta"]["engine"]["version"].as_str().unwrap();
                    let decision = first_charge_decision(&reply);
                    if version == shipped {
                        assert_eq!(decision, "REPORTABLE", "{}", reply.text);
                        on_shipped += 1;
                    } else {
                        assert_eq!(version, next, "{}", reply.text);
                        assert_eq!(decision, "NOT_REPORTABLE", "{}", reply.text);
                        on_next += 1;
                    }
                }
                (on_shipped, on_next)
            })
        })
        .collect();

    let started = Instant::now();
    tokio::time::sleep(RUN_FOR).await;
    stop.store(true, Ordering::Relaxed);
    let swaps = swapper.await.unwrap();
    let (mut on_shipped, mut on_next) = (0, 0);
    for c in clients {
        let (a, b) = c.await.unwrap();
        on_shipped += a;
        on_next += b;
    }
    println!(
        "{} requests ({on_shipped} on {shipped}, {on_next} on {next}) and {swaps} swaps in {:?}",
        on_shipped + on_next,
        started.elapsed()
    );
    assert!(swaps >= 20, "only {swaps} swaps");
    assert!(
        on_shipped > 0 && on_next > 0,
        "both versions served: {on_shipped} / {on_next}"
    );
}
