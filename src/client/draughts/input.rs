//! A person's move (CK-12): clicks, taps and drags on the board, turned into squares, and
//! the keyboard (type a square's number and Enter).

use super::DraughtsSystems;
use super::game::{DraughtsMatch, Player};
use super::geometry::square_at;
use super::move_list::Reviewing;
use super::selection::Picked;
use crate::client::board::pointer::{BoardPointer, PointerAction, PointerSystems};
use crate::client::flow::PausableSystems;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

/// A square chosen by number from the keyboard, being typed.
#[derive(Resource, Default, Debug)]
pub struct TypedSquare(pub String);

/// Reads the person's clicks, drags and keys.
pub(super) struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<TypedSquare>().add_systems(
            Update,
            (pointer.after(PointerSystems), keys).in_set(DraughtsSystems).in_set(PausableSystems),
        );
    }
}

/// Whether a person may move now: not while an earlier position is on the board.
fn persons_turn(table: &DraughtsMatch, reviewing: &Reviewing) -> bool {
    table.ending.is_none() && table.mover() == Player::Human && !reviewing.is_on(table)
}

/// A press picks up (or clicks); a release elsewhere drops the piece held there.
fn pointer(
    mut table: ResMut<DraughtsMatch>,
    reviewing: Res<Reviewing>,
    mut events: MessageReader<BoardPointer>,
    mut pressed: Local<Option<u32>>,
) {
    for event in events.read() {
        if !persons_turn(&table, &reviewing) {
            continue;
        }
        let Some(square) = square_at(event.at, table.bottom) else { continue };
        let table = &mut *table;
        let picked = match event.action {
            PointerAction::Press => {
                *pressed = Some(square);
                table.selection.click(&table.game, square)
            }
            PointerAction::Release if pressed.take().is_some_and(|p| p != square) => {
                table.selection.drop_on(&table.game, square)
            }
            PointerAction::Cancel => {
                *pressed = None;
                Picked::Nothing
            }
            _ => Picked::Nothing,
        };
        if let Picked::Play(m) = picked {
            table.commit(m);
        }
    }
}

fn keys(
    mut table: ResMut<DraughtsMatch>,
    reviewing: Res<Reviewing>,
    mut typed: MessageReader<KeyboardInput>,
    mut square: ResMut<TypedSquare>,
) {
    for key in typed.read() {
        if key.state != ButtonState::Pressed || !persons_turn(&table, &reviewing) {
            continue;
        }
        match &key.logical_key {
            Key::Character(c) if c.chars().all(|c| c.is_ascii_digit()) && square.0.len() < 2 => {
                square.0.push_str(c);
            }
            Key::Backspace => {
                square.0.pop();
            }
            Key::Enter => {
                let number: Option<u32> = square.0.parse().ok().filter(|n| (1..=32).contains(n));
                square.0.clear();
                let Some(number) = number else { continue };
                let table = &mut *table;
                if let Picked::Play(m) = table.selection.click(&table.game, number - 1) {
                    table.commit(m);
                }
            }
            _ => {}
        }
    }
}
