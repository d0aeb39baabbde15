//! A phone's life in the page: the screen stays awake while a match is shown (the page's
//! `carromAwake`, the Wake Lock API where the browser has it), the board's buzzes reach the
//! hand (`carromBuzz`, the Vibration API where the browser has it), and a match on this device
//! alone is paused when the page was hidden (the page's `carromWasHidden`). A hidden page
//! draws no frames at all, so an online match stops being stepped there; its peers wait
//! for it as for any player who dropped, for the match's grace period.

use super::carrom::haptics::Buzz;
use super::flow::{MatchHost, Pause, Screen};
use bevy::prelude::*;
use wasm_bindgen::JsValue;

/// Keeps the screen awake in a match and pauses a local one the page hid.
pub(super) struct PageLifePlugin;

impl Plugin for PageLifePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (stay_awake.run_if(state_changed::<Screen>), buzz_the_hand, pause_when_hidden),
        );
    }
}

/// The page's `window[name]`.
fn page_value(name: &str) -> Option<JsValue> {
    let page = web_sys::window()?;
    js_sys::Reflect::get(&page, &JsValue::from_str(name)).ok()
}

fn stay_awake(screen: Res<State<Screen>>) {
    let Some(awake) = page_value("carromAwake") else { return };
    if let Some(awake) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&awake) {
        let _ = awake.call1(&JsValue::NULL, &JsValue::from_bool(*screen.get() == Screen::Game));
    }
}

fn buzz_the_hand(mut buzzes: MessageReader<Buzz>) {
    let Some(longest) = buzzes.read().map(|b| b.0).max() else { return };
    let Some(buzz) = page_value("carromBuzz") else { return };
    if let Some(buzz) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&buzz) {
        let _ = buzz.call1(&JsValue::NULL, &JsValue::from(longest));
    }
}

fn pause_when_hidden(
    host: Res<State<MatchHost>>,
    pause: Option<Res<State<Pause>>>,
    mut next: ResMut<NextState<Pause>>,
) {
    if page_value("carromWasHidden").and_then(|v| v.as_bool()) != Some(true) {
        return;
    }
    if let Some(page) = web_sys::window() {
        let key = JsValue::from_str("carromWasHidden");
        let _ = js_sys::Reflect::set(&page, &key, &JsValue::FALSE);
    }
    let running = pause.is_some_and(|p| *p.get() == Pause::Running);
    if running && *host.get() == MatchHost::Local {
        info!("carrom: the page was hidden: the match is paused");
        next.set(Pause::Paused);
    }
}
