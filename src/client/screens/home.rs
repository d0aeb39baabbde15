//! Home: choose the game type, the mode, players, board and shot clock (and the bot's
//! seats and strength in vs Bot), then play; or resume the saved match, read How to play,
//! change Settings, quit.

use crate::bot::BotLevel;
use crate::client::draughts::{DraughtsStart, start_draughts};
use crate::client::flow::setup::{
    GRACE_PERIODS, SHOT_CLOCKS, colour_message, draughts_level_message, level_message,
    preset_message, variant_message,
};
use crate::client::flow::{GameType, MatchHost, MatchSetup, Mode, Screen};
use crate::client::hosts::lobby::JoinRequest;
use crate::client::hosts::{FixedSeed, LocalMatch, NoRandomness, next_seed, start_local};
use crate::client::persistence::preferences::Preferences;
use crate::client::persistence::rejoin::RejoinFile;
use crate::client::persistence::saved_draughts::{DraughtsScores, SavedDraughts};
use crate::client::persistence::saved_match::SavedMatch;
use crate::client::ui::scrolling::ScrollingPage;
use crate::client::ui::{self, MenuSet, Notice, Orientation, Pressed, palette};
use crate::client::words::{Arg, Words};
use crate::draughts::Colour;
use crate::draughts::Position;
use crate::draughts::ballot::{Ballot, BallotError};
use crate::draughts::level::Level;
use crate::draughts::pdn::read_fen;
use crate::rules::Variant;
use crate::sim::PresetId;
use bevy::ecs::system::SystemParam;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

#[derive(Component)]
struct HomeRoot;

/// What Home's menu shows: the choices made, the games kept from before, what is being
/// typed, any notice, the player's preferences and the words.
#[derive(SystemParam)]
struct Shown<'w> {
    setup: Res<'w, MatchSetup>,
    saved: Res<'w, SavedMatch>,
    saved_draughts: Res<'w, SavedDraughts>,
    scores: Res<'w, DraughtsScores>,
    rejoin: Res<'w, RejoinFile>,
    notice: Res<'w, Notice>,
    code: Res<'w, CodeEntry>,
    fen: Res<'w, FenEntry>,
    preferences: Res<'w, Preferences>,
    w: Res<'w, Words>,
}

/// How far Home's menu is scrolled (logical pixels): kept when the menu is built again
/// after a choice, so a finger that scrolled down to choose is not sent back to the top.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
struct HomeScrolled(f32);

/// The invite code being typed on Home (online).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct CodeEntry {
    /// What has been typed.
    pub text: String,
    /// Keys go into the code.
    pub typing: bool,
}

/// A draughts position (FEN) being typed on Home, to start from.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct FenEntry {
    /// What has been typed.
    pub text: String,
    /// Keys go into the FEN.
    pub typing: bool,
}

/// The Home screen.
pub(super) struct HomePlugin;

impl Plugin for HomePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<CodeEntry>()
            .init_resource::<FenEntry>()
            .init_resource::<HomeScrolled>()
            .add_systems(OnExit(Screen::Home), |mut s: ResMut<HomeScrolled>| *s = default())
            .add_systems(OnEnter(Screen::Home), spawn)
            .add_systems(
                Update,
                (
                    type_code.before(MenuSet),
                    (
                        remember_scroll,
                        rebuild.run_if(
                            resource_changed::<MatchSetup>
                                .or_eager(resource_changed::<Orientation>)
                                .or_eager(resource_changed::<Notice>)
                                .or_eager(resource_changed::<CodeEntry>)
                                .or_eager(resource_changed::<FenEntry>)
                                .or_eager(resource_changed::<Words>),
                        ),
                    )
                        .chain()
                        .after(MenuSet),
                )
                    .run_if(in_state(Screen::Home)),
            );
    }
}

fn spawn(
    mut commands: Commands,
    shown: Shown,
    orientation: Res<Orientation>,
    scrolled: Res<HomeScrolled>,
) {
    let mut order = 0u16;
    let mut next = || {
        order += 1;
        order
    };
    let upright = *orientation == Orientation::Portrait;
    let screen = (
        HomeRoot,
        DespawnOnExit(Screen::Home),
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: if upright { FlexDirection::Column } else { FlexDirection::Row },
            // Upright, the menu stands under the board, across the whole width.
            justify_content: if upright {
                JustifyContent::FlexEnd
            } else {
                JustifyContent::Default
            },
            align_items: if upright { AlignItems::Stretch } else { AlignItems::Center },
            padding: if upright { UiRect::ZERO } else { UiRect::left(percent(2)) },
            ..default()
        },
    );
    commands.spawn(screen).with_children(|page| {
        page.spawn(menu_panel(upright, scrolled.0))
            .with_children(|root| home_menu(root, &shown, &mut next));
    });
}

/// The panel the menu sits in, the board's match showing beside it (above it, upright);
/// scrolled `scrolled` logical pixels down, when it is taller than its room.
fn menu_panel(upright: bool, scrolled: f32) -> impl Bundle {
    let corner = px(12);
    (
        ui::MenuPanel,
        ScrollingPage,
        ScrollPosition(Vec2::new(0.0, scrolled)),
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::FlexStart,
            padding: if upright { UiRect::all(px(12)) } else { UiRect::axes(px(24), px(18)) },
            row_gap: px(4),
            max_width: percent(if upright { 100 } else { 62 }),
            max_height: percent(if upright { 72 } else { 100 }),
            overflow: Overflow::scroll_y(),
            border_radius: if upright {
                BorderRadius { top_left: corner, top_right: corner, ..default() }
            } else {
                BorderRadius::all(corner)
            },
            ..default()
        },
        BackgroundColor(palette::PANEL),
    )
}

/// Keeps how far the menu is scrolled, for when it is built again.
fn remember_scroll(
    panels: Query<&ScrollPosition, With<ui::MenuPanel>>,
    mut scrolled: ResMut<HomeScrolled>,
) {
    if let Some(at) = panels.iter().next()
        && scrolled.0 != at.y
    {
        scrolled.0 = at.y;
    }
}

/// A row of options under its label, left-aligned in the panel.
fn option_row() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        flex_wrap: FlexWrap::Wrap,
        ..default()
    }
}

/// An option's name, in a column of its own so the options line up.
fn option_label(label: &str) -> impl Bundle + use<> {
    (ui::text(label.to_string(), 16.0, palette::DIM), Node { width: px(96), ..default() })
}

/// Everything on Home's menu.
fn home_menu(root: &mut ChildSpawnerCommands, shown: &Shown, next: &mut impl FnMut() -> u16) {
    let Shown { setup, saved, saved_draughts, scores, rejoin, notice, code, fen, preferences, w } =
        shown;
    let (setup, w): (&MatchSetup, &Words) = (setup, w);
    let choices = |label: &str| (option_row(), children![option_label(&w.get(label))]);
    let button =
        |id: &str, name: &'static str, order, chosen| ui::button(w.get(id), name, order, chosen);
    {
        root.spawn(ui::heading(w.get("home-title"), 60.0, palette::ACCENT));
        root.spawn(ui::text(w.get("home-tagline"), 18.0, palette::DIM));
        root.spawn(choices("home-game")).with_children(|row| {
            for variant in Variant::ALL {
                let label = w.get(variant_message(variant));
                let chosen = setup.game == GameType::Carrom && setup.variant == variant;
                let name = format!("Variant({variant:?})");
                row.spawn(ui::button(label, name, next(), chosen))
                    .observe(sets(move |setup| setup.choose_variant(variant)));
            }
            let draughts = setup.game == GameType::Draughts;
            row.spawn(button("game-draughts", "Draughts", next(), draughts))
                .observe(sets(|setup| setup.game = GameType::Draughts));
        });
        root.spawn(choices("home-mode")).with_children(|row| {
            for mode in Mode::ALL {
                let label = w.get(mode.message());
                row.spawn(ui::button(label, format!("Mode({mode:?})"), next(), setup.mode == mode))
                    .observe(sets(move |setup| setup.mode = mode));
            }
        });
        if setup.game == GameType::Draughts {
            draughts_options(root, w, setup, next);
            let empty =
                if setup.draughts_ballot { "home-ballot-by-lot" } else { "home-standard-start" };
            root.spawn(option_row()).with_children(|row| {
                let shown = ui::shown(&fen.text, fen.typing, &w.get(empty));
                row.spawn(option_label(&w.get("home-start-from")));
                row.spawn(ui::text_field(shown, "EditFen", next(), fen.typing))
                    .observe(|_: On<Pressed>, mut fen: ResMut<FenEntry>| fen.typing = !fen.typing);
            });
            root.spawn(ui::text(score_line(w, setup, scores), 16.0, palette::DIM));
        } else {
            root.spawn(choices("home-players")).with_children(|row| {
                for n in setup.player_counts() {
                    let chosen = setup.players == n;
                    row.spawn(ui::button(w.number(n), format!("Players({n})"), next(), chosen))
                        .observe(sets(move |setup| setup.players = n));
                }
            });
            if setup.mode == Mode::VsBot {
                root.spawn(choices("home-bot")).with_children(|row| {
                    for level in BotLevel::ALL {
                        let chosen = setup.level == level;
                        let label = w.get(level_message(level));
                        row.spawn(ui::button(label, format!("Level({level:?})"), next(), chosen))
                            .observe(sets(move |setup| setup.level = level));
                    }
                });
                root.spawn(choices("home-seats")).with_children(|row| {
                    row.spawn(ui::text(w.get("home-seat-you"), 18.0, palette::TEXT));
                    for p in 1..setup.players {
                        let bot = setup.bots[p as usize];
                        let id = if bot { "home-seat-bot" } else { "home-seat-person" };
                        let label = w.with(id, &[("number", Arg::from(p + 1))]);
                        row.spawn(ui::button(label, format!("ToggleBot({p})"), next(), bot))
                            .observe(sets(move |setup| {
                                if let Some(bot) = setup.bots.get_mut(p as usize) {
                                    *bot = !*bot;
                                }
                            }));
                    }
                });
            }
            root.spawn(choices("home-board")).with_children(|row| {
                for preset in [PresetId::Standard, PresetId::Icf] {
                    let chosen = setup.preset == preset;
                    let label = w.get(preset_message(preset));
                    row.spawn(ui::button(label, format!("Preset({preset:?})"), next(), chosen))
                        .observe(sets(move |setup| setup.preset = preset));
                }
            });
            root.spawn(choices("home-shot-clock")).with_children(|row| {
                for seconds in SHOT_CLOCKS {
                    let label = if seconds == 0 {
                        w.get("home-off")
                    } else {
                        w.with("seconds", &[("seconds", seconds.into())])
                    };
                    let chosen = setup.shot_clock == seconds;
                    let name = format!("ShotClock({seconds})");
                    row.spawn(ui::button(label, name, next(), chosen))
                        .observe(sets(move |setup| setup.shot_clock = seconds));
                }
            });
        }
        if matches!(setup.mode, Mode::Online | Mode::Lan) {
            root.spawn(choices("home-grace")).with_children(|row| {
                for seconds in GRACE_PERIODS {
                    let chosen = setup.grace == seconds;
                    let label = w.with("seconds", &[("seconds", seconds.into())]);
                    row.spawn(ui::button(label, format!("Grace({seconds})"), next(), chosen))
                        .observe(sets(move |setup| setup.grace = seconds));
                }
            });
        }
        if setup.mode == Mode::Online {
            root.spawn(option_row()).with_children(|row| {
                row.spawn(button("home-create", "CreateMatch", next(), false))
                    .observe(asks(|| JoinRequest::Create));
                row.spawn(ui::button(quick_label(w, setup), "QuickMatch", next(), false))
                    .observe(asks(|| JoinRequest::Quick));
            });
            root.spawn(option_row()).with_children(|row| {
                let shown = ui::shown(&code.text, code.typing, &w.get("home-type-code"));
                row.spawn(option_label(&w.get("home-invite-code")));
                row.spawn(ui::text_field(shown, "EditCode", next(), code.typing)).observe(
                    |_: On<Pressed>, mut code: ResMut<CodeEntry>| code.typing = !code.typing,
                );
                row.spawn(button("home-join", "JoinCode", next(), false))
                    .observe(with_code(JoinRequest::Code));
                row.spawn(button("home-watch", "WatchCode", next(), false))
                    .observe(with_code(JoinRequest::Watch));
            });
            let server = w.with("home-server", &[("server", preferences.signaling.clone().into())]);
            root.spawn(ui::text(server, 14.0, palette::DIM));
        }
        if setup.mode == Mode::Lan && cfg!(target_arch = "wasm32") {
            root.spawn(ui::text(w.get("lan-desktop-only"), 16.0, palette::WARN));
        } else if setup.mode == Mode::Lan {
            root.spawn(option_row()).with_children(|row| {
                let protocol = crate::net::PROTOCOL_VERSION;
                row.spawn(button("home-host-lan", "HostLan", next(), false))
                    .observe(asks(move || JoinRequest::LanHost { protocol }));
                row.spawn(button("home-join-lan", "FindLanGames", next(), false))
                    .observe(ui::opens(Screen::LanGames));
            });
            root.spawn(ui::text(w.get("home-lan-how"), 14.0, palette::DIM));
        }
        root.spawn(option_row()).with_children(|row| {
            if let Some(ticket) = &rejoin.found {
                let label = match &ticket.code {
                    Some(code) => w.with("home-rejoin-code", &[("code", code.clone().into())]),
                    None => w.get("home-rejoin"),
                };
                row.spawn(ui::button(label, "Rejoin", next(), true)).observe(take_seat_back);
            }
            if !matches!(setup.mode, Mode::Online | Mode::Lan) {
                row.spawn(button("home-play", "Play", next(), false)).observe(play);
            }
            if let Some(saved) = &saved.0 {
                let game = w.get(variant_message(saved.current.settings().variant()));
                let label = w.with("home-resume", &[("game", game.into())]);
                row.spawn(ui::button(label, "Resume", next(), false)).observe(resume);
            }
            if saved_draughts.0.is_some() {
                row.spawn(button("home-resume-draughts", "ResumeDraughts", next(), false))
                    .observe(resume_draughts);
            }
            row.spawn(button("home-how-to-play", "HowToPlay", next(), false))
                .observe(ui::opens(Screen::HowToPlay));
            row.spawn(button("home-replays", "Replays", next(), false))
                .observe(ui::opens(Screen::Replays));
            row.spawn(button("home-settings", "Settings", next(), false))
                .observe(ui::opens(Screen::Settings));
            // A page is closed by its browser, not by the game.
            if cfg!(not(target_arch = "wasm32")) {
                row.spawn(button("home-quit", "Quit", next(), false)).observe(
                    |_: On<Pressed>, mut exit: MessageWriter<AppExit>| {
                        exit.write(AppExit::Success);
                    },
                );
            }
        });
        if let Some(message) = &notice.0 {
            root.spawn(ui::text(message.clone(), 16.0, palette::WARN));
        }
        root.spawn(ui::text(w.get("home-keys"), 14.0, palette::DIM));
    }
}

fn rebuild(
    mut commands: Commands,
    roots: Query<Entity, With<HomeRoot>>,
    shown: Shown,
    orientation: Res<Orientation>,
    scrolled: Res<HomeScrolled>,
) {
    for root in &roots {
        commands.entity(root).despawn();
    }
    spawn(commands, shown, orientation, scrolled);
}

/// Typing the invite code or a FEN (Enter or Esc to finish; a pasted link works too).
fn type_code(
    mut typed: MessageReader<KeyboardInput>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut code: ResMut<CodeEntry>,
    mut fen: ResMut<FenEntry>,
) {
    if !code.typing && !fen.typing {
        typed.clear();
        return;
    }
    let (code, fen) = (&mut *code, &mut *fen);
    let (text, typing, limit) = if code.typing {
        (&mut code.text, &mut code.typing, 40)
    } else {
        (&mut fen.text, &mut fen.typing, 120)
    };
    let upper = |c: char| c.is_ascii_graphic().then(|| c.to_ascii_uppercase());
    for key in typed.read() {
        if ui::type_into(text, key, limit, upper) != ui::Typed::Edited {
            *typing = false;
        }
    }
    keys.clear_just_pressed(KeyCode::Enter);
    keys.clear_just_pressed(KeyCode::NumpadEnter);
    keys.clear_just_pressed(KeyCode::Escape);
}

/// What a button that changes the match's setup does.
fn sets(
    change: impl Fn(&mut MatchSetup) + Send + Sync + 'static,
) -> impl Fn(On<Pressed>, ResMut<MatchSetup>) + Send + Sync + 'static {
    move |_, mut setup| change(&mut setup)
}

/// What a button that asks the lobby for a room does.
fn asks(
    request: impl Fn() -> JoinRequest + Send + Sync + 'static,
) -> impl Fn(On<Pressed>, Commands, ResMut<NextState<Screen>>) + Send + Sync + 'static {
    move |_, mut commands, mut next| {
        commands.insert_resource(request());
        next.set(Screen::Lobby);
    }
}

/// What a button that joins or watches the room of the code typed does.
fn with_code(
    request: fn(String) -> JoinRequest,
) -> impl Fn(On<Pressed>, Commands, ResMut<CodeEntry>, ResMut<NextState<Screen>>) + Send + Sync {
    move |_, mut commands, mut code, mut next| {
        code.typing = false;
        commands.insert_resource(request(code.text.clone()));
        next.set(Screen::Lobby);
    }
}

/// The states a match starts in: the screen, its host and its game.
#[derive(SystemParam)]
struct Start<'w> {
    screen: ResMut<'w, NextState<Screen>>,
    host: ResMut<'w, NextState<MatchHost>>,
    game: ResMut<'w, NextState<GameType>>,
}

/// Where a match's seed comes from, and where a failure to start is said.
#[derive(SystemParam)]
struct Seeding<'w> {
    seed: Option<Res<'w, FixedSeed>>,
    notice: ResMut<'w, Notice>,
    w: Res<'w, Words>,
}

/// Play: the game chosen, on this machine.
fn play(
    _: On<Pressed>,
    mut commands: Commands,
    setup: Res<MatchSetup>,
    preferences: Res<Preferences>,
    fen: Res<FenEntry>,
    mut seeding: Seeding,
    mut start: Start,
) {
    let w = &seeding.w;
    let seeded = next_seed(seeding.seed.as_deref()).map_err(|e| no_randomness(w, e));
    if setup.game == GameType::Carrom {
        match seeded {
            Ok(seed) => {
                let local = LocalMatch::new(&setup, &preferences.names, seed);
                start.game.set(GameType::Carrom);
                start_local(&mut commands, local, &mut start.screen, &mut start.host);
            }
            Err(said) => seeding.notice.0 = Some(said),
        }
        return;
    }
    let chosen =
        seeded.and_then(|seed| Ok((opening(w, &fen.text, setup.draughts_ballot, seed)?, seed)));
    match chosen {
        Ok(((position, ballot), seed)) => {
            let chosen = DraughtsStart { setup: &setup, start: position, ballot, seed };
            let (screen, host, game) = (&mut start.screen, &mut start.host, &mut start.game);
            start_draughts(&mut commands, chosen, &preferences.names, screen, host, game);
        }
        Err(said) => seeding.notice.0 = Some(said),
    }
}

/// Where a draughts game on this machine starts: the start field holds a FEN, a ballot's
/// number, or nothing (the standard start, or a ballot drawn by `seed` when the opening
/// is balloted: CK-16).
fn opening(
    w: &Words,
    text: &str,
    balloted: bool,
    seed: u64,
) -> Result<(Position, Option<Ballot>), String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok((Position::START, balloted.then(|| Ballot::drawn(seed))));
    }
    if let Ok(number) = text.parse::<u32>() {
        return match Ballot::number(number) {
            Ok(ballot) => Ok((Position::START, Some(ballot))),
            Err(BallotError::Barred(_)) => {
                Err(w.with("home-barred-ballot", &[("number", number.to_string().into())]))
            }
            Err(BallotError::NotOnTheList(_)) => {
                Err(w.with("home-no-such-ballot", &[("number", number.to_string().into())]))
            }
        };
    }
    let position = read_fen(text)
        .map_err(|e| w.with("home-bad-position", &[("why", e.to_string().into())]))?;
    Ok((position, None))
}

/// Resume: the carrom match kept for later.
fn resume(_: On<Pressed>, mut commands: Commands, mut saved: ResMut<SavedMatch>, mut start: Start) {
    if let Some(local) = saved.0.take() {
        start.game.set(GameType::Carrom);
        start_local(&mut commands, local, &mut start.screen, &mut start.host);
    }
}

/// Resume: the draughts game kept for later.
fn resume_draughts(
    _: On<Pressed>,
    mut commands: Commands,
    mut saved: ResMut<SavedDraughts>,
    mut start: Start,
) {
    if let Some(table) = saved.0.take() {
        commands.insert_resource(table);
        start.game.set(GameType::Draughts);
        start.host.set(MatchHost::Local);
        start.screen.set(Screen::Game);
    }
}

/// Rejoin: this machine's seat in the match it dropped out of.
fn take_seat_back(
    _: On<Pressed>,
    mut commands: Commands,
    rejoin: Res<RejoinFile>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(ticket) = rejoin.found.clone() {
        commands.insert_resource(JoinRequest::Rejoin(Box::new(ticket)));
        next.set(Screen::Lobby);
    }
}

/// Why no match could start: the system gave no randomness for its seed.
fn no_randomness(w: &Words, e: NoRandomness) -> String {
    w.with("home-no-randomness", &[("why", e.0.into())])
}

/// Draughts' options on Home: the computer's level (vs the computer) and the colour.
fn draughts_options(
    root: &mut ChildSpawnerCommands,
    w: &Words,
    setup: &MatchSetup,
    next: &mut impl FnMut() -> u16,
) {
    let choices = |label: &str| (option_row(), children![option_label(&w.get(label))]);
    if setup.mode == Mode::VsBot {
        root.spawn(choices("home-computer")).with_children(|row| {
            for level in [Level::Easy, Level::Medium, Level::Hard] {
                let chosen = setup.draughts_level == level;
                let label = w.get(draughts_level_message(level));
                let name = format!("DraughtsLevel({level:?})");
                // Hard is met unaided unless the player turns hints back on.
                row.spawn(ui::button(label, name, next(), chosen)).observe(sets(move |setup| {
                    setup.draughts_level = level;
                    setup.draughts_hints = level != Level::Hard;
                }));
            }
        });
        root.spawn(choices("home-hints")).with_children(|row| {
            for (on, id, name) in [(true, "home-on", "HintsOn"), (false, "home-off", "HintsOff")] {
                let chosen = setup.draughts_hints == on;
                row.spawn(ui::button(w.get(id), name, next(), chosen))
                    .observe(sets(move |setup| setup.draughts_hints = on));
            }
        });
    }
    root.spawn(choices("home-opening")).with_children(|row| {
        for (balloted, id, name) in [
            (false, "home-opening-free", "OpeningFree"),
            (true, "home-opening-ballot", "OpeningBallot"),
        ] {
            let chosen = setup.draughts_ballot == balloted;
            row.spawn(ui::button(w.get(id), name, next(), chosen))
                .observe(sets(move |setup| setup.draughts_ballot = balloted));
        }
    });
    root.spawn(choices("home-you-play")).with_children(|row| {
        for colour in [Colour::Black, Colour::Red] {
            let chosen = setup.draughts_colour == colour;
            let id = match colour {
                Colour::Black => "home-moves-first",
                Colour::Red => "home-moves-second",
            };
            let label = w.with(id, &[("colour", w.get(colour_message(colour)).into())]);
            let name = format!("DraughtsColour({colour:?})");
            row.spawn(ui::button(label, name, next(), chosen))
                .observe(sets(move |setup| setup.draughts_colour = colour));
        }
    });
}

/// The running score for the draughts game chosen (CK-14).
fn score_line(w: &Words, setup: &MatchSetup, scores: &DraughtsScores) -> String {
    match setup.mode {
        Mode::VsBot => {
            let level = setup.draughts_level;
            let t = scores.computer.get(level.name()).copied().unwrap_or_default();
            w.with(
                "home-score-computer",
                &[
                    ("level", w.get(draughts_level_message(level)).into()),
                    ("won", t.won.into()),
                    ("lost", t.lost.into()),
                    ("drawn", t.drawn.into()),
                ],
            )
        }
        _ => {
            let games: Vec<String> = scores
                .people
                .iter()
                .map(|(who, t)| {
                    w.with(
                        "home-score-people",
                        &[
                            ("names", who.clone().into()),
                            ("won", t.won.into()),
                            ("lost", t.lost.into()),
                            ("drawn", t.drawn.into()),
                        ],
                    )
                })
                .collect();
            if games.is_empty() { w.get("home-no-games") } else { games.join("   ") }
        }
    }
}

/// The game the quick-match queue would find, in words.
fn quick_label(w: &Words, setup: &MatchSetup) -> String {
    match setup.game {
        GameType::Draughts => w.with("home-quick", &[("game", w.get("game-draughts").into())]),
        GameType::Carrom => w.with(
            "home-quick-carrom",
            &[
                ("game", w.get(variant_message(setup.variant)).into()),
                ("players", setup.players.into()),
            ],
        ),
    }
}
