//! A seat's key: what proves, when a player drops and comes back, that it is the player who
//! held that seat. Each player draws a fresh ed25519 key for each match from the system's
//! randomness and tells the others only its public half, its *seal*, in its hello. Every
//! message that claims a seat (an offer to resume, a decision) is signed with the key, over
//! the sender's peer id as well as the message, so that nobody who relays or replays it can
//! take it as their own. The key itself never leaves the machine (it is kept in the rejoin
//! ticket).

use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use matchbox_socket::PeerId;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// What every signature covers besides the message: it is this game's, for this protocol.
const DOMAIN: &[u8] = b"carrom seat signature v1\0";

/// Bytes in a signature.
pub const SIGNATURE_BYTES: usize = 64;

/// A seat's private key.
#[derive(Clone)]
pub struct SeatKey(SigningKey);

/// A seat's public key, which every player learns when the match begins.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Seal(pub [u8; 32]);

impl SeatKey {
    /// A fresh key from the system's randomness (`Err`: the system's reason it gave none).
    pub fn fresh() -> Result<SeatKey, getrandom::Error> {
        let mut bytes = [0; 32];
        getrandom::fill(&mut bytes)?;
        Ok(SeatKey(SigningKey::from_bytes(&bytes)))
    }

    /// The key kept as `bytes`.
    pub fn from_bytes(bytes: [u8; 32]) -> SeatKey {
        SeatKey(SigningKey::from_bytes(&bytes))
    }

    /// The bytes to keep it as.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    /// Its public half.
    pub fn seal(&self) -> Seal {
        Seal(self.0.verifying_key().to_bytes())
    }

    /// What this player shows the signaling server to take its seat back (`?seat=`):
    /// drawn from the key, so the ticket keeps one secret, and telling nothing of it.
    pub fn rejoin_token(&self) -> String {
        let nobody = PeerId(uuid::Uuid::nil());
        hex(&self.sign(nobody, b"rejoin token for the signaling server")[..16])
    }

    /// The signature of `message` sent by `from`.
    pub fn sign(&self, from: PeerId, message: &[u8]) -> [u8; SIGNATURE_BYTES] {
        self.0.sign(&signed_bytes(from, message)).to_bytes()
    }
}

impl fmt::Debug for SeatKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A key printed in a log would be a key given away.
        write!(f, "SeatKey({:?})", self.seal())
    }
}

impl Seal {
    /// Whether `signature` is this seal's key's, of `message` sent by `from`.
    pub fn signed(&self, from: PeerId, message: &[u8], signature: &[u8]) -> bool {
        let (Ok(key), Ok(signature)) =
            (VerifyingKey::from_bytes(&self.0), Signature::from_slice(signature))
        else {
            return false;
        };
        key.verify(&signed_bytes(from, message), &signature).is_ok()
    }

    /// The seal written as hexadecimal.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// A seal from 64 hexadecimal digits.
    pub fn from_hex(text: &str) -> Option<Seal> {
        from_hex(text).map(Seal)
    }
}

impl fmt::Debug for Seal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", &self.to_hex()[..12])
    }
}

/// In files and hellos (JSON) a seal is hexadecimal; on the wire, its 32 bytes.
impl Serialize for Seal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(&self.to_hex())
        } else {
            self.0.serialize(serializer)
        }
    }
}

impl<'de> Deserialize<'de> for Seal {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Seal, D::Error> {
        if deserializer.is_human_readable() {
            let text = String::deserialize(deserializer)?;
            Seal::from_hex(&text).ok_or_else(|| serde::de::Error::custom("not a seal"))
        } else {
            <[u8; 32]>::deserialize(deserializer).map(Seal)
        }
    }
}

/// What is signed: the domain, the sender, the message.
fn signed_bytes(from: PeerId, message: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(DOMAIN.len() + 16 + message.len());
    bytes.extend_from_slice(DOMAIN);
    bytes.extend_from_slice(from.0.as_bytes());
    bytes.extend_from_slice(message);
    bytes
}

/// `bytes` as lowercase hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 32 bytes from 64 hexadecimal digits.
pub fn from_hex(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut bytes = [0; 32];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer(n: u8) -> PeerId {
        PeerId(uuid::Uuid::from_bytes([n; 16]))
    }

    #[test]
    fn a_signature_proves_the_key_the_sender_and_the_message() {
        let key = SeatKey::fresh().unwrap();
        let other = SeatKey::fresh().unwrap();
        let signature = key.sign(peer(1), b"offer");
        assert!(key.seal().signed(peer(1), b"offer", &signature));
        assert!(!key.seal().signed(peer(2), b"offer", &signature), "relayed by another peer");
        assert!(!key.seal().signed(peer(1), b"offer!", &signature), "another message");
        assert!(!other.seal().signed(peer(1), b"offer", &signature), "another seat's seal");
        assert!(!key.seal().signed(peer(1), b"offer", &signature[..63]), "cut short");
        assert!(!Seal([0xff; 32]).signed(peer(1), b"offer", &signature), "not a key");
    }

    #[test]
    fn a_key_and_its_seal_survive_their_written_forms() {
        let key = SeatKey::fresh().unwrap();
        let kept = SeatKey::from_bytes(key.to_bytes());
        assert_eq!(kept.seal(), key.seal());
        let seal = key.seal();
        assert_eq!(Seal::from_hex(&seal.to_hex()), Some(seal));
        let json = serde_json::to_string(&seal).unwrap();
        assert_eq!(json, format!("\"{}\"", seal.to_hex()));
        assert_eq!(serde_json::from_str::<Seal>(&json).unwrap(), seal);
        let wire = bincode::serde::encode_to_vec(seal, bincode::config::standard()).unwrap();
        assert_eq!(wire.len(), 32);
        assert!(Seal::from_hex("zz").is_none() && Seal::from_hex(&"é".repeat(32)).is_none());
        assert!(!format!("{key:?}").contains(&hex(&key.to_bytes())), "a key is never printed");
        assert_eq!(kept.rejoin_token(), key.rejoin_token(), "the same token after a restart");
        assert_eq!(key.rejoin_token().len(), 32);
        assert_ne!(SeatKey::fresh().unwrap().rejoin_token(), key.rejoin_token());
    }
}
