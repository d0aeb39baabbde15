//! The UI's typefaces: Noto Sans for Latin and Greek, Noto Sans Devanagari for Hindi and
//! Marathi, Noto Sans Bengali and Noto Sans Tamil for their languages, Noto Naskh Arabic
//! for Urdu (licence in `assets/fonts/`). The desktop game has
//! them built in, so it reads the same wherever it is installed; the page fetches them
//! from `assets/fonts/` beside it (they would be an eighth of its download), Noto Sans at
//! once, each other script's regular face when a text first holds that script and its
//! bold face when a heading first does. A language's name in its own script, as Settings
//! offers it, fetches a face that holds only the names' glyphs ([`NAME_FACES`]), which
//! stands in for its script until the whole face comes: Settings fetches no script's
//! whole face. Noto Sans replaces Bevy's default font, so every text uses it; the shaper
//! takes a run of any other script from its script's face ([`fall_back`]); headings take
//! the bold faces through [`Fonts`].

use super::widgets::Heading;
use bevy::asset::AssetId;
use bevy::prelude::*;
use bevy::text::{FontCx, load_font_assets_into_font_collection};
use parley::fontique::Script;

/// One typeface's file in `assets/fonts/`.
pub struct FontFile {
    /// Its name there, as the page asks its server for it.
    #[cfg(target_arch = "wasm32")]
    pub name: &'static str,
    /// Its bytes, built into the desktop game.
    #[cfg(not(target_arch = "wasm32"))]
    pub bytes: &'static [u8],
}

/// The file `$name` of `assets/fonts/`, built in on the desktop.
macro_rules! font_file {
    ($name:literal) => {
        FontFile {
            #[cfg(target_arch = "wasm32")]
            name: $name,
            #[cfg(not(target_arch = "wasm32"))]
            bytes: include_bytes!(concat!("../../../assets/fonts/", $name)),
        }
    };
}

/// A typeface of the UI.
pub struct Face {
    /// Its family name, as the shaper's collection knows it.
    pub family: &'static str,
    /// The script (ISO 15924) it is the fallback for; `None` for the default face.
    pub script: Option<&'static str>,
    /// The regular face's file.
    pub regular: FontFile,
    /// The bold face's file.
    pub bold: FontFile,
}

/// Every face of the UI, the default first.
pub const FACES: [Face; 5] = [
    Face {
        family: "Noto Sans",
        script: None,
        regular: font_file!("NotoSans-Regular.ttf"),
        bold: font_file!("NotoSans-Bold.ttf"),
    },
    Face {
        family: "Noto Sans Devanagari",
        script: Some("Deva"),
        regular: font_file!("NotoSansDevanagari-Regular.ttf"),
        bold: font_file!("NotoSansDevanagari-Bold.ttf"),
    },
    Face {
        family: "Noto Sans Bengali",
        script: Some("Beng"),
        regular: font_file!("NotoSansBengali-Regular.ttf"),
        bold: font_file!("NotoSansBengali-Bold.ttf"),
    },
    Face {
        family: "Noto Sans Tamil",
        script: Some("Taml"),
        regular: font_file!("NotoSansTamil-Regular.ttf"),
        bold: font_file!("NotoSansTamil-Bold.ttf"),
    },
    Face {
        family: "Noto Naskh Arabic",
        script: Some("Arab"),
        regular: font_file!("NotoNaskhArabic-Regular.ttf"),
        bold: font_file!("NotoNaskhArabic-Bold.ttf"),
    },
];

/// The faces the page draws the languages' names in, each a subset of a script's regular
/// face with the glyphs of the names in that script and nothing else (made by
/// `scripts/name-faces.py`, family `Carrom Language Names SCRIPT`): the script, and the
/// face's file. The desktop game has the whole faces built in and needs none of them.
#[cfg(any(test, target_arch = "wasm32"))]
pub const NAME_FACES: [(&str, FontFile); 4] = [
    ("Deva", font_file!("LanguageNames-Deva.ttf")),
    ("Beng", font_file!("LanguageNames-Beng.ttf")),
    ("Taml", font_file!("LanguageNames-Taml.ttf")),
    ("Arab", font_file!("LanguageNames-Arab.ttf")),
];

/// Marks a language's name written in its own script: on the page it fetches its script's
/// name face, not the whole face.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct LanguageName;

/// The script (as in [`Face::script`]) whose face draws `c`, if not the default face.
#[cfg(any(test, target_arch = "wasm32"))]
pub fn script_of(c: char) -> Option<&'static str> {
    match c {
        '\u{0900}'..='\u{097f}' | '\u{a8e0}'..='\u{a8ff}' | '\u{1cd0}'..='\u{1cff}' => Some("Deva"),
        '\u{11b00}'..='\u{11b5f}' => Some("Deva"),
        '\u{0980}'..='\u{09ff}' => Some("Beng"),
        // Tamil, its supplement, and the Grantha signs Tamil spelling borrows.
        '\u{0b80}'..='\u{0bff}' | '\u{11fc0}'..='\u{11fff}' => Some("Taml"),
        '\u{11300}'..='\u{1137f}' => Some("Taml"),
        '\u{0600}'..='\u{06ff}' | '\u{0750}'..='\u{077f}' | '\u{0870}'..='\u{08ff}' => Some("Arab"),
        '\u{fb50}'..='\u{fdff}' | '\u{fe70}'..='\u{feff}' | '\u{10ec0}'..='\u{10eff}' => {
            Some("Arab")
        }
        '\u{1ee00}'..='\u{1eeff}' => Some("Arab"),
        _ => None,
    }
}

/// The faces beyond the default (regular) one.
#[derive(Resource, Clone, Debug, Default)]
pub struct Fonts {
    /// Headings, the title and the turn.
    pub bold: Handle<Font>,
    /// The default face as fetched, until it replaces Bevy's default (the page only).
    #[cfg(target_arch = "wasm32")]
    regular: Option<Handle<Font>>,
    /// The other scripts' faces held (all of them on the desktop; on the page, those
    /// fetched so far), so they stay loaded.
    scripts: Vec<Handle<Font>>,
    /// The name faces the page fetched so far, by script.
    #[cfg(target_arch = "wasm32")]
    names: Vec<(&'static str, Handle<Font>)>,
    /// The scripts whose faces are held or asked for, and whether bold (the bold face is
    /// asked for only once a heading holds the script).
    #[cfg(target_arch = "wasm32")]
    asked: Vec<(&'static str, bool)>,
    /// How many script faces were loaded when the shaper's fallbacks were last named.
    named: usize,
}

/// Installs the typefaces. Needs the text plugin (part of `DefaultPlugins`).
pub struct FontPlugin;

impl Plugin for FontPlugin {
    fn build(&self, app: &mut App) {
        let fonts = faces(app);
        app.insert_resource(fonts).add_systems(
            PostUpdate,
            (
                embolden,
                fall_back
                    .after(load_font_assets_into_font_collection)
                    .before(bevy::text::detect_text_needs_rerender)
                    .before(bevy::ui::UiSystems::Prepare),
            ),
        );
        #[cfg(target_arch = "wasm32")]
        app.add_systems(
            PostUpdate,
            (fetch_scripts, fetch_names, replace_default)
                .before(load_font_assets_into_font_collection),
        );
    }
}

/// Every face, built in, with Noto Sans in place of Bevy's default before the first
/// frame, so no text is ever laid out in the old default.
#[cfg(not(target_arch = "wasm32"))]
fn faces(app: &mut App) -> Fonts {
    let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
    let [Face { regular, bold, .. }, scripts @ ..] = FACES;
    let built_in = |file: FontFile| Font::from_bytes(file.bytes.to_vec());
    if let Err(error) = fonts.insert(AssetId::default(), built_in(regular)) {
        warn!("the UI font could not replace the default: {error}");
    }
    let bold = fonts.add(built_in(bold));
    let scripts =
        scripts.into_iter().flat_map(|f| [f.regular, f.bold]).map(|f| fonts.add(built_in(f)));
    Fonts { bold, scripts: scripts.collect(), named: 0 }
}

/// Noto Sans asked of the page's server. Bevy's own font is taken away meanwhile, so that
/// texts wait for Noto Sans rather than flash in another face.
#[cfg(target_arch = "wasm32")]
fn faces(app: &mut App) -> Fonts {
    app.world_mut().resource_mut::<Assets<Font>>().remove(AssetId::default());
    let server = app.world().resource::<AssetServer>();
    let [Face { regular, bold, .. }, ..] = FACES;
    let regular = Some(server.load(format!("fonts/{}", regular.name)));
    let bold = server.load(format!("fonts/{}", bold.name));
    Fonts { bold, regular, scripts: Vec::new(), names: Vec::new(), asked: Vec::new(), named: 0 }
}

/// Once fetched, Noto Sans becomes the default font every text waits for. If it cannot
/// be fetched, Bevy's own font (Latin letters only) is put back, so the page still reads,
/// and the headings take it too.
#[cfg(target_arch = "wasm32")]
fn replace_default(
    mut fonts: ResMut<Fonts>,
    mut assets: ResMut<Assets<Font>>,
    server: Res<AssetServer>,
    mut headings: Query<&mut TextFont, With<Heading>>,
) {
    use bevy::asset::LoadState;
    let failed = |handle: &Handle<Font>| match server.load_state(handle) {
        LoadState::Failed(error) => Some(error),
        _ => None,
    };
    if let Some(regular) = fonts.regular.clone() {
        let face = match (assets.get(&regular), failed(&regular)) {
            (Some(face), _) => Some(face.clone()),
            (None, Some(error)) => {
                warn!("carrom: the UI font could not be fetched ({error}): Bevy's own instead");
                Some(Font::from_bytes(bevy::text::DEFAULT_FONT_DATA.to_vec()))
            }
            (None, None) => None,
        };
        if let Some(face) = face {
            if let Err(error) = assets.insert(AssetId::default(), face) {
                warn!("carrom: the UI font could not replace the default: {error}");
            }
            info!("carrom: the UI font is in");
            fonts.regular = None;
        }
    }
    if fonts.bold != Handle::default()
        && let Some(error) = failed(&fonts.bold)
    {
        warn!("carrom: the headings' font could not be fetched ({error})");
        fonts.bold = Handle::default();
        headings.iter_mut().for_each(|mut font| font.font = FontSource::Handle(Handle::default()));
    }
}

/// Texts whose words changed, a language's name aside (it has a face of its own).
#[cfg(target_arch = "wasm32")]
type NewWords = (Changed<Text>, Without<LanguageName>);

/// Asks the page's server for a script's regular face when a text first holds that script,
/// and for its bold face when a heading first does (a language's name fetches its name
/// face instead: [`fetch_names`]).
#[cfg(target_arch = "wasm32")]
fn fetch_scripts(
    mut fonts: ResMut<Fonts>,
    server: Res<AssetServer>,
    texts: Query<(&Text, Has<Heading>), NewWords>,
    drawn: Query<&Text2d, Changed<Text2d>>,
) {
    let texts = texts.iter().map(|(t, bold)| (t.0.as_str(), bold));
    let words = texts.chain(drawn.iter().map(|t| (t.0.as_str(), false)));
    let wanted = words.flat_map(|(text, bold)| text.chars().map(move |c| (c, bold)));
    for (script, bold) in wanted.filter_map(|(c, bold)| Some((script_of(c)?, bold))) {
        if fonts.asked.contains(&(script, bold)) {
            continue;
        }
        fonts.asked.push((script, bold));
        for face in FACES.iter().filter(|f| f.script == Some(script)) {
            let file = if bold { &face.bold } else { &face.regular };
            let handle = server.load(format!("fonts/{}", file.name));
            fonts.scripts.push(handle);
        }
    }
}

/// Asks the page's server for a script's name face when a language's name first holds
/// that script.
#[cfg(target_arch = "wasm32")]
fn fetch_names(
    mut fonts: ResMut<Fonts>,
    server: Res<AssetServer>,
    names: Query<&Text, Added<LanguageName>>,
) {
    for script in names.iter().filter_map(|name| name.0.chars().find_map(script_of)) {
        if fonts.names.iter().any(|(s, _)| *s == script) {
            continue;
        }
        if let Some((_, file)) = NAME_FACES.iter().find(|(s, _)| *s == script) {
            fonts.names.push((script, server.load(format!("fonts/{}", file.name))));
        }
    }
}

/// Headings take the bold face as they appear.
fn embolden(fonts: Res<Fonts>, mut headings: Query<&mut TextFont, Added<Heading>>) {
    for mut font in &mut headings {
        font.font = FontSource::Handle(fonts.bold.clone());
    }
}

/// As faces reach the shaper's collection, names each script's face as the one to fall
/// back to, so a Hindi word or an Urdu name inside any text is drawn in its script; the
/// texts shaped before then are shaped again.
fn fall_back(
    mut fonts: ResMut<Fonts>,
    mut shaper: ResMut<FontCx>,
    assets: Res<Assets<Font>>,
    mut texts: Query<&mut TextFont>,
) {
    // Named again as each face comes in: a script's first face names its fallback, and a
    // bold face that comes later is drawn once texts are laid out again.
    #[cfg(target_arch = "wasm32")]
    let names = fonts.names.iter().map(|(_, face)| face);
    #[cfg(not(target_arch = "wasm32"))]
    let names = std::iter::empty();
    let held = fonts.scripts.iter().chain(names);
    let loaded = held.filter(|face| assets.contains(*face)).count();
    if loaded <= fonts.named {
        return;
    }
    name_fallbacks(&mut shaper.collection);
    fonts.named = loaded;
    texts.iter_mut().for_each(|mut font| font.set_changed());
}

/// Scripts whose runs may hold a sign of another script: punctuation shared between
/// scripts (the Devanagari danda after a Latin bracket, say) is shaped in its neighbours'
/// run, so these runs fall back to every script's face.
const SHARED: [&str; 4] = ["Latn", "Grek", "Zyyy", "Zinh"];

/// Names each script face in `collection` as its script's fallback (the script's name
/// face where the whole face is not there yet), and every one as the shared scripts'
/// fallbacks; how many it named.
pub fn name_fallbacks(collection: &mut parley::fontique::Collection) -> usize {
    let mut faces = Vec::new();
    for Face { family, script, .. } in FACES {
        let Some(script) = script else { continue };
        let names = format!("Carrom Language Names {script}");
        let id = collection.family_id(family).or_else(|| collection.family_id(&names));
        let Some(id) = id else { continue };
        let Ok(script) = script.parse::<Script>() else { continue };
        collection.set_fallbacks(script, std::iter::once(id));
        faces.push(id);
    }
    for shared in SHARED.iter().filter_map(|s| s.parse::<Script>().ok()) {
        collection.set_fallbacks(shared, faces.iter().copied());
    }
    faces.len()
}

/// The characters of `text` that no built-in face has a glyph for (they would be drawn as
/// boxes). Invisible controls (bidi isolates, joiners) are not drawn and need none.
#[cfg(any(test, not(target_arch = "wasm32")))]
pub fn missing_glyphs(text: &str) -> Vec<char> {
    use skrifa::MetadataProvider;
    let maps: Vec<_> = FACES
        .iter()
        .filter_map(|face| skrifa::FontRef::new(face.regular.bytes).ok())
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
        let files = FACES.into_iter().flat_map(|face| [face.regular, face.bold]);
        shaped_in(text, files.collect())
    }

    /// `text` laid out in Noto Sans with only the faces of `files` to fall back to.
    fn shaped_in(text: &str, files: Vec<FontFile>) -> Vec<(Vec<u32>, bool)> {
        use parley::fontique::Blob;
        use parley::{FontContext, FontFamily, Layout, LayoutContext};
        use parley::{PositionedLayoutItem, StyleProperty};
        use std::sync::Arc;
        let mut fonts = FontContext::default();
        for file in files {
            fonts.collection.register_fonts(Blob::new(Arc::new(file.bytes.to_vec())), None);
        }
        // Each script has a face to fall back to: its whole face, or its name face.
        assert_eq!(name_fallbacks(&mut fonts.collection), 4, "every script has a face");
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
    fn indic_scripts_form_conjuncts_and_urdu_letters_join_right_to_left() {
        // क + virama + ष is one conjunct glyph, not three; so is Bengali's ক্ষ, and
        // Tamil's க்ஷ is its own ligature.
        for conjunct in ["क्ष", "ক্ষ", "க்ஷ"] {
            let ids = glyphs(conjunct);
            assert!(ids.len() < 3 && !ids.contains(&0), "{conjunct}: {ids:?}");
        }
        // A two-part vowel sign stands on both sides of its consonant: কো and கொ are
        // drawn as three glyphs, the sign's left part first (as it leads the dotted
        // circle the shaper gives it alone).
        for (split, left) in [("কো", "ে"), ("கொ", "ெ")] {
            let ids = glyphs(split);
            let left = glyphs(left);
            assert!(ids.len() == 3 && !ids.contains(&0), "{split}: {ids:?}");
            assert_eq!(ids.first(), left.first(), "{split}: the left part leads: {left:?}");
        }
        // ب alone, and the same letter joined at the start, middle and end of a word.
        let alone = glyphs("ب");
        let joined = glyphs("ببب");
        assert_eq!(joined.len(), 3);
        assert!(joined.iter().all(|id| !alone.contains(id)), "{alone:?} {joined:?}");
        let urdu = shaped("کھلاڑی");
        assert!(urdu.iter().all(|(ids, rtl)| *rtl && !ids.contains(&0)), "{urdu:?}");
    }

    #[test]
    fn each_language_name_is_drawn_from_its_name_face_as_from_the_whole_face() {
        use crate::client::words::Language;
        let mut drawn = 0;
        for language in Language::ALL {
            let name = language.own_name();
            let Some(script) = name.chars().find_map(script_of) else { continue };
            assert!(NAME_FACES.iter().any(|(s, _)| *s == script), "{language:?}: no name face");
            // With the name faces and no script's whole face, as on a page that fetched
            // none: the same glyphs as the whole face gives (the subset keeps its ids),
            // none missing, so the conjuncts and the joined letters are all there.
            let names = NAME_FACES.map(|(_, file)| file).into_iter();
            let [default, ..] = FACES;
            let only_names = std::iter::once(default.regular).chain(names).collect();
            let (whole, subset) = (shaped(name), shaped_in(name, only_names));
            assert_eq!(subset, whole, "{language:?}: {name}");
            assert!(subset.iter().all(|(ids, _)| !ids.is_empty() && !ids.contains(&0)));
            drawn += 1;
        }
        assert_eq!(drawn, 5, "Hindi, Marathi, Bengali, Tamil and Urdu");
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
    fn each_script_face_is_fetched_for_the_letters_it_draws() {
        assert_eq!(script_of('क'), Some("Deva"));
        assert_eq!(script_of('ळ'), Some("Deva"));
        assert_eq!(script_of('ک'), Some("Arab"));
        assert_eq!(script_of('ے'), Some("Arab"));
        assert_eq!(script_of('ﷺ'), Some("Arab"));
        assert_eq!(script_of('ক'), Some("Beng"));
        assert_eq!(script_of('ৎ'), Some("Beng"));
        assert_eq!(script_of('க'), Some("Taml"));
        assert_eq!(script_of('ஸ'), Some("Taml"));
        assert_eq!(script_of('Σ'), None);
        assert_eq!(script_of('é'), None);
        // Every letter the script faces draw, and the default does not, names a face that
        // draws it (its own, or for signs two scripts share, the first such face).
        use skrifa::MetadataProvider;
        let charmap = |face: &Face| skrifa::FontRef::new(face.regular.bytes).unwrap().charmap();
        let default = charmap(&FACES[0]);
        for face in &FACES[1..] {
            for (code, _) in charmap(face).mappings() {
                let Some(c) = char::from_u32(code) else { continue };
                if c.is_alphabetic() && default.map(c).is_none() {
                    let named =
                        FACES.iter().find(|f| f.script.is_some() && f.script == script_of(c));
                    let drawn = named.is_some_and(|f| charmap(f).map(c).is_some());
                    assert!(
                        drawn,
                        "{c:?} U+{code:04X} ({:?}) names {:?}",
                        face.script,
                        script_of(c)
                    );
                }
            }
        }
    }

    #[test]
    fn the_faces_cover_every_script_and_say_what_they_lack() {
        let players = "Foul – Ασπρο 20, खिलाड़ी, खेळाडू, খেলোয়াড়, விளையாட்டாளர், کھلاڑی ٹ ڈ ڑ ں ے";
        assert!(missing_glyphs(players).is_empty());
        assert_eq!(missing_glyphs("ok 漢"), vec!['漢']);
    }
}
