//! One 60 Hz frame of disc motion (src/sim/PHYSICS.md "Motion model").
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
use super::body::{MAX_BODIES, STRIKER};
use super::fixed::{Fx, Unit, V2};
use super::preset::{Preset, Restitution, pocket_centre};
use super::report::{NO_BODY, StrokeReport};

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
    /// For a meeting with a disc: that disc's trajectory version when it was predicted.
    partner_version: u32,
}

const NOTHING: Next = Next { time: i64::MAX, meet: Meet::Nothing, partner_version: 0 };

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
    /// Each body's velocity during the frame (heading × speed at the start, then as
    /// events change it).
    vel: [V2; MAX_BODIES],
    /// Bumped whenever a body's trajectory changes, so predictions made against the old
    /// one can be recognised as stale.
    version: [u32; MAX_BODIES],
    /// Whether the event cap stopped the frame early.
    frozen: bool,
    /// Where each body can be for the rest of the frame: a box around its path.
    sweep: [Sweep; MAX_BODIES],
    now: i64,
}

/// An axis-aligned box holding a disc's whole path from now to the end of the frame
/// (at its current velocity). Boxes that do not overlap cannot meet this frame, which
/// rules out most pairs with four comparisons.
#[derive(Clone, Copy, Debug, Default)]
struct Sweep {
    min: (i64, i64),
    max: (i64, i64),
}

impl Sweep {
    fn of(pos: V2, vel: V2, radius: i64) -> Sweep {
        let span = |p: Fx, v: Fx| {
            let (p, v) = (p.0 as i64, v.0 as i64);
            (p + v.min(0) - radius, p + v.max(0) + radius)
        };
        let (x, y) = (span(pos.x, vel.x), span(pos.y, vel.y));
        Sweep { min: (x.0, y.0), max: (x.1, y.1) }
    }

    fn overlaps(&self, o: &Sweep) -> bool {
        self.min.0 <= o.max.0
            && o.min.0 <= self.max.0
            && self.min.1 <= o.max.1
            && o.min.1 <= self.max.1
    }
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
        sweep: [Sweep::default(); MAX_BODIES],
        vel: [V2::ZERO; MAX_BODIES],
        version: [0; MAX_BODIES],
        frozen: false,
        bodies,
        report,
        now: 0,
    };
    for i in 0..frame.bodies.len() {
        frame.vel[i] = frame.bodies[i].velocity();
        let kind = frame.bodies[i].kind();
        frame.radius[i] = kind.radius(preset).0 as i64;
        frame.mass[i] = kind.mass(preset);
    }
    frame.run_events(observer);
    frame.finish()
}

impl Frame<'_> {
    fn run_events(&mut self, observer: &mut impl Observer) {
        self.predict_all();
        let mut events = 0;
        while let Some(i) = self.earliest() {
            if events == MAX_EVENTS_PER_FRAME {
                self.frozen = true;
                return;
            }
            let Next { time, meet, partner_version } = self.next[i];
            // A meeting predicted against a trajectory that has since changed: its time is
            // still a lower bound for this body's other meetings, so it is re-predicted
            // only now that it comes first.
            if let Meet::Disc(j) = meet
                && self.version[j as usize] != partner_version
            {
                self.next[i] = self.predict(i);
                continue;
            }
            events += 1;
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

    /// Predicts every moving body's first event of the frame, taking each pair once:
    /// bodies sorted by the west edge of their sweep, each compared only with those whose
    /// sweeps start before its own ends (sort and sweep).
    fn predict_all(&mut self) {
        let n = self.bodies.len();
        let mut keys = [0i64; MAX_BODIES];
        let mut active = 0;
        for i in 0..n {
            let b = &self.bodies[i];
            self.next[i] = NOTHING;
            if !b.is_on_board() {
                continue;
            }
            self.sweep[i] = Sweep::of(b.pos, self.vel[i], self.radius[i]);
            if b.is_moving() {
                self.next[i] = self.fixed_obstacles(i, b.pos);
            }
            // Insertion sort by west edge, then index (packed into one key): deterministic
            // and cheap for 20 bodies.
            let key = self.sweep[i].min.0 << 5 | i as i64;
            let mut k = active;
            while k > 0 && keys[k - 1] > key {
                keys[k] = keys[k - 1];
                k -= 1;
            }
            keys[k] = key;
            active += 1;
        }
        let body_of = |key: i64| (key & 31) as usize;
        for x in 0..active {
            let a = body_of(keys[x]);
            for &other in &keys[x + 1..active] {
                let b = body_of(other);
                if self.sweep[b].min.0 > self.sweep[a].max.0 {
                    break;
                }
                let either_moving = self.bodies[a].is_moving() || self.bodies[b].is_moving();
                if !either_moving || !self.sweep[a].overlaps(&self.sweep[b]) {
                    continue;
                }
                let (i, j) = (a.min(b), a.max(b));
                if let Some(t) = self.pair_time(i, self.bodies[i].pos, j) {
                    self.offer(i, j, t);
                    self.offer(j, i, t);
                }
            }
        }
    }

    /// Records a meeting of moving body `a` with disc `b` at `t` if it comes first. Ties
    /// go to a cushion or pocket, then to the lowest-numbered disc, whatever the order in
    /// which meetings are found.
    fn offer(&mut self, a: usize, b: usize, t: i64) {
        if !self.bodies[a].is_moving() {
            return;
        }
        let current = self.next[a];
        let earlier = match current.meet {
            _ if t != current.time => t < current.time,
            Meet::Disc(p) => b < p as usize,
            _ => false,
        };
        if earlier {
            let partner_version = self.version[b];
            self.next[a] = Next { time: t, meet: Meet::Disc(b as u8), partner_version };
        }
    }

    /// The moving body with the earliest pending event within this frame (lowest index
    /// on ties).
    fn earliest(&self) -> Option<usize> {
        (0..self.bodies.len())
            .filter(|&i| self.next[i].time <= FRAME)
            .min_by_key(|&i| self.next[i].time)
    }

    /// Re-predicts the bodies an event changed (others' predictions against them go stale
    /// and are redone lazily, see `run_events`).
    fn repredict(&mut self, touched: [Option<usize>; 2]) {
        for i in touched.into_iter().flatten() {
            let b = &self.bodies[i];
            self.sweep[i] = Sweep::of(b.pos, self.vel[i], self.radius[i]);
        }
        for i in touched.into_iter().flatten() {
            self.next[i] = self.predict(i);
        }
    }

    /// Where body `i` is at time `t` of this frame.
    fn position(&self, i: usize, t: i64) -> V2 {
        let (p, v) = (self.bodies[i].pos, self.vel[i]);
        let dt = t - self.clock[i];
        if dt == 0 {
            return p;
        }
        let step = |p: Fx, v: Fx| Fx(p.0 + (v.0 as i64 * dt / FRAME) as i32);
        V2::new(step(p.x, v.x), step(p.y, v.y))
    }

    /// Moves body `i`'s stored position to the present.
    fn catch_up(&mut self, i: usize) {
        self.bodies[i].pos = self.position(i, self.now);
        self.clock[i] = self.now;
    }

    fn predict(&self, i: usize) -> Next {
        if !self.bodies[i].is_moving() {
            return NOTHING;
        }
        let here = self.position(i, self.now);
        let mut best = self.fixed_obstacles(i, here);
        for j in 0..self.bodies.len() {
            if j == i || !self.bodies[j].is_on_board() || !self.sweep[i].overlaps(&self.sweep[j]) {
                continue;
            }
            if let Some(t) = self.pair_time(i, here, j)
                && t < best.time
            {
                best =
                    Next { time: t, meet: Meet::Disc(j as u8), partner_version: self.version[j] };
            }
        }
        best
    }

    /// The first cushion or pocket moving body `i` (now at `here`) meets this frame.
    fn fixed_obstacles(&self, i: usize, here: V2) -> Next {
        let sweep = &self.sweep[i];
        let r = self.preset.pocket_radius.0 as i64;
        // Pocket circles lie beyond ±inner on both axes, cushions beyond ±half on one:
        // a path inside ±inner on both axes meets neither.
        let inner = self.preset.pocket_offset().0 as i64 - r;
        let (lo, hi) = (sweep.min.0.min(sweep.min.1), sweep.max.0.max(sweep.max.1));
        if lo > -inner && hi < inner {
            return NOTHING;
        }
        let h = self.preset.half_size.0 as i64;
        let near_cushion =
            sweep.max.0 >= h || sweep.min.0 <= -h || sweep.max.1 >= h || sweep.min.1 <= -h;
        let mut best = if near_cushion { self.cushion_time(i, here) } else { NOTHING };
        if self.radius[i] >= r {
            return best;
        }
        let (east, west) = (sweep.max.0 > inner, sweep.min.0 < -inner);
        let (north, south) = (sweep.max.1 > inner, sweep.min.1 < -inner);
        let near = [south && west, south && east, north && east, north && west];
        for (k, near) in near.into_iter().enumerate() {
            if !near {
                continue;
            }
            let d = here - pocket_centre(self.preset, k as u8);
            if let Some(t) = self.approach_time(d, self.vel[i], r)
                && t < best.time
            {
                best = Next { time: t, meet: Meet::Pocket(k as u8), partner_version: 0 };
            }
        }
        best
    }

    /// When discs `i` (now at `here`) and `j` first touch this frame, if they do.
    fn pair_time(&self, i: usize, here: V2, j: usize) -> Option<i64> {
        let d = self.position(j, self.now) - here;
        let w = self.vel[j] - self.vel[i];
        self.approach_time(d, w, self.radius[i] + self.radius[j])
    }

    /// When the separation `d` (changing at `w` per frame) first shrinks to `reach`, if
    /// that happens within this frame while closing at ≥ 1 nm per frame. Callers rule out
    /// pairs whose sweeps do not overlap, and pockets far from a disc's sweep, which keeps
    /// |d| below the board's size and every product here within range.
    fn approach_time(&self, d: V2, w: V2, reach: i64) -> Option<i64> {
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
        if disc < 0 || self.still_apart_after_frame(a, b as i128, c as i128) {
            return None;
        }
        let root = ceil_sqrt(disc as u128) as i128;
        let dt = ((-b as i128 - root) * FRAME as i128 / a) as i64;
        let t = self.now + dt;
        (t <= FRAME).then_some(t)
    }

    /// Whether |d + wτ|² − reach² (= aτ² + 2bτ + c) is still positive and falling two
    /// time units after the frame ends, so the first touch comes after the frame: decided
    /// without the square root. With a ≥ 65536 the rounded-up root moves the computed
    /// time by less than one unit, so this agrees exactly with the full computation.
    fn still_apart_after_frame(&self, a: i128, b: i128, c: i128) -> bool {
        const F: i128 = FRAME as i128;
        let r = (FRAME - self.now) as i128 + 2;
        a >= F && a * r + b * F < 0 && a * r * r + 2 * b * r * F + c * F * F > 0
    }

    fn cushion_time(&self, i: usize, here: V2) -> Next {
        let wall = self.preset.half_size.0 as i64 - self.radius[i];
        let along = |p: Fx, v: Fx| -> i64 {
            let (p, v) = (p.0 as i64, v.0 as i64);
            let gap = match v.signum() {
                1 => wall - p,
                -1 => p + wall,
                _ => return i64::MAX,
            };
            // Out of reach this frame (at most |v| of travel is left): no division needed.
            if gap > 2 * v.abs() {
                return i64::MAX;
            }
            self.now + (gap.max(0) * FRAME / v.abs())
        };
        let v = self.vel[i];
        let (tx, ty) = (along(here.x, v.x), along(here.y, v.y));
        let (time, meet) = if tx <= ty { (tx, Meet::CushionX) } else { (ty, Meet::CushionY) };
        if time <= FRAME { Next { time, meet, partner_version: 0 } } else { NOTHING }
    }

    fn collide(&mut self, i: usize, j: usize) -> [Option<usize>; 2] {
        self.catch_up(i);
        self.catch_up(j);
        let Some(n) = Unit::of(self.bodies[j].pos - self.bodies[i].pos) else {
            return [Some(i), Some(j)];
        };
        let closing = n.project(self.vel[i] - self.vel[j]);
        if closing > 0 {
            let (mi, mj) = (self.mass[i], self.mass[j]);
            let e = self.preset.disc_restitution;
            let share = |m_other: i64| rebound(e, closing * m_other, mi + mj);
            self.set_velocity(i, self.vel[i] - n.times(share(mj)));
            self.set_velocity(j, self.vel[j] + n.times(share(mi)));
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
        let mut vel = self.vel[i];
        let pos = &mut self.bodies[i].pos;
        let (p, v) = if meet == Meet::CushionX {
            (&mut pos.x, &mut vel.x)
        } else {
            (&mut pos.y, &mut vel.y)
        };
        *p = Fx(p.0.clamp(-wall.0, wall.0));
        *v = Fx((-(v.0 as i64) * e.num / e.den) as i32);
        self.set_velocity(i, vel);
        [Some(i), None]
    }

    fn pocket(&mut self, i: usize, k: u8) -> ([Option<usize>; 2], Contact) {
        self.catch_up(i);
        let capture = self.preset.capture_speed.0 as i64;
        let vel = self.vel[i];
        if vel.length_sq() <= capture * capture {
            self.set_velocity(i, V2::ZERO);
            let body = &mut self.bodies[i];
            body.on_board = 0;
            let kind = body.kind();
            self.report.record_pocketing(i, kind, k);
            self.report.moved |= 1 << i;
            return ([Some(i), None], Contact::Dropped(i, k));
        }
        // Too fast to drop: the back of the pocket throws it straight back out.
        let outward = self.bodies[i].pos - pocket_centre(self.preset, k);
        if let Some(n) = Unit::of(outward) {
            let inward = -n.project(vel);
            if inward > 0 {
                let kick = rebound(self.preset.cushion_restitution, inward, 1);
                self.set_velocity(i, vel + n.times(kick));
            }
        }
        ([Some(i), None], Contact::BouncedOut(i, k))
    }

    /// Changes body `i`'s velocity from now on (in the frame and in the state).
    fn set_velocity(&mut self, i: usize, v: V2) {
        self.vel[i] = v;
        self.version[i] += 1;
        self.bodies[i].set_velocity(v);
    }

    fn note_motion(&mut self, i: usize) {
        if self.bodies[i].is_moving() {
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
        let end = if self.frozen { self.now } else { FRAME };
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
                body.stop();
                self.report.left_board |= 1 << i;
                continue;
            }
            if body.speed.0 as i64 <= decel {
                body.stop();
            } else {
                body.speed -= Fx(decel as i32);
                moving = true;
            }
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
