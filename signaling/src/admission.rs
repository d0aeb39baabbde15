//! Connection caps: in all, and per source address. A ticket holds a place until dropped.

use crate::metrics::Rejection;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Who is connected, counted.
pub struct Admission {
    counts: Mutex<(usize, HashMap<IpAddr, usize>)>,
    max_total: usize,
    max_per_address: usize,
}

/// A place taken by one connection.
pub struct Ticket {
    admission: Arc<Admission>,
    address: IpAddr,
}

impl Admission {
    /// Caps of `max_total` connections and `max_per_address` from one address.
    pub fn new(max_total: usize, max_per_address: usize) -> Arc<Admission> {
        Arc::new(Admission { counts: Mutex::new((0, HashMap::new())), max_total, max_per_address })
    }

    /// Takes a place for a connection from `address`, if the caps allow.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Result<Ticket, Rejection> {
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
