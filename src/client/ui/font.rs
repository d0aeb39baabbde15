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
fn fall_back(mut fonts: ResMut<Fonts>, mut shaper: ResMut<FontCx>, assets: Res<Assets<Font>>) {
    let loaded = fonts.scripts.iter().all(|face| assets.contains(face));
    if loaded && !fonts.fallbacks_set {
        fonts.fallbacks_set = name_fallbacks(&mut shaper.collection);
    }
}

/// Scripts whose runs may hold a sign of another script: punctuation shared between
/// scripts (the Devanagari danda after a Latin bracket, say) is shaped in its neighbours'
/// run, so these runs fall back to every script's face.
const SHARED: [&str; 4] = ["Latn", "Grek", "Zyyy", "Zinh"];

/// Names each script face as its script's fallback, and every script face as the shared
/// scripts' fallbacks; false while the faces are not yet in `collection`.
pub fn name_fallbacks(collection: &mut parley::fontique::Collection) -> bool {
    let mut faces = Vec::new();
    for Face { family, script, .. } in FACES {
        let (Some(script), Some(id)) = (script, collection.family_id(family)) else { continue };
        let Ok(script) = script.parse::<Script>() else { continue };
        collection.set_fallbacks(script, std::iter::once(id));
        faces.push(id);
    }
    for shared in SHARED.iter().filter_map(|s| s.parse::<Script>().ok()) {
        collection.set_fallbacks(shared, faces.iter().copied());
    }
    faces.len() == FACES.iter().filter(|f| f.script.is_some()).count()
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

    /// `text` as the shaper lays it out with the built-in faces and the script fallbacks
    /// the game sets: each run's glyph ids and whether it runs right to left.
    fn shaped(text: &str) -> Vec<(Vec<u32>, bool)> {
        use parley::fontique::Blob;
        use parley::{FontContext, FontFamily, Layout, LayoutContext};
        use parley::{PositionedLayoutItem, StyleProperty};
        use std::sync::Arc;
        let mut fonts = FontContext::default();
        for face in FACES {
            for data in [face.regular, face.bold] {
                fonts.collection.register_fonts(Blob::new(Arc::new(data.to_vec())), None);
            }
        }
        assert!(name_fallbacks(&mut fonts.collection), "every face is registered");
        let mut layouts: LayoutContext<()> = LayoutContext::new();
        let mut builder = layouts.ranged_builder(&mut fonts, text, 1.0, false);
        builder.push_default(StyleProperty::FontFamily(FontFamily::named("Noto Sans")));
        let mut layout: Layout<()> = builder.build(text);
        layout.break_all_lines(None);
        let mut runs = Vec::new();
        for line in layout.lines() {
            for item in line.items() {
                if let PositionedLayoutItem::GlyphRun(run) = item {
                    runs.push((run.glyphs().map(|g| g.id).collect(), run.run().is_rtl()));
                }
            }
        }
        runs
    }

    fn glyphs(text: &str) -> Vec<u32> {
        shaped(text).into_iter().flat_map(|(ids, _)| ids).collect()
    }

    #[test]
    fn devanagari_forms_conjuncts_and_urdu_letters_join_right_to_left() {
        // क + virama + ष is one conjunct glyph, not three.
        let conjunct = glyphs("क्ष");
        assert!(conjunct.len() < 3 && !conjunct.contains(&0), "{conjunct:?}");
        // ب alone, and the same letter joined at the start, middle and end of a word.
        let alone = glyphs("ب");
        let joined = glyphs("ببب");
        assert_eq!(joined.len(), 3);
        assert!(joined.iter().all(|id| !alone.contains(id)), "{alone:?} {joined:?}");
        let urdu = shaped("کھلاڑی");
        assert!(urdu.iter().all(|(ids, rtl)| *rtl && !ids.contains(&0)), "{urdu:?}");
    }

    #[test]
    fn every_message_of_every_language_shapes_with_no_missing_glyph() {
        use crate::client::words::{Arg, Language, Words};
        for language in Language::ALL {
            let w = Words::new(language);
            let source = crate::client::words::source(language);
            let ids = source.lines().filter_map(|l| {
                let id = l.split_once(" =")?.0;
                id.chars().all(|c| c.is_ascii_lowercase() || c == '-').then_some(id)
            });
            for id in ids {
                let text = w.with(id, &[("name", Arg::from("आशा")), ("count", Arg::from(2))]);
                let ids = glyphs(&text);
                assert!(!ids.contains(&0), "{}: {id} draws a box: {text:?}", language.code());
            }
        }
    }

    #[test]
    fn the_faces_cover_every_script_and_say_what_they_lack() {
        assert!(missing_glyphs("Foul – Ασπρο 20, खिलाड़ी, खेळाडू, کھلاڑی ٹ ڈ ڑ ں ے").is_empty());
        assert_eq!(missing_glyphs("ok 漢"), vec!['漢']);
    }
}
