//! The Linux sound output: one playback stream to the PulseAudio protocol server, fed by
//! the mixer whenever the server asks for samples (a pure-Rust client: nothing to link).

use super::mixer::{Mixer, RATE};
use bevy::log::{info, warn};
use pulseaudio::protocol::stream::{BufferAttr, StreamFlags};
use pulseaudio::protocol::{
    ChannelMap, ChannelVolume, PlaybackStreamParams, SampleFormat, SampleSpec,
};
use pulseaudio::{AsPlaybackSource, Client, ClientError};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Bytes of a PulseAudio authentication cookie.
const COOKIE_LENGTH: usize = 256;

/// How much sound the server keeps queued: low enough that a strike is heard with it.
const LATENCY_MS: u32 = 40;

/// Connects on a thread of its own (so a slow or absent server never holds up the first
/// frame) and keeps the stream open for the whole run.
pub(super) fn start(mixer: Arc<Mutex<Mixer>>) {
    let spawned = std::thread::Builder::new().name("sound".into()).spawn(move || {
        match open(mixer) {
            Ok((_client, _stream)) => {
                info!("sound: playing through the PulseAudio server");
                // The stream lives as long as its handles; the server pulls samples.
                loop {
                    std::thread::park();
                }
            }
            Err(e) => info!("no sound: {e}"),
        }
    });
    if let Err(e) = spawned {
        warn!("no sound: cannot start the sound thread: {e}");
    }
}

/// Why the game plays no sound (logged: a machine without sound is no failure).
#[derive(Debug, thiserror::Error)]
enum NoSound {
    #[error("no PulseAudio server to play to (no socket in $PULSE_SERVER or $XDG_RUNTIME_DIR)")]
    NoServer,
    #[error("no PulseAudio server at {} ({source})", path.display())]
    Unreachable { path: PathBuf, source: std::io::Error },
    #[error("the PulseAudio server at {} refused us ({source})", path.display())]
    Refused { path: PathBuf, source: ClientError },
    #[error("the PulseAudio server refused a stream ({0})")]
    NoStream(ClientError),
}

fn open(mixer: Arc<Mutex<Mixer>>) -> Result<(Client, pulseaudio::PlaybackStream), NoSound> {
    let path = pulseaudio::socket_path_from_env().ok_or(NoSound::NoServer)?;
    let socket = match UnixStream::connect(&path) {
        Ok(socket) => socket,
        Err(source) => return Err(NoSound::Unreachable { path, source }),
    };
    // The server reads a cookie of exactly this length even when it lets anyone in; with
    // no cookie file, zeros (a server that checks cookies then says no, and we are silent).
    let cookie = pulseaudio::cookie_path_from_env()
        .and_then(|p| std::fs::read(p).ok())
        .filter(|c| c.len() == COOKIE_LENGTH)
        .unwrap_or_else(|| vec![0; COOKIE_LENGTH]);
    let client = match Client::new_unix(c"carrom", socket, Some(cookie)) {
        Ok(client) => client,
        Err(source) => return Err(NoSound::Refused { path, source }),
    };
    let bytes_per_ms = RATE * 2 / 1000;
    let params = PlaybackStreamParams {
        sample_spec: SampleSpec { format: SampleFormat::S16Le, channels: 1, sample_rate: RATE },
        channel_map: ChannelMap::mono(),
        cvolume: Some(ChannelVolume::norm(1)),
        sink_name: Some(pulseaudio::protocol::DEFAULT_SINK.to_owned()),
        buffer_attr: BufferAttr {
            target_length: LATENCY_MS * bytes_per_ms,
            minimum_request_length: LATENCY_MS / 4 * bytes_per_ms,
            ..BufferAttr::default()
        },
        flags: StreamFlags { adjust_latency: true, ..StreamFlags::default() },
        ..PlaybackStreamParams::default()
    };
    // Never 0 bytes: that would end the stream. Silence fills the gaps between sounds.
    let source = move |out: &mut [u8]| {
        match mixer.lock() {
            Ok(mut mixer) => mixer.fill(out),
            Err(_) => out.fill(0),
        }
        out.len()
    };
    let stream =
        bevy::tasks::block_on(client.create_playback_stream(params, source.as_playback_source()))
            .map_err(NoSound::NoStream)?;
    Ok((client, stream))
}
