//! The language tour (`carrom --language-test DIR`), for CI under Xvfb: in every language
//! in turn it shows Home, How to play and a match's HUD for carrom, then How to play and a
//! game for draughts, then Home telling of failures (typed errors from the network and
//! the storage layer), saves a screenshot of each ([`SHOTS`]), and checks what is on screen:
//! that the language's own words are shown, that every letter of every text has a glyph in
//! the built-in faces, that no text is cut off or overlaps, and where the HUD's turn panel
//! sits (on the right, mirrored to the left for Urdu), and which English words a failure's
//! notice holds. It prints one JSON line and quits.

use super::hands::{Hands, Screens};
use crate::client::carrom::hud::HudField;
use crate::client::checks::layout_audit::{Texts, problems};
use crate::client::checks::smoke::shoot;
use crate::client::draughts::DraughtsMatch;
use crate::client::flow::screen::Screen;
use crate::client::flow::setup::MatchSetup;
use crate::client::flow::{GameType, Mode};
use crate::client::hosts::local::LocalMatch;
use crate::client::persistence::preferences::Preferences;
use crate::client::persistence::unreadable::{SetAside, Unreadable};
use crate::client::ui::font::missing_glyphs;
use crate::client::ui::idle::StayAwake;
use crate::client::ui::{MenuPanel, Notice};
use crate::client::words::{self, Language, Words};
use crate::game::Phase;
use crate::net::connect_error::ConnectError;
use crate::net::unreached::Unreached;
use crate::rules::Variant;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use bevy::window::PrimaryWindow;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Frames to wait for a screen before giving up.
const PATIENCE: u32 = 900;

/// Frames a screen is given to lay out before it is looked at.
const SETTLE: u32 = 30;

/// What one screen showed.
#[derive(Serialize, Debug, Default)]
struct Seen {
    screen: &'static str,
    /// Texts on screen.
    texts: usize,
    /// The message the screen must show, in the language, was found on screen.
    found: bool,
    /// Letters drawn with no glyph.
    missing: Vec<String>,
    /// Texts cut off, outside the window or overlapping.
    problems: Vec<String>,
    /// Words of Latin letters in a failure's notice, paths aside (none but in English).
    latin: Vec<String>,
}

/// What one language showed.
#[derive(Serialize, Debug, Default)]
struct Toured {
    code: &'static str,
    screens: Vec<Seen>,
    /// Where the middle of the HUD's turn text is, as a share of the window's width.
    turn_x: f32,
    /// Where the middle of Home's menu panel is, as a share of the window's width.
    menu_x: f32,
    /// Where the middle of the draughts board is drawn, as a share of the window's width.
    board_x: f32,
}

/// Where the tour is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Home,
    HowToPlay,
    Match,
    DraughtsRules,
    Draughts,
    Failure,
}

/// The screenshots taken in each language, as `NAME-CODE.png`.
pub const SHOTS: [&str; 6] =
    ["home", "how-to-play", "hud", "how-to-play-draughts", "draughts", "failure"];

/// The tour's progress and findings.
#[derive(Resource, Debug)]
pub struct LanguageTour {
    dir: PathBuf,
    language: usize,
    step: Step,
    since: u32,
    toured: Vec<Toured>,
}

impl LanguageTour {
    /// A tour writing its screenshots into `dir`.
    pub fn new(dir: PathBuf) -> LanguageTour {
        LanguageTour { dir, language: 0, step: Step::Home, since: 0, toured: Vec::new() }
    }

    fn next(&mut self, step: Step) {
        self.step = step;
        self.since = 0;
    }
}

/// Drives the tour.
pub(in crate::client) struct LanguageTourPlugin;

impl Plugin for LanguageTourPlugin {
    fn build(&self, app: &mut App) {
        // It counts frames: it keeps the window drawing every one, as a busy player would.
        app.init_resource::<StayAwake>().add_systems(Last, tour);
    }
}

/// Everything the tour looks at on a screen.
fn look(screen: &'static str, shown: &str, window: &Window, texts: &Texts) -> Seen {
    let mut seen = Seen { screen, problems: problems(window, texts), ..default() };
    for text in texts.visible() {
        seen.texts += 1;
        seen.found |= text.0.contains(shown);
        seen.missing.extend(missing_glyphs(&text.0).into_iter().map(String::from));
    }
    seen
}

/// What the tour looks at: the window, its texts and HUD fields, the menu panel, the
/// camera, and the match on screen.
#[derive(SystemParam)]
struct Looked<'w, 's> {
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    texts: Texts<'w, 's>,
    fields: Query<'w, 's, (&'static HudField, &'static UiGlobalTransform)>,
    panels: Query<'w, 's, &'static UiGlobalTransform, With<MenuPanel>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera2d>>,
    local: Option<Res<'w, LocalMatch>>,
    draughts: Option<Res<'w, DraughtsMatch>>,
}

/// What the tour sets: the language, the game, and the notice Home shows.
#[derive(SystemParam)]
struct Set<'w> {
    preferences: ResMut<'w, Preferences>,
    setup: ResMut<'w, MatchSetup>,
    notice: ResMut<'w, Notice>,
}

fn tour(
    mut tour: ResMut<LanguageTour>,
    hands: Hands,
    screens: Screens,
    set: Set,
    w: Res<Words>,
    looked: Looked,
) {
    let Set { mut preferences, mut setup, mut notice } = set;
    let Hands { mut commands, mut buttons, mut exit, .. } = hands;
    let Screens { screen, mut next } = screens;
    let Looked { windows, texts, fields, panels, cameras, local, draughts } = looked;
    tour.since += 1;
    let Some(language) = Language::ALL.get(tour.language).copied() else {
        // Screenshots are written a few frames after they are asked for.
        let written = Language::ALL.iter().all(|l| {
            SHOTS.iter().all(|s| tour.dir.join(format!("{s}-{}.png", l.code())).is_file())
        });
        if written || tour.since > PATIENCE {
            println!("{}", serde_json::to_string(&tour.toured).unwrap_or_default());
            exit.write(AppExit::Success);
        }
        return;
    };
    let Ok(window) = windows.single() else { return };
    if tour.since > PATIENCE {
        error!("the language tour is stuck at {:?} in {}", tour.step, language.code());
        exit.write(AppExit::error());
        return;
    }
    let code = language.code();
    let ready = tour.since > SETTLE && w.language() == language;
    match tour.step {
        Step::Home if tour.since == 1 => {
            preferences.language = language;
            setup.game = GameType::Carrom;
            setup.choose_variant(Variant::Freestyle);
            setup.players = 2;
            setup.mode = Mode::PassAndPlay;
            next.set(Screen::Home);
            tour.toured.push(Toured { code, ..default() });
        }
        Step::Home if ready && *screen.get() == Screen::Home => {
            shoot(&mut commands, &tour.dir, &format!("home-{code}.png"));
            let seen = look("home", &w.get("home-play"), window, &texts);
            push(&mut tour, seen);
            let menu = panels.iter().next().map_or(-1.0, |at| share(at, window));
            if let Some(toured) = tour.toured.last_mut() {
                toured.menu_x = menu;
            }
            buttons.press("HowToPlay");
            tour.next(Step::HowToPlay);
        }
        Step::HowToPlay if tour.since > SETTLE && *screen.get() == Screen::HowToPlay => {
            shoot(&mut commands, &tour.dir, &format!("how-to-play-{code}.png"));
            let seen = look("how-to-play", &w.get("rules-common"), window, &texts);
            push(&mut tour, seen);
            next.set(Screen::Home);
            tour.next(Step::Match);
        }
        Step::Match if tour.since == 10 => {
            buttons.press("Play");
        }
        Step::Match
            if tour.since > SETTLE + 10
                && *screen.get() == Screen::Game
                && local.is_some_and(|l| l.current.phase() == Phase::Aim) =>
        {
            shoot(&mut commands, &tour.dir, &format!("hud-{code}.png"));
            let seen = look("hud", &w.get("hud-power"), window, &texts);
            push(&mut tour, seen);
            let turn = fields.iter().find(|(f, _)| **f == HudField::Turn);
            let x = turn.map_or(-1.0, |(_, at)| share(at, window));
            if let Some(toured) = tour.toured.last_mut() {
                toured.turn_x = x;
            }
            setup.game = GameType::Draughts;
            next.set(Screen::Home);
            tour.next(Step::DraughtsRules);
        }
        Step::DraughtsRules if tour.since == 10 => {
            buttons.press("HowToPlay");
        }
        Step::DraughtsRules if tour.since > SETTLE + 10 && *screen.get() == Screen::HowToPlay => {
            shoot(&mut commands, &tour.dir, &format!("how-to-play-draughts-{code}.png"));
            let seen = look("how-to-play-draughts", &w.get("rules-draughts"), window, &texts);
            push(&mut tour, seen);
            next.set(Screen::Home);
            tour.next(Step::Draughts);
        }
        Step::Draughts if tour.since == 10 => {
            buttons.press("Play");
        }
        Step::Draughts
            if tour.since > SETTLE + 10 && *screen.get() == Screen::Game && draughts.is_some() =>
        {
            shoot(&mut commands, &tour.dir, &format!("draughts-{code}.png"));
            let seen = look("draughts", &w.get("draughts-take-back"), window, &texts);
            push(&mut tour, seen);
            let middle = cameras
                .iter()
                .find_map(|(camera, eye)| camera.world_to_viewport(eye, Vec3::ZERO).ok());
            if let Some(toured) = tour.toured.last_mut() {
                toured.board_x = middle.map_or(-1.0, |at| at.x / window.width());
            }
            notice.0 = Some(failures(&w));
            next.set(Screen::Home);
            tour.next(Step::Failure);
        }
        Step::Failure if ready && *screen.get() == Screen::Home => {
            shoot(&mut commands, &tour.dir, &format!("failure-{code}.png"));
            let unreachable = ConnectError::Unreachable(Unreached::Refused);
            let mut seen = look("failure", &words::connect_error(&w, &unreachable), window, &texts);
            seen.latin = latin(notice.0.as_deref().unwrap_or_default());
            push(&mut tour, seen);
            notice.0 = None;
            tour.language += 1;
            tour.next(Step::Home);
        }
        _ => {}
    }
}

/// Failures the tests provoke, each a typed error said in the player's words, a line
/// each: the signaling server unreachable, a full room, a file that could not be written
/// and one that could not be read.
fn failures(w: &Words) -> String {
    let home = Path::new("/home/asha/.local/share/carrom");
    let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
    let set_aside = SetAside {
        why: Unreadable::OtherFormat { found: 9, reads: 1 },
        kept: Ok(home.join("match.json.corrupt-1")),
    };
    [
        words::connect_error(w, &ConnectError::Unreachable(Unreached::Refused)),
        words::connect_error(w, &ConnectError::RoomFull),
        words::not_saved(w, &home.join("settings.json"), &denied),
        words::unreadable(w, "what-saved-match", &set_aside),
    ]
    .join("\n")
}

/// The words of two or more Latin letters in `notice`, paths aside.
fn latin(notice: &str) -> Vec<String> {
    notice
        .split(|c: char| c.is_whitespace() || "()“”\"'،؛:;,".contains(c))
        .filter(|word| !word.contains('/'))
        .filter(|word| word.chars().filter(char::is_ascii_alphabetic).count() > 1)
        .map(String::from)
        .collect()
}

/// Where `at` is across the window, 0 at the left edge and 1 at the right.
fn share(at: &UiGlobalTransform, window: &Window) -> f32 {
    at.translation.x / window.physical_width() as f32
}

fn push(tour: &mut LanguageTour, seen: Seen) {
    if let Some(toured) = tour.toured.last_mut() {
        toured.screens.push(seen);
    }
}
