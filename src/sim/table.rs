//! The physical table as one plain-old-data value: every body, the stroke in progress and
//! its report. Rollback saves it by copying bytes; its checksum is [`Table::hash`].

use super::body::{Body, Kind, MAX_BODIES, STRIKER};
use super::fixed::{Fx, V2};
use super::motion::{self, Observer};
use super::preset::{Preset, PresetId, pocket_centre};
use super::rack::rack;
use super::report::StrokeReport;
use super::stroke::{Seat, Stroke, StrokeError, check_aim, check_placement, launch};
use crate::determinism::fnv1a64;
use bytemuck::{Pod, Zeroable};
use core::fmt;

/// Version of the simulation. Bumped whenever a change moves any golden hash; it is part
/// of the table's bytes, so states of different versions never compare equal.
pub const SIM_VERSION: u32 = 2;

/// The physical state of a carrom table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Table {
    version: u32,
    preset: u32,
    in_motion: u32,
    body_count: u32,
    bodies: [Body; MAX_BODIES],
    report: StrokeReport,
}

/// Why a layout of pieces cannot be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// More pieces than the table has slots for.
    TooManyPieces(usize),
    /// A piece given as the striker.
    StrikerAsPiece(usize),
    /// A piece (by index) not fully on the playing surface.
    OffSurface(usize),
    /// A piece (by index) whose centre lies in a pocket.
    InPocket(usize),
    /// Two pieces (by index) overlap.
    Overlap(usize, usize),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::TooManyPieces(n) => {
                write!(f, "{n} pieces given; the table holds at most {}", MAX_BODIES - 1)
            }
            LayoutError::StrikerAsPiece(i) => write!(f, "pieces[{i}]: the striker is not a piece"),
            LayoutError::OffSurface(i) => {
                write!(f, "pieces[{i}]: not fully on the playing surface (|x|, |y| ≤ 37 − radius)")
            }
            LayoutError::InPocket(i) => write!(f, "pieces[{i}]: its centre lies in a pocket"),
            LayoutError::Overlap(i, j) => write!(f, "pieces[{j}] and pieces[{i}] overlap"),
        }
    }
}

impl std::error::Error for LayoutError {}

/// How far two discs at rest may overlap because of fixed-point rounding: 1 µm.
pub const OVERLAP_TOLERANCE: Fx = Fx(1_000);

impl Table {
    /// The opening rack on `preset` (CM-3), with the queen or, for Disc Pool, without.
    pub fn racked(preset: PresetId, with_queen: bool) -> Table {
        let pieces = rack(preset.preset(), with_queen);
        Table::with_pieces(preset, &pieces).expect("the rack is a valid layout")
    }

    /// A table with `pieces` at rest where given, in slots 1, 2, … in that order.
    pub fn with_pieces(preset: PresetId, pieces: &[(Kind, V2)]) -> Result<Table, LayoutError> {
        if pieces.len() >= MAX_BODIES {
            return Err(LayoutError::TooManyPieces(pieces.len()));
        }
        let p = preset.preset();
        let mut table = Table {
            version: SIM_VERSION,
            preset: preset as u32,
            in_motion: 0,
            body_count: pieces.len() as u32 + 1,
            bodies: [Body::default(); MAX_BODIES],
            report: StrokeReport::fresh(),
        };
        table.bodies[STRIKER].kind = Kind::Striker as u8;
        for (i, &(kind, pos)) in pieces.iter().enumerate() {
            if kind == Kind::Striker {
                return Err(LayoutError::StrikerAsPiece(i));
            }
            let limit = p.half_size - kind.radius(p);
            if pos.x.abs() > limit || pos.y.abs() > limit {
                return Err(LayoutError::OffSurface(i));
            }
            if pocket_containing(p, pos).is_some() {
                return Err(LayoutError::InPocket(i));
            }
            for (j, &(other_kind, other)) in pieces[..i].iter().enumerate() {
                let reach = (kind.radius(p) + other_kind.radius(p) - OVERLAP_TOLERANCE).0 as i64;
                if (pos - other).length_sq() < reach * reach {
                    return Err(LayoutError::Overlap(i, j));
                }
            }
            table.bodies[i + 1] = Body::at(kind, pos);
        }
        Ok(table)
    }

    /// Whether bytes read back from outside (a saved match, a diagnostic file) describe a
    /// table this version can carry on with: its simulation version, a known preset, a
    /// body count and report that fit, and every piece on the board inside it, no faster
    /// than any stroke can make it. The simulation is only ever run on sound tables.
    pub fn is_sound(&self) -> bool {
        if self.version != SIM_VERSION
            || self.preset > 1
            || self.in_motion > 1
            || !(1..=MAX_BODIES as u32).contains(&self.body_count)
            || self.report.pocketed_count as usize > self.report.pocketed.len()
        {
            return false;
        }
        let p = self.preset();
        self.bodies().iter().all(|b| {
            let inside = b.pos.x.abs().0 <= p.half_size.0 && b.pos.y.abs().0 <= p.half_size.0;
            b.on_board <= 1
                && b.kind <= Kind::Queen as u8
                && (b.on_board == 0 || (inside && within_reach(p, b)))
        })
    }

    /// The board preset.
    pub const fn preset_id(&self) -> PresetId {
        PresetId::from_code(self.preset)
    }

    /// The board's dimensions and constants.
    pub const fn preset(&self) -> &'static Preset {
        self.preset_id().preset()
    }

    /// The bodies in use: the striker first, then the pieces.
    pub fn bodies(&self) -> &[Body] {
        &self.bodies[..self.body_count as usize]
    }

    /// Whether a stroke is in progress.
    pub const fn in_motion(&self) -> bool {
        self.in_motion != 0
    }

    /// The report of the current stroke, or of the last one once it has come to rest.
    pub const fn report(&self) -> &StrokeReport {
        &self.report
    }

    /// FNV-1a 64 of the table's bytes: the state checksum (see [`crate::determinism::hash`]).
    pub fn hash(&self) -> u64 {
        fnv1a64(bytemuck::bytes_of(self))
    }

    /// Total kinetic energy, in (tenths of a gram) × (nm per frame)² (twice the energy).
    pub fn kinetic_energy(&self) -> u128 {
        let p = self.preset();
        self.bodies()
            .iter()
            .filter(|b| b.is_on_board())
            .map(|b| b.kind().mass(p) as u128 * (b.speed.0 as i64 * b.speed.0 as i64) as u128)
            .sum()
    }

    /// Checks that `seat` may play `stroke` now: CM-4, CM-5, the spot being free.
    pub fn check_stroke(&self, seat: Seat, stroke: &Stroke) -> Result<V2, StrokeError> {
        if self.in_motion() {
            return Err(StrokeError::InMotion);
        }
        if seat.0 > 3 {
            return Err(StrokeError::NoSuchSeat);
        }
        let p = self.preset();
        let along = check_placement(p, stroke.placement)?;
        check_aim(seat, stroke)?;
        let spot = seat.striker_spot(p, along);
        let clear = (p.striker_radius + p.coin_radius - OVERLAP_TOLERANCE).0 as i64;
        let taken = self.bodies()[1..]
            .iter()
            .any(|b| b.is_on_board() && (b.pos - spot).length_sq() < clear * clear);
        if taken {
            return Err(StrokeError::SpotTaken);
        }
        Ok(spot)
    }

    /// Places the striker and hits it: the stroke begins and the report starts afresh.
    pub fn start_stroke(&mut self, seat: Seat, stroke: &Stroke) -> Result<(), StrokeError> {
        let spot = self.check_stroke(seat, stroke)?;
        let (heading, speed) = launch(self.preset(), stroke);
        let striker = &mut self.bodies[STRIKER];
        *striker = Body::at(Kind::Striker, spot);
        if speed.0 > 0 {
            striker.heading = heading;
            striker.speed = speed;
        }
        self.report = StrokeReport::fresh();
        self.in_motion = 1;
        if speed.0 > 0 {
            self.report.moved = 1 << STRIKER;
        }
        Ok(())
    }

    /// Advances the stroke by one 60 Hz frame. Returns whether it is still in motion.
    pub fn step(&mut self) -> bool {
        self.step_observed(&mut ())
    }

    /// [`Table::step`], telling `observer` about every event inside the frame.
    pub fn step_observed(&mut self, observer: &mut impl Observer) -> bool {
        if !self.in_motion() {
            return false;
        }
        let preset = self.preset();
        let count = self.body_count as usize;
        let bodies = &mut self.bodies[..count];
        let still_moving = motion::advance_frame(preset, bodies, &mut self.report, observer);
        self.report.frames += 1;
        if !still_moving || self.report.frames >= super::preset::STROKE_FRAME_CAP {
            if still_moving {
                self.report.capped = 1;
            }
            self.come_to_rest();
        }
        self.in_motion()
    }

    /// Plays the stroke in progress to the end and returns its report. Identical, byte
    /// for byte, to calling [`Table::step`] until it returns `false`.
    pub fn run_to_rest(&mut self) -> StrokeReport {
        while self.step() {}
        self.report
    }

    /// Stops everything and hands the striker back to the shooter.
    fn come_to_rest(&mut self) {
        for body in &mut self.bodies {
            body.stop();
        }
        self.bodies[STRIKER].on_board = 0;
        self.in_motion = 0;
    }

    /// Puts body `index` at rest at `pos` (on the board), for the referees' returns and
    /// for tests; the caller is responsible for the spot being free.
    pub fn place(&mut self, index: usize, pos: V2) {
        let body = &mut self.bodies[index];
        body.pos = pos;
        body.stop();
        body.on_board = 1;
    }

    /// Takes body `index` off the board at rest (a stroke's outcome given as facts).
    pub fn take_off(&mut self, index: usize) {
        let body = &mut self.bodies[index];
        body.stop();
        body.on_board = 0;
    }

    /// Gives body `index` a velocity and marks the table in motion, for tests and tools
    /// that set up situations a stroke could not (a piece rolled into a pocket).
    pub fn push(&mut self, index: usize, vel: V2) {
        self.bodies[index].set_velocity(vel);
        self.report = StrokeReport::fresh();
        self.report.moved = 1 << index;
        self.in_motion = 1;
    }
}

/// Whether `body` moves no faster than a stroke can make it: a piece struck hard from
/// close by leaves faster than the striker came (measured: 1.31 times full power), but
/// no piece can carry more energy than the striker had at full power. An eighth more is
/// allowed for the fixed point's rounding in collisions.
fn within_reach(preset: &Preset, body: &Body) -> bool {
    let speed = body.speed.0 as i128;
    let full = preset.full_power_speed.0 as i128;
    let mass = body.kind().mass(preset) as i128;
    speed >= 0 && 8 * speed * speed * mass <= 9 * full * full * preset.striker_mass as i128
}

/// The pocket whose circle contains `pos`, if any (0 SW, 1 SE, 2 NE, 3 NW).
pub fn pocket_containing(preset: &Preset, pos: V2) -> Option<u8> {
    let r = preset.pocket_radius.0 as i64;
    (0..4u8).find(|&k| (pos - pocket_centre(preset, k)).length_sq() <= r * r)
}
