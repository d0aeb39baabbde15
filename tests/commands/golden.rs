//! Golden scenarios: recorded strokes → state hashes, checked in. A physics change that
//! moves a hash is deliberate and bumps `SIM_VERSION` (see scripts/bless-golden.sh).

use carrom::scenario::{MatchScenario, Scenario, referee, simulate};
use carrom::sim::SIM_VERSION;
use serde_json::Value;
use std::path::Path;

fn golden_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden"))
}

/// The JSON files in `dir` (relative to tests/golden), sorted, as (name, text).
fn files(dir: &str) -> Vec<(String, String)> {
    let mut paths: Vec<_> = std::fs::read_dir(golden_dir().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let name = p.strip_prefix(golden_dir()).unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

fn lines_of(name: &str, outputs: Vec<Value>) -> impl Iterator<Item = String> + '_ {
    outputs.into_iter().enumerate().map(move |(n, out)| {
        let outcome = out.get("hash").and_then(|h| h.as_str()).unwrap_or("error").to_owned();
        format!("{name} {n} {outcome}")
    })
}

/// The hash list the library produces, in the format of `hashes.txt`.
fn computed() -> Vec<String> {
    let mut lines = Vec::new();
    for (name, text) in files(".") {
        lines.extend(lines_of(&name, simulate(&Scenario::parse(&text).unwrap())));
    }
    for (name, text) in files("matches") {
        lines.extend(lines_of(&name, referee(&MatchScenario::parse(&text).unwrap())));
    }
    lines
}

#[test]
fn golden_scenarios_reproduce_their_checked_in_hashes() {
    let text = std::fs::read_to_string(golden_dir().join("hashes.txt")).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(format!("# sim version {SIM_VERSION}").as_str()),
        "the golden hashes were recorded with another simulation version"
    );
    let expected: Vec<&str> = lines.collect();
    let actual = computed();
    assert!(expected.len() >= 20, "at least 20 golden strokes");
    for (e, a) in expected.iter().zip(&actual) {
        assert_eq!(e, a, "golden hash moved");
    }
    assert_eq!(expected.len(), actual.len());
    assert!(actual.iter().filter(|l| !l.ends_with("error")).count() >= 20);
}

#[test]
fn golden_matches_are_whole_matches_of_every_variant() {
    for (name, text) in files("matches") {
        let outputs = referee(&MatchScenario::parse(&text).unwrap());
        assert!(outputs.iter().all(|o| o.get("error").is_none()), "{name}: every stroke plays");
        let last = outputs.last().unwrap();
        assert!(last["match_over"].is_object(), "{name} ends the match");
    }
    let variants: Vec<String> = files("matches").into_iter().map(|(n, _)| n).collect();
    for v in ["classic", "disc_pool", "freestyle"] {
        assert!(variants.iter().any(|n| n.contains(v)), "a golden match of {v}");
    }
}
