//! Invite codes, the one place they are minted, read and checked (the client, the `carrom`
//! command and this server all use it). A code is 13 characters of Crockford base-32
//! (case-insensitive, no I, L, O or U): 12 drawn from a random number, then the number of
//! players, so a friend joining by code knows the room's size. The server checks only the
//! form ([`normalise`]); a player's client reads the whole meaning ([`parse`]).
//!
//! An invite travels as the code, as `carrom://join/CODE` (the desktop game's link), or as
//! the address of the browser game a signaling server serves: `https://HOST/#CODE` or
//! `https://HOST/join/CODE`. That last kind names its server too, so whoever opens it
//! meets the others there whatever server it would use otherwise.

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
    /// The signaling server a web link names (`ws://` or `wss://`, no path), if it was one.
    pub server: Option<String>,
}

/// The invite in `text`: a code, its link or its web link, any case, with surrounding
/// spaces.
pub fn parse(text: &str) -> Option<Invite> {
    let (code, server) = code_in(text)?;
    let players = code.as_bytes()[LENGTH - 1].wrapping_sub(b'0');
    (2..=4).contains(&players).then_some(Invite { code, players, server })
}

/// The code in `text` (a code, its link or its web link; only its form checked, as the
/// server checks it) and the server a web link names.
pub fn code_in(text: &str) -> Option<(String, Option<String>)> {
    let text = text.trim();
    let (server, rest) = match web_parts(text) {
        Some((server, rest)) => (Some(server), rest),
        None => (None, text.strip_prefix(LINK_PREFIX).unwrap_or(text)),
    };
    Some((normalise(rest.trim_end_matches('/'))?, server))
}

/// A web link's signaling server and what follows its `#` or `/join/`.
fn web_parts(text: &str) -> Option<(String, &str)> {
    let (secure, rest) = match text.get(..8).map(str::to_ascii_lowercase).as_deref() {
        Some("https://") => (true, &text[8..]),
        _ if text.get(..7).is_some_and(|s| s.eq_ignore_ascii_case("http://")) => {
            (false, &text[7..])
        }
        _ => return None,
    };
    let host_end = rest.find(['/', '#', '?']).unwrap_or(rest.len());
    let (host, tail) = rest.split_at(host_end);
    let valid = |c: char| c.is_ascii_alphanumeric() || "-.:[]".contains(c);
    if host.is_empty() || !host.chars().all(valid) {
        return None;
    }
    let after = tail.rsplit_once('#').map(|(_, code)| code).or_else(|| {
        let path = tail.split(['?', '#']).next().unwrap_or_default();
        path.trim_end_matches('/').rsplit_once("/join/").map(|(_, code)| code)
    })?;
    let scheme = if secure { "wss" } else { "ws" };
    Some((format!("{scheme}://{host}"), after))
}

/// The invite link for `code`.
pub fn link(code: &str) -> String {
    format!("{LINK_PREFIX}{code}")
}

/// The browser game's link for `code`, on the page `server` (a `ws://` or `wss://`
/// signaling server started with `--web`) serves; `None` when `server` is no such URL.
pub fn web_link(server: &str, code: &str) -> Option<String> {
    let lower = server.to_ascii_lowercase();
    let (scheme, rest) = if lower.starts_with("wss://") {
        ("https", &server[6..])
    } else if lower.starts_with("ws://") {
        ("http", &server[5..])
    } else {
        return None;
    };
    let host = rest.split(['/', '?', '#']).next().filter(|h| !h.is_empty())?;
    Some(format!("{scheme}://{host}/#{code}"))
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
            let invite = Invite { code: code.clone(), players, server: None };
            assert_eq!(parse(&code), Some(invite.clone()));
            assert_eq!(parse(&format!("  {}/ ", link(&code.to_lowercase()))), Some(invite));
        }
        assert_eq!(parse("0123456789AB9"), None, "nine players is no code of ours");
        assert_eq!(parse("0123456789ABI"), None);
        assert_eq!(parse("carrom://join/"), None);
    }

    #[test]
    fn a_web_link_names_its_code_and_its_server() {
        let code = mint(0xC0FFEE, 2);
        let at = |server: &str| {
            Some(Invite { code: code.clone(), players: 2, server: Some(server.into()) })
        };
        let link = web_link("wss://carrom.example", &code).unwrap();
        assert_eq!(link, format!("https://carrom.example/#{code}"));
        assert_eq!(parse(&link), at("wss://carrom.example"));
        let plain = web_link("ws://10.0.0.1:3536/", &code).unwrap();
        assert_eq!(plain, format!("http://10.0.0.1:3536/#{code}"));
        assert_eq!(parse(&plain), at("ws://10.0.0.1:3536"));
        let path = format!("HTTPS://carrom.example/join/{}/", code.to_lowercase());
        assert_eq!(parse(&path), at("wss://carrom.example"));
        assert_eq!(
            parse(&format!("https://carrom.example/play?x=1#{code}")),
            at("wss://carrom.example")
        );
        assert_eq!(parse("https://carrom.example/"), None, "no code");
        assert_eq!(parse(&format!("https://bad host/#{code}")), None);
        assert_eq!(parse(&format!("ftp://carrom.example/#{code}")), None);
        assert_eq!(web_link("carrom.example", &code), None);
        assert_eq!(web_link("wss://", &code), None);
        // A room's code need not end in a player count (headless peers name it apart).
        let any = "http://10.0.0.1:3536/join/0123456789ABC";
        assert_eq!(code_in(any), Some(("0123456789ABC".into(), Some("ws://10.0.0.1:3536".into()))));
        assert_eq!(parse(any), None);
    }

    #[test]
    fn minted_codes_differ_by_their_random_bits() {
        assert_eq!(mint(0, 2), "0000000000002");
        assert_eq!(mint(u64::MAX, 4), "ZZZZZZZZZZZZ4");
        assert_ne!(mint(1, 2), mint(2, 2));
        assert_ne!(mint(1 << 55, 2), mint(0, 2), "the twelfth character uses bits 55-59");
    }
}
