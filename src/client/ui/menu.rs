//! Menus by mouse, touch and keyboard: a clicked button sends its [`Action`], a tapped one
//! when the finger lifts (a finger that moved was scrolling the page); Tab or the arrow
//! keys move the focus, Enter presses, Esc goes back.

use super::action::{Action, ActionButton};
use super::focus::Focus;
use super::notice::Notice;
use super::palette;
use crate::client::flow::{Pause, Screen};
use bevy::input::touch::Touches;
use bevy::prelude::*;

/// How far (logical pixels) a finger may move on a button and still tap it.
const TAP_SLOP: f32 = 12.0;

/// The systems that turn presses and menu keys into [`Action`]s.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MenuSet;

/// Buttons, focus and keyboard navigation.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Action>().init_resource::<Focus>().init_resource::<Notice>().add_systems(
            Update,
            (
                press_buttons,
                navigate.run_if(menu_keys_active),
                escape_goes_back.run_if(menu_keys_active),
                paint_buttons,
            )
                .chain()
                .in_set(MenuSet),
        );
        app.add_systems(StateTransition, clear_focus).add_plugins((
            super::clipboard::ClipboardPlugin,
            super::scrolling::ScrollingPlugin,
            super::orientation::OrientationPlugin,
        ));
    }
}

/// The menu keys work on every screen but the match itself (there they aim), and on the
/// pause menu.
fn menu_keys_active(screen: Res<State<Screen>>, pause: Option<Res<State<Pause>>>) -> bool {
    *screen.get() != Screen::Game || pause.is_some_and(|p| *p.get() == Pause::Paused)
}

fn press_buttons(
    buttons: Query<(&Interaction, &ActionButton), Changed<Interaction>>,
    touches: Res<Touches>,
    mut tapping: Local<Option<(Action, u64)>>,
    mut actions: MessageWriter<Action>,
) {
    let landed = touches.iter_just_pressed().next().map(|t| t.id());
    for (interaction, button) in &buttons {
        if *interaction == Interaction::Pressed {
            match landed {
                Some(finger) => *tapping = Some((button.action, finger)),
                None => {
                    actions.write(button.action);
                }
            }
        }
    }
    let Some((action, finger)) = *tapping else { return };
    let moved = |t: &bevy::input::touch::Touch| t.distance().length() > TAP_SLOP;
    if let Some(lifted) = touches.get_released(finger) {
        if !moved(lifted) {
            actions.write(action);
        }
        *tapping = None;
    } else if touches.just_canceled(finger) || touches.get_pressed(finger).is_none_or(moved) {
        *tapping = None;
    }
}

fn navigate(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Query<&ActionButton>,
    mut focus: ResMut<Focus>,
    mut actions: MessageWriter<Action>,
) {
    let mut orders: Vec<u16> = buttons.iter().map(|b| b.order).collect();
    orders.sort_unstable();
    if orders.is_empty() {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let forward = keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::ArrowRight])
        || (keys.just_pressed(KeyCode::Tab) && !shift);
    let backward = keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::ArrowLeft])
        || (keys.just_pressed(KeyCode::Tab) && shift);
    let at = focus.0.and_then(|f| orders.iter().position(|&o| o == f));
    if forward {
        focus.0 = Some(orders[at.map_or(0, |i| (i + 1) % orders.len())]);
    } else if backward {
        focus.0 =
            Some(orders[at.map_or(orders.len() - 1, |i| (i + orders.len() - 1) % orders.len())]);
    } else if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter])
        && let Some(button) = focus.0.and_then(|f| buttons.iter().find(|b| b.order == f))
    {
        actions.write(button.action);
    }
}

fn escape_goes_back(keys: Res<ButtonInput<KeyCode>>, mut actions: MessageWriter<Action>) {
    if keys.just_pressed(KeyCode::Escape) {
        actions.write(Action::Back);
    }
}

fn clear_focus(mut focus: ResMut<Focus>, screen: Res<State<Screen>>) {
    if screen.is_changed() {
        focus.0 = None;
    }
}

fn paint_buttons(
    focus: Res<Focus>,
    mut buttons: Query<(&Interaction, &ActionButton, &mut BackgroundColor, &mut BorderColor)>,
) {
    for (interaction, button, mut background, mut border) in &mut buttons {
        // Every button answers the mouse the same way, chosen or not.
        let fill = match (button.selected, interaction) {
            (true, Interaction::None) => palette::BUTTON_SELECTED,
            (true, _) => palette::BUTTON_SELECTED_HOVER,
            (false, Interaction::None) => palette::BUTTON,
            (false, Interaction::Hovered) => palette::BUTTON_HOVER,
            (false, Interaction::Pressed) => palette::BUTTON_PRESSED,
        };
        let edge = if focus.0 == Some(button.order) { palette::ACCENT } else { Color::NONE };
        if background.0 != fill {
            background.0 = fill;
        }
        let edge = BorderColor::all(edge);
        if *border != edge {
            *border = edge;
        }
    }
}
