//! Golden scenarios: recorded strokes → state hashes, checked in. A physics change that
//! moves a hash is deliberate and bumps `SIM_VERSION` (see scripts/bless-golden.sh).

use carrom::scenario::{Scenario, simulate};
use carrom::sim::SIM_VERSION;
use std::path::Path;

fn golden_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden"))
}

/// The hash list the library produces, in the format of `hashes.txt`.
fn computed() -> Vec<String> {
    let mut files: Vec<_> = std::fs::read_dir(golden_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut lines = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let scenario = Scenario::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for (n, out) in simulate(&scenario).iter().enumerate() {
            let outcome = out.get("hash").and_then(|h| h.as_str()).unwrap_or("error");
            lines.push(format!("{name} {n} {outcome}"));
        }
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
