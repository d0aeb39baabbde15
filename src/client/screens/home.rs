//! Home: choose the game type, the mode, players, board and shot clock (and the bot's
//! seats and strength in vs Bot), then play; or resume the saved match, read How to play,
//! change Settings, quit.

use crate::bot::BotLevel;
use crate::checkers::Colour;
use crate::checkers::Position;
use crate::checkers::level::Level;
use crate::checkers::pdn::read_fen;
use crate::client::draughts::{DraughtsStart, start_draughts};
use crate::client::flow::setup::{
    GRACE_PERIODS, SHOT_CLOCKS, colour_label, draughts_level_label, level_label, preset_label,
    variant_label,
};
use crate::client::flow::{GameType, MatchHost, MatchSetup, Mode, Screen};
use crate::client::hosts::lobby::JoinRequest;
use crate::client::hosts::{FixedSeed, LocalMatch, next_seed, start_local};
use crate::client::persistence::preferences::Preferences;
use crate::client::persistence::rejoin::RejoinFile;
use crate::client::persistence::saved_draughts::{DraughtsScores, SavedDraughts};
use crate::client::persistence::saved_match::SavedMatch;
use crate::client::ui::{self, Action, MenuSet, Notice, palette};
use crate::rules::Variant;
use crate::sim::PresetId;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

#[derive(Component)]
struct HomeRoot;

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
            .add_systems(OnEnter(Screen::Home), spawn)
            .add_systems(
                Update,
                (
                    type_code.before(MenuSet),
                    (
                        act,
                        rebuild.run_if(
                            resource_changed::<MatchSetup>
                                .or_eager(resource_changed::<Notice>)
                                .or_eager(resource_changed::<CodeEntry>)
                                .or_eager(resource_changed::<FenEntry>),
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
    setup: Res<MatchSetup>,
    kept: (Res<SavedMatch>, Res<SavedDraughts>, Res<DraughtsScores>, Res<RejoinFile>),
    notice: Res<Notice>,
    entries: (Res<CodeEntry>, Res<FenEntry>),
    preferences: Res<Preferences>,
) {
    let (saved, saved_draughts, scores, rejoin) = kept;
    let kept_games = (&*saved, &*saved_draughts, &*scores, &*rejoin);
    let entries = (&*entries.0, &*entries.1);
    let mut order = 0u16;
    let mut next = || {
        order += 1;
        order
    };
    let screen = (
        HomeRoot,
        DespawnOnExit(Screen::Home),
        Node {
            width: percent(100),
            height: percent(100),
            align_items: AlignItems::Center,
            padding: UiRect::left(percent(2)),
            ..default()
        },
    );
    commands.spawn(screen).with_children(|page| {
        page.spawn(menu_panel()).with_children(|root| {
            home_menu(root, &setup, kept_games, &notice, entries, &preferences, &mut next)
        });
    });
}

/// The panel the menu sits in, the board's match showing beside it.
fn menu_panel() -> impl Bundle {
    (
        ui::MenuPanel,
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::FlexStart,
            padding: UiRect::axes(px(24), px(18)),
            row_gap: px(4),
            max_width: percent(62),
            max_height: percent(100),
            border_radius: BorderRadius::all(px(12)),
            ..default()
        },
        BackgroundColor(palette::PANEL),
    )
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
#[allow(clippy::too_many_arguments)]
fn home_menu(
    root: &mut ChildSpawnerCommands,
    setup: &MatchSetup,
    (saved, saved_draughts, scores, rejoin): (
        &SavedMatch,
        &SavedDraughts,
        &DraughtsScores,
        &RejoinFile,
    ),
    notice: &Notice,
    (code, fen): (&CodeEntry, &FenEntry),
    preferences: &Preferences,
    next: &mut impl FnMut() -> u16,
) {
    let choices = |label: &str| (option_row(), children![option_label(label)]);
    {
        root.spawn(ui::heading("carrom", 60.0, palette::ACCENT));
        root.spawn(ui::text("Flick the striker, pocket the pieces.", 18.0, palette::DIM));
        root.spawn(choices("Game")).with_children(|row| {
            for variant in Variant::ALL {
                let label = variant_label(variant);
                let chosen = setup.game == GameType::Carrom && setup.variant == variant;
                row.spawn(ui::button(label, Action::Variant(variant), next(), chosen));
            }
            let draughts = setup.game == GameType::Draughts;
            row.spawn(ui::button("Checkers", Action::Draughts, next(), draughts));
        });
        root.spawn(choices("Mode")).with_children(|row| {
            for mode in Mode::ALL {
                row.spawn(ui::button(mode.label(), Action::Mode(mode), next(), setup.mode == mode));
            }
        });
        if setup.game == GameType::Draughts {
            draughts_options(root, setup, next);
            root.spawn(option_row()).with_children(|row| {
                let shown = ui::shown(&fen.text, fen.typing, "the standard start");
                row.spawn(option_label("Start from"));
                row.spawn(ui::button(shown, Action::EditFen, next(), fen.typing));
            });
            root.spawn(ui::text(score_line(setup, scores), 16.0, palette::DIM));
        } else {
            root.spawn(choices("Players")).with_children(|row| {
                for n in setup.player_counts() {
                    row.spawn(ui::button(
                        n.to_string(),
                        Action::Players(n),
                        next(),
                        setup.players == n,
                    ));
                }
            });
            if setup.mode == Mode::VsBot {
                root.spawn(choices("Bot")).with_children(|row| {
                    for level in BotLevel::ALL {
                        let chosen = setup.level == level;
                        row.spawn(ui::button(
                            level_label(level),
                            Action::Level(level),
                            next(),
                            chosen,
                        ));
                    }
                });
                root.spawn(choices("Seats")).with_children(|row| {
                    row.spawn(ui::text("Player 1: you  ", 18.0, palette::TEXT));
                    for p in 1..setup.players {
                        let bot = setup.bots[p as usize];
                        let label =
                            format!("Player {}: {}", p + 1, if bot { "bot" } else { "person" });
                        row.spawn(ui::button(label, Action::ToggleBot(p), next(), bot));
                    }
                });
            }
            root.spawn(choices("Board")).with_children(|row| {
                for preset in [PresetId::Standard, PresetId::Icf] {
                    let chosen = setup.preset == preset;
                    row.spawn(ui::button(
                        preset_label(preset),
                        Action::Preset(preset),
                        next(),
                        chosen,
                    ));
                }
            });
            root.spawn(choices("Shot clock")).with_children(|row| {
                for seconds in SHOT_CLOCKS {
                    let label =
                        if seconds == 0 { "Off".to_string() } else { format!("{seconds} s") };
                    let chosen = setup.shot_clock == seconds;
                    row.spawn(ui::button(label, Action::ShotClock(seconds), next(), chosen));
                }
            });
        }
        if matches!(setup.mode, Mode::Online | Mode::Lan) {
            root.spawn(choices("If a player drops, wait")).with_children(|row| {
                for seconds in GRACE_PERIODS {
                    let chosen = setup.grace == seconds;
                    row.spawn(ui::button(
                        format!("{seconds} s"),
                        Action::Grace(seconds),
                        next(),
                        chosen,
                    ));
                }
            });
        }
        if setup.mode == Mode::Online {
            root.spawn(option_row()).with_children(|row| {
                row.spawn(ui::button("Create private match", Action::CreateMatch, next(), false));
                row.spawn(ui::button(quick_label(setup), Action::QuickMatch, next(), false));
            });
            root.spawn(option_row()).with_children(|row| {
                let shown = ui::shown(&code.text, code.typing, "type a code");
                row.spawn(option_label("Invite code"));
                row.spawn(ui::button(shown, Action::EditCode, next(), code.typing));
                row.spawn(ui::button("Join", Action::JoinCode, next(), false));
                row.spawn(ui::button("Watch a match", Action::WatchCode, next(), false));
            });
            let server =
                format!("Signaling server: {} (change it in Settings)", preferences.signaling);
            root.spawn(ui::text(server, 14.0, palette::DIM));
        }
        if setup.mode == Mode::Lan && cfg!(target_arch = "wasm32") {
            let why = format!("{}.", crate::net::lan::DESKTOP_ONLY);
            root.spawn(ui::text(why, 16.0, palette::WARN));
        } else if setup.mode == Mode::Lan {
            root.spawn(option_row()).with_children(|row| {
                row.spawn(ui::button("Host on this network", Action::HostLan, next(), false));
                row.spawn(ui::button("Join on this network", Action::FindLanGames, next(), false));
            });
            let how = "No internet needed: one machine hosts, the others find its game.";
            root.spawn(ui::text(how, 14.0, palette::DIM));
        }
        root.spawn(option_row()).with_children(|row| {
            if let Some(ticket) = &rejoin.found {
                let label = match &ticket.code {
                    Some(code) => format!("Rejoin match {code}"),
                    None => "Rejoin match".to_string(),
                };
                row.spawn(ui::button(label, Action::Rejoin, next(), true));
            }
            if !matches!(setup.mode, Mode::Online | Mode::Lan) {
                row.spawn(ui::button("Play", Action::Play, next(), false));
            }
            if let Some(saved) = &saved.0 {
                let s = saved.current.settings();
                let label = format!("Resume {} match", variant_label(s.variant()));
                row.spawn(ui::button(label, Action::Resume, next(), false));
            }
            if saved_draughts.0.is_some() {
                row.spawn(ui::button(
                    "Resume checkers game",
                    Action::ResumeDraughts,
                    next(),
                    false,
                ));
            }
            row.spawn(ui::button("How to play", Action::HowToPlay, next(), false));
            row.spawn(ui::button("Replays", Action::Replays, next(), false));
            row.spawn(ui::button("Settings", Action::Settings, next(), false));
            // A page is closed by its browser, not by the game.
            if cfg!(not(target_arch = "wasm32")) {
                row.spawn(ui::button("Quit", Action::Quit, next(), false));
            }
        });
        if let Some(message) = &notice.0 {
            root.spawn(ui::text(message.clone(), 16.0, palette::WARN));
        }
        root.spawn(ui::text(
            "Tab or arrow keys move, Enter presses, Esc goes back.",
            14.0,
            palette::DIM,
        ));
    }
}

fn rebuild(
    mut commands: Commands,
    roots: Query<Entity, With<HomeRoot>>,
    setup: Res<MatchSetup>,
    kept: (Res<SavedMatch>, Res<SavedDraughts>, Res<DraughtsScores>, Res<RejoinFile>),
    notice: Res<Notice>,
    entries: (Res<CodeEntry>, Res<FenEntry>),
    preferences: Res<Preferences>,
) {
    for root in &roots {
        commands.entity(root).despawn();
    }
    spawn(commands, setup, kept, notice, entries, preferences);
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

#[allow(clippy::too_many_arguments)]
fn act(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    mut setup: ResMut<MatchSetup>,
    preferences: Res<Preferences>,
    mut saved: ResMut<SavedMatch>,
    mut saved_draughts: ResMut<SavedDraughts>,
    seed: Option<Res<FixedSeed>>,
    mut next: ResMut<NextState<Screen>>,
    mut host: ResMut<NextState<MatchHost>>,
    mut game: ResMut<NextState<GameType>>,
    mut exit: MessageWriter<AppExit>,
    mut entries: (ResMut<CodeEntry>, ResMut<FenEntry>, ResMut<Notice>),
    rejoin: Res<RejoinFile>,
) {
    let (code, fen, notice) = (&mut entries.0, &mut entries.1, &mut entries.2);
    for action in actions.read() {
        match *action {
            Action::Variant(v) => setup.choose_variant(v),
            Action::Draughts => setup.game = GameType::Draughts,
            Action::DraughtsLevel(level) => setup.draughts_level = level,
            Action::DraughtsColour(colour) => setup.draughts_colour = colour,
            Action::Mode(mode) => setup.mode = mode,
            Action::Players(n) => setup.players = n,
            Action::Preset(preset) => setup.preset = preset,
            Action::ShotClock(seconds) => setup.shot_clock = seconds,
            Action::Grace(seconds) => setup.grace = seconds,
            Action::Level(level) => setup.level = level,
            Action::ToggleBot(p) => {
                if let Some(bot) = setup.bots.get_mut(p as usize) {
                    *bot = !*bot;
                }
            }
            Action::Play if setup.game == GameType::Draughts => {
                let start = if fen.text.is_empty() {
                    Ok(Position::START)
                } else {
                    read_fen(&fen.text).map_err(|e| e.to_string())
                };
                match start {
                    Ok(start) => {
                        let seed = next_seed(seed.as_deref());
                        let chosen = DraughtsStart { setup: &setup, start, seed };
                        let names = &preferences.names;
                        start_draughts(
                            &mut commands,
                            chosen,
                            names,
                            &mut next,
                            &mut host,
                            &mut game,
                        );
                    }
                    Err(why) => notice.0 = Some(format!("That position cannot be set up: {why}")),
                }
            }
            Action::EditFen => fen.typing = !fen.typing,
            Action::Play => {
                let seed = next_seed(seed.as_deref());
                let local = LocalMatch::new(&setup, &preferences.names, seed);
                game.set(GameType::Carrom);
                start_local(&mut commands, local, &mut next, &mut host);
            }
            Action::Resume => {
                if let Some(local) = saved.0.take() {
                    game.set(GameType::Carrom);
                    start_local(&mut commands, local, &mut next, &mut host);
                }
            }
            Action::ResumeDraughts => {
                if let Some(table) = saved_draughts.0.take() {
                    commands.insert_resource(table);
                    game.set(GameType::Draughts);
                    host.set(MatchHost::Local);
                    next.set(Screen::Game);
                }
            }
            Action::CreateMatch => {
                commands.insert_resource(JoinRequest::Create);
                next.set(Screen::Lobby);
            }
            Action::QuickMatch => {
                commands.insert_resource(JoinRequest::Quick);
                next.set(Screen::Lobby);
            }
            Action::HostLan => {
                let protocol = crate::net::PROTOCOL_VERSION;
                commands.insert_resource(JoinRequest::LanHost { protocol });
                next.set(Screen::Lobby);
            }
            Action::FindLanGames => next.set(Screen::LanGames),
            Action::EditCode => code.typing = !code.typing,
            Action::JoinCode => {
                code.typing = false;
                commands.insert_resource(JoinRequest::Code(code.text.clone()));
                next.set(Screen::Lobby);
            }
            Action::Rejoin => {
                if let Some(ticket) = rejoin.found.clone() {
                    commands.insert_resource(JoinRequest::Rejoin(Box::new(ticket)));
                    next.set(Screen::Lobby);
                }
            }
            Action::WatchCode => {
                code.typing = false;
                commands.insert_resource(JoinRequest::Watch(code.text.clone()));
                next.set(Screen::Lobby);
            }
            Action::HowToPlay => next.set(Screen::HowToPlay),
            Action::Replays => next.set(Screen::Replays),
            Action::Settings => next.set(Screen::Settings),
            Action::Quit => {
                exit.write(AppExit::Success);
            }
            _ => {}
        }
    }
}

/// Draughts' options on Home: the computer's level (vs the computer) and the colour.
fn draughts_options(
    root: &mut ChildSpawnerCommands,
    setup: &MatchSetup,
    next: &mut impl FnMut() -> u16,
) {
    let choices = |label: &str| (option_row(), children![option_label(label)]);
    if setup.mode == Mode::VsBot {
        root.spawn(choices("Computer")).with_children(|row| {
            for level in [Level::Easy, Level::Medium, Level::Hard] {
                let chosen = setup.draughts_level == level;
                let label = draughts_level_label(level);
                row.spawn(ui::button(label, Action::DraughtsLevel(level), next(), chosen));
            }
        });
    }
    root.spawn(choices("You play")).with_children(|row| {
        for colour in [Colour::Black, Colour::Red] {
            let chosen = setup.draughts_colour == colour;
            let label = match colour {
                Colour::Black => format!("{} (moves first)", colour_label(colour)),
                Colour::Red => format!("{} (moves second)", colour_label(colour)),
            };
            row.spawn(ui::button(label, Action::DraughtsColour(colour), next(), chosen));
        }
    });
}

/// The running score for the draughts game chosen (CK-14).
fn score_line(setup: &MatchSetup, scores: &DraughtsScores) -> String {
    match setup.mode {
        Mode::VsBot => {
            let level = setup.draughts_level;
            let t = scores.computer.get(level.name()).copied().unwrap_or_default();
            format!(
                "Your score against the computer ({}): {} won, {} lost, {} drawn",
                draughts_level_label(level),
                t.won,
                t.lost,
                t.drawn
            )
        }
        _ => {
            let games: Vec<String> = scores
                .people
                .iter()
                .map(|(who, t)| format!("{who}: {}-{}, {} drawn", t.won, t.lost, t.drawn))
                .collect();
            if games.is_empty() { "No games between people yet.".into() } else { games.join("   ") }
        }
    }
}

/// The game the quick-match queue would find, in words.
fn quick_label(setup: &MatchSetup) -> String {
    match setup.game {
        GameType::Draughts => "Quick match: Checkers".to_string(),
        GameType::Carrom => {
            format!("Quick match: {}, {} players", variant_label(setup.variant), setup.players)
        }
    }
}
