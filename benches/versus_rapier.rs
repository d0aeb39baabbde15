//! The same full-power break in this crate's simulation and in rapier2d 0.36
//! (`enhanced-determinism`, CCD on), measured side by side in one run.
//!
//! The rapier scene matches ours: the same rack positions, radii and masses, restitution
//! 0.8 between discs and 0.7 at the cushions (walls combine with the Min rule), no
//! disc–disc friction, 60 Hz steps, and the same Coulomb sliding deceleration applied to
//! every body's velocity before each step. It has no pockets (ours checks them), so the
//! comparison favours rapier slightly. Both run until every body is at rest.
//! Run: `cargo bench --features rapier-bench --bench versus_rapier`.

use carrom::sim::{Kind, PresetId, Seat, Stroke, Table};
use criterion::{Criterion, criterion_group, criterion_main};
use rapier2d::prelude::*;
use std::hint::black_box;

const BREAK: Stroke = Stroke { placement: 0, angle: 16_384, power: 10_000 };
const STEP_CAP: usize = 20 * 60;

fn cm(raw: i32) -> f32 {
    raw as f32 / 1e7
}

/// The break scene in rapier: returns the world and the disc handles.
fn rapier_scene(rack: &Table) -> (PhysicsWorld, Vec<RigidBodyHandle>) {
    let p = rack.preset();
    let mut world = PhysicsWorld::new();
    world.gravity = Vector::ZERO;
    world.integration_parameters.dt = 1.0 / 60.0;
    let half = cm(p.half_size.0);
    let thick = 5.0;
    for (x, y, hx, hy) in [
        (0.0, half + thick, half + 2.0 * thick, thick),
        (0.0, -half - thick, half + 2.0 * thick, thick),
        (half + thick, 0.0, thick, half + 2.0 * thick),
        (-half - thick, 0.0, thick, half + 2.0 * thick),
    ] {
        world.insert(
            RigidBodyBuilder::fixed().translation(Vector::new(x, y)),
            ColliderBuilder::cuboid(hx, hy)
                .restitution(0.7)
                .restitution_combine_rule(CoefficientCombineRule::Min)
                .friction(0.0),
        );
    }
    let mut discs = Vec::new();
    let mut add = |kind: Kind, x: f32, y: f32, vy: f32| {
        let (handle, _) = world.insert(
            RigidBodyBuilder::dynamic()
                .translation(Vector::new(x, y))
                .linvel(Vector::new(0.0, vy))
                .ccd_enabled(true),
            ColliderBuilder::ball(cm(kind.radius(p).0))
                .mass(kind.mass(p) as f32 / 10.0)
                .restitution(0.8)
                .friction(0.0),
        );
        discs.push(handle);
    };
    add(Kind::Striker, 0.0, -cm(p.baseline_distance().0), 304.0);
    for b in &rack.bodies()[1..] {
        add(b.kind(), cm(b.pos.x.0), cm(b.pos.y.0), 0.0);
    }
    (world, discs)
}

/// Steps the rapier break to rest; returns the steps taken.
fn rapier_break(mut world: PhysicsWorld, discs: &[RigidBodyHandle]) -> usize {
    let slow_down = 100.0 / 60.0;
    for step in 0..STEP_CAP {
        let mut moving = false;
        for &h in discs {
            let body = &mut world.bodies[h];
            let v = body.linvel();
            let speed = v.length();
            if speed <= slow_down {
                body.set_linvel(Vector::ZERO, false);
            } else {
                body.set_linvel(v * ((speed - slow_down) / speed), true);
                moving = true;
            }
        }
        if !moving {
            return step;
        }
        world.step();
    }
    STEP_CAP
}

fn versus(c: &mut Criterion) {
    let rack = Table::racked(PresetId::Standard, true);
    let mut group = c.benchmark_group("full-power break to rest");
    group.bench_function("carrom (fixed point, exact contacts)", |b| {
        b.iter(|| {
            let mut table = black_box(rack);
            table.start_stroke(Seat(0), &BREAK).unwrap();
            table.run_to_rest()
        })
    });
    group.bench_function("rapier2d 0.36 (enhanced-determinism, CCD)", |b| {
        b.iter_batched(
            || rapier_scene(&rack),
            |(world, discs)| rapier_break(world, &discs),
            criterion::BatchSize::SmallInput,
        )
    });
    group.finish();

    let mut ours = rack;
    ours.start_stroke(Seat(0), &BREAK).unwrap();
    let frames = ours.run_to_rest().frames;
    let (world, discs) = rapier_scene(&rack);
    eprintln!("frames to rest: carrom {frames}, rapier2d {}", rapier_break(world, &discs));
}

criterion_group!(benches, versus);
criterion_main!(benches);
