//! Every client reads its 413: one that writes its whole oversized body before reading (as
//! Python's `http.client`, and so `requests`, does) gets the answer instead of a reset, because
//! the server reads and drops the rest of the body before it closes; and that lingering is
//! bounded: a client that stops sending is closed on soon after. (A client asking for
//! `100 Continue` gets its 413 before it sends: `hardening.rs`.)

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use lookback_tests::{ADMIN_KEY, CLIENT_KEY, TestServer, test_settings};

fn addr(server: &TestServer) -> String {
    server.base.trim_start_matches("http://").to_owned()
}

/// Writes the head and the whole body, then reads the answer to its end, as `http.client` does.
fn post_whole_then_read(
    addr: &str,
    path: &str,
    token: &str,
    content_type: &str,
    body: &[u8],
) -> std::io::Result<String> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer)?;
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

#[tokio::test]
async fn a_client_that_writes_its_whole_oversized_body_first_reads_its_413() {
    let mut settings = test_settings();
    settings.transport.max_module_bytes = 1 << 20;
    let server = TestServer::start(settings).await.unwrap();
    let client = server.token(CLIENT_KEY).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let addr = addr(&server);
    // 3 MiB against the 2 MiB body limit, 20 times (before: most got a reset), and an upload
    // of 3 MiB against its 1 MiB limit.
    let handle = tokio::task::spawn_blocking(move || {
        let body = vec![b' '; 3 << 20];
        let mut answers = Vec::new();
        for _ in 0..20 {
            answers.push(post_whole_then_read(
                &addr,
                "/evaluate",
                &client,
                "application/json",
                &body,
            ));
        }
        answers.push(post_whole_then_read(
            &addr,
            "/admin/modules",
            &admin,
            "application/wasm",
            &body,
        ));
        answers
    });
    for answer in handle.await.unwrap() {
        let answer = answer.unwrap_or_else(|e| panic!("the client got {e} instead of its answer"));
        assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
        assert!(
            answer.to_lowercase().contains("connection: close"),
            "{answer}"
        );
        assert!(answer.contains("PAYLOAD_TOO_LARGE"), "{answer}");
    }
    // The server serves on.
    assert_eq!(server.health().await.unwrap().status, 200);
}

/// Sends a head declaring 3 MiB and 64 KiB of the body, reads the 413 to its end; then
/// `keep_sending` every 50 ms (or not); returns how long until a write fails because the server
/// closed the socket for good.
fn linger_until_closed(addr: &str, token: &str, keep_sending: bool) -> Duration {
    let mut stream = TcpStream::connect(addr).unwrap();
    let head = format!(
        "POST /evaluate HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        3 << 20
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(&vec![b' '; 64 << 10]).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    let answered = Instant::now();
    if !keep_sending {
        std::thread::sleep(Duration::from_secs(3));
    }
    // Once the server has closed, the first write draws a reset and a later one fails.
    loop {
        if stream.write_all(&[b' '; 1024]).is_err() {
            return answered.elapsed();
        }
        assert!(
            answered.elapsed() < Duration::from_secs(15),
            "the connection lingers on"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[tokio::test]
async fn lingering_after_a_413_is_bounded() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    let addr = addr(&server);
    let (quiet, trickling) = tokio::task::spawn_blocking(move || {
        (
            linger_until_closed(&addr, &token, false),
            linger_until_closed(&addr, &token, true),
        )
    })
    .await
    .unwrap();
    // A client gone quiet is let go after the idle bound (2 s): closed by the probe at 3 s.
    assert!(quiet < Duration::from_secs(4), "{quiet:?}");
    // One that keeps sending is let go at the total bound (10 s).
    assert!(
        trickling > Duration::from_secs(8) && trickling < Duration::from_secs(13),
        "{trickling:?}"
    );
}
