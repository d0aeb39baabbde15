//! The `carrom` binary's headless commands: the README example works, bad input gets a
//! clear message and a non-zero exit, never a panic.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn carrom(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn simulate_plays_the_readme_example() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/readme-example.json");
    let out = carrom(&["simulate", example], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let line: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(line["stroke"], 0);
    assert_eq!(line["report"]["first_contact"], "queen");
    assert_eq!(line["report"]["striker_touched"], true);
    assert_eq!(line["pieces"].as_array().unwrap().len(), 2);
    assert_eq!(line["pieces"][0]["kind"], "white");
    assert_eq!(line["hash"].as_str().unwrap().len(), 16);
    let keys: Vec<&String> = line.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["stroke", "report", "pieces", "hash"]);
}

#[test]
fn simulate_reports_an_illegal_stroke_as_an_error_line_and_goes_on() {
    let scenario = r#"{"strokes": [
        {"seat": 0, "placement": 19.0, "angle": 90, "power": 1},
        {"seat": 0, "placement": 0, "angle": 270, "power": 1},
        {"seat": 0, "placement": 0, "angle": 90, "power": 1}]}"#;
    let out = carrom(&["simulate", "-"], scenario);
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0]["error"].as_str().unwrap().contains("CM-4"));
    assert!(lines[1]["error"].as_str().unwrap().contains("CM-5"));
    assert!(lines[2]["hash"].is_string());
}

#[test]
fn bad_scenario_files_get_a_message_naming_the_problem() {
    let cases = [
        ("not json", "line 1"),
        (
            r#"{"strokes": [{"seat": 0, "placement": 0, "angle": 90, "power": 1, "spin": 3}]}"#,
            "spin",
        ),
        (r#"{"preset": "huge", "strokes": []}"#, "preset"),
        (r#"{"pieces": [{"kind": "red", "x": 0, "y": 0}], "strokes": []}"#, "pieces[0].kind"),
        (r#"{"pieces": [{"kind": "white", "x": 36, "y": 0}], "strokes": []}"#, "pieces[0]"),
        (r#"{"pieces": [{"kind": "white", "x": 34.6, "y": 34.6}], "strokes": []}"#, "pocket"),
        (
            r#"{"pieces": [{"kind": "white", "x": 0, "y": 0}, {"kind": "black", "x": 1, "y": 1}], "strokes": []}"#,
            "overlap",
        ),
        (
            r#"{"strokes": [{"seat": 9, "placement": 0, "angle": 90, "power": 1}]}"#,
            "strokes[0].seat",
        ),
        (r#"{"strokes": [{"placement": 0, "angle": 90}]}"#, "power"),
        (r#"{"strokes": [{"placement": 0, "angle": 1e999, "power": 1}]}"#, "line 1"),
    ];
    for (input, needle) in cases {
        let out = carrom(&["simulate", "-"], input);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{input}: {err}");
        assert!(err.contains(needle), "{input}: expected {needle:?} in {err:?}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_missing_file_is_reported() {
    let out = carrom(&["simulate", "/nonexistent/scenario.json"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read"));
}

#[test]
fn unknown_arguments_are_refused_with_usage() {
    let out = carrom(&["simulate"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("Usage"));
}

#[test]
fn referee_adjudicates_the_readme_example() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/referee-example.json");
    let out = carrom(&["referee", example], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 7);
    let keys: Vec<&String> = lines[0].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["stroke", "shooter", "report", "ruling", "colours", "board_over", "match_over", "hash"]
    );
    assert_eq!(lines[0]["colours"], serde_json::json!(["white", "black"]));
    assert_eq!(lines[2]["ruling"]["queen"], "pending");
    assert_eq!(lines[3]["ruling"]["queen"], "covered");
    assert_eq!(lines[3]["ruling"]["queen_side"], 1);
    assert_eq!(lines[5]["ruling"]["returned"], serde_json::json!(["white"]), "the due is paid");
    assert_eq!(lines[5]["ruling"]["dues"], serde_json::json!([0, 0]));
    assert_eq!(lines[6]["error"], "it is seat 0's turn");
}

#[test]
fn referee_reports_impossible_facts_as_an_error_line() {
    let scenario = r#"{"variant": "freestyle", "players": 2, "pieces": [{"kind": "white", "x": 0, "y": 0}],
        "strokes": [{"facts": {"pocketed": ["black"]}}, {"facts": {"pocketed": ["white"]}}]}"#;
    let out = carrom(&["referee", "-"], scenario);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(lines[0]["error"].as_str().unwrap().contains("no black piece"));
    assert_eq!(lines[1]["shooter"], 2, "seed 0 lets seat 2 break");
    assert_eq!(lines[1]["match_over"]["winner"], 1, "the board is cleared: highest score wins");
    assert_eq!(lines[1]["ruling"]["scores"], serde_json::json!([0, 20]));
    assert_eq!(lines[1]["ruling"]["queen"], serde_json::Value::Null, "no queen on this table");
}

#[test]
fn bad_match_scenarios_get_a_message_naming_the_problem() {
    let cases = [
        (r#"{"variant": "snooker", "players": 2, "strokes": []}"#, "variant"),
        (r#"{"variant": "classic", "players": 5, "strokes": []}"#, "players"),
        (r#"{"variant": "disc_pool", "players": 3, "strokes": []}"#, "disc_pool is for 2 or 4"),
        (r#"{"variant": "classic", "strokes": []}"#, "players"),
        (
            r#"{"variant": "classic", "players": 2, "strokes": [{"facts": {"pocketed": ["red"]}}]}"#,
            "strokes[0].facts.pocketed",
        ),
        (
            r#"{"variant": "classic", "players": 2, "strokes": [{"facts": {"pocketed": ["striker"]}}]}"#,
            "strokes[0].facts.pocketed",
        ),
        (
            r#"{"variant": "classic", "players": 2, "strokes": [{"facts": {}, "power": 1}]}"#,
            "not both",
        ),
        (
            r#"{"variant": "classic", "players": 2, "strokes": [{"placement": 0, "angle": 90}]}"#,
            "strokes[0]",
        ),
        (r#"{"variant": "classic", "players": 2, "seed": -1, "strokes": []}"#, "line 1"),
    ];
    for (input, needle) in cases {
        let out = carrom(&["referee", "-"], input);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{input}: {err}");
        assert!(err.contains(needle), "{input}: expected {needle:?} in {err:?}");
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn draughts_perft_counts_and_divides() {
    let out = carrom(&["draughts", "perft", "--depth", "4"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "1469");
    let out = carrom(&["checkers", "perft", "--depth", "4"], "");
    assert_eq!(text(&out.stdout).trim(), "1469", "`carrom draughts` is still understood");
    let out = carrom(&["draughts", "perft", "--depth", "2", "--divide"], "");
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 8, "seven root moves and the total");
    assert!(lines.contains(&"11-15 7".to_owned()));
    assert_eq!(lines.last().unwrap(), "49");
    let ring = "B:W14,15,22,23:BK10";
    let count = |extra: &[&str]| {
        let mut args = vec!["draughts", "perft", "--fen", ring, "--depth", "1"];
        args.extend_from_slice(extra);
        text(&carrom(&args, "").stdout).trim().to_owned()
    };
    assert_eq!((count(&[]), count(&["--all-paths"])), ("1".to_owned(), "2".to_owned()));
}

#[test]
fn draughts_play_reports_the_match_as_one_json_line() {
    let out = carrom(
        &[
            "draughts", "play", "--white", "medium", "--black", "easy", "--games", "2", "--seed",
            "3",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let last: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(last["games"], 2);
    let total = ["white_wins", "black_wins", "draws"]
        .iter()
        .map(|k| last[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(total, 2);
}

#[test]
fn draughts_analyse_finds_the_planted_blunder_and_counts_the_verdicts() {
    let game = "[FEN \"B:W23,27,30:B1,2,14\"]\n1. 2-6 30-26 2. 14-18 23x14 *\n";
    let out = carrom(&["draughts", "analyse", "-", "--nodes", "20000"], game);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "four moves and the counts: {stdout}");
    assert!(lines[2].starts_with("2. 14-18 blunder (best "), "{stdout}");
    let counts: serde_json::Value = serde_json::from_str(lines[4]).unwrap();
    assert_eq!((counts["moves"].as_u64(), counts["blunders"].as_u64()), (Some(4), Some(1)));
    let out = carrom(&["draughts", "analyse", "-"], "1. 11-15 12-16 *");
    assert_eq!(out.status.code(), Some(2), "Red cannot play 12-16");
    assert!(text(&out.stderr).contains("12-16"), "{}", text(&out.stderr));
    let out = carrom(&["draughts", "analyse", "/no/such/game.pdn"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/no/such/game.pdn"));
    let huge = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("huge.pdn");
    std::fs::write(&huge, " ".repeat(1 << 21)).unwrap();
    let out = carrom(&["draughts", "analyse", huge.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("longer than"), "{}", text(&out.stderr));
}

#[test]
fn draughts_commands_refuse_bad_arguments() {
    let out = carrom(&["draughts", "perft", "--fen", "B:W40:B1", "--depth", "2"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("40"));
    let out = carrom(&["draughts", "play", "--white", "grandmaster", "--black", "easy"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("grandmaster"));
    let out = carrom(&["draughts", "perft"], "");
    assert_eq!(out.status.code(), Some(2), "--depth is required");
}

#[cfg(feature = "client")]
#[test]
fn a_peer_with_no_signaling_server_says_so_and_exits_1() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let server = format!("ws://127.0.0.1:{port}");
    let args = ["peer", "--signaling", &server, "--room", "0123456789ABC", "--players", "2"];
    let out =
        carrom(&[&args[..], &["--variant", "freestyle", "--connect-timeout", "20"]].concat(), "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("signaling server"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[cfg(feature = "client")]
#[test]
fn a_peer_refuses_a_bad_room_code_with_exit_2() {
    let args =
        ["peer", "--signaling", "ws://127.0.0.1:9", "--room", "NOT-A-CODE", "--players", "2"];
    let out = carrom(&[&args[..], &["--variant", "freestyle"]].concat(), "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("invite code"));
}

#[cfg(feature = "client")]
#[test]
fn the_link_handler_is_a_desktop_entry_for_carrom_links() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("link-handler");
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["install-link-handler", "--applications"])
        .arg(&dir)
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let entry = std::fs::read_to_string(dir.join("carrom.desktop")).unwrap();
    assert!(entry.contains("MimeType=x-scheme-handler/carrom;"), "{entry}");
    let exec = entry.lines().find(|l| l.starts_with("Exec=")).unwrap();
    assert!(exec.ends_with(" --join %u"), "{exec}");
    assert!(text(&out.stdout).contains("xdg-mime"), "says how to finish without xdg-mime");
}

/// A record of a bot match of `strokes` strokes (random legal strokes, committed at once).
fn bot_record(strokes: u16) -> carrom::record::MatchRecord {
    use carrom::game::{Input, Match, Phase, advance};
    let s = carrom::rules::Settings::new(
        carrom::rules::Variant::Freestyle,
        2,
        carrom::sim::PresetId::Standard,
        0,
        17,
    )
    .unwrap();
    let mut m = Match::new(s);
    let mut frames = Vec::new();
    while m.next_stroke() <= strokes && m.phase() != Phase::MatchOver && frames.len() < 100_000 {
        let mut inputs = vec![Input::ZERO; 2];
        if m.phase() == Phase::Aim {
            let shooter = m.settings().player_at(m.shooter()).unwrap();
            inputs[shooter] = Input::commit(m.next_stroke(), carrom::bot::random_stroke(&m, 3));
        }
        advance(&mut m, &inputs);
        frames.push(inputs);
    }
    let log = carrom::record::CarromLog::of(&s, &frames);
    let game = carrom::record::GameLog::Carrom(log);
    carrom::record::MatchRecord::new(0, "vs_bot", vec!["A".into(), "B".into()], game)
}

#[test]
fn replay_verifies_a_match_record_and_finds_a_tampered_stroke() {
    let dir = std::env::temp_dir().join(format!("carrom-cli-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = bot_record(40);
    let file = dir.join("match.json");
    let bytes = serde_json::to_vec(&record).unwrap();
    println!("a record of 40 bot strokes: {} bytes", bytes.len());
    std::fs::write(&file, &bytes).unwrap();
    let out = carrom(&["replay", file.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(line["boundaries"], line["checked"]);
    assert_eq!(line["first_difference"], serde_json::Value::Null);
    assert_eq!(line["game"], "freestyle");

    let mut tampered = record.clone();
    let carrom::record::GameLog::Carrom(log) = &mut tampered.game else { unreachable!() };
    log.boundaries[5].1 = "0000000000000000".into();
    std::fs::write(&file, serde_json::to_vec(&tampered).unwrap()).unwrap();
    let out = carrom(&["replay", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(4), "a difference exits 4");
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(line["first_difference"]["boundary"], 5);
    assert_eq!(line["checked"], 5);

    let mut other = record;
    other.sim_version += 1;
    std::fs::write(&file, serde_json::to_vec(&other).unwrap()).unwrap();
    let out = carrom(&["replay", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("simulation version"), "{}", text(&out.stderr));
    std::fs::write(&file, "{\"started\": 1}").unwrap();
    let out = carrom(&["replay", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not a match record"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "client")]
#[test]
fn replay_re_runs_a_desync_record_frame_by_frame_and_names_the_frame_that_differs() {
    use carrom::game::{Input, Match, Phase, advance};
    use carrom::net::diagnostics::{DesyncRecord, Found, FrameLog};
    use carrom::net::watch::Watched;
    use carrom::rules::{Settings, Variant};
    use carrom::sim::PresetId;
    let dir = std::env::temp_dir().join(format!("carrom-cli-desync-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let s = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 30, 11).unwrap();
    let mut m = Match::new(s);
    let mut frames = FrameLog::default();
    for frame in 0..900 {
        let mut inputs = vec![Input::ZERO; 2];
        if m.phase() == Phase::Aim {
            let shooter = s.player_at(m.shooter()).unwrap();
            inputs[shooter] = Input::commit(m.next_stroke(), carrom::bot::random_stroke(&m, 5));
        }
        frames.record(frame, m.hash(), &inputs);
        advance(&mut m, &inputs);
    }
    let found = Found { frame: 850, local: 1, remote: 2, confirmed: 840 };
    let names = vec!["A".into(), "B".into()];
    let record =
        DesyncRecord::of(Watched::Carrom(Match::new(s)), &frames, names, "online", 5, found);
    assert_eq!(record.file_name("peer"), "desync-peer-frame-850.json");
    let file = dir.join(record.file_name("peer"));
    std::fs::write(&file, serde_json::to_string_pretty(&record).unwrap()).unwrap();
    println!("a desync record of 900 frames: {} bytes", std::fs::metadata(&file).unwrap().len());
    let out = carrom(&["replay", file.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(line["frames"], 900);
    assert_eq!(line["desync_frame"], 850);
    assert_eq!(line["first_difference"], serde_json::Value::Null);
    assert_eq!((line["game"].as_str(), line["mode"].as_str()), (Some("freestyle"), Some("online")));

    let mut tampered = record;
    tampered.desync.checksums[600] = "0000000000000000".into();
    std::fs::write(&file, serde_json::to_vec(&tampered).unwrap()).unwrap();
    let out = carrom(&["replay", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(4), "a difference exits 4");
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(line["first_difference"]["frame"], 600);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_claiming_billions_of_frames_is_refused_at_once_with_exit_2() {
    let dir = std::env::temp_dir().join(format!("carrom-cli-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut record = bot_record(6);
    let carrom::record::GameLog::Carrom(log) = &mut record.game else { unreachable!() };
    log.frames = u32::MAX;
    let mut desync = serde_json::to_value(&record).unwrap();
    desync["desync"] = serde_json::json!({ "frame": 5, "local_checksum": "0",
        "remote_checksum": "0", "confirmed": 0, "checksums": [] });
    let kinds: [(&str, serde_json::Value); 2] =
        [("match.json", serde_json::to_value(&record).unwrap()), ("desync.json", desync.take())];
    for (name, value) in kinds {
        if name == "desync.json" && !cfg!(feature = "client") {
            continue;
        }
        let file = dir.join(name);
        std::fs::write(&file, serde_json::to_vec(&value).unwrap()).unwrap();
        let started = std::time::Instant::now();
        let out = carrom(&["replay", file.to_str().unwrap()], "");
        let took = started.elapsed();
        println!("{name}: refused in {took:?}");
        assert_eq!(out.status.code(), Some(2), "{name}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("4294967295 frames"), "{}", text(&out.stderr));
        assert!(took.as_secs() < 10, "{name} was simulated before it was refused");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
