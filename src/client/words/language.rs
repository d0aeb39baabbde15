//! The languages the game speaks, and which one a new player's system asks for.

/// A language the game's words are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// English.
    #[default]
    English,
    /// Hindi, in Devanagari.
    Hindi,
    /// Marathi, in Devanagari.
    Marathi,
    /// Bengali, in the Bengali script.
    Bengali,
    /// Tamil, in the Tamil script.
    Tamil,
    /// Urdu, in the Arabic script (Naskh), right to left.
    Urdu,
    /// Greek.
    Greek,
}

impl Language {
    /// Every language, in the order Settings offers them.
    pub const ALL: [Language; 7] = [
        Language::English,
        Language::Hindi,
        Language::Marathi,
        Language::Bengali,
        Language::Tamil,
        Language::Urdu,
        Language::Greek,
    ];

    /// The BCP 47 code: the name of its message file and its key in settings.json.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Hindi => "hi",
            Language::Marathi => "mr",
            Language::Bengali => "bn",
            Language::Tamil => "ta",
            Language::Urdu => "ur",
            Language::Greek => "el",
        }
    }

    /// The language's name in its own script, as Settings shows it.
    pub const fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Hindi => "हिन्दी",
            Language::Marathi => "मराठी",
            Language::Bengali => "বাংলা",
            Language::Tamil => "தமிழ்",
            Language::Urdu => "اردو",
            Language::Greek => "Ελληνικά",
        }
    }

    /// Whether it is written right to left (the HUD and menus are mirrored).
    pub const fn right_to_left(self) -> bool {
        matches!(self, Language::Urdu)
    }

    /// The language whose code is `code`.
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language a locale such as `hi-IN`, `ur_PK.UTF-8` or `el` asks for; English
    /// when the game does not speak it.
    pub fn for_locale(locale: &str) -> Language {
        let primary = locale.split(['-', '_', '.', '@']).next().unwrap_or_default();
        Language::from_code(&primary.to_ascii_lowercase()).unwrap_or_default()
    }

    /// The language of this system's (or browser's) locale.
    pub fn of_system() -> Language {
        sys_locale::get_locale().map_or_else(Language::default, |l| Language::for_locale(&l))
    }

    /// The next language in Settings' order, after the last the first.
    pub fn next(self) -> Language {
        let at = Language::ALL.iter().position(|l| *l == self).unwrap_or(0);
        Language::ALL[(at + 1) % Language::ALL.len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_locale_picks_its_language_and_anything_else_english() {
        assert_eq!(Language::for_locale("hi-IN"), Language::Hindi);
        assert_eq!(Language::for_locale("mr_IN.UTF-8"), Language::Marathi);
        assert_eq!(Language::for_locale("ur-PK"), Language::Urdu);
        assert_eq!(Language::for_locale("bn-BD"), Language::Bengali);
        assert_eq!(Language::for_locale("ta_LK.UTF-8"), Language::Tamil);
        assert_eq!(Language::for_locale("EL"), Language::Greek);
        assert_eq!(Language::for_locale("en-GB"), Language::English);
        assert_eq!(Language::for_locale("fr-FR"), Language::English);
        assert_eq!(Language::for_locale("C"), Language::English);
        assert_eq!(Language::for_locale(""), Language::English);
    }

    #[test]
    fn codes_round_trip_and_next_visits_every_language() {
        let mut seen = vec![];
        let mut l = Language::English;
        for _ in 0..Language::ALL.len() {
            assert_eq!(Language::from_code(l.code()), Some(l));
            seen.push(l);
            l = l.next();
        }
        assert_eq!(l, Language::English);
        assert_eq!(seen, Language::ALL);
    }
}
