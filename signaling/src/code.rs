//! Invite codes, the one place they are minted, read and checked (the client, the `carrom`
//! command and this server all use it). A code is 13 characters of Crockford base-32
//! (case-insensitive, no I, L, O or U): 12 drawn from a random number, then the number of
//! players, so a friend joining by code knows the room's size. The server checks only the
//! form ([`normalise`]); a player's client reads the whole meaning ([`parse`]).

/// Crockford's alphabet.
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a code.
pub const LENGTH: usize = 13;
/// What an invite link starts with; the code follows.
pub const LINK_PREFIX: &str = "carrom://join/";

/// The canonical (upper-case) form of `code`, or `None` if it is not of a code's form.
pub fn normalise(code: &str) -> Option<String> {
    if code.len() != LENGTH {
        return None;
    }
    let upper = code.to_ascii_uppercase();
    upper.bytes().all(|b| ALPHABET.contains(&b)).then_some(upper)
}

/// A new code for a match of `players` (2–4): 12 characters from the 60 low bits of
/// `random`, then the player count.
pub fn mint(random: u64, players: u8) -> String {
    let mut code: String =
        (0..LENGTH - 1).map(|i| ALPHABET[((random >> (5 * i)) & 31) as usize] as char).collect();
    code.push(char::from(b'0' + players.clamp(2, 4)));
    code
}

/// An invite as a player typed or pasted it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    /// The code, canonical.
    pub code: String,
    /// Players the match was made for.
    pub players: u8,
}

/// The invite in `text`: a code or its link, any case, with surrounding spaces.
pub fn parse(text: &str) -> Option<Invite> {
    let text = text.trim();
    let text = text.strip_prefix(LINK_PREFIX).unwrap_or(text).trim_end_matches('/');
    let code = normalise(text)?;
    let players = code.as_bytes()[LENGTH - 1].wrapping_sub(b'0');
    (2..=4).contains(&players).then_some(Invite { code, players })
}

/// The invite link for `code`.
pub fn link(code: &str) -> String {
    format!("{LINK_PREFIX}{code}")
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
    fn a_minted_code_reads_back_with_its_player_count_from_code_or_link() {
        for players in 2..=4 {
            let code = mint(0xDEAD_BEEF_1234_5678, players);
            assert!(normalise(&code).is_some());
            let invite = Invite { code: code.clone(), players };
            assert_eq!(parse(&code), Some(invite.clone()));
            assert_eq!(parse(&format!("  {}/ ", link(&code.to_lowercase()))), Some(invite));
        }
        assert_eq!(parse("0123456789AB9"), None, "nine players is no code of ours");
        assert_eq!(parse("0123456789ABI"), None);
        assert_eq!(parse("carrom://join/"), None);
    }

    #[test]
    fn minted_codes_differ_by_their_random_bits() {
        assert_eq!(mint(0, 2), "0000000000002");
        assert_eq!(mint(u64::MAX, 4), "ZZZZZZZZZZZZ4");
        assert_ne!(mint(1, 2), mint(2, 2));
        assert_ne!(mint(1 << 55, 2), mint(0, 2), "the twelfth character uses bits 55-59");
    }
}
