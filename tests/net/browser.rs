//! The browser game (`scripts/build-web.sh`, served by `carrom-signaling --web`) in real
//! headless Chromium, inside a network namespace: the page draws, opens the invite link it
//! was given, and plays a whole match against a native `carrom peer`; both end on one hash.
//! Needs Chromium and the web build: a machine without them skips with the reason, and
//! CI=true fails instead.
//!
//! The scenarios run as one test in one namespace, beside the other network tests, two
//! Chromiums at a time: each page's software renderer keeps about a core busy, and the
//! machines CI runs on have two. Two pages side by side draw about 8 frames a second each,
//! as a slow phone does; a tap quicker than a frame is taken where the finger was
//! (`src/client/ui/finger.rs`). As tests of their own, each waiting its turn held a test
//! thread, so the other network tests could not start until the last scenario had. Each
//! is named as it starts and ends; `CARROM_BROWSER=TEXT` runs only those whose names hold
//! TEXT.

use super::browser_support::{Browser, chromium, http_get};
use super::net_support::{
    finish, ip, isolated, signaling_serving, skip_or_fail, until_peers, until_watchers,
};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The backdrop the game clears to (palette::BACKDROP), as 8-bit sRGB.
const BACKDROP: [u8; 3] = [26, 28, 33];

/// Chromium and the web build, or why this machine cannot run the test.
fn ready(test: &str) -> Option<(PathBuf, PathBuf)> {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/web");
    let Some(browser) = chromium() else {
        skip_or_fail(test, "no Chromium (apt-get install chromium)");
        return None;
    };
    if !web.join("carrom_bg.wasm").is_file() {
        skip_or_fail(test, "no web build in target/web (scripts/build-web.sh)");
        return None;
    }
    Some((browser, web))
}

/// Gives the namespace an interface besides `lo`: Chromium gathers no loopback candidates,
/// so the page and a native peer meet on this host's own address there.
fn host_address() {
    // Once per namespace: the scenarios share the suite's, some at once.
    static MADE: std::sync::Mutex<bool> = std::sync::Mutex::new(false);
    let mut made = MADE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if *made || ip(&["link", "show", "web0"]).is_ok() {
        *made = true;
        return;
    }
    for args in [
        &["link", "add", "web0", "type", "veth", "peer", "name", "web1"][..],
        &["addr", "add", "10.91.0.1/24", "dev", "web0"],
        &["link", "set", "web0", "up"],
        &["link", "set", "web1", "up"],
    ] {
        ip(args).unwrap();
    }
    *made = true;
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carrom-browser-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A screenshot of the page at `to` once it has drawn more than `share` of its pixels in
/// more than 16 colours (taken again every half second, for at most 20 s), or the last one
/// taken; with its size and those two figures. A page draws a frame or two after it says
/// a screen is up.
fn screenshot_drawn(chromium: &mut Browser, to: &Path, share: f64) -> (u32, u32, f64, usize) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (width, height, rgba) = chromium.screenshot(to);
        let (drawn_share, colours) = drawn(&rgba);
        if (drawn_share > share && colours > 16) || Instant::now() >= deadline {
            return (width, height, drawn_share, colours);
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// Share of the screenshot's pixels that are not the backdrop, and how many colours it has.
fn drawn(rgba: &[u8]) -> (f64, usize) {
    let pixels: Vec<[u8; 3]> = rgba.chunks(4).map(|p| [p[0], p[1], p[2]]).collect();
    let near = |a: u8, b: u8| a.abs_diff(b) <= 3;
    let other = pixels
        .iter()
        .filter(|p| {
            !(near(p[0], BACKDROP[0]) && near(p[1], BACKDROP[1]) && near(p[2], BACKDROP[2]))
        })
        .count();
    let mut colours = pixels.clone();
    colours.sort_unstable();
    colours.dedup();
    (other as f64 / pixels.len().max(1) as f64, colours.len())
}

/// The browser opens `http://HOST/?seat=LEVEL#CODE` of a room a native peer created with
/// `peer_game` (its arguments choosing the game), both sides played by the computer.
/// Returns the page's console (`None`: skipped).
fn cross_play(
    test: &str,
    code: &str,
    seat: &str,
    peer_game: &[&str],
    limit: Duration,
) -> Option<Vec<String>> {
    let (browser, web) = ready(test)?;
    host_address();
    let dir = scratch(test);
    let (url, stop) = signaling_serving(Some(web));
    let mut peer = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", &url, "--room", code, "--players", "2", "--creator"])
        .args(peer_game)
        .args(["--speed", "0", "--connect-timeout", "120"])
        .args(["--match-timeout", &limit.as_secs().to_string(), "--diagnostics"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let page = format!("{}/?seat={seat}#{code}", url.replacen("ws://", "http://", 1));
    let autoplay = ["--autoplay-policy=no-user-gesture-required"];
    let mut chromium = Browser::open(&browser, &page, &dir.join("profile"), &autoplay);
    let first = chromium.wait_for("carrom: first frame", Duration::from_secs(60));
    let Some(first) = first else {
        panic!("the page drew no frame in 60 s; its console: {:#?}", chromium.console);
    };
    eprintln!("{test}: {first}");
    let (width, height, share, colours) =
        screenshot_drawn(&mut chromium, &dir.join("page.png"), 0.005);
    eprintln!(
        "{test}: screenshot {width}x{height}, {:.1}% drawn, {colours} colours",
        share * 100.0
    );
    assert!(share > 0.005 && colours > 16, "the canvas is blank: {:#?}", chromium.console);
    let ended = ended_unless_the_peer_gives_up(&mut chromium, &mut peer, limit);
    eprintln!("{test}: {ended}");
    let (exit, report) = finish(peer, Duration::from_secs(60));
    let _ = stop.send(());
    assert_eq!(exit, 0, "the native peer: {report}");
    eprintln!("{test}: the native peer: {report}");
    assert_eq!(report["result"]["ending"], "finished", "{report}");
    let frame = report["frames"].as_u64().unwrap();
    let hash = report["hash"].as_str().expect("the peer's hash, in hex").to_string();
    assert!(
        ended.contains(&format!("at frame {frame} with hash {hash}")),
        "the browser says {ended:?}; the native peer ended at frame {frame} with hash {hash}"
    );
    assert!(frame > 60);
    if let Some(longest) = chromium.wait_for("longest frame", Duration::ZERO) {
        eprintln!("{test}: {longest}");
    }
    Some(chromium.console.clone())
}

/// The page's line saying where its online match ended, waiting at most `limit`; fails
/// soon after the native `peer` leaves without it (it says why on stderr). A peer that
/// finished leaves once the page has confirmed the end, before a slow page has drawn
/// the frame that says so: the line is waited for a while after.
fn ended_unless_the_peer_gives_up(
    chromium: &mut Browser,
    peer: &mut Child,
    limit: Duration,
) -> String {
    let deadline = std::time::Instant::now() + limit;
    loop {
        if let Some(line) = chromium.wait_for("carrom: the match ended", Duration::from_secs(1)) {
            return line;
        }
        let gone = peer.try_wait().unwrap();
        if gone.is_some()
            && let Some(line) = chromium.wait_for("carrom: the match ended", secs(30))
        {
            return line;
        }
        if gone.is_some() || std::time::Instant::now() > deadline {
            let _ = peer.kill();
            let _ = peer.wait();
            let console = &chromium.console;
            panic!("the page's match did not end (the peer: {gone:?}): {console:#?}");
        }
    }
}

/// Whether the page's computer thought in its worker, never on the page's frames.
fn thought_in_a_worker(console: &[String]) -> bool {
    console.iter().any(|l| l.contains("the computer thinks in a worker"))
        && !console.iter().any(|l| l.contains("page's own frames"))
}

fn ck_15_a_browser_player_and_a_desktop_peer_finish_a_draughts_game_on_one_hash() {
    let test = "ck_15_a_browser_player_and_a_desktop_peer_finish_a_draughts_game_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    // The page's side is hard: it thinks for up to 1.5 s a move, in the page's worker.
    let game: &[&str] = &["--draughts", "easy"];
    let Some(console) = cross_play(test, "0123456789AB2", "hard", game, Duration::from_secs(400))
    else {
        return;
    };
    assert!(thought_in_a_worker(&console), "{console:#?}");
}

fn a_browser_player_and_a_desktop_peer_finish_a_freestyle_match_on_one_hash() {
    let test = "a_browser_player_and_a_desktop_peer_finish_a_freestyle_match_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    let game: &[&str] = &["--variant", "freestyle", "--bot", "medium"];
    let Some(console) = cross_play(test, "0123456789AC2", "medium", game, Duration::from_secs(900))
    else {
        return;
    };
    // A side that pockets on every stroke can clear the board before the other's first
    // turn: the page thinks only if it had one.
    if both_sides_shot(&console) {
        assert!(thought_in_a_worker(&console), "{console:#?}");
    } else {
        let frames = console.iter().any(|l| l.contains("page's own frames"));
        assert!(!frames, "{console:#?}");
        eprintln!("{test}: one side shot every stroke; the page had nothing to think");
    }
}

/// Whether the page's console names more than one player to shoot over the match.
fn both_sides_shot(console: &[String]) -> bool {
    let shooters: std::collections::BTreeSet<&str> = console
        .iter()
        .filter_map(|l| l.split(", player ").nth(1))
        .filter_map(|rest| rest.split(" to shoot").next())
        .collect();
    shooters.len() > 1
}

fn the_page_draws_home_and_its_sound_runs_after_the_first_click() {
    let test = "the_page_draws_home_and_its_sound_runs_after_the_first_click";
    if !isolated(module_path!(), test) {
        return;
    }
    let Some((browser, web)) = ready(test) else { return };
    let dir = scratch(test);
    let (url, stop) = signaling_serving(Some(web));
    let page = format!("{}/", url.replacen("ws://", "http://", 1));
    // As a browser does by default: no sound before the player's first gesture.
    let policy = ["--autoplay-policy=user-gesture-required"];
    let mut chromium = Browser::open(&browser, &page, &dir.join("profile"), &policy);
    let first = chromium.wait_for("carrom: first frame", Duration::from_secs(60));
    assert!(first.is_some(), "no frame: {:#?}", chromium.console);
    eprintln!("{test}: {}", first.unwrap_or_default());
    let (_, _, share, colours) = screenshot_drawn(&mut chromium, &dir.join("home.png"), 0.02);
    assert!(share > 0.02 && colours > 16, "Home is drawn: {:#?}", chromium.console);
    // The game's sound output is WebAudio: it opened an audio context. (Headless Chromium
    // lets it run before any gesture whatever the autoplay policy, so the state before the
    // click is reported, not judged.)
    let states = "window.carromAudioContexts.map(c => c.state).join(',')";
    let before = chromium.evaluate(states);
    assert!(before.as_str().is_some_and(|s| !s.is_empty()), "no audio context: {before}");
    eprintln!("{test}: audio before the first click: {before}");
    chromium.click(5.0, 5.0);
    let mut after = chromium.evaluate(states);
    for _ in 0..50 {
        if after.as_str().is_some_and(|s| s.split(',').all(|state| state == "running")) {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        after = chromium.evaluate(states);
    }
    assert!(
        after.as_str().is_some_and(|s| s.split(',').all(|state| state == "running")),
        "{after}"
    );
    let _ = stop.send(());
}

fn a_browser_watches_two_desktop_peers_to_the_hash_they_end_on() {
    let test = "a_browser_watches_two_desktop_peers_to_the_hash_they_end_on";
    if !isolated(module_path!(), test) {
        return;
    }
    let Some((browser, web)) = ready(test) else { return };
    host_address();
    let dir = scratch(test);
    let (url, stop) = signaling_serving(Some(web));
    let code = "0123456789AD2";
    let player = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_carrom"))
            .args(["peer", "--signaling", &url, "--room", code, "--players", "2"])
            .args(["--draughts", "easy", "--connect-timeout", "120", "--match-timeout", "400"])
            .args(extra)
            .arg("--diagnostics")
            .arg(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap()
    };
    // A watcher is let in once the room has a player. The second player comes once the
    // server has let the page in, so that however slow the page is to start, it is at the
    // table before the game can end.
    let creator = player(&["--creator"]);
    until_peers(&url, 1);
    let page = format!("{}/#watch/{code}", url.replacen("ws://", "http://", 1));
    let mut chromium = Browser::open(&browser, &page, &dir.join("profile"), &[]);
    until_watchers(&url, 1);
    let players = vec![creator, player(&[])];
    let watched = chromium.wait_for("carrom: the watched match ended", Duration::from_secs(360));
    let Some(watched) = watched else {
        panic!("the page's watched match did not end: {:#?}", chromium.console);
    };
    eprintln!("{test}: {watched}");
    let reports: Vec<_> = players.into_iter().map(|p| finish(p, Duration::from_secs(60))).collect();
    let _ = stop.send(());
    for (exit, report) in &reports {
        assert_eq!(*exit, 0, "{report}");
        let (frame, hash) = (report["frames"].as_u64().unwrap(), report["hash"].as_str().unwrap());
        assert!(
            watched.contains(&format!("at frame {frame} with hash {hash}")),
            "the page watched {watched:?}; a player ended at frame {frame} with hash {hash}"
        );
    }
}

/// A page of the game on Home, served with a fresh profile (`None`: skipped): the browser,
/// the test's folder and what stops the server.
fn home(test: &str) -> Option<(Browser, PathBuf, std::sync::mpsc::Sender<()>, String)> {
    let (browser, web) = ready(test)?;
    let dir = scratch(test);
    let (url, stop) = signaling_serving(Some(web));
    let page = format!("{}/", url.replacen("ws://", "http://", 1));
    let mut chromium = Browser::open(&browser, &page, &dir.join("profile"), &[]);
    let first = chromium.wait_for("carrom: first frame", Duration::from_secs(60));
    assert!(first.is_some(), "no frame: {:#?}", chromium.console);
    eprintln!("{test}: {}", first.unwrap_or_default());
    line_with(&mut chromium, 0, &["carrom: the UI font is in"], secs(30));
    Some((chromium, dir, stop, url))
}

/// Waits (at most `limit`) for a console line holding every one of `needles`, after the
/// first `after` lines; returns it and its place.
fn line_with(
    chromium: &mut Browser,
    after: usize,
    needles: &[&str],
    limit: Duration,
) -> (usize, String) {
    match seen(chromium, after, needles, limit) {
        Some(found) => found,
        None => {
            let shot = chromium.keep_screenshot("failed");
            panic!("no line with {needles:?} within {limit:?} ({shot}): {:#?}", chromium.console)
        }
    }
}

/// The first console line after the first `after` holding every one of `needles`, and its
/// place, if one comes within `limit`.
fn seen(
    chromium: &mut Browser,
    after: usize,
    needles: &[&str],
    limit: Duration,
) -> Option<(usize, String)> {
    let deadline = std::time::Instant::now() + limit;
    loop {
        let found = chromium
            .console
            .iter()
            .enumerate()
            .skip(after)
            .find(|(_, l)| needles.iter().all(|n| l.contains(n)));
        if let Some((at, line)) = found {
            return Some((at, line.clone()));
        }
        if std::time::Instant::now() > deadline {
            return None;
        }
        chromium.wait_for("\u{0}", Duration::from_millis(200));
    }
}

/// Presses the button of `action` until the console says `needles` (a person clicks again
/// when a slow page let a click go by); for a choice that is the same pressed twice.
fn choose(chromium: &mut Browser, action: &str, needles: &[&str]) {
    let after = chromium.console.len();
    for _ in 0..5 {
        chromium.press(action, secs(20));
        if seen(chromium, after, needles, secs(10)).is_some() {
            return;
        }
    }
    panic!("{action} never brought {needles:?}: {:#?}", chromium.console);
}

/// A person's stroke on the page: Space held a moment (the power rises while it is) and
/// let go, again if a slow page let it go by; returns the line saying the stroke's motion
/// ended, after `after`.
fn a_stroke(chromium: &mut Browser, after: usize) -> (usize, String) {
    let (aiming, _) = line_with(chromium, after, &["the match is at", "Aim"], secs(30));
    let mut moving = None;
    for _ in 0..5 {
        chromium.key(" ", "Space", Duration::from_millis(700));
        moving = seen(chromium, aiming, &["the match is at", "Motion"], secs(10));
        if moving.is_some() {
            break;
        }
    }
    let Some((moving, _)) = moving else {
        panic!("Space never struck: {:#?}", chromium.console);
    };
    let (at, line) = line_with(chromium, moving + 1, &["the match is at"], secs(60));
    assert!(!line.contains("Motion"), "{line}");
    (at, line)
}

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

/// What follows "the match is at" in a progress line: stroke, phase, frame and hash.
fn progress(line: &str) -> &str {
    line.split_once("the match is at").map_or("", |(_, rest)| rest.trim())
}

fn cl_1_the_page_starts_pass_and_play_plays_a_stroke_and_resumes_it_after_a_reload() {
    let test = "cl_1_the_page_starts_pass_and_play_plays_a_stroke_and_resumes_it_after_a_reload";
    if !isolated(module_path!(), test) {
        return;
    }
    let Some((mut chromium, dir, stop, _)) = home(test) else { return };
    chromium.press("Play", secs(20));
    line_with(&mut chromium, 0, &["carrom: screen Game (Local)"], secs(20));
    let (_, ended) = a_stroke(&mut chromium, 0);
    eprintln!("{test}: {ended}");
    let (_, _, rgba) = chromium.screenshot(&dir.join("stroke.png"));
    let (share, colours) = drawn(&rgba);
    assert!(share > 0.2 && colours > 16, "the board is drawn: {share} {colours}");
    let saved = chromium.lines_with("the match is at").last().cloned().unwrap_or_default();
    chromium.reload();
    line_with(&mut chromium, 0, &["carrom: first frame"], secs(60));
    chromium.press("Resume", secs(20));
    let (_, resumed) = line_with(&mut chromium, 0, &["the match is at"], secs(20));
    eprintln!("{test}: resumed {resumed}");
    assert_eq!(progress(&resumed), progress(&saved), "resumed where the page was left");
    let _ = stop.send(());
}

fn cl_1_the_page_starts_a_match_against_the_bot_and_the_bot_answers_a_stroke() {
    let test = "cl_1_the_page_starts_a_match_against_the_bot_and_the_bot_answers_a_stroke";
    if !isolated(module_path!(), test) {
        return;
    }
    let Some((mut chromium, _dir, stop, _)) = home(test) else { return };
    choose(&mut chromium, "Mode(VsBot)", &["carrom: setup: Carrom, VsBot"]);
    chromium.press("Play", secs(20));
    line_with(&mut chromium, 0, &["carrom: screen Game (Local)"], secs(20));
    let (mut after, mut mine) = a_stroke(&mut chromium, 0);
    eprintln!("{test}: the person's stroke: {mine}");
    // The person shoots again after pocketing; then the bot's stroke follows by itself.
    for _ in 0..8 {
        if !mine.contains("player 1 to shoot") {
            break;
        }
        (after, mine) = a_stroke(&mut chromium, after);
        eprintln!("{test}: the person's stroke again: {mine}");
    }
    assert!(mine.contains("player 2 to shoot"), "the bot's turn came: {mine}");
    let (moving, _) = line_with(&mut chromium, after, &["Motion"], secs(120));
    let (_, theirs) = line_with(&mut chromium, moving + 1, &["the match is at"], secs(60));
    eprintln!("{test}: then: {theirs}");
    assert!(!theirs.contains("Motion"), "{theirs}");
    let _ = stop.send(());
}

fn ck_1_the_page_starts_draughts_against_the_computer_and_each_side_moves() {
    let test = "ck_1_the_page_starts_draughts_against_the_computer_and_each_side_moves";
    if !isolated(module_path!(), test) {
        return;
    }
    let Some((mut chromium, dir, stop, _)) = home(test) else { return };
    choose(&mut chromium, "Draughts", &["carrom: setup: Draughts"]);
    choose(&mut chromium, "Mode(VsBot)", &["carrom: setup: Draughts, VsBot"]);
    chromium.press("Play", secs(20));
    line_with(&mut chromium, 0, &["carrom: screen Game (Local)"], secs(20));
    // Black, the person's colour, moves first (CK-1): 11-15, typed as a player names squares.
    chromium.type_square("11");
    chromium.type_square("15");
    let (at, mine) = line_with(&mut chromium, 0, &["carrom: draughts move 1: 11-15"], secs(20));
    let (_, reply) = line_with(&mut chromium, at, &["carrom: draughts move 2:"], secs(60));
    eprintln!("{test}: {mine}; {reply}");
    let (_, _, rgba) = chromium.screenshot(&dir.join("draughts.png"));
    let (share, colours) = drawn(&rgba);
    assert!(share > 0.2 && colours > 16, "the board is drawn: {share} {colours}");
    let _ = stop.send(());
}

fn ck_15_a_room_the_page_creates_is_joined_by_its_link_and_watched_again_from_replays() {
    let test = "ck_15_a_room_the_page_creates_is_joined_by_its_link_and_watched_again_from_replays";
    if !isolated(module_path!(), test) {
        return;
    }
    let Some((browser, web)) = ready(test) else { return };
    host_address();
    let dir = scratch(test);
    let (url, stop) = signaling_serving(Some(web));
    // The page's seat is played by the computer (easy), as a scripted player.
    let page = format!("{}/?seat=easy", url.replacen("ws://", "http://", 1));
    let mut chromium = Browser::open(&browser, &page, &dir.join("profile"), &[]);
    line_with(&mut chromium, 0, &["carrom: first frame"], secs(60));
    choose(&mut chromium, "Draughts", &["carrom: setup: Draughts"]);
    chromium.press("Mode(Online)", secs(20));
    chromium.press("CreateMatch", secs(20));
    let (_, invite) = line_with(&mut chromium, 0, &["carrom: invite link "], secs(30));
    let link = invite.split_once("invite link ").and_then(|(_, l)| l.split_whitespace().next());
    let link = link.unwrap_or_default().to_string();
    eprintln!("{test}: {invite}");
    assert!(link.starts_with("http://127.0.0.1:") && link.contains("/#"), "{link}");
    let mut peer = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", &url, "--room", &link, "--players", "2"])
        .args(["--draughts", "easy", "--connect-timeout", "60", "--match-timeout", "300"])
        .arg("--diagnostics")
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let ended = ended_unless_the_peer_gives_up(&mut chromium, &mut peer, secs(360));
    eprintln!("{test}: {ended}");
    let (exit, report) = finish(peer, Duration::from_secs(60));
    assert_eq!(exit, 0, "the native peer: {report}");
    let frame = report["frames"].as_u64().unwrap();
    let hash = report["hash"].as_str().expect("the peer's hash, in hex").to_string();
    assert!(
        ended.contains(&format!("at frame {frame} with hash {hash}")),
        "the page says {ended:?}; the native peer ended at frame {frame} with hash {hash}"
    );
    // The page kept the match as a record: Home, Replays, and it plays again.
    chromium.press("Home", secs(30));
    chromium.press("Replays", secs(20));
    let shown = chromium.console.len();
    chromium.press("Watch(0)", secs(20));
    line_with(&mut chromium, shown, &["carrom: screen Game (Replay)"], secs(20));
    let (_, _, share, colours) = screenshot_drawn(&mut chromium, &dir.join("replay.png"), 0.2);
    assert!(share > 0.2 && colours > 16, "the replay is drawn: {share} {colours}");
    let _ = stop.send(());
}

fn the_page_keeps_a_settings_change_across_a_reload_and_opens_how_to_play() {
    let test = "the_page_keeps_a_settings_change_across_a_reload_and_opens_how_to_play";
    if !isolated(module_path!(), test) {
        return;
    }
    let Some((mut chromium, dir, stop, _)) = home(test) else { return };
    let (_, before) = line_with(&mut chromium, 0, &["carrom: settings: "], secs(10));
    assert!(before.contains("English") && before.contains("records kept"), "{before}");
    chromium.press("Settings", secs(20));
    line_with(&mut chromium, 0, &["carrom: screen Settings"], secs(10));
    // Settings names each language in its own script, from faces that hold only those
    // names' glyphs: no script's whole face is fetched for it.
    let names = |asked: &[String]| asked.iter().filter(|f| f.starts_with("LanguageNames-")).count();
    let mut asked = Vec::new();
    for _ in 0..50 {
        asked = chromium_fonts(&mut chromium);
        if names(&asked) >= 4 {
            break;
        }
        chromium.linger(Duration::from_millis(200));
    }
    assert_eq!(names(&asked), 4, "the four scripts' name faces: {asked:?}");
    let whole: Vec<_> = asked
        .iter()
        .filter(|f| !f.starts_with("LanguageNames-") && !f.starts_with("NotoSans-"))
        .collect();
    assert!(whole.is_empty(), "no script's whole face for Settings: {asked:?}");
    let (_, _, share, _) = screenshot_drawn(&mut chromium, &dir.join("settings.png"), 0.02);
    assert!(share > 0.02, "Settings is drawn: {share}");
    let shown = chromium.console.len();
    choose(&mut chromium, "Language(Greek)", &["carrom: settings: Greek"]);
    // The page fetches the Greek words when they are first wanted.
    line_with(&mut chromium, shown, &["carrom: the el messages are in"], secs(20));
    choose(&mut chromium, "RecordsKept(20)", &["carrom: settings: Greek", "20 records kept"]);
    chromium.press("Back", secs(10));
    line_with(&mut chromium, shown, &["carrom: screen Home"], secs(10));
    chromium.reload();
    line_with(&mut chromium, 0, &["carrom: first frame"], secs(60));
    line_with(&mut chromium, 0, &["carrom: the el messages are in"], secs(20));
    let (_, after) = line_with(&mut chromium, 0, &["carrom: settings: "], secs(10));
    assert!(after.contains("Greek") && after.contains("20 records kept"), "{after}");
    chromium.press("HowToPlay", secs(20));
    line_with(&mut chromium, 0, &["carrom: screen HowToPlay"], secs(10));
    let (_, _, share, colours) =
        screenshot_drawn(&mut chromium, &dir.join("how-to-play.png"), 0.02);
    assert!(share > 0.02 && colours > 16, "How to play is drawn: {share} {colours}");
    let shown = chromium.console.len();
    chromium.press("Back", secs(10));
    line_with(&mut chromium, shown, &["carrom: screen Home"], secs(10));
    let _ = stop.send(());
}

/// The font files the page has fetched so far, by name.
fn chromium_fonts(chromium: &mut Browser) -> Vec<String> {
    let names = chromium.evaluate(
        "JSON.stringify(performance.getEntriesByType('resource').map(e => e.name)\
         .filter(n => n.endsWith('.ttf')).map(n => n.split('/').pop()))",
    );
    serde_json::from_str(names.as_str().unwrap_or("[]")).unwrap_or_default()
}

/// A page of the game on Home as a phone held upright, `size` CSS pixels, touched only.
fn phone_home(
    test: &str,
    size: (u32, u32),
) -> Option<(Browser, PathBuf, std::sync::mpsc::Sender<()>)> {
    let (browser, web) = ready(test)?;
    let dir = scratch(test);
    let (url, stop) = signaling_serving(Some(web));
    let page = format!("{}/", url.replacen("ws://", "http://", 1));
    let mut chromium = Browser::open_phone(&browser, &page, &dir.join("profile"), size);
    let first = chromium.wait_for("carrom: first frame", Duration::from_secs(60));
    assert!(first.is_some(), "no frame: {:#?}", chromium.console);
    line_with(&mut chromium, 0, &["carrom: the UI font is in"], secs(30));
    Some((chromium, dir, stop))
}

/// Where the page says a place of the board is, once it says so (at most 20 s).
fn place_on_page(
    chromium: &mut Browser,
    of: impl Fn(&serde_json::Value) -> Option<(f64, f64)>,
) -> (f64, f64) {
    for _ in 0..100 {
        if let Some(at) = of(&chromium.board()) {
            return at;
        }
        chromium.linger(Duration::from_millis(200));
    }
    panic!("the page never said where: {}", chromium.board());
}

/// A point as the page publishes it, `[x, y]`.
fn point(value: &serde_json::Value) -> Option<(f64, f64)> {
    Some((value.get(0)?.as_f64()?, value.get(1)?.as_f64()?))
}

/// A finger pulled from `from` through `path` (CSS pixels, each held a moment), lifted.
fn pull(chromium: &mut Browser, from: (f64, f64), path: &[(f64, f64)]) {
    chromium.touch("touchStart", &[from]);
    chromium.linger(Duration::from_millis(200));
    for &at in path {
        chromium.touch("touchMove", &[at]);
        chromium.linger(Duration::from_millis(250));
    }
    chromium.touch("touchEnd", &[]);
}

fn cl_1_ck_12_a_phone_upright_plays_carrom_and_draughts_by_touch_alone() {
    let test = "cl_1_ck_12_a_phone_upright_plays_carrom_and_draughts_by_touch_alone";
    if !isolated(module_path!(), test) {
        return;
    }
    let (width, height) = (390, 844);
    let Some((mut chromium, dir, stop)) = phone_home(test, (width, height)) else { return };
    chromium.tap_button("Play", secs(20));
    line_with(&mut chromium, 0, &["carrom: screen Game (Local)"], secs(20));
    let (aiming, _) = line_with(&mut chromium, 0, &["the match is at", "Aim"], secs(30));
    let (x, y) = place_on_page(&mut chromium, |b| point(&b["striker"]));
    // Upright, the board is a square the width across at the top; the striker is on the
    // baseline in its lower half.
    let side = width as f64;
    let (_, _, rgba) = chromium.screenshot(&dir.join("carrom-upright.png"));
    let (share, colours) = drawn(&rgba);
    assert!(share > 0.2 && colours > 16, "the board is drawn: {share} {colours}");
    assert!(x > side * 0.3 && x < side * 0.7 && y > side * 0.5 && y < side, "striker at {x},{y}");

    // Pulled back, then back into the striker, and lifted: no stroke.
    pull(&mut chromium, (x, y + 40.0), &[(x, y + 100.0), (x, y + 2.0)]);
    let struck = seen(&mut chromium, aiming + 1, &["the match is at", "Motion"], secs(3));
    assert!(struck.is_none(), "a pull let go inside the striker struck: {struck:?}");

    // Turned on its side mid-aim: the board moves to the middle, the striker with it; and
    // back upright, where it was.
    let metrics = |w: u32, h: u32| serde_json::json!({ "width": w, "height": h, "deviceScaleFactor": 1, "mobile": true });
    chromium.call("Emulation.setDeviceMetricsOverride", metrics(height, width));
    let sideways = place_on_page(&mut chromium, |b| {
        point(&b["striker"]).filter(|&(sx, _)| (sx - height as f64 / 2.0).abs() < 40.0)
    });
    assert!(sideways.1 < width as f64, "on its side, the striker is on the board: {sideways:?}");
    chromium.call("Emulation.setDeviceMetricsOverride", metrics(width, height));
    let (x, y) = place_on_page(&mut chromium, |b| {
        point(&b["striker"]).filter(|&(sx, sy)| (sx - x).abs() < 2.0 && (sy - y).abs() < 2.0)
    });

    // Pulled back and lifted: the stroke struck is the aim shown when the finger lifted,
    // and the match goes on to the next one.
    chromium.touch("touchStart", &[(x, y + 40.0)]);
    chromium.linger(Duration::from_millis(200));
    for at in [(x + 10.0, y + 80.0), (x + 12.0, y + 90.0)] {
        chromium.touch("touchMove", &[at]);
        chromium.linger(Duration::from_millis(300));
    }
    let shown = chromium.board()["aim"].clone();
    chromium.touch("touchEnd", &[]);
    let (moving, _) = line_with(&mut chromium, aiming, &["the match is at", "Motion"], secs(20));
    let (_, struck) = line_with(&mut chromium, aiming, &["stroke 1 struck:"], secs(20));
    let expected = format!("placement {}, angle {}, power {}", shown[0], shown[1], shown[2]);
    assert!(struck.contains(&expected), "shown {shown}, struck: {struck}");
    let (_, ended) = line_with(&mut chromium, moving + 1, &["the match is at"], secs(60));
    eprintln!("{test}: by touch: {ended}");
    assert!(!ended.contains("Motion"), "{ended}");
    let buzzes = chromium.evaluate("window.carromBuzzes").as_u64().unwrap_or(0);
    assert!(buzzes > 0, "the stroke buzzed the phone");

    // The phone goes to another app: the page is hidden, and the match waits, paused.
    let hidden = "Object.defineProperty(document, 'visibilityState', \
                  { value: 'hidden', configurable: true }); \
                  document.dispatchEvent(new Event('visibilitychange')); \
                  delete document.visibilityState; true";
    chromium.evaluate(hidden);
    line_with(&mut chromium, moving, &["the page was hidden: the match is paused"], secs(20));
    let shown = chromium.console.len();
    chromium.tap_button("SaveAndLeave", secs(20));
    line_with(&mut chromium, shown, &["carrom: screen Home"], secs(20));

    // Draughts against the computer: tap a man, tap where it goes (CK-12).
    chromium.tap_button("Draughts", secs(20));
    line_with(&mut chromium, shown, &["carrom: setup: Draughts"], secs(10));
    chromium.tap_button("Mode(VsBot)", secs(20));
    line_with(&mut chromium, shown, &["carrom: setup: Draughts, VsBot"], secs(10));
    let shown = chromium.console.len();
    chromium.tap_button("Play", secs(20));
    line_with(&mut chromium, shown, &["carrom: screen Game (Local)"], secs(20));
    let eleven = place_on_page(&mut chromium, |b| point(b["squares"].get(10)?));
    let fifteen = place_on_page(&mut chromium, |b| point(b["squares"].get(14)?));
    assert!(eleven.1 < side && fifteen.1 < side, "the board is at the top: {eleven:?} {fifteen:?}");
    chromium.tap(eleven.0, eleven.1);
    chromium.linger(Duration::from_millis(300));
    chromium.tap(fifteen.0, fifteen.1);
    let (at, mine) = line_with(&mut chromium, shown, &["carrom: draughts move 1: 11-15"], secs(20));
    let (_, reply) = line_with(&mut chromium, at, &["carrom: draughts move 2:"], secs(60));
    eprintln!("{test}: {mine}; {reply}");
    let (_, _, rgba) = chromium.screenshot(&dir.join("draughts-upright.png"));
    let (share, colours) = drawn(&rgba);
    assert!(share > 0.2 && colours > 16, "the board is drawn: {share} {colours}");

    // A name typed on the phone's own keyboard: the field raises it, the word comes back.
    // A phone has no Esc: the HUD's Pause button, then home.
    chromium.tap_button("Pause", secs(20));
    let shown = chromium.console.len();
    chromium.tap_button("SaveAndLeave", secs(20));
    line_with(&mut chromium, shown, &["carrom: screen Home"], secs(20));
    chromium.tap_button("Settings", secs(20));
    line_with(&mut chromium, shown, &["carrom: screen Settings"], secs(20));
    chromium.tap_button("EditName(0)", secs(20));
    let focused = (0..50).any(|_| {
        chromium.linger(Duration::from_millis(100));
        chromium.evaluate("document.activeElement && document.activeElement.id") == "typing"
    });
    assert!(focused, "the keyboard's input has the focus");
    let before = chromium.console.len();
    for _ in 0.."Player 1".len() {
        chromium.key("Backspace", "Backspace", Duration::from_millis(30));
    }
    chromium.insert_text("Ravi");
    chromium.key("Enter", "Enter", Duration::from_millis(30));
    let (_, named) = line_with(&mut chromium, before, &["names [\"Ravi\""], secs(20));
    eprintln!("{test}: {named}");
    let _ = stop.send(());
}

/// The page's buttons with their rectangles: name, centre, width and height (CSS px).
fn button_rects(chromium: &mut Browser) -> Vec<(String, [f64; 4])> {
    let listed = chromium.evaluate("window.carromButtons || '[]'");
    let listed: serde_json::Value =
        serde_json::from_str(listed.as_str().unwrap_or("[]")).unwrap_or_default();
    let rect = |b: &serde_json::Value| {
        let at = |k: &str| b[k].as_f64();
        Some((b["name"].as_str()?.to_string(), [at("x")?, at("y")?, at("width")?, at("height")?]))
    };
    listed.as_array().map(|all| all.iter().filter_map(rect).collect()).unwrap_or_default()
}

fn every_home_button_is_in_a_fingers_reach_at_each_phone_size() {
    let test = "every_home_button_is_in_a_fingers_reach_at_each_phone_size";
    if !isolated(module_path!(), test) {
        return;
    }
    let sizes = [(360, 640), (390, 844), (430, 932), (844, 390), (768, 1024)];
    let Some((mut chromium, dir, stop)) = phone_home(test, sizes[0]) else { return };
    for (width, height) in sizes {
        let metrics = serde_json::json!({
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": true,
        });
        chromium.call("Emulation.setDeviceMetricsOverride", metrics);
        let (wide, tall) = (f64::from(width), f64::from(height));
        // Laid out for this size once the page reports the same buttons twice running.
        let mut last = Vec::new();
        for _ in 0..100 {
            chromium.linger(Duration::from_millis(200));
            let now = button_rects(&mut chromium);
            let right = chromium.evaluate("innerWidth").as_f64() == Some(wide);
            if right && !now.is_empty() && now == last {
                break;
            }
            last = now;
        }
        chromium.screenshot(&dir.join(format!("home-{width}x{height}.png")));
        // Every button comes wholly onto the screen, swiped to if need be, and is big
        // enough for a fingertip (44 CSS px).
        let all: std::collections::BTreeSet<String> = last.iter().map(|(a, _)| a.clone()).collect();
        let mut reached = std::collections::BTreeSet::new();
        for _ in 0..12 {
            for (action, [x, y, w, h]) in button_rects(&mut chromium) {
                let inside = x - w / 2.0 >= 0.0
                    && x + w / 2.0 <= wide
                    && y - h / 2.0 >= 0.0
                    && y + h / 2.0 <= tall;
                if inside {
                    assert!(w >= 44.0 && h >= 44.0, "{action} is {w}×{h} at {width}×{height}");
                    reached.insert(action);
                }
            }
            if reached.is_superset(&all) {
                break;
            }
            // A swipe up, as a thumb scrolls.
            chromium.swipe((wide / 2.0, tall * 0.75), (wide / 2.0, tall * 0.35));
            chromium.linger(Duration::from_millis(300));
        }
        let missed: Vec<_> = all.difference(&reached).collect();
        assert!(missed.is_empty(), "out of reach at {width}×{height}: {missed:?}");
        // And a tap acts there: the rules, and back.
        let shown = chromium.console.len();
        chromium.tap_button("HowToPlay", secs(20));
        line_with(&mut chromium, shown, &["carrom: screen HowToPlay"], secs(20));
        chromium.tap_button("Back", secs(20));
        line_with(&mut chromium, shown, &["carrom: screen Home"], secs(20));
        eprintln!("{test}: {width}×{height}: {} buttons in reach", reached.len());
    }
    let _ = stop.send(());
}

fn ck_12_a_multi_jump_is_tapped_landing_by_landing_on_a_phone() {
    let test = "ck_12_a_multi_jump_is_tapped_landing_by_landing_on_a_phone";
    if !isolated(module_path!(), test) {
        return;
    }
    use carrom::draughts::Draughts;
    use carrom::draughts::moves::Moves;
    use carrom::draughts::pdn::{read_fen, write_move};
    // Black's man on 15 must take two men, 18 and 25, on its way to 29 (or 31 by 26).
    let fen = "B:W18,25,26,32:B15";
    let mut moves = Moves::default();
    Draughts::from(read_fen(fen).unwrap()).moves(&mut moves);
    let jump = *moves.as_slice().iter().max_by_key(|m| m.jumps).expect("a move");
    assert!(jump.jumps >= 2, "{fen} has a multi-jump: {}", write_move(&jump));
    let Some((mut chromium, _dir, stop)) = phone_home(test, (390, 844)) else { return };
    chromium.tap_button("Draughts", secs(20));
    line_with(&mut chromium, 0, &["carrom: setup: Draughts"], secs(10));
    chromium.tap_button("Mode(PassAndPlay)", secs(20));
    line_with(&mut chromium, 0, &["carrom: setup: Draughts, PassAndPlay"], secs(10));
    // The start position, typed on the phone's keyboard.
    chromium.tap_button("EditFen", secs(20));
    let focused = (0..50).any(|_| {
        chromium.linger(Duration::from_millis(100));
        chromium.evaluate("document.activeElement && document.activeElement.id") == "typing"
    });
    assert!(focused, "the keyboard's input has the focus");
    let typed = chromium.console.len();
    chromium.insert_text(fen);
    chromium.key("Enter", "Enter", Duration::from_millis(30));
    // Play once the page has taken the position, as a person who sees it shown does.
    line_with(&mut chromium, typed, &[&format!("carrom: draughts start: {fen}")], secs(20));
    let shown = chromium.console.len();
    chromium.tap_button("Play", secs(20));
    line_with(&mut chromium, shown, &["carrom: screen Game (Local)"], secs(20));
    // The man, then each landing in turn, as a finger would (CK-12).
    let square = |bit: u32| move |b: &serde_json::Value| point(b["squares"].get(bit as usize)?);
    let taps = std::iter::once(u32::from(jump.from)).chain(jump.landings());
    for bit in taps {
        let (x, y) = place_on_page(&mut chromium, square(bit));
        chromium.tap(x, y);
        chromium.linger(Duration::from_millis(400));
    }
    let played = format!("carrom: draughts move 1: {}", write_move(&jump));
    let (_, said) = line_with(&mut chromium, shown, &[&played], secs(20));
    eprintln!("{test}: {said}");
    let _ = stop.send(());
}

fn a_page_whose_fonts_and_words_cannot_be_fetched_still_reads_in_english() {
    let test = "a_page_whose_fonts_and_words_cannot_be_fetched_still_reads_in_english";
    if !isolated(module_path!(), test) {
        return;
    }
    let Some((browser, web)) = ready(test) else { return };
    let dir = scratch(test);
    // The page's files, without its fonts and the words of languages other than English.
    let bare = dir.join("web");
    std::fs::create_dir_all(&bare).unwrap();
    for file in std::fs::read_dir(&web).unwrap().flatten().filter(|f| f.path().is_file()) {
        std::fs::hard_link(file.path(), bare.join(file.file_name())).unwrap();
    }
    let (url, stop) = signaling_serving(Some(bare));
    let page = format!("{}/", url.replacen("ws://", "http://", 1));
    let mut chromium = Browser::open(&browser, &page, &dir.join("profile"), &[]);
    line_with(&mut chromium, 0, &["carrom: first frame"], secs(60));
    line_with(&mut chromium, 0, &["carrom: the UI font could not be fetched"], secs(30));
    line_with(&mut chromium, 0, &["carrom: the UI font is in"], secs(10));
    chromium.press("Settings", secs(20));
    choose(&mut chromium, "Language(Greek)", &["carrom: settings: Greek"]);
    let no_greek = "carrom: the el messages could not be fetched (HTTP 404): English instead";
    line_with(&mut chromium, 0, &[no_greek], secs(20));
    chromium.press("Back", secs(10));
    chromium.press("Play", secs(20));
    line_with(&mut chromium, 0, &["carrom: screen Game (Local)"], secs(20));
    let _ = stop.send(());
}

/// `m` after the shooter strikes `stroke` and everything comes to rest (as the page plays
/// it: the same core, bit for bit).
fn struck(m: &carrom::game::Match, stroke: carrom::sim::Stroke) -> carrom::game::Match {
    use carrom::game::{Input, Phase, advance};
    let mut m = *m;
    let mut inputs = vec![Input::ZERO; m.settings().players as usize];
    inputs[m.settings().player_at(m.shooter()).unwrap()] = Input::commit(m.next_stroke(), stroke);
    advance(&mut m, &inputs);
    let inputs = vec![Input::ZERO; inputs.len()];
    for _ in 0..100_000 {
        if m.phase() != Phase::Motion {
            break;
        }
        advance(&mut m, &inputs);
    }
    m
}

/// The stroke from `placement` a player who reads the table would choose for the
/// shooter: the middle of the widest run of angles (at least five wide when there is one)
/// that wins the match, or else keeps the turn by pocketing a disc of the shooter's own,
/// found by playing each on the core.
fn reading_the_table(m: &carrom::game::Match, placement: i16) -> carrom::sim::Stroke {
    use carrom::game::Phase;
    use carrom::sim::Stroke;
    let forward = i32::from(m.shooter().forward().0);
    let rank_of = |stroke: Stroke| {
        let after = struck(m, stroke);
        match () {
            _ if after.phase() == Phase::MatchOver => 2,
            _ if after.shooter() == m.shooter() && after.next_stroke() > m.next_stroke() => 1,
            _ => 0,
        }
    };
    let mut best: Option<((usize, u8, usize), Stroke)> = None;
    for power in [2_500, 4_000, 6_000] {
        let mut run: Vec<(u8, Stroke)> = Vec::new();
        for step in -180..=181 {
            let stroke = Stroke { placement, angle: (forward + step * 64) as u16, power };
            let rank = if step > 180 { 0 } else { rank_of(stroke) };
            if rank > 0 && run.last().is_none_or(|(r, _)| *r == rank) {
                run.push((rank, stroke));
                continue;
            }
            if let Some(&(rank, middle)) = run.get(run.len() / 2) {
                let key = (run.len().min(5), rank, run.len());
                if best.is_none_or(|(k, _)| key > k) {
                    best = Some((key, middle));
                }
            }
            run.clear();
            if rank > 0 {
                run.push((rank, stroke));
            }
        }
    }
    let (key, stroke) = best.expect("some stroke keeps the turn or wins");
    eprintln!("the table read: {stroke:?} (width, rank, width) {key:?}");
    stroke
}

/// The aim the page shows: placement, angle and power.
fn aim_shown(chromium: &mut Browser) -> Option<[i64; 3]> {
    let aim = chromium.board()["aim"].clone();
    Some([aim.get(0)?.as_i64()?, aim.get(1)?.as_i64()?, aim.get(2)?.as_i64()?])
}

/// Pulls a finger back from the striker at `striker` (CSS px) until the page shows an aim
/// close to `wanted`, as a player's hand corrects itself; lifts, and returns the aim shown
/// at the lift. The view is the shooter's (`forward` up the page), as pass and play turns
/// it to each.
fn pull_to(
    chromium: &mut Browser,
    striker: (f64, f64),
    forward: carrom::sim::Angle,
    wanted: carrom::sim::Stroke,
) -> carrom::sim::Stroke {
    let (x, y) = striker;
    let settle = |chromium: &mut Browser, at: (f64, f64), before: Option<[i64; 3]>| {
        chromium.touch("touchMove", &[at]);
        let mut shown = None;
        for _ in 0..40 {
            chromium.linger(Duration::from_millis(50));
            shown = aim_shown(chromium);
            if shown != before {
                break;
            }
        }
        shown.expect("an aim is shown while pulling")
    };
    chromium.touch("touchStart", &[(x, y + 45.0)]);
    chromium.linger(Duration::from_millis(200));
    // How far a pull on the page is in power: two pulls straight down.
    let near = settle(chromium, (x, y + 50.0), None);
    let far = settle(chromium, (x, y + 75.0), Some(near));
    let per_px = (far[2] - near[2]) as f64 / 25.0;
    assert!(per_px > 0.0, "a longer pull shows more power: {near:?} {far:?}");
    let zero_at = 50.0 - near[2] as f64 / per_px;
    let turn = std::f64::consts::TAU / 65_536.0;
    // On the page, the shooter's forward is north.
    let up = i64::from(carrom::sim::Seat(0).forward().0) - i64::from(forward.0);
    let mut angle = (i64::from(wanted.angle) + up) as f64 * turn;
    let mut length = zero_at + f64::from(wanted.power) / per_px;
    let mut shown = far;
    for _ in 0..8 {
        // The striker flies away from the finger: the finger is opposite the aim.
        let at = (x - length * angle.cos(), y + length * angle.sin());
        shown = settle(chromium, at, Some(shown));
        let off = (i64::from(wanted.angle) - shown[1] + 32_768).rem_euclid(65_536) - 32_768;
        let short = i64::from(wanted.power) - shown[2];
        if off.abs() <= 8 && short.abs() <= 40 {
            break;
        }
        angle += off as f64 * turn;
        length += short as f64 / per_px;
    }
    chromium.touch("touchEnd", &[]);
    let [placement, angle, power] = shown;
    carrom::sim::Stroke { placement: placement as i16, angle: angle as u16, power: power as u16 }
}

/// Where a piece sits 5 cm before pocket `k` of the standard board, towards its middle.
fn sitter(k: u8) -> carrom::sim::V2 {
    use carrom::sim::{Fx, PresetId, V2, preset::pocket_centre};
    let c = pocket_centre(PresetId::Standard.preset(), k);
    let back = Fx::milli_cm(5_000).0;
    V2::new(Fx(c.x.0 - c.x.0.signum() * back), Fx(c.y.0 - c.y.0.signum() * back))
}

/// The standard board's two pockets beyond seat 0's baseline.
fn far_pockets() -> Vec<u8> {
    let preset = carrom::sim::PresetId::Standard.preset();
    (0..4).filter(|&k| carrom::sim::preset::pocket_centre(preset, k).y.0 > 0).collect()
}

/// Starts a match of the game and mode set up by taps on Home, then leaves it, saved.
fn start_and_leave(chromium: &mut Browser, variant: &str, mode: &str) {
    chromium.tap_button(&format!("Variant({variant})"), secs(20));
    chromium.tap_button(&format!("Mode({mode})"), secs(20));
    line_with(chromium, 0, &[&format!("carrom: setup: Carrom, {mode}")], secs(10));
    chromium.tap_button("Play", secs(20));
    line_with(chromium, 0, &["carrom: screen Game (Local)"], secs(20));
    chromium.tap_button("Pause", secs(20));
    let shown = chromium.console.len();
    chromium.tap_button("SaveAndLeave", secs(20));
    line_with(chromium, shown, &["carrom: screen Home"], secs(20));
}

/// Makes the page's saved match `m` (its players as they were), reloads and resumes it
/// by a tap; returns where the console stood then.
fn resumed_as(chromium: &mut Browser, m: &carrom::game::Match) -> usize {
    let state: String = bytemuck::bytes_of(m).iter().map(|b| format!("{b:02x}")).collect();
    let rewrite = format!(
        "(() => {{ const key = Object.keys(localStorage).find((k) => k.endsWith('match.json')); \
         const file = JSON.parse(localStorage.getItem(key)); file.state = '{state}'; \
         file.hash = '{:016x}'; localStorage.setItem(key, JSON.stringify(file)); return key; }})()",
        m.hash()
    );
    let key = chromium.evaluate(&rewrite);
    assert!(key.as_str().is_some_and(|k| k.ends_with("match.json")), "the saved match: {key}");
    chromium.reload();
    line_with(chromium, 0, &["carrom: the UI font is in"], secs(60));
    let shown = chromium.console.len();
    chromium.tap_button("Resume", secs(20));
    line_with(chromium, shown, &["carrom: screen Game (Local)"], secs(20));
    shown
}

/// Plays `m`, resumed on the page, to its end by touch: each stroke a pull, read off the
/// table first; after each, the page is where this core says the stroke leads (the next
/// stroke, the phase and who shoots). The page's state also holds the frames spent
/// aiming, so its hash is not this one's. Ends on the Results screen.
fn played_to_its_end(chromium: &mut Browser, test: &str, mut m: carrom::game::Match, shown: usize) {
    for number in 1..=6 {
        let (x, y) = place_on_page(chromium, |b| point(&b["striker"]));
        let placement = aim_shown(chromium).map_or(0, |a| a[0] as i16);
        let wanted = reading_the_table(&m, placement);
        let lifted = pull_to(chromium, (x, y), m.shooter().forward(), wanted);
        let (_, said) =
            line_with(chromium, shown, &[&format!("stroke {number} struck:")], secs(20));
        let expected = format!(
            "placement {}, angle {}, power {}",
            lifted.placement, lifted.angle, lifted.power
        );
        assert!(said.contains(&expected), "lifted at {lifted:?}, the page struck: {said}");
        m = struck(&m, lifted);
        let player = m.settings().player_at(m.shooter()).unwrap() + 1;
        let next = format!("the match is at stroke {}, {:?}, ", number + 1, m.phase());
        let shooter = format!("player {player} to shoot");
        let (_, said) = line_with(chromium, shown, &[&next, &shooter], secs(60));
        eprintln!("{test}: {said}");
        if m.phase() == carrom::game::Phase::MatchOver {
            line_with(chromium, shown, &["carrom: screen Results"], secs(20));
            return;
        }
    }
    panic!("the match did not end in six strokes: {:#?}", chromium.console);
}

fn dp_6_a_disc_pool_match_on_one_phone_is_played_to_its_end_by_touch() {
    let test = "dp_6_a_disc_pool_match_on_one_phone_is_played_to_its_end_by_touch";
    if !isolated(module_path!(), test) {
        return;
    }
    use carrom::game::Match;
    use carrom::rules::{Settings, Variant};
    use carrom::sim::{Fx, Kind, PresetId, Table, V2};
    let Some((mut chromium, _dir, stop)) = phone_home(test, (390, 844)) else { return };
    start_and_leave(&mut chromium, "DiscPool", "PassAndPlay");
    // The same match near its end: white has two discs left, each sitting before a far
    // pocket, and black one.
    let far = far_pockets();
    let pieces = [
        (Kind::White, sitter(far[0])),
        (Kind::White, sitter(far[1])),
        (Kind::Black, V2::new(Fx::milli_cm(-3_000), Fx::milli_cm(-2_000))),
    ];
    let settings = Settings::new(Variant::DiscPool, 2, PresetId::Standard, 0, 7).unwrap();
    let m = Match::with_table(settings, Table::with_pieces(PresetId::Standard, &pieces).unwrap());
    assert_eq!(m.shooter().0, 0, "white shoots first");
    let shown = resumed_as(&mut chromium, &m);
    // A pull let go inside the striker: no stroke.
    let (x, y) = place_on_page(&mut chromium, |b| point(&b["striker"]));
    pull(&mut chromium, (x, y + 45.0), &[(x, y + 90.0), (x, y + 1.0)]);
    let nothing = seen(&mut chromium, shown, &["stroke 1 struck:"], secs(3));
    assert!(nothing.is_none(), "a pull let go inside the striker struck: {nothing:?}");
    played_to_its_end(&mut chromium, test, m, shown);
    let _ = stop.send(());
}

fn cl_10_a_classic_match_against_the_bot_on_a_phone_is_played_to_its_end_by_touch() {
    let test = "cl_10_a_classic_match_against_the_bot_on_a_phone_is_played_to_its_end_by_touch";
    if !isolated(module_path!(), test) {
        return;
    }
    use carrom::game::Match;
    use carrom::rules::{MatchState, Queen, Settings, Variant};
    use carrom::sim::{Fx, Kind, PresetId, Table, V2};
    let Some((mut chromium, _dir, stop)) = phone_home(test, (390, 844)) else { return };
    start_and_leave(&mut chromium, "Classic", "VsBot");
    // The player is at 20 points, the queen covered, one piece of theirs left before a far
    // pocket and two of the bot's: pocketing it wins the board by 2 + 5 and the match
    // (CL-7, CL-10).
    let seed = (0..100)
        .find(|&seed| {
            let s = Settings::new(Variant::Classic, 2, PresetId::Standard, 0, seed).unwrap();
            s.first_breaker().0 == 0
        })
        .unwrap();
    let settings = Settings::new(Variant::Classic, 2, PresetId::Standard, 0, seed).unwrap();
    let mine = MatchState::new(&settings).colour(0).expect("the player's colour");
    let theirs = if mine == Kind::White { Kind::Black } else { Kind::White };
    let pieces = [
        (mine, sitter(far_pockets()[0])),
        (theirs, V2::new(Fx::milli_cm(-3_000), Fx::milli_cm(-2_000))),
        (theirs, V2::new(Fx::milli_cm(4_000), Fx::milli_cm(-6_000))),
    ];
    let m = Match::with_table(settings, Table::with_pieces(PresetId::Standard, &pieces).unwrap());
    let mut standing = *m.standing();
    (standing.queen, standing.queen_side, standing.broken) = (Queen::Covered as u8, 0, 1);
    standing.scores[0] = 20;
    // The match's bytes with that standing in place of the one it has.
    let mut bytes = bytemuck::bytes_of(&m).to_vec();
    let old = bytemuck::bytes_of(m.standing());
    let at: Vec<usize> =
        (0..=bytes.len() - old.len()).filter(|&i| bytes[i..].starts_with(old)).collect();
    assert_eq!(at.len(), 1, "the standing's place in the match");
    bytes[at[0]..at[0] + old.len()].copy_from_slice(bytemuck::bytes_of(&standing));
    let m = Match::from_bytes(&bytes).expect("a sound match");
    assert_eq!((m.shooter().0, m.standing().scores[0]), (0, 20));
    let shown = resumed_as(&mut chromium, &m);
    played_to_its_end(&mut chromium, test, m, shown);
    let _ = stop.send(());
}

/// The width and height a PNG file's header gives.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{} is a PNG", path.display());
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

/// The page's value of a promise-returning `expression`, once it settles.
fn settled(chromium: &mut Browser, expression: &str) -> serde_json::Value {
    let params = serde_json::json!({
        "expression": expression, "awaitPromise": true, "returnByValue": true,
    });
    chromium.call("Runtime.evaluate", params)["result"]["value"].clone()
}

fn the_page_installs_to_the_home_screen_and_opens_with_the_server_gone() {
    let test = "the_page_installs_to_the_home_screen_and_opens_with_the_server_gone";
    if !isolated(module_path!(), test) {
        return;
    }
    let Some((mut chromium, _dir, stop, url)) = home(test) else { return };
    let port: u16 =
        url.rsplit(':').next().and_then(|p| p.trim_end_matches('/').parse().ok()).unwrap();
    // Installable: a manifest naming the game, standalone, with its icons at their sizes.
    let manifest = http_get(port, "/manifest.webmanifest");
    let manifest: serde_json::Value = serde_json::from_str(&manifest).expect("a JSON manifest");
    assert_eq!(manifest["name"], "carrom");
    assert_eq!(manifest["display"], "standalone");
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/web");
    let mut sizes = Vec::new();
    for icon in manifest["icons"].as_array().expect("icons") {
        let file = icon["src"].as_str().unwrap().trim_start_matches('/');
        let (w, h) = png_size(&web.join(file));
        assert_eq!(icon["sizes"], format!("{w}x{h}"), "{file}");
        sizes.push(w);
    }
    assert!(sizes.contains(&192) && sizes.contains(&512), "{sizes:?}");
    // The service worker has kept every file of the game, every language's fonts and words too.
    let mut kept = 0;
    for _ in 0..100 {
        let ready = "navigator.serviceWorker.ready.then(() => caches.open('carrom'))\
                     .then((c) => c.keys()).then((k) => k.length)";
        kept = settled(&mut chromium, ready).as_u64().unwrap_or(0);
        if kept >= 19 {
            break;
        }
        chromium.linger(Duration::from_millis(200));
    }
    assert!(kept >= 19, "the offline copy holds {kept} files: {:#?}", chromium.console);
    // The server goes away and the network with it: the page opens again from what it
    // kept, and a match against the bot plays, the bot answering.
    let _ = stop.send(());
    let gone = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        std::net::TcpStream::connect(("127.0.0.1", port)).is_err()
    });
    assert!(gone, "the server stopped");
    let offline = serde_json::json!({
        "offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
    });
    chromium.call("Network.emulateNetworkConditions", offline);
    chromium.reload();
    line_with(&mut chromium, 0, &["carrom: the UI font is in"], secs(60));
    assert_eq!(chromium.evaluate("navigator.onLine"), false, "the page knows it is offline");
    choose(&mut chromium, "Mode(VsBot)", &["carrom: setup: Carrom, VsBot"]);
    chromium.press("Play", secs(20));
    line_with(&mut chromium, 0, &["carrom: screen Game (Local)"], secs(20));
    let (mut after, mut mine) = a_stroke(&mut chromium, 0);
    for _ in 0..8 {
        if !mine.contains("player 1 to shoot") {
            break;
        }
        (after, mine) = a_stroke(&mut chromium, after);
    }
    assert!(mine.contains("player 2 to shoot"), "the bot's turn came: {mine}");
    let (moving, _) = line_with(&mut chromium, after, &["Motion"], secs(120));
    let (_, theirs) = line_with(&mut chromium, moving + 1, &["the match is at"], secs(60));
    eprintln!("{test}: offline, the bot answered: {theirs}");

    // Online play and watching say at once that there is no network, in the player's words.
    chromium.press("Pause", secs(20));
    let shown = chromium.console.len();
    chromium.press("SaveAndLeave", secs(20));
    line_with(&mut chromium, shown, &["carrom: screen Home"], secs(20));
    chromium.press("Mode(Online)", secs(20));
    chromium.press("CreateMatch", secs(20));
    let no_network = "carrom: lobby: There is no network: playing or watching online needs one.";
    line_with(&mut chromium, shown, &[no_network], secs(20));
    // A link to watch a match, opened with no network: the page opens and says the same.
    let shown = chromium.console.len();
    let page = url.replacen("ws://", "http://", 1);
    let watch = format!("{}/?again#watch/ABCDEFGHJKMNP", page.trim_end_matches('/'));
    chromium.call("Page.navigate", serde_json::json!({ "url": watch }));
    line_with(&mut chromium, shown, &["carrom: first frame"], secs(60));
    line_with(&mut chromium, shown, &[no_network], secs(20));
}

/// Pages drawing at once: each one's software renderer keeps about a core busy.
const BROWSERS_AT_ONCE: usize = 2;

/// Every browser scenario, [`BROWSERS_AT_ONCE`] at a time (the module's documentation says
/// why as one test).
#[test]
fn browser_scenarios_two_chromiums_at_a_time() {
    let test = "browser_scenarios_two_chromiums_at_a_time";
    if !isolated(module_path!(), test) {
        return;
    }
    // Longest first (measured two at a time), so that neither Chromium waits long alone.
    let scenarios: [(&str, fn()); 16] = [
        (
            "ck_15_a_browser_player_and_a_desktop_peer_finish_a_draughts_game_on_one_hash",
            ck_15_a_browser_player_and_a_desktop_peer_finish_a_draughts_game_on_one_hash,
        ),
        (
            "ck_15_a_room_the_page_creates_is_joined_by_its_link_and_watched_again_from_replays",
            ck_15_a_room_the_page_creates_is_joined_by_its_link_and_watched_again_from_replays,
        ),
        (
            "every_home_button_is_in_a_fingers_reach_at_each_phone_size",
            every_home_button_is_in_a_fingers_reach_at_each_phone_size,
        ),
        (
            "cl_1_ck_12_a_phone_upright_plays_carrom_and_draughts_by_touch_alone",
            cl_1_ck_12_a_phone_upright_plays_carrom_and_draughts_by_touch_alone,
        ),
        (
            "a_browser_watches_two_desktop_peers_to_the_hash_they_end_on",
            a_browser_watches_two_desktop_peers_to_the_hash_they_end_on,
        ),
        (
            "a_browser_player_and_a_desktop_peer_finish_a_freestyle_match_on_one_hash",
            a_browser_player_and_a_desktop_peer_finish_a_freestyle_match_on_one_hash,
        ),
        (
            "cl_10_a_classic_match_against_the_bot_on_a_phone_is_played_to_its_end_by_touch",
            cl_10_a_classic_match_against_the_bot_on_a_phone_is_played_to_its_end_by_touch,
        ),
        (
            "dp_6_a_disc_pool_match_on_one_phone_is_played_to_its_end_by_touch",
            dp_6_a_disc_pool_match_on_one_phone_is_played_to_its_end_by_touch,
        ),
        (
            "the_page_installs_to_the_home_screen_and_opens_with_the_server_gone",
            the_page_installs_to_the_home_screen_and_opens_with_the_server_gone,
        ),
        (
            "the_page_keeps_a_settings_change_across_a_reload_and_opens_how_to_play",
            the_page_keeps_a_settings_change_across_a_reload_and_opens_how_to_play,
        ),
        (
            "cl_1_the_page_starts_pass_and_play_plays_a_stroke_and_resumes_it_after_a_reload",
            cl_1_the_page_starts_pass_and_play_plays_a_stroke_and_resumes_it_after_a_reload,
        ),
        (
            "cl_1_the_page_starts_a_match_against_the_bot_and_the_bot_answers_a_stroke",
            cl_1_the_page_starts_a_match_against_the_bot_and_the_bot_answers_a_stroke,
        ),
        (
            "ck_12_a_multi_jump_is_tapped_landing_by_landing_on_a_phone",
            ck_12_a_multi_jump_is_tapped_landing_by_landing_on_a_phone,
        ),
        (
            "a_page_whose_fonts_and_words_cannot_be_fetched_still_reads_in_english",
            a_page_whose_fonts_and_words_cannot_be_fetched_still_reads_in_english,
        ),
        (
            "ck_1_the_page_starts_draughts_against_the_computer_and_each_side_moves",
            ck_1_the_page_starts_draughts_against_the_computer_and_each_side_moves,
        ),
        (
            "the_page_draws_home_and_its_sound_runs_after_the_first_click",
            the_page_draws_home_and_its_sound_runs_after_the_first_click,
        ),
    ];
    let only = std::env::var("CARROM_BROWSER").unwrap_or_default();
    let queue: Vec<_> = scenarios.into_iter().filter(|(name, _)| name.contains(&only)).collect();
    assert!(!queue.is_empty(), "no browser scenario's name holds {only:?}");
    let queue = std::sync::Mutex::new(queue.into_iter());
    let failed = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..BROWSERS_AT_ONCE {
            s.spawn(|| {
                loop {
                    // Taken alone: a guard in a `while let` would be held all the scenario.
                    let next = queue.lock().unwrap().next();
                    let Some((name, scenario)) = next else { break };
                    eprintln!("browser scenario {name}: starts");
                    let started = std::time::Instant::now();
                    let passed = std::panic::catch_unwind(scenario).is_ok();
                    let took = started.elapsed().as_secs_f64();
                    let said = if passed { "ok" } else { "FAILED" };
                    eprintln!("browser scenario {name}: {said} in {took:.1} s");
                    if !passed {
                        failed.lock().unwrap().push(name);
                    }
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap();
    assert!(failed.is_empty(), "browser scenarios failed: {failed:#?}");
}
