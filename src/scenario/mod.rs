//! The headless commands' file formats (`carrom simulate`, `carrom referee`): JSON in, JSON lines out.
//! This is the edge where floats become the simulation's integers; nothing here is
//! simulation state.
//!
//! Both commands build and run without the `client` feature
//! (`cargo run --no-default-features -- simulate FILE`), read `-` as standard input, and
//! give a bad file a message naming the field, line or piece on standard error, with exit
//! code 2 as for bad arguments. Nothing panics. Floats become integers once, here,
//! rounding to nearest (halves away from zero): positions to the nanometre, placements to
//! 0.001 cm, angles to 1/65536 of a turn, power to 1/10000 ([`units`]).
//!
//! # `carrom simulate SCENARIO.json`
//!
//! Plays strokes on a table and describes each one ([`simulate()`]). The input
//! (`scenarios/readme-example.json`):
//!
//! ```json
//! {"preset": "standard",
//!  "pieces": [{"kind": "white", "x": 0.0, "y": 20.0}, {"kind": "queen", "x": 0.0, "y": 0.0}],
//!  "strokes": [{"seat": 0, "placement": 0.0, "angle": 90.0, "power": 1.0}]}
//! ```
//!
//! - `preset`: `"standard"` (the default; the striker cannot fit a pocket) or `"icf"`.
//! - `pieces` (optional; default: the full opening rack, CM-3): `kind` is `white`, `black`
//!   or `queen`; `x` and `y` in cm from the board's centre, +x east, +y north. At most 19,
//!   each wholly on the surface, not in a pocket and not overlapping another.
//! - `strokes`, played one after another from where the previous one left the pieces:
//!   `seat` 0–3 (0 south, 1 east, 2 north, 3 west; default 0); `placement` in cm from the
//!   middle of that seat's baseline, positive to the shooter's right; `angle` in degrees
//!   counter-clockwise from east (90 is straight ahead for seat 0); `power` 0–1.
//!
//! The output is one JSON line per stroke:
//!
//! ```json
//! {"stroke":0,"report":{"pocketed":[{"kind":"white","pocket":2}],"striker_touched":true,"first_contact":"white","striker_pocketed":false,"left_board":[],"moved":5,"frames":212},"pieces":[{"kind":"white","x":1.25,"y":30.5,"on_board":true}],"hash":"<16 hex digits>"}
//! ```
//!
//! - pockets are numbered 0 south-west, 1 south-east, 2 north-east, 3 north-west;
//!   `pocketed` lists the pieces (not the striker) in the order they dropped;
//! - `first_contact` is the kind of the first piece the striker touched, or `null`;
//!   `left_board` lists kinds (`"striker"` included); `moved` counts the pieces that moved;
//!   `frames` is the stroke's length at 60 Hz;
//! - `pieces` are in input order (the rack's order when `pieces` is left out: the queen,
//!   the inner ring from 30° counter-clockwise, the outer ring from 0°), each where it
//!   ended;
//! - `hash` is the table's checksum after the stroke ([`crate::sim::Table::hash`]).
//!
//! A stroke that breaks a rule (placement CM-4, a piece on the striker's spot, aim CM-5,
//! power outside 0–1) gives `{"stroke": N, "error": "…"}` and leaves the table as it was.
//!
//! ```
//! use carrom::scenario::{Scenario, simulate};
//!
//! let text = r#"{"preset": "standard",
//!   "pieces": [{"kind": "white", "x": 0.0, "y": 20.0}, {"kind": "queen", "x": 0.0, "y": 0.0}],
//!   "strokes": [{"seat": 0, "placement": 0.0, "angle": 90.0, "power": 1.0},
//!               {"seat": 0, "placement": 0.0, "angle": 270.0, "power": 1.0}]}"#;
//! let lines = simulate(&Scenario::parse(text).unwrap());
//! // Straight up the middle, the striker meets the queen before the white behind her.
//! assert_eq!(lines[0]["report"]["first_contact"], "queen");
//! assert_eq!(lines[0]["hash"].as_str().unwrap().len(), 16);
//! // Aimed back at the shooter's own edge (CM-5): refused, and the table is left alone.
//! assert!(lines[1]["error"].is_string());
//! assert!(lines[1].get("hash").is_none());
//!
//! // A bad file is refused with the field it lacks.
//! let missing = Scenario::parse(r#"{"strokes": [{"placement": 0.0, "angle": 90.0}]}"#);
//! assert!(missing.unwrap_err().0.contains("power"));
//! ```
//!
//! # `carrom referee MATCH.json`
//!
//! Adjudicates a match stroke by stroke through the real game step
//! ([`crate::game::advance()`]; [`referee()`]). The file extends `simulate`'s
//! (`scenarios/referee-example.json` is a longer one):
//!
//! ```json
//! {"variant": "classic", "players": 2, "seed": 2, "shot_clock": 30,
//!  "strokes": [
//!    {"placement": 0.0, "angle": 90.0, "power": 1.0},
//!    {"facts": {"pocketed": ["queen", "white"], "striker_touched": true,
//!               "striker_pocketed": false, "left_board": []}}]}
//! ```
//!
//! - `variant`: `"classic"`, `"disc_pool"` or `"freestyle"`; `players` 2–4 (Disc Pool 2
//!   or 4); `seed` (default 0) decides what is random (who breaks first, CL-2);
//!   `shot_clock` in seconds (default 30, 0 = off); `preset` and `pieces` as in
//!   `simulate` (default: the variant's rack).
//! - Each stroke is a **shot** (`placement`, `angle`, `power` as in `simulate`; `seat` may
//!   be left out: the current shooter) or **facts**, the outcome given directly instead of
//!   simulated: `pocketed` (kinds, in order), `striker_touched` (default true),
//!   `striker_pocketed` (default false), `left_board` (kinds, `"striker"` included). The
//!   pieces of a kind are taken from those on the board, **lowest table slot first** (the
//!   order of `pieces`, or the rack's).
//!
//! The output is one JSON line per stroke:
//!
//! ```json
//! {"stroke":3,"shooter":0,"report":{…},"ruling":{"fouls":["CL-9c"],"returned":["black","queen"],"dues":[0,1],"queen":"on_board","queen_side":null,"turn_continues":false,"next_shooter":2,"scores":[0,5]},"colours":["white","black"],"board_over":null,"match_over":null,"hash":"<16 hex>"}
//! ```
//!
//! `shooter` and `next_shooter` are seats; `dues`, `scores` and `colours` are per side
//! (side 0 is seat 0's, CM-1; `colours` is null where nobody owns one); `queen` is
//! `on_board`, `pending` (awaiting her cover), `covered`, or null without a queen;
//! `queen_side` is the side that pocketed or covered her; `board_over` is
//! `{"winner": side|null, "points": n}` and `match_over` `{"winner": side|null,
//! "draw": bool}`. `report` is `simulate`'s report for a shot, and the facts as given
//! otherwise. Scores: Classic with 2 or 4 players counts board points (CL-8); Classic with
//! 3 and Freestyle count piece values; Disc Pool counts discs. A stroke that cannot be
//! played (an illegal shot, not that seat's turn, facts naming a piece that is not on the
//! board, the match already over) gives an `error` line and changes nothing. A board that
//! ends is followed by the next rack.
// No clock, files or hash-map order here either (clippy.toml); floats are allowed, this
// being the edge where they are turned into the simulation's integers.
#![forbid(unsafe_code)]
#![deny(clippy::disallowed_types, clippy::disallowed_methods)]

pub mod file;
pub mod referee;
pub mod simulate;
pub mod units;

pub use file::{Scenario, ScenarioError, ScenarioStroke};
pub use referee::{MatchScenario, referee};
pub use simulate::simulate;
