//! Property tests over random legal play, for every variant × player count: matches end
//! with a valid result, pieces are conserved, scores agree with what was pocketed,
//! returned pieces never overlap; with real physics, other players' inputs change
//! nothing, and a snapshot restored mid-stroke continues identically.

use carrom::determinism::mix;
use carrom::game::{Input, Match, Phase, advance};
use carrom::rules::{Facts, NO_SIDE, Queen, Settings, Variant, value};
use carrom::sim::{Kind, OVERLAP_TOLERANCE, PresetId, Stroke, stroke::nth_legal_placement};
use proptest::prelude::*;

const COMBOS: [(Variant, u8); 8] = [
    (Variant::Classic, 2),
    (Variant::Classic, 3),
    (Variant::Classic, 4),
    (Variant::DiscPool, 2),
    (Variant::DiscPool, 4),
    (Variant::Freestyle, 2),
    (Variant::Freestyle, 3),
    (Variant::Freestyle, 4),
];

/// A deterministic stream of random numbers from a seed.
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        mix(self.0)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Every invariant a ruling must leave standing. `board_start` holds the scores when the
/// current board began (points carry over boards; credits are per board).
fn check(m: &Match, board_start: &[i32; 4]) {
    let s = m.settings();
    let state = m.standing();
    let bodies = m.table().bodies();
    let p = m.table().preset();
    for (i, b) in bodies.iter().enumerate().skip(1) {
        let pending_queen = b.kind() == Kind::Queen && state.queen() == Queen::Pending;
        assert!(
            b.is_on_board() || state.credited(i).is_some() || pending_queen,
            "piece {i} ({:?}) is neither on the board nor credited",
            b.kind()
        );
        if b.is_on_board() {
            for (j, o) in bodies.iter().enumerate().skip(1).take(i - 1) {
                if o.is_on_board() {
                    let reach =
                        (b.kind().radius(p) + o.kind().radius(p) - OVERLAP_TOLERANCE).0 as i64;
                    assert!(
                        (b.pos - o.pos).length_sq() >= reach * reach,
                        "pieces {j} and {i} overlap"
                    );
                }
            }
        }
    }
    let credited =
        |side: usize| (1..bodies.len()).filter(move |&i| state.credited(i) == Some(side));
    match (s.variant(), s.players) {
        (Variant::Classic, 2 | 4) => {
            let r = m.last_ruling();
            assert!((0..=14).contains(&r.board_points), "CL-8: at most 14 a board");
        }
        (Variant::DiscPool, _) => {
            for side in 0..2 {
                assert_eq!(state.scores[side], credited(side).count() as i32);
                assert!(state.scores[side] <= 9);
            }
        }
        _ => {
            for (side, start) in board_start.iter().enumerate().take(s.sides()) {
                let sum: i32 = credited(side).map(|i| value(s, bodies[i].kind())).sum();
                let this_board = state.scores[side] - start;
                assert_eq!(this_board, sum, "side {side}'s points are what it pocketed");
            }
            if s.variant() == Variant::Freestyle {
                assert!(state.scores.iter().sum::<i32>() <= 320);
            }
        }
    }
}

/// Random legal stroke facts: a few pieces on the board pocketed, sometimes a miss, a
/// striker in a pocket or off the board.
fn random_facts(m: &Match, d: &mut Draws) -> Facts {
    let table = m.table();
    let mut on: Vec<usize> =
        (1..table.bodies().len()).filter(|&i| table.bodies()[i].is_on_board()).collect();
    let mut facts = Facts { striker_touched: d.below(8) != 0, ..Facts::default() };
    if facts.striker_touched {
        for _ in 0..d.below(4) {
            if on.is_empty() {
                break;
            }
            let k = d.below(on.len() as u64) as usize;
            facts.push_pocketed(on.swap_remove(k));
        }
        if d.below(40) == 0 && !on.is_empty() {
            facts.left_board |= 1 << on[d.below(on.len() as u64) as usize];
        }
    }
    facts.striker_pocketed = d.below(30) == 0;
    if !facts.striker_pocketed && d.below(60) == 0 {
        facts.left_board |= 1;
    }
    facts
}

/// Plays a whole match from random facts and returns it, checking after every ruling.
fn random_match(variant: Variant, players: u8, seed: u64) -> Match {
    let settings = Settings::new(variant, players, PresetId::Standard, 0, seed).unwrap();
    let mut m = Match::new(settings);
    let mut d = Draws(seed);
    let mut board_start = [0; 4];
    for _ in 0..50_000 {
        match m.phase() {
            Phase::MatchOver => return m,
            Phase::BoardOver => {
                advance(&mut m, &[Input::ZERO; 4]);
                board_start = m.standing().scores;
            }
            Phase::Aim => {
                let facts = random_facts(&m, &mut d);
                assert!(m.adjudicate(&facts));
                check(&m, &board_start);
            }
            Phase::Motion => unreachable!("facts never set pieces in motion"),
        }
    }
    panic!("{variant:?} with {players} did not end");
}

/// A random legal stroke for the seat to shoot (forward aim, any power).
fn random_stroke(m: &Match, d: &mut Draws) -> Stroke {
    let p = m.table().preset();
    let off = d.below(32_765) as i64 - 16_382;
    Stroke {
        placement: nth_legal_placement(p, d.next() as u32),
        angle: m.shooter().forward().0.wrapping_add(off as u16),
        power: d.below(10_001) as u16,
    }
}

/// Plays `strokes` random physical strokes; `noise` makes every other player send random
/// commits and aims meanwhile. Returns the final match.
fn random_physical(variant: Variant, players: u8, seed: u64, strokes: u16, noise: bool) -> Match {
    let settings = Settings::new(variant, players, PresetId::Standard, 0, seed).unwrap();
    let mut m = Match::new(settings);
    let mut d = Draws(seed);
    let mut noise_draws = Draws(!seed);
    let mut input = Input::ZERO;
    let mut board_start = [0; 4];
    for _ in 0..strokes as usize * 1_500 {
        match m.phase() {
            Phase::MatchOver => break,
            Phase::Aim if m.next_stroke() > strokes => break,
            Phase::Aim => {
                let stroke = random_stroke(&m, &mut d);
                input = Input::commit(m.next_stroke(), stroke);
            }
            _ => {}
        }
        let shooter = settings.player_at(m.shooter()).unwrap();
        let mut inputs = [Input::ZERO; 4];
        for (player, slot) in inputs.iter_mut().enumerate().take(players as usize) {
            *slot = if player == shooter {
                input
            } else if noise {
                let aim = random_stroke(&m, &mut noise_draws);
                Input::commit(m.next_stroke().wrapping_add(noise_draws.below(2) as u16), aim)
            } else {
                Input::ZERO
            };
        }
        let before = m.phase();
        advance(&mut m, &inputs[..players as usize]);
        if before == Phase::Motion && m.phase() != Phase::Motion {
            check(&m, &board_start);
        }
        if before == Phase::BoardOver && m.phase() == Phase::Aim {
            board_start = m.standing().scores;
        }
    }
    m
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_match_of_random_play_ends_with_a_valid_result(seed in any::<u64>()) {
        for (variant, players) in COMBOS {
            let m = random_match(variant, players, seed);
            let state = m.standing();
            prop_assert!(state.is_over());
            let sides = m.settings().sides() as u8;
            if state.winner == NO_SIDE {
                prop_assert!(variant == Variant::Freestyle && players == 3, "only FS-6 ends in a draw");
            } else {
                prop_assert!(state.winner < sides);
            }
            prop_assert_eq!(m.hash(), random_match(variant, players, seed).hash(), "deterministic");
        }
    }

    #[test]
    fn physical_play_ignores_other_players_and_survives_snapshots(seed in any::<u64>()) {
        for (variant, players) in COMBOS {
            let quiet = random_physical(variant, players, seed, 3, false);
            let noisy = random_physical(variant, players, seed, 3, true);
            prop_assert_eq!(quiet.hash(), noisy.hash(), "{:?} {}", variant, players);
        }
    }
}

#[test]
fn a_snapshot_restored_mid_stroke_matches_frame_by_frame_play() {
    for (variant, players) in COMBOS {
        let settings = Settings::new(variant, players, PresetId::Icf, 0, 99).unwrap();
        let mut m = Match::new(settings);
        let mut d = Draws(5);
        let stroke = random_stroke(&m, &mut d);
        let mut inputs = [Input::ZERO; 4];
        inputs[settings.player_at(m.shooter()).unwrap()] = Input::commit(1, stroke);
        let inputs = &inputs[..players as usize];
        let mut saved = Vec::new();
        for frame in 0..240 {
            advance(&mut m, inputs);
            if frame % 5 == 2 {
                saved.push((frame, bytemuck::bytes_of(&m).to_vec()));
            }
        }
        for (frame, bytes) in saved {
            let mut restored: Match = bytemuck::pod_read_unaligned(&bytes);
            for _ in frame + 1..240 {
                advance(&mut restored, inputs);
            }
            assert_eq!(
                restored.hash(),
                m.hash(),
                "{variant:?} {players}: restored at frame {frame}"
            );
        }
    }
}
