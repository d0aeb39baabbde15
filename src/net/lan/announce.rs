//! The host's mDNS/DNS-SD announcement of its game: registered under
//! [`super::SERVICE_TYPE`] with the listing as TXT and every interface's addresses,
//! announced again whenever the listing changes, and withdrawn (a goodbye, so lists drop it
//! at once) when the game starts or the host leaves.

use super::SERVICE_TYPE;
use super::lan_error::LanError;
use super::listing::Listing;
use mdns_sd::{ServiceDaemon, ServiceInfo};
use std::time::Duration;

/// How long a withdrawal waits for its goodbye to be sent.
const GOODBYE_BOUND: Duration = Duration::from_secs(1);

/// A game being announced.
pub struct Announcement {
    daemon: ServiceDaemon,
    fullname: String,
    port: u16,
    shown: Listing,
}

impl Announcement {
    /// Announces `listing`, served at `port`.
    pub fn start(listing: &Listing, port: u16) -> Result<Announcement, LanError> {
        let daemon = ServiceDaemon::new().map_err(|e| LanError::NoAnnouncement(e.to_string()))?;
        let info = service(listing, port)?;
        let fullname = info.get_fullname().to_string();
        daemon.register(info).map_err(|e| LanError::NoAnnouncement(e.to_string()))?;
        Ok(Announcement { daemon, fullname, port, shown: listing.clone() })
    }

    /// Announces the listing again if it changed (seats taken or freed).
    pub fn update(&mut self, listing: &Listing) -> Result<(), LanError> {
        if *listing == self.shown {
            return Ok(());
        }
        let info = service(listing, self.port)?;
        self.daemon.register(info).map_err(|e| LanError::NoAnnouncement(e.to_string()))?;
        self.shown = listing.clone();
        Ok(())
    }
}

impl Drop for Announcement {
    fn drop(&mut self) {
        if let Ok(done) = self.daemon.unregister(&self.fullname) {
            let _ = done.recv_timeout(GOODBYE_BOUND);
        }
        if let Ok(done) = self.daemon.shutdown() {
            let _ = done.recv_timeout(GOODBYE_BOUND);
        }
    }
}

/// The DNS-SD service for `listing`: the instance is named after the host and its room
/// (unique on the network), on a host name of its own, with every interface's addresses.
fn service(listing: &Listing, port: u16) -> Result<ServiceInfo, LanError> {
    let host: String = listing.host.chars().filter(|c| c.is_alphanumeric() || *c == ' ').collect();
    let instance = format!("{} {}", host.trim(), listing.room).trim().to_string();
    let hostname = format!("carrom-{}.local.", listing.room.to_ascii_lowercase());
    let txt: Vec<(&str, String)> = listing.txt();
    ServiceInfo::new(SERVICE_TYPE, &instance, &hostname, "", port, &txt[..])
        .map(ServiceInfo::enable_addr_auto)
        .map_err(|e| LanError::NoDescription(e.to_string()))
}
