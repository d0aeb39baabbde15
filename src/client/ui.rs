//! The menu widgets every screen shares: buttons that send an [`Action`], keyboard focus
//! (Tab or the arrow keys to move, Enter to press, Esc to go back), text and the palette.

use super::pause::Paused;
use super::screen::Screen;
use super::setup::Mode;
use crate::bot::BotLevel;
use crate::rules::Variant;
use crate::sim::PresetId;
use bevy::prelude::*;

/// Colours of the whole client.
pub mod palette {
    use bevy::prelude::Color;

    /// Behind everything.
    pub const BACKDROP: Color = Color::srgb(0.10, 0.11, 0.13);
    /// Body text.
    pub const TEXT: Color = Color::srgb(0.93, 0.92, 0.88);
    /// Secondary text.
    pub const DIM: Color = Color::srgb(0.65, 0.66, 0.68);
    /// Headings and what needs attention.
    pub const ACCENT: Color = Color::srgb(0.98, 0.74, 0.30);
    /// Fouls and warnings.
    pub const WARN: Color = Color::srgb(0.95, 0.45, 0.40);
    /// A button at rest.
    pub const BUTTON: Color = Color::srgb(0.20, 0.22, 0.26);
    /// A button under the mouse.
    pub const BUTTON_HOVER: Color = Color::srgb(0.28, 0.31, 0.36);
    /// A chosen option.
    pub const BUTTON_SELECTED: Color = Color::srgb(0.55, 0.36, 0.16);
    /// Panels over the board.
    pub const PANEL: Color = Color::srgba(0.06, 0.07, 0.08, 0.82);
}

/// What pressing a button (or its key) asks for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Home: choose the game type.
    Variant(Variant),
    /// Home: choose the mode.
    Mode(Mode),
    /// Home: choose the number of players.
    Players(u8),
    /// Home: choose the board.
    Preset(PresetId),
    /// Home: choose the shot clock, seconds (0: off).
    ShotClock(u16),
    /// Home: choose the bot's strength.
    Level(BotLevel),
    /// Home: switch player `n` (1–3) between a person and the bot.
    ToggleBot(u8),
    /// Home: start a match.
    Play,
    /// Home (online): create a private match.
    CreateMatch,
    /// Home (online): start or stop typing an invite code.
    EditCode,
    /// Home (online): join the private match whose code was typed.
    JoinCode,
    /// Home (online): join the quick-match queue.
    QuickMatch,
    /// Home: carry on with the saved match.
    Resume,
    /// Open How to play.
    HowToPlay,
    /// Open Settings.
    Settings,
    /// Leave the game.
    Quit,
    /// Back to the previous screen (Esc).
    Back,
    /// Settings: start typing player `n`'s name.
    EditName(u8),
    /// Settings: change the sound volume by this many steps.
    Volume(i8),
    /// Settings: switch between a window and full screen.
    ToggleFullscreen,
    /// Pause: back to the match.
    Continue,
    /// Pause: the shooter's side resigns.
    Resign,
    /// Pause: keep the match for later and go home.
    SaveAndLeave,
    /// Results: the same match again.
    Rematch,
    /// Results: back to Home.
    Home,
}

/// A button: the action it sends and its place in the keyboard order.
#[derive(Component, Clone, Copy, Debug)]
#[require(Button)]
pub struct ActionButton {
    /// Sent when pressed.
    pub action: Action,
    /// Position in the keyboard focus order (lowest first).
    pub order: u16,
    /// Shown as the chosen option of a selector.
    pub selected: bool,
}

/// A message for the player shown on Home (for example a save that could not be read).
#[derive(Resource, Default, Debug, Clone)]
pub struct Notice(pub Option<String>);

/// The systems that turn presses and menu keys into [`Action`]s.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MenuSet;

/// The button that Enter presses, by its focus order.
#[derive(Resource, Default, Debug)]
struct Focus(Option<u16>);

/// Buttons, focus and keyboard navigation.
pub(super) struct UiPlugin;

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
        app.add_systems(StateTransition, clear_focus);
    }
}

/// The menu keys work on every screen but the match itself (there they aim), and on the
/// pause menu.
fn menu_keys_active(screen: Res<State<Screen>>, paused: Res<Paused>) -> bool {
    *screen.get() != Screen::Game || paused.0
}

fn press_buttons(
    buttons: Query<(&Interaction, &ActionButton), Changed<Interaction>>,
    mut actions: MessageWriter<Action>,
) {
    for (interaction, button) in &buttons {
        if *interaction == Interaction::Pressed {
            actions.write(button.action);
        }
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
        let fill = match (button.selected, interaction) {
            (true, _) => palette::BUTTON_SELECTED,
            (false, Interaction::None) => palette::BUTTON,
            (false, _) => palette::BUTTON_HOVER,
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

/// Text of `size` logical pixels.
pub fn text(value: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (Text::new(value), TextFont { font_size: FontSize::Px(size), ..default() }, TextColor(colour))
}

/// A button labelled `label`.
pub fn button(label: impl Into<String>, action: Action, order: u16, selected: bool) -> impl Bundle {
    (
        ActionButton { action, order, selected },
        Node {
            padding: UiRect::axes(px(16), px(8)),
            margin: UiRect::all(px(4)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(6)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(palette::BUTTON),
        BorderColor::all(Color::NONE),
        children![text(label, 20.0, palette::TEXT)],
    )
}

/// A full-window column for a menu screen.
pub fn screen_root(screen: Screen) -> impl Bundle {
    (
        DespawnOnExit(screen),
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            row_gap: px(6),
            ..default()
        },
        BackgroundColor(palette::BACKDROP),
    )
}

/// A row of widgets.
pub fn row() -> impl Bundle {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        ..default()
    }
}
