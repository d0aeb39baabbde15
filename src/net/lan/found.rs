//! A game found on the network, as the join list shows it.

use super::listing::Listing;
use super::refusal::Refusal;
use std::net::SocketAddr;

/// A game found on the network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundGame {
    /// Its DNS-SD instance's full name (unique on the network).
    pub instance: String,
    /// What it says it is, or why that could not be read.
    pub listing: Result<Listing, Refusal>,
    /// Where its server listens (IPv4 first).
    pub addresses: Vec<SocketAddr>,
}

impl FoundGame {
    /// The list's line for it.
    pub fn line(&self) -> String {
        match &self.listing {
            Ok(listing) => listing.line(),
            Err(_) => {
                let name = self.instance.split("._carrom").next().unwrap_or_default();
                crate::net::name::shown_name(name, 40)
            }
        }
    }

    /// Whether it is being played and can be watched.
    pub fn watchable(&self) -> bool {
        self.listing.as_ref().is_ok_and(Listing::watchable)
    }

    /// Why it cannot be joined, if it cannot.
    pub fn refusal(&self) -> Option<Refusal> {
        match &self.listing {
            Ok(listing) => listing.refusal(),
            Err(why) => Some(why.clone()),
        }
    }
}
