//! Invite codes: 13 characters of Crockford base-32 (65 bits), case-insensitive, with
//! no I, L, O or U. Whoever creates a match mints one; the server only checks the form.

/// Crockford's alphabet.
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a code.
pub const LENGTH: usize = 13;

/// The canonical (upper-case) form of `code`, or `None` if it is not a valid code.
pub fn normalise(code: &str) -> Option<String> {
    if code.len() != LENGTH {
        return None;
    }
    let upper = code.to_ascii_uppercase();
    upper.bytes().all(|b| ALPHABET.contains(&b)).then_some(upper)
}

/// A code from 65 random bits (the low bit of `high` and all of `low`).
pub fn mint(high: u64, low: u64) -> String {
    let mut bits = ((high as u128 & 1) << 64) | low as u128;
    let mut out = [0u8; LENGTH];
    for slot in out.iter_mut().rev() {
        *slot = ALPHABET[(bits & 31) as usize];
        bits >>= 5;
    }
    String::from_utf8(out.to_vec()).expect("the alphabet is ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_thirteen_crockford_characters_any_case() {
        assert_eq!(normalise("0123456789abc").as_deref(), Some("0123456789ABC"));
        assert_eq!(normalise("ZZZZZZZZZZZZZ").as_deref(), Some("ZZZZZZZZZZZZZ"));
        for bad in [
            "",
            "0123456789AB",
            "0123456789ABCD",
            "0123456789ABI",
            "0123456789ABL",
            "0123456789ABO",
            "0123456789ABU",
            "0123456789AB-",
            "0123456789AB\u{e9}",
        ] {
            assert_eq!(normalise(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn minted_codes_are_valid_and_use_all_65_bits() {
        assert_eq!(mint(0, 0), "0000000000000");
        assert_eq!(mint(1, u64::MAX), "ZZZZZZZZZZZZZ");
        assert_ne!(mint(0, u64::MAX), mint(1, u64::MAX));
        assert!(normalise(&mint(7, 0x1234_5678_9ABC_DEF0)).is_some());
    }
}
