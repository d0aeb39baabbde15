//! Freestyle, rule by rule (src/rules/RULES.md FS-1 … FS-6).

use crate::common::{Game, pieces, rule_from, settings};
use carrom::rules::{Foul, MatchState, NO_SIDE, Queen, Variant};
use carrom::sim::Kind::{self, Black as B, Queen as Q, White as W};

const FREESTYLE: Variant = Variant::Freestyle;

#[test]
fn fs_1_white_20_black_10_and_no_colours() {
    let mut g = Game::new(FREESTYLE, 2);
    assert!(g.state().colour(0).is_none());
    g.pocket(&[W, B]);
    assert_eq!(g.score(0), 30);
    g.pocket(&[]);
    g.pocket(&[W]);
    assert_eq!(g.score(1), 20, "colours are owned by nobody");
}

#[test]
fn fs_1_the_board_holds_320_points() {
    let total: i32 = [(W, 9), (B, 9), (Q, 1)]
        .into_iter()
        .map(|(k, n)| n * carrom::rules::value(&settings(FREESTYLE, 2), k))
        .sum();
    assert_eq!(total, 320);
}

#[test]
fn fs_2_partners_share_a_score_and_three_play_alone() {
    let mut g = Game::new(FREESTYLE, 4);
    g.pocket(&[W]);
    g.pocket(&[]);
    g.pocket(&[]);
    assert_eq!(g.shooter(), 2);
    g.pocket(&[B]);
    assert_eq!(g.score(0), 30, "seats 0 and 2 share");
    let mut g = Game::new(FREESTYLE, 3);
    g.pocket(&[W]);
    g.pocket(&[]);
    g.pocket(&[B]);
    assert_eq!((g.score(0), g.score(1), g.score(2)), (20, 10, 0));
}

#[test]
fn fs_3_any_clean_pocket_shoots_again_nothing_passes() {
    let mut g = Game::new(FREESTYLE, 2);
    assert_eq!(g.pocket(&[B]).turn_continues, 1);
    assert_eq!(g.pocket(&[]).turn_continues, 0);
    assert_eq!(g.shooter(), 2);
}

#[test]
fn fs_4_queen_with_another_piece_is_covered_at_once() {
    let mut g = Game::new(FREESTYLE, 2);
    g.pocket(&[Q, B]);
    assert_eq!(g.queen(), Queen::Covered);
    assert_eq!(g.score(0), 50 + 10);
}

#[test]
fn fs_4_queen_alone_then_cover() {
    let mut g = Game::new(FREESTYLE, 2);
    let r = g.pocket(&[Q]);
    assert_eq!(r.turn_continues, 1);
    assert_eq!(g.queen(), Queen::Pending);
    assert_eq!(g.score(0), 0, "the queen scores only once covered");
    g.pocket(&[W]);
    assert_eq!(g.queen(), Queen::Covered);
    assert_eq!(g.score(0), 50 + 20);
}

#[test]
fn fs_4_queen_alone_then_nothing_goes_back_and_the_turn_passes() {
    let mut g = Game::new(FREESTYLE, 2);
    g.pocket(&[Q]);
    let r = g.pocket(&[]);
    assert_eq!(r.queen_returned, 1);
    assert_eq!(g.on_board(Q), 1);
    assert_eq!(g.shooter(), 2);
    assert_eq!(g.score(0), 0);
}

#[test]
fn fs_4_the_queen_as_the_last_piece_counts_at_once() {
    let mut g = Game::with(FREESTYLE, 3, &[Q]);
    g.pocket(&[Q]);
    assert_eq!(g.queen(), Queen::Covered);
    assert_eq!(g.score(0), 50);
}

#[test]
fn fs_5_touching_nothing_is_a_foul_that_passes_the_turn() {
    let mut g = Game::new(FREESTYLE, 2);
    let r = g.miss();
    assert!(r.has(Foul::FreestyleNoTouch));
    assert_eq!(g.shooter(), 2);
}

#[test]
fn fs_5_a_foul_cancels_everything_pocketed_in_the_stroke() {
    let mut g = Game::new(FREESTYLE, 2);
    g.pocket(&[W]);
    let r = g.stroke(&[B, B], &[], true, true);
    assert!(r.has(Foul::FreestyleStrikerOff), "the striker pocketed counts as leaving");
    assert_eq!(g.on_board(B), 9);
    assert_eq!(g.on_board(W), 9, "and the last piece scored came back out");
    assert_eq!(g.score(0), 0);
}

#[test]
fn fs_5_striker_off_the_board_returns_the_most_recently_scored_piece() {
    let mut g = Game::new(FREESTYLE, 2);
    g.pocket(&[W]);
    g.pocket(&[B]);
    let r = g.stroke(&[], &[Kind::Striker], true, false);
    assert!(r.has(Foul::FreestyleStrikerOff));
    assert_eq!(g.score(0), 20, "the black (10) came back out");
    assert_eq!(g.on_board(B), 9);
}

#[test]
fn fs_5_with_four_players_the_shooters_own_piece_comes_back_not_the_partners() {
    let mut g = Game::new(FREESTYLE, 4);
    g.pocket(&[W]);
    g.pocket(&[]);
    g.pocket(&[]);
    assert_eq!(g.shooter(), 2, "seat 0's partner");
    g.pocket(&[B]);
    assert_eq!(g.score(0), 30);
    // Seat 2 pocketed the black most recently, but seat 0 sends the striker off: its own
    // white (20) comes back out.
    g.pocket(&[]);
    g.pocket(&[]);
    assert_eq!(g.shooter(), 0);
    let r = g.stroke(&[], &[Kind::Striker], true, false);
    assert!(r.has(Foul::FreestyleStrikerOff));
    assert_eq!(g.score(0), 10, "the partner's black stays");
    assert_eq!(g.on_board(W), 9);
    assert_eq!(g.on_board(B), 8);
}

#[test]
fn fs_5_a_striker_off_with_no_piece_of_ones_own_takes_nothing_back() {
    let mut g = Game::new(FREESTYLE, 4);
    g.pocket(&[]);
    g.pocket(&[]);
    assert_eq!(g.shooter(), 2);
    g.pocket(&[W]);
    g.pocket(&[]);
    g.pocket(&[]);
    assert_eq!(g.shooter(), 0);
    g.stroke(&[], &[Kind::Striker], true, false);
    assert_eq!(g.score(0), 20, "seat 0 had scored nothing; the partner keeps the white");
}

#[test]
fn cm_11_fs_5_a_covered_queen_sent_back_by_a_foul_is_on_the_board_again() {
    let mut g = Game::new(FREESTYLE, 2);
    g.pocket(&[Q, W]);
    assert_eq!(g.queen(), Queen::Covered);
    assert_eq!(g.score(0), 70);
    // The queen is the shooter's most recent piece (credited after the white): the
    // striker off the board brings her back out.
    let r = g.stroke(&[], &[Kind::Striker], true, false);
    assert!(r.has(Foul::FreestyleStrikerOff));
    assert_eq!(g.queen(), Queen::OnBoard, "uncovered and earnable again");
    assert_eq!(g.state().queen_side, carrom::rules::NO_SIDE);
    assert_eq!(g.on_board(Q), 1);
    assert_eq!(g.score(0), 20, "her 50 points are taken back");
}

#[test]
fn fs_5_a_foul_in_the_middle_of_a_cover_sends_the_queen_back() {
    let mut g = Game::new(FREESTYLE, 2);
    g.pocket(&[Q]);
    let r = g.miss();
    assert!(r.is_foul());
    assert_eq!(g.queen(), Queen::OnBoard);
    assert_eq!(g.on_board(Q), 1);
}

#[test]
fn fs_6_the_first_to_160_wins_at_once() {
    let s = settings(FREESTYLE, 2);
    let mut state = MatchState::new(&s);
    state.scores = [150, 0, 0, 0];
    let (_, r) = rule_from(&s, &state, &pieces(3, 3, true), &[W]);
    assert_eq!((r.match_over, r.match_winner), (1, 0));
}

#[test]
fn fs_6_a_cleared_board_goes_to_the_highest_score_and_level_is_a_draw() {
    let s = settings(FREESTYLE, 3);
    let mut state = MatchState::new(&s);
    state.scores = [100, 90, 120, 0];
    let (_, r) = rule_from(&s, &state, &[B], &[B]);
    assert_eq!((r.board_over, r.match_over, r.match_winner), (1, 1, 2), "110 / 90 / 120");
    state.scores = [110, 90, 120, 0];
    let (_, r) = rule_from(&s, &state, &[B], &[B]);
    assert_eq!((r.match_over, r.match_winner), (1, NO_SIDE), "120 all: a draw");
}
