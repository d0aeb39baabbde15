//! The desync record: when GGRS finds that two peers' states differ, each writes the
//! match settings, every input it simulated (confirmed ones first), the checksum of every
//! frame it simulated, and the frame with both checksums. `carrom replay FILE` re-runs
//! the inputs headless and reports the first frame whose checksum differs from the record.

use super::turn_input::turn_of;
use crate::checkers::Draughts;
use crate::checkers::turns::TurnGame;
use crate::game::{Input, Match, advance};
use crate::record::carrom::{hex, settings_of, unhex};
use crate::rules::Settings;
use crate::sim::SIM_VERSION;
use serde::{Deserialize, Serialize};

/// Format version of the record.
const FORMAT: u32 = 1;

/// What a peer knew when a desync was detected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DesyncRecord {
    /// Record format version.
    pub format: u32,
    /// The simulation version of the peer that wrote it.
    pub sim_version: u32,
    /// Game type name.
    pub variant: String,
    /// Players.
    pub players: u8,
    /// Board preset name.
    pub board: String,
    /// Shot clock, seconds.
    pub shot_clock: u16,
    /// Match seed.
    pub seed: u64,
    /// Inputs per frame (from frame 0), one 24-hex-digit input per player.
    pub inputs: Vec<Vec<String>>,
    /// Frames of `inputs` that were confirmed by every peer.
    pub confirmed: usize,
    /// The state's hash at the start of each frame, as this peer simulated it.
    pub checksums: Vec<String>,
    /// The frame GGRS reported.
    pub desync_frame: i64,
    /// This peer's checksum there.
    pub local_checksum: String,
    /// The other peer's checksum there.
    pub remote_checksum: String,
    /// `draughts` for a draughts game (older records, and carrom, have none).
    #[serde(default)]
    pub game: String,
    /// Draughts: the input slot of the player who plays Black.
    #[serde(default)]
    pub black_player: u32,
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
    /// A record for `settings` with no frames yet.
    pub fn new(settings: &Settings) -> DesyncRecord {
        DesyncRecord {
            variant: settings.variant().name().into(),
            players: settings.players,
            board: settings.preset().name().into(),
            shot_clock: settings.shot_clock,
            seed: settings.seed,
            ..DesyncRecord::empty()
        }
    }

    /// A record of an online draughts game (from the start) whose Black is player
    /// `black_player`.
    pub fn draughts(black_player: u32) -> DesyncRecord {
        DesyncRecord { players: 2, game: "draughts".into(), black_player, ..DesyncRecord::empty() }
    }

    /// No game and no frames yet.
    fn empty() -> DesyncRecord {
        DesyncRecord {
            format: FORMAT,
            sim_version: SIM_VERSION,
            variant: String::new(),
            players: 0,
            board: String::new(),
            shot_clock: 0,
            seed: 0,
            inputs: Vec::new(),
            confirmed: 0,
            checksums: Vec::new(),
            desync_frame: -1,
            local_checksum: String::new(),
            remote_checksum: String::new(),
            game: String::new(),
            black_player: 0,
        }
    }

    /// Records the state's `hash` at the start of `frame` and the `inputs` applied to it,
    /// replacing what a rollback re-simulates.
    pub fn record(&mut self, frame: usize, hash: u64, inputs: &[Input]) {
        self.inputs.truncate(frame);
        self.checksums.truncate(frame);
        if self.inputs.len() == frame {
            self.checksums.push(format!("{hash:016x}"));
            self.inputs.push(inputs.iter().map(hex).collect());
        }
    }

    /// Completes the record with what GGRS reported and writes it into `dir` as
    /// `desync-TAG-frame-F.json`; returns where, or `None` if it could not be written.
    pub fn write(
        &self,
        dir: &std::path::Path,
        tag: &str,
        frame: i64,
        checksums: (u128, u128),
        confirmed: i64,
    ) -> Option<std::path::PathBuf> {
        let mut record = self.clone();
        record.desync_frame = frame;
        record.local_checksum = format!("{:016x}", checksums.0 as u64);
        record.remote_checksum = format!("{:016x}", checksums.1 as u64);
        record.confirmed = confirmed.max(0) as usize;
        let path = dir.join(format!("desync-{tag}-frame-{frame}.json"));
        std::fs::create_dir_all(dir).ok()?;
        std::fs::write(&path, serde_json::to_string_pretty(&record).ok()?).ok()?;
        Some(path)
    }

    /// The settings the record describes.
    pub fn settings(&self) -> Result<Settings, String> {
        if self.format != FORMAT {
            return Err(format!("record format {} (this version reads {FORMAT})", self.format));
        }
        settings_of(&self.variant, self.players, &self.board, self.shot_clock, self.seed)
    }

    /// Re-runs the recorded inputs and compares each frame's checksum with the record.
    pub fn replay(&self) -> Result<Replay, String> {
        if self.game == "draughts" {
            if self.format != FORMAT {
                return Err(format!("record format {} (this version reads {FORMAT})", self.format));
            }
            let game = TurnGame::new(Draughts::new(), self.black_player.min(1));
            return self.replay_with(
                game,
                |g| g.hash(),
                |g, inputs| {
                    g.step(&inputs.iter().map(turn_of).collect::<Vec<_>>());
                },
            );
        }
        let settings = self.settings()?;
        self.replay_with(Match::new(settings), |m| m.hash(), advance)
    }

    /// Replays from `state` with `step`, comparing `hash` with the record at every frame.
    fn replay_with<S>(
        &self,
        mut state: S,
        hash: impl Fn(&S) -> u64,
        step: impl Fn(&mut S, &[Input]),
    ) -> Result<Replay, String> {
        for (frame, (inputs, recorded)) in self.inputs.iter().zip(&self.checksums).enumerate() {
            let replayed = format!("{:016x}", hash(&state));
            if &replayed != recorded {
                return Ok(Replay {
                    frames: frame,
                    first_difference: Some((frame, recorded.clone(), replayed)),
                });
            }
            let inputs: Vec<Input> = inputs
                .iter()
                .map(|text| unhex(text).ok_or_else(|| format!("frame {frame}: bad input {text:?}")))
                .collect::<Result<_, _>>()?;
            step(&mut state, &inputs);
        }
        Ok(Replay { frames: self.inputs.len(), first_difference: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::sim::{PresetId, Stroke};

    fn recorded(frames: usize) -> DesyncRecord {
        let settings = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 30, 9).unwrap();
        let mut m = Match::new(settings);
        let mut record = DesyncRecord::new(&settings);
        let player = settings.player_at(m.shooter()).unwrap();
        let stroke = Stroke { placement: 0, angle: m.shooter().forward().0, power: 9_000 };
        for frame in 0..frames {
            let mut inputs = [Input::ZERO; 2];
            inputs[player] = Input::commit(1, stroke);
            record.record(frame, m.hash(), &inputs);
            advance(&mut m, &inputs);
        }
        record
    }

    #[test]
    fn a_faithful_record_replays_without_a_difference() {
        let replay = recorded(120).replay().unwrap();
        assert_eq!(replay, Replay { frames: 120, first_difference: None });
    }

    #[test]
    fn replay_names_the_first_frame_that_differs() {
        let mut record = recorded(120);
        record.checksums[77] = "0000000000000000".into();
        let replay = record.replay().unwrap();
        assert_eq!(replay.first_difference.map(|d| d.0), Some(77));
    }

    #[test]
    fn ck_15_a_draughts_record_replays_and_names_a_difference() {
        use super::super::turn_input::input_of;
        use crate::checkers::turns::Turn;
        let mut game = TurnGame::new(Draughts::new(), 1);
        let mut record = DesyncRecord::draughts(1);
        for frame in 0..40 {
            let mover = game.player_of(game.game.position.to_move());
            let mut inputs = [Input::ZERO; 2];
            let turn = Turn { ply: game.game.plies as u16 + 1, index: 0, ..Turn::default() };
            inputs[mover] = input_of(Some(turn));
            record.record(frame, game.hash(), &inputs);
            game.step(&inputs.iter().map(turn_of).collect::<Vec<_>>());
        }
        assert!(game.game.plies > 10, "moves were played");
        let text = serde_json::to_string(&record).unwrap();
        let back: DesyncRecord = serde_json::from_str(&text).unwrap();
        assert_eq!(back.replay().unwrap(), Replay { frames: 40, first_difference: None });
        let mut wrong = back;
        wrong.checksums[30] = "0000000000000000".into();
        assert_eq!(wrong.replay().unwrap().first_difference.map(|d| d.0), Some(30));
    }

    #[test]
    fn a_rollback_rewrites_the_frames_it_resimulates() {
        let mut record = recorded(10);
        let hash = record.checksums[4].clone();
        record.record(4, u64::from_str_radix(&hash, 16).unwrap(), &[Input::ZERO; 2]);
        assert_eq!(record.inputs.len(), 5);
        assert_eq!(record.checksums.len(), 5);
    }
}
