//! Cost of the game step: `advance` for a frame in motion and a frame at rest, and a
//! whole match of random legal strokes (Freestyle, 2 players, real physics).

use carrom::bot::random_stroke;
use carrom::game::{Input, Match, Phase, advance};
use carrom::rules::{Settings, Variant};
use carrom::sim::{PresetId, Stroke};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const BREAK: Stroke = Stroke { placement: 0, angle: 0, power: 10_000 };

fn settings(variant: Variant) -> Settings {
    Settings::new(variant, 2, PresetId::Standard, 30, 1).unwrap()
}

/// Plays a whole match of seeded random legal strokes; returns the frames it took.
fn random_match(seed: u64) -> u32 {
    let mut m = Match::new(settings(Variant::Freestyle));
    let mut input = Input::ZERO;
    while m.phase() != Phase::MatchOver && m.frame() < 2_000_000 {
        if m.phase() == Phase::Aim {
            input = Input::commit(m.next_stroke(), random_stroke(&m, seed));
        }
        let mut inputs = [Input::ZERO; 2];
        inputs[m.settings().player_at(m.shooter()).unwrap()] = input;
        advance(&mut m, &inputs);
    }
    m.frame()
}

fn game(c: &mut Criterion) {
    let mut in_motion = Match::new(settings(Variant::Classic));
    let shooter = in_motion.shooter();
    let breaking = Stroke { angle: shooter.forward().0, ..BREAK };
    let mut commit = [Input::ZERO; 2];
    commit[in_motion.settings().player_at(shooter).unwrap()] = Input::commit(1, breaking);
    for _ in 0..3 {
        advance(&mut in_motion, &commit);
    }
    assert_eq!(in_motion.phase(), Phase::Motion);
    c.bench_function("advance: a frame of the break in motion", |b| {
        b.iter(|| {
            let mut m = black_box(in_motion);
            advance(&mut m, &commit);
            m
        })
    });

    let at_rest = Match::new(settings(Variant::Classic));
    let mut aiming = [Input::ZERO; 2];
    aiming[at_rest.settings().player_at(shooter).unwrap()] = Input::aiming(breaking);
    c.bench_function("advance: a frame at rest (aiming)", |b| {
        b.iter(|| {
            let mut m = black_box(at_rest);
            advance(&mut m, &aiming);
            m
        })
    });

    eprintln!("a random Freestyle match takes {} frames", random_match(7));
    let mut group = c.benchmark_group("whole match");
    group.sample_size(10);
    group.bench_function("random Freestyle match, 2 players, real physics", |b| {
        b.iter(|| random_match(black_box(7)))
    });
    group.finish();
}

criterion_group!(benches, game);
criterion_main!(benches);
