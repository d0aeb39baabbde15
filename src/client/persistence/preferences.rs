//! The player's settings (names, sound volume, display, the board's theme) and the last match chosen on Home,
//! kept in `settings.json` between runs.

use crate::bot::BotLevel;
use crate::client::board::theme::BoardTheme;
use crate::client::flow::GameType;
use crate::client::flow::setup::{MatchSetup, Mode};
use crate::client::persistence::storage::{self, Storage};
use crate::client::persistence::unreadable::{self, Unreadable};
use crate::client::ui::Notice;
use crate::client::words::{self, Digits, Language, SystemLanguage, Words, default_name};
use crate::draughts::Colour;
use crate::draughts::level::Level;
pub use crate::net::connect::IceServer;
use crate::rules::Variant;
use crate::sim::PresetId;
use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use serde::{Deserialize, Serialize};

/// The settings file's format version.
const FORMAT: u32 = 1;

/// Longest player name, characters.
pub const NAME_LENGTH: usize = 16;

/// Loudest volume step.
pub const MAX_VOLUME: u8 = 10;

/// The player's settings.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Preferences {
    /// Names of players 1–4 (pass-and-play), shown in the HUD and results.
    pub names: [String; 4],
    /// Sound volume, 0 (off) to `MAX_VOLUME`.
    pub volume: u8,
    /// Full screen instead of a window.
    pub fullscreen: bool,
    /// The signaling server for online play.
    pub signaling: String,
    /// ICE servers for online play (STUN; TURN with credentials). None built in.
    pub ice: Vec<IceServer>,
    /// The carrom board's look.
    pub theme: BoardTheme,
    /// The TCP port a game hosted on this network is served on (a free one if it is
    /// taken), so a firewall can be opened for it.
    pub lan_port: u16,
    /// How many match records are kept (the oldest are removed beyond it).
    pub records_kept: u16,
    /// The language every word is shown in.
    pub language: Language,
    /// A phone buzzes on strikes, hard hits and pockets (where the browser can).
    pub haptics: bool,
    /// The digits numbers are written in (the language's own, where it has them).
    pub digits: Digits,
}

/// How many match records are kept unless Settings say otherwise.
pub const DEFAULT_RECORDS_KEPT: u16 = 100;

/// The choices Settings offers for how many records are kept.
pub const RECORDS_KEPT: [u16; 5] = [20, 50, 100, 200, 500];

/// The port games hosted on this network are served on unless Settings say otherwise.
pub const DEFAULT_LAN_PORT: u16 = 3537;

/// The ICE servers as Settings edits them: the URLs, the TURN user name, its credential.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IceField {
    /// Every STUN and TURN URL, separated by spaces.
    Urls,
    /// The TURN user name.
    User,
    /// The TURN credential.
    Credential,
}

impl Preferences {
    /// `field` of the ICE servers as text (one credential serves every TURN URL: matchbox
    /// takes one configuration).
    pub fn ice_text(&self, field: IceField) -> String {
        match field {
            IceField::Urls => {
                self.ice.iter().flat_map(|s| s.urls.iter().cloned()).collect::<Vec<_>>().join(" ")
            }
            IceField::User => self.ice.iter().find_map(|s| s.username.clone()).unwrap_or_default(),
            IceField::Credential => {
                self.ice.iter().find_map(|s| s.credential.clone()).unwrap_or_default()
            }
        }
    }

    /// Sets `field` of the ICE servers from text: they become one server entry with every
    /// URL (none at all when there is no URL).
    pub fn set_ice_text(&mut self, field: IceField, text: &str) {
        let mut urls = self.ice_text(IceField::Urls);
        let mut user = self.ice_text(IceField::User);
        let mut credential = self.ice_text(IceField::Credential);
        match field {
            IceField::Urls => urls = text.to_string(),
            IceField::User => user = text.to_string(),
            IceField::Credential => credential = text.to_string(),
        }
        let urls: Vec<String> =
            urls.split([' ', ',']).filter(|u| !u.is_empty()).map(str::to_string).collect();
        let keep = |s: String| (!s.is_empty()).then_some(s);
        self.ice = if urls.is_empty() && user.is_empty() && credential.is_empty() {
            Vec::new()
        } else {
            vec![IceServer { urls, username: keep(user), credential: keep(credential) }]
        };
    }
}

/// The signaling server used until the player names another: one run on this machine.
pub const DEFAULT_SIGNALING: &str = "ws://127.0.0.1:3536";

impl Default for Preferences {
    fn default() -> Preferences {
        Preferences {
            names: core::array::from_fn(|i| format!("Player {}", i + 1)),
            volume: 7,
            fullscreen: false,
            signaling: default_signaling(),
            ice: Vec::new(),
            theme: BoardTheme::default(),
            lan_port: DEFAULT_LAN_PORT,
            records_kept: DEFAULT_RECORDS_KEPT,
            language: Language::English,
            haptics: true,
            digits: Digits::Western,
        }
    }
}

impl Preferences {
    /// A new player's settings: in `language`, the names too.
    pub fn new_in(language: Language) -> Preferences {
        let words = Words::new(language);
        Preferences {
            names: core::array::from_fn(|seat| default_name(&words, seat)),
            language,
            ..Preferences::default()
        }
    }
}

#[derive(Serialize, Deserialize)]
struct SettingsFile {
    format: u32,
    names: [String; 4],
    volume: u8,
    fullscreen: bool,
    #[serde(default = "default_signaling")]
    signaling: String,
    #[serde(default)]
    ice: Vec<IceServer>,
    #[serde(default)]
    theme: BoardTheme,
    #[serde(default = "default_lan_port")]
    lan_port: u16,
    #[serde(default = "default_records_kept")]
    records_kept: u16,
    /// The language's code (older files have none: the system's).
    #[serde(default)]
    language: Option<String>,
    #[serde(default = "haptics_on")]
    haptics: bool,
    /// `western` or `own` (older files have none: western).
    #[serde(default)]
    digits: Option<String>,
    setup: SetupFile,
}

/// The signaling server of a new player: on the desktop [`DEFAULT_SIGNALING`], in a page
/// the server that served it.
#[cfg(not(target_arch = "wasm32"))]
pub fn default_signaling() -> String {
    DEFAULT_SIGNALING.into()
}

/// The signaling server of a new player: on the desktop [`DEFAULT_SIGNALING`], in a page
/// the server that served it (`wss://` on an https page).
#[cfg(target_arch = "wasm32")]
pub fn default_signaling() -> String {
    let origin = web_sys::window().map(|w| w.location()).and_then(|location| {
        let scheme = if location.protocol().ok()? == "https:" { "wss" } else { "ws" };
        Some(format!("{scheme}://{}", location.host().ok()?))
    });
    origin.unwrap_or_else(|| DEFAULT_SIGNALING.into())
}

fn default_lan_port() -> u16 {
    DEFAULT_LAN_PORT
}

fn default_records_kept() -> u16 {
    DEFAULT_RECORDS_KEPT
}

fn haptics_on() -> bool {
    true
}

#[derive(Serialize, Deserialize)]
struct SetupFile {
    variant: String,
    mode: String,
    players: u8,
    board: String,
    shot_clock: u16,
    level: String,
    bots: [bool; 4],
    /// `carrom` or `draughts` (older files have none: carrom).
    #[serde(default)]
    game: Option<String>,
    /// Draughts: the computer's level.
    #[serde(default)]
    draughts_level: Option<String>,
    /// Draughts: `black` or `red`.
    #[serde(default)]
    draughts_colour: Option<String>,
    /// Draughts: `ballot` for a three-move ballot, `free` (older files have none: free).
    #[serde(default)]
    draughts_opening: Option<String>,
    /// Draughts against the computer: hints offered (older files have none: on).
    #[serde(default)]
    draughts_hints: Option<bool>,
    /// Seconds a player who drops is waited for (older files have none: the default).
    #[serde(default)]
    grace: Option<u16>,
}

impl SettingsFile {
    fn of(preferences: &Preferences, setup: &MatchSetup) -> SettingsFile {
        SettingsFile {
            format: FORMAT,
            names: preferences.names.clone(),
            volume: preferences.volume,
            fullscreen: preferences.fullscreen,
            signaling: preferences.signaling.clone(),
            ice: preferences.ice.clone(),
            theme: preferences.theme,
            lan_port: preferences.lan_port,
            records_kept: preferences.records_kept,
            language: Some(preferences.language.code().into()),
            haptics: preferences.haptics,
            digits: Some(preferences.digits.code().into()),
            setup: SetupFile {
                variant: setup.variant.name().into(),
                mode: setup.mode.name().into(),
                players: setup.players,
                board: setup.preset.name().into(),
                shot_clock: setup.shot_clock,
                level: setup.level.name().into(),
                bots: setup.bots,
                game: Some(game_name(setup.game).into()),
                draughts_level: Some(setup.draughts_level.name().into()),
                draughts_colour: Some(colour_name(setup.draughts_colour).into()),
                draughts_opening: Some(
                    if setup.draughts_ballot { "ballot" } else { "free" }.into(),
                ),
                draughts_hints: Some(setup.draughts_hints),
                grace: Some(setup.grace),
            },
        }
    }

    /// The settings in `bytes`; a file that names no language we speak gets `system`'s.
    fn parse(bytes: &[u8], system: Language) -> Result<(Preferences, MatchSetup), Unreadable> {
        let file: SettingsFile = Unreadable::versioned(bytes, FORMAT)?;
        let s = &file.setup;
        let variant = Variant::from_name(&s.variant)
            .ok_or_else(|| Unreadable::unknown("game type", &s.variant))?;
        let defaults = MatchSetup::default();
        let setup = MatchSetup {
            game: match s.game.as_deref() {
                None | Some("carrom") => GameType::Carrom,
                Some("draughts") => GameType::Draughts,
                Some(other) => return Err(Unreadable::unknown("game", other)),
            },
            draughts_level: match s.draughts_level.as_deref() {
                None => defaults.draughts_level,
                Some(name) => [Level::Easy, Level::Medium, Level::Hard]
                    .into_iter()
                    .find(|l| l.name() == name)
                    .ok_or_else(|| Unreadable::unknown("draughts level", name))?,
            },
            draughts_colour: match s.draughts_colour.as_deref() {
                None => defaults.draughts_colour,
                Some("black") => Colour::Black,
                Some("red") => Colour::Red,
                Some(other) => return Err(Unreadable::unknown("draughts colour", other)),
            },
            // An opening this version does not know reads as free and keeps the file.
            draughts_ballot: s.draughts_opening.as_deref() == Some("ballot"),
            draughts_hints: s.draughts_hints.unwrap_or(defaults.draughts_hints),
            variant,
            mode: Mode::from_name(&s.mode).ok_or_else(|| Unreadable::unknown("mode", &s.mode))?,
            players: if variant.allows(s.players) { s.players } else { 2 },
            preset: PresetId::from_name(&s.board)
                .ok_or_else(|| Unreadable::unknown("board", &s.board))?,
            shot_clock: s.shot_clock.min(600),
            level: BotLevel::from_name(&s.level)
                .ok_or_else(|| Unreadable::unknown("bot level", &s.level))?,
            bots: s.bots,
            grace: s.grace.map_or(defaults.grace, |g| {
                g.clamp(crate::net::hello::GRACE_RANGE.0, crate::net::hello::GRACE_RANGE.1)
            }),
        };
        let names = file.names.map(|n| n.chars().take(NAME_LENGTH).collect::<String>());
        let preferences = Preferences {
            names,
            volume: file.volume.min(MAX_VOLUME),
            fullscreen: file.fullscreen,
            signaling: file.signaling,
            ice: file.ice,
            theme: file.theme,
            lan_port: file.lan_port,
            records_kept: file.records_kept.max(1),
            language: file.language.as_deref().and_then(Language::from_code).unwrap_or(system),
            haptics: file.haptics,
            // Digits this version does not know are no reason to lose the rest.
            digits: file.digits.as_deref().and_then(Digits::from_code).unwrap_or_default(),
        };
        Ok((preferences, setup))
    }
}

/// The game's name in settings.json.
const fn game_name(game: GameType) -> &'static str {
    match game {
        GameType::Carrom => "carrom",
        GameType::Draughts => "draughts",
    }
}

/// A draughts colour's name in settings.json.
const fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "black",
        Colour::Red => "red",
    }
}

/// Loads the settings at start, saves them when they change, applies the display mode.
pub(super) struct PreferencesPlugin;

impl Plugin for PreferencesPlugin {
    fn build(&self, app: &mut App) {
        let (preferences, setup) = load(app.world_mut());
        app.insert_resource(Words::of(preferences.language, preferences.digits))
            .insert_resource(preferences)
            .insert_resource(setup)
            .add_systems(
                Update,
                (
                    apply_language.run_if(resource_changed::<Preferences>),
                    save.run_if(
                        resource_changed::<Preferences>.or_eager(resource_changed::<MatchSetup>),
                    ),
                    apply_display.run_if(resource_changed::<Preferences>),
                )
                    .chain(),
            );
        #[cfg(target_arch = "wasm32")]
        app.add_systems(Update, complete_words);
    }
}

fn load(world: &mut World) -> (Preferences, MatchSetup) {
    let system = world.get_resource::<SystemLanguage>().map_or_else(Language::of_system, |s| s.0);
    let path = world.resource::<Storage>().settings_file();
    let parse = |bytes: &[u8]| SettingsFile::parse(bytes, system);
    unreadable::load(world, &Words::new(system), path.as_deref(), "what-settings", parse)
        .unwrap_or_else(|| (Preferences::new_in(system), MatchSetup::default()))
}

fn save(
    preferences: Res<Preferences>,
    setup: Res<MatchSetup>,
    storage: Res<Storage>,
    mut notice: ResMut<Notice>,
    w: Res<Words>,
) {
    let Some(path) = storage.settings_file() else { return };
    let file = SettingsFile::of(&preferences, &setup);
    let written = serde_json::to_vec_pretty(&file)
        .map_err(std::io::Error::other)
        .and_then(|bytes| storage::write_atomic(&path, &bytes));
    if let Err(e) = written {
        let message = words::not_saved(&w, &path, &e);
        warn!("{message}");
        notice.0 = Some(message);
    }
}

/// A new language in Settings: its words, and the default names in it.
fn apply_language(mut words: ResMut<Words>, mut preferences: ResMut<Preferences>) {
    let (language, digits) = (preferences.language, preferences.digits);
    if words.language() == language && words.digits() == digits {
        return;
    }
    switch_words(&mut words, &mut preferences, Words::of(language, digits));
}

/// `words` become `new`, and the names that were the old words' defaults become the new
/// words' defaults.
fn switch_words(words: &mut Words, preferences: &mut ResMut<Preferences>, new: Words) {
    for (seat, name) in preferences.bypass_change_detection().names.iter_mut().enumerate() {
        if *name == default_name(words, seat) {
            *name = default_name(&new, seat);
        }
    }
    *words = new;
}

/// The page's words, once its language's own file has come (English stands in for it
/// until then, and for good if it cannot be fetched).
#[cfg(target_arch = "wasm32")]
fn complete_words(mut words: ResMut<Words>, mut preferences: ResMut<Preferences>) {
    use crate::client::words::fetched;
    if !words.awaiting() {
        return;
    }
    let language = words.language();
    if fetched::arrived(language).is_none() {
        fetched::fetch(language);
        return;
    }
    let digits = preferences.digits;
    switch_words(&mut words, &mut preferences, Words::of(language, digits));
}

/// The words of the language the settings in `world` name (while the client is built).
pub fn words_of(world: &World) -> Words {
    let preferences = world.get_resource::<Preferences>();
    let language = preferences.map_or_else(Language::default, |p| p.language);
    Words::of(language, preferences.map_or_else(Digits::default, |p| p.digits))
}

fn apply_display(
    preferences: Res<Preferences>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    for mut window in &mut windows {
        let mode = if preferences.fullscreen {
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        };
        if window.mode != mode {
            window.mode = mode;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_survive_a_round_trip() {
        let preferences = Preferences {
            volume: 3,
            fullscreen: true,
            language: Language::Urdu,
            haptics: false,
            digits: Digits::Own,
            ..Preferences::default()
        };
        let setup = MatchSetup {
            variant: Variant::Classic,
            players: 3,
            draughts_ballot: true,
            draughts_hints: false,
            ..MatchSetup::default()
        };
        let bytes = serde_json::to_vec(&SettingsFile::of(&preferences, &setup)).unwrap();
        let back = SettingsFile::parse(&bytes, Language::Greek).expect("readable");
        assert_eq!(back, (preferences, setup));
    }

    #[test]
    fn a_file_without_a_language_takes_the_systems() {
        let file = SettingsFile::of(&Preferences::default(), &MatchSetup::default());
        let mut json = serde_json::to_value(&file).unwrap();
        json.as_object_mut().unwrap().remove("language");
        let bytes = serde_json::to_vec(&json).unwrap();
        let (preferences, _) = SettingsFile::parse(&bytes, Language::Marathi).unwrap();
        assert_eq!(preferences.language, Language::Marathi);
        json["language"] = "xx".into();
        let bytes = serde_json::to_vec(&json).unwrap();
        let (preferences, _) = SettingsFile::parse(&bytes, Language::Hindi).unwrap();
        assert_eq!(preferences.language, Language::Hindi);
    }

    #[test]
    fn a_file_without_digits_or_with_unknown_ones_writes_numbers_in_western_digits() {
        let own = Preferences { digits: Digits::Own, ..Preferences::default() };
        let mut json =
            serde_json::to_value(SettingsFile::of(&own, &MatchSetup::default())).unwrap();
        json.as_object_mut().unwrap().remove("digits");
        let read = |json: &serde_json::Value| {
            SettingsFile::parse(&serde_json::to_vec(json).unwrap(), Language::Hindi).unwrap().0
        };
        assert_eq!(read(&json).digits, Digits::Western);
        json["digits"] = "roman".into();
        let kept = read(&json);
        assert_eq!((kept.digits, kept.volume), (Digits::Western, own.volume));
    }

    #[test]
    fn ck_16_a_file_without_an_opening_or_with_an_unknown_one_opens_free() {
        let setup = MatchSetup { draughts_ballot: true, ..MatchSetup::default() };
        let mut json =
            serde_json::to_value(SettingsFile::of(&Preferences::default(), &setup)).unwrap();
        let read = |json: &serde_json::Value| {
            SettingsFile::parse(&serde_json::to_vec(json).unwrap(), Language::Hindi).unwrap().1
        };
        assert!(read(&json).draughts_ballot);
        json["setup"].as_object_mut().unwrap().remove("draughts_opening");
        assert!(!read(&json).draughts_ballot);
        json["setup"]["draughts_opening"] = "eleven-man".into();
        assert!(!read(&json).draughts_ballot);
    }

    #[test]
    fn a_new_player_is_named_in_their_language() {
        let preferences = Preferences::new_in(Language::Greek);
        assert_eq!(preferences.language, Language::Greek);
        assert_eq!(preferences.names[1], "Παίκτης 2");
    }

    #[test]
    fn a_newer_format_is_refused_not_misread() {
        let mut file = SettingsFile::of(&Preferences::default(), &MatchSetup::default());
        file.format = 2;
        let bytes = serde_json::to_vec(&file).unwrap();
        let why = SettingsFile::parse(&bytes, Language::Greek).unwrap_err();
        assert!(matches!(why, Unreadable::OtherFormat { found: 2, reads: 1 }), "{why:?}");
    }
}
