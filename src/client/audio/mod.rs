//! Sound output, for both games: [`Speaker::play`] mixes short mono clips ([`Clip`]) into
//! one stream. On Linux the stream goes to the PulseAudio protocol server (PulseAudio,
//! or PipeWire's pulse server) through a pure-Rust client, so building the game needs no
//! system headers; in a browser each clip goes to WebAudio; elsewhere it goes through
//! bevy_audio. With no sound server the game is silent and says so once in its log.

pub mod mixer;
#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_os = "linux")]
mod pulse;

pub use mixer::{Clip, RATE};

use bevy::prelude::*;
use mixer::Mixer;
use std::sync::{Arc, Mutex};

/// Where sounds are played.
#[derive(Resource, Clone, Default)]
pub struct Speaker {
    mixer: Arc<Mutex<Mixer>>,
}

impl Speaker {
    /// Starts `clip` now at `gain` (0–1).
    pub fn play(&self, clip: &Clip, gain: f32) {
        if let Ok(mut mixer) = self.mixer.lock() {
            mixer.start(clip, gain);
        }
    }
}

/// Opens the sound output at start.
pub struct AudioPlugin;

impl Plugin for AudioPlugin {
    fn build(&self, app: &mut App) {
        let speaker = Speaker::default();
        #[cfg(target_os = "linux")]
        pulse::start(speaker.mixer.clone());
        #[cfg(target_arch = "wasm32")]
        {
            page::open();
            app.add_systems(Update, page::drain);
        }
        #[cfg(not(any(target_os = "linux", target_arch = "wasm32")))]
        app.add_systems(Update, elsewhere::drain);
        app.insert_resource(speaker);
    }
}

/// On Windows and macOS, bevy_audio plays what the mixer is asked to start.
#[cfg(not(any(target_os = "linux", target_arch = "wasm32")))]
mod elsewhere {
    use super::Speaker;
    use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
    use bevy::prelude::*;

    pub(super) fn drain(
        mut commands: Commands,
        speaker: Res<Speaker>,
        mut sources: ResMut<Assets<AudioSource>>,
    ) {
        let started = speaker.mixer.lock().map(|mut m| m.take_started()).unwrap_or_default();
        for (clip, gain) in started {
            let source = sources.add(AudioSource { bytes: clip.wav().into() });
            let settings = PlaybackSettings::DESPAWN.with_volume(Volume::Linear(gain));
            commands.spawn((AudioPlayer::new(source), settings));
        }
    }
}
