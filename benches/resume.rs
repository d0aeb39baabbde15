//! Cost of proving a seat: an offer to resume sent and checked with its seat's ed25519
//! signature (now), against the same offer proved by an 8-byte secret checked against its
//! FNV-1a seal (protocol 5), on a typical offer (two players, 96 frames held).

use carrom::determinism::fnv1a64;
use carrom::game::{Input, Match};
use carrom::net::bounded::decode_exactly;
use carrom::net::rejoin::{Held, Offer, Resumption, Signed};
use carrom::net::seat_key::SeatKey;
use carrom::net::watch::Watched;
use carrom::rules::{Settings, Variant};
use carrom::sim::PresetId;
use criterion::{Criterion, criterion_group, criterion_main};
use matchbox_socket::PeerId;
use std::hint::black_box;

/// The offer of seat 1 of a two-player match, holding 96 frames of aiming.
fn offer() -> Offer {
    let settings = Settings::new(Variant::Classic, 2, PresetId::Standard, 30, 7).unwrap();
    let anchor = Watched::Carrom(Match::new(settings));
    let frames: Vec<Vec<Input>> =
        (0..96).map(|f| vec![Input { angle: f * 40, ..Input::ZERO }, Input::ZERO]).collect();
    Offer { seat: 1, epoch: 0, drops: [1, 0, 0, 0], held: Held::of(&anchor, &frames) }
}

/// What protocol 5 sent: the offer and the secret beside it.
type Before = (Resumption, u64);

fn resume(c: &mut Criterion) {
    let offer = offer();
    let key = SeatKey::from_bytes([9; 32]);
    let seals = [SeatKey::from_bytes([8; 32]).seal(), key.seal()];
    let secret = 0x1234_5678_9abc_def0_u64;
    let seal = fnv1a64(&secret.to_le_bytes());
    let from = PeerId(uuid::Uuid::from_bytes([3; 16]));
    let config = bincode::config::standard();

    let before =
        bincode::serde::encode_to_vec((Resumption::Offer(offer.clone()), secret), config).unwrap();
    let now = Signed::new(Resumption::Offer(offer.clone()), &key, from).encode();
    eprintln!(
        "an offer: {} bytes with a secret (before), {} bytes signed (now): {:.3}x",
        before.len(),
        now.len(),
        now.len() as f64 / before.len() as f64
    );

    let mut group = c.benchmark_group("an offer sent and its seat checked");
    group.bench_function("before: a secret and its FNV-1a seal", |b| {
        b.iter(|| {
            let message = (Resumption::Offer(black_box(&offer).clone()), secret);
            let bytes = bincode::serde::encode_to_vec(message, config).unwrap();
            let (_, got): Before = decode_exactly::<Before, { 128 * 1024 }>(&bytes).unwrap();
            assert_eq!(fnv1a64(&got.to_le_bytes()), seal);
        })
    });
    group.bench_function("now: an ed25519 signature over sender and message", |b| {
        b.iter(|| {
            let bytes = Signed::new(Resumption::Offer(black_box(&offer).clone()), &key, from);
            let got = Signed::decode(&bytes.encode()).unwrap();
            assert!(got.proves_seat(from, &seals));
        })
    });
    group.finish();
}

criterion_group!(benches, resume);
criterion_main!(benches);
