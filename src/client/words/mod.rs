//! The player's language: every word the game shows comes from its Project Fluent
//! messages ([`Words`]), chosen in Settings and kept in settings.json; a new player gets
//! their system's language. Right-to-left languages mirror the UI ([`mirror`]).

mod catalog;
mod language;
pub mod mirror;

#[cfg(test)]
pub use catalog::source;
pub use catalog::{Arg, Words};
pub use language::Language;

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

/// What Home says of a file that could not be read: what it held, why, and where it was
/// set aside (`kept`, the result of moving it).
pub fn unreadable(
    w: &Words,
    what: &str,
    problem: &str,
    kept: &std::io::Result<std::path::PathBuf>,
) -> String {
    let kept = match kept {
        Ok(backup) => w.with("notice-kept-as", &[("path", backup.display().to_string().into())]),
        Err(e) => w.with("notice-not-moved", &[("why", e.to_string().into())]),
    };
    let args = [("what", w.get(what).into()), ("problem", problem.into()), ("kept", kept.into())];
    w.with("notice-unreadable", &args)
}

/// What Home says of a file that could not be written.
pub fn not_saved(w: &Words, path: &std::path::Path, error: &std::io::Error) -> String {
    let args = [("path", path.display().to_string().into()), ("why", error.to_string().into())];
    w.with("notice-not-saved", &args)
}
