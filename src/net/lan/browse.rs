//! The join list: carrom games announced on this network, kept up to date as they appear,
//! change (seats taken) and are withdrawn. A host announcing a change withdraws its old
//! text record first, and a list can resolve the game in between with no text at all: such
//! a game is asked what it is at its own address (`/lan`), off the caller's thread. A
//! network announcing more than the list takes in between two looks makes the daemon end
//! the subscription: the list then browses again.

use super::SERVICE_TYPE;
use super::ask_error::AskError;
use super::find_error::{FindError, Unjoinable};
use super::found::FoundGame;
use super::lan_error::LanError;
use super::listing::Listing;
use super::refusal::Refusal;
use mdns_sd::{ResolvedService, ServiceDaemon, ServiceEvent};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

/// Games the list keeps: a network announcing thousands (a hostile neighbour) gets the
/// first ones, not a list without end.
const MAX_GAMES: usize = 64;

/// Hosts asked what they host at once, each on a thread of its own.
const MAX_ASKING: usize = 8;

/// How long a list whose subscription ended waits before browsing again: browsing sends a
/// query, and a network that filled the daemon's channel once answers it with as much again.
const BROWSE_AGAIN_AFTER: Duration = Duration::from_secs(1);

/// A host's answer to "what do you host?", for the instance asked about.
type Asked = (String, mpsc::Receiver<Result<Listing, AskError>>);

/// Browses [`SERVICE_TYPE`] on every interface.
pub struct LanBrowser {
    daemon: ServiceDaemon,
    events: mdns_sd::Receiver<ServiceEvent>,
    games: BTreeMap<String, FoundGame>,
    /// Games whose announcement could not be read, asked at their address.
    asking: Mutex<Vec<Asked>>,
    /// When `events` was subscribed.
    browsed: Instant,
}

impl LanBrowser {
    /// Starts looking.
    pub fn start() -> Result<LanBrowser, LanError> {
        let daemon = ServiceDaemon::new().map_err(|e| LanError::NoSearch(e.to_string()))?;
        LanBrowser::with(daemon)
    }

    /// Starts looking with `daemon`.
    fn with(daemon: ServiceDaemon) -> Result<LanBrowser, LanError> {
        let events = daemon.browse(SERVICE_TYPE).map_err(|e| LanError::NoSearch(e.to_string()))?;
        let asking = Mutex::new(Vec::new());
        let browsed = Instant::now();
        Ok(LanBrowser { daemon, events, games: BTreeMap::new(), asking, browsed })
    }

    /// Takes in what the network said since the last call; true if the list changed.
    pub fn poll(&mut self) -> bool {
        // Looked at before draining: once ended (the daemon ends a subscription whose
        // channel is full), nothing more comes on it, so all it said is taken in.
        let ended = self.events.is_disconnected();
        let mut changed = false;
        while let Ok(event) = self.events.try_recv() {
            changed |= match event {
                ServiceEvent::ServiceResolved(service) => {
                    let mut game = found(&service);
                    let room = self.games.len() < MAX_GAMES;
                    if !room && !self.games.contains_key(&game.instance) {
                        continue;
                    }
                    if game.listing.is_err() {
                        self.ask(&game);
                        if let Some(known) = self.games.get(&game.instance) {
                            game.listing = known.listing.clone();
                        }
                    }
                    keep(&mut self.games, game)
                }
                ServiceEvent::ServiceRemoved(_, instance) => self.games.remove(&instance).is_some(),
                _ => false,
            };
        }
        if ended && self.browsed.elapsed() >= BROWSE_AGAIN_AFTER {
            self.browse_again();
        }
        changed | self.hear()
    }

    /// Subscribes again: the daemon tells the games it knows, then what the network says.
    /// The games listed stay; one withdrawn while nobody listened stays listed too.
    fn browse_again(&mut self) {
        if let Ok(events) = self.daemon.browse(SERVICE_TYPE) {
            self.events = events;
        }
        self.browsed = Instant::now();
    }

    /// Asks `game`'s host what it hosts, unless it is being asked already.
    fn ask(&mut self, game: &FoundGame) {
        let Ok(mut asking) = self.asking.lock() else { return };
        let busy = asking.len() >= MAX_ASKING;
        if busy || game.addresses.is_empty() || asking.iter().any(|(i, _)| *i == game.instance) {
            return;
        }
        let (answer, answered) = mpsc::channel();
        let addresses = game.addresses.clone();
        let spawned = std::thread::Builder::new().name("lan-listing".into()).spawn(move || {
            let _ = answer.send(super::address::ask_any(&addresses).map(|(_, l)| l));
        });
        if spawned.is_ok() {
            asking.push((game.instance.clone(), answered));
        }
    }

    /// Takes in the hosts' answers; true if the list changed.
    fn hear(&mut self) -> bool {
        let Ok(mut asking) = self.asking.lock() else { return false };
        let mut changed = false;
        asking.retain(|(instance, answered)| match answered.try_recv() {
            Err(mpsc::TryRecvError::Empty) => true,
            Err(mpsc::TryRecvError::Disconnected) => false,
            Ok(answer) => {
                if let (Ok(listing), Some(game)) = (answer, self.games.get_mut(instance))
                    && game.listing.as_ref() != Ok(&listing)
                {
                    game.listing = Ok(listing);
                    changed = true;
                }
                false
            }
        });
        changed
    }

    /// The games found, in the order of their names.
    pub fn games(&self) -> Vec<FoundGame> {
        self.games.values().cloned().collect()
    }
}

impl Drop for LanBrowser {
    fn drop(&mut self) {
        let _ = self.daemon.stop_browse(SERVICE_TYPE);
        if let Ok(done) = self.daemon.shutdown() {
            let _ = done.recv_timeout(Duration::from_secs(1));
        }
    }
}

/// Puts `game` in the list, unless the list is full and it is new; true if the list
/// changed.
fn keep(games: &mut BTreeMap<String, FoundGame>, game: FoundGame) -> bool {
    if games.len() >= MAX_GAMES && !games.contains_key(&game.instance) {
        return false;
    }
    let before = games.insert(game.instance.clone(), game.clone());
    before.as_ref() != Some(&game)
}

/// A resolved service as a game of the list.
fn found(service: &ResolvedService) -> FoundGame {
    let txt = &service.txt_properties;
    let listing = Listing::from_txt(|key| txt.get_property_val_str(key)).ok_or(Refusal::Unreadable);
    let mut addresses: Vec<SocketAddr> = service
        .addresses
        .iter()
        .map(|ip| ip.to_ip_addr())
        // A link-local IPv6 address is useless without its interface, which a socket
        // address from the network does not carry. Loopback is kept: only a game hosted on
        // this machine is announced there.
        .filter(|ip| !is_link_local_v6(ip))
        .map(|ip| SocketAddr::new(ip, service.port))
        .collect();
    addresses.sort_by_key(|a| (a.ip().is_loopback(), a.is_ipv6(), *a));
    FoundGame { instance: service.fullname.clone(), listing, addresses }
}

/// Looks for a game to join for at most `within`: the first joinable one, or the one
/// hosted by `host` (refused at once, with the reason, if it cannot be joined). Asks the
/// game's server before answering, so a game that is gone is not joined.
pub fn find(host: Option<&str>, within: Duration) -> Result<(SocketAddr, Listing), FindError> {
    let deadline = Instant::now() + within;
    let mut browser = LanBrowser::start()?;
    let mut refused: Vec<Unjoinable> = Vec::new();
    // Each game is asked once (again only if what it says changes): asking takes time, and
    // the search has a bound.
    let mut asked: Vec<FoundGame> = Vec::new();
    while Instant::now() < deadline {
        browser.poll();
        for game in browser.games() {
            if Instant::now() >= deadline {
                break;
            }
            if asked.contains(&game) {
                continue;
            }
            asked.push(game.clone());
            let named = match (&game.listing, host) {
                (Ok(listing), Some(host)) => listing.host == host,
                (Err(_), Some(_)) => false,
                (_, None) => true,
            };
            if !named {
                continue;
            }
            let refusal = |line: String, why| Unjoinable::Refused { game: line, why };
            let answer = game.refusal().map_or_else(
                || super::address::ask_any(&game.addresses).map_err(Unjoinable::Unanswered),
                |why| Err(refusal(game.line(), why)),
            );
            match answer.and_then(|(address, listing)| match listing.refusal() {
                Some(why) => Err(refusal(listing.line(), why)),
                None => Ok((address, listing)),
            }) {
                Ok(found) => return Ok(found),
                Err(why) if host.is_some() => return Err(FindError::CannotJoin(why)),
                Err(why) if !refused.contains(&why) => refused.push(why),
                Err(_) => {}
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let host = host.map(str::to_string);
    Err(FindError::NoneFound { host, seconds: within.as_secs(), refused })
}

fn is_link_local_v6(ip: &std::net::IpAddr) -> bool {
    matches!(ip, std::net::IpAddr::V6(v6) if (v6.segments()[0] & 0xffc0) == 0xfe80)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(n: usize) -> FoundGame {
        let listing = Err(Refusal::Unreadable);
        FoundGame { instance: format!("game {n}._carrom._tcp.local."), listing, addresses: vec![] }
    }

    #[test]
    fn a_network_announcing_thousands_of_games_fills_the_list_and_no_more() {
        let mut games = BTreeMap::new();
        let kept = (0..5_000).filter(|n| keep(&mut games, game(*n))).count();
        assert_eq!((kept, games.len()), (MAX_GAMES, MAX_GAMES));
        let mut changed = game(3);
        changed.addresses.push("10.0.0.3:4000".parse().unwrap());
        assert!(keep(&mut games, changed), "a game already listed is still updated");
        assert!(!keep(&mut games, game(3_000)), "a new one is not");
    }
}
