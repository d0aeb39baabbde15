//! What is carrom's own in the client: its board drawn from the preset, the pieces, the
//! aim guide, the striker's controls, the bot's seats, the HUD, the camera, sounds, buzzes,
//! and the look: themes, painted art, pocketing, impacts and the striker's path.

pub mod aim_view;
pub mod aiming;
pub mod announce;
pub mod art;
pub mod board_view;
pub mod bot_seat;
pub mod camera;
pub mod flash;
pub mod haptics;
pub mod hud;
pub mod impact;
pub mod pieces_view;
pub mod pocketing;
pub mod showcase;
pub mod sound;
pub mod tally;
pub mod trail;

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

/// Carrom drawn and heard: camera, the art in the player's theme, board, pieces, guide,
/// pocketing, impacts, the striker's path, the tally, Home's board, sounds and a phone's
/// buzz.
pub(super) struct CarromViewPlugin;

impl Plugin for CarromViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            camera::CameraPlugin,
            art::ArtPlugin,
            board_view::BoardViewPlugin,
            pieces_view::PiecesViewPlugin,
            aim_view::AimViewPlugin,
            pocketing::PocketingPlugin,
            flash::FlashPlugin,
            trail::TrailPlugin,
            tally::TallyPlugin,
            showcase::ShowcasePlugin,
            sound::SoundPlugin,
            haptics::HapticsPlugin,
        ));
    }
}
