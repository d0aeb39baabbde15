//! Connection caps: in all, and per source (an IPv4 address, or an IPv6 network of the
//! configured prefix). A ticket holds a place until dropped.

use crate::metrics::Rejection;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Who is connected, counted.
pub struct Admission {
    counts: Mutex<(usize, HashMap<IpAddr, usize>)>,
    max_total: usize,
    max_per_address: usize,
    ipv6_prefix: u8,
}

/// A place taken by one connection.
pub struct Ticket {
    admission: Arc<Admission>,
    address: IpAddr,
}

impl Admission {
    /// Caps of `max_total` connections and `max_per_address` from one source, IPv6
    /// addresses counted by their first `ipv6_prefix` bits.
    pub fn new(max_total: usize, max_per_address: usize, ipv6_prefix: u8) -> Arc<Admission> {
        let counts = Mutex::new((0, HashMap::new()));
        Arc::new(Admission { counts, max_total, max_per_address, ipv6_prefix })
    }

    /// The source `address` counts as: itself (IPv4, or an IPv4-mapped IPv6 address), or
    /// its IPv6 network.
    pub fn source(&self, address: IpAddr) -> IpAddr {
        match address {
            IpAddr::V6(v6) if v6.to_ipv4_mapped().is_none() => {
                let bits = u128::from(v6);
                let kept = u32::from(self.ipv6_prefix.min(128));
                let mask = u128::MAX.checked_shl(128 - kept).unwrap_or(0);
                IpAddr::V6((bits & mask).into())
            }
            IpAddr::V6(v6) => {
                IpAddr::V4(v6.to_ipv4_mapped().unwrap_or(std::net::Ipv4Addr::UNSPECIFIED))
            }
            v4 => v4,
        }
    }

    /// Takes a place for a connection from `address`, if the caps allow.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Result<Ticket, Rejection> {
        let address = self.source(address);
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if counts.0 >= self.max_total {
            return Err(Rejection::ServerCap);
        }
        let from_here = counts.1.entry(address).or_insert(0);
        if *from_here >= self.max_per_address {
            return Err(Rejection::AddressCap);
        }
        *from_here += 1;
        counts.0 += 1;
        Ok(Ticket { admission: self.clone(), address })
    }

    /// Connections now.
    pub fn connected(&self) -> usize {
        self.counts.lock().unwrap_or_else(|p| p.into_inner()).0
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut counts = self.admission.counts.lock().unwrap_or_else(|p| p.into_inner());
        counts.0 -= 1;
        if let Some(n) = counts.1.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                counts.1.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_addresses_of_one_ipv6_network_share_one_cap() {
        let admission = Admission::new(1_000, 3, 64);
        let host = |n: u16| IpAddr::from([0x2001, 0xdb8, 7, 1, 0, 0, n, 1]);
        let tickets: Vec<Ticket> = (0..3).map(|n| admission.admit(host(n)).unwrap()).collect();
        assert_eq!(admission.admit(host(99)).err(), Some(Rejection::AddressCap), "same /64");
        let elsewhere = IpAddr::from([0x2001, 0xdb8, 7, 2, 0, 0, 0, 1]);
        assert!(admission.admit(elsewhere).is_ok(), "another /64 has its own");
        drop(tickets);
        assert!(admission.admit(host(99)).is_ok(), "places come back");
        let v4 = |n: u8| IpAddr::from([198, 51, 100, n]);
        let v4s: Vec<Ticket> = (1..=3).map(|n| admission.admit(v4(n)).unwrap()).collect();
        assert!(admission.admit(v4(4)).is_ok(), "IPv4 addresses count one by one");
        let mapped = IpAddr::from(std::net::Ipv4Addr::new(198, 51, 100, 1).to_ipv6_mapped());
        let more: Vec<Ticket> = (0..2).map(|_| admission.admit(v4(1)).unwrap()).collect();
        assert_eq!(admission.admit(mapped).err(), Some(Rejection::AddressCap), "mapped is IPv4");
        drop((v4s, more));
    }
}
