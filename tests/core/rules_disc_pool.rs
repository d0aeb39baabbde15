//! Disc Pool, rule by rule (src/rules/RULES.md DP-1 … DP-6).

use crate::common::Game;
use carrom::game::Match;
use carrom::rules::{Foul, Queen, Settings, Variant};
use carrom::sim::Kind::{Black as B, Queen as Q, White as W};
use carrom::sim::{Kind, PresetId};

const DISC_POOL: Variant = Variant::DiscPool;

#[test]
fn dp_1_the_classic_rack_without_the_queen() {
    let g = Game::new(DISC_POOL, 2);
    assert_eq!((g.on_board(W), g.on_board(B), g.on_board(Q)), (9, 9, 0));
    assert_eq!(g.queen(), Queen::Absent);
}

#[test]
fn dp_2_player_one_is_white_and_breaks() {
    for players in [2, 4] {
        let s = Settings::new(DISC_POOL, players, PresetId::Standard, 0, 77).unwrap();
        let m = Match::new(s);
        assert_eq!(m.shooter().0, 0, "{players} players");
        assert_eq!(m.standing().colour(0), Some(W));
        assert_eq!(m.standing().colour(1), Some(B));
    }
}

#[test]
fn dp_3_every_disc_counts_for_its_colour_whoever_pockets_it() {
    let mut g = Game::new(DISC_POOL, 2);
    let r = g.pocket(&[B]);
    assert_eq!((g.score(0), g.score(1)), (0, 1));
    assert!(!r.is_foul(), "pocketing the other colour is no foul in Disc Pool");
}

#[test]
fn dp_4_shoot_again_only_after_pocketing_your_colour() {
    let mut g = Game::new(DISC_POOL, 2);
    assert_eq!(g.pocket(&[B]).turn_continues, 0, "white pocketed only black");
    assert_eq!(g.shooter(), 2);
    assert_eq!(g.pocket(&[W, B]).turn_continues, 1, "black pocketed one of each");
    assert_eq!((g.score(0), g.score(1)), (1, 2), "both discs count, each for its side");
    assert_eq!(g.pocket(&[]).turn_continues, 0);
}

#[test]
fn dp_5_a_foul_only_ends_the_turn_and_nothing_goes_back() {
    let mut g = Game::new(DISC_POOL, 2);
    let r = g.miss();
    assert!(r.has(Foul::DiscPoolNoTouch));
    assert_eq!(g.shooter(), 2);
    let r = g.stroke(&[B, W], &[], true, true);
    assert!(r.has(Foul::DiscPoolStrikerOff));
    assert_eq!(r.returned_count, 0);
    assert_eq!((g.score(0), g.score(1)), (1, 1), "discs of a foul stroke still count");
    assert_eq!(g.shooter(), 0);
    let r = g.stroke(&[], &[Kind::Striker], true, false);
    assert!(r.has(Foul::DiscPoolStrikerOff), "the striker leaving the board");
}

#[test]
fn dp_6_the_first_side_with_all_nine_down_wins() {
    let mut g = Game::with(DISC_POOL, 2, &[W, B, B]);
    let r = g.pocket(&[W]);
    assert_eq!((r.match_over, r.match_winner), (1, 0));
    assert_eq!(g.m.phase(), carrom::game::Phase::MatchOver);
}

#[test]
fn dp_6_pocketing_the_opponents_last_disc_makes_them_win() {
    let mut g = Game::with(DISC_POOL, 2, &[W, W, B]);
    let r = g.pocket(&[B]);
    assert_eq!((r.match_over, r.match_winner), (1, 1));
}

#[test]
fn dp_6_one_stroke_completing_both_sides_wins_for_the_shooter() {
    let mut g = Game::with(DISC_POOL, 2, &[W, B]);
    g.pocket(&[]);
    assert_eq!(g.shooter(), 2);
    let r = g.pocket(&[W, B]);
    assert_eq!((r.match_over, r.match_winner), (1, 1));
}
