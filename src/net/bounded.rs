//! Bounded decoding of another peer's bytes: nothing is allocated or looped over beyond a
//! limit the caller names, and bytes left over make the whole message a refusal.

/// A `T` from a peer's bytes, if they are one, no longer than `LIMIT`, and nothing else.
pub fn decode_exactly<T: serde::de::DeserializeOwned, const LIMIT: usize>(
    bytes: &[u8],
) -> Option<T> {
    if bytes.len() > LIMIT {
        return None;
    }
    let config = bincode::config::standard().with_limit::<LIMIT>();
    match bincode::serde::decode_from_slice::<T, _>(bytes, config) {
        Ok((value, used)) if used == bytes.len() => Some(value),
        _ => None,
    }
}
