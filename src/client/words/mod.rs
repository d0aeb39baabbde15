//! The player's language: every word the game shows comes from its Project Fluent
//! messages ([`Words`]), chosen in Settings and kept in settings.json; a new player gets
//! their system's language. Right-to-left languages mirror the UI ([`mirror`]).
//!
//! - **Messages.** One Fluent file per language (`assets/locales/en.ftl`, `hi.ftl`,
//!   `mr.ftl`, `bn.ftl`, `ta.ftl`, `ur.ftl`, `el.ftl`), built into the desktop binary (`catalog.rs`; the page
//!   has English's and fetches the others', `fetched.rs`): menus, the HUD,
//!   rulings, How to play for every game, the draughts status lines, the lobby, notices and
//!   errors. Names and numbers are arguments, plurals are Fluent's (with each language's
//!   plural rules), and the rule ids stay as they are. [`Words`] formats a message by id;
//!   the core never sees a word (the client turns a ruling's fouls into message ids).
//!   Reasons that come from below the client are typed errors said here in the player's
//!   words (a kept file that cannot be read: [`why_unreadable`]; the system's common
//!   reasons: [`system_error`]); only what no type names (an unusual OS message, a network
//!   failure's own words) is put, as given, into a translated sentence that says whose
//!   words they are.
//! - **Choice.** On first start the game takes the system's language (`sys-locale`: `LANG`
//!   and friends on Linux, the browser's language in a page; anything else is English) and
//!   writes it to `settings.json` (`"language": "hi"`); Settings offers every language in
//!   its own script and switches every word at once. Default names ("Player 2") follow the
//!   language; names a player typed stay.
//! - **Scripts.** Noto Sans is the UI's face (Latin, Greek); the shaper (parley, in Bevy
//!   0.19) takes any Devanagari, Bengali or Tamil run from Noto Sans Devanagari, Bengali
//!   or Tamil, and any Arabic run from Noto Naskh Arabic (`src/client/ui/font.rs` names
//!   them as the script fallbacks), so conjuncts form, vowel signs reorder and Urdu
//!   letters join in any text, a Hindi name in an English sentence too. Urdu is laid out right to left: paragraphs run by the Unicode bidi algorithm,
//!   names from other scripts are isolated (Fluent's isolation marks), and every UI node is
//!   mirrored ([`mirror`]: rows reversed, columns and text aligned right, left and right
//!   spacing swapped), so the HUD's turn panel and the Home menu move to the right and the
//!   board to the left.
//! - **Names** are typed in any script, as the system's keyboard layout or input method
//!   gives them, and are kept and sent to other players as typed (the other side cleans
//!   what it shows: `crate::net::name`).
//! - **Adding a language** is adding its `.ftl` file, its name in `language.rs`, and a
//!   face in `assets/fonts/` if its script is new (with its licence in
//!   `assets/README.md`). The tests in `catalog.rs` fail on an id missing or extra in any
//!   language, an argument English does not have, a rule id dropped, a message that does
//!   not format, a letter no built-in face has, and an id no code uses.
//! - **Seen in a real window.** `carrom --language-test DIR` (`src/client/checks/language_tour.rs`)
//!   shows, in every language, Home, How to play and a match's HUD for carrom, then
//!   draughts' rules and a draughts game, then Home telling of network and file failures
//!   (typed errors, translated); it saves `home-CODE.png`, `how-to-play-CODE.png`,
//!   `hud-CODE.png`, `how-to-play-draughts-CODE.png`, `draughts-CODE.png` and
//!   `failure-CODE.png` and prints what was on screen. `tests/client/window.rs` runs it
//!   under Xvfb and checks that each screen shows its language's words, that every letter
//!   drawn has a glyph, that no text is cut off or overlaps, that no failure is said with
//!   an English word outside English, that Urdu's turn panel and menu sit on the mirrored
//!   side with the boards beside them, and that every screenshot differs from English's.
//!   Shaping is tested with the game's faces and fallbacks (`ui/font.rs`): conjuncts form,
//!   Arabic letters join, and no message of any language shapes to a missing glyph.
//!   Headless tests (`tests/client/languages.rs`) start in the system's language, switch
//!   in Settings, write numbers in the language's own digits when asked, and type names
//!   in Devanagari, Arabic and Greek.

mod ask_error;
mod catalog;
mod connect_error;
mod copy_error;
mod date;
mod digits;
#[cfg(target_arch = "wasm32")]
pub mod fetched;
#[cfg(test)]
mod fluency;
mod lan_error;
mod language;
pub mod mirror;
mod record_error;
mod rejoin_error;
mod room_error;
#[cfg(test)]
mod said_everywhere;
mod system_error;
mod unreadable;

pub use ask_error::ask_error;
#[cfg(test)]
pub use catalog::source;
pub use catalog::{Arg, Words};
pub use connect_error::connect_error;
pub use copy_error::copy_error;
pub use date::date_time;
pub use digits::{Digits, own_zero, write as write_digits};
pub use lan_error::{lan_error, refusal};
pub use language::Language;
pub use record_error::record_error;
pub use rejoin_error::rejoin_error;
pub use room_error::room_error;
pub use system_error::system_error;
pub use unreadable::{not_saved, unreadable, why_unreadable};

use bevy::prelude::*;

/// The language a new player's system asks for (tests set it before the client starts).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SystemLanguage(pub Language);

/// A player's name before they choose one: "Player 2" in `words`' language.
pub fn default_name(words: &Words, seat: usize) -> String {
    let name = words.with("player-default", &[("number", Arg::from(seat + 1))]);
    // A name is kept and sent as typed: without the marks that isolate it in a sentence.
    name.replace(['\u{2068}', '\u{2069}'], "")
}

/// Mirrors the UI for right-to-left languages. The words themselves are kept in the
/// language Settings name by the preferences (which load first).
pub(super) struct WordsPlugin;

impl Plugin for WordsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Words>()
            .add_systems(PostUpdate, mirror::mirror.before(bevy::ui::UiSystems::Prepare));
    }
}
