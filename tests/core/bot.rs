//! The carrom bot: legal, deterministic, takes a sitter, covers the queen.

use carrom::bot::{BotLevel, choose, geometric};
use carrom::game::{Input, Match, Phase, advance};
use carrom::rules::{Queen, Settings, Variant};
use carrom::sim::{Fx, Kind, PresetId, Table, V2, preset::pocket_centre};

const LEVELS: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Medium, BotLevel::Hard];

/// Plays `stroke` for the shooter and returns the match after the ruling.
fn play(m: &Match, stroke: carrom::sim::Stroke) -> Match {
    let mut m = *m;
    let mut inputs = vec![Input::ZERO; m.settings().players as usize];
    inputs[m.settings().player_at(m.shooter()).unwrap()] = Input::commit(m.next_stroke(), stroke);
    advance(&mut m, &inputs);
    while m.phase() == Phase::Motion {
        advance(&mut m, &inputs);
    }
    m
}

#[test]
fn the_bot_never_submits_an_illegal_stroke() {
    for (variant, players) in
        [(Variant::Classic, 2), (Variant::DiscPool, 4), (Variant::Freestyle, 3)]
    {
        let mut m = Match::new(crate::common::settings(variant, players));
        for turn in 0..6 {
            if m.phase() != Phase::Aim {
                break;
            }
            for level in LEVELS {
                let s = choose(&m, level, Some(60)).stroke;
                assert!(
                    m.table().check_stroke(m.shooter(), &s).is_ok(),
                    "{variant:?} turn {turn} {level:?}"
                );
            }
            let g = geometric(&m);
            assert!(m.table().check_stroke(m.shooter(), &g).is_ok());
            let next = play(&m, choose(&m, BotLevel::Medium, Some(60)).stroke);
            assert!(next.next_stroke() > m.next_stroke(), "the game accepted the stroke");
            m = next;
            while m.phase() == Phase::BoardOver {
                advance(&mut m, &[Input::ZERO; 4]);
            }
        }
    }
}

#[test]
fn the_same_match_level_and_budget_give_the_same_stroke() {
    let m = Match::new(crate::common::settings(Variant::Classic, 2));
    let a = choose(&m, BotLevel::Hard, Some(150));
    let b = choose(&m, BotLevel::Hard, Some(150));
    assert_eq!(a, b);
    // Recorded once; the cross-target check runs this on i686 and wasm32 too.
    assert_eq!((a.stroke.placement, a.stroke.angle, a.stroke.power), RECORDED);
}

const RECORDED: (i16, u16, u16) = (-17_640, 14_060, 2_741);

#[test]
fn hard_takes_a_sitter_every_time() {
    let p = PresetId::Standard.preset();
    let pocket = pocket_centre(p, 2);
    let back = Fx::milli_cm(4_000).0;
    let sitter = V2::new(Fx(pocket.x.0 - back), Fx(pocket.y.0 - back));
    let pieces = [
        (Kind::White, sitter),
        (Kind::Black, V2::new(Fx::milli_cm(-20_000), Fx::milli_cm(5_000))),
        (Kind::Black, V2::new(Fx::milli_cm(-5_000), Fx::milli_cm(20_000))),
    ];
    for seed in 0..6 {
        let settings = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 0, seed).unwrap();
        let table = Table::with_pieces(PresetId::Standard, &pieces).unwrap();
        let m = Match::with_table(settings, table);
        let after = play(&m, choose(&m, BotLevel::Hard, Some(400)).stroke);
        assert!(!after.table().bodies()[1].is_on_board(), "seed {seed}: the sitter is still there");
    }
}

#[test]
fn hard_covers_a_pending_queen() {
    // Side 0 has pocketed the queen alone; two whites sit near pockets.
    let mut g =
        crate::common::Game::with(Variant::Freestyle, 2, &[Kind::White, Kind::White, Kind::Queen]);
    let p = PresetId::Standard.preset();
    let near = |k: u8| {
        let c = pocket_centre(p, k);
        let back = Fx::milli_cm(5_000).0;
        V2::new(Fx(c.x.0 - c.x.0.signum() * back), Fx(c.y.0 - c.y.0.signum() * back))
    };
    let table = Table::with_pieces(
        PresetId::Standard,
        &[(Kind::White, near(2)), (Kind::White, near(3)), (Kind::Queen, V2::ZERO)],
    )
    .unwrap();
    g.m = Match::with_table(*g.m.settings(), table);
    g.pocket(&[Kind::Queen]);
    assert_eq!(g.queen(), Queen::Pending);
    let after = play(&g.m, choose(&g.m, BotLevel::Hard, Some(400)).stroke);
    assert_eq!(after.standing().queen(), Queen::Covered, "hard goes for the cover");
}

#[test]
fn a_piece_stranded_behind_the_shooters_baseline_is_brought_back_into_play() {
    // Seen in a Classic match that never ended: each side's last piece lay behind its own
    // baseline, and both bots played safe for ever.
    let behind = V2::new(Fx::milli_cm(6_700), Fx::milli_cm(-30_100));
    let pieces = [(Kind::White, behind)];
    let seeds: Vec<u64> = (0..100)
        .filter(|&seed| {
            let s = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 0, seed).unwrap();
            s.first_breaker().0 == 0
        })
        .take(4)
        .collect();
    assert_eq!(seeds.len(), 4);
    for seed in seeds {
        let settings = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 0, seed).unwrap();
        let table = Table::with_pieces(PresetId::Standard, &pieces).unwrap();
        let m = Match::with_table(settings, table);
        assert_eq!(m.shooter().0, 0);
        let after = play(&m, choose(&m, BotLevel::Hard, None).stroke);
        let piece = after.table().bodies()[1];
        let line = -PresetId::Standard.preset().baseline_distance().0;
        assert!(
            !piece.is_on_board() || piece.pos.y.0 > line,
            "seed {seed}: the piece is still stranded at {:?}",
            piece.pos
        );
    }
}

#[test]
fn reach_counts_pieces_ahead_of_the_shooters_baseline_and_against_those_behind() {
    let settings = crate::common::settings(Variant::Freestyle, 2);
    let at = |y: i32| V2::new(Fx::milli_cm(3_000), Fx::milli_cm(y));
    let table = Table::with_pieces(
        PresetId::Standard,
        &[(Kind::White, at(-30_000)), (Kind::Black, at(0)), (Kind::Black, at(30_000))],
    )
    .unwrap();
    let m = Match::with_table(settings, table);
    assert_eq!(m.shooter().0, 0);
    assert_eq!(carrom::bot::judge::reach(&m, m.table(), &[1, 2, 3]), 1);
    assert_eq!(carrom::bot::judge::reach(&m, m.table(), &[1]), -1);
}
