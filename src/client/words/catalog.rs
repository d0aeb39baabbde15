//! The messages of every language (Project Fluent files in `assets/locales/`, built into
//! the desktop binary; the page fetches all but English's) and the player's language's
//! words, looked up by message id.

use super::digits::{self, Digits};
use super::language::Language;
use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// The message file of `language`, as written (the desktop game has every one built in).
#[cfg(not(target_arch = "wasm32"))]
pub const fn source(language: Language) -> &'static str {
    match language {
        Language::English => include_str!("../../../assets/locales/en.ftl"),
        Language::Hindi => include_str!("../../../assets/locales/hi.ftl"),
        Language::Marathi => include_str!("../../../assets/locales/mr.ftl"),
        Language::Bengali => include_str!("../../../assets/locales/bn.ftl"),
        Language::Tamil => include_str!("../../../assets/locales/ta.ftl"),
        Language::Urdu => include_str!("../../../assets/locales/ur.ftl"),
        Language::Greek => include_str!("../../../assets/locales/el.ftl"),
    }
}

/// The message file of `language` as far as the page has it: English is built in, the
/// others are fetched (`fetched.rs`) and are empty until they arrive.
#[cfg(target_arch = "wasm32")]
pub fn source(language: Language) -> &'static str {
    match language {
        Language::English => include_str!("../../../assets/locales/en.ftl"),
        other => super::fetched::arrived(other).unwrap_or_default(),
    }
}

/// A value put into a message: a name or other text, or a number (which picks plural forms).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text, shown as it is.
    Text(String),
    /// A number.
    Number(i64),
}

impl From<&str> for Arg {
    fn from(value: &str) -> Arg {
        Arg::Text(value.to_string())
    }
}

impl From<String> for Arg {
    fn from(value: String) -> Arg {
        Arg::Text(value)
    }
}

impl From<&String> for Arg {
    fn from(value: &String) -> Arg {
        Arg::Text(value.clone())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(value: $t) -> Arg {
                Arg::Number(value as i64)
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64);

/// The words of the player's language. Screens are rebuilt when it changes.
#[derive(Resource)]
pub struct Words {
    language: Language,
    digits: Digits,
    /// The zero of the digits numbers are written in, when not 0–9.
    zero: Option<char>,
    bundle: FluentBundle<FluentResource>,
    english: Option<FluentBundle<FluentResource>>,
    /// Whether the language's own file was in (the page's may still be on its way).
    #[cfg(target_arch = "wasm32")]
    whole: bool,
}

impl Default for Words {
    fn default() -> Words {
        Words::new(Language::English)
    }
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Words").field("language", &self.language).finish()
    }
}

/// `language`'s messages, ready to format, their numbers in the digits from `zero`.
fn bundle(language: Language, zero: Option<char>) -> FluentBundle<FluentResource> {
    let id = language.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_formatter(zero.and_then(digits::formatter));
    // Isolation marks keep a left-to-right name whole inside a right-to-left sentence;
    // left-to-right languages need none.
    bundle.set_use_isolating(language.right_to_left());
    let resource = FluentResource::try_new(source(language).to_string()).unwrap_or_else(
        |(partial, errors)| {
            error!(
                "the {} messages have {} errors; the rest are used",
                language.code(),
                errors.len()
            );
            partial
        },
    );
    if let Err(errors) = bundle.add_resource(resource) {
        error!("the {} messages repeat {} ids", language.code(), errors.len());
    }
    bundle
}

impl Words {
    /// The words of `language`, numbers in 0–9 (English stands in for any message it lacks).
    pub fn new(language: Language) -> Words {
        Words::of(language, Digits::Western)
    }

    /// The words of `language`, numbers in `digits` (where the language has its own).
    pub fn of(language: Language, digits: Digits) -> Words {
        let zero = digits::own_zero(language).filter(|_| digits == Digits::Own);
        // English's messages stand in for missing ones, in the same digits.
        let english = (language != Language::English).then(|| bundle(Language::English, zero));
        Words {
            language,
            digits,
            zero,
            bundle: bundle(language, zero),
            english,
            #[cfg(target_arch = "wasm32")]
            whole: !source(language).is_empty(),
        }
    }

    /// Whether these words lack their language's own file, which the page is to fetch
    /// (English stands in meanwhile).
    #[cfg(target_arch = "wasm32")]
    pub fn awaiting(&self) -> bool {
        !self.whole && !super::fetched::failed(self.language)
    }

    /// The language.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The digits chosen for numbers.
    pub fn digits(&self) -> Digits {
        self.digits
    }

    /// `text`'s digits in those numbers are written in: for a quantity composed outside a
    /// message (a score, a clock, a year).
    pub fn numeral(&self, text: &str) -> String {
        match self.zero {
            Some(zero) => digits::write(text, zero),
            None => text.to_string(),
        }
    }

    /// `number` in the digits numbers are written in.
    pub fn number(&self, number: impl std::fmt::Display) -> String {
        self.numeral(&number.to_string())
    }

    /// Message `id`.
    pub fn get(&self, id: &str) -> String {
        self.with(id, &[])
    }

    /// Message `id` with its arguments.
    pub fn with(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            let value = match value {
                Arg::Text(text) => FluentValue::from(text.as_str()),
                Arg::Number(n) => FluentValue::from(*n),
            };
            fluent.set(*name, value);
        }
        let found = [Some(&self.bundle), self.english.as_ref()]
            .into_iter()
            .flatten()
            .find_map(|bundle| Some((bundle, bundle.get_message(id)?.value()?)));
        let Some((bundle, pattern)) = found else {
            warn!("no message {id:?}");
            return id.to_string();
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent), &mut errors).into_owned();
        if !errors.is_empty() {
            warn!("message {id:?} in {}: {errors:?}", self.language.code());
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::ui::font::missing_glyphs;
    use std::collections::BTreeMap;

    /// Each message id of `language` with the variables its text uses.
    fn messages(language: Language) -> BTreeMap<String, Vec<String>> {
        let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut current = None;
        for line in source(language).lines() {
            let starts_message = line.chars().next().is_some_and(|c| c.is_ascii_lowercase());
            if let Some((id, _)) = line.split_once(" =").filter(|_| starts_message) {
                assert!(found.insert(id.to_string(), vec![]).is_none(), "{id} twice");
                current = Some(id.to_string());
            }
            let Some(id) = &current else { continue };
            for variable in line.split('$').skip(1) {
                let name: String = variable
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let used = found.entry(id.clone()).or_default();
                if !used.contains(&name) {
                    used.push(name);
                }
            }
        }
        found
    }

    /// Sample arguments for a message's variables: a number where one picks a plural.
    fn sample(variables: &[String]) -> Vec<(&str, Arg)> {
        variables
            .iter()
            .map(|v| {
                let text = ["name", "names", "game", "colour", "level", "board", "what", "why"];
                let value =
                    if text.contains(&v.as_str()) { Arg::from("Asha") } else { Arg::from(2) };
                (v.as_str(), value)
            })
            .collect()
    }

    #[test]
    fn every_message_id_is_in_every_language_with_the_same_arguments() {
        let english = messages(Language::English);
        assert!(english.len() > 200, "{} messages", english.len());
        for language in Language::ALL {
            let translated = messages(language);
            let missing: Vec<_> =
                english.keys().filter(|id| !translated.contains_key(*id)).collect();
            let extra: Vec<_> = translated.keys().filter(|id| !english.contains_key(*id)).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", language.code());
            assert!(extra.is_empty(), "{} has ids English lacks: {extra:?}", language.code());
            for (id, variables) in &translated {
                for v in variables {
                    assert!(
                        english[id].contains(v),
                        "{}: {id} uses ${v}, unknown",
                        language.code()
                    );
                }
            }
        }
    }

    /// The rule ids (CL-5, FS-4, CK-10 …) `text` names, in order.
    fn rule_ids(text: &str) -> Vec<String> {
        let bytes = text.as_bytes();
        (0..bytes.len().saturating_sub(3))
            .filter(|&i| {
                let upper = |b: u8| b.is_ascii_uppercase();
                upper(bytes[i])
                    && upper(bytes[i + 1])
                    && bytes[i + 2] == b'-'
                    && bytes[i + 3].is_ascii_digit()
                    && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
            })
            .map(|i| {
                text[i..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect()
            })
            .collect()
    }

    #[test]
    fn every_translation_keeps_the_rule_ids_of_its_english() {
        let english = Words::new(Language::English);
        for language in Language::ALL {
            let w = Words::new(language);
            for id in messages(Language::English).keys() {
                let (theirs, ours) = (rule_ids(&w.get(id)), rule_ids(&english.get(id)));
                assert_eq!(theirs, ours, "{}: {id}", language.code());
            }
        }
    }

    #[test]
    fn every_message_formats_without_errors_and_every_letter_has_a_glyph() {
        let english = messages(Language::English);
        for language in Language::ALL {
            let resource = FluentResource::try_new(source(language).to_string());
            assert!(resource.is_ok(), "{} does not parse: {:?}", language.code(), resource.err());
            let w = Words::new(language);
            for (id, variables) in &english {
                let bundle = &w.bundle;
                let message = bundle.get_message(id).and_then(|m| m.value());
                let Some(pattern) = message else {
                    panic!("{}: {id} has no text", language.code())
                };
                let mut args = FluentArgs::new();
                for (name, value) in sample(variables) {
                    match value {
                        Arg::Text(t) => args.set(name, t),
                        Arg::Number(n) => args.set(name, n),
                    }
                }
                let mut errors = vec![];
                let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{}: {id}: {errors:?}", language.code());
                assert!(!text.trim().is_empty(), "{}: {id} is empty", language.code());
                let missing = missing_glyphs(&text);
                assert!(
                    missing.is_empty(),
                    "{}: {id} has no glyph for {missing:?}",
                    language.code()
                );
            }
        }
    }

    #[test]
    fn every_message_id_is_used_by_the_game() {
        let mut code = String::new();
        let mut folders = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(folder).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    code += &std::fs::read_to_string(path).unwrap();
                }
            }
        }
        let unused: Vec<_> = messages(Language::English)
            .into_keys()
            .filter(|id| !code.contains(&format!("\"{id}\"")))
            .collect();
        assert!(unused.is_empty(), "ids no code uses: {unused:?}");
    }

    #[test]
    fn names_and_numbers_go_in_and_plurals_follow_the_language() {
        let w = Words::new(Language::English);
        assert_eq!(w.with("hud-owes", &[("count", 1.into())]), "owes 1 piece");
        assert_eq!(w.with("hud-owes", &[("count", 3.into())]), "owes 3 pieces");
        let foul = w.with(
            "ruling-foul",
            &[("what", w.get("foul-no-touch").into()), ("rule", "FS-5".into())],
        );
        assert_eq!(foul, "Foul – the striker touched nothing (FS-5).");
        let urdu = Words::new(Language::Urdu);
        let said = urdu.with("ruling-passes", &[("name", "Asha".into())]);
        assert!(
            said.contains("\u{2068}Asha\u{2069}"),
            "a Latin name is isolated in Urdu: {said:?}"
        );
        assert_eq!(w.get("no-such-message"), "no-such-message");
    }

    /// `text` without digits of any script, to compare two writings of one sentence.
    fn without_digits(text: &str) -> String {
        text.chars().filter(|c| !c.is_numeric()).collect()
    }

    #[test]
    fn numbers_in_a_languages_own_digits_change_only_the_digits() {
        for language in Language::ALL {
            let (western, own) = (Words::new(language), Words::of(language, Digits::Own));
            let Some(zero) = digits::own_zero(language) else {
                // A language without digits of its own keeps 0–9 whatever is asked.
                assert_eq!(
                    own.with("hud-score", &[("score", Arg::from(21))]),
                    western.with("hud-score", &[("score", Arg::from(21))])
                );
                continue;
            };
            for (id, variables) in messages(language) {
                if !sample(&variables).iter().any(|(_, a)| matches!(a, Arg::Number(_))) {
                    continue;
                }
                for n in [0, 1, 2, 5, 21] {
                    let args: Vec<(&str, Arg)> = sample(&variables)
                        .into_iter()
                        .map(|(v, a)| {
                            (v, if matches!(a, Arg::Number(_)) { Arg::from(n) } else { a })
                        })
                        .collect();
                    let (theirs, ours) = (own.with(&id, &args), western.with(&id, &args));
                    // The same words (the same plural chosen), the number in the own digits.
                    assert_eq!(without_digits(&theirs), without_digits(&ours), "{id} {n}");
                    // Where the sentence shows the number ("no discs left" need not).
                    let written = digits::write(&n.to_string(), zero);
                    let shown = ours.contains(&n.to_string());
                    assert!(
                        !shown || theirs.contains(&written),
                        "{}: {id}: {theirs}",
                        language.code()
                    );
                }
            }
        }
        let hindi = Words::of(Language::Hindi, Digits::Own);
        assert_eq!(hindi.number(2026), "२०२६");
        assert_eq!(hindi.numeral("CL-5 12:05"), "CL-५ १२:०५");
        assert_eq!(Words::new(Language::Hindi).number(2026), "2026");
    }
}
