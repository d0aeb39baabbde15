//! Every player of an online or LAN match streams it to the match's watchers: what a
//! watcher arriving is sent (the last boundary's state and the frames since), then each
//! frame GGRS confirms ([`crate::net::watch`]). Watchers never send anything the match
//! reads; one leaving is only dropped from the list.

use super::online::{Online, OnlineConfig, OnlineMatch, OnlineStep, session_events};
use super::online_draughts::OnlineDraughts;
use crate::client::flow::Screen;
use crate::game::Input;
use crate::net::rejoin::Held;
use crate::net::session::frame_inputs;
use crate::net::watch::{Feed, WatchMessage, Watched};
use bevy::prelude::*;
use bevy_ggrs::{ConfirmedFrameCount, GgrsSchedule, PlayerInputs};
use matchbox_socket::{PeerId, WebRtcChannel};
use web_time::{Duration, Instant};

/// How often the frames confirmed are sent, together: identical neighbours share one run,
/// and the watchers get ten messages a second however fast the match runs (a peer running
/// flat out, as tests do, would otherwise queue more than the channel carries).
const EVERY: Duration = Duration::from_millis(100);

/// The stream of the online match to its watchers.
#[derive(Resource)]
pub struct WatchStream {
    feed: Feed,
    channel: WebRtcChannel,
    welcomed: Vec<PeerId>,
    sent_at: Instant,
    /// Bytes sent to watchers.
    pub bytes_sent: u64,
    /// Peers that sent on the stream.
    senders: Vec<PeerId>,
}

impl WatchStream {
    /// The stream of a match from `start` played by `names`, sent on `channel`.
    pub fn new(start: Watched, names: Vec<String>, channel: WebRtcChannel) -> WatchStream {
        WatchStream {
            feed: Feed::new(start, names),
            channel,
            welcomed: Vec::new(),
            sent_at: Instant::now(),
            bytes_sent: 0,
            senders: Vec::new(),
        }
    }

    /// Notes the inputs the rollback step gives the state of `frame`.
    fn simulated(&mut self, frame: u32, inputs: &[Input]) {
        self.feed.simulated(frame, inputs);
    }

    /// Steps the confirmed match up to match frame `confirmed` and sends the watchers what
    /// they have not had of it.
    pub(super) fn confirm_now(&mut self, confirmed: i32) {
        let messages = self.feed.confirm(confirmed);
        self.send_all(&messages);
    }

    /// The confirmed history this player holds.
    pub(super) fn held(&self) -> Held {
        let (anchor, frames) = self.feed.held();
        Held::of(&anchor, frames)
    }

    /// The frame of the confirmed history's anchor (it moves on every [`KEPT`] frames).
    ///
    /// [`KEPT`]: crate::net::watch::KEPT
    pub(super) fn anchor_frame(&self) -> u32 {
        self.feed.held().0.frame()
    }

    /// The match as far as it is confirmed.
    pub(super) fn confirmed(&self) -> Watched {
        self.feed.confirmed()
    }

    /// Carries on from the history a resumption agreed on.
    pub(super) fn resume(&mut self, anchor: Watched, frames: &[Vec<Input>]) {
        let messages = self.feed.resume(anchor, frames);
        self.send_all(&messages);
    }

    /// Streams on a new connection's channel (after reconnecting): every watcher will be
    /// welcomed again.
    pub(super) fn reconnected(&mut self, channel: WebRtcChannel) {
        self.channel = channel;
        self.welcomed.clear();
    }

    /// Reads and drops what arrived on the stream's channel: nobody sends a player anything
    /// there, and unread messages would queue without bound. Each peer that does is named
    /// once in the log.
    fn ignore_what_peers_send(&mut self) {
        for (peer, _) in self.channel.receive() {
            if !self.senders.contains(&peer) {
                warn!("{peer} sent on the watch stream, which players only send on: ignored");
                self.senders.push(peer);
            }
        }
    }

    /// Whether `watcher` has been sent the match so far.
    pub(super) fn has_welcomed(&self, watcher: PeerId) -> bool {
        self.welcomed.contains(&watcher)
    }

    /// Sends `bytes` as they are on the stream's channel (hostile-peer tests).
    pub(super) fn send_bytes(&mut self, to: PeerId, bytes: &[u8]) {
        let _ = self.channel.try_send(bytes.to_vec().into(), to);
    }

    fn send_all(&mut self, messages: &[WatchMessage]) {
        for message in messages {
            for watcher in self.welcomed.clone() {
                self.send(watcher, message);
            }
        }
    }

    fn send(&mut self, to: PeerId, message: &WatchMessage) {
        let bytes = message.encode();
        self.bytes_sent += bytes.len() as u64;
        // A watcher gone between two frames: nothing to do, it is dropped with its peer.
        let _ = self.channel.try_send(bytes.into(), to);
    }
}

/// Streams the match to its watchers.
pub(super) struct WatchStreamPlugin;

impl Plugin for WatchStreamPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            GgrsSchedule,
            note_frame.before(OnlineStep).run_if(resource_exists::<WatchStream>),
        )
        .add_systems(
            Update,
            // Through the Results screen too: the match's last frames are confirmed there.
            stream
                .after(session_events)
                .run_if(resource_exists::<WatchStream>)
                .run_if(resource_exists::<Online>),
        )
        .add_systems(OnEnter(Screen::Home), |mut commands: Commands| {
            commands.remove_resource::<WatchStream>();
        });
    }
}

/// Notes the inputs the frame about to be simulated (again, after a rollback) is given.
fn note_frame(
    mut to_watchers: ResMut<WatchStream>,
    inputs: Res<PlayerInputs<OnlineConfig>>,
    carrom: Option<Res<OnlineMatch>>,
    draughts: Option<Res<OnlineDraughts>>,
) {
    let frame = match (carrom, draughts) {
        (Some(m), _) => m.0.frame(),
        (None, Some(game)) => game.0.frame,
        (None, None) => return,
    };
    to_watchers.simulated(frame, &frame_inputs(&inputs));
}

/// Welcomes new watchers, forgets those gone, and sends everyone the frames confirmed.
fn stream(
    mut to_watchers: ResMut<WatchStream>,
    online: Res<Online>,
    confirmed: Option<Res<ConfirmedFrameCount>>,
) {
    let b = &mut *to_watchers;
    b.ignore_what_peers_send();
    let watchers = online.watchers();
    let before = b.welcomed.len();
    b.welcomed.retain(|w| watchers.contains(w));
    let mut changed = b.welcomed.len() != before;
    for watcher in watchers {
        if !b.welcomed.contains(watcher) {
            for message in b.feed.welcome() {
                b.send(*watcher, &message);
            }
            b.welcomed.push(*watcher);
            changed = true;
        }
    }
    // As of GGRS's last frame, not the session's live figure: the session hears inputs
    // every update, but re-simulates a frame it mispredicted only when it next advances.
    // In the match's frames: each resumption starts the session's count again.
    let confirmed = confirmed.and_then(|c| online.confirmed_frame(c.0));
    let due = b.sent_at.elapsed() >= EVERY;
    let mut messages = match confirmed {
        Some(confirmed) if due => b.feed.confirm(confirmed as i32),
        _ => Vec::new(),
    };
    if due {
        b.sent_at = Instant::now();
    }
    if changed {
        messages.push(WatchMessage::Watching(b.welcomed.len() as u8));
    }
    b.send_all(&messages);
}
