//! The scenario file: its JSON shape and its validation, with errors that name the field.

use super::units;
use crate::sim::{Kind, PresetId, Seat, Stroke, StrokeError, Table, V2};
use serde::Deserialize;
use std::fmt;

/// A scenario file that could not be used, naming what is wrong and where.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioError(pub String);

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ScenarioError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    #[serde(default)]
    preset: Option<String>,
    #[serde(default)]
    pieces: Option<Vec<RawPiece>>,
    strokes: Vec<RawStroke>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPiece {
    kind: String,
    x: f64,
    y: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStroke {
    #[serde(default)]
    seat: Option<u8>,
    placement: f64,
    angle: f64,
    power: f64,
}

/// One stroke as the file gives it, already in simulation units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScenarioStroke {
    /// Who shoots (0 when the file leaves it out).
    pub seat: Seat,
    /// The stroke, or why it cannot be played (power outside 0–1).
    pub stroke: Result<Stroke, StrokeError>,
}

/// A validated scenario: the starting table and the strokes to play.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The table before the first stroke.
    pub table: Table,
    /// The strokes, in order.
    pub strokes: Vec<ScenarioStroke>,
}

impl Scenario {
    /// Parses and validates a scenario file's text.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        let raw: RawScenario = serde_json::from_str(text)
            .map_err(|e| ScenarioError(format!("not a valid scenario: {e}")))?;
        let preset = preset(raw.preset.as_deref())?;
        let table = match raw.pieces {
            None => Table::racked(preset, true),
            Some(pieces) => layout(preset, &pieces)?,
        };
        let strokes =
            raw.strokes.iter().enumerate().map(|(i, s)| stroke(i, s)).collect::<Result<_, _>>()?;
        Ok(Scenario { table, strokes })
    }
}

/// The board named in a file (`standard` when left out).
pub(super) fn preset(name: Option<&str>) -> Result<PresetId, ScenarioError> {
    match name {
        None => Ok(PresetId::Standard),
        Some(name) => PresetId::from_name(name).ok_or_else(|| {
            ScenarioError(format!("preset: unknown board {name:?} (use \"standard\" or \"icf\")"))
        }),
    }
}

/// A file's `pieces` laid out on a table.
pub(super) fn layout(preset: PresetId, pieces: &[RawPiece]) -> Result<Table, ScenarioError> {
    let mut placed = Vec::with_capacity(pieces.len());
    for (i, piece) in pieces.iter().enumerate() {
        let kind = match Kind::from_name(&piece.kind) {
            Some(Kind::Striker) | None => {
                return Err(ScenarioError(format!(
                    "pieces[{i}].kind: {:?} is not a piece (use \"white\", \"black\" or \"queen\")",
                    piece.kind
                )));
            }
            Some(kind) => kind,
        };
        let pos = units::point(piece.x, piece.y).ok_or_else(|| {
            ScenarioError(format!("pieces[{i}]: x and y must be within the board"))
        })?;
        placed.push((kind, pos));
    }
    Table::with_pieces(preset, &placed).map_err(|e| ScenarioError(e.to_string()))
}

fn stroke(i: usize, raw: &RawStroke) -> Result<ScenarioStroke, ScenarioError> {
    let seat = check_seat(i, raw.seat.unwrap_or(0))?;
    Ok(ScenarioStroke { seat, stroke: to_stroke(raw.placement, raw.angle, raw.power) })
}

/// A stroke's seat, checked.
pub(super) fn check_seat(i: usize, seat: u8) -> Result<Seat, ScenarioError> {
    if seat > 3 {
        return Err(ScenarioError(format!("strokes[{i}].seat: {seat} is not a seat (0–3)")));
    }
    Ok(Seat(seat))
}

/// A stroke from the file's units (cm, degrees, 0–1), or why it cannot be played.
pub(super) fn to_stroke(placement: f64, angle: f64, power: f64) -> Result<Stroke, StrokeError> {
    units::power(power)
        .map(|power| Stroke {
            placement: units::placement(placement),
            angle: units::angle(angle),
            power,
        })
        .ok_or(StrokeError::PowerTooHigh)
}

/// The pieces of a table as (kind, centre) in slot order, for output.
pub fn pieces_of(table: &Table) -> impl Iterator<Item = (Kind, V2, bool)> + '_ {
    table.bodies()[1..].iter().map(|b| (b.kind(), b.pos, b.is_on_board()))
}
