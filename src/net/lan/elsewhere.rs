//! LAN hosting and discovery in a browser: a page can neither listen for players nor hear
//! the network's mDNS announcements, so these say so, and the types cannot be built (the
//! compiler proves that nothing of a hosted or browsed game runs in the browser).

use super::found::FoundGame;
use super::lan_error::LanError;
use super::listing::Listing;
use std::convert::Infallible;

/// The in-process signaling server of a LAN host (desktop only).
pub struct LanServer(Infallible);

impl LanServer {
    /// Always refused in a browser.
    pub fn start(_port: u16) -> Result<LanServer, LanError> {
        Err(LanError::DesktopOnly)
    }

    /// The server's port.
    pub fn port(&self) -> u16 {
        match self.0 {}
    }

    /// The server's address on this machine.
    pub fn local_url(&self) -> String {
        match self.0 {}
    }

    /// How many peers are connected.
    pub fn peers(&self) -> usize {
        match self.0 {}
    }

    /// What `/lan` answers.
    pub fn show(&self, _listing: Option<&Listing>) {
        match self.0 {}
    }
}

/// A game's mDNS announcement (desktop only).
pub struct Announcement(Infallible);

impl Announcement {
    /// Always refused in a browser.
    pub fn start(_listing: &Listing, _port: u16) -> Result<Announcement, LanError> {
        Err(LanError::DesktopOnly)
    }

    /// Announces a change.
    pub fn update(&mut self, _listing: &Listing) -> Result<(), LanError> {
        match self.0 {}
    }
}

/// The live list of games on the network (desktop only).
pub struct LanBrowser(Infallible);

impl LanBrowser {
    /// Always refused in a browser.
    pub fn start() -> Result<LanBrowser, LanError> {
        Err(LanError::DesktopOnly)
    }

    /// Takes what was heard; whether the list changed.
    pub fn poll(&mut self) -> bool {
        match self.0 {}
    }

    /// The games found.
    pub fn games(&self) -> Vec<FoundGame> {
        match self.0 {}
    }
}
