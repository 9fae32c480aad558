//! Rate limits per client address (GCRA from `governor`): a quota of `n` per minute is a burst of
//! `n`, then one more every `60 / n` seconds. A quota of 0 turns the limit off.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// Addresses tracked before stale ones are dropped (bounds memory under address churn).
const PRUNE_ABOVE: usize = 10_000;

/// A per-address quota.
pub struct PerAddress {
    limiter: Option<(DefaultKeyedRateLimiter<IpAddr>, NonZeroU32)>,
}

impl PerAddress {
    /// `per_minute` events per address and minute; 0: unlimited.
    pub fn per_minute(per_minute: u32) -> Self {
        Self {
            limiter: NonZeroU32::new(per_minute)
                .map(|n| (RateLimiter::keyed(Quota::per_minute(n)), n)),
        }
    }

    /// Counts one event for `addr`: `Err(wait)` when the quota is spent (the event is not
    /// counted), `wait` being the time until the next one is allowed.
    pub fn take(&self, addr: IpAddr) -> Result<(), Duration> {
        self.take_n(addr, 1)
    }

    /// Counts `cost` units for `addr` at once, the same way; a cost above the whole quota
    /// counts as the whole quota (it waits for a full bucket, then empties it).
    pub fn take_n(&self, addr: IpAddr, cost: u32) -> Result<(), Duration> {
        let Some((limiter, quota)) = &self.limiter else {
            return Ok(());
        };
        if limiter.len() > PRUNE_ABOVE {
            limiter.retain_recent();
        }
        let cost = NonZeroU32::new(cost).unwrap_or(NonZeroU32::MIN).min(*quota);
        match limiter.check_key_n(&addr, cost) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(not_until.wait_time_from(DefaultClock::default().now())),
            // Not reachable: the cost is at most the quota.
            Err(_) => Err(Duration::from_secs(60)),
        }
    }
}

/// Failed attempts per address: once an address has spent its quota of failures it is locked
/// out (every attempt refused, right or wrong, without being checked) until the quota allows
/// one more. Successful attempts cost nothing.
pub struct FailureLockout {
    failures: PerAddress,
    locked_until: Mutex<HashMap<IpAddr, Instant>>,
}

impl FailureLockout {
    /// `per_minute` failures per address and minute; 0: unlimited.
    pub fn per_minute(per_minute: u32) -> Self {
        Self {
            failures: PerAddress::per_minute(per_minute),
            locked_until: Mutex::new(HashMap::new()),
        }
    }

    /// The time `addr` stays locked out, if it is.
    pub fn locked(&self, addr: IpAddr) -> Option<Duration> {
        let locked = self
            .locked_until
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let until = *locked.get(&addr)?;
        let now = Instant::now();
        (until > now).then(|| until - now)
    }

    /// Counts a failure of `addr`; `Some(wait)` when it spent the quota: `addr` is now locked
    /// out for `wait`.
    pub fn failed(&self, addr: IpAddr) -> Option<Duration> {
        let wait = self.failures.take(addr).err()?;
        let now = Instant::now();
        let mut locked = self
            .locked_until
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if locked.len() > PRUNE_ABOVE {
            locked.retain(|_, until| *until > now);
        }
        locked.insert(addr, now + wait);
        Some(wait)
    }
}

/// Whole seconds to announce in `Retry-After` for `wait` (rounded up, at least 1).
pub fn retry_after_secs(wait: Duration) -> u64 {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    secs.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));
    const B: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2));

    #[test]
    fn a_quota_is_a_burst_per_address() {
        let quota = PerAddress::per_minute(3);
        for _ in 0..3 {
            assert_eq!(quota.take(A), Ok(()));
        }
        let wait = quota.take(A).err();
        assert!(wait.is_some_and(|w| w > Duration::ZERO && w <= Duration::from_secs(20)));
        assert_eq!(quota.take(B), Ok(()), "another address has its own quota");
    }

    #[test]
    fn a_cost_spends_its_units_at_once() {
        let quota = PerAddress::per_minute(10);
        assert_eq!(quota.take_n(A, 6), Ok(()));
        assert!(quota.take_n(A, 6).is_err(), "4 units left");
        assert_eq!(quota.take_n(A, 4), Ok(()));
        assert!(quota.take(A).is_err());
        let big = quota.take_n(B, 1_000);
        assert_eq!(big, Ok(()), "a cost over the quota takes the whole quota");
        assert!(quota.take(B).is_err());
    }

    #[test]
    fn zero_is_unlimited() {
        let quota = PerAddress::per_minute(0);
        assert!((0..1000).all(|_| quota.take(A).is_ok()));
    }

    #[test]
    fn spent_failures_lock_the_address_out() {
        let lockout = FailureLockout::per_minute(2);
        assert_eq!(lockout.failed(A), None);
        assert_eq!(lockout.locked(A), None);
        assert_eq!(lockout.failed(A), None);
        let wait = lockout.failed(A);
        assert!(wait.is_some());
        assert!(lockout.locked(A).is_some());
        assert_eq!(lockout.locked(B), None);
    }

    #[test]
    fn retry_after_rounds_up() {
        assert_eq!(retry_after_secs(Duration::ZERO), 1);
        assert_eq!(retry_after_secs(Duration::from_millis(1500)), 2);
        assert_eq!(retry_after_secs(Duration::from_secs(30)), 30);
    }
}
