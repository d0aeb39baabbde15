//! Mixing clips into one stream of 16-bit mono samples.

use std::sync::Arc;

/// Samples per second of every clip and of the stream.
pub const RATE: u32 = 44_100;

/// Clips sounding at once at most; a new one stops the oldest.
const VOICES: usize = 16;

/// A short sound: mono samples at [`RATE`].
#[derive(Clone, Debug, PartialEq)]
pub struct Clip(Arc<[i16]>);

impl Clip {
    /// A clip of `samples` (-1 to 1, clamped).
    pub fn new(samples: &[f32]) -> Clip {
        Clip(samples.iter().map(|s| (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16).collect())
    }

    /// The clip's samples, -1 to 1 (for players that take them so).
    #[cfg(any(target_arch = "wasm32", test))]
    pub fn samples(&self) -> Vec<f32> {
        self.0.iter().map(|&s| f32::from(s) / f32::from(i16::MAX)).collect()
    }

    /// The clip as a 16-bit PCM WAV file (for players that take files).
    #[cfg(not(any(target_os = "linux", target_arch = "wasm32")))]
    pub fn wav(&self) -> Vec<u8> {
        let data = (self.0.len() * 2) as u32;
        let mut out = Vec::with_capacity(44 + data as usize);
        out.extend_from_slice(b"RIFF");
        out.extend_from_slice(&(36 + data).to_le_bytes());
        out.extend_from_slice(b"WAVEfmt ");
        out.extend_from_slice(&16u32.to_le_bytes());
        out.extend_from_slice(&1u16.to_le_bytes());
        out.extend_from_slice(&1u16.to_le_bytes());
        out.extend_from_slice(&RATE.to_le_bytes());
        out.extend_from_slice(&(RATE * 2).to_le_bytes());
        out.extend_from_slice(&2u16.to_le_bytes());
        out.extend_from_slice(&16u16.to_le_bytes());
        out.extend_from_slice(b"data");
        out.extend_from_slice(&data.to_le_bytes());
        for s in self.0.iter() {
            out.extend_from_slice(&s.to_le_bytes());
        }
        out
    }
}

/// A clip sounding: how far it has played, how loud.
#[derive(Debug)]
struct Voice {
    clip: Clip,
    #[cfg(any(target_os = "linux", test))]
    at: usize,
    gain: f32,
}

/// The clips sounding now.
#[derive(Debug, Default)]
pub struct Mixer {
    voices: Vec<Voice>,
}

impl Mixer {
    /// Starts `clip` at `gain` (0–1).
    pub fn start(&mut self, clip: &Clip, gain: f32) {
        if self.voices.len() == VOICES {
            self.voices.remove(0);
        }
        let gain = gain.clamp(0.0, 1.0);
        self.voices.push(Voice {
            clip: clip.clone(),
            #[cfg(any(target_os = "linux", test))]
            at: 0,
            gain,
        });
    }

    /// Hands over the clips started and not yet played (for a player that plays clips
    /// itself); they are gone from the mix.
    #[cfg(not(target_os = "linux"))]
    pub fn take_started(&mut self) -> Vec<(Clip, f32)> {
        self.voices.drain(..).map(|v| (v.clip, v.gain)).collect()
    }

    /// Fills `out` with the next samples as 16-bit little-endian bytes: every voice
    /// summed (clamped), silence where none sounds. An odd trailing byte is zero.
    #[cfg(any(target_os = "linux", test))]
    pub fn fill(&mut self, out: &mut [u8]) {
        for frame in out.chunks_mut(2) {
            let mut sum = 0.0f32;
            for voice in &mut self.voices {
                if let Some(&sample) = voice.clip.0.get(voice.at) {
                    sum += f32::from(sample) * voice.gain;
                    voice.at += 1;
                }
            }
            let sample = sum.clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
            let bytes = sample.to_le_bytes();
            frame[0] = bytes[0];
            if frame.len() == 2 {
                frame[1] = bytes[1];
            } else {
                frame[0] = 0;
            }
        }
        self.voices.retain(|v| v.at < v.clip.0.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(bytes: &[u8]) -> Vec<i16> {
        bytes.chunks(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect()
    }

    #[test]
    fn clips_sum_at_their_gain_then_fall_silent() {
        let mut mixer = Mixer::default();
        let clip = Clip::new(&[0.5, 0.5]);
        mixer.start(&clip, 1.0);
        mixer.start(&clip, 0.5);
        let mut out = [0u8; 8];
        mixer.fill(&mut out);
        let half = i16::MAX / 2;
        assert_eq!(samples(&out), [half + half / 2, half + half / 2, 0, 0]);
        mixer.fill(&mut out);
        assert_eq!(samples(&out), [0; 4], "finished clips are gone");
    }

    #[test]
    fn loud_sums_clamp_instead_of_wrapping() {
        let mut mixer = Mixer::default();
        let clip = Clip::new(&[1.0]);
        for _ in 0..4 {
            mixer.start(&clip, 1.0);
        }
        let mut out = [0u8; 2];
        mixer.fill(&mut out);
        assert_eq!(samples(&out), [i16::MAX]);
    }

    #[test]
    fn samples_come_back_as_they_went_in_to_16_bits() {
        let back = Clip::new(&[0.0, 0.5, -1.0, 2.0]).samples();
        let expected = [0.0, 0.5, -1.0, 1.0];
        assert!(back.iter().zip(expected).all(|(b, e)| (b - e).abs() < 1e-4), "{back:?}");
    }

    #[cfg(not(any(target_os = "linux", target_arch = "wasm32")))]
    #[test]
    fn the_wav_header_describes_the_samples() {
        let bytes = Clip::new(&[0.0, 0.5, -0.5]).wav();
        assert_eq!(&bytes[..4], b"RIFF");
        assert_eq!(u32::from_le_bytes(bytes[40..44].try_into().unwrap()), 6);
        assert_eq!(bytes.len(), 44 + 6);
    }
}
