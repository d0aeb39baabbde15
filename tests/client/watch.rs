//! Watching in the client, inside a fresh network namespace: Home's "Watch a match" with a
//! code where no match is played says so; once two `carrom peer` players play it, the same
//! button shows their match live on the board (the watcher connected before the match
//! began), and the board ends where the players' match did.

use crate::screens::{client, home, press, real_time_until, screen, texts, type_text};
use bevy::prelude::*;
use carrom::client::{LocalMatch, MatchHost, Preferences, Screen};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const CODE: &str = "0123456789AV2";

fn player(url: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", url, "--room", CODE, "--players", "2"])
        .args(["--variant", "disc_pool", "--bot", "medium", "--match-timeout", "400"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Home, Online, the code typed (Home keeps it once typed), Watch a match.
fn watch(app: &mut App) {
    press(app, "Mode(Online)");
    if !texts(app).contains(CODE) {
        press(app, "EditCode");
        type_text(app, CODE);
    }
    press(app, "WatchCode");
    assert_eq!(screen(app), Screen::Lobby);
    assert!(texts(app).contains("Watch a match"), "{}", texts(app));
}

#[test]
fn watch_a_match_from_home_shows_the_players_match_to_its_end() {
    let test = "watch_a_match_from_home_shows_the_players_match_to_its_end";
    if !crate::net_support::isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = crate::net_support::signaling();
    let mut app = client(&home("watch"), 1);
    app.world_mut().resource_mut::<Preferences>().signaling = url.clone();
    watch(&mut app);
    let told = real_time_until(&mut app, Duration::from_secs(20), |app| {
        texts(app).contains("no match being played with this code")
    });
    assert!(told, "nobody plays that code yet, and the lobby says so: {}", texts(&mut app));
    press(&mut app, "Back");
    assert_eq!(screen(&app), Screen::Home);

    let first = player(&url);
    crate::net_support::until_peers(&url, 1);
    watch(&mut app);
    let shown = real_time_until(&mut app, Duration::from_secs(60), |app| {
        texts(app).contains("waiting for the match")
    });
    assert!(shown, "connected to the first player: {}", texts(&mut app));
    let second = player(&url);
    let watching =
        real_time_until(&mut app, Duration::from_secs(60), |app| screen(app) == Screen::Game);
    assert!(watching, "the match is shown once it starts: {}", texts(&mut app));
    assert_eq!(*app.world().resource::<State<MatchHost>>().get(), MatchHost::Watch);
    assert!(texts(&mut app).contains("Watching live"), "{}", texts(&mut app));
    let results =
        real_time_until(&mut app, Duration::from_secs(300), |app| screen(app) == Screen::Results);
    assert!(results, "the match watched ended: {}", texts(&mut app));
    let reports = crate::net_support::finish_all(vec![first, second], Duration::from_secs(60));
    let _ = stop.send(());
    let watched = app.world().resource::<LocalMatch>().current;
    assert_eq!(
        reports[0]["table"],
        format!("{:016x}", watched.table().hash()),
        "the board ends on the players' table"
    );
    let scores: Vec<i64> = watched.standing().scores[..2].iter().map(|&s| s as i64).collect();
    assert_eq!(reports[0]["result"]["scores"], serde_json::json!(scores));
}
