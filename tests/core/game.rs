//! The per-frame game step: inputs, the shot clock, resignation, snapshots — through
//! `advance`, with real physics.

use crate::common::{seed_breaking_at, settings};
use carrom::game::{Input, Match, Phase, advance};
use carrom::rules::{Cause, Facts, Settings, Variant};
use carrom::sim::{Kind, PresetId, Seat, Stroke, Table};

const BREAK: Stroke = Stroke { placement: 0, angle: 16_384, power: 10_000 };

/// Inputs where only `player` does something.
fn only(player: usize, input: Input, players: usize) -> Vec<Input> {
    let mut v = vec![Input::ZERO; players];
    v[player] = input;
    v
}

/// Advances until the stroke in motion has been ruled (bounded).
fn play_out(m: &mut Match, inputs: &[Input]) {
    for _ in 0..2_000 {
        advance(m, inputs);
        if m.phase() != Phase::Motion {
            return;
        }
    }
    panic!("the stroke never ended");
}

#[test]
fn a_committed_stroke_starts_once_however_often_the_input_repeats() {
    let mut m = Match::new(settings(Variant::Classic, 2));
    let commit = only(0, Input::commit(1, BREAK), 2);
    advance(&mut m, &commit);
    assert_eq!(m.phase(), Phase::Motion);
    assert_eq!(m.next_stroke(), 2);
    play_out(&mut m, &commit);
    for _ in 0..600 {
        advance(&mut m, &commit);
    }
    assert_eq!(m.next_stroke(), 2, "the repeated input never struck again");
}

#[test]
fn a_non_shooters_input_changes_nothing() {
    let s = settings(Variant::Freestyle, 3);
    let (mut quiet, mut noisy) = (Match::new(s), Match::new(s));
    for frame in 0..300u16 {
        advance(&mut quiet, &[Input::ZERO; 3]);
        let aim = Stroke { placement: (frame as i16) * 7, angle: 49_152, power: 9_000 };
        let meddling = [Input::ZERO, Input::commit(1, aim), Input::commit(frame, aim)];
        advance(&mut noisy, &meddling);
    }
    assert_eq!(quiet.hash(), noisy.hash());
}

#[test]
fn cl_9f_cm_4_cm_5_an_illegal_commit_is_refused_identically() {
    let mut m = Match::new(settings(Variant::Classic, 2));
    let before = m.hash();
    for stroke in [
        Stroke { placement: 19_000, ..BREAK },
        Stroke { angle: 49_152, ..BREAK },
        Stroke { power: 10_001, ..BREAK },
    ] {
        let mut probe = m;
        advance(&mut probe, &only(0, Input::commit(1, stroke), 2));
        assert_eq!(probe.phase(), Phase::Aim);
        assert_eq!(probe.next_stroke(), 1);
    }
    advance(&mut m, &[Input::ZERO; 2]);
    assert_ne!(m.hash(), before, "the frame counter moves on");
}

#[test]
fn the_shooters_live_aim_is_part_of_the_state() {
    let mut m = Match::new(settings(Variant::Classic, 2));
    let aim = Stroke { placement: -4_000, angle: 17_000, power: 3_000 };
    advance(&mut m, &only(0, Input::aiming(aim), 2));
    assert_eq!((m.aim().placement, m.aim().angle, m.aim().power), (-4_000, 17_000, 3_000));
    advance(&mut m, &only(1, Input::aiming(BREAK), 2));
    assert_eq!(m.aim().placement, -4_000, "only the shooter aims");
}

#[test]
fn the_shot_clock_passes_the_turn_without_penalty() {
    let seed = seed_breaking_at(Variant::Classic, 2, 0);
    let s = Settings::new(Variant::Classic, 2, PresetId::Standard, 1, seed).unwrap();
    let mut m = Match::new(s);
    for _ in 0..59 {
        advance(&mut m, &[Input::ZERO; 2]);
    }
    assert_eq!(m.shooter(), Seat(0));
    advance(&mut m, &[Input::ZERO; 2]);
    assert_eq!(m.shooter(), Seat(2));
    assert_eq!(m.last_ruling().cause(), Cause::ClockExpired);
    assert!(!m.last_ruling().is_foul());
    assert_eq!(m.standing().dues, [0; 4]);
    assert_eq!(m.clock(), 60, "the clock is wound again for the next shooter");
}

#[test]
fn three_expiries_in_a_row_forfeit_the_match() {
    let seed = seed_breaking_at(Variant::Freestyle, 2, 0);
    let s = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 1, seed).unwrap();
    let mut m = Match::new(s);
    for _ in 0..5 * 60 {
        advance(&mut m, &[Input::ZERO; 2]);
    }
    assert_eq!(m.phase(), Phase::MatchOver);
    assert_eq!(m.standing().winner, 1, "seat 0 expired three times first");
}

#[test]
fn a_stroke_resets_the_run_of_expiries() {
    let seed = seed_breaking_at(Variant::Freestyle, 2, 0);
    let s = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 1, seed).unwrap();
    let mut m = Match::new(s);
    for _ in 0..2 * 60 {
        advance(&mut m, &[Input::ZERO; 2]);
    }
    assert_eq!(m.standing().expiries[0], 1);
    let commit = only(0, Input::commit(1, BREAK), 2);
    advance(&mut m, &commit);
    play_out(&mut m, &commit);
    assert_eq!(m.standing().expiries[0], 0);
}

#[test]
fn a_clock_of_zero_never_runs_out() {
    let mut m = Match::new(settings(Variant::Classic, 2));
    for _ in 0..10_000 {
        advance(&mut m, &[Input::ZERO; 2]);
    }
    assert_eq!((m.phase(), m.shooter()), (Phase::Aim, Seat(0)));
}

#[test]
fn resigning_ends_the_match_for_that_side() {
    let mut m = Match::new(settings(Variant::Classic, 4));
    advance(&mut m, &only(3, Input::resign(), 4));
    assert_eq!(m.phase(), Phase::MatchOver);
    assert_eq!(m.standing().winner, 0, "seat 3 plays for side 1");
    assert_eq!(m.last_ruling().cause(), Cause::Resigned);
    let frozen = *m.standing();
    advance(&mut m, &only(0, Input::commit(1, BREAK), 4));
    assert_eq!(*m.standing(), frozen, "nothing happens after the match");
}

#[test]
fn a_snapshot_restored_mid_stroke_continues_identically() {
    let mut m = Match::new(settings(Variant::Classic, 2));
    let commit = only(0, Input::commit(1, BREAK), 2);
    let mut snapshot = None;
    for frame in 0..400 {
        advance(&mut m, &commit);
        if frame == 7 {
            snapshot = Some(bytemuck::bytes_of(&m).to_vec());
        }
    }
    let mut restored: Match = bytemuck::pod_read_unaligned(&snapshot.unwrap());
    for _ in 8..400 {
        advance(&mut restored, &commit);
    }
    assert_eq!(restored.hash(), m.hash());
}

#[test]
fn cm_2_pieces_and_the_striker() {
    let m = Match::new(settings(Variant::Classic, 2));
    let count = |k: Kind| m.table().bodies().iter().filter(|b| b.kind() == k).count();
    assert_eq!((count(Kind::White), count(Kind::Black), count(Kind::Queen)), (9, 9, 1));
    assert_eq!(count(Kind::Striker), 1);
}

#[test]
fn cm_8_the_referee_decides_from_the_physics_report() {
    let mut table = Table::racked(PresetId::Standard, true);
    table.start_stroke(Seat(0), &BREAK).unwrap();
    let report = table.run_to_rest();
    let facts = Facts::from_report(&report);
    let pocketed: Vec<usize> =
        report.pocketed().iter().map(|p| p.body as usize).filter(|&b| b != 0).collect();
    assert_eq!(facts.pocketed().collect::<Vec<_>>(), pocketed);
    assert_eq!(facts.striker_touched, report.striker_touched());
    assert_eq!(facts.striker_pocketed, report.striker_pocketed());
    assert_eq!(facts.left_board, report.left_board);
}
