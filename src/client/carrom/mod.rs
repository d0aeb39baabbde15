//! What is carrom's own in the client: its board drawn from the preset, the pieces, the
//! aim guide, the striker's controls, the bot's seats, the HUD, the camera and sounds.

pub mod aim_view;
pub mod aiming;
pub mod announce;
pub mod board_view;
pub mod bot_seat;
pub mod camera;
pub mod hud;
pub mod pieces_view;
pub mod sound;

use bevy::prelude::*;

/// Carrom's input, bot seats and HUD (no drawing: headless tests run it).
pub(super) struct CarromPlugin;

impl Plugin for CarromPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            aiming::AimingPlugin,
            bot_seat::BotSeatPlugin,
            hud::HudPlugin,
            announce::AnnouncePlugin,
        ));
    }
}

/// Carrom drawn and heard: camera, board, pieces, guide, sounds.
pub(super) struct CarromViewPlugin;

impl Plugin for CarromViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            camera::CameraPlugin,
            board_view::BoardViewPlugin,
            pieces_view::PiecesViewPlugin,
            aim_view::AimViewPlugin,
            sound::SoundPlugin,
        ));
    }
}
