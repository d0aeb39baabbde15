//! LAN play in the client, inside a fresh network namespace (loopback only, multicast
//! routed there): a game hosted from Home is announced, listed on another client's Join on
//! this network, joined with one click, and once it starts listed for watchers only; a
//! third client watches it with one click. The join screen says when nothing is found and
//! refuses addresses that are wrong or where nothing answers.

use crate::screens::{
    client, closed_port, home, press, real_time_until, screen, texts, type_key, type_text,
};
use bevy::prelude::*;
use carrom::client::{MatchHost, Preferences, Screen};
use std::time::{Duration, Instant};

/// Steps both clients in real time until `done` or the limit; whether `done` became true.
fn both_until(
    a: &mut App,
    b: &mut App,
    limit: Duration,
    mut done: impl FnMut(&mut App, &mut App) -> bool,
) -> bool {
    let started = Instant::now();
    while started.elapsed() < limit {
        a.update();
        b.update();
        if done(a, b) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(12));
    }
    false
}

#[test]
fn lan_a_game_hosted_from_home_is_listed_joined_with_one_click_and_then_watched() {
    let test = "lan_a_game_hosted_from_home_is_listed_joined_with_one_click_and_then_watched";
    if !crate::net_support::isolated(module_path!(), test) {
        return;
    }
    let mut host = client(&home("lan-host"), 1);
    host.world_mut().resource_mut::<Preferences>().names[0] = "Asha".into();
    press(&mut host, "Mode(Lan)");
    press(&mut host, "HostLan");
    assert_eq!(screen(&host), Screen::Lobby);
    let mut joiner = client(&home("lan-join"), 2);
    joiner.world_mut().resource_mut::<Preferences>().names[0] = "Ben".into();
    press(&mut joiner, "Mode(Lan)");
    press(&mut joiner, "FindLanGames");
    assert_eq!(screen(&joiner), Screen::LanGames);
    let listed = both_until(&mut host, &mut joiner, Duration::from_secs(30), |host, joiner| {
        texts(host).contains("1 of 2 players here")
            && texts(joiner).contains("Asha — Disc Pool, 2 players, 1 seat free")
    });
    assert!(listed, "the game is listed: {}", texts(&mut joiner));
    let shown = texts(&mut host);
    assert!(shown.contains("You host this game") && shown.contains("127.0.0.1:"), "{shown}");
    press(&mut joiner, "JoinLan(0)");
    let playing = both_until(&mut host, &mut joiner, Duration::from_secs(60), |host, joiner| {
        screen(host) == Screen::Game && screen(joiner) == Screen::Game
    });
    assert!(playing, "both play: {} / {}", texts(&mut host), texts(&mut joiner));
    let names = texts(&mut host);
    assert!(names.contains("Ben"), "the joiner's name is on the host's HUD: {names}");
    // Started, the game is offered to watchers only.
    let mut watcher = client(&home("lan-watch"), 3);
    press(&mut watcher, "Mode(Lan)");
    press(&mut watcher, "FindLanGames");
    let offered = both_until(&mut host, &mut watcher, Duration::from_secs(30), |_, watcher| {
        texts(watcher).contains("Asha — Disc Pool, 2 players, full — being played")
    });
    assert!(offered, "a Watch button: {}", texts(&mut watcher));
    press(&mut watcher, "WatchLan(0)");
    let watching = both_until(&mut watcher, &mut joiner, Duration::from_secs(60), |w, _| {
        host.update();
        screen(w) == Screen::Game
    });
    assert!(watching, "the watcher sees the match: {}", texts(&mut watcher));
    let state = *watcher.world().resource::<State<MatchHost>>().get();
    assert_eq!(state, MatchHost::Watch);
    assert!(texts(&mut watcher).contains("Watching live"), "{}", texts(&mut watcher));
}

#[test]
fn lan_the_join_screen_says_nothing_was_found_and_refuses_bad_addresses() {
    let test = "lan_the_join_screen_says_nothing_was_found_and_refuses_bad_addresses";
    if !crate::net_support::isolated(module_path!(), test) {
        return;
    }
    let mut app = client(&home("lan-none"), 1);
    press(&mut app, "Mode(Lan)");
    press(&mut app, "FindLanGames");
    assert!(texts(&mut app).contains("Looking for games on this network"));
    let none = real_time_until(&mut app, Duration::from_secs(20), |app| {
        texts(app).contains("No games found — enter an address")
    });
    assert!(none, "{}", texts(&mut app));
    press(&mut app, "EditAddress");
    type_text(&mut app, "nonsense");
    press(&mut app, "JoinAddress");
    assert!(texts(&mut app).contains("is not an address: type the host's IP and port"));
    press(&mut app, "EditAddress");
    for _ in 0.."nonsense".len() {
        type_key(&mut app, bevy::input::keyboard::Key::Backspace, None);
    }
    type_text(&mut app, &format!("127.0.0.1:{}", closed_port()));
    type_key(&mut app, bevy::input::keyboard::Key::Enter, None);
    let refused = real_time_until(&mut app, Duration::from_secs(10), |app| {
        texts(app).contains("No carrom game answers at 127.0.0.1:")
    });
    assert!(refused, "{}", texts(&mut app));
    assert_eq!(screen(&app), Screen::LanGames);
    press(&mut app, "Back");
    assert_eq!(screen(&app), Screen::Home);
}
