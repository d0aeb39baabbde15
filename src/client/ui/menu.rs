//! Menus by mouse, touch and keyboard: a clicked button is [`Pressed`] at once, a tapped
//! one when the finger lifts (a finger that moved was scrolling the page); Tab or the
//! arrow keys move the focus, Enter presses, Esc presses the screen's way back.

use super::button::{GoesBack, MenuButton, Pressed};
use super::finger::ButtonsUnder;
use super::focus::Focus;
use super::notice::Notice;
use super::palette;
use crate::client::flow::{Pause, Screen};
use bevy::input::touch::Touches;
use bevy::prelude::*;

/// How far (logical pixels) a finger may move on a button and still tap it.
const TAP_SLOP: f32 = 12.0;

/// The systems that turn clicks, taps and menu keys into presses of buttons (whose
/// observers act at once, before the systems after this set run).
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MenuSet;

/// Buttons, focus and keyboard navigation.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Focus>().init_resource::<Notice>().add_systems(
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

/// The buttons a mouse has just clicked or let go of.
type Clicked<'w, 's> =
    Query<'w, 's, (Entity, &'static Interaction), (Changed<Interaction>, With<MenuButton>)>;

/// A click presses its button at once; a finger taps the button it landed on when it
/// lifts there (found from its own place: [`ButtonsUnder`]), unless it moved, scrolling.
/// A screen built again meanwhile has the same button anew: the tap goes to it.
fn press_buttons(
    buttons: Clicked,
    named: Query<(Entity, &Name), With<MenuButton>>,
    touches: Res<Touches>,
    under: ButtonsUnder,
    mut tapping: Local<Option<(Entity, Name, u64)>>,
    mut commands: Commands,
) {
    match touches.iter_just_pressed().next() {
        // Bevy also presses whatever it takes the finger to be on: that is not used.
        Some(finger) => {
            let landed = under.at(finger.start_position());
            let name = |button| named.get(button).ok().map(|(_, name)| name.clone());
            *tapping = landed.and_then(|b| Some((b, name(b)?, finger.id())));
        }
        None => {
            for (button, interaction) in &buttons {
                if *interaction == Interaction::Pressed {
                    commands.trigger(Pressed { entity: button });
                }
            }
        }
    }
    let Some((button, name, finger)) = tapping.clone() else { return };
    let moved = |t: &bevy::input::touch::Touch| t.distance().length() > TAP_SLOP;
    if let Some(lifted) = touches.get_released(finger) {
        let now = if named.contains(button) {
            Some(button)
        } else {
            named.iter().find(|(_, n)| **n == name).map(|(b, _)| b)
        };
        if let Some(button) = now.filter(|_| !moved(lifted)) {
            commands.trigger(Pressed { entity: button });
        }
        *tapping = None;
    } else if touches.just_canceled(finger) || touches.get_pressed(finger).is_none_or(moved) {
        *tapping = None;
    }
}

fn navigate(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Query<(Entity, &MenuButton)>,
    mut focus: ResMut<Focus>,
    mut commands: Commands,
) {
    let mut orders: Vec<u16> = buttons.iter().map(|(_, b)| b.order).collect();
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
        && let Some((button, _)) = focus.0.and_then(|f| buttons.iter().find(|(_, b)| b.order == f))
    {
        commands.trigger(Pressed { entity: button });
    }
}

/// Esc presses the button that leaves the screen, where it has one.
fn escape_goes_back(
    keys: Res<ButtonInput<KeyCode>>,
    back: Query<Entity, With<GoesBack>>,
    mut commands: Commands,
) {
    if keys.just_pressed(KeyCode::Escape)
        && let Some(button) = back.iter().next()
    {
        commands.trigger(Pressed { entity: button });
    }
}

fn clear_focus(mut focus: ResMut<Focus>, screen: Res<State<Screen>>) {
    if screen.is_changed() {
        focus.0 = None;
    }
}

fn paint_buttons(
    focus: Res<Focus>,
    mut buttons: Query<(&Interaction, &MenuButton, &mut BackgroundColor, &mut BorderColor)>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::touch::{TouchInput, TouchPhase, touch_screen_input_system};
    use bevy::ui::{ComputedNode, UiGlobalTransform, UiStack};

    /// The names of the buttons pressed, in order.
    #[derive(Resource, Default)]
    struct PressedNames(Vec<String>);

    /// A world with Play (100×40 at (200, 100)) and Disc Pool, the same size at (200, 300),
    /// where no mouse pointer has ever been.
    fn home() -> (World, Schedule) {
        let mut world = World::new();
        world.init_resource::<Touches>();
        world.init_resource::<Messages<TouchInput>>();
        world.init_resource::<PressedNames>();
        world.add_observer(
            |p: On<Pressed>, names: Query<&Name>, mut said: ResMut<PressedNames>| {
                said.0.push(names.get(p.entity).map_or("?".into(), |n| n.to_string()));
            },
        );
        let node = ComputedNode { size: Vec2::new(100.0, 40.0), ..default() };
        let button = |name: &'static str, y: f32| {
            let at = UiGlobalTransform::from_translation(Vec2::new(200.0, y));
            (MenuButton { order: 0, selected: false }, Name::new(name), node, at)
        };
        let shown = InheritedVisibility::VISIBLE;
        let pool = world.spawn(button("Variant(DiscPool)", 300.0)).insert(shown).id();
        let play = world.spawn(button("Play", 100.0)).insert(shown).id();
        world.insert_resource(UiStack {
            partition: std::iter::once(0..2).collect(),
            uinodes: vec![pool, play],
        });
        let mut schedule = Schedule::default();
        schedule.add_systems((touch_screen_input_system, press_buttons).chain());
        (world, schedule)
    }

    /// One frame in which the fingers did `touches` (phase, place): what was pressed.
    fn frame(
        (world, schedule): &mut (World, Schedule),
        touches: &[(TouchPhase, Vec2)],
    ) -> Vec<String> {
        for &(phase, position) in touches {
            let window = Entity::PLACEHOLDER;
            let input = TouchInput { phase, position, window, force: None, id: 0 };
            world.resource_mut::<Messages<TouchInput>>().write(input);
        }
        schedule.run(world);
        let pressed = std::mem::take(&mut world.resource_mut::<PressedNames>().0);
        world.resource_mut::<Messages<TouchInput>>().update();
        pressed
    }

    #[test]
    fn a_tap_quicker_than_a_frame_presses_the_button_it_landed_on() {
        let mut world = home();
        // Bevy, which never saw the finger pressed, took it to be where the mouse last was.
        let mut buttons = world.0.query::<(&Name, &mut Interaction)>();
        for (name, mut interaction) in buttons.iter_mut(&mut world.0) {
            if name.as_str() != "Play" {
                *interaction = Interaction::Pressed;
            }
        }
        let play = Vec2::new(210.0, 95.0);
        let tap = [(TouchPhase::Started, play), (TouchPhase::Ended, play)];
        assert_eq!(frame(&mut world, &tap), ["Play"]);
        let pool = Vec2::new(200.0, 300.0);
        assert!(frame(&mut world, &[(TouchPhase::Started, pool)]).is_empty(), "on the lift");
        let lifted = frame(&mut world, &[(TouchPhase::Ended, pool)]);
        assert_eq!(lifted, ["Variant(DiscPool)"]);
    }

    #[test]
    fn a_tap_on_a_button_built_again_under_the_finger_presses_the_new_one() {
        let mut world = home();
        let play = Vec2::new(200.0, 100.0);
        assert!(frame(&mut world, &[(TouchPhase::Started, play)]).is_empty());
        let mut named = world.0.query::<(Entity, &Name)>();
        let old = named.iter(&world.0).find(|(_, n)| n.as_str() == "Play").map(|(e, _)| e);
        world.0.despawn(old.expect("Play"));
        world.0.spawn((MenuButton { order: 0, selected: false }, Name::new("Play")));
        assert_eq!(frame(&mut world, &[(TouchPhase::Ended, play)]), ["Play"]);
    }

    #[test]
    fn a_finger_that_moved_off_or_landed_on_no_button_presses_nothing() {
        let mut world = home();
        let (play, below) = (Vec2::new(200.0, 100.0), Vec2::new(200.0, 130.0));
        assert!(frame(&mut world, &[(TouchPhase::Started, play)]).is_empty());
        assert!(frame(&mut world, &[(TouchPhase::Moved, below)]).is_empty());
        assert!(frame(&mut world, &[(TouchPhase::Ended, below)]).is_empty(), "it was scrolling");
        let beside = Vec2::new(400.0, 100.0);
        let tap = [(TouchPhase::Started, beside), (TouchPhase::Ended, beside)];
        assert!(frame(&mut world, &tap).is_empty());
    }
}
