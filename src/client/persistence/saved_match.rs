//! The unfinished local match, kept in `match.json` so it can be resumed on the next start.
//! It is saved whenever the match changes phase and when the player leaves the match, and
//! removed when the match ends. The file is versioned and carries the state's hash; one
//! that cannot be read is moved aside and reported.

use crate::client::flow::{Controller, MatchHost, Screen};
use crate::client::hosts::{HostSystems, LocalMatch, MatchSystems};
use crate::client::persistence::storage::{self, Storage};
use crate::client::persistence::unreadable::{self, Unreadable};
use crate::client::ui::Notice;
use crate::client::words::{self, Words};
use crate::game::{Match, Phase};
use crate::sim::SIM_VERSION;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The match file's format version.
const FORMAT: u32 = 1;

/// The saved match offered on Home, if any.
#[derive(Resource, Default, Debug)]
pub struct SavedMatch(pub Option<LocalMatch>);

#[derive(Serialize, Deserialize)]
struct MatchFile {
    format: u32,
    sim_version: u32,
    names: [String; 4],
    controllers: [String; 4],
    state: String,
    hash: String,
}

impl MatchFile {
    fn of(local: &LocalMatch) -> MatchFile {
        let bytes = bytemuck::bytes_of(&local.current);
        MatchFile {
            format: FORMAT,
            sim_version: SIM_VERSION,
            names: local.names.clone(),
            controllers: local.controllers.map(|c| c.name().to_string()),
            state: bytes.iter().map(|b| format!("{b:02x}")).collect(),
            hash: format!("{:016x}", local.current.hash()),
        }
    }

    fn parse(bytes: &[u8]) -> Result<LocalMatch, Unreadable> {
        let file: MatchFile = Unreadable::versioned(bytes, FORMAT)?;
        if file.sim_version != SIM_VERSION {
            return Err(Unreadable::OtherSimulation {
                found: file.sim_version,
                reads: SIM_VERSION,
            });
        }
        let state = hex(&file.state).ok_or(Unreadable::Damaged("the state is not hexadecimal"))?;
        let m = Match::from_bytes(&state).ok_or(Unreadable::Damaged("the state is not a match"))?;
        if format!("{:016x}", m.hash()) != file.hash {
            return Err(Unreadable::Damaged("the state does not match its hash"));
        }
        if m.phase() == Phase::MatchOver {
            return Err(Unreadable::Ended);
        }
        let mut controllers = [Controller::Human; 4];
        for (c, name) in controllers.iter_mut().zip(&file.controllers) {
            *c = Controller::from_name(name).ok_or_else(|| Unreadable::unknown("player", name))?;
        }
        Ok(LocalMatch::resumed(m, controllers, file.names))
    }
}

fn hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

/// Loads, saves and clears the saved match.
pub(super) struct SavedMatchPlugin;

impl Plugin for SavedMatchPlugin {
    fn build(&self, app: &mut App) {
        let saved = load(app.world_mut());
        app.insert_resource(saved)
            .add_systems(
                Update,
                save_on_phase_change.in_set(MatchSystems).in_set(HostSystems::Local),
            )
            .add_systems(OnExit(Screen::Game), keep_for_later);
    }
}

fn load(world: &mut World) -> SavedMatch {
    let path = world.resource::<Storage>().match_file();
    let w = super::preferences::words_of(world);
    SavedMatch(unreadable::load(world, &w, path.as_deref(), "what-saved-match", MatchFile::parse))
}

/// Writes (or, once the match is over, removes) the match file.
fn write(local: &LocalMatch, storage: &Storage, notice: &mut Notice, w: &Words) {
    let Some(path) = storage.match_file() else { return };
    let result = if local.current.phase() == Phase::MatchOver {
        storage::remove(&path)
    } else {
        serde_json::to_vec(&MatchFile::of(local))
            .map_err(std::io::Error::other)
            .and_then(|bytes| storage::write_atomic(&path, &bytes))
    };
    if let Err(e) = result {
        let message = words::not_saved(w, &path, &e);
        warn!("{message}");
        notice.0 = Some(message);
    }
}

fn save_on_phase_change(
    local: Res<LocalMatch>,
    storage: Res<Storage>,
    mut notice: ResMut<Notice>,
    w: Res<Words>,
    mut last: Local<Option<(Phase, u16, u64)>>,
) {
    let m = &local.current;
    let now = (m.phase(), m.next_stroke(), m.settings().seed);
    if *last != Some(now) {
        *last = Some(now);
        write(&local, &storage, &mut notice, &w);
    }
}

fn keep_for_later(
    host: Res<State<MatchHost>>,
    local: Option<Res<LocalMatch>>,
    storage: Res<Storage>,
    mut notice: ResMut<Notice>,
    w: Res<Words>,
    mut saved: ResMut<SavedMatch>,
) {
    let Some(local) = local else { return };
    if *host.get() != MatchHost::Local {
        return;
    }
    write(&local, &storage, &mut notice, &w);
    saved.0 = (local.current.phase() != Phase::MatchOver).then(|| local.clone());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::flow::MatchSetup;

    fn sample() -> LocalMatch {
        LocalMatch::new(&MatchSetup::default(), &core::array::from_fn(|i| format!("P{i}")), 7)
    }

    #[test]
    fn a_saved_match_reads_back_identical() {
        let local = sample();
        let bytes = serde_json::to_vec(&MatchFile::of(&local)).unwrap();
        let back = MatchFile::parse(&bytes).unwrap();
        assert_eq!(back.current, local.current);
        assert_eq!(back.names, local.names);
        assert_eq!(back.controllers, local.controllers);
    }

    #[test]
    fn a_flipped_byte_is_caught_by_the_hash() {
        let mut file = MatchFile::of(&sample());
        let flipped = if file.state.as_bytes()[40] == b'0' { "1" } else { "0" };
        file.state.replace_range(40..41, flipped);
        let bytes = serde_json::to_vec(&file).unwrap();
        let why = MatchFile::parse(&bytes).unwrap_err();
        assert!(matches!(why, Unreadable::Damaged(_)), "{why:?}");
    }

    #[test]
    fn another_simulation_version_is_refused() {
        let mut file = MatchFile::of(&sample());
        file.sim_version += 1;
        let bytes = serde_json::to_vec(&file).unwrap();
        let why = MatchFile::parse(&bytes).unwrap_err();
        assert!(matches!(why, Unreadable::OtherSimulation { .. }), "{why:?}");
    }
}
