//! Match records: a match kept as the inputs that changed it re-simulates every frame
//! exactly, its boundary hashes verify it, a tampered record is caught at the right
//! boundary, and seeking lands on a boundary's hash. The same for draughts.

use carrom::bot::random_stroke;
use carrom::determinism::mix;
use carrom::draughts::ballot::Ballot;
use carrom::draughts::{Draughts, Moves};
use carrom::game::{Input, Match, Phase, advance};
use carrom::record::{CarromLog, DraughtsLog, GameLog, MatchRecord, RecordError};
use carrom::rules::{Settings, Variant};
use carrom::sim::{PresetId, SIM_VERSION, Stroke};

/// A match of `settings` as noisy players give it: the shooter wobbles its aim for a while
/// and commits a random legal stroke (now and then an illegal one first, now and then
/// letting the clock run out); the others send junk. Returns every frame's inputs and
/// every frame's hash, up to `limit` frames.
fn noisy_match(settings: Settings, limit: usize) -> (Vec<Vec<Input>>, Vec<u64>) {
    let players = settings.players as usize;
    let mut m = Match::new(settings);
    let (mut frames, mut hashes) = (Vec::new(), vec![m.hash()]);
    let mut aiming_since = 0;
    for frame in 0..limit {
        if m.phase() == Phase::MatchOver {
            break;
        }
        let bits = mix(frame as u64 ^ settings.seed);
        let mut inputs: Vec<Input> = (0..players)
            .map(|p| {
                let junk = Stroke {
                    placement: (bits >> (p * 8)) as i16,
                    angle: bits as u16,
                    power: 5_000,
                };
                Input::commit((bits >> 32) as u16 % 3, junk)
            })
            .collect();
        if m.phase() == Phase::Aim {
            let shooter = m.settings().player_at(m.shooter()).unwrap_or(0);
            let stroke = random_stroke(&m, settings.seed);
            let waited = frame - aiming_since;
            let holds_on = settings.shot_clock > 0 && m.next_stroke() % 7 == 3; // the clock runs out
            inputs[shooter] = if waited < 40 || holds_on {
                let wobble =
                    Stroke { angle: stroke.angle.wrapping_add((waited as u16 % 9) * 40), ..stroke };
                Input::aiming(wobble)
            } else if waited == 40 && m.next_stroke() % 5 == 2 {
                Input::commit(m.next_stroke(), Stroke { placement: i16::MAX, ..stroke })
            } else {
                Input::commit(m.next_stroke(), stroke)
            };
        } else {
            aiming_since = frame + 1;
        }
        advance(&mut m, &inputs);
        frames.push(inputs);
        hashes.push(m.hash());
    }
    (frames, hashes)
}

fn settings(variant: Variant, players: u8, shot_clock: u16, seed: u64) -> Settings {
    Settings::new(variant, players, PresetId::Standard, shot_clock, seed).unwrap()
}

#[test]
fn a_carrom_record_re_simulates_every_frame_exactly() {
    for (variant, players, seed) in [(Variant::Freestyle, 3, 7), (Variant::Classic, 4, 11)] {
        let s = settings(variant, players, 2, seed);
        let (frames, hashes) = noisy_match(s, 4_000);
        let log = CarromLog::of(&s, &frames);
        assert!(log.strokes() >= 3, "{variant:?}: strokes were played ({})", log.strokes());
        // The others' junk is dropped: at most the shooter's input is kept on a frame.
        assert!(
            log.inputs.len() <= frames.len(),
            "{} entries, {} frames",
            log.inputs.len(),
            frames.len()
        );
        let mut m = Match::new(s);
        for (frame, inputs) in log.frames().enumerate() {
            assert_eq!(m.hash(), hashes[frame], "{variant:?}: frame {frame}");
            advance(&mut m, &inputs.unwrap());
        }
        assert_eq!(m.hash(), hashes[log.frames as usize], "{variant:?}: the last frame");
        let verdict = log.verify().unwrap();
        assert_eq!(verdict.first_difference, None);
        assert_eq!(verdict.checked, log.boundaries.len());
    }
}

#[test]
fn a_whole_match_with_a_resignation_is_kept_to_its_end() {
    let s = settings(Variant::DiscPool, 2, 0, 3);
    let (mut frames, _) = noisy_match(s, 1_500);
    frames.push(vec![Input::ZERO, Input::resign()]);
    let log = CarromLog::of(&s, &frames);
    let end = log.at_boundary(log.boundaries.len() - 1).unwrap();
    assert_eq!(end.phase(), Phase::MatchOver, "the resignation ends the record");
    assert_eq!(format!("{:016x}", end.hash()), log.boundaries.last().unwrap().1);
}

#[test]
fn seeking_lands_on_each_boundarys_hash() {
    let s = settings(Variant::Freestyle, 2, 0, 5);
    let (frames, _) = noisy_match(s, 3_000);
    let log = CarromLog::of(&s, &frames);
    for index in [0, 1, log.boundaries.len() / 2, log.boundaries.len() - 1] {
        let m = log.at_boundary(index).unwrap();
        assert_eq!(format!("{:016x}", m.hash()), log.boundaries[index].1, "boundary {index}");
        assert_eq!(m.frame(), log.boundaries[index].0, "boundary {index}'s frame");
    }
}

#[test]
fn a_tampered_carrom_record_is_caught_at_the_first_boundary_after_the_change() {
    let s = settings(Variant::Freestyle, 2, 0, 9);
    let (frames, _) = noisy_match(s, 3_000);
    let log = CarromLog::of(&s, &frames);
    // The commit that played the third stroke, at another power.
    let mut frame = 0;
    let (entry, at) = log
        .inputs
        .iter()
        .enumerate()
        .map(|(i, e)| {
            frame += e.0;
            (i, frame)
        })
        .filter(|&(i, _)| log.inputs[i].2[..4] == *"0300")
        .last()
        .expect("the third stroke was committed");
    let mut tampered = log.clone();
    tampered.inputs[entry].2.replace_range(12..16, "1027");
    let verdict = tampered.verify().unwrap();
    let difference = verdict.first_difference.expect("the change is caught");
    let ruled = log.boundaries.iter().position(|b| b.0 > at).unwrap();
    assert_eq!(difference.boundary, ruled, "caught where that stroke was ruled: {difference:?}");
    assert_eq!(verdict.checked, ruled, "every boundary before it agreed");
    // A changed boundary hash is caught at that boundary.
    let mut tampered = log.clone();
    tampered.boundaries[2].1 = "0123456789abcdef".into();
    let verdict = tampered.verify().unwrap();
    assert_eq!(verdict.first_difference.map(|d| d.boundary), Some(2));
}

#[test]
fn a_record_from_another_simulation_version_says_so() {
    let s = settings(Variant::Freestyle, 2, 0, 1);
    let log = CarromLog::of(&s, &[]);
    let mut record =
        MatchRecord::new(0, "pass_and_play", vec!["A".into(), "B".into()], GameLog::Carrom(log));
    assert!(record.verify().is_ok());
    record.sim_version = SIM_VERSION + 1;
    let error = record.verify().unwrap_err();
    let found = SIM_VERSION + 1;
    assert_eq!(error, RecordError::SimVersion { found, current: SIM_VERSION });
    assert!(error.to_string().contains("simulation version"), "{error}");
    let text = serde_json::to_string(&record).unwrap();
    assert_eq!(serde_json::from_str::<MatchRecord>(&text).unwrap(), record, "it reads back");
}

#[test]
fn a_draughts_record_verifies_and_a_tampered_one_is_caught_at_its_move() {
    let mut game = Draughts::new();
    let mut played = Vec::new();
    for ply in 0..60u64 {
        let mut moves = Moves::default();
        game.moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves.as_slice()[(mix(ply) % moves.len() as u64) as usize];
        game.play(&m);
        played.push(m);
    }
    let log = DraughtsLog::of(Draughts::new().position, 0, &played);
    assert_eq!(log.verify().unwrap().first_difference, None);
    assert_eq!(log.games().unwrap().last(), Some(&game));
    let mut tampered = log.clone();
    tampered.hashes[7] = "0000000000000000".into();
    assert_eq!(tampered.verify().unwrap().first_difference.map(|d| d.boundary), Some(7));
    let mut illegal = log.clone();
    illegal.moves[4] = "1-5".into();
    assert!(illegal.verify().is_err(), "a move that cannot be played is said");
}

#[test]
fn ck_16_a_balloted_draughts_record_names_its_ballot_and_a_forged_one_is_refused() {
    let ballot = Ballot::number(60).unwrap();
    let mut game = ballot.game();
    let mut played = ballot.moves().to_vec();
    let mut moves = Moves::default();
    game.moves(&mut moves);
    played.push(moves.as_slice()[0]);
    game.play(&moves.as_slice()[0]);
    let log = DraughtsLog::of(Draughts::new().position, 1, &played).opened_with(Some(ballot));
    let text = serde_json::to_string(&log).unwrap();
    assert!(text.contains("\"ballot\":60"), "{text}");
    let back: DraughtsLog = serde_json::from_str(&text).unwrap();
    assert_eq!(back.ballot(), Ok(Some(ballot)));
    assert_eq!(back.verify().unwrap().first_difference, None);
    assert_eq!(back.games().unwrap().last(), Some(&game));
    let unballoted = DraughtsLog::of(Draughts::new().position, 1, &played);
    assert!(!serde_json::to_string(&unballoted).unwrap().contains("ballot"));
    for number in [59, 3, 0, 255] {
        let forged = DraughtsLog { ballot: Some(number), ..log.clone() };
        assert_eq!(forged.games(), Err(RecordError::DraughtsBallot { number }), "{number}");
    }
}

#[test]
fn a_match_carried_on_from_a_saved_state_is_kept_from_there() {
    let s = settings(Variant::Freestyle, 2, 0, 13);
    let (frames, hashes) = noisy_match(s, 2_000);
    let mut saved = Match::new(s);
    for inputs in &frames[..700] {
        advance(&mut saved, inputs);
    }
    let log = CarromLog::from_state(saved, &frames[700..]);
    assert!(log.start.is_some(), "the saved state is kept");
    assert_eq!(log.boundaries[0].1, format!("{:016x}", hashes[700]));
    assert_eq!(log.verify().unwrap().first_difference, None);
    let text = serde_json::to_string(&log).unwrap();
    let back: CarromLog = serde_json::from_str(&text).unwrap();
    assert_eq!(back.first_state().unwrap(), saved);
    assert!(CarromLog::of(&s, &frames).start.is_none(), "a match from the rack keeps none");
}
