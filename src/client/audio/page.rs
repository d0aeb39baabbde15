//! The page's sound: WebAudio plays each clip the mixer was asked to start, from one audio
//! context the page opens at once (the page resumes it on the player's first gesture, as
//! browsers ask). With no WebAudio the page is silent and says so once.

use super::Speaker;
use super::mixer::RATE;
use bevy::prelude::*;
use std::cell::OnceCell;
use web_sys::AudioContext;

thread_local! {
    /// The page's audio context; `None` where the browser has no WebAudio.
    static CONTEXT: OnceCell<Option<AudioContext>> = const { OnceCell::new() };
}

/// The page's audio context, opened on first use.
fn context() -> Option<AudioContext> {
    CONTEXT.with(|cell| {
        cell.get_or_init(|| {
            AudioContext::new()
                .map_err(|e| warn!("carrom: no sound: the page has no WebAudio ({e:?})"))
                .ok()
        })
        .clone()
    })
}

/// Opens the page's sound output, so that the page can resume it on the first gesture.
pub(super) fn open() {
    context();
}

/// Plays the clips started since the last frame.
pub(super) fn drain(speaker: Res<Speaker>) {
    let started = speaker.mixer.lock().map(|mut m| m.take_started()).unwrap_or_default();
    if started.is_empty() {
        return;
    }
    let Some(context) = context() else { return };
    for (clip, gain) in started {
        if let Err(e) = play(&context, &clip.samples(), gain) {
            warn!("carrom: a sound could not be played: {e:?}");
        }
    }
}

/// Plays `samples` (at [`RATE`]) once, at `gain`.
fn play(context: &AudioContext, samples: &[f32], gain: f32) -> Result<(), wasm_bindgen::JsValue> {
    if samples.is_empty() {
        return Ok(());
    }
    let buffer = context.create_buffer(1, samples.len() as u32, RATE as f32)?;
    buffer.copy_to_channel(samples, 0)?;
    let source = context.create_buffer_source()?;
    source.set_buffer(Some(&buffer));
    let volume = context.create_gain()?;
    volume.gain().set_value(gain);
    source.connect_with_audio_node(&volume)?;
    volume.connect_with_audio_node(&context.destination())?;
    source.start()
}
