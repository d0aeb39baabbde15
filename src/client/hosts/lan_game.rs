//! A LAN game this machine hosts: its in-process signaling server, what `/lan` answers and
//! the mDNS announcement, kept in step with the seats taken. Once the match starts, both
//! say every seat is taken, so the game is listed for watchers only; the server and the
//! announcement stay until the host is back on Home, so a match never depends on them
//! stopping.

use crate::client::flow::Screen;
use crate::net::lan::{Announcement, LanError, LanServer, Listing};
use bevy::prelude::*;

/// The game hosted, in the lobby.
pub struct LanHosting {
    server: LanServer,
    announcement: Option<Announcement>,
    listing: Listing,
    /// Why the game could not be announced (joiners can still type the address).
    pub unannounced: Option<LanError>,
}

impl LanHosting {
    /// Starts the server on `port` (a free one if it is taken) and announces `listing`.
    pub fn start(port: u16, listing: Listing) -> Result<LanHosting, LanError> {
        let server = LanServer::start(port).or_else(|_| LanServer::start(0))?;
        server.show(Some(&listing));
        let (announcement, unannounced) = match Announcement::start(&listing, server.port()) {
            Ok(announcement) => (Some(announcement), None),
            Err(e) => (None, Some(e)),
        };
        Ok(LanHosting { server, announcement, listing, unannounced })
    }

    /// The server's address on this machine (the host's own lobby joins through it).
    pub fn local_url(&self) -> String {
        self.server.local_url()
    }

    /// Where players on the network can reach the game (a page hosts none).
    #[cfg(target_arch = "wasm32")]
    pub fn addresses(&self) -> Vec<String> {
        vec![self.local_url()]
    }

    /// Where players on the network can reach the game: every IPv4 address of this
    /// machine's interfaces but loopback (loopback only where there is no other), with
    /// the server's port.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn addresses(&self) -> Vec<String> {
        let interfaces = if_addrs::get_if_addrs().unwrap_or_default();
        let networked = interfaces.iter().any(|i| !i.is_loopback() && i.ip().is_ipv4());
        let mut shown: Vec<String> = interfaces
            .iter()
            .filter(|i| !networked || !i.is_loopback())
            .filter_map(|i| match i.ip() {
                std::net::IpAddr::V4(ip) => Some(format!("{ip}:{}", self.server.port())),
                std::net::IpAddr::V6(_) => None,
            })
            .collect();
        shown.sort();
        shown.dedup();
        shown
    }

    /// Follows the seats taken on the server: the listing and the announcement say how
    /// many are free.
    pub fn follow_seats(&mut self) {
        let taken = self.server.peers().min(usize::from(self.listing.players)) as u8;
        let free = self.listing.players - taken;
        if free == self.listing.free {
            return;
        }
        self.listing.free = free;
        self.server.show(Some(&self.listing));
        if let Some(announcement) = self.announcement.as_mut()
            && let Err(e) = announcement.update(&self.listing)
        {
            self.unannounced = Some(e);
        }
    }

    /// The match has started: nobody else can join, so the game is offered to watchers
    /// only.
    pub fn close(mut self) -> LanMatchServer {
        self.listing.free = 0;
        self.server.show(Some(&self.listing));
        if let Some(announcement) = self.announcement.as_mut()
            && let Err(e) = announcement.update(&self.listing)
        {
            warn!("the game could not be announced as being played: {e}");
        }
        LanMatchServer { _kept: self.server, _announced: self.announcement }
    }
}

/// The server of the LAN match being played and its announcement, kept until Home (they
/// stop when dropped).
#[derive(Resource)]
pub struct LanMatchServer {
    _kept: LanServer,
    _announced: Option<Announcement>,
}

/// Drops the hosted match's server once the host is back on Home.
pub(super) struct LanHostPlugin;

impl Plugin for LanHostPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Home), |mut commands: Commands| {
            commands.remove_resource::<LanMatchServer>();
        });
    }
}
