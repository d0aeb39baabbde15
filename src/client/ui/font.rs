//! The UI's typeface: DejaVu Sans (licence in `assets/fonts/`), built into the binary so
//! the game reads the same wherever it is installed. It replaces Bevy's default font, so
//! every text uses it; headings take the bold face through [`Fonts`].

use super::widgets::Heading;
use bevy::asset::AssetId;
use bevy::prelude::*;

const REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// The faces beyond the default (regular) one.
#[derive(Resource, Clone, Debug, Default)]
pub struct Fonts {
    /// Headings, the title and the turn.
    pub bold: Handle<Font>,
}

/// Installs the typeface. Needs the text plugin (part of `DefaultPlugins`).
pub struct FontPlugin;

impl Plugin for FontPlugin {
    fn build(&self, app: &mut App) {
        let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
        // Before the first frame, so no text is ever laid out in the old default.
        if let Err(error) = fonts.insert(AssetId::default(), Font::from_bytes(REGULAR.to_vec())) {
            warn!("the UI font could not replace the default: {error}");
        }
        let bold = fonts.add(Font::from_bytes(BOLD.to_vec()));
        app.insert_resource(Fonts { bold }).add_systems(PostUpdate, embolden);
    }
}

/// Headings take the bold face as they appear.
fn embolden(fonts: Res<Fonts>, mut headings: Query<&mut TextFont, Added<Heading>>) {
    for mut font in &mut headings {
        font.font = FontSource::Handle(fonts.bold.clone());
    }
}
