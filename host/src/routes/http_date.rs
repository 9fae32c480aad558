//! The `Date` header of every answer the routes make. hyper keeps its own per thread and renders
//! it again only once the clock passes the second after the one it rendered, so after the wall
//! clock steps back it repeats the moment of the step until the clock catches up (an hour back:
//! an hour of one frozen `Date`). This one renders again whenever the second differs, in either
//! direction; hyper leaves a `Date` the answer already has alone.

use std::cell::RefCell;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::http::HeaderValue;

thread_local! {
    /// The second rendered last on this thread, and its header.
    static RENDERED: RefCell<Option<(u64, HeaderValue)>> = const { RefCell::new(None) };
}

/// The `Date` header for now.
pub fn now() -> HeaderValue {
    at(SystemTime::now())
}

/// The `Date` header (IMF-fixdate, RFC 9110) for `time`, rendered once per second and thread.
pub fn at(time: SystemTime) -> HeaderValue {
    // Before 1970 is no real clock; it reads as the epoch.
    let second = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    RENDERED.with(|rendered| {
        let mut rendered = rendered.borrow_mut();
        if let Some((cached, value)) = rendered.as_ref()
            && *cached == second
        {
            return value.clone();
        }
        let value = render(second);
        *rendered = Some((second, value.clone()));
        value
    })
}

fn render(second: u64) -> HeaderValue {
    let text = i64::try_from(second)
        .ok()
        .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
        .unwrap_or_default()
        .format("%a, %d %b %Y %H:%M:%S GMT")
        .to_string();
    HeaderValue::from_str(&text)
        .unwrap_or(HeaderValue::from_static("Thu, 01 Jan 1970 00:00:00 GMT"))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn text(value: &HeaderValue) -> &str {
        value.to_str().unwrap_or_default()
    }

    #[test]
    fn renders_imf_fixdate() {
        // RFC 9110's own example.
        let time = UNIX_EPOCH + Duration::from_secs(784_111_777);
        assert_eq!(text(&at(time)), "Sun, 06 Nov 1994 08:49:37 GMT");
    }

    /// The clock as the test steps it: forward within a second, back an hour, forward again.
    #[test]
    fn follows_the_clock_back_and_forth() {
        let start = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        assert_eq!(text(&at(start)), "Fri, 15 Jan 2027 08:00:00 GMT");
        assert_eq!(
            text(&at(start + Duration::from_millis(999))),
            "Fri, 15 Jan 2027 08:00:00 GMT"
        );
        let back = start - Duration::from_secs(3600);
        assert_eq!(text(&at(back)), "Fri, 15 Jan 2027 07:00:00 GMT");
        assert_eq!(
            text(&at(back + Duration::from_secs(1))),
            "Fri, 15 Jan 2027 07:00:01 GMT"
        );
        assert_eq!(
            text(&at(start + Duration::from_secs(2))),
            "Fri, 15 Jan 2027 08:00:02 GMT"
        );
    }
}
