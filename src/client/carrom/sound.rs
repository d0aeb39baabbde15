//! Sounds for the strike, pieces meeting, a cushion, a pocket and a foul. They are
//! synthesised at start (short clips made here, so no asset files or licences are
//! involved) and cued from what changed between two simulation frames, at the volume
//! chosen in Settings, through the client's [`Speaker`].

use crate::client::audio::{Clip, RATE, Speaker};
use crate::client::carrom::impact::{Contact, impacts};
use crate::client::hosts::{LocalMatch, MatchStep, MatchSystems};
use crate::client::persistence::preferences::{MAX_VOLUME, Preferences};
use crate::game::{Match, Phase};
use bevy::prelude::*;
use std::f32::consts::TAU;

/// The game's sounds.
#[derive(Resource)]
struct Sounds {
    strike: Clip,
    clack: Clip,
    cushion: Clip,
    pocket: Clip,
    foul: Clip,
}

/// Makes the sounds and plays them.
pub(super) struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, make)
            .add_systems(FixedUpdate, cue.after(MatchStep).in_set(MatchSystems));
    }
}

fn make(mut commands: Commands) {
    let add = |samples: Vec<f32>| Clip::new(&samples);
    commands.insert_resource(Sounds {
        strike: add(synth(0.09, |t, noise| {
            (0.7 * noise + 0.5 * (TAU * 140.0 * t).sin()) * (-t * 60.0).exp()
        })),
        clack: add(synth(0.05, |t, noise| {
            (0.6 * (TAU * 2_300.0 * t).sin() + 0.4 * noise) * (-t * 110.0).exp()
        })),
        cushion: add(synth(0.12, |t, noise| {
            (0.8 * (TAU * 170.0 * t).sin() + 0.2 * noise) * (-t * 35.0).exp()
        })),
        pocket: add(synth(0.25, |t, noise| {
            let thock = (TAU * 95.0 * t).sin() * (-t * 18.0).exp();
            let rattle = noise * (-(t - 0.06).abs() * 70.0).exp() * 0.4;
            0.9 * thock + rattle
        })),
        foul: add(synth(0.35, |t, _| {
            let pitch = if t < 0.16 { 330.0 } else { 247.0 };
            0.35 * (TAU * pitch * t).sin().signum() * (1.0 - t / 0.35)
        })),
    });
}

/// `seconds` of sound from `f(t, noise)`; the noise is a fixed pseudo-random sequence.
fn synth(seconds: f32, f: impl Fn(f32, f32) -> f32) -> Vec<f32> {
    let mut state = 0x2545_f491_u32;
    (0..(seconds * RATE as f32) as u32)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let noise = state as f32 / u32::MAX as f32 * 2.0 - 1.0;
            f(i as f32 / RATE as f32, noise).clamp(-1.0, 1.0)
        })
        .collect()
}

/// What one simulation frame sounded like.
#[derive(Debug, Default, PartialEq)]
struct Cues {
    strike: bool,
    clack: f32,
    cushion: f32,
    pocket: bool,
    foul: bool,
}

/// Sums up two consecutive frames: a strike starts motion, a foul is ruled, and the
/// loudest contact of each kind.
fn listen(before: &Match, now: &Match) -> Cues {
    let mut cues = Cues {
        strike: before.phase() == Phase::Aim && now.phase() == Phase::Motion,
        foul: before.last_ruling() != now.last_ruling() && now.last_ruling().is_foul(),
        ..Cues::default()
    };
    for impact in impacts(before, now) {
        match impact.contact {
            Contact::Pocket(_) => cues.pocket = true,
            Contact::Piece => cues.clack = cues.clack.max(impact.strength),
            Contact::Cushion => cues.cushion = cues.cushion.max(impact.strength),
        }
    }
    cues
}

fn cue(
    local: Res<LocalMatch>,
    sounds: Res<Sounds>,
    speaker: Res<Speaker>,
    preferences: Res<Preferences>,
) {
    if preferences.volume == 0 {
        return;
    }
    let master = preferences.volume as f32 / MAX_VOLUME as f32;
    let cues = listen(&local.previous, &local.current);
    let play = |clip: &Clip, loudness: f32| speaker.play(clip, master * loudness);
    if cues.strike {
        play(&sounds.strike, 1.0);
    }
    if cues.clack > 0.0 {
        play(&sounds.clack, 0.3 + 0.7 * cues.clack);
    }
    if cues.cushion > 0.0 {
        play(&sounds.cushion, 0.3 + 0.7 * cues.cushion);
    }
    if cues.pocket {
        play(&sounds.pocket, 1.0);
    }
    if cues.foul {
        play(&sounds.foul, 0.8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Input, advance};
    use crate::rules::{Settings, Variant};
    use crate::sim::{PresetId, Stroke};

    #[test]
    fn a_break_sounds_a_strike_then_clacks() {
        let settings = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 0, 1).unwrap();
        let mut m = Match::new(settings);
        let seat = m.shooter();
        let player = settings.player_at(seat).unwrap();
        let stroke = Stroke { placement: 0, angle: seat.forward().0, power: 10_000 };
        let mut inputs = [Input::ZERO; 2];
        inputs[player] = Input::commit(1, stroke);
        let mut heard = Vec::new();
        for _ in 0..400 {
            let before = m;
            advance(&mut m, &inputs);
            heard.push(listen(&before, &m));
        }
        assert!(heard[0].strike, "the first frame is the strike");
        assert!(heard.iter().filter(|c| c.clack > 0.0).count() >= 3, "the rack is heard breaking");
        assert!(heard.iter().any(|c| c.cushion > 0.0), "pieces reach the cushions");
    }
}
