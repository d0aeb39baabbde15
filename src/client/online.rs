//! Online play in the client: the lobby (create a private match and show its invite code,
//! join by code, or quick match; the waiting room lists who has arrived), then the match
//! under bevy_ggrs. The rollback state is the POD [`Match`] (copied to save, its hash is
//! the checksum); inputs are read in `ReadInputs` from the same aiming controls as local
//! play; `GgrsSchedule` runs `game::advance` and nothing else. A peer interrupted shows
//! "waiting for NAME" with a countdown; a peer gone is ruled a forfeit (it resigns at the
//! frame GGRS marks it disconnected, the same frame everywhere); a desync is shown and a
//! record written for `carrom replay`.

use super::local_match::{LocalMatch, next_seed};
use super::preferences::Preferences;
use super::screen::Screen;
use super::setup::{Controller, MatchSetup, variant_label};
use super::storage::Storage;
use super::ui::{self, Action, MenuSet, palette};
use crate::game::{Input, Match, advance};
use crate::net::connect::{GAME_CHANNEL, HELLO_CHANNEL, open};
use crate::net::diagnostics::DesyncRecord;
use crate::net::hello::{Hello, agree, names};
use crate::net::room::{invite_link, mint_code, parse_code, private_room, quick_match};
use crate::net::session::{build_session, frame_inputs, handle_of, match_seed};
use crate::net::socket::{Counters, SafeChannel};
use bevy::prelude::*;
use bevy_ggrs::{
    GgrsConfig, GgrsPlugin, GgrsSchedule, LocalInputs, LocalPlayers, PlayerInputs, ReadInputs,
    RollbackApp, RollbackFrameRate, Session,
};
use ggrs::GgrsEvent;
use matchbox_socket::{PeerId, PeerState, WebRtcSocket};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// The GGRS configuration bevy_ggrs runs: carrom inputs between matchbox peers.
pub type OnlineConfig = GgrsConfig<Input, PeerId>;

/// The match as rollback sees it: saved by copy, checked by its hash.
#[derive(Resource, Clone, Copy, Debug)]
pub struct OnlineMatch(pub Match);

/// The rollback system: one frame of the game (tests order checks after it).
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct OnlineStep;

/// How to go online: from Home, or `carrom --join CODE`.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub enum JoinRequest {
    /// Create a private match and invite friends by code.
    Create,
    /// Join a private match by code.
    Code(String),
    /// Join the quick-match queue for the game chosen on Home.
    Quick,
}

/// The waiting room's connection, until the match starts.
#[derive(Resource)]
struct Lobby {
    socket: Option<WebRtcSocket>,
    players: u8,
    failure: Mutex<mpsc::Receiver<String>>,
    hellos: Vec<(PeerId, Hello)>,
    said_hello: Vec<PeerId>,
    problem: Option<String>,
}

/// The online match's connection and what the players are told about it.
#[derive(Resource)]
pub struct Online {
    socket: WebRtcSocket,
    peers: Vec<PeerId>,
    names: Vec<String>,
    local: usize,
    waiting: Option<(usize, Instant)>,
    message: Option<String>,
}

/// Every input simulated and each frame's checksum, for a desync record.
#[derive(Resource)]
struct OnlineRecord(DesyncRecord);

#[derive(Component)]
struct LobbyText;

#[derive(Component)]
struct Banner;

/// Online play.
pub(super) struct OnlinePlugin;

impl Plugin for OnlinePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(GgrsPlugin::<OnlineConfig>::default())
            .insert_resource(RollbackFrameRate(crate::game::FRAME_RATE as usize))
            .rollback_resource_with_copy::<OnlineMatch>()
            .checksum_resource::<OnlineMatch>(|m| m.0.hash())
            .add_systems(ReadInputs, read_inputs)
            .add_systems(GgrsSchedule, step.in_set(OnlineStep))
            .add_systems(Startup, join_from_command_line)
            .add_systems(OnEnter(Screen::Lobby), open_lobby)
            .add_systems(
                Update,
                (wait_in_lobby, leave_lobby.after(MenuSet)).run_if(in_state(Screen::Lobby)),
            )
            .add_systems(OnExit(Screen::Lobby), |mut commands: Commands| {
                commands.remove_resource::<Lobby>();
            })
            .add_systems(OnEnter(Screen::Game), spawn_banner.run_if(resource_exists::<Online>))
            .add_systems(
                Update,
                (mirror, session_events, show_banner)
                    .chain()
                    .run_if(in_state(Screen::Game).and_then(resource_exists::<Online>)),
            )
            .add_systems(OnExit(Screen::Game), close_session);
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
) {
    let request = request.map(|r| r.clone()).unwrap_or(JoinRequest::Quick);
    commands.remove_resource::<JoinRequest>();
    let signaling = preferences.signaling.clone();
    let (url, code, players, creator) = match &request {
        JoinRequest::Create => {
            let code = mint_code(next_seed(None), setup.players);
            (private_room(&signaling, &code, setup.players), Some(code), setup.players, true)
        }
        JoinRequest::Code(text) => match parse_code(text) {
            Some((code, players)) => {
                (private_room(&signaling, &code, players), Some(code), players, false)
            }
            None => {
                let problem = format!("{text:?} is not an invite code (13 letters and digits).");
                spawn_lobby_screen(&mut commands, None, &problem);
                return;
            }
        },
        JoinRequest::Quick => {
            (quick_match(&signaling, setup.variant, setup.players), None, setup.players, false)
        }
    };
    let (socket, failure, problem) = match open(&url, &preferences.ice) {
        Ok((socket, failure)) => (Some(socket), failure, None),
        Err(e) => (None, mpsc::channel().1, Some(e)),
    };
    let mine = Hello::new(
        creator,
        setup.variant,
        players,
        setup.preset,
        setup.shot_clock,
        &preferences.names[0],
    );
    let lobby = Lobby {
        socket,
        players,
        failure: Mutex::new(failure),
        hellos: Vec::new(),
        said_hello: Vec::new(),
        problem,
    };
    commands.insert_resource(lobby);
    commands.insert_resource(PendingHello(mine));
    spawn_lobby_screen(&mut commands, code.as_deref(), "Connecting to the signaling server...");
}

/// This peer's hello, until it is sent.
#[derive(Resource)]
struct PendingHello(Hello);

fn spawn_lobby_screen(commands: &mut Commands, code: Option<&str>, status: &str) {
    commands.spawn(ui::screen_root(Screen::Lobby)).with_children(|root| {
        root.spawn(ui::text("Online", 40.0, palette::ACCENT));
        if let Some(code) = code {
            root.spawn(ui::text("Invite code", 18.0, palette::DIM));
            root.spawn(ui::text(code.to_string(), 44.0, palette::TEXT));
            root.spawn(ui::text(invite_link(code), 18.0, palette::DIM));
            root.spawn(ui::text(format!("or: carrom --join {code}"), 16.0, palette::DIM));
        }
        root.spawn((LobbyText, ui::text(status.to_string(), 18.0, palette::TEXT)));
        root.spawn(ui::button("Back", Action::Back, 1, false));
    });
}

#[allow(clippy::too_many_arguments)]
fn wait_in_lobby(
    mut commands: Commands,
    lobby: Option<ResMut<Lobby>>,
    hello: Option<Res<PendingHello>>,
    preferences: Res<Preferences>,
    storage: Res<Storage>,
    mut texts: Query<&mut Text, With<LobbyText>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let (Some(mut lobby), Some(hello)) = (lobby, hello) else { return };
    let failed = lobby.failure.lock().ok().and_then(|failure| failure.try_recv().ok());
    if let Some(message) = failed {
        lobby.problem = Some(message);
    }
    let lobby = &mut *lobby;
    let Some(socket) = lobby.socket.as_mut() else { return };
    for (peer, state) in socket.update_peers() {
        if state == PeerState::Disconnected {
            lobby.hellos.retain(|(p, _)| *p != peer);
            lobby.said_hello.retain(|p| *p != peer);
        }
    }
    let me = socket.id();
    let connected: Vec<PeerId> = socket.connected_peers().collect();
    for peer in &connected {
        if !lobby.said_hello.contains(peer) {
            socket.channel_mut(HELLO_CHANNEL).send(hello.0.encode().into(), *peer);
            lobby.said_hello.push(*peer);
        }
    }
    for (peer, bytes) in socket.channel_mut(HELLO_CHANNEL).receive() {
        match Hello::decode(&bytes) {
            Some(h) if !lobby.hellos.iter().any(|(p, _)| *p == peer) => {
                lobby.hellos.push((peer, h))
            }
            Some(_) => {}
            None => {
                lobby.problem =
                    Some("a player with another version of the game tried to join".into())
            }
        }
    }
    let arrived: Vec<String> = std::iter::once(format!("{} (you)", hello.0.name))
        .chain(lobby.hellos.iter().map(|(_, h)| h.name.clone()))
        .collect();
    let mut status = format!(
        "{} of {} players here: {}",
        connected.len() + 1,
        lobby.players,
        arrived.join(", ")
    );
    if let Some(problem) = &lobby.problem {
        status = format!("{problem}\n{status}");
    }
    for mut text in &mut texts {
        if text.0 != status {
            text.0 = status.clone();
        }
    }
    let Some(me) = me else { return };
    if connected.len() + 1 != lobby.players as usize || lobby.hellos.len() != connected.len() {
        return;
    }
    let mut peers = connected.clone();
    peers.push(me);
    let mut hellos = lobby.hellos.clone();
    hellos.push((me, hello.0.clone()));
    let Some(settings) = agree(&hellos, match_seed(&peers)) else {
        lobby.problem = Some("the players chose games that cannot be played together".into());
        return;
    };
    let Ok(channel) = socket.take_channel(GAME_CHANNEL) else {
        lobby.problem = Some("the game channel is gone".into());
        return;
    };
    let socket_channel = SafeChannel::new(channel, Arc::new(Counters::default()));
    let session = match build_session::<OnlineConfig>(me, &peers, socket_channel) {
        Ok(session) => session,
        Err(e) => {
            lobby.problem = Some(format!("cannot start the match: {e}"));
            return;
        }
    };
    let local = handle_of(me, &peers);
    let mut player_names = names(&hellos);
    player_names.resize(4, String::new());
    let controllers =
        core::array::from_fn(|i| if i == local { Controller::Human } else { Controller::Remote });
    let mut shown_names: [String; 4] = core::array::from_fn(|i| player_names[i].clone());
    shown_names[local] = preferences.names[0].clone();
    let m = Match::new(settings);
    commands.insert_resource(LocalMatch::resumed(m, controllers, shown_names.clone()));
    commands.insert_resource(OnlineMatch(m));
    commands.insert_resource(OnlineRecord(DesyncRecord::new(&settings)));
    commands.insert_resource(Session::P2P(session));
    commands.insert_resource(LocalPlayers(vec![local]));
    let Some(socket) = lobby.socket.take() else { return };
    commands.insert_resource(Online {
        socket,
        peers,
        names: shown_names.to_vec(),
        local,
        waiting: None,
        message: None,
    });
    commands.insert_resource(OnlineDiagnostics(storage.diagnostics_dir()));
    commands.remove_resource::<PendingHello>();
    next.set(Screen::Game);
}

/// Where desync records go.
#[derive(Resource)]
struct OnlineDiagnostics(Option<std::path::PathBuf>);

fn leave_lobby(mut actions: MessageReader<Action>, mut next: ResMut<NextState<Screen>>) {
    if actions.read().any(|a| *a == Action::Back) {
        next.set(Screen::Home);
    }
}

/// The local player's input: what the aiming controls built for this player's slot.
fn read_inputs(mut commands: Commands, local: Option<Res<LocalMatch>>, players: Res<LocalPlayers>) {
    let mut inputs = bevy::platform::collections::HashMap::new();
    for &handle in &players.0 {
        let input = local.as_ref().and_then(|l| l.inputs.get(handle).copied()).unwrap_or_default();
        inputs.insert(handle, input);
    }
    commands.insert_resource(LocalInputs::<OnlineConfig>(inputs));
}

/// The one rollback system: a frame of the game. A player who has left resigns.
fn step(
    mut m: ResMut<OnlineMatch>,
    inputs: Res<PlayerInputs<OnlineConfig>>,
    record: Option<ResMut<OnlineRecord>>,
) {
    let inputs = frame_inputs(&inputs);
    if let Some(mut record) = record {
        let frame = m.0.frame() as usize;
        let hash = m.0.hash();
        record.0.record(frame, hash, &inputs);
    }
    advance(&mut m.0, &inputs);
}

/// The views, HUD and controls read the local match: keep it the rollback state's copy.
fn mirror(online: Res<OnlineMatch>, mut local: ResMut<LocalMatch>) {
    if local.current != online.0 {
        local.previous = local.current;
        local.current = online.0;
    }
}

fn session_events(
    mut session: ResMut<Session<OnlineConfig>>,
    mut online: ResMut<Online>,
    record: Option<ResMut<OnlineRecord>>,
    diagnostics: Option<Res<OnlineDiagnostics>>,
) {
    let Session::P2P(session) = &mut *session else { return };
    let confirmed = session.confirmed_frame();
    let events: Vec<GgrsEvent<OnlineConfig>> = session.events().collect();
    let online = &mut *online;
    online.socket.update_peers();
    let name = |online: &Online, peer: PeerId| {
        let handle = handle_of(peer, &online.peers);
        online.names.get(handle).cloned().unwrap_or_else(|| format!("Player {}", handle + 1))
    };
    for event in events {
        match event {
            GgrsEvent::NetworkInterrupted { addr, disconnect_timeout } => {
                let deadline = Instant::now() + Duration::from_millis(disconnect_timeout as u64);
                online.waiting = Some((handle_of(addr, &online.peers), deadline));
            }
            GgrsEvent::NetworkResumed { .. } => online.waiting = None,
            GgrsEvent::Disconnected { addr } => {
                online.waiting = None;
                online.message =
                    Some(format!("{} left the match: it is ruled a forfeit.", name(online, addr)));
            }
            GgrsEvent::DesyncDetected { frame, local_checksum, remote_checksum, addr } => {
                let dir = diagnostics.as_ref().and_then(|d| d.0.clone());
                let written = record.as_ref().zip(dir).and_then(|(record, dir)| {
                    let checksums = (local_checksum, remote_checksum);
                    record.0.write(&dir, "local", frame as i64, checksums, confirmed as i64)
                });
                let report = written.map_or_else(
                    || "no report could be written".to_string(),
                    |p| format!("report: {}", p.display()),
                );
                online.message = Some(format!(
                    "Desync with {} at frame {frame}: the games differ ({report}).",
                    name(online, addr)
                ));
            }
            _ => {}
        }
    }
}

fn spawn_banner(mut commands: Commands) {
    commands.spawn((
        Banner,
        DespawnOnExit(Screen::Game),
        Node {
            position_type: PositionType::Absolute,
            top: px(8),
            left: percent(21),
            width: percent(58),
            justify_content: JustifyContent::Center,
            ..default()
        },
        ui::text("", 18.0, palette::WARN),
    ));
}

fn show_banner(
    online: Res<Online>,
    session: Res<Session<OnlineConfig>>,
    mut banners: Query<&mut Text, With<Banner>>,
) {
    let mut lines = Vec::new();
    if let Some((handle, deadline)) = online.waiting {
        let left = deadline.saturating_duration_since(Instant::now()).as_secs_f32().ceil();
        let who = online.names.get(handle).cloned().unwrap_or_default();
        lines.push(format!("Waiting for {who}... {left:.0} s"));
    }
    if let Some(message) = &online.message {
        lines.push(message.clone());
    }
    if let Session::P2P(session) = &*session {
        let pings: Vec<String> = online
            .peers
            .iter()
            .filter(|p| handle_of(**p, &online.peers) != online.local)
            .map(|peer| {
                let handle = handle_of(*peer, &online.peers);
                let who = online.names.get(handle).cloned().unwrap_or_default();
                let route = match online.socket.is_relayed(*peer) {
                    Some(true) => "relayed",
                    Some(false) => "direct",
                    None => "connecting",
                };
                match session.network_stats(handle) {
                    Ok(stats) => format!("{who}: {} ms, {route}", stats.ping),
                    Err(_) => format!("{who}: {route}"),
                }
            })
            .collect();
        lines.push(pings.join("   "));
    }
    let text = lines.join("\n");
    for mut banner in &mut banners {
        if banner.0 != text {
            banner.0 = text.clone();
        }
    }
}

fn close_session(mut commands: Commands) {
    commands.remove_resource::<Session<OnlineConfig>>();
    commands.remove_resource::<Online>();
    commands.remove_resource::<OnlineMatch>();
    commands.remove_resource::<OnlineRecord>();
}

/// The game type the lobby waits for, in words (for Home's buttons).
pub fn quick_label(setup: &MatchSetup) -> String {
    format!("Quick match: {}, {} players", variant_label(setup.variant), setup.players)
}
