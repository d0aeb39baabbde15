//! Watching a match: every player streams the match's confirmed frames to the watchers of
//! its room, over a reliable channel of their own. A watcher arriving mid-match is sent the
//! state at the last stroke (or move) boundary with its hash, then every confirmed frame's
//! inputs since; it checks the hash, simulates on, and checks the hash of every boundary the
//! players passed. Only confirmed frames are sent, so a watcher never sees a prediction
//! undone; that is also its delay (the input delay and the slowest player's ping).
//!
//! GGRS's own spectator session was not used: it takes its spectators when the session is
//! built, so nobody could arrive mid-match, and it streams from one host only, so that
//! player leaving would end every watch.
//!
//! # Who may watch
//!
//! Anyone with a match's invite code: Home → Online → *Watch a match*, `carrom --watch
//! CODE`, a page at `/#watch/CODE`, or `carrom peer --watch CODE`. A watcher joins the room
//! at `/w/CODE?v=PROTOCOL` on the signaling server ([`super::watcher`]). The room must have
//! players of the same protocol version (404 otherwise, the same answer as for no room at
//! all, so a made-up version tells nothing of which codes are in use), and it takes up to
//! [`MAX_WATCHERS`] watchers (409 past that). A watcher holds no seat; it is introduced to
//! the players only, never to other watchers, and may signal only players; the server tells
//! the players which peers came to watch. Its hello says it watches, so the players' lobby
//! starts the match when the players are there, whoever else is connected. Watchers never
//! send the match anything, so they cannot affect it, and one leaving is only dropped from
//! the players' list; the players' banner says how many watch.
//!
//! # The stream
//!
//! Every player streams the match to every watcher on the third data channel ([`Feed`];
//! the client's side is `src/client/hosts/watch_stream.rs`):
//!
//! - on arrival, the state at the last stroke (or move) boundary with its hash, then the
//!   frames since;
//! - from then on, the frames GGRS has confirmed, every 100 ms (ten messages a second
//!   whatever the match's speed), as runs of identical inputs, with the hash after each
//!   boundary. The stream goes on through the Results screen, where a match's last frames
//!   are confirmed.
//!
//! A frame counts as confirmed when GGRS's last advance confirmed it (bevy_ggrs's
//! `ConfirmedFrameCount`), not when the session's live figure says so: the session hears
//! inputs every update, but re-simulates a mispredicted frame only when it next advances.
//! The watcher ([`Follower`]) checks the state's hash and simulates on; checks every
//! boundary hash the players send (a difference ends the watch, said in words; exit 4
//! headless); simulates a frame only once every player still connected has sent it; and
//! where a player who left had sent frames the others rule differently (they decide from
//! which frame it resigned), takes the later version. The board shows the match a few
//! frames behind the stream, evenly, and catches up faster after a late arrival or a
//! pause: the delay is the players' own confirmation delay (the input delay and the slowest
//! ping) plus 0.1–0.2 s (a batch and the board's cushion). Nothing is recorded or saved
//! while watching.
//!
//! Measured (release, two players of real-time Disc Pool on loopback, payload bytes as
//! `carrom peer` counts them): each player streams 0.40–0.49 KB/s to one watcher, against
//! 2.06 KB/s of its own GGRS traffic (0.20–0.24×); with four watchers, 1.6–1.8 KB/s in
//! all. Before batching (a message per frame) it was 1.55 KB/s per watcher, and a peer
//! running flat out queued more than the channel carried.
//!
//! On a LAN the host's in-process server takes watchers the same way. Once the match
//! starts, the host's announcement and `/lan` say every seat is taken, and *Join on this
//! network* lists the game as being played, with a *Watch* button (a game not yet started
//! is watched from its start); the address field has *Watch* too.
//!
//! # The headless watcher
//!
//! ```sh
//! carrom peer --signaling ws://127.0.0.1:3536 --watch 0123456789ABC
//! carrom peer --lan-join --address 192.168.1.20:3537 --watch
//! ```
//!
//! It prints one JSON line: `{"result": {"ending", "winner_side", "scores"}, "frames",
//! "hash", "joined_at_frame", "checked_boundaries", "players"}`, whose `frames` and `hash`
//! are the players' own. Exit codes: 0 watched to the end; 1 no match, the players gone or
//! the server unreachable; 2 a malformed code; 4 a stream that differs from the players'
//! hashes. While watching it writes on standard error a line for each boundary checked,
//! where it joined and where it is. The players' line gains `most_watching` and
//! `bytes_to_watchers`.
//!
//! # Tests
//!
//! - `tests/net/watch.rs`, real processes in a network namespace: two players of a Disc
//!   Pool match at half speed, one watcher there before the first frame, one killed after
//!   the first stroke and one arriving after the third (read from the first watcher's
//!   progress, not the clock; it joins at a boundary after frame 0); both watchers end on
//!   the players' frame, hash, winner and scores, and the players finish undisturbed,
//!   having counted two watchers. Also a draughts game watched to its end, and a code
//!   nobody plays (exit 1, said) and a malformed one (exit 2).
//! - `tests/net/lan.rs`: a watcher on a third LAN host arriving mid-match (8 s into a
//!   real-time match) by address. `tests/client/lan.rs`: once the hosted game starts, a
//!   third client's list shows it as being played, and its *Watch* button opens the match.
//! - `tests/client/watch.rs`: Home's button with a code nobody plays (said), then the same
//!   code while two headless players play it, watched on the board to Results, ending on
//!   their table and scores.
//! - Unit tests here: the stream through its wire format from the start and from
//!   mid-match, with a rollback, to the players' state; a tampered start, a bad state and a
//!   wrong boundary hash are caught; frames wait for every source; a survivor's version
//!   replaces a leaver's; draughts move by move.
//! - `signaling/tests/server/rooms.rs`: seats, introductions, routing, the cap, the version and
//!   the metrics.

use super::turn_input::turn_of;
use crate::draughts::turns::{Turn, TurnGame};
use crate::game::{Input, Match, Phase};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Watchers one match takes (the signaling server's limit too).
pub const MAX_WATCHERS: usize = 8;

/// Frames of confirmed history a player keeps behind its confirmed frame, at least: far
/// more than players' confirmed frames can differ by (the input delay and the prediction
/// window), so whoever holds the most, every other player holds its start.
pub const KEPT: usize = 64;

/// Most frames in one message of the stream.
const FRAMES_PER_MESSAGE: usize = 256;

/// Largest message accepted from a player.
const MAX_MESSAGE: usize = 64 * 1024;

/// Furthest a stream may reach ahead of the match watched, frames: over two hours of one
/// turn, more than any player thinks, and a bound on what a watcher keeps for a source that
/// runs ahead of the others.
const MAX_AHEAD: usize = 1 << 19;

/// The game a watched match plays, as rollback steps it.
// Both are plain states that rollback copies every frame anyway; boxing would only add a
// pointer to chase.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watched {
    /// A carrom match.
    Carrom(Match),
    /// A draughts game.
    Draughts(TurnGame),
}

impl Watched {
    /// Frames stepped since the match began.
    pub fn frame(&self) -> u32 {
        match self {
            Watched::Carrom(m) => m.frame(),
            Watched::Draughts(t) => t.frame,
        }
    }

    /// One frame with every player's input.
    pub fn step(&mut self, inputs: &[Input]) {
        match self {
            Watched::Carrom(m) => crate::game::advance(m, inputs),
            Watched::Draughts(t) => {
                let turns: Vec<Turn> = inputs.iter().map(turn_of).collect();
                t.step(&turns);
            }
        }
    }

    /// The state's hash, as the players' checksums use it.
    pub fn hash(&self) -> u64 {
        match self {
            Watched::Carrom(m) => m.hash(),
            Watched::Draughts(t) => t.hash(),
        }
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        match self {
            Watched::Carrom(m) => m.phase() == Phase::MatchOver,
            Watched::Draughts(t) => t.is_over(),
        }
    }

    /// Whether the frame from `before` to `self` ended at a stroke or move boundary (or the
    /// end).
    fn boundary_after(&self, before: &Watched) -> bool {
        match (before, self) {
            (Watched::Carrom(b), Watched::Carrom(a)) => crate::record::carrom::is_boundary(b, a),
            (Watched::Draughts(b), Watched::Draughts(a)) => {
                b.game.plies != a.game.plies || b.is_over() != a.is_over()
            }
            _ => false,
        }
    }

    pub(crate) fn bytes(&self) -> (Game, Vec<u8>) {
        match self {
            Watched::Carrom(m) => (Game::Carrom, bytemuck::bytes_of(m).to_vec()),
            Watched::Draughts(t) => (Game::Draughts, bytemuck::bytes_of(t).to_vec()),
        }
    }

    pub(crate) fn from_bytes(game: Game, bytes: &[u8]) -> Option<Watched> {
        match game {
            Game::Carrom => Match::from_bytes(bytes).map(Watched::Carrom),
            Game::Draughts => TurnGame::from_bytes(bytes).map(Watched::Draughts),
        }
    }
}

/// Which game a stream carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Game {
    /// Carrom: the state is a [`Match`].
    Carrom,
    /// Draughts: the state is a [`TurnGame`].
    Draughts,
}

/// What a player sends a watcher.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WatchMessage {
    /// The match as it stood at its last boundary.
    Start {
        /// The players' names, in player order.
        names: Vec<String>,
        /// The game.
        game: Game,
        /// The state's bytes.
        state: Vec<u8>,
        /// The state's hash.
        hash: u64,
    },
    /// Confirmed frames from frame `first` on: runs of frames with the same inputs, and
    /// the hash after each boundary among them.
    Frames {
        /// The first frame's number.
        first: u32,
        /// (frames, every player's input) runs.
        runs: Vec<(u16, Vec<Input>)>,
        /// (frame, hash) of the state after each boundary passed.
        boundaries: Vec<(u32, u64)>,
    },
    /// How many watch the match now (players show it; watchers may too).
    Watching(u8),
}

impl WatchMessage {
    /// The bytes sent.
    pub fn encode(&self) -> Vec<u8> {
        bincode::serde::encode_to_vec(self, bincode::config::standard()).unwrap_or_default()
    }

    /// A message from a player, if the bytes are one and nothing else.
    pub fn decode(bytes: &[u8]) -> Option<WatchMessage> {
        super::bounded::decode_exactly::<WatchMessage, MAX_MESSAGE>(bytes)
    }
}

/// Frames as messages: at most [`FRAMES_PER_MESSAGE`] a message, equal neighbours in runs.
fn frames_messages(first: u32, frames: &[Vec<Input>], hashes: &[(u32, u64)]) -> Vec<WatchMessage> {
    frames
        .chunks(FRAMES_PER_MESSAGE)
        .enumerate()
        .map(|(i, chunk)| {
            let from = first + (i * FRAMES_PER_MESSAGE) as u32;
            let to = from + chunk.len() as u32;
            let mut runs: Vec<(u16, Vec<Input>)> = Vec::new();
            for inputs in chunk {
                match runs.last_mut() {
                    Some((n, same)) if same == inputs => *n += 1,
                    _ => runs.push((1, inputs.clone())),
                }
            }
            let boundaries = hashes.iter().copied().filter(|(at, _)| (from + 1..=to).contains(at));
            WatchMessage::Frames { first: from, runs, boundaries: boundaries.collect() }
        })
        .collect()
}

/// A player's side of the stream: the match as far as every player's inputs are
/// confirmed, the last boundary's state and the frames since, and the frames simulated but
/// not yet confirmed (a rollback replaces them).
#[derive(Clone, Debug)]
pub struct Feed {
    confirmed: Watched,
    boundary: Watched,
    since: Vec<Vec<Input>>,
    pending: Vec<Vec<Input>>,
    names: Vec<String>,
    /// A confirmed state at least [`KEPT`] frames back (or the start), and the confirmed
    /// frames since: what this player offers when the match must resume.
    anchor: Watched,
    kept: Vec<Vec<Input>>,
}

impl Feed {
    /// The stream of a match starting from `start`, played by `names`.
    pub fn new(start: Watched, names: Vec<String>) -> Feed {
        Feed {
            confirmed: start,
            boundary: start,
            since: Vec::new(),
            pending: Vec::new(),
            names,
            anchor: start,
            kept: Vec::new(),
        }
    }

    /// The confirmed history kept: the anchor and the frames confirmed since.
    pub fn held(&self) -> (Watched, &[Vec<Input>]) {
        (self.anchor, &self.kept)
    }

    /// The match as far as it is confirmed.
    pub fn confirmed(&self) -> Watched {
        self.confirmed
    }

    /// Carries on from a resumed match: `frames` confirmed from `anchor`. The watchers are
    /// sent the frames they have not had (confirmed histories are prefixes of one another,
    /// so those follow on from what they had); where this player's confirmed frame lies
    /// before the anchor, the stream starts afresh from it.
    pub fn resume(&mut self, anchor: Watched, frames: &[Vec<Input>]) -> Vec<WatchMessage> {
        let end = anchor.frame() as usize + frames.len();
        let mine = self.confirmed.frame() as usize;
        self.pending.clear();
        if (anchor.frame() as usize..=end).contains(&mine) {
            self.pending = frames[mine - anchor.frame() as usize..].to_vec();
            let messages = self.confirm(end as i32 - 1);
            self.anchor = anchor;
            self.kept = frames.to_vec();
            return messages;
        }
        let mut state = anchor;
        for inputs in frames {
            state.step(inputs);
        }
        *self = Feed::new(state, std::mem::take(&mut self.names));
        self.anchor = anchor;
        self.kept = frames.to_vec();
        self.welcome()
    }

    /// Notes the inputs the state of `frame` was stepped with (again, after a rollback:
    /// they replace what followed).
    pub fn simulated(&mut self, frame: u32, inputs: &[Input]) {
        let Some(index) = frame.checked_sub(self.confirmed.frame()) else { return };
        let index = index as usize;
        if index <= self.pending.len() {
            self.pending.truncate(index);
            self.pending.push(inputs.to_vec());
        }
    }

    /// Steps the confirmed match over every frame up to `confirmed` (GGRS's confirmed
    /// frame) and returns what the watchers must be sent of them, if anything.
    pub fn confirm(&mut self, confirmed: i32) -> Vec<WatchMessage> {
        let first = self.confirmed.frame();
        let mut frames = Vec::new();
        let mut hashes = Vec::new();
        // Nothing after the end matters: it is not sent.
        while (self.confirmed.frame() as i64) <= confirmed as i64
            && !self.pending.is_empty()
            && !self.confirmed.is_over()
        {
            let inputs = self.pending.remove(0);
            let before = self.confirmed;
            self.confirmed.step(&inputs);
            frames.push(inputs.clone());
            self.keep(&inputs);
            self.since.push(inputs);
            if self.confirmed.boundary_after(&before) {
                let passed = (self.confirmed.frame(), self.confirmed.hash());
                hashes.push(passed);
                self.boundary = self.confirmed;
                self.since.clear();
            }
        }
        if frames.is_empty() {
            return Vec::new();
        }
        frames_messages(first, &frames, &hashes)
    }

    /// Keeps a confirmed frame, moving the anchor on by [`KEPT`] frames once twice that
    /// many are kept.
    fn keep(&mut self, inputs: &[Input]) {
        self.kept.push(inputs.to_vec());
        if self.kept.len() >= 2 * KEPT {
            for frame in self.kept.drain(..KEPT) {
                self.anchor.step(&frame);
            }
        }
    }

    /// What a watcher arriving now is sent: the last boundary's state, then every
    /// confirmed frame since.
    pub fn welcome(&self) -> Vec<WatchMessage> {
        let (game, state) = self.boundary.bytes();
        let start = WatchMessage::Start {
            names: self.names.clone(),
            game,
            state,
            hash: self.boundary.hash(),
        };
        let mut messages = vec![start];
        // No boundary lies between the last one and now: no hash to send with them.
        messages.extend(frames_messages(self.boundary.frame(), &self.since, &[]));
        messages
    }
}

/// What a watcher found wrong in a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StreamFault {
    /// The state sent does not have the hash sent with it, or is not a state.
    BadStart,
    /// A message of more frames than a message carries, or reaching further ahead of the
    /// match than a player's stream can be.
    Oversized,
    /// At this frame the match watched has another hash than the players'.
    Desync {
        /// The frame.
        frame: u32,
        /// The players' hash.
        theirs: u64,
        /// The watcher's.
        ours: u64,
    },
}

impl std::fmt::Display for StreamFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StreamFault::BadStart => write!(f, "the state a player sent is not the one it named"),
            StreamFault::Oversized => {
                write!(f, "a player sent more frames than its stream can carry")
            }
            StreamFault::Desync { frame, theirs, ours } => write!(
                f,
                "at frame {frame} the match watched differs from the players' \
                 ({ours:016x} against {theirs:016x})"
            ),
        }
    }
}

/// A watcher's side of the stream: the match as it simulates it, the frames received
/// ahead of it and the players' boundary hashes still to check.
///
/// Every player streams, and each stream is a source. A frame is simulated only once every
/// source still connected has sent it. Sources can differ only where a player left: what it
/// confirmed last may never have reached the others, who rule it gone from an earlier
/// frame. Those players confirm their version seconds later (GGRS's disconnect timeout),
/// so where two sources differ on a frame not yet simulated, the later one replaces it,
/// with the hashes that came with it.
#[derive(Clone, Debug)]
pub struct Follower {
    /// The match as watched.
    pub game: Watched,
    /// The players' names.
    pub names: Vec<String>,
    /// The frame the watcher joined at.
    pub joined_at: u32,
    /// Frames received and not yet simulated, with the source each came from.
    ahead: Vec<(Vec<Input>, usize)>,
    /// Each source still connected: the frame after the last one it sent.
    sources: BTreeMap<usize, u32>,
    /// The players' boundary hashes still to check: frame, (source, hash).
    hashes: BTreeMap<u32, (usize, u64)>,
    /// Boundary hashes checked so far.
    pub checked: u32,
    /// How many watch, as the players last said.
    pub watching: u8,
}

/// The state a start message carries, if it is sound.
fn started(message: &WatchMessage) -> Result<(Watched, &[String]), StreamFault> {
    let WatchMessage::Start { names, game, state, hash } = message else {
        return Err(StreamFault::BadStart);
    };
    let watched = Watched::from_bytes(*game, state).ok_or(StreamFault::BadStart)?;
    if watched.hash() != *hash {
        return Err(StreamFault::BadStart);
    }
    Ok((watched, names))
}

impl Follower {
    /// A follower from the first message of `source`, if it is a sound start.
    pub fn start(source: usize, message: &WatchMessage) -> Result<Follower, StreamFault> {
        let (game, names) = started(message)?;
        Ok(Follower {
            game,
            names: names.iter().take(4).map(|n| super::name::shown_name(n, 16)).collect(),
            joined_at: game.frame(),
            ahead: Vec::new(),
            sources: BTreeMap::from([(source, game.frame())]),
            hashes: BTreeMap::new(),
            checked: 0,
            watching: 0,
        })
    }

    /// Frames received and not yet simulated.
    pub fn behind(&self) -> usize {
        self.ahead.len()
    }

    /// Frames every source still connected has sent, not yet simulated.
    pub fn ready(&self) -> usize {
        let agreed = self.sources.values().min().copied().unwrap_or(0);
        (agreed.saturating_sub(self.game.frame()) as usize).min(self.ahead.len())
    }

    /// `source` is gone: the frames it did not send are no longer waited for.
    pub fn leave(&mut self, source: usize) {
        if self.sources.len() > 1 {
            self.sources.remove(&source);
        } else {
            // The last one: what it sent is all there will be.
            self.sources.insert(source, u32::MAX);
        }
    }

    /// Takes a message of `source`'s.
    pub fn receive(&mut self, source: usize, message: WatchMessage) -> Result<(), StreamFault> {
        match message {
            WatchMessage::Start { .. } => {
                let (game, _) = started(&message)?;
                self.sources.insert(source, game.frame());
                Ok(())
            }
            WatchMessage::Watching(n) => {
                self.watching = n;
                Ok(())
            }
            WatchMessage::Frames { first, runs, boundaries } => {
                let players = match &self.game {
                    Watched::Carrom(m) => m.settings().players as usize,
                    Watched::Draughts(_) => 2,
                };
                // Every length is checked before any frame is taken: a message of long runs
                // would otherwise expand to billions of frames.
                let total: u64 = runs.iter().map(|(n, _)| u64::from(*n)).sum();
                let end = u32::try_from(total).ok().and_then(|n| first.checked_add(n));
                let reach = end.map(|end| end.saturating_sub(self.game.frame()) as usize);
                if total > FRAMES_PER_MESSAGE as u64 || reach.is_none_or(|r| r > MAX_AHEAD) {
                    return Err(StreamFault::Oversized);
                }
                let mut frame = first;
                for (count, inputs) in runs {
                    let inputs: Vec<Input> = inputs.into_iter().take(players).collect();
                    for _ in 0..count {
                        self.take(source, frame, &inputs);
                        frame += 1;
                    }
                }
                for (at, hash) in boundaries {
                    if at > self.game.frame() && at > first && at <= frame {
                        self.hashes.insert(at, (source, hash));
                    }
                }
                // A source that has left stays gone.
                if let Some(sent) = self.sources.get_mut(&source) {
                    *sent = (*sent).max(frame);
                }
                Ok(())
            }
        }
    }

    fn take(&mut self, source: usize, frame: u32, inputs: &[Input]) {
        let Some(index) = frame.checked_sub(self.game.frame()) else { return };
        let index = index as usize;
        if index < self.ahead.len() && self.ahead[index].0 != inputs {
            // The later version is the one the players still here carry on from.
            self.ahead.truncate(index);
            self.hashes.retain(|at, (from, _)| *at <= frame || *from == source);
        }
        if index == self.ahead.len() {
            self.ahead.push((inputs.to_vec(), source));
        }
        // A gap (a stream that began at a later boundary): the others fill it.
    }

    /// Simulates the next frame every source has sent, if there is one, and checks the
    /// players' hash where they passed a boundary. `Ok(false)`: nothing to simulate.
    pub fn step(&mut self) -> Result<bool, StreamFault> {
        if self.ready() == 0 || self.game.is_over() {
            return Ok(false);
        }
        let (inputs, _) = self.ahead.remove(0);
        self.game.step(&inputs);
        let frame = self.game.frame();
        self.hashes.retain(|at, _| *at >= frame);
        if let Some((_, theirs)) = self.hashes.remove(&frame) {
            let ours = self.game.hash();
            if ours != theirs {
                return Err(StreamFault::Desync { frame, theirs, ours });
            }
            self.checked += 1;
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{BotLevel, choose};
    use crate::draughts::Draughts;
    use crate::rules::{Settings, Variant};
    use crate::sim::PresetId;

    /// A bot match's inputs, frame by frame, to its end.
    fn played(settings: Settings) -> Vec<Vec<Input>> {
        let mut m = Match::new(settings);
        let mut frames = Vec::new();
        while m.phase() != Phase::MatchOver && frames.len() < 100_000 {
            let mut inputs = vec![Input::ZERO; settings.players as usize];
            if m.phase() == Phase::Aim {
                let shooter = settings.player_at(m.shooter()).unwrap_or(0);
                let stroke = choose(&m, BotLevel::Easy, Some(40)).stroke;
                inputs[shooter] = if m.next_stroke() > 12 {
                    Input::resign()
                } else {
                    Input::commit(m.next_stroke(), stroke)
                };
            }
            crate::game::advance(&mut m, &inputs);
            frames.push(inputs);
        }
        frames
    }

    fn through_the_wire(messages: Vec<WatchMessage>) -> Vec<WatchMessage> {
        messages.iter().map(|m| WatchMessage::decode(&m.encode()).expect("decodes")).collect()
    }

    #[test]
    fn a_watcher_from_the_start_and_one_from_mid_match_end_on_the_players_hash() {
        let settings = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 30, 9).unwrap();
        let frames = played(settings);
        let mut end = Match::new(settings);
        for inputs in &frames {
            crate::game::advance(&mut end, inputs);
        }
        let mut feed =
            Feed::new(Watched::Carrom(Match::new(settings)), vec!["A".into(), "B".into()]);
        let mut early = None;
        let mut late: Option<Follower> = None;
        for (frame, inputs) in frames.iter().enumerate() {
            // A prediction, then the real inputs after a rollback.
            feed.simulated(frame as u32, &[Input::resign(), Input::ZERO]);
            feed.simulated(frame as u32, inputs);
            let confirmed = frame as i32 - 3;
            if frame == 10 {
                let mut welcome = through_the_wire(feed.welcome()).into_iter();
                let mut f = Follower::start(0, &welcome.next().unwrap()).unwrap();
                welcome.try_for_each(|m| f.receive(0, m)).unwrap();
                early = Some(f);
            }
            if frame == frames.len() / 2 {
                let mut welcome = through_the_wire(feed.welcome()).into_iter();
                let mut f = Follower::start(0, &welcome.next().unwrap()).unwrap();
                assert!(f.joined_at > 0, "late: from a boundary after the start");
                welcome.try_for_each(|m| f.receive(0, m)).unwrap();
                late = Some(f);
            }
            for message in through_the_wire(feed.confirm(confirmed)) {
                for f in early.iter_mut().chain(late.iter_mut()) {
                    f.receive(0, message.clone()).unwrap();
                    f.step().unwrap();
                }
            }
        }
        for message in feed.confirm(i32::MAX) {
            for f in early.iter_mut().chain(late.iter_mut()) {
                f.receive(0, message.clone()).unwrap();
            }
        }
        for f in [early.as_mut().unwrap(), late.as_mut().unwrap()] {
            while f.step().unwrap() {}
            assert!(f.game.is_over());
            assert_eq!(f.game, Watched::Carrom(end), "the watcher ends on the players' state");
            assert!(f.checked > 0, "boundary hashes were checked");
        }
    }

    #[test]
    fn a_wrong_hash_a_bad_start_and_disagreeing_players_are_caught() {
        let settings = Settings::new(Variant::Classic, 2, PresetId::Standard, 30, 4).unwrap();
        let frames = played(settings);
        let mut feed = Feed::new(Watched::Carrom(Match::new(settings)), vec![]);
        let mut welcome = feed.welcome();
        let WatchMessage::Start { hash, .. } = &mut welcome[0] else { panic!("a start") };
        *hash ^= 1;
        assert_eq!(Follower::start(0, &welcome[0]).unwrap_err(), StreamFault::BadStart);
        let garbage = WatchMessage::Start {
            names: vec![],
            game: Game::Draughts,
            state: vec![0xff; 40],
            hash: 0,
        };
        assert_eq!(Follower::start(0, &garbage).unwrap_err(), StreamFault::BadStart);
        let mut f = Follower::start(0, &feed.welcome()[0]).unwrap();
        for (frame, inputs) in frames.iter().enumerate() {
            feed.simulated(frame as u32, inputs);
        }
        let mut messages = feed.confirm(i32::MAX);
        if let WatchMessage::Frames { boundaries, .. } = &mut messages[0] {
            boundaries[0].1 ^= 1;
        }
        f.receive(0, messages[0].clone()).unwrap();
        let fault = loop {
            match f.step() {
                Ok(true) => continue,
                Ok(false) => panic!("the wrong hash went unnoticed"),
                Err(fault) => break fault,
            }
        };
        assert!(matches!(fault, StreamFault::Desync { .. }), "{fault}");
        assert!(WatchMessage::decode(&[0xff; 10]).is_none());
    }

    #[test]
    fn frames_wait_for_every_source_and_a_survivors_version_replaces_a_leavers() {
        let settings = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 30, 3).unwrap();
        let frames = played(settings);
        let start = Watched::Carrom(Match::new(settings));
        let mut leaver = Feed::new(start, vec![]);
        let mut survivor = Feed::new(start, vec![]);
        let mut f = Follower::start(0, &leaver.welcome()[0]).unwrap();
        f.receive(1, survivor.welcome().remove(0)).unwrap();
        for (frame, inputs) in frames.iter().take(100).enumerate() {
            leaver.simulated(frame as u32, inputs);
            survivor.simulated(frame as u32, inputs);
        }
        for message in leaver.confirm(80) {
            f.receive(0, message).unwrap();
        }
        for message in survivor.confirm(40) {
            f.receive(1, message).unwrap();
        }
        assert_eq!((f.behind(), f.ready()), (81, 41), "only what both sent is simulated");
        while f.step().unwrap() {}
        assert_eq!(f.game.frame(), 41);
        // The leaver is gone; the survivor rules it resigned from frame 60 on.
        let mut resigned = frames[..100].to_vec();
        for inputs in &mut resigned[60..] {
            inputs[0] = Input::resign();
        }
        let mut survivor = Feed::new(start, vec![]);
        for (frame, inputs) in resigned.iter().enumerate() {
            survivor.simulated(frame as u32, inputs);
        }
        let late: Vec<WatchMessage> = survivor.confirm(99);
        f.leave(0);
        for message in late {
            f.receive(1, message).unwrap();
        }
        while f.step().unwrap() {}
        let mut theirs = Match::new(settings);
        for inputs in &resigned {
            if theirs.phase() != Phase::MatchOver {
                crate::game::advance(&mut theirs, inputs);
            }
        }
        assert_eq!(f.game, Watched::Carrom(theirs), "the survivor's match, not the leaver's");
    }

    #[test]
    fn a_draughts_game_is_watched_move_by_move() {
        let start = TurnGame::new(Draughts::new(), 0);
        let mut feed = Feed::new(Watched::Draughts(start), vec!["B".into(), "R".into()]);
        let mut players = start;
        let mut frame = 0;
        for ply in 1..=6u16 {
            let mover = (ply as usize + 1) % 2;
            let mut turns = [Input::ZERO; 2];
            turns[mover] =
                crate::net::turn_input::input_of(Some(Turn { ply, index: 0, ..Turn::default() }));
            for inputs in [turns, [Input::ZERO; 2]] {
                feed.simulated(frame, &inputs);
                let mut w = Watched::Draughts(players);
                w.step(&inputs);
                let Watched::Draughts(t) = w else { unreachable!() };
                players = t;
                frame += 1;
            }
        }
        feed.confirm(3);
        let mut welcome = feed.welcome().into_iter();
        let mut f = Follower::start(0, &welcome.next().unwrap()).unwrap();
        welcome.try_for_each(|m| f.receive(0, m)).unwrap();
        feed.confirm(i32::MAX).into_iter().try_for_each(|m| f.receive(0, m)).unwrap();
        while f.step().unwrap() {}
        assert_eq!(f.game, Watched::Draughts(players));
        assert!(f.checked >= 4, "a hash after each move");
    }

    #[test]
    fn a_run_length_bomb_and_frames_far_ahead_are_refused_before_any_frame_is_taken() {
        let settings = Settings::new(Variant::Classic, 2, PresetId::Standard, 30, 3).unwrap();
        let feed = Feed::new(Watched::Carrom(Match::new(settings)), vec!["A".into()]);
        let mut f = Follower::start(0, &feed.welcome()[0]).unwrap();
        // A message a player may send, of the longest runs: 65 million frames.
        let run = (u16::MAX, vec![Input::ZERO; 2]);
        let bomb = WatchMessage::Frames { first: 0, runs: vec![run; 1_000], boundaries: vec![] };
        let bomb = WatchMessage::decode(&bomb.encode()).expect("it fits a message");
        let started = std::time::Instant::now();
        assert_eq!(f.receive(0, bomb), Err(StreamFault::Oversized));
        assert!(started.elapsed().as_secs() < 1, "refused without expanding it");
        assert_eq!(f.behind(), 0);
        let far = WatchMessage::Frames {
            first: u32::MAX - 3,
            runs: vec![(8, vec![Input::ZERO; 2])],
            boundaries: vec![(u32::MAX, 1)],
        };
        assert_eq!(f.receive(0, far), Err(StreamFault::Oversized), "no frame number wraps");
        let ahead = WatchMessage::Frames {
            first: MAX_AHEAD as u32,
            runs: vec![(1, vec![Input::ZERO; 2])],
            boundaries: vec![],
        };
        assert_eq!(f.receive(0, ahead), Err(StreamFault::Oversized));
        let stray_hashes = WatchMessage::Frames {
            first: 0,
            runs: vec![(2, vec![Input::ZERO; 2])],
            boundaries: (3..2_000).map(|at| (at, 0)).collect(),
        };
        f.receive(0, stray_hashes).unwrap();
        assert!(f.hashes.is_empty(), "hashes only for the frames the message carries");
        assert_eq!(f.behind(), 2);
    }
}
