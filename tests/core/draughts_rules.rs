//! English draughts, rule by rule (src/rules/RULES.md CK-1 … CK-10), with perft and
//! PDN/FEN.

use carrom::draughts::pdn::{
    Outcome, read_fen, read_game, read_move, write_fen, write_game, write_move,
};
use carrom::draughts::perft::{divide, perft};
use carrom::draughts::{Colour, Moves, Position, apply, generate};

/// The legal moves of a FEN position as PDN strings, sorted (one per move for play).
fn moves(fen: &str) -> Vec<String> {
    let pos = read_fen(fen).unwrap();
    let mut list = Moves::default();
    generate(&pos, false, &mut list);
    let mut out: Vec<String> = list.as_slice().iter().map(write_move).collect();
    out.sort();
    out
}

#[test]
fn perft_from_the_start_matches_the_published_table_in_both_modes() {
    let expected = [7, 49, 302, 1_469, 7_361, 36_768, 179_740];
    for (depth, &leaves) in (1..).zip(&expected) {
        assert_eq!(perft(&Position::START, depth, false), leaves, "depth {depth}");
        assert_eq!(perft(&Position::START, depth, true), leaves, "depth {depth}, all paths");
    }
}

#[test]
fn divide_splits_the_count_by_root_move() {
    let parts = divide(&Position::START, 3, false);
    assert_eq!(parts.len(), 7);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 302);
}

#[test]
fn ck_1_ck_2_twelve_men_each_black_to_move() {
    assert_eq!(read_fen("B:W21-32:B1-12").unwrap(), Position::START);
    assert_eq!((Position::START.black.count_ones(), Position::START.red.count_ones()), (12, 12));
    assert_eq!(
        moves("B:W21-32:B1-12"),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
}

#[test]
fn ck_2_the_sides_alternate() {
    let after = apply(&Position::START, &read_move(&Position::START, "11-15").unwrap());
    assert_eq!(after.to_move(), Colour::Red);
    assert!(read_move(&after, "12-16").is_err(), "Black does not move twice");
    assert!(read_move(&after, "23-19").is_ok());
}

#[test]
fn ck_3_men_step_one_square_diagonally_forward() {
    assert_eq!(moves("B:W:B14"), ["14-17", "14-18"]);
    assert_eq!(moves("W:W14:B"), ["14-10", "14-9"]);
}

#[test]
fn ck_4_a_capture_jumps_an_adjacent_piece_onto_the_empty_square_behind() {
    assert_eq!(moves("B:W18:B14"), ["14x23"]);
    let pos = read_fen("B:W18:B14").unwrap();
    let after = apply(&pos, &read_move(&pos, "14x23").unwrap());
    assert_eq!(after.red, 0, "the jumped piece is removed");
    assert_eq!(moves("B:W18,23:B14"), ["14-17"], "no empty square behind: no capture");
}

#[test]
fn ck_4_men_capture_forward_only() {
    assert_eq!(moves("B:W10:B14"), ["14-17", "14-18"]);
}

#[test]
fn ck_5_capture_is_compulsory_but_any_capture_may_be_chosen() {
    assert_eq!(moves("B:W17,18:B14"), ["14x21", "14x23"]);
    // A single jump is as legal as the double jumps elsewhere.
    assert_eq!(moves("B:W10,18,19:B6,14"), ["14x23", "6x15x22", "6x15x24"]);
    let pos = read_fen("B:W18:B9,14").unwrap();
    let err = read_move(&pos, "9-13").unwrap_err();
    assert!(err.problem.contains("compulsory"), "{err}");
}

#[test]
fn ck_6_a_multi_jump_must_be_completed() {
    assert_eq!(moves("B:W10,19:B6"), ["6x15x24"]);
    let pos = read_fen("B:W10,19:B6").unwrap();
    assert!(read_move(&pos, "6x15").is_err(), "stopping half way is not a move");
    assert_eq!(write_move(&read_move(&pos, "6x24").unwrap()), "6x15x24", "the short form");
}

#[test]
fn ck_7_crowning_ends_the_move_even_mid_jump() {
    assert_eq!(moves("B:W26,27:B22"), ["22x31"], "as a king it could go on over 27");
    let pos = read_fen("B:W26,27:B22").unwrap();
    let after = apply(&pos, &read_move(&pos, "22x31").unwrap());
    assert_eq!(write_fen(&after), "W:W27:BK31");
}

#[test]
fn ck_8_kings_step_and_capture_every_way_but_do_not_fly() {
    assert_eq!(moves("B:W:BK14"), ["14-10", "14-17", "14-18", "14-9"]);
    assert_eq!(moves("B:W10:BK14"), ["14x7"], "a king captures backwards");
    assert_eq!(moves("B:W7:BK14"), ["14-10", "14-17", "14-18", "14-9"], "no capture from afar");
}

#[test]
fn two_paths_with_the_same_start_end_and_removed_set_are_one_move_for_play() {
    // A king can take a ring of four pieces going round either way.
    let ring = read_fen("B:W14,15,22,23:BK10").unwrap();
    assert_eq!(perft(&ring, 1, false), 1);
    assert_eq!(perft(&ring, 1, true), 2);
    let mut all = Moves::default();
    generate(&ring, true, &mut all);
    let paths: Vec<String> = all.as_slice().iter().map(write_move).collect();
    assert_eq!(paths.len(), 2);
    assert_ne!(paths[0], paths[1]);
    assert!(paths.iter().all(|p| p.starts_with("10x") && p.ends_with("x10")), "{paths:?}");
}

#[test]
fn ck_9_a_side_that_cannot_move_has_no_moves() {
    assert!(moves("B:W17,18,21,23:B14").is_empty(), "blocked");
    assert!(moves("B:W5:B").is_empty(), "no pieces");
}

#[test]
fn fen_round_trips_and_accepts_ranges() {
    for fen in ["B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", "W:W21-32:B1-12", "W:WK1:B32"] {
        let pos = read_fen(fen).unwrap();
        assert_eq!(read_fen(&write_fen(&pos)).unwrap(), pos, "{fen}");
    }
    let pos = read_fen("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29").unwrap();
    assert_eq!(pos.kings.count_ones(), 5);
}

#[test]
fn malformed_fen_and_moves_name_the_token() {
    let cases = [
        ("X:W1:B2", "X"),
        ("B:W33:B1", "33"),
        ("B:W5-3:B1", "5-3"),
        ("B:W1:B1", "1"),
        ("B:Q1:B2", "Q1"),
    ];
    for (fen, token) in cases {
        let err = read_fen(fen).unwrap_err();
        assert_eq!(err.token, token, "{fen}: {err}");
    }
    assert_eq!(read_move(&Position::START, "9-15").unwrap_err().token, "9-15");
    assert_eq!(read_move(&Position::START, "9--13").unwrap_err().token, "9--13");
}

#[test]
fn games_round_trip_with_tags_and_result() {
    let text = "[Event \"Club night\"]\n[Black \"Ana\"]\n1. 11-15 22-18 2. 15x22 {an exchange} 25x18 3. 8-11 1-0\n";
    let game = read_game(text).unwrap();
    assert_eq!(game.tags[0], ("Event".to_owned(), "Club night".to_owned()));
    assert_eq!(game.moves.len(), 5);
    assert!(game.moves[2].is_capture());
    assert_eq!(game.outcome, Outcome::BlackWins, "1-0: the first player, Black, won");
    let again = read_game(&write_game(&game)).unwrap();
    assert_eq!(again, game);
}

#[test]
fn a_game_with_an_illegal_move_names_it() {
    let err = read_game("1. 11-15 23-19 2. 8-11 22-18 3. 15-20 *").unwrap_err();
    assert_eq!(err.token, "15-20");
    let err = read_game("1. 11-15 * 12-16").unwrap_err();
    assert_eq!(err.token, "12-16");
}
