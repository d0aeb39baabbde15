//! What a player shows to take its seat back after a drop: a token only it knows (the game
//! derives it from its seat's private key) and gives only to this server, when it joins
//! (`?seat=`) and when it comes back. Its peer id is no proof: every peer in the room,
//! watchers too, learns it from the signals.

use std::fmt;

/// Shortest and longest token taken, hexadecimal digits (64 to 256 bits).
const DIGITS: std::ops::RangeInclusive<usize> = 16..=64;

/// A token that is not 16 to 64 hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MalformedToken;

/// A player's seat token.
#[derive(Clone, PartialEq, Eq)]
pub struct SeatToken(String);

impl SeatToken {
    /// The token a request names (`Ok(None)`: none named); `Err` if it is malformed.
    pub fn parse(text: Option<&str>) -> Result<Option<SeatToken>, MalformedToken> {
        match text {
            None => Ok(None),
            Some(t) if DIGITS.contains(&t.len()) && t.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Ok(Some(SeatToken(t.to_ascii_lowercase())))
            }
            Some(_) => Err(MalformedToken),
        }
    }

    /// Whether `shown` is this token, compared in time that does not depend on where they
    /// differ.
    pub fn is(&self, shown: Option<&SeatToken>) -> bool {
        let Some(shown) = shown else { return false };
        let (a, b) = (self.0.as_bytes(), shown.0.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Logged, it would be anyone's who reads the log.
        f.write_str("SeatToken(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_hexadecimal_of_a_bounded_length_and_never_printed() {
        assert_eq!(SeatToken::parse(None), Ok(None));
        let token = SeatToken::parse(Some("00112233445566778899AABBCCDDEEFF")).unwrap().unwrap();
        let same = SeatToken::parse(Some("00112233445566778899aabbccddeeff")).unwrap();
        assert!(token.is(same.as_ref()), "case does not matter");
        let other = SeatToken::parse(Some("00112233445566778899aabbccddeefe")).unwrap();
        assert!(!token.is(other.as_ref()) && !token.is(None));
        for bad in ["", "0011", "zz112233445566778899aabbccddeeff", &"0".repeat(65)] {
            assert_eq!(SeatToken::parse(Some(bad)), Err(MalformedToken), "{bad:?}");
        }
        assert_eq!(format!("{token:?}"), "SeatToken(..)");
    }
}
