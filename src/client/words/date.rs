//! A date and time in the player's language: the month by its name in that language, the
//! day, year and clock in digits.

use super::{Arg, Words};
use crate::client::persistence::records::Civil;

/// `at` as `w`'s language writes a date and time ("7 Dec 2026, 14:05", "7 दिसंबर 2026, 14:05").
pub fn date_time(w: &Words, at: Civil) -> String {
    let time = format!("{:02}:{:02}", at.hour, at.minute);
    w.with(
        "date-time",
        &[
            ("day", Arg::from(at.day)),
            ("month", Arg::from(at.month)),
            // Text, not a number: a year is never grouped like a quantity.
            ("year", Arg::from(w.number(at.year))),
            ("time", Arg::from(w.numeral(&time))),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::persistence::records::when_in;
    use crate::client::words::Language;

    #[test]
    fn each_language_names_the_month_in_its_own_words() {
        let at = when_in(1_796_164_417, &chrono::Utc);
        let said = |language| date_time(&Words::new(language), at);
        assert_eq!(said(Language::English), "1 Dec 2026, 22:33");
        assert_eq!(said(Language::Hindi), "1 दिसंबर 2026, 22:33");
        assert_eq!(said(Language::Greek), "1 Δεκεμβρίου 2026, 22:33");
        assert!(said(Language::Tamil).contains("டிசம்பர்"), "{}", said(Language::Tamil));
        // Every month has a name of its own in every language.
        for language in Language::ALL {
            let mut names: Vec<String> = (1..=12u8)
                .map(|month| date_time(&Words::new(language), Civil { month, ..at }))
                .collect();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), 12, "{language:?}");
        }
    }
}
