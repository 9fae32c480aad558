//! `lookback health` (the image's HEALTHCHECK and the Kubernetes exec probe) against a real
//! server: exit 0 while it serves, on either listener and from an unspecified address; exit 1
//! when nothing listens or the peer never answers, within the timeout.

use std::net::{SocketAddr, TcpListener};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use lookback::config::Cli;
use lookback_tests::{TestServer, test_settings};

/// `lookback health ARGS...` as the command line runs it; its exit code.
async fn health(args: &[&str]) -> ExitCode {
    let mut argv = vec!["lookback", "health"];
    argv.extend_from_slice(args);
    let cli = Cli::try_parse_from(argv).unwrap();
    tokio::task::spawn_blocking(move || lookback::cli::run(cli))
        .await
        .unwrap()
        .unwrap()
}

fn addr_of(base: &str) -> SocketAddr {
    base.trim_start_matches("http://").parse().unwrap()
}

#[tokio::test]
async fn exits_0_while_the_server_serves_on_either_listener() {
    let (server, internal) = TestServer::start_with_internal(test_settings())
        .await
        .unwrap();
    let public = addr_of(&server.base);
    let internal = addr_of(&internal);
    // Obeyed: the public listener, the internal one (the Kubernetes probe's), and the address a
    // server bound to every interface is configured with (LOOKBACK_ADDR=0.0.0.0:PORT in the image).
    for addr in [
        public.to_string(),
        internal.to_string(),
        format!("0.0.0.0:{}", public.port()),
    ] {
        assert_eq!(
            health(&["--addr", &addr]).await,
            ExitCode::SUCCESS,
            "{addr}"
        );
    }
    server.shut_down().await.unwrap();
    // Violated: the same address once the server has stopped.
    assert_eq!(
        health(&["--addr", &public.to_string()]).await,
        ExitCode::from(1)
    );
}

#[tokio::test]
async fn exits_1_when_nothing_listens_or_nothing_answers_in_time() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let silent = listener.local_addr().unwrap().to_string();
    // A peer that takes the connection and never answers (a hung server): the timeout decides.
    let started = Instant::now();
    assert_eq!(
        health(&["--addr", &silent, "--timeout-secs", "1"]).await,
        ExitCode::from(1)
    );
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(900) && waited < Duration::from_secs(5),
        "{waited:?}"
    );
    drop(listener);
    assert_eq!(health(&["--addr", &silent]).await, ExitCode::from(1));
}
