//! Cost of the physics: (a) a full-power break to rest, (b) a typical mid-game stroke,
//! (c) re-simulating 8 frames as a rollback would (restore a byte snapshot, step 8).

use carrom::sim::{PresetId, Seat, Stroke, Table};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const BREAK: Stroke = Stroke { placement: 0, angle: 16_384, power: 10_000 };

fn broken_rack() -> Table {
    let mut table = Table::racked(PresetId::Standard, true);
    table.start_stroke(Seat(0), &BREAK).unwrap();
    table.run_to_rest();
    table
}

fn physics(c: &mut Criterion) {
    let rack = Table::racked(PresetId::Standard, true);
    c.bench_function("break to rest", |b| {
        b.iter(|| {
            let mut table = black_box(rack);
            table.start_stroke(Seat(0), &BREAK).unwrap();
            table.run_to_rest()
        })
    });

    // After the break, seat 1 plays a medium stroke into the scattered pieces.
    let mid_game = broken_rack();
    let stroke = Stroke { placement: -3_000, angle: 30_000, power: 6_000 };
    c.bench_function("mid-game stroke", |b| {
        b.iter(|| {
            let mut table = black_box(mid_game);
            table.start_stroke(Seat(1), &stroke).unwrap();
            table.run_to_rest()
        })
    });

    // A rollback in the busiest part of the break: restore frame 1, re-simulate 8 frames.
    let mut snapshot = rack;
    snapshot.start_stroke(Seat(0), &BREAK).unwrap();
    while snapshot.report().first_contact == carrom::sim::NO_BODY {
        snapshot.step();
    }
    let bytes = bytemuck::bytes_of(&snapshot).to_vec();
    c.bench_function("rollback 8 frames", |b| {
        b.iter(|| {
            let mut table: Table = bytemuck::pod_read_unaligned(black_box(&bytes));
            for _ in 0..8 {
                table.step();
            }
            table
        })
    });
}

criterion_group!(benches, physics);
criterion_main!(benches);
