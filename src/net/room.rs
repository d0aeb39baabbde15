//! Room addresses on the signaling server: private rooms by invite code, quick matches by
//! game type and player count; both carry [`super::PROTOCOL_VERSION`].

use super::PROTOCOL_VERSION;
use crate::rules::Variant;

/// The URL that joins private room `code` with `players` seats.
pub fn private_room(signaling: &str, code: &str, players: u8) -> String {
    let base = signaling.trim_end_matches('/');
    format!("{base}/r/{code}?seats={players}&v={PROTOCOL_VERSION}")
}

/// The URL that joins the quick-match queue for `variant` with `players` players.
pub fn quick_match(signaling: &str, variant: Variant, players: u8) -> String {
    let base = signaling.trim_end_matches('/');
    let key = format!("carrom-p{PROTOCOL_VERSION}-{}-{players}", variant.name());
    format!("{base}/q/{key}?next={players}")
}

/// Crockford's base-32 alphabet (no I, L, O, U), as carrom-signaling checks it.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A new invite code: 12 characters from `random`, then the number of players, so a
/// friend joining by code knows the room's size.
pub fn mint_code(random: u64, players: u8) -> String {
    let mut bits = random;
    let mut code: String = (0..12)
        .map(|_| {
            let c = ALPHABET[(bits & 31) as usize] as char;
            bits = bits.rotate_right(5);
            c
        })
        .collect();
    code.push(char::from(b'0' + players.clamp(2, 4)));
    code
}

/// The canonical form of an invite code typed or pasted by a player (a `carrom://join/`
/// link works too), with the number of players it was made for.
pub fn parse_code(text: &str) -> Option<(String, u8)> {
    let text = text.trim();
    let text = text.strip_prefix("carrom://join/").unwrap_or(text);
    let code = text.trim_end_matches('/').to_ascii_uppercase();
    let valid = code.len() == 13 && code.bytes().all(|b| ALPHABET.contains(&b));
    let players = code.as_bytes().last().map(|b| b.wrapping_sub(b'0'))?;
    (valid && (2..=4).contains(&players)).then_some((code, players))
}

/// The invite link for `code`.
pub fn invite_link(code: &str) -> String {
    format!("carrom://join/{code}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_room_address_carries_the_protocol_version() {
        let private = private_room("ws://127.0.0.1:3536/", "0123456789ABC", 3);
        assert_eq!(
            private,
            format!("ws://127.0.0.1:3536/r/0123456789ABC?seats=3&v={PROTOCOL_VERSION}")
        );
        let quick = quick_match("ws://h:1", Variant::DiscPool, 4);
        assert_eq!(quick, format!("ws://h:1/q/carrom-p{PROTOCOL_VERSION}-disc_pool-4?next=4"));
        assert_eq!(invite_link("0123456789ABC"), "carrom://join/0123456789ABC");
    }

    #[test]
    fn a_minted_code_reads_back_with_its_player_count() {
        for players in 2..=4 {
            let code = mint_code(0xDEAD_BEEF_1234_5678, players);
            assert_eq!(parse_code(&code), Some((code.clone(), players)));
            let link = invite_link(&code.to_lowercase());
            assert_eq!(parse_code(&link), Some((code, players)));
        }
        assert_eq!(parse_code("0123456789AB9"), None, "nine players is no code of ours");
        assert_eq!(parse_code("0123456789ABI"), None);
    }
}
