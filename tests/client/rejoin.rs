//! Rejoining from the client, inside a fresh network namespace: a player's game is killed
//! in the middle of an online match against a `carrom peer`; started again on the same
//! files, Home offers "Rejoin match" with the match's code, and pressing it takes the seat
//! back: the match resumes where it stood, and when this player resigns, both end on one
//! hash.

use crate::screens::{client, hit_key, home, invite_code, press, real_time_until, screen, texts};
use bevy::prelude::*;
use carrom::client::{
    Controller, LocalMatch, MatchOverAt, Online, Preferences, Screen, banner_text,
};
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn a_killed_client_takes_its_seat_back_through_rejoin_match() {
    let test = "a_killed_client_takes_its_seat_back_through_rejoin_match";
    if !crate::net_support::isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = crate::net_support::signaling();
    let dir = home("rejoin");
    let mut app = client(&dir, 1);
    app.world_mut().resource_mut::<Preferences>().signaling = url.clone();
    press(&mut app, "Mode(Online)");
    assert!(texts(&mut app).contains("If a player drops, wait"), "{}", texts(&mut app));
    press(&mut app, "CreateMatch");
    let code = invite_code(&mut app);
    let peer = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", &url, "--room", &code, "--players", "2"])
        .args(["--variant", "disc_pool", "--bot", "medium", "--match-timeout", "400"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let playing = real_time_until(&mut app, Duration::from_secs(60), |app| {
        screen(app) == Screen::Game && app.world().resource::<LocalMatch>().current.frame() > 180
    });
    assert!(playing, "the match began: {}", texts(&mut app));
    assert!(dir.join("rejoin.json").exists(), "the seat is kept while the match goes on");
    let frame_left = app.world().resource::<LocalMatch>().current.frame();
    // The game is gone at once, as if killed: no screen is left, nothing is said to the
    // other player; only its connections close.
    drop(app);

    let mut app = client(&dir, 2);
    let shown = texts(&mut app);
    assert!(shown.contains(&format!("Rejoin match {code}")), "Home offers the match: {shown}");
    press(&mut app, "Rejoin");
    let opened =
        real_time_until(&mut app, Duration::from_secs(30), |app| screen(app) == Screen::Game);
    assert!(opened, "the match opens where it stood, waiting: {}", texts(&mut app));
    let holding = real_time_until(&mut app, Duration::from_secs(30), |app| {
        let shown = banner_text(app.world_mut()).unwrap_or_default();
        shown.contains("waiting") || shown.contains("reconnecting") || shown.contains("resuming")
    });
    assert!(holding, "the banner says the match waits: {:?}", banner_text(app.world_mut()));
    let resumed = real_time_until(&mut app, Duration::from_secs(60), |app| {
        app.world().get_resource::<Online>().is_some_and(|o| o.epoch() >= 1)
    });
    assert!(resumed, "the match resumed: {:?}", banner_text(app.world_mut()));
    let at = app.world().resource::<LocalMatch>().current.frame();
    assert!(at >= frame_left, "it resumed where the match stood ({at} >= {frame_left})");
    let mine = app
        .world()
        .resource::<LocalMatch>()
        .controllers
        .iter()
        .position(|c| *c == Controller::Human);
    let mine = mine.expect("this machine's seat");
    let my_turn = real_time_until(&mut app, Duration::from_secs(120), |app| {
        app.world().resource::<LocalMatch>().shooter_player() == mine
    });
    assert!(my_turn, "this player's turn came");
    hit_key(&mut app, KeyCode::Escape, true);
    hit_key(&mut app, KeyCode::Escape, false);
    press(&mut app, "Resign");
    let over =
        real_time_until(&mut app, Duration::from_secs(60), |app| screen(app) == Screen::Results);
    assert!(over, "the match ended: {}", texts(&mut app));
    let end = app.world().resource::<MatchOverAt>().0.expect("the match is over");
    let (code, report) = crate::net_support::finish(peer, Duration::from_secs(60));
    let _ = stop.send(());
    eprintln!("{report}");
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["hash"], format!("{:016x}", end.1), "both end on one state");
    assert_eq!(report["frames"], end.0);
    assert!(report["epoch"].as_u64().unwrap() >= 1, "{report}");
    assert!(!dir.join("rejoin.json").exists(), "the seat is let go once the match is over");
}

#[test]
fn a_friend_who_never_comes_back_forfeits_once_the_grace_period_is_over() {
    let test = "a_friend_who_never_comes_back_forfeits_once_the_grace_period_is_over";
    if !crate::net_support::isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = crate::net_support::signaling();
    let mut app = client(&home("forfeit"), 1);
    app.world_mut().resource_mut::<Preferences>().signaling = url.clone();
    // The shortest grace period a match takes.
    app.world_mut().resource_mut::<carrom::client::MatchSetup>().grace = 5;
    press(&mut app, "Mode(Online)");
    press(&mut app, "CreateMatch");
    let code = invite_code(&mut app);
    let mut peer = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", &url, "--room", &code, "--players", "2"])
        .args(["--variant", "freestyle", "--bot", "medium", "--match-timeout", "400"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let playing = real_time_until(&mut app, Duration::from_secs(60), |app| {
        screen(app) == Screen::Game && app.world().resource::<LocalMatch>().current.frame() > 60
    });
    assert!(playing, "the match began: {}", texts(&mut app));
    let _ = peer.kill();
    let _ = peer.wait();
    let waited = real_time_until(&mut app, Duration::from_secs(10), |app| {
        banner_text(app.world_mut()).is_some_and(|t| t.contains("disconnected - waiting"))
    });
    assert!(waited, "the banner counts the wait down: {:?}", banner_text(app.world_mut()));
    let over =
        real_time_until(&mut app, Duration::from_secs(40), |app| screen(app) == Screen::Results);
    let _ = stop.send(());
    assert!(over, "the match ended: {:?}", banner_text(app.world_mut()));
    let shown = texts(&mut app);
    assert!(shown.contains("Player 1 won the match"), "the one who stayed wins: {shown}");
}
