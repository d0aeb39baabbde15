//! The draughts HUD: whose move it is (and that capturing is required), the pieces each
//! side has captured, the last move in numbers, the controls, and Take back; and, when the
//! game ends, what Results will say of it.

use super::computer::{ComputerBudget, is_thinking};
use super::game::{DraughtsMatch, Player};
use super::hint::Hint;
use super::{DraughtsRematch, DraughtsSystems};
use crate::client::flow::setup::colour_message;
use crate::client::flow::{self, GameType, MatchSummary, Screen};
use crate::client::persistence::saved_draughts::SavePdn;
use crate::client::ui::scrolling::{KeepTop, ScrollingPage};
use crate::client::ui::{self, Dock, Pressed, WideOnly, palette};
use crate::client::words::Words;
use crate::draughts::Colour;
use crate::draughts::moves::has_capture;
use crate::draughts::pdn::write_move;
use crate::draughts::turns::{Offer, Say};
use bevy::prelude::*;

/// A piece of HUD text and what it shows.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DraughtsField {
    /// Whose move, and whether a capture is compulsory.
    Status,
    /// Each side's name and captures.
    Sides,
    /// The last move, in PDN numbers.
    LastMove,
    /// The controls.
    Help,
    /// The three-move ballot the game opened with (CK-16).
    Ballot,
}

/// When a button shows.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    /// In an online game.
    Online,
    /// While the other player's offer waits for an answer.
    Offered,
    /// While a hint may be asked.
    Hint,
}

/// Builds and updates the HUD; ends the game into Results.
pub(super) struct HudPlugin;

impl Plugin for HudPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Game), spawn.run_if(in_state(GameType::Draughts)))
            .add_systems(Update, (update, show_buttons, finish).chain().in_set(DraughtsSystems));
    }
}

fn spawn(mut commands: Commands, w: Res<Words>, table: Option<Res<DraughtsMatch>>) {
    let balloted = table.is_some_and(|t| t.ballot.is_some());
    commands
        .spawn((
            DespawnOnExit(Screen::Game),
            Dock::RightOrUnder(22.0),
            Node {
                position_type: PositionType::Absolute,
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(12)),
                row_gap: px(12),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            // Short windows (a phone on its side) scroll what is below.
            ScrollingPage,
            KeepTop,
        ))
        .with_children(|p| {
            p.spawn(ui::pause_button(w.get("hud-pause")));
            p.spawn(ui::text(w.get("draughts-title"), 16.0, palette::DIM));
            if balloted {
                p.spawn((DraughtsField::Ballot, ui::text("", 16.0, palette::DIM)));
            }
            p.spawn((DraughtsField::Status, ui::text("", 22.0, palette::ACCENT)));
            p.spawn((DraughtsField::Sides, ui::text("", 18.0, palette::TEXT)));
            p.spawn((DraughtsField::LastMove, ui::text("", 16.0, palette::TEXT)));
            p.spawn(ui::button(w.get("draughts-take-back"), "TakeBack", 1, false))
                .observe(take_back);
            p.spawn((Shown::Hint, ui::button(w.get("draughts-hint"), "Hint", 6, false))).observe(
                |_: On<Pressed>,
                 mut table: ResMut<DraughtsMatch>,
                 mut hint: ResMut<Hint>,
                 budget: Res<ComputerBudget>| {
                    super::hint::ask(&mut table, &mut hint, &budget);
                },
            );
            p.spawn((
                Shown::Online,
                ui::button(w.get("draughts-offer-draw"), "OfferDraw", 2, false),
            ))
            .observe(|_: On<Pressed>, mut table: ResMut<DraughtsMatch>| {
                table.say(Say::OfferDraw);
            });
            p.spawn((
                Shown::Offered,
                ui::button(w.get("draughts-accept"), "AcceptOffer", 3, false),
            ))
            .observe(answers(Say::Accept));
            p.spawn((
                Shown::Offered,
                ui::button(w.get("draughts-decline"), "DeclineOffer", 4, false),
            ))
            .observe(answers(Say::Decline));
            super::move_list::spawn(p, &w);
            p.spawn((DraughtsField::Help, WideOnly, ui::text("", 14.0, palette::DIM)));
        });
}

/// The status line: who is to move, and whether capturing is required.
pub fn status(w: &Words, table: &DraughtsMatch) -> String {
    if table.ending.is_some() {
        return table.ending_text(w);
    }
    match table.offer {
        Some(Offer::Draw(by)) if by != table.bottom => {
            return w.with("draughts-draw-offered", &[("name", table.shown_name(w, by).into())]);
        }
        Some(Offer::TakeBack(by)) if by != table.bottom => {
            return w.with("draughts-take-back-asked", &[("name", table.shown_name(w, by).into())]);
        }
        Some(_) => return w.get("draughts-offer-waiting"),
        None => {}
    }
    let colour = table.to_move();
    let to_move = || {
        w.with(
            "draughts-to-move",
            &[
                ("colour", w.get(colour_message(colour)).into()),
                ("name", table.shown_name(w, colour).into()),
            ],
        )
    };
    let who = match table.mover() {
        Player::Computer(_) if is_thinking(table) => w.get("draughts-thinking"),
        Player::Remote => to_move(),
        _ if table.players == [Player::Human; 2] => to_move(),
        _ => w.get("draughts-your-move"),
    };
    if has_capture(&table.game.position) {
        format!("{who}\n{}", w.get("draughts-capture-required"))
    } else {
        who
    }
}

fn sides(w: &Words, table: &DraughtsMatch) -> String {
    [Colour::Black, Colour::Red]
        .map(|c| {
            w.with(
                "draughts-side",
                &[
                    ("colour", w.get(colour_message(c)).into()),
                    ("name", table.shown_name(w, c).into()),
                    ("pieces", table.game.position.pieces(c).count_ones().into()),
                    ("captured", table.captured_by(c).into()),
                ],
            )
        })
        .join("\n\n")
}

fn update(
    table: Res<DraughtsMatch>,
    w: Res<Words>,
    mut fields: Query<(&DraughtsField, &mut Text)>,
) {
    for (field, mut text) in &mut fields {
        let value = match field {
            DraughtsField::Status => status(&w, &table),
            DraughtsField::Sides => sides(&w, &table),
            DraughtsField::LastMove => table.last_move().map_or(String::new(), |m| {
                w.with("draughts-last-move", &[("move", write_move(&m).into())])
            }),
            DraughtsField::Help => w.get("draughts-help"),
            DraughtsField::Ballot => table.ballot.map_or(String::new(), |b| {
                w.with(
                    "draughts-ballot",
                    &[("number", b.get().to_string().into()), ("moves", b.text().into())],
                )
            }),
        };
        if text.0 != value {
            text.0 = value;
        }
    }
}

fn show_buttons(table: Res<DraughtsMatch>, mut buttons: Query<(&Shown, &mut Node)>) {
    for (shown, mut node) in &mut buttons {
        let visible = match shown {
            Shown::Online => table.online,
            Shown::Offered => table.offer_to_answer().is_some(),
            Shown::Hint => super::hint::offered(&table),
        };
        let display = if visible { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
}

/// Take back here; online, a take-back (as a draw) is an offer the other player answers.
fn take_back(_: On<Pressed>, mut table: ResMut<DraughtsMatch>) {
    if table.online {
        table.say(Say::OfferTakeBack);
    } else {
        table.take_back();
    }
}

/// What the buttons that answer the other player's offer do, while one waits.
fn answers(answer: Say) -> impl Fn(On<Pressed>, ResMut<DraughtsMatch>) + Send + Sync {
    move |_, mut table| {
        if table.offer_to_answer().is_some() {
            table.say(answer);
        }
    }
}

/// Once the game has ended: the summary, and Results.
fn finish(
    mut commands: Commands,
    table: Res<DraughtsMatch>,
    (rematch, save): (Option<Res<DraughtsRematch>>, Option<Res<SavePdn>>),
    w: Res<Words>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if table.ending.is_none() {
        return;
    }
    let headline = match table.winner() {
        Some(colour) => w.with("draughts-wins", &[("name", table.shown_name(&w, colour).into())]),
        None => w.get("draughts-a-draw"),
    };
    commands.insert_resource(MatchSummary {
        headline,
        game: w.get("draughts-title"),
        sides: [Colour::Black, Colour::Red]
            .map(|c| {
                w.with(
                    "draughts-summary-side",
                    &[
                        ("name", table.shown_name(&w, c).into()),
                        ("colour", w.get(colour_message(c)).into()),
                        ("captured", table.captured_by(c).into()),
                    ],
                )
            })
            .to_vec(),
        ending: table.ending_text(&w),
        // Online, a rematch needs the friend again: a new invite.
        rematch: rematch.filter(|_| !table.online).map(|r| r.0),
        offers: save
            .map(|save| flow::Offer {
                label: w.get("draughts-save-pdn"),
                name: "SavePdn",
                run: save.0,
            })
            .into_iter()
            .collect(),
        note: None,
    });
    screen.set(Screen::Results);
}
