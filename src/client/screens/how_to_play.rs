//! How to play: the rules of the game type selected on Home, and the controls.

use crate::client::flow::GameType;
use crate::client::flow::screen::Screen;
use crate::client::flow::setup::{MatchSetup, variant_message};
use crate::client::screens::rules_text::{COMMON, CONTROLS, DRAUGHTS, DRAUGHTS_CONTROLS, rules};
use crate::client::ui::{self, palette};
use crate::client::words::Words;
use bevy::prelude::*;

/// The How to play screen.
pub(super) struct HowToPlayPlugin;

impl Plugin for HowToPlayPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::HowToPlay), spawn);
    }
}

fn spawn(mut commands: Commands, setup: Res<MatchSetup>, w: Res<Words>) {
    let variant = setup.variant;
    let (title, [rules_text, common, controls]) = match setup.game {
        GameType::Carrom => (variant_message(variant), [rules(variant), COMMON, CONTROLS]),
        GameType::Draughts => ("game-draughts", [DRAUGHTS, "", DRAUGHTS_CONTROLS]),
    };
    let title = w.with("how-to-play-title", &[("game", w.get(title).into())]);
    commands.spawn(ui::screen_root(Screen::HowToPlay)).with_children(|root| {
        root.spawn(ui::text(title, 36.0, palette::ACCENT));
        root.spawn(Node {
            flex_direction: FlexDirection::Column,
            max_width: px(900),
            row_gap: px(12),
            padding: UiRect::all(px(12)),
            ..default()
        })
        .with_children(|body| {
            body.spawn(ui::text(w.get(rules_text), 17.0, palette::TEXT));
            if !common.is_empty() {
                body.spawn(ui::text(w.get(common), 16.0, palette::DIM));
            }
            body.spawn(ui::text(w.get(controls), 16.0, palette::DIM));
        });
        root.spawn(ui::back_button(w.get("back"), 1)).observe(ui::opens(Screen::Home));
    });
}
