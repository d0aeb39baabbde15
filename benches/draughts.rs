//! Draughts speed: perft from the start (bulk-counted leaves per second, single thread)
//! and the search's nodes per second from the opening.

use carrom::draughts::Draughts;
use carrom::draughts::Position;
use carrom::draughts::perft::perft;
use carrom::draughts::search::{Budget, Searcher};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn draughts(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft from the start");
    group.sample_size(10);
    let depth = 9;
    group.throughput(Throughput::Elements(perft(&Position::START, depth, false)));
    group.bench_function("depth 9, one move per play (leaves)", |b| {
        b.iter(|| perft(black_box(&Position::START), depth, false))
    });
    group.bench_function("depth 9, every path (leaves)", |b| {
        b.iter(|| perft(black_box(&Position::START), depth, true))
    });
    group.finish();

    let mut group = c.benchmark_group("search from the opening");
    group.sample_size(10);
    let nodes = 1_000_000;
    group.throughput(Throughput::Elements(nodes));
    let mut searcher = Searcher::default();
    let game = Draughts::new();
    group.bench_function("1 M nodes (nodes)", |b| {
        b.iter(|| searcher.search(black_box(&game), &Budget { depth: 64, nodes, stop: None }))
    });
    group.finish();
}

criterion_group!(benches, draughts);
criterion_main!(benches);
