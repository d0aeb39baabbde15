//! `carrom referee SCENARIO.json`: a match scenario — variant, players, seed, shot clock,
//! and strokes that are either physical shots or the facts of a stroke — adjudicated
//! stroke by stroke through the real game step.

use super::file::{RawPiece, ScenarioError, check_seat, layout, preset, to_stroke};
use super::simulate::{hash_hex_of, report_json};
use crate::game::{Input, Match, Phase, advance};
use crate::rules::{DEFAULT_SHOT_CLOCK, Facts, NO_SIDE, Queen, Ruling, Settings, Variant};
use crate::sim::{Kind, Seat, Stroke, StrokeError, Table};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMatch {
    variant: String,
    players: u8,
    #[serde(default)]
    seed: u64,
    #[serde(default = "default_clock")]
    shot_clock: u16,
    #[serde(default)]
    preset: Option<String>,
    #[serde(default)]
    pieces: Option<Vec<RawPiece>>,
    strokes: Vec<RawEntry>,
}

fn default_clock() -> u16 {
    DEFAULT_SHOT_CLOCK
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    placement: Option<f64>,
    #[serde(default)]
    angle: Option<f64>,
    #[serde(default)]
    power: Option<f64>,
    #[serde(default)]
    facts: Option<RawFacts>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFacts {
    #[serde(default)]
    pocketed: Vec<String>,
    #[serde(default = "yes")]
    striker_touched: bool,
    #[serde(default)]
    striker_pocketed: bool,
    #[serde(default)]
    left_board: Vec<String>,
}

fn yes() -> bool {
    true
}

/// One entry of a match scenario.
#[derive(Debug, Clone)]
pub enum Entry {
    /// A physical shot by `seat` (the current shooter when `None`).
    Shot {
        /// Who shoots, if the file says.
        seat: Option<Seat>,
        /// The stroke, or why it cannot be played.
        stroke: Result<Stroke, StrokeError>,
    },
    /// A stroke's outcome, given directly.
    Facts {
        /// Who shoots, if the file says.
        seat: Option<Seat>,
        /// Kinds pocketed, in order.
        pocketed: Vec<Kind>,
        /// Kinds that left the board (`Striker` included).
        left_board: Vec<Kind>,
        /// Whether the striker touched a piece.
        striker_touched: bool,
        /// Whether the striker was pocketed.
        striker_pocketed: bool,
    },
}

/// A validated match scenario.
#[derive(Debug, Clone)]
pub struct MatchScenario {
    /// The match before the first stroke.
    pub start: Match,
    /// The strokes, in order.
    pub entries: Vec<Entry>,
}

impl MatchScenario {
    /// Parses and validates a match scenario's text.
    pub fn parse(text: &str) -> Result<MatchScenario, ScenarioError> {
        let raw: RawMatch = serde_json::from_str(text)
            .map_err(|e| ScenarioError(format!("not a valid match scenario: {e}")))?;
        let variant = Variant::from_name(&raw.variant).ok_or_else(|| {
            ScenarioError(format!(
                "variant: unknown {:?} (use \"classic\", \"disc_pool\" or \"freestyle\")",
                raw.variant
            ))
        })?;
        let preset = preset(raw.preset.as_deref())?;
        let settings = Settings::new(variant, raw.players, preset, raw.shot_clock, raw.seed)
            .map_err(|e| ScenarioError(format!("players: {e}")))?;
        let table = match raw.pieces {
            None => Table::racked(preset, variant.has_queen()),
            Some(pieces) => layout(preset, &pieces)?,
        };
        let entries =
            raw.strokes.iter().enumerate().map(|(i, e)| entry(i, e)).collect::<Result<_, _>>()?;
        Ok(MatchScenario { start: Match::with_table(settings, table), entries })
    }
}

fn entry(i: usize, raw: &RawEntry) -> Result<Entry, ScenarioError> {
    let seat = raw.seat.map(|s| check_seat(i, s)).transpose()?;
    let shot = (raw.placement, raw.angle, raw.power);
    match (&raw.facts, shot) {
        (Some(facts), (None, None, None)) => {
            let kinds = |names: &[String], field: &str, striker_ok: bool| {
                names
                    .iter()
                    .map(|n| match Kind::from_name(n) {
                        Some(Kind::Striker) if !striker_ok => None,
                        k => k,
                    })
                    .collect::<Option<Vec<Kind>>>()
                    .ok_or_else(|| {
                        ScenarioError(format!("strokes[{i}].facts.{field}: unknown piece kind"))
                    })
            };
            Ok(Entry::Facts {
                seat,
                pocketed: kinds(&facts.pocketed, "pocketed", false)?,
                left_board: kinds(&facts.left_board, "left_board", true)?,
                striker_touched: facts.striker_touched,
                striker_pocketed: facts.striker_pocketed,
            })
        }
        (None, (Some(placement), Some(angle), Some(power))) => {
            Ok(Entry::Shot { seat, stroke: to_stroke(placement, angle, power) })
        }
        (Some(_), _) => Err(ScenarioError(format!(
            "strokes[{i}]: either a shot (placement, angle, power) or facts, not both"
        ))),
        (None, _) => Err(ScenarioError(format!(
            "strokes[{i}]: a shot needs placement, angle and power (or give facts)"
        ))),
    }
}

/// Plays every entry and returns one JSON value per stroke.
pub fn referee(scenario: &MatchScenario) -> Vec<Value> {
    let mut m = scenario.start;
    scenario.entries.iter().enumerate().map(|(n, e)| play(&mut m, n, e)).collect()
}

fn play(m: &mut Match, n: usize, entry: &Entry) -> Value {
    // A board that has just ended: run its countdown to the next rack.
    for _ in 0..crate::game::BOARD_OVER_FRAMES {
        if m.phase() != Phase::BoardOver {
            break;
        }
        advance(m, &[Input::ZERO; 4]);
    }
    if m.phase() == Phase::MatchOver {
        return json!({"stroke": n, "error": "the match is over"});
    }
    let shooter = m.shooter();
    let seat = match entry {
        Entry::Shot { seat, .. } | Entry::Facts { seat, .. } => *seat,
    };
    if seat.is_some_and(|s| s != shooter) {
        return json!({"stroke": n, "error": format!("it is seat {}'s turn", shooter.0)});
    }
    let report = match entry {
        Entry::Shot { stroke, .. } => match shoot(m, *stroke) {
            Ok(report) => report,
            Err(e) => return json!({"stroke": n, "error": e.to_string()}),
        },
        Entry::Facts { pocketed, left_board, striker_touched, striker_pocketed, .. } => {
            let facts = match Facts::of_kinds(
                m.table(),
                pocketed,
                left_board,
                *striker_touched,
                *striker_pocketed,
            ) {
                Ok(f) => f,
                Err(e) => return json!({"stroke": n, "error": e.to_string()}),
            };
            m.adjudicate(&facts);
            let names = |k: &[Kind]| k.iter().map(|k| k.name()).collect::<Vec<_>>();
            json!({
                "pocketed": names(pocketed),
                "striker_touched": striker_touched,
                "striker_pocketed": striker_pocketed,
                "left_board": names(left_board),
            })
        }
    };
    ruling_json(m, n, shooter, report)
}

/// Plays a physical shot through the game step; returns its report as JSON.
fn shoot(m: &mut Match, stroke: Result<Stroke, StrokeError>) -> Result<Value, StrokeError> {
    let stroke = stroke?;
    let seat = m.shooter();
    m.table().check_stroke(seat, &stroke)?;
    let mut inputs = [Input::ZERO; 4];
    if let Some(player) = m.settings().player_at(seat) {
        inputs[player] = Input::commit(m.next_stroke(), stroke);
    }
    // The stroke ends within the simulation's hard cap; the ruling leaves the table's
    // report of it in place.
    for _ in 0..=crate::sim::STROKE_FRAME_CAP + 1 {
        advance(m, &inputs);
        if m.phase() != Phase::Motion {
            break;
        }
    }
    Ok(report_json(m.table(), m.table().report()))
}

fn ruling_json(m: &Match, n: usize, shooter: Seat, report: Value) -> Value {
    let s = m.settings();
    let state = m.standing();
    let r: &Ruling = m.last_ruling();
    let sides = s.sides();
    let side_or_null = |side: u8| if side == NO_SIDE { Value::Null } else { json!(side) };
    let kinds: Vec<&str> = r.returned().map(|b| m.table().bodies()[b].kind().name()).collect();
    let queen = match state.queen() {
        Queen::Absent => Value::Null,
        q => json!(q.name()),
    };
    let colours = if (0..sides).any(|side| state.colour(side).is_some()) {
        json!((0..sides).map(|side| state.colour(side).map(Kind::name)).collect::<Vec<_>>())
    } else {
        Value::Null
    };
    let board_over = (r.board_over != 0)
        .then(|| json!({"winner": side_or_null(r.board_winner), "points": r.board_points}));
    let match_over = (r.match_over != 0).then(
        || json!({"winner": side_or_null(r.match_winner), "draw": r.match_winner == NO_SIDE}),
    );
    json!({
        "stroke": n,
        "shooter": shooter.0,
        "report": report,
        "ruling": {
            "fouls": r.fouls().map(|f| f.rule()).collect::<Vec<_>>(),
            "returned": kinds,
            "dues": &state.dues[..sides],
            "queen": queen,
            "queen_side": side_or_null(state.queen_side),
            "turn_continues": r.turn_continues != 0,
            "next_shooter": r.next_shooter,
            "scores": &state.scores[..sides],
        },
        "colours": colours,
        "board_over": board_over,
        "match_over": match_over,
        "hash": hash_hex_of(m.hash()),
    })
}
