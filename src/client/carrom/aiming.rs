//! The local shooter's controls, turned into the integer input the game reads.
//!
//! Mouse or finger: drag the striker along the baseline to place it (only legal spots,
//! CM-4); drag anywhere else to pull back like a slingshot — the striker flies away from
//! the pointer, harder the further past its edge it is pulled — and let go to strike, or
//! let go inside the striker to cancel. Keyboard: ←/→ place, ↑/↓ turn
//! the aim (Shift for fine steps), hold Space to charge and release to strike. Either way
//! the stroke is committed only by [`Input::commit`], as src/ARCHITECTURE.md requires.

use crate::client::board::pointer::{BoardPointer, PointerAction, PointerSystems};
use crate::client::flow::{Controller, PausableSystems};
use crate::client::hosts::{LocalMatch, MatchSystems};
use crate::game::{Input, Match, Phase};
use crate::sim::{Angle, FULL_POWER, Fx, Seat, Stroke, Table};
use bevy::prelude::*;

/// Pulling back this far (cm) past the striker's edge gives full power.
pub const PULL_FOR_FULL_POWER: f32 = 20.0;

/// Less power than this (ten-thousandths) is no stroke: letting go cancels the aim.
pub const MIN_POWER: u16 = 150;

/// How close to the aim's edges (1/65536 turn) the aim may go: CM-5 wants strictly
/// forward, and a hair inside keeps rounding from ever making it illegal.
const AIM_MARGIN: u16 = 64;

/// What a drag is doing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Drag {
    /// No drag.
    #[default]
    None,
    /// Moving the striker along the baseline.
    Placing,
    /// Pulling back to aim and set power.
    Pulling,
}

/// The aim the local shooter is building.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AimControl {
    /// The stroke number this aim is for (0: none yet).
    pub stroke_number: u16,
    /// The seat shooting.
    pub seat: Seat,
    /// The stroke as aimed so far.
    pub stroke: Stroke,
    /// The current drag.
    pub drag: Drag,
    /// Space is held, charging power.
    pub charging: bool,
    /// The stroke has been committed.
    pub committed: bool,
}

/// Mouse and keyboard aiming for the person whose turn it is.
pub(super) struct AimingPlugin;

impl Plugin for AimingPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<BoardPointer>().init_resource::<AimControl>().add_systems(
            Update,
            aim.in_set(MatchSystems).in_set(PausableSystems).after(PointerSystems),
        );
    }
}

fn aim(
    mut local: ResMut<LocalMatch>,
    mut control: ResMut<AimControl>,
    mut pointer: MessageReader<BoardPointer>,
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
) {
    if local.resigning {
        return;
    }
    let m = local.current;
    let player = local.shooter_player();
    for i in 0..local.inputs.len() {
        if local.controllers[i] == Controller::Human && i != player {
            local.inputs[i] = Input::ZERO;
        }
    }
    if m.phase() != Phase::Aim || local.controller(player) != Controller::Human {
        pointer.clear();
        return;
    }
    if control.stroke_number != m.next_stroke() || control.seat != m.shooter() {
        *control = AimControl::fresh(&m);
    }
    if !control.committed {
        for event in pointer.read() {
            control.pointer(&m, event);
        }
        control.keys(&m, &keys, time.delta_secs());
    } else {
        pointer.clear();
    }
    local.inputs[player] = if control.committed {
        Input::commit(control.stroke_number, control.stroke)
    } else {
        Input::aiming(control.stroke)
    };
}

impl AimControl {
    /// A fresh aim for the stroke due in `m`: centre of the baseline (or the nearest free
    /// legal spot), straight ahead, no power.
    pub fn fresh(m: &Match) -> AimControl {
        let seat = m.shooter();
        let placement = nearest_legal_placement(m.table(), seat, 0).unwrap_or(0);
        AimControl {
            stroke_number: m.next_stroke(),
            seat,
            stroke: Stroke { placement, angle: seat.forward().0, power: 0 },
            drag: Drag::None,
            charging: false,
            committed: false,
        }
    }

    /// Where the striker sits, in board cm.
    pub fn striker_at(&self, table: &Table) -> Vec2 {
        let spot =
            self.seat.striker_spot(table.preset(), Fx::milli_cm(self.stroke.placement as i32));
        crate::client::carrom::board_view::point(spot)
    }

    fn pointer(&mut self, m: &Match, event: &BoardPointer) {
        let table = m.table();
        let striker = self.striker_at(table);
        let radius = crate::client::carrom::board_view::cm(table.preset().striker_radius);
        match (event.action, self.drag) {
            (PointerAction::Press, _) if event.at.distance(striker) <= radius * 1.5 => {
                self.drag = Drag::Placing;
            }
            (PointerAction::Press, _) => {
                self.drag = Drag::Pulling;
                self.pull(striker, radius, event.at);
            }
            (PointerAction::Move, Drag::Placing) => self.place_towards(table, event.at),
            (PointerAction::Move, Drag::Pulling) => self.pull(striker, radius, event.at),
            (PointerAction::Release, Drag::Pulling) => {
                self.pull(striker, radius, event.at);
                self.drag = Drag::None;
                self.release(table);
            }
            (PointerAction::Cancel, Drag::Pulling) => {
                self.drag = Drag::None;
                self.stroke.power = 0;
            }
            (PointerAction::Release | PointerAction::Cancel, _) => self.drag = Drag::None,
            (PointerAction::Move, Drag::None) => {}
        }
    }

    fn keys(&mut self, m: &Match, keys: &ButtonInput<KeyCode>, seconds: f32) {
        let table = m.table();
        let fine = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        let slide = if fine { 3.0 } else { 15.0 } * seconds;
        let turn = if fine { 4.0 } else { 30.0 } * seconds / 360.0;
        let mut along = 0.0;
        if keys.pressed(KeyCode::ArrowLeft) {
            along -= slide;
        }
        if keys.pressed(KeyCode::ArrowRight) {
            along += slide;
        }
        if along != 0.0 {
            let wanted = self.stroke.placement as f32 + along * 1000.0;
            let wanted = wanted.clamp(i16::MIN as f32, i16::MAX as f32) as i16;
            if let Some(p) = nearest_legal_placement(table, self.seat, wanted) {
                self.stroke.placement = p;
            }
        }
        let mut turning = 0.0;
        if keys.pressed(KeyCode::ArrowUp) {
            turning += turn;
        }
        if keys.pressed(KeyCode::ArrowDown) {
            turning -= turn;
        }
        if turning != 0.0 {
            let off = Angle(self.stroke.angle).minus(self.seat.forward()) as f32;
            self.set_aim_offset(off - turning * 65_536.0);
        }
        if keys.pressed(KeyCode::Space) && !self.committed {
            self.charging = true;
            let rise = FULL_POWER as f32 * seconds / 1.2;
            self.stroke.power = (self.stroke.power as f32 + rise).min(FULL_POWER as f32) as u16;
        }
        if keys.just_released(KeyCode::Space) && self.charging {
            self.charging = false;
            self.release(table);
        }
    }

    /// Aims away from `pointer` through the striker, with power from how far the pull
    /// reaches past the striker's edge: pulled back into the striker, it is no stroke, so
    /// letting go there cancels.
    fn pull(&mut self, striker: Vec2, radius: f32, pointer: Vec2) {
        let pull = striker - pointer;
        let beyond = pull.length() - radius;
        if beyond <= 0.0 {
            self.stroke.power = 0;
            return;
        }
        let turns = pull.y.atan2(pull.x) / core::f32::consts::TAU;
        let absolute = (turns.rem_euclid(1.0) * 65_536.0) as i64 as u16;
        let off = Angle(absolute).minus(self.seat.forward()) as f32;
        self.set_aim_offset(off);
        let power = (beyond / PULL_FOR_FULL_POWER).min(1.0) * FULL_POWER as f32;
        self.stroke.power = power as u16;
    }

    /// Sets the aim `off` units left (+) of straight ahead, kept inside CM-5.
    fn set_aim_offset(&mut self, off: f32) {
        let limit = (Angle::QUARTER - AIM_MARGIN) as f32;
        let off = off.clamp(-limit, limit) as i32;
        self.stroke.angle = (self.seat.forward().0 as i32 + off).rem_euclid(65_536) as u16;
    }

    fn place_towards(&mut self, table: &Table, at: Vec2) {
        let axis = baseline_axis(self.seat);
        let wanted = (at.dot(axis) * 1000.0).clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        if let Some(p) = nearest_legal_placement(table, self.seat, wanted) {
            self.stroke.placement = p;
        }
    }

    fn release(&mut self, table: &Table) {
        if self.stroke.power >= MIN_POWER && table.check_stroke(self.seat, &self.stroke).is_ok() {
            self.committed = true;
        } else {
            self.stroke.power = 0;
        }
    }
}

/// The direction along `seat`'s baseline in which placement grows (the shooter's right).
pub fn baseline_axis(seat: Seat) -> Vec2 {
    match seat.0 % 4 {
        0 => Vec2::X,
        1 => Vec2::Y,
        2 => Vec2::NEG_X,
        _ => Vec2::NEG_Y,
    }
}

/// The legal, free placement (CM-4) nearest to `wanted` thousandths of a cm, searching in
/// steps of 0.01 cm; None if the whole baseline is blocked.
pub fn nearest_legal_placement(table: &Table, seat: Seat, wanted: i16) -> Option<i16> {
    let half = table.preset().baseline_length.0 / 2 / 10_000;
    let wanted = (wanted as i32).clamp(-half, half);
    let legal = |p: i32| {
        let stroke = Stroke { placement: p as i16, angle: seat.forward().0, power: 0 };
        (-half..=half).contains(&p) && table.check_stroke(seat, &stroke).is_ok()
    };
    (0..=2 * half / 10 + 1)
        .flat_map(|k| [wanted + 10 * k, wanted - 10 * k])
        .find(|&p| legal(p))
        .map(|p| p as i16)
}
