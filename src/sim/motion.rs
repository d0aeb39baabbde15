//! One 60 Hz frame of disc motion (PHYSICS.md "Motion model").
//!
//! Within a frame every moving disc travels in a straight line at constant velocity; at
//! the end of the frame sliding friction takes a fixed amount off its speed (Coulomb
//! deceleration), and a disc slower than that stops. Contacts are found exactly rather
//! than by overlap tests: the solver computes each moving disc's time of impact with
//! every other disc, with the cushions and with the pocket circles, handles the earliest
//! event, and carries on from there until the frame is used up. Nothing can tunnel, at
//! any speed, because no disc ever moves past its next event.
//!
//! Time inside a frame counts in 1/65536 of a frame. Positions are kept lazily: a disc
//! stores where it was at its own last event time, and is moved to the present only when
//! an event involves it or the frame ends, so an event costs work for the discs it
//! touches, not for the whole table.
//!
//! Rounding is chosen so that contacts are never overshot: impact times are rounded down
//! (with the discriminant's root rounded up), displacements toward zero, and a pair or a
//! pocket counts as approaching only when it closes at ≥ 1 nm per frame. Impulses are
//! rounded up in magnitude so that a genuine approach always turns into a separation.
//! A frame handles at most [`MAX_EVENTS_PER_FRAME`] events; a pathological cascade past
//! that freezes the remaining motion of that frame (deterministically) instead of
//! letting discs overlap.

use super::body::Body;
use super::fixed::{Fx, Unit, V2};
use super::preset::{Preset, Restitution};
use super::report::{NO_BODY, StrokeReport};
use super::table::{MAX_BODIES, STRIKER, pocket_centre};

/// Time units in one frame.
const FRAME: i64 = 1 << 16;

/// Events handled in one frame before the rest of its motion is frozen.
pub const MAX_EVENTS_PER_FRAME: u32 = 2048;

/// What a moving disc meets next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Meet {
    Nothing,
    Disc(u8),
    CushionX,
    CushionY,
    Pocket(u8),
}

#[derive(Clone, Copy, Debug)]
struct Next {
    time: i64,
    meet: Meet,
}

const NOTHING: Next = Next {
    time: i64::MAX,
    meet: Meet::Nothing,
};

/// What happened at an event, for an [`Observer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contact {
    /// Two discs (by index) met and pushed each other apart.
    Discs(usize, usize),
    /// A disc met a cushion.
    Cushion(usize),
    /// A disc dropped into a pocket (0 SW, 1 SE, 2 NE, 3 NW).
    Dropped(usize, u8),
    /// A disc entered a pocket too fast and was thrown back out.
    BouncedOut(usize, u8),
}

/// Watches a frame's events as they happen (tests check every sub-frame instant; the
/// client can time sounds). The unit type `()` watches nothing at no cost.
pub trait Observer {
    /// Called after each event with the state at that instant.
    fn event(&mut self, contact: Contact, moment: &Moment<'_>);
}

impl Observer for () {
    fn event(&mut self, _: Contact, _: &Moment<'_>) {}
}

/// The table at an instant inside a frame.
pub struct Moment<'a>(&'a Frame<'a>);

impl Moment<'_> {
    /// Time within the frame, in 1/65536 of a frame.
    pub fn time(&self) -> i64 {
        self.0.now
    }

    /// Where body `i` is now.
    pub fn position(&self, i: usize) -> V2 {
        self.0.position(i, self.0.now)
    }

    /// Whether body `i` is on the board now.
    pub fn on_board(&self, i: usize) -> bool {
        self.0.bodies[i].is_on_board()
    }

    /// Number of bodies.
    pub fn len(&self) -> usize {
        self.0.bodies.len()
    }

    /// Whether there are no bodies.
    pub fn is_empty(&self) -> bool {
        self.0.bodies.is_empty()
    }
}

struct Frame<'a> {
    preset: &'static Preset,
    bodies: &'a mut [Body],
    report: &'a mut StrokeReport,
    /// Time at which each body's stored position holds.
    clock: [i64; MAX_BODIES],
    next: [Next; MAX_BODIES],
    radius: [i64; MAX_BODIES],
    mass: [i64; MAX_BODIES],
    now: i64,
}

/// Advances `bodies` by one frame, recording what happens in `report`. Returns whether
/// anything is still moving.
pub fn advance_frame(
    preset: &'static Preset,
    bodies: &mut [Body],
    report: &mut StrokeReport,
    observer: &mut impl Observer,
) -> bool {
    let mut frame = Frame {
        preset,
        radius: [0; MAX_BODIES],
        mass: [0; MAX_BODIES],
        clock: [0; MAX_BODIES],
        next: [NOTHING; MAX_BODIES],
        bodies,
        report,
        now: 0,
    };
    for i in 0..frame.bodies.len() {
        let kind = frame.bodies[i].kind();
        frame.radius[i] = kind.radius(preset).0 as i64;
        frame.mass[i] = kind.mass(preset);
    }
    frame.run_events(observer);
    frame.finish()
}

impl Frame<'_> {
    fn run_events(&mut self, observer: &mut impl Observer) {
        for i in 0..self.bodies.len() {
            self.next[i] = self.predict(i);
        }
        for _ in 0..MAX_EVENTS_PER_FRAME {
            let Some(i) = self.earliest() else { return };
            let Next { time, meet } = self.next[i];
            self.now = time;
            let (touched, contact) = match meet {
                Meet::Disc(j) => (self.collide(i, j as usize), Contact::Discs(i, j as usize)),
                Meet::CushionX | Meet::CushionY => (self.cushion(i, meet), Contact::Cushion(i)),
                Meet::Pocket(k) => self.pocket(i, k),
                Meet::Nothing => unreachable!("earliest() only returns pending events"),
            };
            self.repredict(touched);
            observer.event(contact, &Moment(self));
        }
    }

    /// The moving body with the earliest pending event within this frame (lowest index
    /// on ties).
    fn earliest(&self) -> Option<usize> {
        (0..self.bodies.len())
            .filter(|&i| self.next[i].time <= FRAME)
            .min_by_key(|&i| self.next[i].time)
    }

    /// Re-predicts the bodies an event changed, and every body whose pending event was
    /// with one of them.
    fn repredict(&mut self, touched: [Option<usize>; 2]) {
        for i in touched.into_iter().flatten() {
            self.next[i] = self.predict(i);
        }
        for k in 0..self.bodies.len() {
            if let Meet::Disc(j) = self.next[k].meet
                && touched.contains(&Some(j as usize))
            {
                self.next[k] = self.predict(k);
            }
        }
    }

    /// Where body `i` is at time `t` of this frame.
    fn position(&self, i: usize, t: i64) -> V2 {
        let b = &self.bodies[i];
        let dt = t - self.clock[i];
        let step = |p: Fx, v: Fx| Fx(p.0 + (v.0 as i64 * dt / FRAME) as i32);
        V2::new(step(b.pos.x, b.vel.x), step(b.pos.y, b.vel.y))
    }

    /// Moves body `i`'s stored position to the present.
    fn catch_up(&mut self, i: usize) {
        self.bodies[i].pos = self.position(i, self.now);
        self.clock[i] = self.now;
    }

    fn predict(&self, i: usize) -> Next {
        let body = &self.bodies[i];
        if !body.is_moving() {
            return NOTHING;
        }
        let here = self.position(i, self.now);
        let mut best = self.cushion_time(i, here);
        let fits = self.radius[i] < self.preset.pocket_radius.0 as i64;
        if fits {
            for k in 0..4u8 {
                let d = here - pocket_centre(self.preset, k);
                let r = self.preset.pocket_radius.0 as i64;
                if let Some(t) = self.approach_time(d, body.vel, r)
                    && t < best.time
                {
                    best = Next {
                        time: t,
                        meet: Meet::Pocket(k),
                    };
                }
            }
        }
        for j in 0..self.bodies.len() {
            if j == i || !self.bodies[j].is_on_board() {
                continue;
            }
            let d = self.position(j, self.now) - here;
            let w = self.bodies[j].vel - body.vel;
            if let Some(t) = self.approach_time(d, w, self.radius[i] + self.radius[j])
                && t < best.time
            {
                best = Next {
                    time: t,
                    meet: Meet::Disc(j as u8),
                };
            }
        }
        best
    }

    /// When the separation `d` (changing at `w` per frame) first shrinks to `reach`, if
    /// that happens within this frame while closing at ≥ 1 nm per frame.
    fn approach_time(&self, d: V2, w: V2, reach: i64) -> Option<i64> {
        let remaining = FRAME - self.now;
        let can_close = |gap: Fx, rate: Fx| {
            gap.0.unsigned_abs() as i64 - reach
                <= rate.0.unsigned_abs() as i64 * remaining / FRAME + 1
        };
        if !can_close(d.x, w.x) || !can_close(d.y, w.y) {
            return None;
        }
        let b = d.dot(w);
        let dd = d.length_sq();
        // Closing speed along the line of centres is −b/|d|; below 1 nm/frame it is rest.
        if b >= 0 || (b as i128) * (b as i128) < dd as i128 {
            return None;
        }
        let c = dd - reach * reach;
        if c <= 0 {
            return Some(self.now);
        }
        let a = w.length_sq() as i128;
        let disc = (b as i128) * (b as i128) - a * c as i128;
        if disc < 0 {
            return None;
        }
        let root = ceil_sqrt(disc as u128) as i128;
        let dt = ((-b as i128 - root) * FRAME as i128 / a) as i64;
        let t = self.now + dt;
        (t <= FRAME).then_some(t)
    }

    fn cushion_time(&self, i: usize, here: V2) -> Next {
        let body = &self.bodies[i];
        let wall = self.preset.half_size.0 as i64 - self.radius[i];
        let along = |p: Fx, v: Fx| -> i64 {
            let (p, v) = (p.0 as i64, v.0 as i64);
            let gap = match v.signum() {
                1 => wall - p,
                -1 => p + wall,
                _ => return i64::MAX,
            };
            self.now + (gap.max(0) * FRAME / v.abs())
        };
        let (tx, ty) = (along(here.x, body.vel.x), along(here.y, body.vel.y));
        let (time, meet) = if tx <= ty {
            (tx, Meet::CushionX)
        } else {
            (ty, Meet::CushionY)
        };
        if time <= FRAME {
            Next { time, meet }
        } else {
            NOTHING
        }
    }

    fn collide(&mut self, i: usize, j: usize) -> [Option<usize>; 2] {
        self.catch_up(i);
        self.catch_up(j);
        let Some(n) = Unit::of(self.bodies[j].pos - self.bodies[i].pos) else {
            return [Some(i), Some(j)];
        };
        let closing = n.project(self.bodies[i].vel - self.bodies[j].vel);
        if closing > 0 {
            let (mi, mj) = (self.mass[i], self.mass[j]);
            let e = self.preset.disc_restitution;
            let share = |m_other: i64| rebound(e, closing * m_other, mi + mj);
            self.bodies[i].vel = self.bodies[i].vel - n.times(share(mj));
            self.bodies[j].vel = self.bodies[j].vel + n.times(share(mi));
            self.note_motion(i);
            self.note_motion(j);
            self.note_contact(i, j);
        }
        [Some(i), Some(j)]
    }

    fn cushion(&mut self, i: usize, meet: Meet) -> [Option<usize>; 2] {
        self.catch_up(i);
        let e = self.preset.cushion_restitution;
        let wall = Fx(self.preset.half_size.0 - self.radius[i] as i32);
        let body = &mut self.bodies[i];
        let (p, v) = if meet == Meet::CushionX {
            (&mut body.pos.x, &mut body.vel.x)
        } else {
            (&mut body.pos.y, &mut body.vel.y)
        };
        *p = Fx(p.0.clamp(-wall.0, wall.0));
        *v = Fx((-(v.0 as i64) * e.num / e.den) as i32);
        [Some(i), None]
    }

    fn pocket(&mut self, i: usize, k: u8) -> ([Option<usize>; 2], Contact) {
        self.catch_up(i);
        let capture = self.preset.capture_speed.0 as i64;
        let body = &mut self.bodies[i];
        if body.vel.length_sq() <= capture * capture {
            body.on_board = 0;
            body.vel = V2::ZERO;
            let kind = body.kind();
            self.report.record_pocketing(i, kind, k);
            self.report.moved |= 1 << i;
            return ([Some(i), None], Contact::Dropped(i, k));
        }
        // Too fast to drop: the back of the pocket throws it straight back out.
        let outward = body.pos - pocket_centre(self.preset, k);
        if let Some(n) = Unit::of(outward) {
            let inward = -n.project(body.vel);
            if inward > 0 {
                let kick = rebound(self.preset.cushion_restitution, inward, 1);
                body.vel = body.vel + n.times(kick);
            }
        }
        ([Some(i), None], Contact::BouncedOut(i, k))
    }

    fn note_motion(&mut self, i: usize) {
        if !self.bodies[i].vel.is_zero() {
            self.report.moved |= 1 << i;
        }
    }

    fn note_contact(&mut self, i: usize, j: usize) {
        if self.report.first_contact != NO_BODY {
            return;
        }
        let other = match (i, j) {
            (STRIKER, o) | (o, STRIKER) => o,
            _ => return,
        };
        self.report.first_contact = other as u8;
    }

    /// Moves everything to the end of the frame (or to where a frozen cascade stopped),
    /// applies friction, and takes off the board anything outside the surface.
    fn finish(self) -> bool {
        let end = if self.earliest().is_some() {
            self.now
        } else {
            FRAME
        };
        let half = self.preset.half_size;
        let decel = self.preset.deceleration.0 as i64;
        let mut moving = false;
        for i in 0..self.bodies.len() {
            if !self.bodies[i].is_on_board() {
                continue;
            }
            let pos = self.position(i, end);
            let body = &mut self.bodies[i];
            body.pos = pos;
            if pos.x.abs() > half || pos.y.abs() > half {
                body.on_board = 0;
                body.vel = V2::ZERO;
                self.report.left_board |= 1 << i;
                continue;
            }
            let speed = body.vel.length();
            body.vel = if speed <= decel {
                V2::ZERO
            } else {
                body.vel.scale(speed - decel, speed)
            };
            moving |= !body.vel.is_zero();
        }
        moving
    }
}

/// The magnitude of the velocity change (1 + e) × `numerator` / `denominator`, rounded up
/// so that any closing motion is always reversed.
fn rebound(e: Restitution, numerator: i64, denominator: i64) -> i64 {
    let n = (e.den + e.num) as i128 * numerator as i128;
    let d = e.den as i128 * denominator as i128;
    ((n + d - 1) / d) as i64
}

/// ⌈√v⌉.
fn ceil_sqrt(v: u128) -> u128 {
    let r = v.isqrt();
    if r * r < v { r + 1 } else { r }
}
