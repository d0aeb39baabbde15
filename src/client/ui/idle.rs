//! While a menu stands still, the window is drawn a few times a second instead of every
//! frame: a phone's battery and a laptop's fan are spared. A key, the mouse, a finger, a
//! new screen or a new notice wakes it at once for a while. A match, the lobby and the
//! LAN list always run every frame: their clocks, sessions and sockets need it.

use crate::client::flow::Screen;
use crate::client::hosts::lobby::Lobby;
use crate::client::hosts::online::Online;
use crate::client::ui::Notice;
use crate::client::words::Words;
use bevy::ecs::system::SystemParam;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::input::touch::TouchInput;
use bevy::prelude::*;
use bevy::window::{CursorMoved, WindowResized};
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

/// How often a still menu is drawn.
const IDLE_WAIT: Duration = Duration::from_millis(250);

/// How long the window runs every frame after it was stirred (a transition, a press
/// answered over a few frames, a button's colour following the pointer).
const AWAKE_FOR: Duration = Duration::from_secs(1);

/// Keeps the window running every frame whatever happens (a check driving it, which
/// counts frames, is a player who never stops).
#[derive(Resource, Default)]
pub struct StayAwake;

/// When the window was last stirred, on the real clock.
#[derive(Resource, Default)]
struct Stirred(Option<Duration>);

/// Slows a still menu's drawing (only where a window is: `WinitSettings` exists).
pub struct IdlePlugin;

impl Plugin for IdlePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Stirred>()
            .add_systems(Last, (stir, pace.run_if(resource_exists::<WinitSettings>)).chain());
    }
}

/// What a person does to the window.
#[derive(SystemParam)]
struct Acts<'w, 's> {
    keys: MessageReader<'w, 's, KeyboardInput>,
    buttons: MessageReader<'w, 's, MouseButtonInput>,
    wheels: MessageReader<'w, 's, MouseWheel>,
    touches: MessageReader<'w, 's, TouchInput>,
    moves: MessageReader<'w, 's, CursorMoved>,
    resized: MessageReader<'w, 's, WindowResized>,
}

impl Acts<'_, '_> {
    /// Whether anything was done since last asked.
    fn any(&mut self) -> bool {
        let count = self.keys.read().count()
            + self.buttons.read().count()
            + self.wheels.read().count()
            + self.touches.read().count()
            + self.moves.read().count()
            + self.resized.read().count();
        count > 0
    }
}

/// Something a person did, or something new to show.
fn stir(
    time: Res<Time<Real>>,
    mut acts: Acts,
    changed: (Res<State<Screen>>, Res<Notice>, Res<Words>),
    mut stirred: ResMut<Stirred>,
) {
    let (screen, notice, words) = changed;
    if acts.any() || screen.is_changed() || notice.is_changed() || words.is_changed() {
        stirred.0 = Some(time.elapsed());
    }
}

/// Every frame where something runs or was just stirred; a few times a second otherwise.
fn pace(
    time: Res<Time<Real>>,
    stirred: Res<Stirred>,
    screen: Res<State<Screen>>,
    online: Option<Res<Online>>,
    lobby: Option<Res<Lobby>>,
    stay_awake: Option<Res<StayAwake>>,
    mut settings: ResMut<WinitSettings>,
) {
    let running = matches!(screen.get(), Screen::Game | Screen::Lobby | Screen::LanGames)
        || online.is_some()
        || lobby.is_some()
        || stay_awake.is_some();
    let awake = stirred.0.is_some_and(|at| time.elapsed().saturating_sub(at) < AWAKE_FOR);
    let wanted = if running || awake {
        WinitSettings::game()
    } else {
        WinitSettings {
            focused_mode: UpdateMode::reactive(IDLE_WAIT),
            unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
        }
    };
    if settings.focused_mode != wanted.focused_mode
        || settings.unfocused_mode != wanted.unfocused_mode
    {
        *settings = wanted;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyCode};
    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;

    /// A client's menus without a window, a quarter second a frame.
    fn menus() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(250)))
            .init_state::<Screen>()
            .init_resource::<Notice>()
            .init_resource::<Words>()
            .init_resource::<WinitSettings>()
            .add_message::<KeyboardInput>()
            .add_message::<MouseButtonInput>()
            .add_message::<MouseWheel>()
            .add_message::<TouchInput>()
            .add_message::<CursorMoved>()
            .add_message::<WindowResized>()
            .add_plugins(IdlePlugin);
        app
    }

    fn every_frame(app: &App) -> bool {
        app.world().resource::<WinitSettings>().focused_mode == UpdateMode::Continuous
    }

    fn frames(app: &mut App, n: usize) {
        for _ in 0..n {
            app.update();
        }
    }

    #[test]
    fn a_still_menu_slows_down_and_a_key_wakes_it_for_a_while() {
        let mut app = menus();
        frames(&mut app, 2);
        assert!(every_frame(&app), "a new screen is drawn every frame at first");
        frames(&mut app, 6);
        assert!(!every_frame(&app), "still for over a second: a few frames a second");
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Tab,
            logical_key: Key::Tab,
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        frames(&mut app, 1);
        assert!(every_frame(&app), "a key wakes it");
        frames(&mut app, 6);
        assert!(!every_frame(&app), "and it slows again once still");
        app.world_mut().resource_mut::<Notice>().add("a file could not be read".into());
        frames(&mut app, 1);
        assert!(every_frame(&app), "a new notice is drawn at once");
    }

    #[test]
    fn a_match_runs_every_frame_however_still() {
        let mut app = menus();
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
        frames(&mut app, 12);
        assert!(every_frame(&app));
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Home);
        app.init_resource::<StayAwake>();
        frames(&mut app, 12);
        assert!(every_frame(&app), "a check that counts frames keeps every one");
    }
}
