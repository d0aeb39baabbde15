//! Watching someone else's match live: the players' stream ([`Watcher`]) steps the match on
//! the real board, a frame per tick, a little behind the players so their frames arrive
//! before they are due, and faster while it catches up (after arriving mid-match, or a
//! pause). Nothing the watcher does reaches the match; nothing is recorded or saved.

use super::local::LocalMatch;
use super::online_draughts::OnlineDraughts;
use super::sets::HostSystems;
use super::tape::NotRecorded;
use crate::client::draughts::{DraughtsMatch, Player};
use crate::client::flow::{Controller, PausableSystems, Screen};
use crate::client::words::Words;
use crate::draughts::Colour;
use crate::game::{Input, advance};
use crate::net::watch::Watched;
use crate::net::watcher::Watcher;
use bevy::prelude::*;

/// Frames kept in hand: the stream arrives in bursts, the board moves evenly.
const CUSHION: usize = 6;

/// Frames behind past which the board catches up at once rather than a little faster.
const FAR_BEHIND: usize = 300;

/// Ticks with nothing new after which the cushion is played out too (the match's last
/// frames, or players gone quiet).
const QUIET_TICKS: u32 = 20;

/// The match being watched.
#[derive(Resource)]
pub struct Watching {
    watcher: Watcher,
    /// Why the stream ended before the match did, once it has.
    pub ended: Option<String>,
    /// The frames received by the last tick, and the ticks since that last grew.
    received: (u32, u32),
}

impl Watching {
    /// The match as the watcher has simulated it.
    pub fn game(&self) -> Option<&Watched> {
        self.watcher.follower.as_ref().map(|f| &f.game)
    }

    /// How many watch the match, as the players said last.
    pub fn watching(&self) -> u8 {
        self.watcher.follower.as_ref().map_or(0, |f| f.watching)
    }
}

/// Shows the match `watcher` follows, starting from `start`, on the match screen.
pub(super) fn start(commands: &mut Commands, watcher: Watcher, start: Watched, names: Vec<String>) {
    let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| format!("Player {}", i + 1));
    match start {
        Watched::Carrom(m) => {
            let all: [String; 4] = core::array::from_fn(name);
            commands.insert_resource(LocalMatch::resumed(m, [Controller::Remote; 4], all));
        }
        Watched::Draughts(t) => {
            let black = t.black_player as usize;
            let shown = [name(black), name(1 - black.min(1))];
            let mut table = DraughtsMatch::new(Colour::Black, Player::Remote, shown, 0);
            table.players = [Player::Remote; 2];
            // Shown as an online game: nothing saved, no rematch.
            table.online = true;
            table.game = t.game;
            commands.insert_resource(table);
            commands.insert_resource(OnlineDraughts(t));
        }
    }
    commands.insert_resource(Watching { watcher, ended: None, received: (0, 0) });
    commands.insert_resource(NotRecorded);
}

/// Steps watched matches and says how the watch is going.
pub(super) struct WatchingPlugin;

impl Plugin for WatchingPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            FixedUpdate,
            follow
                .in_set(HostSystems::Watch)
                .in_set(PausableSystems)
                .run_if(in_state(Screen::Game))
                .run_if(resource_exists::<Watching>),
        )
        .add_systems(OnEnter(Screen::Game), spawn_banner.run_if(resource_exists::<Watching>))
        .add_systems(
            Update,
            show_banner.run_if(in_state(Screen::Game)).run_if(resource_exists::<Watching>),
        )
        .add_systems(OnEnter(Screen::Home), |mut commands: Commands| {
            commands.remove_resource::<Watching>();
            commands.remove_resource::<NotRecorded>();
        });
    }
}

/// One tick: what the players sent, then the board a frame (or more, to catch up) on.
fn follow(
    mut watch: ResMut<Watching>,
    local: Option<ResMut<LocalMatch>>,
    draughts: Option<ResMut<OnlineDraughts>>,
    w: Res<Words>,
) {
    let watch = &mut *watch;
    if watch.ended.is_none()
        && let Err(end) = watch.watcher.poll()
    {
        watch.ended = Some(end.to_string());
    }
    for (peer, why) in watch.watcher.take_refusals() {
        warn!("no longer reading {peer}'s stream: {why}");
    }
    let (ready, received) = watch
        .watcher
        .follower
        .as_ref()
        .map_or((0, 0), |f| (f.ready(), f.game.frame() + f.behind() as u32));
    watch.received = match watch.received {
        (before, quiet) if before == received => (received, quiet.saturating_add(1)),
        _ => (received, 0),
    };
    let steps = match ready {
        0 => 0,
        n if n > FAR_BEHIND => n - CUSHION,
        n if n > 4 * CUSHION => 2,
        n if n > CUSHION => 1,
        // The cushion is kept while frames keep coming.
        _ if watch.received.1 >= QUIET_TICKS => 1,
        _ => 0,
    };
    for _ in 0..steps {
        match watch.watcher.step() {
            Ok(true) => {}
            Ok(false) => break,
            Err(end) => {
                watch.ended = Some(end.to_string());
                break;
            }
        }
    }
    let Some(game) = watch.game().copied() else { return };
    if watch.ended.is_none() && !game.is_over() && watch.watcher.stream_ended() {
        watch.ended = Some(w.get("watch-players-left"));
    }
    match (game, local, draughts) {
        (Watched::Carrom(m), Some(mut local), _) => {
            local.previous = local.current;
            if game.is_over() && local.current.frame() >= m.frame() {
                // The stream stops at the end; the board runs on so the Results follow.
                let players = m.settings().players as usize;
                advance(&mut local.current, &vec![Input::ZERO; players]);
            } else {
                local.current = m;
            }
        }
        (Watched::Draughts(t), _, Some(mut shown)) if shown.0 != t => shown.0 = t,
        _ => {}
    }
}

/// The line above the board while watching.
#[derive(Component)]
struct WatchBanner;

fn spawn_banner(mut commands: Commands) {
    commands.spawn((WatchBanner, super::online::banner_line()));
}

fn show_banner(
    watch: Res<Watching>,
    w: Res<Words>,
    mut banners: Query<&mut Text, With<WatchBanner>>,
) {
    let others = ("others", watch.watching().saturating_sub(1).into());
    let line = match &watch.ended {
        Some(why) => w.with("watch-stopped", &[("why", why.clone().into())]),
        None => w.with("watch-live", &[others]),
    };
    for mut banner in &mut banners {
        if banner.0 != line {
            banner.0 = line.clone();
        }
    }
}
