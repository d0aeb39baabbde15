//! `carrom simulate`: play a scenario's strokes one after another and describe each.

use super::file::{Scenario, pieces_of};
use super::units::to_cm;
use crate::sim::{Kind, STRIKER, StrokeReport, Table};
use serde_json::{Value, json};

/// Plays every stroke of `scenario` from where the previous one left the pieces and
/// returns one JSON value per stroke: its report, the pieces and the table hash, or an
/// error for a stroke that could not be played (the table is then left as it was).
pub fn simulate(scenario: &Scenario) -> Vec<Value> {
    let mut table = scenario.table;
    scenario
        .strokes
        .iter()
        .enumerate()
        .map(|(n, planned)| {
            let started = planned.stroke.and_then(|s| table.start_stroke(planned.seat, &s));
            match started {
                Err(e) => json!({"stroke": n, "error": e.to_string()}),
                Ok(()) => {
                    let report = table.run_to_rest();
                    json!({
                        "stroke": n,
                        "report": report_json(&table, &report),
                        "pieces": pieces_json(&table),
                        "hash": hash_hex(&table),
                    })
                }
            }
        })
        .collect()
}

/// The table hash as 16 lower-case hex digits.
pub fn hash_hex(table: &Table) -> String {
    hash_hex_of(table.hash())
}

/// A state hash as 16 lower-case hex digits.
pub fn hash_hex_of(hash: u64) -> String {
    format!("{hash:016x}")
}

/// A stroke report (CM-8) as JSON.
pub fn report_json(table: &Table, report: &StrokeReport) -> Value {
    let kind_of = |i: usize| table.bodies()[i].kind().name();
    let pocketed: Vec<Value> = report
        .pocketed()
        .iter()
        .filter(|p| p.body as usize != STRIKER)
        .map(|p| json!({"kind": kind_of(p.body as usize), "pocket": p.pocket}))
        .collect();
    let left: Vec<&str> =
        (0..table.bodies().len()).filter(|&i| report.body_left_board(i)).map(kind_of).collect();
    let first = report.striker_touched().then(|| kind_of(report.first_contact as usize));
    json!({
        "pocketed": pocketed,
        "striker_touched": report.striker_touched(),
        "first_contact": first,
        "striker_pocketed": report.striker_pocketed(),
        "left_board": left,
        "moved": report.pieces_moved(),
        "frames": report.frames,
    })
}

/// Every piece in slot order (input order) with where it is.
pub fn pieces_json(table: &Table) -> Vec<Value> {
    pieces_of(table)
        .map(|(kind, pos, on_board): (Kind, _, bool)| {
            json!({"kind": kind.name(), "x": to_cm(pos.x), "y": to_cm(pos.y), "on_board": on_board})
        })
        .collect()
}
