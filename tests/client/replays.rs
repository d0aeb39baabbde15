//! Replays without a window: a match kept as a record is listed, watched on the board to
//! its end, stepped stroke by stroke and sought; a draughts game move by move; a record
//! of another simulation version says so; watching records nothing.

use crate::screens::{
    client, hit_key, home, local, only_record, play_with_pointer, press, run_until, screen, texts,
};
use bevy::prelude::*;
use carrom::bot::{BotLevel, choose};
use carrom::client::{DraughtsMatch, MatchHost, Replaying, Screen, timeline_part};
use carrom::game::Phase;
use carrom::record::GameLog;
use std::path::Path;

fn host(app: &App) -> MatchHost {
    *app.world().resource::<State<MatchHost>>().get()
}

fn replaying(app: &App) -> &Replaying {
    app.world().resource::<Replaying>()
}

/// Plays `strokes` strokes of a two-player Freestyle match and leaves it for Home.
fn play_some(app: &mut App, strokes: usize) {
    press(app, "Variant(Freestyle)");
    press(app, "Players(2)");
    press(app, "Play");
    for _ in 0..strokes {
        assert!(run_until(app, 2_000, |a| local(a).current.phase() == Phase::Aim));
        let m = local(app).current;
        play_with_pointer(app, choose(&m, BotLevel::Easy, None).stroke);
        assert!(run_until(app, 5, |a| local(a).current.next_stroke() != m.next_stroke()));
    }
    assert!(run_until(app, 2_000, |a| local(a).current.phase() == Phase::Aim));
    hit_key(app, KeyCode::Escape, true);
    hit_key(app, KeyCode::Escape, false);
    press(app, "SaveAndLeave");
    assert_eq!(screen(app), Screen::Home);
}

fn records_in(dir: &Path) -> usize {
    carrom::client::records::list(&dir.join("records")).records.len()
}

#[test]
fn a_kept_match_is_listed_watched_to_its_end_stepped_and_sought() {
    let dir = home("replay-carrom");
    let mut app = client(&dir, 21);
    play_some(&mut app, 3);
    let record = only_record(&dir);
    let GameLog::Carrom(log) = &record.game else { panic!("{record:?}") };
    press(&mut app, "Replays");
    assert_eq!(screen(&app), Screen::Replays);
    let shown = texts(&mut app);
    assert!(shown.contains("Freestyle") && shown.contains("3 strokes"), "{shown}");
    press(&mut app, "Watch(0)");
    assert_eq!((screen(&app), host(&app)), (Screen::Game, MatchHost::Replay));
    assert!(texts(&mut app).contains("Stroke 0 of 3"), "{}", texts(&mut app));
    // To the end at 4x: the board ends as the match was left.
    press(&mut app, "ReplaySpeed(4)");
    assert!(run_until(&mut app, 3_000, |a| replaying(a).paused), "the replay reached its end");
    let end = local(&app).current.hash();
    let left = log.at_boundary(log.boundaries.len()).unwrap().hash();
    assert_eq!(end, left, "the end is where the match was left");
    // Stroke by stroke back and forth: each lands on its boundary's hash.
    press(&mut app, "ReplayPause");
    assert!(replaying(&app).at < 20, "play from the end starts over");
    press(&mut app, "ReplayPause");
    assert!(replaying(&app).paused);
    for k in 1..=2 {
        press(&mut app, "ReplayStep(1)");
        let hash = format!("{:016x}", local(&app).current.hash());
        assert_eq!(hash, log.boundaries[k].1, "next stroke {k}");
    }
    press(&mut app, "ReplayStep(-1)");
    assert_eq!(format!("{:016x}", local(&app).current.hash()), log.boundaries[1].1);
    press(&mut app, &format!("ReplaySeek({})", timeline_part(4)));
    let share = timeline_part(4) as usize;
    assert_eq!(replaying(&app).at, log.frames as usize * share / 1_000, "along the timeline");
    // Leaving the replay goes back to the list, and nothing new was recorded.
    hit_key(&mut app, KeyCode::Escape, true);
    hit_key(&mut app, KeyCode::Escape, false);
    press(&mut app, "Replays");
    assert_eq!(screen(&app), Screen::Replays);
    assert_eq!(records_in(&dir), 1, "watching is not recorded");
    assert!(dir.join("match.json").exists(), "the saved match is untouched");
}

#[test]
fn a_record_of_another_simulation_version_says_so_and_an_unreadable_one_is_reported() {
    let dir = home("replay-other-version");
    let mut app = client(&dir, 22);
    play_some(&mut app, 1);
    let (path, mut record) = carrom::client::records::list(&dir.join("records")).records.remove(0);
    record.sim_version += 1;
    std::fs::write(&path, serde_json::to_vec(&record).unwrap()).unwrap();
    std::fs::write(dir.join("records").join("000000000001-classic.json"), "{").unwrap();
    press(&mut app, "Replays");
    let shown = texts(&mut app);
    assert!(shown.contains("Could not read, set aside"), "{shown}");
    press(&mut app, "Watch(0)");
    assert_eq!(screen(&app), Screen::Replays, "nothing wrong is shown");
    assert!(texts(&mut app).contains("simulation version"), "{}", texts(&mut app));
}

#[test]
fn a_draughts_game_is_watched_move_by_move() {
    let dir = home("replay-draughts");
    let mut app = client(&dir, 23);
    app.insert_resource(carrom::client::ComputerBudget {
        hard_time: None,
        least: std::time::Duration::ZERO,
    });
    press(&mut app, "Draughts");
    press(&mut app, "Mode(PassAndPlay)");
    press(&mut app, "DraughtsColour(Black)");
    press(&mut app, "Play");
    for seed in 0..6usize {
        let mut moves = carrom::draughts::Moves::default();
        let table = app.world().resource::<DraughtsMatch>();
        table.game.moves(&mut moves);
        let m = moves.as_slice()[seed % moves.len()];
        app.world_mut().resource_mut::<DraughtsMatch>().play(m);
        app.update();
    }
    let played = app.world().resource::<DraughtsMatch>().game;
    hit_key(&mut app, KeyCode::Escape, true);
    hit_key(&mut app, KeyCode::Escape, false);
    press(&mut app, "SaveAndLeave");
    let record = only_record(&dir);
    let GameLog::Draughts(log) = &record.game else { panic!("{record:?}") };
    let games = log.games().unwrap();
    press(&mut app, "Replays");
    press(&mut app, "Watch(0)");
    assert_eq!(host(&app), MatchHost::Replay);
    press(&mut app, "ReplayPause");
    for (k, game) in games.iter().enumerate().skip(1).take(3) {
        press(&mut app, "ReplayStep(1)");
        let table = app.world().resource::<DraughtsMatch>();
        assert_eq!(table.game, *game, "move {k}");
        assert_eq!(table.played.len(), k, "the last move is lit");
    }
    press(&mut app, &format!("ReplaySeek({})", timeline_part(9)));
    app.update();
    assert_eq!(app.world().resource::<DraughtsMatch>().game, played, "the end as it was left");
}
