//! The UI's typefaces: Noto Sans for Latin and Greek, Noto Sans Devanagari for Hindi and
//! Marathi, Noto Naskh Arabic for Urdu (licence in `assets/fonts/`), built into the binary
//! so the game reads the same wherever it is installed. Noto Sans replaces Bevy's default
//! font, so every text uses it; the shaper takes a Devanagari or Arabic run from its
//! script's face ([`fall_back`]); headings take the bold faces through [`Fonts`].

use super::widgets::Heading;
use bevy::asset::AssetId;
use bevy::prelude::*;
use bevy::text::{FontCx, load_font_assets_into_font_collection};
use parley::fontique::Script;

/// A typeface built in.
pub struct Face {
    /// Its family name, as the shaper's collection knows it.
    pub family: &'static str,
    /// The script (ISO 15924) it is the fallback for; `None` for the default face.
    pub script: Option<&'static str>,
    /// The regular face's file.
    pub regular: &'static [u8],
    /// The bold face's file.
    pub bold: &'static [u8],
}

/// Every face built in, the default first.
pub const FACES: [Face; 3] = [
    Face {
        family: "Noto Sans",
        script: None,
        regular: include_bytes!("../../../assets/fonts/NotoSans-Regular.ttf"),
        bold: include_bytes!("../../../assets/fonts/NotoSans-Bold.ttf"),
    },
    Face {
        family: "Noto Sans Devanagari",
        script: Some("Deva"),
        regular: include_bytes!("../../../assets/fonts/NotoSansDevanagari-Regular.ttf"),
        bold: include_bytes!("../../../assets/fonts/NotoSansDevanagari-Bold.ttf"),
    },
    Face {
        family: "Noto Naskh Arabic",
        script: Some("Arab"),
        regular: include_bytes!("../../../assets/fonts/NotoNaskhArabic-Regular.ttf"),
        bold: include_bytes!("../../../assets/fonts/NotoNaskhArabic-Bold.ttf"),
    },
];

/// The faces beyond the default (regular) one.
#[derive(Resource, Clone, Debug, Default)]
pub struct Fonts {
    /// Headings, the title and the turn.
    pub bold: Handle<Font>,
    /// The other scripts' faces, held so they stay loaded.
    scripts: Vec<Handle<Font>>,
    /// Whether the script fallbacks are in the shaper's font collection.
    fallbacks_set: bool,
}

/// Installs the typefaces. Needs the text plugin (part of `DefaultPlugins`).
pub struct FontPlugin;

impl Plugin for FontPlugin {
    fn build(&self, app: &mut App) {
        let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
        let [Face { regular, bold, .. }, scripts @ ..] = FACES;
        // Before the first frame, so no text is ever laid out in the old default.
        if let Err(error) = fonts.insert(AssetId::default(), Font::from_bytes(regular.to_vec())) {
            warn!("the UI font could not replace the default: {error}");
        }
        let bold = fonts.add(Font::from_bytes(bold.to_vec()));
        let scripts = scripts
            .iter()
            .flat_map(|face| [face.regular, face.bold])
            .map(|face| fonts.add(Font::from_bytes(face.to_vec())))
            .collect();
        app.insert_resource(Fonts { bold, scripts, fallbacks_set: false }).add_systems(
            PostUpdate,
            (
                embolden,
                fall_back
                    .after(load_font_assets_into_font_collection)
                    .before(bevy::text::detect_text_needs_rerender)
                    .before(bevy::ui::UiSystems::Prepare),
            ),
        );
    }
}

/// Headings take the bold face as they appear.
fn embolden(fonts: Res<Fonts>, mut headings: Query<&mut TextFont, Added<Heading>>) {
    for mut font in &mut headings {
        font.font = FontSource::Handle(fonts.bold.clone());
    }
}

/// Once the faces are in the shaper's collection, names each script's face as the one to
/// fall back to, so a Hindi word or an Urdu name inside any text is drawn in its script.
fn fall_back(mut fonts: ResMut<Fonts>, mut shaper: ResMut<FontCx>) {
    if fonts.fallbacks_set {
        return;
    }
    let collection = &mut shaper.collection;
    let mut found = 0;
    for Face { family, script, .. } in FACES {
        let (Some(script), Some(id)) = (script, collection.family_id(family)) else { continue };
        let Ok(script) = script.parse::<Script>() else { continue };
        collection.set_fallbacks(script, std::iter::once(id));
        found += 1;
    }
    // Each script's face comes regular and bold.
    fonts.fallbacks_set = found * 2 == fonts.scripts.len();
}

/// The characters of `text` that no built-in face has a glyph for (they would be drawn as
/// boxes). Invisible controls (bidi isolates, joiners) are not drawn and need none.
#[cfg(any(test, not(target_arch = "wasm32")))]
pub fn missing_glyphs(text: &str) -> Vec<char> {
    use skrifa::MetadataProvider;
    let maps: Vec<_> = FACES
        .iter()
        .filter_map(|face| skrifa::FontRef::new(face.regular).ok())
        .map(|font| font.charmap())
        .collect();
    let invisible = |c: char| {
        c.is_whitespace() || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2066}'..='\u{2069}')
    };
    let mut missing: Vec<char> = text
        .chars()
        .filter(|c| !invisible(*c) && !maps.iter().any(|map| map.map(*c).is_some()))
        .collect();
    missing.dedup();
    missing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_faces_cover_every_script_and_say_what_they_lack() {
        assert!(missing_glyphs("Foul – Ασπρο 20, खिलाड़ी, खेळाडू, کھلاڑی ٹ ڈ ڑ ں ے").is_empty());
        assert_eq!(missing_glyphs("ok 漢"), vec!['漢']);
    }
}
