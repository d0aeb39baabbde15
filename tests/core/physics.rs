//! The calibration and capture checks of src/sim/PHYSICS.md, and the striker/pocket fit
//! rule.

use carrom::sim::{
    Contact, Fx, Kind, Moment, Observer, PresetId, STRIKER, Seat, Stroke, Table, V2,
    preset::pocket_centre,
};

/// Records every contact of a stroke.
#[derive(Default)]
struct Contacts(Vec<Contact>);

impl Observer for Contacts {
    fn event(&mut self, contact: Contact, _: &Moment<'_>) {
        self.0.push(contact);
    }
}

const NORTH: u16 = 16_384;
const BOARD_LENGTH_NM: i64 = 740_000_000;

fn cm(v: f64) -> Fx {
    Fx((v * 1e7).round() as i32)
}

/// Path length of the striker, shot straight north from seat 0's baseline middle on an
/// empty board: along a straight line, the distance between frames, counting a bounce
/// frame as the way to the cushion and back.
fn straight_run(preset: PresetId) -> i64 {
    let mut table = Table::with_pieces(preset, &[]).unwrap();
    table.start_stroke(Seat(0), &Stroke { placement: 0, angle: NORTH, power: 10_000 }).unwrap();
    let wall = (table.preset().half_size - table.preset().striker_radius).0 as i64;
    let mut path = 0;
    loop {
        let before = table.bodies()[STRIKER];
        let moving = table.step();
        let after = table.bodies()[STRIKER];
        assert_eq!(after.pos.x, Fx(0), "a straight shot stays on its line");
        let (y0, y1) = (before.pos.y.0 as i64, after.pos.y.0 as i64);
        let going_north = before.heading.y > 0;
        let bounced = after.heading.y != 0 && (after.heading.y > 0) != going_north;
        path += if bounced {
            let cushion = if going_north { wall } else { -wall };
            (cushion - y0).abs() + (cushion - y1).abs()
        } else {
            (y1 - y0).abs()
        };
        if !moving {
            return path;
        }
    }
}

#[test]
fn calibration_full_power_runs_two_and_a_half_to_three_and_a_half_lengths() {
    for preset in [PresetId::Standard, PresetId::Icf] {
        let path = straight_run(preset);
        let lengths = path as f64 / BOARD_LENGTH_NM as f64;
        assert!(
            (2 * BOARD_LENGTH_NM + BOARD_LENGTH_NM / 2..=3 * BOARD_LENGTH_NM + BOARD_LENGTH_NM / 2)
                .contains(&path),
            "{preset:?}: {lengths:.3} board lengths"
        );
    }
}

/// Rolls a coin at `speed_cm_s` from 6 cm out, straight at the centre of `pocket`, and
/// returns what happened first at a pocket.
fn roll_into_pocket(preset: PresetId, pocket: u8, speed_cm_s: i64) -> Contact {
    let p = preset.preset();
    let centre = pocket_centre(p, pocket);
    let (sx, sy) = (centre.x.0.signum(), centre.y.0.signum());
    let back = cm(6.0 / 2f64.sqrt()).0;
    let start = V2::new(Fx(centre.x.0 - sx * back), Fx(centre.y.0 - sy * back));
    let mut table = Table::with_pieces(preset, &[(Kind::White, start)]).unwrap();
    // Diagonal velocity of the given speed, in nm per frame.
    let per_axis = (speed_cm_s * 10_000_000 / 60) as f64 / 2f64.sqrt();
    let v = Fx(per_axis.round() as i32);
    table.push(1, V2::new(Fx(sx * v.0), Fx(sy * v.0)));
    let mut contacts = Contacts::default();
    while table.step_observed(&mut contacts) {}
    contacts.0[0]
}

#[test]
fn capture_a_piece_entering_at_200_cm_s_drops() {
    for preset in [PresetId::Standard, PresetId::Icf] {
        for pocket in 0..4 {
            assert_eq!(roll_into_pocket(preset, pocket, 200), Contact::Dropped(1, pocket));
        }
    }
}

#[test]
fn capture_a_piece_entering_at_280_cm_s_bounces_out() {
    for preset in [PresetId::Standard, PresetId::Icf] {
        for pocket in 0..4 {
            assert_eq!(roll_into_pocket(preset, pocket, 280), Contact::BouncedOut(1, pocket));
        }
    }
}

#[test]
fn capture_threshold_is_240_cm_s_at_entry() {
    // The coin reaches the rim (3.65 cm away) within its first frame, before friction
    // (applied at the end of each frame) has slowed it: it enters at its launch speed.
    assert_eq!(roll_into_pocket(PresetId::Standard, 2, 240), Contact::Dropped(1, 2));
    assert_eq!(roll_into_pocket(PresetId::Standard, 2, 241), Contact::BouncedOut(1, 2));
}

/// Shoots the striker from the right base circle of seat 0 at the north-east pocket.
fn striker_at_pocket(preset: PresetId, power: u16) -> Table {
    let mut table = Table::with_pieces(preset, &[]).unwrap();
    let p = table.preset();
    let from = Seat(0).striker_spot(p, p.base_circle_offset());
    let to = pocket_centre(p, 2);
    let angle = ((to.y.0 - from.y.0) as f64).atan2((to.x.0 - from.x.0) as f64);
    let angle = (angle / std::f64::consts::TAU * 65_536.0).round() as u16;
    let placement = (p.base_circle_offset().0 / 10_000) as i16;
    table.start_stroke(Seat(0), &Stroke { placement, angle, power }).unwrap();
    table.run_to_rest();
    table
}

#[test]
fn striker_is_never_pocketed_on_the_standard_board() {
    for power in (500..=10_000).step_by(500) {
        let table = striker_at_pocket(PresetId::Standard, power);
        assert!(!table.report().striker_pocketed(), "power {power}");
        assert!(table.report().pocketed().is_empty());
    }
}

#[test]
fn striker_can_be_pocketed_on_the_icf_board() {
    let dropped: Vec<u16> = (500..=10_000)
        .step_by(500)
        .filter(|&power| striker_at_pocket(PresetId::Icf, power).report().striker_pocketed())
        .collect();
    assert!(!dropped.is_empty());
    // Too hard and it bounces out of the pocket.
    assert!(!dropped.contains(&10_000), "{dropped:?}");
    let table = striker_at_pocket(PresetId::Icf, dropped[0]);
    assert_eq!(table.report().pocketed()[0].body, STRIKER as u8);
    assert_eq!(table.report().pocketed()[0].pocket, 2);
}

#[test]
fn a_stroke_with_no_power_ends_at_once_touching_nothing() {
    let mut table = Table::racked(PresetId::Standard, true);
    table.start_stroke(Seat(0), &Stroke { placement: 0, angle: NORTH, power: 0 }).unwrap();
    let report = table.run_to_rest();
    assert_eq!(report.frames, 1);
    assert!(!report.striker_touched());
    assert_eq!(report.pieces_moved(), 0);
}

#[test]
fn full_power_break_scatters_the_rack() {
    let mut table = Table::racked(PresetId::Standard, true);
    table.start_stroke(Seat(0), &Stroke { placement: 0, angle: NORTH, power: 10_000 }).unwrap();
    let report = table.run_to_rest();
    assert_eq!(report.first_contact, 17, "the striker meets the outer piece at 270° first");
    assert!(report.pieces_moved() >= 15, "{}", report.pieces_moved());
    assert!(report.frames > 60 && report.frames < 20 * 60, "{}", report.frames);
    assert_eq!(report.capped, 0);
}

/// A coin struck at full power from close by leaves faster than the striker came; the
/// table is still one a saved match, a watcher's stream or an offer to resume may carry
/// (it once was refused there as damaged, and a hold whose anchor fell on such a frame
/// waited for ever).
#[test]
fn a_coin_struck_at_full_power_from_close_by_is_a_sound_table_throughout() {
    for preset in [PresetId::Standard, PresetId::Icf] {
        let p = preset.preset();
        let full = p.full_power_speed.0;
        let baseline = -p.baseline_distance().0;
        let mut fastest = 0;
        for gap_mm in [1, 3, 10, 30] {
            let y = baseline + (p.striker_radius + p.coin_radius).0 + gap_mm * (Fx::PER_CM / 10);
            let coin = V2::new(Fx(0), Fx(y));
            let mut table = Table::with_pieces(preset, &[(Kind::White, coin)]).unwrap();
            let stroke = Stroke { placement: 0, angle: NORTH, power: 10_000 };
            table.start_stroke(Seat(0), &stroke).unwrap();
            loop {
                fastest = fastest.max(table.bodies()[1].speed.0);
                let bytes = bytemuck::bytes_of(&table);
                let read: Table = bytemuck::pod_read_unaligned(bytes);
                assert!(
                    read.is_sound(),
                    "{preset:?}, {gap_mm} mm: frame {}",
                    table.report().frames
                );
                if !table.step() {
                    break;
                }
            }
        }
        assert!(fastest > full, "{preset:?}: the coin outran full power ({fastest} ≤ {full})");
    }
}

/// A piece faster than the striker's whole energy at full power could make it is no
/// table a stroke leaves.
#[test]
fn a_piece_faster_than_any_stroke_can_make_it_is_not_sound() {
    let p = PresetId::Standard.preset();
    let mut table = Table::racked(PresetId::Standard, true);
    assert!(table.is_sound());
    table.push(1, V2::new(Fx(2 * p.full_power_speed.0), Fx(0)));
    assert!(!table.is_sound(), "twice full power: more than √(150/55) = 1.65 times");
}
