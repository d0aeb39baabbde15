//! The HUD over a match: each side's score, pieces and dues, whose turn it is, the queen,
//! the shot clock, the board number, the last ruling in words, the power meter and the
//! controls. Everything is read from the match state; the HUD decides nothing.

use crate::client::carrom::aiming::AimControl;
use crate::client::flow::setup::{Controller, level_message, preset_message, variant_message};
use crate::client::flow::{GameType, MatchSummary, Screen};
use crate::client::hosts::local::LocalRematch;
use crate::client::hosts::{LocalMatch, MatchFinished, MatchSystems};
use crate::client::ui::scrolling::{KeepTop, ScrollingPage};
use crate::client::ui::{self, Dock, WideOnly, palette};
use crate::client::words::{Words, default_name};
use crate::game::{Match, Phase};
use crate::rules::{Cause, Foul, NO_SIDE, Queen, Variant, classic, freestyle};
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
    rematch: Option<Res<LocalRematch>>,
    w: Res<Words>,
) {
    if finished.read().count() == 0 {
        return;
    }
    let m = &local.current;
    let standing = m.standing();
    commands.insert_resource(MatchSummary {
        headline: turn(&w, &local),
        game: title(&w, &local),
        sides: (0..m.settings().sides())
            .map(|side| format!("{}: {}", local.side_name(side), w.number(standing.scores[side])))
            .collect(),
        ending: ruling(&w, &local),
        rematch: rematch.filter(|_| !local.controllers.contains(&Controller::Remote)).map(|r| r.0),
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

fn spawn(mut commands: Commands, local: Option<Res<LocalMatch>>, w: Res<Words>) {
    let sides = local.map_or(2, |l| l.current.settings().sides()) as u8;
    let panel = |left: bool| {
        (
            DespawnOnExit(Screen::Game),
            if left { Dock::Left(19.0) } else { Dock::Right(19.0) },
            Node {
                position_type: PositionType::Absolute,
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(12)),
                row_gap: px(10),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            // Short windows (a phone on its side, a tablet upright) scroll what is below.
            ScrollingPage,
            KeepTop,
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
        p.spawn(ui::pause_button(w.get("hud-pause")));
        p.spawn(card()).with_children(|card| {
            card.spawn((HudField::Turn, ui::heading("", 21.0, palette::ACCENT)));
            card.spawn((HudField::Clock, ui::text("", 17.0, palette::TEXT)));
        });
        p.spawn(card()).with_children(|card| {
            card.spawn(ui::text(w.get("hud-last-stroke"), 14.0, palette::DIM));
            card.spawn((HudField::Ruling, ui::text("", 16.0, palette::TEXT)));
        });
        p.spawn((HudField::Queen, ui::text("", 16.0, palette::TEXT)));
        p.spawn(ui::text(w.get("hud-power"), 14.0, palette::DIM));
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
        p.spawn((HudField::Help, WideOnly, ui::text("", 13.0, palette::DIM)));
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

fn update_text(
    local: Res<LocalMatch>,
    w: Res<Words>,
    mut fields: Query<(&HudField, &mut Text, &mut TextColor)>,
) {
    let w = &*w;
    for (field, mut text, mut colour) in &mut fields {
        let (value, tint) = match field {
            HudField::Title => (title(w, &local), palette::DIM),
            HudField::Side(side) => (side_block(w, &local, *side as usize), palette::TEXT),
            HudField::Turn => (turn(w, &local), palette::ACCENT),
            HudField::Queen => (queen(w, &local), palette::TEXT),
            HudField::Clock => (clock(w, &local.current), palette::TEXT),
            HudField::Ruling => {
                let foul = local.current.last_ruling().is_foul();
                (ruling(w, &local), if foul { palette::WARN } else { palette::TEXT })
            }
            HudField::Help => (help(w, &local), palette::DIM),
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
pub fn title(w: &Words, local: &LocalMatch) -> String {
    let s = local.current.settings();
    w.with(
        "hud-title",
        &[
            ("game", w.get(variant_message(s.variant())).into()),
            ("players", s.players.into()),
            ("board", w.get(preset_message(s.preset())).into()),
        ],
    )
}

/// Who plays a player slot, in words: the name, or the bot and its level.
fn who(w: &Words, local: &LocalMatch, player: usize) -> String {
    match local.controller(player) {
        Controller::Human => local.names[player].clone(),
        Controller::Bot(level) => {
            w.with("bot-named", &[("level", w.get(level_message(level)).into())])
        }
        // A remote player's name is the one their hello gave (checked when it arrived).
        Controller::Remote if !local.names[player].is_empty() => local.names[player].clone(),
        Controller::Remote | Controller::Headless => default_name(w, player),
    }
}

/// The names on `side`.
pub fn side_names(w: &Words, local: &LocalMatch, side: usize) -> String {
    let s = local.current.settings();
    let names: Vec<String> = (0..s.players as usize)
        .filter(|&p| s.side_of(s.seats()[p]) == side)
        .map(|p| who(w, local, p))
        .collect();
    names.join(" & ")
}

/// The name of whoever sits on `seat`.
fn seat_name(w: &Words, local: &LocalMatch, seat: Seat) -> String {
    let player = local.current.settings().player_at(seat);
    player.map_or_else(|| w.get("hud-nobody"), |p| who(w, local, p))
}

/// One side's block: who, their colour, progress, pieces and dues.
pub fn side_block(w: &Words, local: &LocalMatch, side: usize) -> String {
    let m = &local.current;
    let s = m.settings();
    let standing = m.standing();
    let shooting = s.side_of(m.shooter());
    let marker = if side == shooting && m.phase() != Phase::MatchOver { "> " } else { "" };
    let mut out = format!("{marker}{}", side_names(w, local, side));
    if let Some(colour) = standing.colour(side) {
        out +=
            &format!("\n  {}", w.with("hud-plays", &[("colour", w.get(colour_of(colour)).into())]));
    }
    out += &format!("\n  {}", progress(w, m, side));
    let pieces = pocketed_by(w, m, side);
    if !pieces.is_empty() {
        out += &format!("\n  {}", w.with("hud-pocketed", &[("pieces", pieces.into())]));
    }
    if standing.dues[side] > 0 {
        out += &format!("\n  {}", w.with("hud-owes", &[("count", standing.dues[side].into())]));
    }
    out
}

/// The message id of a side's colour.
fn colour_of(kind: Kind) -> &'static str {
    if kind == Kind::White { "colour-white" } else { "colour-black" }
}

/// How far `side` is towards the game's goal: points out of the target, or (Disc Pool)
/// the discs of its colour still to clear.
fn progress(w: &Words, m: &Match, side: usize) -> String {
    let standing = m.standing();
    let score = standing.scores[side];
    let of =
        |target: i32| w.with("hud-score-of", &[("score", score.into()), ("target", target.into())]);
    match m.settings().variant() {
        Variant::Freestyle => of(freestyle::TARGET),
        Variant::Classic => of(classic::TARGET),
        Variant::DiscPool => {
            let Some(colour) = standing.colour(side) else {
                return w.with("hud-score", &[("score", score.into())]);
            };
            let left = m.table().bodies()[1..]
                .iter()
                .filter(|b| b.kind() == colour && b.is_on_board())
                .count();
            w.with("hud-discs-left", &[("count", left.into())])
        }
    }
}

/// `count` pieces of `kind`, in words.
fn pieces(w: &Words, kind: Kind, count: usize) -> String {
    let id = match kind {
        Kind::White => "piece-white",
        Kind::Black => "piece-black",
        Kind::Queen => "piece-queen",
        Kind::Striker => "piece-striker",
    };
    w.with(id, &[("count", count.into())])
}

/// The pieces credited to `side` on this board, counted by kind.
fn pocketed_by(w: &Words, m: &Match, side: usize) -> String {
    let bodies = m.table().bodies();
    let count = |kind: Kind| {
        (0..bodies.len())
            .filter(|&i| bodies[i].kind() == kind && m.standing().credited(i) == Some(side))
            .count()
    };
    let parts: Vec<String> = [Kind::White, Kind::Black, Kind::Queen]
        .into_iter()
        .filter_map(|kind| Some(count(kind)).filter(|n| *n > 0).map(|n| pieces(w, kind, n)))
        .collect();
    parts.join(", ")
}

/// Whose turn it is.
pub fn turn(w: &Words, local: &LocalMatch) -> String {
    let m = &local.current;
    let standing = m.standing();
    match m.phase() {
        Phase::MatchOver => match standing.winner {
            NO_SIDE => w.get("turn-drawn"),
            side => w.with("turn-won", &[("names", side_names(w, local, side as usize).into())]),
        },
        Phase::BoardOver => w.get("turn-board-over"),
        Phase::Motion => {
            w.with("turn-struck", &[("name", seat_name(w, local, m.shooter()).into())])
        }
        Phase::Aim => {
            let name = || ("name", seat_name(w, local, m.shooter()).into());
            // Only Classic's referee keeps a break pending (CL-3); elsewhere the first
            // stroke of a board is a stroke like any other.
            let classic = m.settings().variant() == Variant::Classic;
            match standing.break_attempts + 1 {
                _ if !classic || standing.broken != 0 => w.with("turn-shoot", &[name()]),
                1 => w.with("turn-break", &[name()]),
                attempt => w.with("turn-break-attempt", &[name(), ("attempt", attempt.into())]),
            }
        }
    }
}

/// The queen's state.
pub fn queen(w: &Words, local: &LocalMatch) -> String {
    let standing = local.current.standing();
    let owner = || ("names", side_names(w, local, standing.queen_side as usize).into());
    match standing.queen() {
        Queen::Absent => w.get("queen-absent"),
        Queen::OnBoard => w.get("queen-on-board"),
        Queen::Pending => w.with("queen-pending", &[owner()]),
        Queen::Covered => w.with("queen-covered", &[owner()]),
    }
}

/// The shot clock and the board number.
pub fn clock(w: &Words, m: &Match) -> String {
    let mut out = String::new();
    if m.settings().variant() == Variant::Classic {
        let board = ("board", m.standing().board.into());
        out += &if m.standing().board > classic::BOARDS {
            w.with("clock-board-tie", &[board])
        } else {
            w.with("clock-board", &[board, ("boards", classic::BOARDS.into())])
        };
        out.push('\n');
    }
    out += &if m.settings().shot_clock == 0 {
        w.get("clock-none")
    } else if m.phase() == Phase::Aim {
        let seconds = m.clock().div_ceil(crate::game::FRAME_RATE);
        w.with("clock-left", &[("seconds", seconds.into())])
    } else {
        w.with("clock-per-stroke", &[("seconds", m.settings().shot_clock.into())])
    };
    out
}

/// The message id of what `foul` was.
pub const fn foul_message(foul: Foul) -> &'static str {
    match foul {
        Foul::StrikerPocketed => "foul-striker-pocketed",
        Foul::LeftBoard => "foul-left-board",
        Foul::OpponentPiece => "foul-opponent-piece",
        Foul::LastBeforeQueen => "foul-last-before-queen",
        Foul::OpponentLast => "foul-opponent-last",
        Foul::FailedBreak => "foul-failed-break",
        Foul::DiscPoolNoTouch | Foul::FreestyleNoTouch => "foul-no-touch",
        Foul::DiscPoolStrikerOff | Foul::FreestyleStrikerOff => "foul-striker-off",
    }
}

/// The last ruling, in a player's words.
pub fn ruling(w: &Words, local: &LocalMatch) -> String {
    let m = &local.current;
    let r = m.last_ruling();
    let breaking = m.next_stroke() == 1 || (m.next_stroke() == 2 && m.phase() == Phase::Motion);
    if breaking && r.cause() == Cause::Stroke {
        return w.get("ruling-racked");
    }
    let next = seat_name(w, local, Seat(r.next_shooter));
    let passes = if r.turn_continues != 0 {
        w.get("ruling-again")
    } else {
        w.with("ruling-passes", &[("name", next.into())])
    };
    let mut said: Vec<String> = Vec::new();
    match r.cause() {
        Cause::ClockExpired => said.extend([w.get("ruling-time"), passes]),
        Cause::Resigned => said.push(w.get("ruling-resigned")),
        Cause::Stroke => {
            for foul in r.fouls() {
                let what = w.get(foul_message(foul));
                said.push(
                    w.with("ruling-foul", &[("what", what.into()), ("rule", foul.rule().into())]),
                );
            }
            let pocketed = last_pocketed(w, m);
            if !pocketed.is_empty() {
                said.push(w.with("ruling-pocketed", &[("pieces", pocketed.into())]));
            } else if !r.is_foul() {
                said.push(w.get("ruling-nothing"));
            }
            said.push(passes);
        }
    }
    if r.returned_count > 0 {
        said.push(w.with("ruling-returned", &[("count", r.returned_count.into())]));
    }
    if r.queen_returned != 0 {
        said.push(w.get("ruling-queen-back"));
    }
    if r.board_over != 0 {
        said.push(match r.board_winner {
            NO_SIDE => w.get("ruling-board-over"),
            side => w.with(
                "ruling-board-won",
                &[
                    ("names", side_names(w, local, side as usize).into()),
                    ("points", r.board_points.into()),
                ],
            ),
        });
    }
    said.join(" ")
}

/// The pieces the last stroke pocketed, in words.
fn last_pocketed(w: &Words, m: &Match) -> String {
    let bodies = m.table().bodies();
    let kinds: Vec<Kind> =
        m.table().report().pocketed().iter().map(|p| bodies[p.body as usize].kind()).collect();
    let parts: Vec<String> = [Kind::Queen, Kind::White, Kind::Black, Kind::Striker]
        .into_iter()
        .filter_map(|kind| {
            let n = kinds.iter().filter(|&&k| k == kind).count();
            (n > 0).then(|| pieces(w, kind, n))
        })
        .collect();
    parts.join(", ")
}

/// The controls, for people; a note while the bot plays.
pub fn help(w: &Words, local: &LocalMatch) -> String {
    let player = local.shooter_player();
    match local.controller(player) {
        Controller::Bot(_) => w.get("help-bot"),
        // Nobody here plays: this is a match being watched.
        Controller::Remote if !local.controllers.contains(&Controller::Human) => {
            w.with("help-watching", &[("name", local.names[player].clone().into())])
        }
        Controller::Remote | Controller::Headless => w.get("help-remote"),
        Controller::Human => w.get("help-human"),
    }
}
