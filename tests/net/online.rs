//! Online play. SyncTest: every variant and player count played whole under GGRS's
//! SyncTest session (every frame re-simulated from a saved state and compared), and a
//! canary proving a non-deterministic step is caught. Real peers: `carrom peer` processes
//! meeting through carrom-signaling over real WebRTC inside a fresh network namespace —
//! two and four peers ending on one hash, loss and delay, garbage datagrams, a peer killed
//! mid-match. Every wait is bounded.

use crate::net_support::{finish, finish_all, isolated, said, signaling, until_stroke, wait_for};
use carrom::bot::{BotLevel, choose};
use carrom::game::{Input, Match, Phase, advance};
use carrom::rules::{Settings, Variant};
use carrom::sim::PresetId;
use ggrs::{GgrsError, GgrsRequest, SessionBuilder};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// GGRS over the bare match, with no network and no Bevy: what a SyncTest of the game
/// step itself needs.
struct BareConfig;

impl ggrs::Config for BareConfig {
    type Input = Input;
    type InputPredictor = ggrs::PredictRepeatLast;
    type State = Match;
    type Address = u8;
}

/// Strokes after which a SyncTest match is ended by resignation (the bot may need more).
const STROKES: u16 = 24;

/// Plays a whole match under a SyncTest session; `step` advances the state. Returns the
/// frames played, or the session's error.
fn synctest(settings: Settings, step: fn(&mut Match, &[Input])) -> Result<u32, GgrsError> {
    let players = settings.players as usize;
    let mut session = SessionBuilder::<BareConfig>::new()
        .with_num_players(players)?
        .with_check_distance(2)
        .with_input_delay(0)
        .start_synctest_session()?;
    let mut m = Match::new(settings);
    let mut pending: Option<(u16, carrom::sim::Stroke)> = None;
    for _ in 0..200_000 {
        if m.phase() == Phase::MatchOver {
            return Ok(m.frame());
        }
        let shooter = settings.player_at(m.shooter()).unwrap_or(0);
        for player in 0..players {
            let input = if player != shooter || m.phase() != Phase::Aim {
                Input::ZERO
            } else if m.next_stroke() > STROKES {
                Input::resign()
            } else {
                let due = m.next_stroke();
                let stroke = match pending {
                    Some((n, s)) if n == due => s,
                    _ => {
                        let s = choose(&m, BotLevel::Medium, Some(120)).stroke;
                        pending = Some((due, s));
                        s
                    }
                };
                Input::commit(due, stroke)
            };
            session.add_local_input(player, input)?;
        }
        for request in session.advance_frame()? {
            match request {
                GgrsRequest::SaveGameState { cell, frame } => {
                    cell.save(frame, Some(m), Some(m.hash() as u128));
                }
                GgrsRequest::LoadGameState { cell, .. } => m = cell.load().expect("a saved state"),
                GgrsRequest::AdvanceFrame { inputs } => {
                    let inputs: Vec<Input> = inputs.iter().map(|(i, _)| *i).collect();
                    step(&mut m, &inputs);
                }
            }
        }
    }
    panic!("the match did not end within 200 000 frames");
}

#[test]
fn synctest_every_variant_and_player_count_with_no_mismatch() {
    let combinations: Vec<(Variant, u8)> = Variant::ALL
        .into_iter()
        .flat_map(|v| (2..=4).filter(move |&n| v.allows(n)).map(move |n| (v, n)))
        .collect();
    assert_eq!(combinations.len(), 8, "Classic 2-4, Disc Pool 2 and 4, Freestyle 2-4");
    for (variant, players) in combinations {
        let settings = Settings::new(variant, players, PresetId::Standard, 30, 77).unwrap();
        let frames = synctest(settings, advance)
            .unwrap_or_else(|e| panic!("{variant:?} with {players}: {e}"));
        assert!(frames > 100, "{variant:?} with {players}: a real match was played");
    }
}

/// A step that differs on every call: what a stray timer or random draw would do.
fn nondeterministic(m: &mut Match, inputs: &[Input]) {
    static CALLS: AtomicU32 = AtomicU32::new(0);
    advance(m, inputs);
    if m.phase() == Phase::Motion {
        let bytes = bytemuck::bytes_of_mut(m);
        let last = bytes.len() - 1;
        bytes[last] ^= (CALLS.fetch_add(1, Ordering::Relaxed) & 1) as u8;
    }
}

#[test]
fn synctest_canary_catches_a_nondeterministic_step() {
    let settings = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 30, 5).unwrap();
    match synctest(settings, nondeterministic) {
        Err(GgrsError::MismatchedChecksum { .. }) => {}
        other => panic!("the canary was not caught: {other:?}"),
    }
}

// ---- real peers -------------------------------------------------------------------------

pub(crate) fn diagnostics_dir(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("online-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `carrom peer` with these extra arguments, not started, its report on a pipe.
fn command(
    url: &str,
    room: &str,
    players: u8,
    variant: &str,
    dir: &Path,
    extra: &[&str],
) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carrom"));
    command
        .args(["peer", "--signaling", url, "--room", room, "--players", &players.to_string()])
        .args(["--variant", variant, "--bot", "medium", "--connect-timeout", "120"])
        .args(["--match-timeout", "400", "--diagnostics"])
        .arg(dir)
        .args(extra)
        .stdout(Stdio::piped());
    command
}

/// Starts `carrom peer` with these extra arguments.
fn peer(url: &str, room: &str, players: u8, variant: &str, dir: &Path, extra: &[&str]) -> Child {
    command(url, room, players, variant, dir, extra).stderr(Stdio::inherit()).spawn().unwrap()
}

/// Starts `carrom peer` as [`peer`] does, with what it says on stderr read line by line.
pub(crate) fn heard_peer(
    who: &str,
    (url, room, players, variant): (&str, &str, u8, &str),
    dir: &Path,
    extra: &[&str],
) -> (Child, mpsc::Receiver<String>) {
    let mut child =
        command(url, room, players, variant, dir, extra).stderr(Stdio::piped()).spawn().unwrap();
    let heard = said(&mut child, who);
    (child, heard)
}

/// Runs a whole match between `players` peers; each gets `extra[i]`. Returns the reports.
fn play(test: &str, variant: &str, players: u8, extra: &[&[&str]]) -> Vec<Value> {
    let (url, stop) = signaling();
    let dir = diagnostics_dir(test);
    let peers: Vec<Child> = (0..players as usize)
        .map(|i| {
            peer(
                &url,
                "0123456789ABC",
                players,
                variant,
                &dir,
                extra.get(i).copied().unwrap_or(&[]),
            )
        })
        .collect();
    let reports = finish_all(peers, Duration::from_secs(420));
    let _ = stop.send(());
    for report in &reports {
        eprintln!("{report}");
        assert_eq!(report["result"]["ending"], "finished");
        assert_eq!(report["hash"], reports[0]["hash"], "every peer ends on the same state");
        assert_eq!(report["frames"], reports[0]["frames"]);
        assert!(report["frames"].as_u64().unwrap() > 60);
    }
    reports
}

#[test]
fn two_peers_finish_a_match_on_one_hash_while_one_sprays_garbage_datagrams() {
    let test = "two_peers_finish_a_match_on_one_hash_while_one_sprays_garbage_datagrams";
    if !isolated(module_path!(), test) {
        return;
    }
    let reports = play(
        test,
        "freestyle",
        2,
        &[&["--speed", "0", "--inject-garbage", "40"], &["--speed", "0"]],
    );
    assert!(reports[1]["malformed"].as_u64().unwrap() > 0, "the garbage arrived and was dropped");
    assert_eq!(reports[0]["routes"], serde_json::json!(["direct"]));
}

#[test]
fn four_peers_finish_a_match_on_one_hash() {
    let test = "four_peers_finish_a_match_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    let fast: &[&str] = &["--speed", "0"];
    play(test, "freestyle", 4, &[fast, fast, fast, fast]);
}

#[test]
fn two_peers_under_loss_and_delay_finish_on_one_hash() {
    let test = "two_peers_under_loss_and_delay_finish_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    // 10 % loss and 80 ± 20 ms each way, applied by the peers to what they send (this
    // kernel has no sch_netem for `tc netem`); real time, 60 frames a second.
    let lossy: &[&str] =
        &["--impair-loss", "10", "--impair-delay-ms", "80", "--impair-jitter-ms", "20"];
    let reports = play(test, "freestyle", 2, &[lossy, lossy]);
    // A peer rolls back when its opponent's input changes late. In a short match one side
    // may barely play (a run here: 588 frames, 170 to 0, rollbacks 14 and 0), so only the
    // other peer need have rolled back.
    let rollbacks: Vec<u64> = reports.iter().map(|r| r["rollbacks"].as_u64().unwrap()).collect();
    assert!(rollbacks.iter().any(|&n| n > 0), "latency made it roll back: {rollbacks:?}");
}

#[test]
fn two_peers_finish_a_disc_pool_match_on_one_hash() {
    let test = "two_peers_finish_a_disc_pool_match_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    let fast: &[&str] = &["--speed", "0"];
    play(test, "disc_pool", 2, &[fast, fast]);
}

#[test]
fn three_peers_finish_a_classic_match_on_one_hash() {
    let test = "three_peers_finish_a_classic_match_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    let fast: &[&str] = &["--speed", "0"];
    play(test, "classic", 3, &[fast, fast, fast]);
}

#[test]
fn a_killed_peer_is_ruled_a_forfeit_for_the_others() {
    let test = "a_killed_peer_is_ruled_a_forfeit_for_the_others";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let dir = diagnostics_dir(test);
    // Waited for 5 s (the shortest grace period), then ruled a forfeit.
    let grace: &[&str] = &["--grace", "5"];
    let game = (url.as_str(), "0123456789ABD", 2, "classic");
    let (survivor, heard) = heard_peer("survivor", game, &dir, grace);
    let (mut doomed, doomed_heard) = heard_peer("doomed", game, &dir, grace);
    until_stroke(&heard, 2, Duration::from_secs(180));
    until_stroke(&doomed_heard, 2, Duration::from_secs(180));
    doomed.kill().unwrap();
    let _ = doomed.wait();
    let killed = Instant::now();
    // The grace period, then the 10 s a finished peer keeps its session, with room to spare.
    let (code, report) = finish(survivor, Duration::from_secs(60));
    let _ = stop.send(());
    eprintln!("{report} after {:?}", killed.elapsed());
    assert_eq!(code, 3, "exit code 3: a peer left");
    assert_eq!(report["result"]["ending"], "opponent_gone");
    assert!(report["result"]["winner_side"].is_u64(), "the one who stayed wins the forfeit");
}

/// The signaling server going away mid-match, at a moment when a player is silent (its
/// machine busy for a moment, a phone's tab throttled), rules nobody gone: as it stops, the
/// server tells each player that the others left, but the players' own connections carry
/// the match on. The silent one may be waited for; the match plays on to its end on one
/// hash, with no forfeit.
#[test]
fn a_signaling_server_gone_mid_match_while_a_player_is_silent_forfeits_nobody() {
    let test = "a_signaling_server_gone_mid_match_while_a_player_is_silent_forfeits_nobody";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let addr = url.trim_start_matches("ws://").to_string();
    let dir = diagnostics_dir(test);
    let slow: &[&str] = &["--speed", "30"];
    let game = (url.as_str(), "0123456789ABS", 2, "disc_pool");
    let peers = [heard_peer("first", game, &dir, slow), heard_peer("second", game, &dir, slow)];
    for (_, heard) in &peers {
        until_stroke(heard, 2, Duration::from_secs(180));
    }
    let silent = peers[1].0.id().to_string();
    signal("-STOP", &silent);
    let paused = Instant::now();
    let _ = stop.send(());
    // The server is gone (its port refuses) while the player is still silent.
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(&addr).is_ok() {
        assert!(Instant::now() < deadline, "the signaling server did not stop");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Silent for a second or two in all (the server waits up to 2 s for the frozen peer to
    // read its goodbye): longer than GGRS waits before it says a player is interrupted
    // (0.75 s), far shorter than the grace period.
    std::thread::sleep(Duration::from_millis(1_200).saturating_sub(paused.elapsed()));
    signal("-CONT", &silent);
    finished_on_one_hash(peers);
}

/// Sends `signal` (`-STOP`, `-CONT`) to process `pid`.
fn signal(signal: &str, pid: &str) {
    let sent = Command::new("kill").args([signal, pid]).status();
    assert!(sent.is_ok_and(|s| s.success()), "kill {signal} {pid}");
}

/// Waits for `peers`, asserts each finished the match (no forfeit) on one hash; their
/// reports.
fn finished_on_one_hash<const N: usize>(peers: [(Child, mpsc::Receiver<String>); N]) -> Vec<Value> {
    let reports: Vec<Value> = peers
        .into_iter()
        .map(|(child, _)| {
            let (code, report) = finish(child, Duration::from_secs(420));
            eprintln!("{report}");
            assert_eq!(code, 0, "the peer finished the match without the server: {report}");
            assert_eq!(report["result"]["ending"], "finished", "no forfeit: {report}");
            report
        })
        .collect();
    assert_eq!(reports[0]["hash"], reports[1]["hash"], "one end state");
    reports
}

#[test]
fn ck_15_two_headless_draughts_peers_finish_a_game_on_one_hash() {
    let test = "ck_15_two_headless_draughts_peers_finish_a_game_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let dir = diagnostics_dir(test);
    let peers: Vec<Child> = ["easy", "medium"]
        .iter()
        .map(|level| {
            Command::new(env!("CARGO_BIN_EXE_carrom"))
                .args(["peer", "--signaling", &url, "--room", "0123456789AB2", "--players", "2"])
                .args(["--draughts", level, "--speed", "0", "--connect-timeout", "60"])
                .args(["--match-timeout", "300", "--diagnostics"])
                .arg(&dir)
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .unwrap()
        })
        .collect();
    let reports = finish_all(peers, Duration::from_secs(320));
    let _ = stop.send(());
    for report in &reports {
        eprintln!("{report}");
        assert_eq!(report["result"]["ending"], "finished");
        assert_eq!(report["hash"], reports[0]["hash"], "every peer ends on the same state");
        assert_eq!(report["table"], reports[0]["table"], "and the same position");
        assert_eq!(report["result"]["scores"], reports[0]["result"]["scores"]);
        assert_eq!(report["result"]["winner_side"], reports[0]["result"]["winner_side"]);
    }
    let captured: i64 = reports[0]["result"]["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .sum();
    assert!(captured > 0, "pieces were taken in the game");
}

#[test]
fn a_peer_gone_before_the_first_frame_is_said_not_waited_for() {
    let test = "a_peer_gone_before_the_first_frame_is_said_not_waited_for";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let dir = diagnostics_dir(test);
    let game = (url.as_str(), "0123456789ABF", 2, "freestyle");
    let (waiting, heard) = heard_peer("waiting", game, &dir, &[]);
    // Every GGRS datagram it sends is dropped: the session never leaves synchronising,
    // though the hellos (on their own reliable channel) went through.
    let mut mute = peer(&url, "0123456789ABF", 2, "freestyle", &dir, &["--impair-loss", "100"]);
    wait_for(&heard, Duration::from_secs(120), |l| l.ends_with("every player is here"));
    mute.kill().unwrap();
    let _ = mute.wait();
    // Well inside its 120 s connect timeout: it was told, not left to time out.
    let (code, report) = finish(waiting, Duration::from_secs(60));
    let _ = stop.send(());
    assert_eq!(code, 1, "a runtime failure, said: {report}");
}

#[test]
fn on_a_machine_with_only_loopback_webrtc_says_why_it_cannot_start() {
    let test = "on_a_machine_with_only_loopback_webrtc_says_why_it_cannot_start";
    if !isolated(module_path!(), test) {
        return;
    }
    // No route but loopback's own: matchbox 0.15 panics making the peer connection.
    let dropped = Command::new("ip").args(["route", "del", "224.0.0.0/4", "dev", "lo"]).status();
    assert!(dropped.is_ok_and(|s| s.success()), "the multicast route could not be removed");
    let (url, stop) = signaling();
    let dir = diagnostics_dir(test);
    // Each peer's words are read as they come, so neither ever waits on a full pipe.
    let (mut children, readers): (Vec<Child>, Vec<_>) = (0..2)
        .map(|_| {
            let mut child = command(&url, "0123456789ABG", 2, "freestyle", &dir, &[])
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let mut stderr = child.stderr.take().unwrap();
            let reader = std::thread::spawn(move || {
                let mut said = String::new();
                let _ = std::io::Read::read_to_string(&mut stderr, &mut said);
                said
            });
            (child, reader)
        })
        .unzip();
    // The peer that makes the connection fails at once. The other either hears that its
    // opponent left before the first frame (and says so), or would wait its whole connect
    // timeout; whichever ends first, the other gets a few seconds more, then is stopped.
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut ended: Vec<Option<i32>> = vec![None; 2];
    let mut grace: Option<Instant> = None;
    while ended.iter().any(Option::is_none) {
        for (i, child) in children.iter_mut().enumerate() {
            if ended[i].is_none()
                && let Some(status) = child.try_wait().ok().flatten()
            {
                ended[i] = Some(status.code().unwrap_or(-1));
                grace.get_or_insert(Instant::now() + Duration::from_secs(10));
            }
        }
        if grace.is_some_and(|g| Instant::now() > g) {
            break;
        }
        assert!(Instant::now() < deadline, "neither peer said anything within 60 s");
        std::thread::sleep(Duration::from_millis(100));
    }
    for child in &mut children {
        let _ = child.kill();
        let _ = child.wait();
    }
    let _ = stop.send(());
    let words: Vec<String> = readers.into_iter().map(|r| r.join().unwrap()).collect();
    for (code, said) in ended.iter().zip(&words) {
        eprintln!("exit {code:?}: {said}");
    }
    let told = (0..2).find(|&i| words[i].contains("WebRTC could not start on this machine"));
    let Some(told) = told else { panic!("no peer said why: {words:#?}") };
    assert_eq!(ended[told], Some(1), "no match could be played");
    let said = words.join("\n");
    assert!(!said.contains("signaling server ended"), "the server is not to blame: {said}");
}
