//! Open connections per client address: one address may hold at most its share of the global
//! connection cap, so a single client cannot fill it for everyone.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// Counts open connections by address.
#[derive(Debug, Clone)]
pub struct PerAddressConnections {
    cap: usize,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One open connection of an address; counted until dropped.
#[derive(Debug)]
pub struct AddressSlot {
    addr: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl PerAddressConnections {
    /// At most `cap` open connections per address; 0 turns the cap off.
    pub fn new(cap: usize) -> Self {
        Self {
            cap,
            open: Arc::default(),
        }
    }

    /// A slot for one more connection of `addr`; `None` when it holds its cap already.
    pub fn enter(&self, addr: IpAddr) -> Option<AddressSlot> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(addr).or_insert(0);
        if self.cap > 0 && *count >= self.cap {
            return None;
        }
        *count += 1;
        Some(AddressSlot {
            addr,
            open: self.open.clone(),
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.addr) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.addr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));
    const B: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2));

    #[test]
    fn an_address_holds_at_most_its_cap_and_gets_slots_back() {
        let connections = PerAddressConnections::new(2);
        let first = connections.enter(A);
        let second = connections.enter(A);
        assert!(first.is_some() && second.is_some());
        assert!(connections.enter(A).is_none());
        assert!(
            connections.enter(B).is_some(),
            "another address has its own share"
        );
        drop(first);
        assert!(connections.enter(A).is_some());
        drop(second);
        assert!(
            connections.open.lock().unwrap().is_empty(),
            "no address left behind"
        );
    }

    #[test]
    fn zero_turns_the_cap_off() {
        let connections = PerAddressConnections::new(0);
        let slots: Vec<_> = (0..100).filter_map(|_| connections.enter(A)).collect();
        assert_eq!(slots.len(), 100);
    }
}
