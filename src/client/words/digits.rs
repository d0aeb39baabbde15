//! The digits numbers are written in: 0–9 by default in every language, or, as a setting,
//! the language's own where its readers use them (Devanagari's ०–९ for Hindi and Marathi,
//! Bengali's ০–৯, the Extended Arabic-Indic ۰–۹ of Urdu). Only quantities change: scores,
//! counts, clocks and dates. Notation stays in 0–9 (draughts' square numbers and moves,
//! rule ids, invite codes, addresses and ports), as printed rules and addresses write it.

use super::language::Language;
use fluent_bundle::FluentValue;

/// Which digits numbers are written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Digits {
    /// 0–9.
    #[default]
    Western,
    /// The language's own digits, where it has them in use (else 0–9).
    Own,
}

impl Digits {
    /// The key settings.json keeps it under.
    pub const fn code(self) -> &'static str {
        match self {
            Digits::Western => "western",
            Digits::Own => "own",
        }
    }

    /// The digits a code names (`None` for a code this version does not know).
    pub fn from_code(code: &str) -> Option<Digits> {
        [Digits::Western, Digits::Own].into_iter().find(|d| d.code() == code)
    }
}

/// The zero of `language`'s own digits, if its readers use them (Tamil's own digits are
/// not in everyday use, Greek has none).
pub const fn own_zero(language: Language) -> Option<char> {
    match language {
        Language::Hindi | Language::Marathi => Some('\u{0966}'),
        Language::Bengali => Some('\u{09E6}'),
        Language::Urdu => Some('\u{06F0}'),
        Language::English | Language::Tamil | Language::Greek => None,
    }
}

/// `text` with each of 0–9 written in the digits that start at `zero`.
pub fn write(text: &str, zero: char) -> String {
    text.chars()
        .map(|c| match c.to_digit(10).filter(|_| c.is_ascii_digit()) {
            Some(d) => char::from_u32(u32::from(zero) + d).unwrap_or(c),
            None => c,
        })
        .collect()
}

/// Writes a message's numbers in the digits that start at `ZERO` (a Fluent formatter:
/// a plain function, so the zero is a constant of it).
fn numbers_in<const ZERO: u32, M>(value: &FluentValue, _: &M) -> Option<String> {
    let FluentValue::Number(number) = value else { return None };
    Some(write(&number.as_string(), char::from_u32(ZERO)?))
}

/// The Fluent formatter that writes numbers in the digits starting at `zero`.
pub fn formatter<M>(zero: char) -> Option<fn(&FluentValue, &M) -> Option<String>> {
    match zero {
        '\u{0966}' => Some(numbers_in::<0x0966, M>),
        '\u{09E6}' => Some(numbers_in::<0x09E6, M>),
        '\u{06F0}' => Some(numbers_in::<0x06F0, M>),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::ui::font::missing_glyphs;

    #[test]
    fn each_language_with_digits_of_its_own_writes_them_and_keeps_the_rest() {
        let zero = |language| own_zero(language).unwrap();
        assert_eq!(write("12:05, 2026", zero(Language::Hindi)), "१२:०५, २०२६");
        assert_eq!(write("7 / 10", zero(Language::Bengali)), "৭ / ১০");
        assert_eq!(write("Asha 21", zero(Language::Urdu)), "Asha ۲۱");
        // Every zero has a formatter, so no language with digits is left in 0–9, and the
        // faces draw all ten.
        for language in Language::ALL {
            if let Some(zero) = own_zero(language) {
                assert!(formatter::<()>(zero).is_some(), "{language:?}");
                let ten = write("0123456789", zero);
                assert_eq!(missing_glyphs(&ten), Vec::<char>::new(), "{language:?}: {ten}");
            }
        }
    }

    #[test]
    fn the_settings_code_round_trips() {
        for digits in [Digits::Western, Digits::Own] {
            assert_eq!(Digits::from_code(digits.code()), Some(digits));
        }
        assert_eq!(Digits::from_code("roman"), None);
    }
}
