//! The HUD over a match: each side's score, pieces and dues, whose turn it is, the queen,
//! the shot clock, the board number, the last ruling in words, the power meter and the
//! controls. Everything is read from the match state; the HUD decides nothing.

use crate::client::carrom::aiming::AimControl;
use crate::client::flow::setup::{Controller, level_label, variant_label};
use crate::client::flow::{GameType, MatchSummary, Screen};
use crate::client::hosts::{LocalMatch, MatchFinished, MatchSystems};
use crate::client::ui::{self, palette};
use crate::game::{Match, Phase};
use crate::rules::{Cause, NO_SIDE, Queen, Variant, classic, freestyle};
use crate::sim::{FULL_POWER, Kind, Seat};
use bevy::prelude::*;

/// A piece of HUD text and what it shows.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HudField {
    /// Game type, players, board.
    Title,
    /// One side's block: names, colour, score, pieces, dues.
    Side(u8),
    /// Who shoots now.
    Turn,
    /// The queen's state.
    Queen,
    /// Shot clock and board number.
    Clock,
    /// The last ruling.
    Ruling,
    /// The controls.
    Help,
}

#[derive(Component)]
struct PowerFill;

/// The card around one side's block; lit while that side shoots.
#[derive(Component, Clone, Copy, Debug)]
struct SideCard(u8);

/// Where a side's pocketed pieces are shown as small pieces (the view fills it).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally(pub u8);

/// Builds and updates the HUD.
pub(super) struct HudPlugin;

impl Plugin for HudPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Game), spawn.run_if(in_state(GameType::Carrom)))
            .add_systems(
                Update,
                (update_text, update_power, light_shooter, summarise).in_set(MatchSystems),
            );
    }
}

/// When the match ends: what the Results screen will say of it.
fn summarise(
    mut commands: Commands,
    mut finished: MessageReader<MatchFinished>,
    local: Res<LocalMatch>,
) {
    if finished.read().count() == 0 {
        return;
    }
    let m = &local.current;
    let standing = m.standing();
    commands.insert_resource(MatchSummary {
        headline: turn(&local),
        game: title(&local),
        sides: (0..m.settings().sides())
            .map(|side| format!("{}: {}", local.side_name(side), standing.scores[side]))
            .collect(),
        ending: ruling(&local),
        rematch: !local.controllers.contains(&Controller::Remote),
        ..default()
    });
}

/// A rounded card grouping related lines.
fn card() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(10)),
            row_gap: px(6),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(palette::CARD),
        BorderColor::all(Color::NONE),
    )
}

fn spawn(mut commands: Commands, local: Option<Res<LocalMatch>>) {
    let sides = local.map_or(2, |l| l.current.settings().sides()) as u8;
    let panel = |left: bool| {
        (
            DespawnOnExit(Screen::Game),
            Node {
                position_type: PositionType::Absolute,
                left: if left { px(0) } else { auto() },
                right: if left { auto() } else { px(0) },
                top: px(0),
                width: percent(19),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(12)),
                row_gap: px(10),
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(palette::PANEL),
        )
    };
    commands.spawn(panel(true)).with_children(|p| {
        p.spawn((HudField::Title, ui::text("", 15.0, palette::DIM)));
        for side in 0..sides {
            p.spawn((SideCard(side), card())).with_children(|card| {
                card.spawn((HudField::Side(side), ui::text("", 17.0, palette::TEXT)));
                card.spawn((
                    Tally(side),
                    Node {
                        flex_wrap: FlexWrap::Wrap,
                        column_gap: px(3),
                        row_gap: px(3),
                        ..default()
                    },
                ));
            });
        }
    });
    commands.spawn(panel(false)).with_children(|p| {
        p.spawn(card()).with_children(|card| {
            card.spawn((HudField::Turn, ui::heading("", 21.0, palette::ACCENT)));
            card.spawn((HudField::Clock, ui::text("", 17.0, palette::TEXT)));
        });
        p.spawn(card()).with_children(|card| {
            card.spawn(ui::text("Last stroke", 13.0, palette::DIM));
            card.spawn((HudField::Ruling, ui::text("", 16.0, palette::TEXT)));
        });
        p.spawn((HudField::Queen, ui::text("", 16.0, palette::TEXT)));
        p.spawn(ui::text("Power", 14.0, palette::DIM));
        p.spawn((
            Node {
                width: percent(100),
                height: px(14),
                border_radius: BorderRadius::all(px(7)),
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(palette::BUTTON),
        ))
        .with_children(|bar| {
            bar.spawn((
                PowerFill,
                Node { width: percent(0), height: percent(100), ..default() },
                BackgroundColor(palette::ACCENT),
            ));
        });
        p.spawn((HudField::Help, ui::text("", 13.0, palette::DIM)));
    });
}

/// Lights the card of the side that shoots.
fn light_shooter(local: Res<LocalMatch>, mut cards: Query<(&SideCard, &mut BorderColor)>) {
    let m = &local.current;
    let shooting = m.settings().side_of(m.shooter());
    let over = m.phase() == Phase::MatchOver;
    for (card, mut border) in &mut cards {
        let lit = !over && card.0 as usize == shooting;
        let edge = BorderColor::all(if lit { palette::ACCENT } else { Color::NONE });
        if *border != edge {
            *border = edge;
        }
    }
}

fn update_text(local: Res<LocalMatch>, mut fields: Query<(&HudField, &mut Text, &mut TextColor)>) {
    for (field, mut text, mut colour) in &mut fields {
        let (value, tint) = match field {
            HudField::Title => (title(&local), palette::DIM),
            HudField::Side(side) => (side_block(&local, *side as usize), palette::TEXT),
            HudField::Turn => (turn(&local), palette::ACCENT),
            HudField::Queen => (queen(&local), palette::TEXT),
            HudField::Clock => (clock(&local.current), palette::TEXT),
            HudField::Ruling => {
                let foul = local.current.last_ruling().is_foul();
                (ruling(&local), if foul { palette::WARN } else { palette::TEXT })
            }
            HudField::Help => (help(&local), palette::DIM),
        };
        if text.0 != value {
            text.0 = value;
        }
        if colour.0 != tint {
            colour.0 = tint;
        }
    }
}

fn update_power(
    local: Res<LocalMatch>,
    control: Res<AimControl>,
    mut fill: Query<&mut Node, With<PowerFill>>,
) {
    let m = &local.current;
    let power = if m.phase() != Phase::Aim {
        0
    } else if local.is_human(local.shooter_player()) && control.stroke_number == m.next_stroke() {
        control.stroke.power
    } else {
        m.aim().power
    };
    for mut node in &mut fill {
        let width = percent(power as f32 * 100.0 / FULL_POWER as f32);
        if node.width != width {
            node.width = width;
        }
    }
}

/// Game type, players and board.
pub fn title(local: &LocalMatch) -> String {
    let s = local.current.settings();
    let board = crate::client::flow::setup::preset_label(s.preset());
    format!("{}, {} players, {board} board", variant_label(s.variant()), s.players)
}

/// Who plays a player slot, in words: the name, or the bot and its level.
fn who(local: &LocalMatch, player: usize) -> String {
    match local.controller(player) {
        Controller::Human => local.names[player].clone(),
        Controller::Bot(level) => format!("Bot ({})", level_label(level)),
        // A remote player's name is the one their hello gave (checked when it arrived).
        Controller::Remote if !local.names[player].is_empty() => local.names[player].clone(),
        Controller::Remote | Controller::Headless => format!("Player {}", player + 1),
    }
}

/// The names on `side`.
pub fn side_names(local: &LocalMatch, side: usize) -> String {
    let s = local.current.settings();
    let names: Vec<String> = (0..s.players as usize)
        .filter(|&p| s.side_of(s.seats()[p]) == side)
        .map(|p| who(local, p))
        .collect();
    names.join(" & ")
}

/// The name of whoever sits on `seat`.
fn seat_name(local: &LocalMatch, seat: Seat) -> String {
    local.current.settings().player_at(seat).map_or_else(|| "nobody".into(), |p| who(local, p))
}

/// One side's block: who, their colour, progress, pieces and dues.
pub fn side_block(local: &LocalMatch, side: usize) -> String {
    let m = &local.current;
    let s = m.settings();
    let standing = m.standing();
    let shooting = s.side_of(m.shooter());
    let marker = if side == shooting && m.phase() != Phase::MatchOver { "> " } else { "" };
    let mut out = format!("{marker}{}", side_names(local, side));
    if let Some(colour) = standing.colour(side) {
        out += &format!("\n  plays {}", colour.name());
    }
    out += &format!("\n  {}", progress(m, side));
    let pieces = pocketed_by(m, side);
    if !pieces.is_empty() {
        out += &format!("\n  pocketed {pieces}");
    }
    if standing.dues[side] > 0 {
        let n = standing.dues[side];
        out += &format!("\n  owes {n} piece{}", if n == 1 { "" } else { "s" });
    }
    out
}

/// How far `side` is towards the game's goal: points out of the target, or (Disc Pool)
/// the discs of its colour still to clear.
fn progress(m: &Match, side: usize) -> String {
    let standing = m.standing();
    let score = standing.scores[side];
    match m.settings().variant() {
        Variant::Freestyle => format!("score {score} of {}", freestyle::TARGET),
        Variant::Classic => format!("score {score} of {}", classic::TARGET),
        Variant::DiscPool => {
            let Some(colour) = standing.colour(side) else { return format!("score {score}") };
            let left = m.table().bodies()[1..]
                .iter()
                .filter(|b| b.kind() == colour && b.is_on_board())
                .count();
            match left {
                0 => "all discs cleared".to_string(),
                1 => "1 disc to clear".to_string(),
                n => format!("{n} discs to clear"),
            }
        }
    }
}

/// The pieces credited to `side` on this board, counted by kind.
fn pocketed_by(m: &Match, side: usize) -> String {
    let bodies = m.table().bodies();
    let count = |kind: Kind| {
        (0..bodies.len())
            .filter(|&i| bodies[i].kind() == kind && m.standing().credited(i) == Some(side))
            .count()
    };
    let mut parts = Vec::new();
    for kind in [Kind::White, Kind::Black, Kind::Queen] {
        match count(kind) {
            0 => {}
            1 if kind == Kind::Queen => parts.push("the queen".to_string()),
            n => parts.push(format!("{n} {}", kind.name())),
        }
    }
    parts.join(", ")
}

/// Whose turn it is.
pub fn turn(local: &LocalMatch) -> String {
    let m = &local.current;
    let standing = m.standing();
    match m.phase() {
        Phase::MatchOver => match standing.winner {
            NO_SIDE => "The match is drawn".into(),
            side => format!("{} won the match", side_names(local, side as usize)),
        },
        Phase::BoardOver => "Board over: the next board is being racked".into(),
        Phase::Motion => format!("{} has struck", seat_name(local, m.shooter())),
        Phase::Aim => {
            let name = seat_name(local, m.shooter());
            // Only Classic's referee keeps a break pending (CL-3); elsewhere the first
            // stroke of a board is a stroke like any other.
            let classic = m.settings().variant() == Variant::Classic;
            match standing.break_attempts + 1 {
                _ if !classic || standing.broken != 0 => format!("{name} to shoot"),
                1 => format!("{name} to break"),
                attempt => format!("{name} to break (attempt {attempt} of 3)"),
            }
        }
    }
}

/// The queen's state.
pub fn queen(local: &LocalMatch) -> String {
    let standing = local.current.standing();
    let owner = || side_names(local, standing.queen_side as usize);
    match standing.queen() {
        Queen::Absent => "No queen in Disc Pool".into(),
        Queen::OnBoard => "Queen: on the board".into(),
        Queen::Pending => format!("Queen: pocketed by {}, awaiting cover", owner()),
        Queen::Covered => format!("Queen: covered by {}", owner()),
    }
}

/// The shot clock and the board number.
pub fn clock(m: &Match) -> String {
    let mut out = String::new();
    if m.settings().variant() == Variant::Classic {
        let board = m.standing().board;
        out += &if board > classic::BOARDS {
            format!("Board {board}: tie-break\n")
        } else {
            format!("Board {board} of {}\n", classic::BOARDS)
        };
    }
    if m.settings().shot_clock == 0 {
        out += "No shot clock";
    } else if m.phase() == Phase::Aim {
        let seconds = m.clock().div_ceil(crate::game::FRAME_RATE);
        out += &format!("Shot clock: {seconds} s");
    } else {
        out += &format!("Shot clock: {} s per stroke", m.settings().shot_clock);
    }
    out
}

/// The last ruling, in a player's words.
pub fn ruling(local: &LocalMatch) -> String {
    let m = &local.current;
    let r = m.last_ruling();
    let breaking = m.next_stroke() == 1 || (m.next_stroke() == 2 && m.phase() == Phase::Motion);
    if breaking && r.cause() == Cause::Stroke {
        return "The board is racked. Drag the striker to place it, pull back to aim.".into();
    }
    let next = seat_name(local, Seat(r.next_shooter));
    let passes = if r.turn_continues != 0 {
        "shoot again".to_string()
    } else {
        format!("the turn passes to {next}")
    };
    let mut out = match r.cause() {
        Cause::ClockExpired => format!("Time ran out: {passes}."),
        Cause::Resigned => "A side resigned.".into(),
        Cause::Stroke => {
            let pocketed = last_pocketed(m);
            let mut s = String::new();
            for foul in r.fouls() {
                s += &format!("Foul - {} ({}). ", capitalised(foul.words()), foul.rule());
            }
            if !pocketed.is_empty() {
                s += &format!("Pocketed {pocketed}. ");
            } else if !r.is_foul() {
                s += "Nothing pocketed. ";
            }
            s + &capitalised(&passes) + "."
        }
    };
    if r.returned_count > 0 {
        let n = r.returned_count;
        out += &format!(" {n} piece{} back to the centre.", if n == 1 { " goes" } else { "s go" });
    }
    if r.queen_returned != 0 {
        out += " The queen goes back to the centre.";
    }
    if r.board_over != 0 {
        out += &match r.board_winner {
            NO_SIDE => " The board is over.".to_string(),
            side => format!(
                " {} won the board (+{}).",
                side_names(local, side as usize),
                r.board_points
            ),
        };
    }
    out
}

/// The pieces the last stroke pocketed, in words.
fn last_pocketed(m: &Match) -> String {
    let bodies = m.table().bodies();
    let kinds: Vec<Kind> =
        m.table().report().pocketed().iter().map(|p| bodies[p.body as usize].kind()).collect();
    let mut parts = Vec::new();
    for kind in [Kind::Queen, Kind::White, Kind::Black, Kind::Striker] {
        match kinds.iter().filter(|&&k| k == kind).count() {
            0 => {}
            1 => parts.push(format!(
                "the {}",
                if kind == Kind::Striker { "striker" } else { kind.name() }
            )),
            n => parts.push(format!("{n} {}", kind.name())),
        }
    }
    parts.join(", ")
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The controls, for people; a note while the bot plays.
pub fn help(local: &LocalMatch) -> String {
    let player = local.shooter_player();
    match local.controller(player) {
        Controller::Bot(_) => "The bot is playing.\n\nEsc: pause".into(),
        // Nobody here plays: this is a match being watched.
        Controller::Remote if !local.controllers.contains(&Controller::Human) => {
            format!("Watching {} aim: the aim shows live.\n\nEsc: stop watching", local.names[player])
        }
        Controller::Remote | Controller::Headless => {
            "Another player is aiming: their aim shows live.".into()
        }
        Controller::Human => "Mouse: drag the striker along the baseline; drag anywhere else \
                              to pull back, let go to strike.\n\nKeys: Left/Right place, Up/Down aim \
                              (Shift: fine), hold Space to charge, release to strike.\n\nEsc: pause"
            .into(),
    }
}
