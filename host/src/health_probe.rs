//! `lookback health`: asks a running server's `GET /health` and exits 0 when it answers 200
//! (`healthy` or `degraded`: the replica serves, as an HTTP probe would count it), 1 otherwise
//! (503 `unhealthy`, another status, no answer within the timeout, nothing listening). For the
//! image's `HEALTHCHECK` and Kubernetes exec probes: the image has no shell and no curl, so the
//! binary asks itself. Never exits 2, which Docker reserves in a health check.
//!
//! One HTTP/1.1 request over a plain TCP connection (`Connection: close`, the answer read to its
//! end): the server's own `/health` is all it speaks to, so no HTTP client library is needed.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Flags of `lookback health`.
#[derive(Debug, Clone, clap::Args)]
pub struct HealthArgs {
    /// Address of the server to ask: the public listener (the same `LOOKBACK_ADDR` the server
    /// listens on) or the internal one (`LOOKBACK_METRICS_ADDR`). An unspecified address
    /// (`0.0.0.0`, `[::]`) is asked on loopback.
    #[arg(long, env = "LOOKBACK_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Seconds to wait for the whole answer.
    #[arg(long, default_value_t = 3)]
    pub timeout_secs: u64,
}

/// What `/health` answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HealthAnswer {
    /// The HTTP status code.
    pub status: u16,
    /// The body's `status` field (`healthy`, `degraded`, `unhealthy`), when the body has one.
    pub health: Option<String>,
}

impl HealthAnswer {
    /// Whether the server serves: 200, as orchestrators' HTTP probes count success.
    pub fn serving(&self) -> bool {
        self.status == 200
    }
}

/// Runs `lookback health`: one line on standard output (the answer) or standard error (why there
/// was none), exit 0 when serving, 1 otherwise.
pub fn run(args: &HealthArgs) -> ExitCode {
    let addr = args.addr;
    match ask(addr, Duration::from_secs(args.timeout_secs.max(1))) {
        Ok(answer) => {
            println!(
                "{} {}",
                answer.status,
                answer
                    .health
                    .as_deref()
                    .unwrap_or("(no status in the body)")
            );
            if answer.serving() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(error) => {
            eprintln!("lookback health: {}: {error}", target(addr));
            ExitCode::from(1)
        }
    }
}

/// Asks `GET /health` at `addr` (an unspecified address on loopback), within `timeout` in all.
pub fn ask(addr: SocketAddr, timeout: Duration) -> std::io::Result<HealthAnswer> {
    let addr = target(addr);
    let deadline = Instant::now() + timeout;
    let mut stream = TcpStream::connect_timeout(&addr, timeout)?;
    stream.set_write_timeout(Some(timeout))?;
    write!(
        stream,
        "GET /health HTTP/1.1\r\nHost: {addr}\r\nUser-Agent: lookback-health\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
    )?;
    let response = read_to_end_by(&mut stream, deadline)?;
    parse_response(&response).ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "the answer is not an HTTP response",
        )
    })
}

/// The health body is a few hundred bytes; anything this long is not it.
const MAX_RESPONSE_BYTES: usize = 64 * 1024;

/// Reads until the server closes the connection, each read bounded by what is left of `deadline`.
fn read_to_end_by(stream: &mut TcpStream, deadline: Instant) -> std::io::Result<Vec<u8>> {
    let mut response = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        stream.set_read_timeout(Some(left))?;
        match stream.read(&mut chunk)? {
            0 => return Ok(response),
            n if response.len() + n > MAX_RESPONSE_BYTES => {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "the answer is too long for a health body",
                ));
            }
            n => response.extend_from_slice(chunk.get(..n).unwrap_or_default()),
        }
    }
}

/// The status code of an HTTP/1.x response and its JSON body's `status` field; `None` when the
/// bytes do not start with a status line.
pub fn parse_response(response: &[u8]) -> Option<HealthAnswer> {
    let text = String::from_utf8_lossy(response);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status_line = head.lines().next()?;
    let mut parts = status_line.split(' ');
    if !parts.next()?.starts_with("HTTP/1.") {
        return None;
    }
    let status = parts.next()?.parse().ok()?;
    let health = serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v.get("status")?.as_str().map(str::to_owned));
    Some(HealthAnswer { status, health })
}

/// `addr`, with an unspecified IP (a server listening on every interface) replaced by loopback.
fn target(addr: SocketAddr) -> SocketAddr {
    match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => (Ipv4Addr::LOCALHOST, addr.port()).into(),
        IpAddr::V6(ip) if ip.is_unspecified() => (Ipv6Addr::LOCALHOST, addr.port()).into(),
        _ => addr,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_healthy_answer_serves() {
        let answer = parse_response(
            b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n{\"status\":\"healthy\",\"service\":\"eval-framework\"}",
        );
        assert_eq!(
            answer,
            Some(HealthAnswer {
                status: 200,
                health: Some("healthy".into())
            })
        );
        assert!(answer.unwrap().serving());
    }

    #[test]
    fn an_unhealthy_answer_does_not_serve() {
        let answer =
            parse_response(b"HTTP/1.1 503 Service Unavailable\r\n\r\n{\"status\":\"unhealthy\"}");
        let answer = answer.unwrap();
        assert!(!answer.serving());
        assert_eq!(answer.health.as_deref(), Some("unhealthy"));
    }

    #[test]
    fn bytes_that_are_not_http_are_no_answer() {
        assert_eq!(parse_response(b""), None);
        assert_eq!(parse_response(b"SSH-2.0-OpenSSH_9.2\r\n"), None);
        assert_eq!(parse_response(b"HTTP/1.1 abc\r\n\r\n"), None);
    }

    #[test]
    fn an_unspecified_address_is_asked_on_loopback() {
        assert_eq!(
            target("0.0.0.0:8080".parse().unwrap()),
            SocketAddr::from(([127, 0, 0, 1], 8080))
        );
        assert_eq!(
            target("[::]:9090".parse().unwrap()),
            SocketAddr::from((Ipv6Addr::LOCALHOST, 9090))
        );
        let elsewhere = SocketAddr::from(([10, 0, 0, 7], 8080));
        assert_eq!(target(elsewhere), elsewhere);
    }
}
