//! Classic carrom, rule by rule (src/rules/RULES.md CL-1 … CL-12), with strokes given as
//! facts.

use crate::common::{Game, pieces, rule_from, seed_breaking_at, settings};
use carrom::game::Phase;
use carrom::rules::{Foul, Queen, Variant};
use carrom::sim::Kind::{self, Black as B, Queen as Q, White as W};

const CLASSIC: Variant = Variant::Classic;

#[test]
fn cl_1_two_sides_own_colours_and_the_breaker_plays_white() {
    let g = Game::new(CLASSIC, 2);
    assert_eq!(g.state().colour(0), Some(W));
    assert_eq!(g.state().colour(1), Some(B));
    let seed = seed_breaking_at(CLASSIC, 4, 1);
    let s =
        carrom::rules::Settings::new(CLASSIC, 4, carrom::sim::PresetId::Standard, 0, seed).unwrap();
    let m = carrom::game::Match::new(s);
    assert_eq!(m.standing().colour(1), Some(W), "seat 1 breaks, so its partnership plays white");
    assert_eq!(m.standing().colour(0), Some(B));
}

#[test]
fn cl_1_cl_12_three_players_own_no_colours() {
    let g = Game::new(CLASSIC, 3);
    assert!((0..3).all(|s| g.state().colour(s).is_none()));
}

#[test]
fn cl_2_later_boards_are_broken_by_the_next_seat() {
    let mut g = Game::with(CLASSIC, 2, &[W, B, Q]);
    let r = g.pocket(&[Q, W]);
    assert_eq!(r.board_over, 1);
    g.next_board();
    assert_eq!(g.state().board, 2);
    assert_eq!(g.shooter(), 2);
    assert_eq!(g.state().breaker, 2);
    assert_eq!(g.state().colour(1), Some(W), "the new breaker's side plays white");
    assert_eq!(g.on_board(W), 9);
}

#[test]
fn cl_3_the_breaker_has_three_attempts_then_it_is_a_foul() {
    let mut g = Game::new(CLASSIC, 2);
    for attempt in 1..=2 {
        let r = g.miss();
        assert!(!r.is_foul(), "attempt {attempt}");
        assert_eq!(g.shooter(), 0, "the breaker tries again");
    }
    let r = g.miss();
    assert!(r.has(Foul::FailedBreak));
    assert_eq!(g.shooter(), 2);
    assert_eq!(g.state().dues[0], 1, "no piece to pay with: a due (CL-9 Decision)");
    // The break passes on, with fresh attempts.
    assert!(!g.miss().is_foul());
    assert_eq!(g.shooter(), 2);
}

#[test]
fn cl_3_a_break_that_touches_a_piece_succeeds() {
    let mut g = Game::new(CLASSIC, 2);
    let r = g.pocket(&[]);
    assert!(!r.is_foul());
    assert_eq!(g.state().broken, 1);
    assert_eq!(g.shooter(), 2, "nothing pocketed: the turn passes");
}

#[test]
fn cl_4_own_piece_or_queen_keeps_the_turn_anything_else_passes_it() {
    let mut g = Game::new(CLASSIC, 2);
    assert_eq!(g.pocket(&[W]).turn_continues, 1);
    assert_eq!(g.shooter(), 0);
    assert_eq!(g.pocket(&[Q]).turn_continues, 1, "the queen keeps the turn (to cover)");
    assert_eq!(g.pocket(&[W]).turn_continues, 1);
    assert_eq!(g.pocket(&[]).turn_continues, 0);
    assert_eq!(g.shooter(), 2);
}

#[test]
fn cl_5_queen_before_any_own_piece_goes_back_without_a_foul() {
    let mut g = Game::new(CLASSIC, 2);
    let r = g.pocket(&[Q]);
    assert!(!r.is_foul());
    assert_eq!(r.queen_returned, 1);
    assert_eq!(g.queen(), Queen::OnBoard);
    assert_eq!(g.on_board(Q), 1);
    assert_eq!(g.m.table().bodies()[1].pos, carrom::sim::V2::ZERO, "back on the centre spot");
}

#[test]
fn cl_5_cl_6_queen_with_own_piece_in_the_same_stroke_is_covered() {
    let mut g = Game::new(CLASSIC, 2);
    g.pocket(&[Q, W]);
    assert_eq!(g.queen(), Queen::Covered);
    assert_eq!(g.state().queen_side, 0);
}

#[test]
fn cl_6_queen_covered_in_the_next_stroke() {
    let mut g = Game::new(CLASSIC, 2);
    g.pocket(&[W]);
    g.pocket(&[Q]);
    assert_eq!(g.queen(), Queen::Pending);
    assert_eq!(g.shooter(), 0);
    g.pocket(&[W]);
    assert_eq!(g.queen(), Queen::Covered);
}

#[test]
fn cl_6_queen_not_covered_in_the_next_stroke_goes_back() {
    let mut g = Game::new(CLASSIC, 2);
    g.pocket(&[W]);
    g.pocket(&[Q]);
    let r = g.pocket(&[]);
    assert_eq!(r.queen_returned, 1);
    assert_eq!(g.queen(), Queen::OnBoard);
    assert_eq!(g.on_board(Q), 1);
    assert_eq!(g.shooter(), 2);
}

#[test]
fn cl_7_cl_8_last_piece_after_the_queen_wins_the_board_with_points() {
    let mut g = Game::with(CLASSIC, 2, &[W, W, B, B, B, Q]);
    g.pocket(&[W]);
    let r = g.pocket(&[Q, W]);
    assert_eq!(r.board_over, 1);
    assert_eq!(r.board_winner, 0);
    assert_eq!(r.board_points, 3 + 5, "three black left, plus the queen");
    assert_eq!(g.score(0), 8);
    assert_eq!(g.m.phase(), Phase::BoardOver);
}

#[test]
fn cl_8_no_queen_bonus_for_a_winner_who_did_not_cover() {
    let mut g = Game::with(CLASSIC, 2, &[W, B, B, B, Q]);
    g.pocket(&[]);
    assert_eq!(g.shooter(), 2);
    g.pocket(&[B]);
    g.pocket(&[Q, B]);
    assert_eq!(g.state().queen_side, 1);
    g.pocket(&[]);
    let r = g.pocket(&[W]);
    assert_eq!((r.board_winner, r.board_points), (0, 1));
}

#[test]
fn cl_9a_striker_pocketed_returns_own_pieces_and_costs_a_penalty() {
    let mut g = Game::new(CLASSIC, 2);
    let r = g.stroke(&[W], &[], true, true);
    assert!(r.has(Foul::StrikerPocketed));
    assert_eq!(g.on_board(W), 9);
    assert_eq!(g.state().dues[0], 1);
    assert_eq!(g.shooter(), 2, "a foul ends the turn");
}

#[test]
fn cl_9b_a_piece_leaving_the_board_goes_back_with_own_pieces_pocketed() {
    let mut g = Game::with(CLASSIC, 2, &[W, W, B, B, Q]);
    let r = g.stroke(&[W], &[B], true, false);
    assert!(r.has(Foul::LeftBoard));
    assert_eq!((g.on_board(W), g.on_board(B)), (2, 2));
    let r = g.stroke(&[], &[Kind::Striker], true, false);
    assert!(r.has(Foul::LeftBoard), "the striker leaving counts too");
}

#[test]
fn cm_7_a_returned_piece_goes_to_the_centre_spot_when_free() {
    let mut g = Game::with(CLASSIC, 2, &[W, W, B, B, Q]);
    g.stroke(&[], &[B], true, false);
    let black_at_centre = g.m.table().bodies()[1..]
        .iter()
        .any(|b| b.kind() == B && b.is_on_board() && b.pos == carrom::sim::V2::ZERO);
    assert!(black_at_centre);
}

#[test]
fn cl_9c_opponent_piece_goes_back_with_the_queen_other_pieces_stay() {
    let mut g = Game::new(CLASSIC, 2);
    g.pocket(&[W]);
    let r = g.pocket(&[Q, B, W]);
    assert!(r.has(Foul::OpponentPiece));
    assert_eq!(g.on_board(B), 9);
    assert_eq!(g.on_board(Q), 1);
    // The white of this stroke stays pocketed; the penalty piece (most recent) goes back.
    assert_eq!(g.on_board(W), 8);
    assert_eq!(g.state().dues[0], 0);
}

#[test]
fn cl_9d_own_last_piece_before_the_queen_is_covered() {
    let mut g = Game::with(CLASSIC, 2, &[W, B, Q]);
    let r = g.pocket(&[W]);
    assert!(r.has(Foul::LastBeforeQueen));
    assert_eq!(g.on_board(W), 1);
    assert_eq!(g.state().dues[0], 1);
}

#[test]
fn cl_9e_opponent_last_piece_goes_back_with_the_penalty_piece() {
    let mut g = Game::with(CLASSIC, 2, &[W, W, W, B, Q]);
    g.pocket(&[W]);
    let r = g.pocket(&[B]);
    assert!(r.has(Foul::OpponentLast));
    assert_eq!(g.on_board(B), 1);
    assert_eq!(g.on_board(W), 3, "the penalty piece came back");
}

#[test]
fn cl_9_decision_a_due_is_paid_with_the_next_own_piece() {
    let mut g = Game::new(CLASSIC, 2);
    g.stroke(&[], &[Kind::Striker], true, false);
    assert_eq!(g.state().dues[0], 1);
    g.pocket(&[]);
    assert_eq!(g.shooter(), 0);
    let r = g.pocket(&[W]);
    assert_eq!(g.state().dues[0], 0);
    assert_eq!(g.on_board(W), 9, "the pocketed white paid the due");
    assert_eq!(r.turn_continues, 1);
}

#[test]
fn cl_10_twenty_five_points_wins_the_match() {
    let s = settings(CLASSIC, 2);
    let mut state = carrom::rules::MatchState::new(&s);
    state.scores = [20, 0, 0, 0];
    state.queen = Queen::Covered as u8;
    state.queen_side = 0;
    state.broken = 1;
    let (after, r) = rule_from(&s, &state, &[W, B, B], &[W]);
    assert_eq!((r.board_winner, r.board_points), (0, 7));
    assert_eq!(after.scores[0], 27);
    assert_eq!((r.match_over, r.match_winner), (1, 0));
}

#[test]
fn cl_10_after_eight_boards_the_highest_total_wins_and_a_tie_plays_on() {
    let s = settings(CLASSIC, 2);
    let mut state = carrom::rules::MatchState::new(&s);
    state.board = 8;
    state.queen = Queen::Covered as u8;
    state.queen_side = 0;
    state.broken = 1;
    state.scores = [4, 10, 0, 0];
    let (_, r) = rule_from(&s, &state, &[W, B, B], &[W]);
    assert_eq!((r.match_over, r.match_winner), (1, 0), "4 + 7 = 11 beats 10");
    state.scores = [3, 10, 0, 0];
    let (_, r) = rule_from(&s, &state, &[W, B, B], &[W]);
    assert_eq!((r.board_over, r.match_over), (1, 0), "10 all: one more board");
}

#[test]
fn cl_11_partners_share_colour_and_score() {
    let mut g = Game::new(CLASSIC, 4);
    g.pocket(&[W]);
    g.pocket(&[]);
    assert_eq!(g.shooter(), 1);
    g.pocket(&[]);
    assert_eq!(g.shooter(), 2);
    g.pocket(&[W]);
    let whites_of_side_0 = (0..20).filter(|&i| g.state().credited(i) == Some(0)).count();
    assert_eq!(whites_of_side_0, 2, "seats 0 and 2 pocket for one partnership");
}

#[test]
fn cm_6_play_passes_counter_clockwise_to_each_seat() {
    let mut g = Game::new(CLASSIC, 4);
    let mut order = vec![g.shooter()];
    for _ in 0..4 {
        g.pocket(&[]);
        order.push(g.shooter());
    }
    assert_eq!(order, [0, 1, 2, 3, 0]);
}

#[test]
fn cl_12_three_players_score_black_1_white_2_queen_5() {
    let mut g = Game::new(CLASSIC, 3);
    g.pocket(&[W, B]);
    assert_eq!(g.score(0), 3);
    assert_eq!(g.shooter(), 0, "any clean pocket keeps the turn");
    g.pocket(&[]);
    assert_eq!(g.shooter(), 1);
    g.pocket(&[Q]);
    assert_eq!(g.queen(), Queen::Pending);
    g.pocket(&[B]);
    assert_eq!(g.queen(), Queen::Covered);
    assert_eq!(g.score(1), 1 + 5);
}

#[test]
fn cl_12_a_foul_returns_the_stroke_and_the_most_recent_piece_with_its_points() {
    let mut g = Game::new(CLASSIC, 3);
    g.pocket(&[W, B]);
    let r = g.stroke(&[W], &[], true, true);
    assert!(r.has(Foul::StrikerPocketed));
    assert_eq!(g.score(0), 2, "the black (1) came back out");
    assert_eq!(g.on_board(W), 8);
    assert_eq!(g.on_board(B), 9);
}

#[test]
fn cl_12_first_to_twenty_five_wins_at_once() {
    let s = settings(CLASSIC, 3);
    let mut state = carrom::rules::MatchState::new(&s);
    state.scores = [24, 0, 0, 0];
    state.broken = 1;
    let (_, r) = rule_from(&s, &state, &pieces(3, 3, true), &[W]);
    assert_eq!((r.match_over, r.match_winner), (1, 0));
    assert_eq!(r.board_over, 0);
}

#[test]
fn cl_12_a_lone_queen_counts_at_once_and_an_empty_board_ends_it() {
    let mut g = Game::with(CLASSIC, 3, &[Q, W]);
    g.pocket(&[W]);
    let r = g.pocket(&[Q]);
    assert_eq!(g.queen(), Queen::Covered);
    assert_eq!(g.score(0), 2 + 5);
    assert_eq!(r.board_over, 1);
    assert_eq!(r.board_winner, carrom::rules::NO_SIDE);
}
