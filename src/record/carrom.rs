//! A carrom match kept as the inputs that changed it. Only a few inputs ever change a
//! match: the shooter's aim while it moves, a commit to the stroke that is due (played or
//! refused), and a resignation. Every other input is ignored by [`advance()`], so
//! re-simulating with just those, and no action on every other frame, gives every frame's
//! state again exactly.

use super::{Difference, RecordError, Verdict, hex64};
use crate::game::{Input, Match, Phase, advance};
use crate::rules::{Settings, Variant};
use crate::sim::PresetId;
use serde::{Deserialize, Serialize};

/// A carrom match: its settings, the inputs that changed it and its boundary hashes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarromLog {
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
    /// A match carried on from a saved state starts there (its bytes in hex); a match
    /// from the rack has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Frames simulated.
    pub frames: u32,
    /// The inputs that changed the match: frames since the previous entry, the player and
    /// the input's 12 bytes in hex.
    pub inputs: Vec<(u32, u8, String)>,
    /// Each stroke boundary (the start, after every ruling, a new board, the end): its
    /// frame and the state's hash there.
    pub boundaries: Vec<(u32, String)>,
}

/// The match, frame by frame, from a record: the inputs to feed each frame.
pub struct Frames<'a> {
    entries: core::iter::Peekable<core::slice::Iter<'a, (u32, u8, String)>>,
    next_at: u32,
    frame: u32,
    frames: u32,
    players: usize,
}

impl Iterator for Frames<'_> {
    type Item = Result<Vec<Input>, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.frame >= self.frames {
            return None;
        }
        let mut inputs = vec![Input::ZERO; self.players];
        while let Some((_, player, text)) =
            self.entries.peek().filter(|_| self.next_at == self.frame)
        {
            let Some(input) = unhex(text) else {
                return Some(Err(RecordError::BadInput { frame: self.frame, text: text.clone() }));
            };
            let Some(slot) = inputs.get_mut(*player as usize) else {
                return Some(Err(RecordError::NoPlayer { frame: self.frame, player: *player }));
            };
            *slot = input;
            self.entries.next();
            self.next_at = self.next_at.saturating_add(self.entries.peek().map_or(0, |e| e.0));
        }
        self.frame += 1;
        Some(Ok(inputs))
    }
}

impl CarromLog {
    /// The log of a match of `settings` whose players gave `frames` (one input per player
    /// each frame, from frame 0): re-simulated to keep only the inputs that mattered.
    pub fn of(settings: &Settings, frames: &[Vec<Input>]) -> CarromLog {
        CarromLog::from_state(Match::new(*settings), frames)
    }

    /// The log of a match carried on from `start` whose players then gave `frames`.
    pub fn from_state(start: Match, frames: &[Vec<Input>]) -> CarromLog {
        let settings = start.settings();
        let fresh = start == Match::new(*settings);
        let mut log = CarromLog {
            variant: settings.variant().name().into(),
            players: settings.players,
            board: settings.preset().name().into(),
            shot_clock: settings.shot_clock,
            seed: settings.seed,
            start: (!fresh)
                .then(|| bytemuck::bytes_of(&start).iter().map(|b| format!("{b:02x}")).collect()),
            frames: 0,
            inputs: Vec::new(),
            boundaries: Vec::new(),
        };
        let mut m = start;
        log.boundaries.push((0, hex64(m.hash())));
        let mut last_entry = 0;
        for (frame, inputs) in frames.iter().enumerate() {
            if m.phase() == Phase::MatchOver {
                break;
            }
            let frame = frame as u32;
            for (player, input) in inputs.iter().enumerate() {
                if matters(&m, player, input) {
                    log.inputs.push((frame - last_entry, player as u8, hex(input)));
                    last_entry = frame;
                }
            }
            let before = m;
            advance(&mut m, inputs);
            log.frames = frame + 1;
            if is_boundary(&before, &m) {
                log.boundaries.push((log.frames, hex64(m.hash())));
            }
        }
        log
    }

    /// The settings it was played with.
    pub fn settings(&self) -> Result<Settings, RecordError> {
        settings_of(&self.variant, self.players, &self.board, self.shot_clock, self.seed)
    }

    /// The match as it stood when the record began.
    pub fn first_state(&self) -> Result<Match, RecordError> {
        let settings = self.settings()?;
        let Some(text) = &self.start else { return Ok(Match::new(settings)) };
        let bytes: Option<Vec<u8>> = (0..text.len() / 2)
            .map(|i| text.get(2 * i..2 * i + 2).and_then(|b| u8::from_str_radix(b, 16).ok()))
            .collect();
        bytes
            .and_then(|b| Match::from_bytes(&b))
            .filter(|m| m.settings() == &settings)
            .ok_or(RecordError::Start)
    }

    /// Whether its lengths are ones a match can have: at most [`MAX_FRAMES`] frames, and
    /// every input and boundary within them. Checked before anything is simulated.
    ///
    /// [`MAX_FRAMES`]: super::MAX_FRAMES
    pub fn sound(&self) -> Result<(), RecordError> {
        if self.frames > super::MAX_FRAMES {
            return Err(RecordError::TooLong { frames: self.frames, most: super::MAX_FRAMES });
        }
        let inputs_end: u64 = self.inputs.iter().map(|(gap, _, _)| u64::from(*gap)).sum();
        let boundaries_end = self.boundaries.iter().map(|(at, _)| *at).max().unwrap_or(0);
        if inputs_end > u64::from(self.frames) || boundaries_end > self.frames {
            return Err(RecordError::AfterTheEnd { frames: self.frames });
        }
        Ok(())
    }

    /// Strokes played.
    pub fn strokes(&self) -> usize {
        self.boundaries.len().saturating_sub(1)
    }

    /// The inputs of every frame, from the first.
    pub fn frames(&self) -> Frames<'_> {
        let mut entries = self.inputs.iter().peekable();
        let next_at = entries.peek().map_or(0, |e| e.0);
        Frames { entries, next_at, frame: 0, frames: self.frames, players: self.players as usize }
    }

    /// Re-simulates the match and compares each boundary's hash with the record.
    pub fn verify(&self) -> Result<Verdict, RecordError> {
        let mut m = self.first_state()?;
        let mut boundaries = self.boundaries.iter().enumerate().peekable();
        let mut checked = 0;
        let mut check = |frame: u32, m: &Match, checked: &mut usize| -> Option<Difference> {
            while let Some((index, (at, recorded))) =
                boundaries.next_if(|(_, (at, _))| *at <= frame)
            {
                let replayed = hex64(m.hash());
                if *at != frame || &replayed != recorded {
                    let replayed = if *at == frame { replayed } else { "no boundary".into() };
                    return Some(Difference {
                        boundary: index,
                        at: *at,
                        recorded: recorded.clone(),
                        replayed,
                    });
                }
                *checked += 1;
            }
            None
        };
        let verdict = |checked, first_difference| Verdict {
            checked,
            boundaries: self.boundaries.len(),
            first_difference,
        };
        if let Some(d) = check(0, &m, &mut checked) {
            return Ok(verdict(checked, Some(d)));
        }
        for (frame, inputs) in self.frames().enumerate() {
            advance(&mut m, &inputs?);
            if let Some(d) = check(frame as u32 + 1, &m, &mut checked) {
                return Ok(verdict(checked, Some(d)));
            }
        }
        let missing = self.boundaries.get(checked).map(|(at, recorded)| Difference {
            boundary: checked,
            at: *at,
            recorded: recorded.clone(),
            replayed: "beyond the last frame".into(),
        });
        Ok(verdict(checked, missing))
    }

    /// The match as it stood at boundary `index` (re-simulated from the start).
    pub fn at_boundary(&self, index: usize) -> Result<Match, RecordError> {
        let target = self.boundaries.get(index).map_or(self.frames, |b| b.0);
        let mut m = self.first_state()?;
        for inputs in self.frames().take(target as usize) {
            advance(&mut m, &inputs?);
        }
        Ok(m)
    }
}

/// Whether `player`'s `input` changes `m` when it is advanced: everything else is ignored.
fn matters(m: &Match, player: usize, input: &Input) -> bool {
    if input.resigns() {
        return true;
    }
    if m.phase() != Phase::Aim || m.settings().player_at(m.shooter()) != Some(player) {
        return false;
    }
    let aim = m.aim();
    let moves_aim = input.is_aiming()
        && (input.placement, input.angle, input.power) != (aim.placement, aim.angle, aim.power);
    // A commit to the stroke that is due: played, or refused (which still stops the clock
    // that frame).
    moves_aim || (input.stroke != 0 && input.stroke == m.next_stroke())
}

/// Whether the frame from `before` to `after` ended at a stroke boundary: a ruling was
/// made (a stroke, the shot clock, a resignation) or a new board was racked.
pub fn is_boundary(before: &Match, after: &Match) -> bool {
    match (before.phase(), after.phase()) {
        (Phase::Aim, Phase::Motion) => false,
        (Phase::Aim, Phase::Aim) => after.clock() > before.clock(),
        (b, a) => a != b,
    }
}

/// Match settings as records name them: the game type and board by name.
pub fn settings_of(
    variant: &str,
    players: u8,
    board: &str,
    shot_clock: u16,
    seed: u64,
) -> Result<Settings, RecordError> {
    let variant =
        Variant::from_name(variant).ok_or_else(|| RecordError::UnknownGame(variant.into()))?;
    let preset =
        PresetId::from_name(board).ok_or_else(|| RecordError::UnknownBoard(board.into()))?;
    Ok(Settings::new(variant, players, preset, shot_clock, seed)?)
}

/// An input as records write it: its 12 bytes in hex.
pub fn hex(input: &Input) -> String {
    bytemuck::bytes_of(input).iter().map(|b| format!("{b:02x}")).collect()
}

/// The input `text` writes, if it is one.
pub fn unhex(text: &str) -> Option<Input> {
    if text.len() != 24 || !text.is_ascii() {
        return None;
    }
    let mut bytes = [0u8; 12];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(Input::from(bytes))
}
