//! Replays: every match kept as a record, newest first (when, which game, who, how it
//! ended, how long), to watch again on the real board or to copy to a file to share; and
//! a record from a file to open. A record this version cannot play says so instead of
//! showing something wrong; an unreadable one is set aside and reported.

use crate::client::flow::setup::variant_message;
use crate::client::flow::{GameType, MatchHost, Screen};
use crate::client::hosts::replay::{Replaying, watch};
use crate::client::hosts::tape::LastRecord;
use crate::client::persistence::{Storage, records};
use crate::client::ui::{self, MenuSet, Pressed, palette};
use crate::client::words::{self, Words, record_error};
use crate::record::{GameLog, MatchRecord, Outcome};
use crate::rules::Variant;
use bevy::ecs::system::SystemParam;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use std::path::PathBuf;

/// Longest path typed, characters.
const MAX_PATH: usize = 200;

/// Rows the list shows (the newest).
const SHOWN: usize = 12;

/// What the screen shows.
#[derive(Resource, Default, Clone, Debug)]
struct ReplayList {
    records: Vec<(PathBuf, MatchRecord)>,
    path: String,
    typing: bool,
    note: Option<String>,
}

#[derive(Component)]
struct ReplaysRoot;

/// The Replays screen.
pub(super) struct ReplaysPlugin;

impl Plugin for ReplaysPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Replays), open)
            .add_systems(OnExit(Screen::Replays), |mut commands: Commands| {
                commands.remove_resource::<ReplayList>();
            })
            .add_systems(
                Update,
                (
                    type_path.before(MenuSet),
                    rebuild.run_if(resource_exists_and_changed::<ReplayList>).after(MenuSet),
                )
                    .run_if(in_state(Screen::Replays).and_then(resource_exists::<ReplayList>)),
            )
            .add_systems(
                Update,
                (|mut list: ResMut<ReplayList>| list.set_changed())
                    .run_if(in_state(Screen::Replays).and_then(resource_exists::<ReplayList>))
                    .run_if(resource_changed::<Words>),
            );
    }
}

fn open(mut commands: Commands, storage: Res<Storage>, w: Res<Words>) {
    let mut list = ReplayList::default();
    match storage.records_dir() {
        Some(dir) => {
            let listing = records::list(&dir);
            list.records = listing.records;
            if !listing.unreadable.is_empty() {
                let files: Vec<String> = listing
                    .unreadable
                    .iter()
                    .map(|(file, why)| {
                        format!("{} ({})", file.display(), words::why_unreadable(&w, why))
                    })
                    .collect();
                list.note =
                    Some(w.with("replays-set-aside", &[("files", files.join("; ").into())]));
            }
        }
        None => list.note = Some(w.get("replays-no-directory")),
    }
    commands.insert_resource(list);
}

fn type_path(
    mut typed: MessageReader<KeyboardInput>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut list: ResMut<ReplayList>,
    mut starts: Starts,
    w: Res<Words>,
) {
    if !list.typing {
        typed.clear();
        return;
    }
    for key in typed.read() {
        match ui::type_into(&mut list.path, key, MAX_PATH, ui::printable) {
            ui::Typed::Edited => {}
            ui::Typed::Enter => open_typed(&mut list, &mut starts, &w),
            ui::Typed::Escape => list.typing = false,
        }
    }
    keys.clear_just_pressed(KeyCode::Enter);
    keys.clear_just_pressed(KeyCode::NumpadEnter);
    keys.clear_just_pressed(KeyCode::Escape);
}

/// Where an exported record goes: the downloads folder, else the data directory.
fn export_dir(storage: &Storage) -> Option<PathBuf> {
    downloads()
        .or_else(|| storage.records_dir().and_then(|d| d.parent().map(|p| p.join("exported"))))
}

/// The player's downloads folder (not with `CARROM_HOME`, which keeps a run to itself).
#[cfg(not(target_arch = "wasm32"))]
fn downloads() -> Option<PathBuf> {
    directories::UserDirs::new()
        .and_then(|dirs| dirs.download_dir().map(std::path::Path::to_path_buf))
        .filter(|dir| std::env::var_os("CARROM_HOME").is_none() && dir.is_dir())
}

/// A page has no folders: exports stay in its storage.
#[cfg(target_arch = "wasm32")]
fn downloads() -> Option<PathBuf> {
    None
}

/// What watching a replay changes: the match it puts on screen and the states it sets.
#[derive(SystemParam)]
pub(super) struct Starts<'w, 's> {
    commands: Commands<'w, 's>,
    screen: ResMut<'w, NextState<Screen>>,
    host: ResMut<'w, NextState<MatchHost>>,
    game: ResMut<'w, NextState<GameType>>,
}

impl Starts<'_, '_> {
    /// Puts `replaying` on screen.
    fn watch(&mut self, replaying: Replaying) {
        watch(&mut self.commands, replaying, &mut self.screen, &mut self.host, &mut self.game);
    }
}

/// What the Watch button of the `place`th record listed does.
fn watches(
    place: usize,
) -> impl Fn(On<Pressed>, ResMut<ReplayList>, Starts, Res<Words>) + Send + Sync {
    move |_, mut list, mut starts, w| {
        let Some((_, record)) = list.records.get(place).cloned() else { return };
        match Replaying::open(record) {
            Ok(replaying) => starts.watch(replaying),
            Err(why) => {
                let why = ("why", record_error(&w, &why).into());
                list.note = Some(w.with("replays-cannot-show", &[why]));
            }
        }
    }
}

/// What the Export button of the `place`th record listed does: a copy to share.
fn exports(
    place: usize,
) -> impl Fn(On<Pressed>, ResMut<ReplayList>, Res<Storage>, Res<Words>) + Send + Sync {
    move |_, mut list, storage, w| {
        let Some((from, _)) = list.records.get(place).cloned() else { return };
        let Some(dir) = export_dir(&storage) else { return };
        let to = dir.join(from.file_name().unwrap_or_default());
        let place = ("path", to.display().to_string().into());
        list.note = Some(match records::export(&from, &to) {
            Ok(()) => w.with("replays-copied", &[place]),
            Err(e) => {
                w.with("replays-not-copied", &[place, ("why", words::system_error(&w, &e).into())])
            }
        });
    }
}

/// Opens the record at the path typed, or says why not.
fn open_typed(list: &mut ReplayList, starts: &mut Starts, w: &Words) {
    list.typing = false;
    let path = PathBuf::from(list.path.trim());
    let opened = records::read(&path)
        .map_err(|e| words::why_unreadable(w, &e))
        .and_then(|record| Replaying::open(record).map_err(|e| record_error(w, &e)));
    match opened {
        Ok(replaying) => starts.watch(replaying),
        Err(why) => {
            let path = ("path", path.display().to_string().into());
            list.note = Some(w.with("replays-file-cannot-show", &[path, ("why", why.into())]));
        }
    }
}

/// One line about `record`: when, which game, who, how it ended, how long.
pub fn describe(w: &Words, record: &MatchRecord) -> String {
    let (game, length) = match &record.game {
        GameLog::Carrom(log) => (
            Variant::from_name(&log.variant).map_or("game-carrom", variant_message),
            w.with("replays-strokes", &[("count", log.strokes().into())]),
        ),
        GameLog::Draughts(log) => {
            ("draughts-title", w.with("replays-moves", &[("count", log.moves.len().into())]))
        }
    };
    // Said in the reader's language, whatever it was when the match was kept; a record
    // from before outcomes were kept has only the words it was written in.
    let result = match (record.finished, record.outcome) {
        (false, _) => Some(w.get("replays-unfinished")),
        (true, Some(outcome)) => outcome_said(w, record, outcome),
        (true, None) => None,
    }
    .unwrap_or_else(|| record.result.clone());
    format!(
        "{} – {} – {} – {} – {}",
        words::date_time(w, records::when(record.started)),
        w.get(game),
        record.players.join(", "),
        result,
        length
    )
}

/// Who won `record`'s match, as its game's Results said it, in `w`'s words; `None` when
/// the outcome names no player the record has.
fn outcome_said(w: &Words, record: &MatchRecord, outcome: Outcome) -> Option<String> {
    let winners = outcome.winners(record.players.len())?;
    let names: Vec<&str> = winners.iter().map(|&p| record.players[p].as_str()).collect();
    Some(match (&record.game, names.as_slice()) {
        (GameLog::Carrom(_), []) => w.get("turn-drawn"),
        (GameLog::Carrom(_), names) => w.with("turn-won", &[("names", names.join(" & ").into())]),
        (GameLog::Draughts(_), []) => w.get("draughts-a-draw"),
        (GameLog::Draughts(_), [name]) => w.with("draughts-wins", &[("name", (*name).into())]),
        (GameLog::Draughts(_), _) => return None,
    })
}

fn rebuild(
    mut commands: Commands,
    roots: Query<Entity, With<ReplaysRoot>>,
    list: Res<ReplayList>,
    w: Res<Words>,
) {
    for root in &roots {
        commands.entity(root).despawn();
    }
    let mut order = 0u16;
    let mut next = || {
        order += 1;
        order
    };
    let page = (ReplaysRoot, ui::screen_root(Screen::Replays));
    commands.spawn(page).with_children(|root| {
        root.spawn(ui::heading(w.get("home-replays"), 40.0, palette::ACCENT));
        if list.records.is_empty() {
            root.spawn(ui::text(w.get("replays-none"), 18.0, palette::DIM));
        }
        for (place, (_, record)) in list.records.iter().take(SHOWN).enumerate() {
            root.spawn(ui::row()).with_children(|row| {
                let colour = if record.playable().is_ok() { palette::TEXT } else { palette::DIM };
                row.spawn(ui::text(describe(&w, record), 15.0, colour));
                row.spawn(ui::button(
                    w.get("replays-watch"),
                    format!("Watch({place})"),
                    next(),
                    false,
                ))
                .observe(watches(place));
                let name = format!("Export({place})");
                row.spawn(ui::button(w.get("replays-export"), name, next(), false))
                    .observe(exports(place));
            });
        }
        root.spawn(ui::row()).with_children(|row| {
            let shown = ui::shown(&list.path, list.typing, &w.get("replays-type-path"));
            row.spawn(ui::text(w.get("replays-open-file"), 16.0, palette::DIM));
            row.spawn(ui::text_field(shown, "EditRecordPath", next(), list.typing))
                .observe(|_: On<Pressed>, mut list: ResMut<ReplayList>| list.typing = !list.typing);
            row.spawn(ui::button(w.get("replays-open"), "OpenRecord", next(), false)).observe(
                |_: On<Pressed>,
                 mut list: ResMut<ReplayList>,
                 mut starts: Starts,
                 w: Res<Words>| {
                    open_typed(&mut list, &mut starts, &w);
                },
            );
        });
        if let Some(note) = &list.note {
            root.spawn(ui::text(note.clone(), 16.0, palette::WARN));
        }
        root.spawn(ui::back_button(w.get("back"), next())).observe(ui::opens(Screen::Home));
    });
}

/// Results' "Watch replay": the record just written.
pub(super) fn watch_last(
    _: On<Pressed>,
    last: Option<Res<LastRecord>>,
    mut starts: Starts,
    mut notice: ResMut<ui::Notice>,
    w: Res<Words>,
) {
    let opened = match last.as_deref() {
        Some(LastRecord(Ok(path))) => records::read(path)
            .map_err(|e| words::why_unreadable(&w, &e))
            .and_then(|record| Replaying::open(record).map_err(|e| record_error(&w, &e))),
        Some(LastRecord(Err(why))) => Err(words::system_error(&w, why)),
        None => Err(w.get("replays-none-written")),
    };
    match opened {
        Ok(replaying) => starts.watch(replaying),
        Err(why) => notice.0 = Some(w.with("replays-replay-cannot-show", &[("why", why.into())])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::words::Language;
    use crate::draughts::{Draughts, Moves, Position};
    use crate::record::DraughtsLog;

    /// A draughts game of `plies` first legal moves, left unfinished.
    fn unfinished(plies: usize) -> MatchRecord {
        let mut game = Draughts::new();
        let mut played = Vec::new();
        for _ in 0..plies {
            let mut moves = Moves::default();
            game.moves(&mut moves);
            let m = moves.as_slice()[0];
            game.play(&m);
            played.push(m);
        }
        let log = DraughtsLog::of(Position::START, 0, &played);
        let names = vec!["आशा".to_string(), "सई".to_string()];
        MatchRecord {
            result: "Left unfinished".into(),
            ..MatchRecord::new(0, "pass_and_play", names, GameLog::Draughts(log))
        }
    }

    #[test]
    fn a_record_is_described_in_the_players_language_with_its_length_inflected() {
        let hindi = Words::new(Language::Hindi);
        let said = describe(&hindi, &unfinished(3));
        assert!(said.contains("अधूरा छोड़ा गया") && said.contains("3 चालें"), "{said}");
        assert!(!said.contains("Left unfinished") && !said.contains("moves"), "{said}");
        let english = describe(&Words::new(Language::English), &unfinished(1));
        assert!(english.contains("Left unfinished – 1 move"), "{english}");
    }

    #[test]
    fn who_won_is_said_in_the_readers_language_whatever_the_record_was_written_in() {
        let won = MatchRecord {
            result: "सई जीते".into(),
            finished: true,
            outcome: Some(Outcome::won_by([1])),
            ..unfinished(2)
        };
        let english = describe(&Words::new(Language::English), &won);
        assert!(english.contains("सई wins") && !english.contains("जीते"), "{english}");
        let greek = describe(&Words::new(Language::Greek), &won);
        assert!(greek.contains("Νικητής: सई"), "{greek}");
        let drawn = MatchRecord { outcome: Some(Outcome::Drawn), ..won.clone() };
        assert!(describe(&Words::new(Language::Tamil), &drawn).contains("சமன்"));
        // A record kept before outcomes were, or one naming a player it lacks, keeps its words.
        for outcome in [None, Some(Outcome::Won(0b100))] {
            let kept =
                describe(&Words::new(Language::English), &MatchRecord { outcome, ..won.clone() });
            assert!(kept.contains("सई जीते"), "{kept}");
        }
    }
}
