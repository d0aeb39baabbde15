//! The desync record: when GGRS finds that two peers' states differ, each writes a match
//! record ([`crate::record`]) of the match as it simulated it, with a desync section: the
//! frame GGRS reported with both checksums, how many frames were confirmed, and the state's
//! hash at the start of every frame it simulated. Read as a plain match record, it
//! verifies and plays back like any other; `carrom replay FILE` also re-runs it frame by
//! frame and reports the first frame whose hash differs from this peer's.

use super::replay_error::ReplayError;
use super::watch::Watched;
use crate::draughts::turns::TurnGame;
use crate::draughts::{Draughts, Move, Moves};
use crate::game::Input;
use crate::record::carrom::{hex, unhex};
use crate::record::{CarromLog, DraughtsLog, GameLog, MatchRecord};
use serde::{Deserialize, Serialize};

/// Every frame a peer simulated: the inputs and the state's hash at the frame's start. A
/// rollback rewrites the frames it re-simulates.
#[derive(Debug, Clone, Default)]
pub struct FrameLog {
    inputs: Vec<Vec<Input>>,
    checksums: Vec<u64>,
}

impl FrameLog {
    /// Notes the state's `hash` at the start of `frame` and the `inputs` applied to it.
    pub fn record(&mut self, frame: usize, hash: u64, inputs: &[Input]) {
        self.inputs.truncate(frame);
        self.checksums.truncate(frame);
        if self.inputs.len() == frame {
            self.checksums.push(hash);
            self.inputs.push(inputs.to_vec());
        }
    }

    /// Frames noted.
    pub fn len(&self) -> usize {
        self.inputs.len()
    }

    /// Whether no frame was noted.
    pub fn is_empty(&self) -> bool {
        self.inputs.is_empty()
    }
}

/// What GGRS reported when it found the peers' states differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    /// The frame.
    pub frame: i64,
    /// This peer's checksum there.
    pub local: u128,
    /// The other peer's.
    pub remote: u128,
    /// The last frame every peer's inputs were confirmed for.
    pub confirmed: i64,
}

/// The desync section of a desync record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Desync {
    /// The frame GGRS reported.
    pub frame: i64,
    /// This peer's checksum there.
    pub local_checksum: String,
    /// The other peer's checksum there.
    pub remote_checksum: String,
    /// Frames whose inputs every peer had confirmed.
    pub confirmed: usize,
    /// The state's hash at the start of each frame, as this peer simulated it.
    pub checksums: Vec<String>,
    /// Draughts: every frame's inputs, one 24-hex-digit input per player (a draughts log
    /// keeps only the moves; a carrom log has every frame's inputs already).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<Vec<String>>,
}

/// A match record with the desync found in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DesyncRecord {
    /// The match as this peer simulated it.
    #[serde(flatten)]
    pub record: MatchRecord,
    /// Where it differed, and every frame's hash here.
    pub desync: Desync,
}

/// The outcome of replaying a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// Frames replayed.
    pub frames: usize,
    /// The first frame whose replayed checksum differs from the recorded one, with both.
    pub first_difference: Option<(usize, String, String)>,
}

impl DesyncRecord {
    /// The record of the match that began at `start` and went through `frames`, played by
    /// `players` (`mode`: `online` or `lan`, begun at `started`), where GGRS `found` a
    /// desync.
    pub fn of(
        start: Watched,
        frames: &FrameLog,
        players: Vec<String>,
        mode: &str,
        started: u64,
        found: Found,
    ) -> DesyncRecord {
        let (game, inputs) = match start {
            Watched::Carrom(m) => {
                (GameLog::Carrom(CarromLog::from_state(m, &frames.inputs)), vec![])
            }
            Watched::Draughts(t) => {
                let log = DraughtsLog::of(t.game.position, t.black_player as u8, &moves(t, frames));
                let inputs = frames.inputs.iter().map(|f| f.iter().map(hex).collect()).collect();
                (GameLog::Draughts(log), inputs)
            }
        };
        let mut record = MatchRecord::new(started, mode, players, game);
        record.result = format!("Desync at frame {}", found.frame);
        let desync = Desync {
            frame: found.frame,
            local_checksum: format!("{:016x}", found.local as u64),
            remote_checksum: format!("{:016x}", found.remote as u64),
            confirmed: found.confirmed.max(0) as usize,
            checksums: frames.checksums.iter().map(|h| format!("{h:016x}")).collect(),
            inputs,
        };
        DesyncRecord { record, desync }
    }

    /// The record's file name, `desync-TAG-frame-F.json` (the client keeps it where its
    /// storage is: a folder on the desktop, the page's own storage in a browser).
    pub fn file_name(&self, tag: &str) -> String {
        format!("desync-{tag}-frame-{}.json", self.desync.frame)
    }

    /// Re-runs the match frame by frame and compares each frame's hash with this peer's.
    pub fn replay(&self) -> Result<Replay, ReplayError> {
        self.record.playable()?;
        let (mut state, frames): (Watched, Vec<Vec<Input>>) = match &self.record.game {
            GameLog::Carrom(log) => {
                let first = log.first_state()?;
                let frames = log.frames().collect::<Result<_, _>>()?;
                (Watched::Carrom(first), frames)
            }
            GameLog::Draughts(log) => {
                let games = log.games()?;
                let first = games.first().copied().ok_or(ReplayError::NoStart)?;
                let game = Watched::Draughts(TurnGame::new(first, u32::from(log.black.min(1))));
                let frames = self.desync.inputs.iter().enumerate().map(|(frame, inputs)| {
                    let read = inputs.iter().map(|text| unhex(text));
                    read.collect::<Option<Vec<Input>>>().ok_or(ReplayError::BadInput(frame))
                });
                (game, frames.collect::<Result<_, _>>()?)
            }
        };
        for (frame, (inputs, recorded)) in frames.iter().zip(&self.desync.checksums).enumerate() {
            let replayed = format!("{:016x}", state.hash());
            if &replayed != recorded {
                return Ok(Replay {
                    frames: frame,
                    first_difference: Some((frame, recorded.clone(), replayed)),
                });
            }
            state.step(inputs);
        }
        Ok(Replay { frames: frames.len().min(self.desync.checksums.len()), first_difference: None })
    }
}

/// The moves a draughts game played through `frames` from `start` stands on (a move taken
/// back is not among them).
fn moves(start: TurnGame, frames: &FrameLog) -> Vec<Move> {
    let mut game = Watched::Draughts(start);
    let mut played: Vec<Move> = Vec::new();
    for inputs in &frames.inputs {
        let Watched::Draughts(before) = game else { break };
        game.step(inputs);
        let Watched::Draughts(after) = game else { break };
        if after.game.plies == before.game.plies + 1 {
            if let Some(m) = move_at(&before.game, after.last_index) {
                played.push(m);
            }
        } else {
            played.truncate(after.game.plies.saturating_sub(start.game.plies) as usize);
        }
    }
    played
}

/// The legal move of `game` at `index`.
fn move_at(game: &Draughts, index: u32) -> Option<Move> {
    let mut moves = Moves::default();
    game.moves(&mut moves);
    moves.as_slice().get(index as usize).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::turns::Turn;
    use crate::game::{Match, advance};
    use crate::net::turn_input::input_of;
    use crate::rules::{Settings, Variant};
    use crate::sim::{PresetId, Stroke};

    const FOUND: Found = Found { frame: 90, local: 1, remote: 2, confirmed: 80 };

    fn recorded(frames: usize) -> DesyncRecord {
        let settings = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 30, 9).unwrap();
        let mut m = Match::new(settings);
        let start = m;
        let mut log = FrameLog::default();
        let player = settings.player_at(m.shooter()).unwrap();
        let stroke = Stroke { placement: 0, angle: m.shooter().forward().0, power: 9_000 };
        for frame in 0..frames {
            let mut inputs = [Input::ZERO; 2];
            inputs[player] = Input::commit(1, stroke);
            log.record(frame, m.hash(), &inputs);
            advance(&mut m, &inputs);
        }
        let names = vec!["Asha".into(), "Ben".into()];
        DesyncRecord::of(Watched::Carrom(start), &log, names, "online", 7, FOUND)
    }

    #[test]
    fn a_faithful_record_replays_without_a_difference() {
        let record = recorded(120);
        let text = serde_json::to_string(&record).unwrap();
        let back: DesyncRecord = serde_json::from_str(&text).unwrap();
        assert_eq!(back.replay().unwrap(), Replay { frames: 120, first_difference: None });
        assert_eq!(back.desync.confirmed, 80);
        assert_eq!(back.record.result, "Desync at frame 90");
    }

    #[test]
    fn a_desync_record_is_a_match_record_that_verifies_like_any_other() {
        let text = serde_json::to_string(&recorded(120)).unwrap();
        let plain: MatchRecord = serde_json::from_str(&text).unwrap();
        assert_eq!(plain.players, ["Asha", "Ben"]);
        assert_eq!(plain.mode, "online");
        let verdict = plain.verify().unwrap();
        assert!(verdict.first_difference.is_none() && verdict.checked >= 1, "{verdict:?}");
    }

    #[test]
    fn replay_names_the_first_frame_that_differs() {
        let mut record = recorded(120);
        record.desync.checksums[77] = "0000000000000000".into();
        let replay = record.replay().unwrap();
        assert_eq!(replay.first_difference.map(|d| d.0), Some(77));
    }

    #[test]
    fn ck_15_a_draughts_record_replays_and_names_a_difference() {
        let start = TurnGame::new(Draughts::new(), 1);
        let mut game = start;
        let mut log = FrameLog::default();
        for frame in 0..40 {
            let mover = game.player_of(game.game.position.to_move());
            let mut inputs = [Input::ZERO; 2];
            let turn = Turn { ply: game.game.plies as u16 + 1, index: 0, ..Turn::default() };
            inputs[mover] = input_of(Some(turn));
            log.record(frame, game.hash(), &inputs);
            let mut w = Watched::Draughts(game);
            w.step(&inputs);
            let Watched::Draughts(next) = w else { unreachable!() };
            game = next;
        }
        assert!(game.game.plies > 10, "moves were played");
        let record = DesyncRecord::of(Watched::Draughts(start), &log, vec![], "lan", 1, FOUND);
        let GameLog::Draughts(moves) = &record.record.game else { panic!("a draughts log") };
        assert_eq!(moves.moves.len(), game.game.plies as usize, "every move, in the log");
        let text = serde_json::to_string(&record).unwrap();
        let back: DesyncRecord = serde_json::from_str(&text).unwrap();
        assert_eq!(back.replay().unwrap(), Replay { frames: 40, first_difference: None });
        assert!(back.record.verify().unwrap().first_difference.is_none());
        let mut wrong = back;
        wrong.desync.checksums[30] = "0000000000000000".into();
        assert_eq!(wrong.replay().unwrap().first_difference.map(|d| d.0), Some(30));
    }

    #[test]
    fn a_rollback_rewrites_the_frames_it_resimulates() {
        let mut log = FrameLog::default();
        for frame in 0..10 {
            log.record(frame, frame as u64, &[Input::commit(1, Stroke::default()); 2]);
        }
        log.record(4, 99, &[Input::ZERO; 2]);
        assert_eq!(log.len(), 5);
        assert_eq!((log.checksums[4], log.inputs[4][0]), (99, Input::ZERO));
    }

    #[test]
    fn another_simulation_version_is_refused() {
        let mut record = recorded(10);
        record.record.sim_version += 1;
        assert!(record.replay().unwrap_err().to_string().contains("simulation version"));
    }
}
