//! The checks CI runs on the real binary in a real window under Xvfb, kept apart from the
//! game: the smoke run (`--smoke-test DIR`), the language tour (`--language-test DIR`) and
//! the layout audit both use. None of it is reached unless one of those switches is given.

mod hands;
pub mod language_tour;
mod layout_audit;
mod named_buttons;
pub mod smoke;
