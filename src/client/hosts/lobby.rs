//! The lobby every online match starts from, windowed or headless: connect to the
//! signaling server (a private room by invite code, or the quick-match queue), exchange
//! hellos with every peer that arrives (names, the creator's game, the protocol version),
//! and once all players are here start the rollback session and open the match screen.
//! What the players are shown of it is [`Lobby::status`]; the lobby screen draws it.
//! A LAN game is the same lobby on the host's in-process server ([`super::lan_game`]),
//! with host candidates only.

use super::connection::{Connection, Opened};
use super::lan_game::LanHosting;
use super::local::LocalMatch;
use super::online::{DiagnosticsDir, MatchOverAt, Online, OnlineConfig, OnlineMatch, OnlineRecord};
use super::online_draughts::{OnlineDraughts, online_table};
use super::room_error::RoomError;
use super::roster::Roster;
use super::seating::Seating;
use super::seed::{NoRandomness, fresh};
use super::watch_stream::WatchStream;
use crate::client::flow::{Controller, GameType, MatchHost, MatchSetup, Screen};
use crate::client::persistence::Preferences;
use crate::client::persistence::rejoin::{RejoinFile, Ticket};
use crate::client::words::{Words, connect_error, lan_error, rejoin_error, room_error};
use crate::draughts::turns::TurnGame;
use crate::draughts::{Colour, Draughts};
use crate::game::Match;
use crate::net::connect::{
    GAME_CHANNEL, HELLO_CHANNEL, IceServer, PEER_CONNECT_BOUND, RESUME_CHANNEL, WATCH_CHANNEL, open,
};
use crate::net::connect_error::ConnectError;
use crate::net::hello::{Agreed, BY_LOT, Hello, agree, agreed_grace, names, seals};
use crate::net::lan::Listing;
use crate::net::room::{
    name_of, private_room, private_room_of, quick_match, watch_room, with_grace, with_seat_token,
};
use crate::net::seat_key::SeatKey;
use crate::net::session::{build_session, handle_of, match_seed, seat_order};
use crate::net::signaller::Introduced;
use crate::net::socket::{Counters, Impairment, SafeChannel};
use crate::net::watch::Watched;
use crate::net::watcher::Watcher;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_ggrs::{LocalPlayers, Session};
use carrom_signaling::code as invite;
use matchbox_socket::{PeerId, PeerState, WebRtcSocket};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, mpsc};
use web_time::{Duration, Instant};

/// Frames between two rounds of hellos to every peer in the lobby.
const HELLO_AGAIN: u32 = 60;

/// How to go online: from Home, `carrom --join CODE`, or a headless peer.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub enum JoinRequest {
    /// Create a private match and invite friends by code.
    Create,
    /// Join a private match by the code (or link) a player typed.
    Code(String),
    /// Join private room `code` with `players` seats (headless peers name both).
    Room {
        /// The room's code, canonical.
        code: String,
        /// Seats in the room.
        players: u8,
        /// Whether this peer created it (its choice of game is played).
        creator: bool,
    },
    /// Join the quick-match queue for the game chosen on Home.
    Quick,
    /// Watch the match of the code (or link) typed: no seat.
    Watch(String),
    /// Watch the match being played on this network at `address`, which says it is
    /// `listing`.
    WatchLan {
        /// The host's server.
        address: SocketAddr,
        /// What it hosts.
        listing: Listing,
    },
    /// Take this machine's seat back in the match of this ticket.
    Rejoin(Box<Ticket>),
    /// Host the game chosen on Home on this network.
    LanHost {
        /// The network protocol version announced ([`crate::net::PROTOCOL_VERSION`]; tests
        /// claim another to see joiners refused).
        protocol: u32,
    },
    /// Join the game hosted on this network at `address`, which says it is `listing`.
    Lan {
        /// The host's server.
        address: SocketAddr,
        /// What it hosts.
        listing: Listing,
    },
}

/// Who plays this machine's seat in an online match: a person at the controls, or (for
/// a headless peer) something else.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnlineController(pub Controller);

impl Default for OnlineController {
    fn default() -> OnlineController {
        OnlineController(Controller::Human)
    }
}

/// Faults to apply to what this peer sends (tests and soak runs of headless peers).
#[derive(Resource, Clone, Copy, Debug)]
pub struct OnlineImpairment(pub Impairment);

/// The waiting room, until the match starts: where it is ([`Stage`]) and what it is for.
#[derive(Resource)]
pub struct Lobby {
    /// Where the lobby is; every change of it is made in this file.
    stage: Stage,
    /// Whether it is for watching a match rather than playing in it.
    watch: bool,
    players: u8,
    code: Option<String>,
    mine: Hello,
    /// What is wrong though the lobby goes on (games that differ, a peer that gave up),
    /// or, once it has ended, why.
    problem: Option<String>,
    started: Instant,
    status: String,
    lan: bool,
    hosting: Option<LanHosting>,
    /// This player's seat key, which proves its seat if it drops and comes back.
    key: SeatKey,
    /// The server the room is on.
    base: String,
    /// The room's name there (its code or quick-match key).
    room: String,
    /// The same room asked for again, when the connection to it ends before the match
    /// starts (a signaling server that restarted or died: the retry reaches another).
    again: Option<JoinRequest>,
    /// The ICE servers the connections use.
    ice: Vec<IceServer>,
}

/// Where a lobby is. It opens in one of the first three, and ends in the last two.
enum Stage {
    /// In the room: connected (or connecting) to the server, meeting every peer it
    /// introduces and trading hellos until every seat is taken.
    Gathering(Box<Gathering>),
    /// Connecting to a match's players to watch it, until one sends the match.
    Watching(Box<Watcher>),
    /// Taking this machine's seat back: the rejoin host has the connection
    /// ([`super::rejoin`]).
    Rejoining,
    /// The match has started, with the connection the lobby made.
    Started,
    /// No match can start from here: [`Lobby::problem`] says why. A connection that
    /// ended between two frames gives its own reason later, on this channel.
    Ended(Option<Mutex<mpsc::Receiver<ConnectError>>>),
}

/// A lobby's room while it gathers the players.
struct Gathering {
    socket: WebRtcSocket,
    /// Why the socket's connection ended, once it has.
    failure: Mutex<mpsc::Receiver<ConnectError>>,
    introduced: Introduced,
    /// The peers introduced and not yet connected, since when.
    connecting: Vec<(PeerId, Instant)>,
    hellos: Vec<(PeerId, Hello)>,
    said_hello: Vec<PeerId>,
    frames: u32,
    /// Peers named in the log for sending junk (at most [`MAX_NOISY`]).
    noisy: Vec<PeerId>,
}

/// Most peers named for sending junk to a lobby: a room holds a few players and watchers.
const MAX_NOISY: usize = 16;

impl Gathering {
    /// A room just joined through `socket`, whose end is said on `failure`, with what
    /// the server said of its peers so far.
    fn new(
        socket: WebRtcSocket,
        failure: mpsc::Receiver<ConnectError>,
        introduced: Introduced,
    ) -> Box<Gathering> {
        Box::new(Gathering {
            socket,
            failure: Mutex::new(failure),
            introduced,
            connecting: Vec::new(),
            hellos: Vec::new(),
            said_hello: Vec::new(),
            frames: 0,
            noisy: Vec::new(),
        })
    }

    /// Notes that `peer` sent what nobody sends in a lobby; named once in the log.
    fn noisy(&mut self, peer: PeerId) {
        if self.noisy.len() < MAX_NOISY && !self.noisy.contains(&peer) {
            warn!("{peer} sent junk to the lobby: ignored");
            self.noisy.push(peer);
        }
    }
}

impl Lobby {
    /// Hosting on this network: the addresses players there can type to join.
    pub fn lan_addresses(&self) -> Option<Vec<String>> {
        self.hosting.as_ref().map(LanHosting::addresses)
    }

    /// Whether this lobby is for watching a match.
    pub fn watching(&self) -> bool {
        self.watch
    }

    /// Whether this lobby is for a game on this network.
    pub fn on_lan(&self) -> bool {
        self.lan
    }

    /// The private room's invite code, if this is one.
    pub fn code(&self) -> Option<&str> {
        self.code.as_deref()
    }

    /// The invite as a link a browser opens (the page the signaling server serves), for an
    /// online private room.
    pub fn web_link(&self) -> Option<String> {
        let code = self.code.as_deref().filter(|_| !self.lan)?;
        invite::web_link(&self.base, code)
    }

    /// What the players are told: who is here, and any problem.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// Why the lobby can no longer start a match (the connection to the signaling server
    /// failed or ended), once that is known: not while the connection's own reason (which
    /// its ending thread sends at once) is still on its way, so that a program that stops
    /// at the first failure says the reason, not only that the connection ended.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn failure(&self) -> Option<&str> {
        if matches!(self.stage, Stage::Ended(Some(_))) {
            return None;
        }
        self.ended_because()
    }

    /// The request that asks for the same room again, once the connection to it has ended
    /// before the match started.
    pub fn again(&self) -> Option<JoinRequest> {
        self.ended_because().and(self.again.clone())
    }

    /// Why the lobby ended, if it has.
    fn ended_because(&self) -> Option<&str> {
        self.problem.as_deref().filter(|_| matches!(self.stage, Stage::Ended(_)))
    }

    /// When the lobby opened.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn started(&self) -> Instant {
        self.started
    }

    /// The lobby ends: `why`, said to the players.
    fn end(&mut self, why: String) {
        self.stage = Stage::Ended(None);
        self.problem = Some(why);
    }

    /// Ends the lobby before it opened a room: `why` is its status too.
    fn fail(&mut self, why: String) {
        self.status.clone_from(&why);
        self.end(why);
    }
}

/// The lobby's life: opened on entering the lobby screen, gone on leaving it.
pub(super) struct LobbyPlugin;

impl Plugin for LobbyPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<OnlineController>()
            .add_systems(Startup, join_from_command_line)
            .add_systems(OnEnter(Screen::Lobby), open_lobby)
            .add_systems(Update, wait_in_lobby.run_if(in_state(Screen::Lobby)))
            .add_systems(OnExit(Screen::Lobby), |mut commands: Commands| {
                commands.remove_resource::<Lobby>();
            });
    }
}

fn join_from_command_line(request: Option<Res<JoinRequest>>, mut next: ResMut<NextState<Screen>>) {
    if request.is_some() {
        next.set(Screen::Lobby);
    }
}

fn open_lobby(
    mut commands: Commands,
    request: Option<Res<JoinRequest>>,
    setup: Res<MatchSetup>,
    preferences: Res<Preferences>,
    controller: Res<OnlineController>,
    mut rejoin: ResMut<RejoinFile>,
    w: Res<Words>,
) {
    let w = &*w;
    let request = request.map(|r| r.clone()).unwrap_or(JoinRequest::Quick);
    let drawn = fresh().and_then(|_| SeatKey::fresh().map_err(|e| NoRandomness(e.to_string())));
    let key = drawn.clone().unwrap_or_else(|_| SeatKey::from_bytes([0; 32]));
    commands.remove_resource::<JoinRequest>();
    let draughts = setup.game == GameType::Draughts;
    // Draughts is for two; the game's name keys its quick-match queue.
    let (players, game) =
        if draughts { (2, "draughts") } else { (setup.players, setup.variant.name()) };
    let name = &preferences.names[0];
    let mine = |players: u8, creator: bool| {
        let hello =
            Hello::new(creator, setup.variant, players, setup.preset, setup.shot_clock, name)
                .sealed(key.seal(), setup.grace);
        let ballot = if setup.draughts_ballot { BY_LOT } else { 0 };
        let black = setup.draughts_colour == Colour::Black;
        if draughts { hello.for_draughts(black).opening(ballot) } else { hello }
    };
    let lan = matches!(
        request,
        JoinRequest::LanHost { .. } | JoinRequest::Lan { .. } | JoinRequest::WatchLan { .. }
    );
    let watch = matches!(request, JoinRequest::Watch(_) | JoinRequest::WatchLan { .. });
    let mut lobby = Lobby {
        // Until it has opened: every way below sets where it is.
        stage: Stage::Ended(None),
        watch,
        players,
        code: None,
        mine: mine(players, false),
        problem: None,
        started: Instant::now(),
        status: w.get("lobby-connecting-server"),
        lan,
        hosting: None,
        key: key.clone(),
        base: preferences.signaling.clone(),
        room: String::new(),
        again: match &request {
            JoinRequest::Code(_) | JoinRequest::Room { .. } | JoinRequest::Quick => {
                Some(request.clone())
            }
            JoinRequest::Watch(_) => Some(request.clone()),
            _ => None,
        },
        ice: Vec::new(),
    };
    if let Err(e) = drawn {
        // A seat whose key could be guessed would be anyone's to take back.
        lobby.fail(room_error(w, &RoomError::NoRandomness(e)));
        commands.insert_resource(lobby);
        return;
    }
    if offline() {
        // Said at once, rather than after a connection that cannot come times out.
        lobby.fail(w.get("lobby-no-network"));
        commands.insert_resource(lobby);
        return;
    }
    if let JoinRequest::Rejoin(ticket) = &request {
        match super::rejoin::rejoin(&mut commands, ticket, controller.0, &setup) {
            Ok(()) => {
                lobby.stage = Stage::Rejoining;
                lobby.status = w.get("lobby-rejoining");
            }
            Err(why) => {
                // A ticket that can never work again is not offered again.
                if ticket.usable(super::tape::now()).is_err() {
                    rejoin.clear();
                }
                let why = rejoin_error(w, &why);
                lobby.fail(w.with("lobby-cannot-rejoin", &[("why", why.into())]));
            }
        }
        commands.insert_resource(lobby);
        return;
    }
    if let Some(watch) = watch_address(&request, &preferences) {
        let opened = |(url, ice): (String, Vec<IceServer>)| Ok(Watcher::open(&url, &ice, name)?);
        match watch.and_then(opened) {
            Ok(watcher) => {
                lobby.stage = Stage::Watching(Box::new(watcher));
                lobby.status = w.get("lobby-connecting-players");
            }
            Err(problem) => lobby.fail(room_error(w, &problem)),
        }
        commands.insert_resource(lobby);
        return;
    }
    match room(&request, &preferences, players, game) {
        Ok(Room { url, base, code, players, creator, hosting }) => {
            let url = with_seat_token(&with_grace(&url, setup.grace), &lobby.key.rejoin_token());
            lobby.room = name_of(&url).unwrap_or_default().to_string();
            lobby.base = base;
            lobby.players = players;
            if request == JoinRequest::Create {
                // Again, it is the same room: the friends invited have its code.
                lobby.again = code.clone().map(|code| JoinRequest::Room { code, players, creator });
            }
            lobby.code = code;
            lobby.mine = mine(players, creator);
            lobby.hosting = hosting;
            // On a LAN, host candidates only: no STUN or TURN, nothing outside the network.
            let ice = if lan { &[][..] } else { &preferences.ice[..] };
            lobby.ice = ice.to_vec();
            match open(&url, ice) {
                Ok((socket, failure, introduced)) => {
                    lobby.stage = Stage::Gathering(Gathering::new(socket, failure, introduced));
                }
                Err(e) => lobby.end(connect_error(w, &e)),
            }
        }
        Err(problem) => lobby.fail(room_error(w, &problem)),
    }
    commands.insert_resource(lobby);
}

/// Why the room's connection ended, as the players are told.
fn connection_ended(w: &Words, reason: &ConnectError) -> String {
    if offline() { w.get("lobby-no-network") } else { connect_error(w, reason) }
}

/// Whether the browser says it has no network at all (the desktop game cannot tell: it
/// tries, and says what failed).
fn offline() -> bool {
    #[cfg(target_arch = "wasm32")]
    return web_sys::window().is_some_and(|page| !page.navigator().on_line());
    #[cfg(not(target_arch = "wasm32"))]
    false
}

/// Where a request to watch leads: the watch address and the ICE servers to use (none on
/// this network), or why there is none; `None` for a request to play.
fn watch_address(
    request: &JoinRequest,
    preferences: &Preferences,
) -> Option<Result<(String, Vec<IceServer>), RoomError>> {
    match request {
        JoinRequest::Watch(text) => Some(match invite::parse(text) {
            Some(found) => {
                let server = found.server.as_deref().unwrap_or(&preferences.signaling);
                Ok((watch_room(server, &found.code), preferences.ice.clone()))
            }
            None => Err(RoomError::NotACode(text.clone())),
        }),
        JoinRequest::WatchLan { address, listing } => Some(if listing.watchable() {
            Ok((watch_room(&format!("ws://{address}"), &listing.room), Vec::new()))
        } else {
            Err(RoomError::WatchOtherVersion { host: listing.host.clone() })
        }),
        _ => None,
    }
}

/// Where a join request leads.
struct Room {
    url: String,
    /// The server the room is on (a player who drops comes back through it).
    base: String,
    code: Option<String>,
    players: u8,
    creator: bool,
    hosting: Option<LanHosting>,
}

/// The room a request joins (and, hosting on this network, the game hosted), or why
/// there is none.
fn room(
    request: &JoinRequest,
    preferences: &Preferences,
    players: u8,
    game: &str,
) -> Result<Room, RoomError> {
    let signaling = preferences.signaling.as_str();
    let online_at = |base: &str, url: String, code: Option<String>, players: u8, creator: bool| {
        Room { url, base: base.to_string(), code, players, creator, hosting: None }
    };
    let online = |url, code, players, creator| online_at(signaling, url, code, players, creator);
    match request {
        JoinRequest::Create => {
            let code = invite::mint(fresh().map_err(RoomError::NoRandomness)?, players);
            Ok(online(private_room(signaling, &code, players), Some(code), players, true))
        }
        JoinRequest::Code(text) => match invite::parse(text) {
            Some(found) => {
                // A web link names the server the match is on.
                let server = found.server.as_deref().unwrap_or(signaling);
                let url = private_room(server, &found.code, found.players);
                Ok(online_at(server, url, Some(found.code), found.players, false))
            }
            None => Err(RoomError::NotACode(text.clone())),
        },
        JoinRequest::Room { code, players, creator } => {
            let url = private_room(signaling, code, *players);
            Ok(online(url, Some(code.clone()), *players, *creator))
        }
        JoinRequest::Quick
        | JoinRequest::Watch(_)
        | JoinRequest::WatchLan { .. }
        | JoinRequest::Rejoin(_) => {
            Ok(online(quick_match(signaling, game, players), None, players, false))
        }
        JoinRequest::LanHost { protocol } => {
            let code = invite::mint(fresh().map_err(RoomError::NoRandomness)?, players);
            let listing = Listing {
                protocol: *protocol,
                game: game.to_string(),
                players,
                free: players,
                host: preferences.names[0].clone(),
                room: code.clone(),
            };
            let hosting =
                LanHosting::start(preferences.lan_port, listing).map_err(RoomError::CannotHost)?;
            let base = hosting.local_url();
            let url = private_room_of(&base, &code, players, *protocol);
            Ok(Room { url, base, code: None, players, creator: true, hosting: Some(hosting) })
        }
        JoinRequest::Lan { address, listing } => {
            if let Some(why) = listing.refusal() {
                return Err(RoomError::CannotJoin { host: listing.host.clone(), why });
            }
            let base = format!("ws://{address}");
            let url = private_room(&base, &listing.room, listing.players);
            Ok(Room { base, ..online(url, None, listing.players, false) })
        }
    }
}

/// What the lobby changes once it starts a match or a watch: the match's resources, and
/// the screen.
#[derive(SystemParam)]
struct Starting<'w, 's> {
    commands: Commands<'w, 's>,
    preferences: Res<'w, Preferences>,
    controller: Res<'w, OnlineController>,
    impairment: Option<Res<'w, OnlineImpairment>>,
    diagnostics: Res<'w, DiagnosticsDir>,
    setup: Res<'w, MatchSetup>,
    screen: ResMut<'w, NextState<Screen>>,
    host: ResMut<'w, NextState<MatchHost>>,
    game: ResMut<'w, NextState<GameType>>,
}

/// Every frame in the lobby: where it is said, and what its stage does.
fn wait_in_lobby(lobby: Option<ResMut<Lobby>>, w: Res<Words>, mut starting: Starting) {
    let Some(mut lobby) = lobby else { return };
    let lobby = &mut *lobby;
    let w = &*w;
    let gathered = match lobby.stage {
        Stage::Watching(_) => return wait_to_watch(w, lobby, &mut starting),
        Stage::Gathering(_) => gather(w, lobby),
        Stage::Ended(Some(ref failure)) => {
            // The connection's reason, when it comes after the connection ended.
            let reason = failure.lock().ok().and_then(|failure| failure.try_recv().ok());
            if let Some(reason) = reason {
                lobby.end(connection_ended(w, &reason));
            }
            None
        }
        Stage::Rejoining | Stage::Started | Stage::Ended(None) => None,
    };
    if let Some(hosting) = lobby.hosting.as_mut() {
        hosting.follow_seats();
    }
    let (connected, me) = gathered.unwrap_or_default();
    if matches!(lobby.stage, Stage::Gathering(_) | Stage::Ended(_)) {
        lobby.status = status(w, lobby, connected.len(), me.is_some());
    }
    if let Some(me) = me {
        start_when_gathered(w, lobby, me, connected, &mut starting);
    }
}

/// One frame of gathering: news from the signaling server, hellos sent and received. The
/// peers connected now and this peer's id, once the server gave it one; nobody once the
/// lobby has ended.
fn gather(w: &Words, lobby: &mut Lobby) -> Option<(Vec<PeerId>, Option<PeerId>)> {
    let Stage::Gathering(gathering) = &mut lobby.stage else { return None };
    let failed = gathering.failure.lock().ok().and_then(|failure| failure.try_recv().ok());
    if let Some(reason) = failed {
        // The socket's message loop has ended: polling it again would panic in matchbox.
        lobby.end(connection_ended(w, &reason));
        return None;
    }
    let Some(connected) = poll(w, gathering, &lobby.mine, &mut lobby.problem) else {
        // The loop ended between two frames; its reason arrives on `failure` later.
        let why = lobby.problem.take().unwrap_or_else(|| w.get("lobby-server-ended"));
        let Stage::Gathering(gathering) = std::mem::replace(&mut lobby.stage, Stage::Ended(None))
        else {
            return None;
        };
        lobby.stage = Stage::Ended(Some(gathering.failure));
        lobby.problem = Some(why);
        return None;
    };
    let me = gathering.socket.id();
    if let Some(why) = watch_connecting(w, gathering, &mut lobby.problem, lobby.lan, &connected) {
        lobby.end(why);
        return None;
    }
    Some((connected, me))
}

/// Starts the match once every seat's player is connected and has said hello (as `me`,
/// with `connected` the peers here).
fn start_when_gathered(
    w: &Words,
    lobby: &mut Lobby,
    me: PeerId,
    connected: Vec<PeerId>,
    starting: &mut Starting,
) {
    let Stage::Gathering(gathering) = &mut lobby.stage else { return };
    let watchers = watchers_among(&gathering.hellos, &gathering.introduced, &connected);
    // Watchers hold no seat: the match starts when the players are here.
    let connected: Vec<PeerId> =
        connected.into_iter().filter(|peer| !watchers.contains(peer)).collect();
    let everyone_said_hello =
        connected.iter().all(|peer| gathering.hellos.iter().any(|(p, _)| p == peer));
    if connected.len() + 1 != lobby.players as usize || !everyone_said_hello {
        return;
    }
    let mut peers = connected.clone();
    peers.push(me);
    let mut hellos: Vec<(PeerId, Hello)> =
        gathering.hellos.iter().filter(|(p, _)| connected.contains(p)).cloned().collect();
    hellos.push((me, lobby.mine.clone()));
    let Some(agreed) = agree(&hellos, match_seed(&peers)) else {
        lobby.problem = Some(w.get("lobby-games-differ"));
        return;
    };
    let socket = &mut gathering.socket;
    let (Ok(channel), Ok(stream)) =
        (socket.take_channel(GAME_CHANNEL), socket.take_channel(WATCH_CHANNEL))
    else {
        lobby.problem = Some(w.get("lobby-channel-gone"));
        return;
    };
    let counters = Arc::new(Counters::default());
    let game_channel = Arc::new(Mutex::new(channel));
    let mut channel = SafeChannel::new(game_channel.clone(), 0, counters.clone());
    let impairment = starting.impairment.as_ref().map(|i| i.0);
    if let Some(impairment) = impairment {
        channel = channel.impaired(impairment);
    }
    let seats = seat_order(&peers);
    let grace = Duration::from_secs(u64::from(agreed_grace(&hellos)));
    let session = match build_session::<OnlineConfig>(me, &seats, channel) {
        Ok(session) => session,
        Err(e) => {
            lobby.problem = Some(w.with("lobby-cannot-start", &[("why", e.to_string().into())]));
            return;
        }
    };
    let local = handle_of(me, &peers);
    let mut shown_names: [String; 4] = core::array::from_fn(|_| String::new());
    for (slot, name) in shown_names.iter_mut().zip(names(&hellos)) {
        *slot = name;
    }
    shown_names[local] = starting.preferences.names[0].clone();
    let controller = starting.controller.0;
    let diagnostics = starting.diagnostics.0.clone();
    let commands = &mut starting.commands;
    match agreed {
        Agreed::Carrom(settings) => {
            let controllers =
                core::array::from_fn(|i| if i == local { controller } else { Controller::Remote });
            let m = Match::new(settings);
            let names = shown_names[..peers.len()].to_vec();
            commands.insert_resource(WatchStream::new(Watched::Carrom(m), names.clone(), stream));
            commands.insert_resource(LocalMatch::resumed(m, controllers, shown_names.clone()));
            commands.insert_resource(OnlineMatch(m));
            let record = OnlineRecord::new(Watched::Carrom(m), names, lobby.lan, diagnostics);
            commands.insert_resource(record);
            starting.game.set(GameType::Carrom);
        }
        Agreed::Draughts { black_player, ballot } => {
            let seed = match_seed(&peers);
            let level = starting.setup.draughts_level;
            let table = online_table(local, black_player, &shown_names, controller, level, seed);
            let (table, start) = match ballot {
                Some(ballot) => (table.opened_with(ballot), ballot.game()),
                None => (table, Draughts::new()),
            };
            commands.insert_resource(table);
            let turns = TurnGame::new(start, black_player);
            let names = shown_names[..2].to_vec();
            let record =
                OnlineRecord::new(Watched::Draughts(turns), names.clone(), lobby.lan, diagnostics);
            commands.insert_resource(record);
            commands.insert_resource(WatchStream::new(Watched::Draughts(turns), names, stream));
            commands.insert_resource(OnlineDraughts(turns));
            starting.game.set(GameType::Draughts);
        }
    }
    if let Some(hosting) = lobby.hosting.take() {
        commands.insert_resource(hosting.close());
    }
    commands.insert_resource(MatchOverAt::default());
    commands.insert_resource(Session::P2P(session));
    commands.insert_resource(LocalPlayers(vec![local]));
    let Stage::Gathering(gathering) = std::mem::replace(&mut lobby.stage, Stage::Started) else {
        return;
    };
    let Gathering { socket, failure, introduced, hellos: heard, .. } = *gathering;
    let seating = Seating {
        signaling: lobby.base.clone(),
        room: lobby.room.clone(),
        ice: lobby.ice.clone(),
        code: lobby.code.clone(),
        key: lobby.key.clone(),
        seals: seals(&hellos),
        grace,
        lan: lobby.lan,
    };
    // The server let them in to watch, whatever their hellos claim.
    let claims: Vec<String> = heard
        .iter()
        .filter(|(peer, hello)| watchers.contains(peer) && !hello.watcher)
        .map(|(_, hello)| {
            format!("{} came to watch but said it plays: it holds no seat", hello.name)
        })
        .collect();
    let hello = lobby.mine.encode();
    let opened = Opened { socket, failure, introduced, hello, counters, game_channel, impairment };
    let roster = Roster::new(seats, shown_names.to_vec(), local, watchers);
    let mut online = Online::new(Connection::new(opened), roster, seating);
    online.joined_at(lobby.started);
    for claim in claims {
        online.refuse(claim);
    }
    commands.insert_resource(online);
    starting.host.set(MatchHost::Online);
    starting.screen.set(Screen::Game);
}

/// Watching: waits for a player to send the match, then shows it.
fn wait_to_watch(w: &Words, lobby: &mut Lobby, starting: &mut Starting) {
    let Stage::Watching(watcher) = &mut lobby.stage else { return };
    if let Err(end) = watcher.poll() {
        lobby.status = end.to_string();
        lobby.end(end.to_string());
        return;
    }
    let Some(follower) = watcher.follower.as_ref() else {
        lobby.status = match watcher.players_connected() {
            0 => w.get("lobby-connecting-players"),
            n => w.with("lobby-watch-waiting", &[("count", n.into())]),
        };
        return;
    };
    let names = follower.names.clone();
    let start = follower.game;
    let Stage::Watching(watcher) = std::mem::replace(&mut lobby.stage, Stage::Started) else {
        return;
    };
    super::watching::start(&mut starting.commands, *watcher, start, names);
    starting.game.set(match start {
        Watched::Carrom(_) => GameType::Carrom,
        Watched::Draughts(_) => GameType::Draughts,
    });
    starting.host.set(MatchHost::Watch);
    starting.screen.set(Screen::Game);
}

/// Polls the socket: peers gone are forgotten, newcomers are sent this peer's hello, and
/// hellos received are kept (a peer of another version is said in `problem`). Returns the
/// peers connected now, or `None` once the socket's message loop has ended (matchbox's
/// panicking calls are never used).
fn poll(
    w: &Words,
    gathering: &mut Gathering,
    mine: &Hello,
    problem: &mut Option<String>,
) -> Option<Vec<PeerId>> {
    let socket = &mut gathering.socket;
    for (peer, state) in socket.try_update_peers().ok()? {
        if state == PeerState::Disconnected {
            gathering.hellos.retain(|(p, _)| *p != peer);
            gathering.said_hello.retain(|p| *p != peer);
        }
    }
    let connected: Vec<PeerId> = socket.connected_peers().collect();
    // Said again to everyone every second until the match starts: a hello lost to a peer
    // that dropped and came back, or that connected twice at once, is never waited for.
    gathering.frames += 1;
    if gathering.frames.is_multiple_of(HELLO_AGAIN) {
        gathering.said_hello.clear();
    }
    let channel = socket.get_channel_mut(HELLO_CHANNEL).ok()?;
    for peer in &connected {
        if !gathering.said_hello.contains(peer) {
            channel.try_send(mine.encode().into(), *peer).ok()?;
            gathering.said_hello.push(*peer);
        }
    }
    let mut noisy = Vec::new();
    for (peer, bytes) in channel.receive() {
        match Hello::decode(&bytes) {
            Some(h) if !gathering.hellos.iter().any(|(p, _)| *p == peer) => {
                gathering.hellos.push((peer, h))
            }
            Some(_) => {}
            None if Hello::of_another_version(&bytes) => {
                *problem = Some(w.get("lobby-other-version"))
            }
            None => noisy.push(peer),
        }
    }
    // Nothing else is read before the match: what a peer sends on the other channels (a
    // hostile watcher's flood) is dropped, not queued without bound. GGRS says again
    // whatever of its own arrives early, until the other session answers.
    for index in [GAME_CHANNEL, WATCH_CHANNEL, RESUME_CHANNEL] {
        for (peer, _) in socket.get_channel_mut(index).map(|c| c.receive()).unwrap_or_default() {
            if index != GAME_CHANNEL {
                noisy.push(peer);
            }
        }
    }
    for peer in noisy {
        gathering.noisy(peer);
    }
    Some(connected)
}

/// The peers among `connected` that come to watch: the server let them in as watchers,
/// or their hello says so (a hello saying "player" takes no seat the server did not give).
fn watchers_among(
    hellos: &[(PeerId, Hello)],
    introduced: &Introduced,
    connected: &[PeerId],
) -> Vec<PeerId> {
    let watching = |peer: &PeerId| {
        introduced.watches(*peer) || hellos.iter().any(|(p, h)| p == peer && h.watcher)
    };
    connected.iter().copied().filter(watching).collect()
}

/// Keeps the time each introduced peer started connecting; once one has tried for longer
/// than [`PEER_CONNECT_BOUND`], why the lobby ends. A peer that leaves after trying for
/// half as long most likely gave up on us the same way: that is said in `problem`, and
/// the lobby waits on for someone else. On this network (`lan`) only a firewall can be in
/// the way.
fn watch_connecting(
    w: &Words,
    gathering: &mut Gathering,
    problem: &mut Option<String>,
    lan: bool,
    connected: &[PeerId],
) -> Option<String> {
    let introduced = gathering.introduced.peers();
    // A watcher that never connects keeps nobody from playing.
    let pending: Vec<PeerId> = introduced
        .iter()
        .copied()
        .filter(|p| !connected.contains(p) && !gathering.introduced.watches(*p))
        .collect();
    let connecting = &mut gathering.connecting;
    let gave_up = connecting.iter().any(|(peer, since)| {
        !introduced.contains(peer) && since.elapsed() >= PEER_CONNECT_BOUND / 2
    });
    let no_route = w.get(if lan { "lobby-no-lan-route" } else { "lobby-no-route" });
    if gave_up {
        *problem = Some(w.with("lobby-peer-left", &[("why", no_route.clone().into())]));
    }
    connecting.retain(|(peer, _)| pending.contains(peer));
    for peer in pending {
        if !connecting.iter().any(|(p, _)| *p == peer) {
            connecting.push((peer, Instant::now()));
        }
    }
    if !connecting.iter().any(|(_, since)| since.elapsed() > PEER_CONNECT_BOUND) {
        return None;
    }
    let seconds = ("seconds", PEER_CONNECT_BOUND.as_secs().into());
    Some(w.with("lobby-peer-unreachable", &[seconds, ("why", no_route.into())]))
}

/// The lobby's status line: any problem, then who is here.
fn status(w: &Words, lobby: &Lobby, connected: usize, identified: bool) -> String {
    let gathering = match &lobby.stage {
        Stage::Gathering(gathering) => Some(&**gathering),
        _ => None,
    };
    let hellos = gathering.map_or(&[][..], |g| &g.hellos[..]);
    let you = w.with("lobby-you", &[("name", lobby.mine.name.clone().into())]);
    let arrived: Vec<String> = std::iter::once(you)
        .chain(hellos.iter().filter(|(_, h)| !h.watcher).map(|(_, h)| h.name.clone()))
        .collect();
    let watching = hellos.iter().filter(|(_, h)| h.watcher).count();
    let connected = connected - watching.min(connected);
    let here = if gathering.is_none() {
        String::new()
    } else if identified {
        w.with(
            "lobby-here",
            &[
                ("here", (connected + 1).into()),
                ("players", lobby.players.into()),
                ("connecting", gathering.map_or(0, |g| g.connecting.len()).into()),
                ("names", arrived.join(", ").into()),
                ("watching", watching.into()),
            ],
        )
    } else if lobby.lan {
        w.get("lobby-connecting-host")
    } else {
        w.get("lobby-connecting-server")
    };
    let unannounced = lobby.hosting.as_ref().and_then(|h| h.unannounced.as_ref());
    let here = match unannounced {
        Some(why) => {
            let why = w.with("lobby-unannounced", &[("why", lan_error(w, why).into())]);
            format!("{here}\n{why}")
        }
        None => here,
    };
    match &lobby.problem {
        Some(problem) if here.is_empty() => problem.clone(),
        Some(problem) => format!("{problem}\n{here}"),
        None => here,
    }
}
