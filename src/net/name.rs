//! A name another peer sent (in a hello, a watch stream or a LAN listing), made safe to
//! show: a stranger picks the bytes, so nothing in it may reorder, hide or break the text
//! around it.

/// Characters that change how the text around them is laid out or shown, without being
/// seen themselves: bidirectional embeddings, overrides and isolates, direction marks,
/// zero-width spaces and joiners used outside a word, invisible operators, fillers, tags.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E0FFF}'
    ) || (c.is_control() && !c.is_whitespace())
}

/// Zero-width joiners, which Devanagari and Urdu spelling needs inside a word.
fn joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
}

/// Part of a word, for a joiner's neighbours: a letter or a combining mark.
fn in_word(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || is_mark(*c))
}

/// Combining marks of the scripts the game speaks (Devanagari, Bengali and Tamil vowel
/// signs, Arabic diacritics, Greek tonos) and the general combining blocks.
fn is_mark(c: char) -> bool {
    matches!(
        c,
        '\u{0300}'..='\u{036F}'
            | '\u{0610}'..='\u{061A}'
            | '\u{064B}'..='\u{065F}'
            | '\u{0670}'
            | '\u{06D6}'..='\u{06ED}'
            | '\u{0900}'..='\u{0903}'
            | '\u{093A}'..='\u{094F}'
            | '\u{0951}'..='\u{0957}'
            | '\u{0962}'..='\u{0963}'
            | '\u{0981}'..='\u{0983}'
            | '\u{09BC}'
            | '\u{09BE}'..='\u{09C4}'
            | '\u{09C7}'..='\u{09C8}'
            | '\u{09CB}'..='\u{09CD}'
            | '\u{09D7}'
            | '\u{09E2}'..='\u{09E3}'
            | '\u{0B82}'
            | '\u{0BBE}'..='\u{0BC2}'
            | '\u{0BC6}'..='\u{0BC8}'
            | '\u{0BCA}'..='\u{0BCD}'
            | '\u{0BD7}'
            | '\u{1AB0}'..='\u{1AFF}'
            | '\u{1DC0}'..='\u{1DFF}'
            | '\u{20D0}'..='\u{20FF}'
    )
}

/// `raw` as a name to show: invisible and layout characters dropped (joiners kept only
/// inside a word), every run of spaces, tabs or line breaks one space, trimmed, and cut to
/// `max` characters.
pub fn shown_name(raw: &str, max: usize) -> String {
    let kept: Vec<char> = raw.chars().filter(|c| !invisible(*c)).collect();
    let mut name = String::new();
    let mut space = false;
    let mut count = 0;
    for (i, c) in kept.iter().enumerate() {
        if joiner(*c) && !(in_word(kept.get(i.wrapping_sub(1))) && in_word(kept.get(i + 1))) {
            continue;
        }
        if c.is_whitespace() {
            space = !name.is_empty();
            continue;
        }
        if count >= max {
            break;
        }
        if space {
            if count + 1 >= max {
                break;
            }
            name.push(' ');
            count += 1;
            space = false;
        }
        name.push(*c);
        count += 1;
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_overrides_isolates_and_zero_width_characters_are_dropped() {
        assert_eq!(shown_name("Ali\u{202E}ecila", 16), "Aliecila");
        assert_eq!(shown_name("\u{2066}Mira\u{2069}", 16), "Mira");
        assert_eq!(shown_name("Zo\u{200B}e\u{FEFF}\u{200E}", 16), "Zoe");
        assert_eq!(shown_name("\u{200B}\u{200D}\u{2060}", 16), "", "nothing visible is left");
        assert_eq!(shown_name("a\u{E0041}b\u{0007}c", 16), "abc");
    }

    #[test]
    fn joiners_stay_inside_a_word_and_spaces_collapse() {
        // Marathi's eyelash ra and Urdu spelling use joiners between letters.
        assert_eq!(shown_name("र\u{094D}\u{200D}य", 16), "र\u{094D}\u{200D}य");
        // Bengali's ra with a ya-phala: the joiner stands before the virama (a mark).
        assert_eq!(shown_name("র\u{200D}\u{09CD}য", 16), "র\u{200D}\u{09CD}য");
        assert_eq!(shown_name("\u{200D}Ravi\u{200C}", 16), "Ravi");
        assert_eq!(shown_name("  Ana \t\n  Maria\u{2028} ", 16), "Ana Maria");
    }

    #[test]
    fn a_name_is_cut_to_its_length_in_characters() {
        assert_eq!(shown_name("ΑλέξανδροςΠαπαδόπουλος", 10), "Αλέξανδρος");
        assert_eq!(shown_name("abcdefghi jk", 10), "abcdefghi", "no trailing space");
        assert_eq!(shown_name(&"x".repeat(100_000), 16).chars().count(), 16);
    }
}
