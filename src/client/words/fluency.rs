//! How each language reads (tests only): a count English inflects is inflected in every
//! language, no English word reaches a player of another language whatever the numbers,
//! and a right-to-left line never starts laid out left to right.

use super::{Arg, Language, Words, catalog::source};
use std::collections::BTreeMap;

/// Each message id of `language` with its whole source text (continuation lines too).
fn texts(language: Language) -> BTreeMap<String, String> {
    let mut found: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in source(language).lines() {
        let starts_message = line.chars().next().is_some_and(|c| c.is_ascii_lowercase());
        if let Some((id, text)) = line.split_once(" =").filter(|_| starts_message) {
            found.insert(id.to_string(), text.to_string());
            current = Some(id.to_string());
        } else if line.starts_with('#') {
            current = None;
        } else if let Some(id) = &current {
            // A pattern goes on over indented lines, blank ones and closing braces.
            let text = found.entry(id.clone()).or_default();
            text.push('\n');
            text.push_str(line);
        }
    }
    found
}

/// The variables `text` chooses a form by (`{ $count ->`).
fn selectors(text: &str) -> Vec<String> {
    text.split("{ $")
        .skip(1)
        .filter_map(|rest| {
            let name: String =
                rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            rest[name.len()..].trim_start().starts_with("->").then_some(name)
        })
        .collect()
}

/// The variables `text` puts in.
fn variables(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .split('$')
        .skip(1)
        .map(|rest| rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect())
        .collect();
    found.sort();
    found.dedup();
    found
}

/// Variables that hold words (a name, a reason): the rest are numbers or codes.
const WORDS: [&str; 9] =
    ["name", "names", "game", "colour", "level", "board", "what", "why", "kept"];

/// A name in `language`'s own script, for the variables that hold words.
fn a_name(language: Language) -> &'static str {
    match language {
        Language::English => "Asha",
        Language::Hindi | Language::Marathi => "आशा",
        Language::Bengali => "আশা",
        Language::Tamil => "ஆஷா",
        Language::Urdu => "عائشہ",
        Language::Greek => "Άννα",
    }
}

/// Latin a player of any language meets as it is: keys, the network's, the formats' and
/// the federation's acronyms, the millisecond's symbol, a file's name, and the command a
/// terminal takes (the game's name as typed there).
const LATIN: [&str; 29] = [
    "Esc", "Enter", "Tab", "Shift", "Space", "Ctrl", "F11", "PgUp", "PgDn", "End", "PDN", "FEN",
    "ICE", "TURN", "STUN", "NAT", "UDP", "IP", "LAN", "mDNS", "WebRTC", "HTTP", "URL", "ICF", "ms",
    "README", "carrom", "join", "rejoin",
];

/// The words of `text` written in Latin letters that are none of [`LATIN`] and no rule id.
pub(super) fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .flat_map(|token| token.split('-'))
        .filter(|word| word.chars().filter(char::is_ascii_alphabetic).count() > 1)
        .filter(|word| !LATIN.contains(word))
        .filter(|word| !matches!(*word, "CL" | "DP" | "FS" | "CM" | "CK"))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_count_english_inflects_is_inflected_in_every_language() {
    let english = texts(Language::English);
    let mut lost = Vec::new();
    for language in Language::ALL.into_iter().filter(|l| *l != Language::English) {
        let translated = texts(language);
        for (id, text) in &english {
            for count in selectors(text).into_iter().filter(|v| WORDS.iter().all(|w| w != v)) {
                if !selectors(&translated[id]).contains(&count) {
                    lost.push(format!("{}: {id} (${count})", language.code()));
                }
            }
        }
    }
    assert!(lost.is_empty(), "plurals lost: {lost:#?}");
}

#[test]
fn no_english_word_reaches_a_player_of_another_language_whatever_the_numbers() {
    let english = texts(Language::English);
    let mut found = Vec::new();
    for language in Language::ALL.into_iter().filter(|l| *l != Language::English) {
        let w = Words::new(language);
        for (id, text) in &english {
            let names = variables(text);
            for n in [0, 1, 2, 5, 21] {
                let value = |v: &str| {
                    if WORDS.contains(&v) { Arg::from(a_name(language)) } else { Arg::from(n) }
                };
                let args: Vec<(&str, Arg)> = names.iter().map(|v| (v.as_str(), value(v))).collect();
                let said = w.with(id, &args);
                let english = english_words(&said);
                if !english.is_empty() {
                    found.push(format!("{}: {id} ({n}): {english:?} in {said:?}", language.code()));
                    break;
                }
            }
        }
    }
    assert!(found.is_empty(), "English among other languages: {found:#?}");
}

/// Whether `c` is a letter of a left-to-right script.
fn strong_left(c: char) -> bool {
    c.is_alphabetic()
        && !('\u{0590}'..='\u{08FF}').contains(&c)
        && !('\u{FB1D}'..='\u{FEFC}').contains(&c)
}

/// Whether `c` is a letter of a right-to-left script, or a mark that says right to left.
fn strong_right(c: char) -> bool {
    ('\u{0590}'..='\u{08FF}').contains(&c)
        || ('\u{FB1D}'..='\u{FEFC}').contains(&c)
        || c == '\u{200F}'
        || c == '\u{061C}'
}

/// The first strong direction of `line` outside isolates, as the bidi algorithm finds a
/// paragraph's: `true` for right to left.
fn starts_right_to_left(line: &str) -> Option<bool> {
    let mut depth = 0usize;
    for c in line.chars() {
        match c {
            '\u{2066}'..='\u{2068}' => depth += 1,
            '\u{2069}' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ if strong_right(c) => return Some(true),
            _ if strong_left(c) => return Some(false),
            _ => {}
        }
    }
    None
}

#[test]
fn every_right_to_left_line_starts_right_to_left() {
    let english = texts(Language::English);
    let mut wrong = Vec::new();
    for language in Language::ALL.into_iter().filter(|l| l.right_to_left()) {
        let w = Words::new(language);
        for (id, text) in &english {
            let names = variables(text);
            let args: Vec<(&str, Arg)> =
                names.iter().map(|v| (v.as_str(), Arg::from("Asha"))).collect();
            let said = w.with(id, &args);
            for line in said.lines().filter(|line| starts_right_to_left(line) == Some(false)) {
                wrong.push(format!("{}: {id}: {line:?}", language.code()));
            }
        }
    }
    assert!(wrong.is_empty(), "right-to-left lines laid out left to right: {wrong:#?}");
}
