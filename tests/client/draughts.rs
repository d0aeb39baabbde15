//! English draughts in the client without a window: whole games against the computer by
//! clicks and between two people by drags, forced-capture marks and crossed pieces,
//! multi-jumps by successive clicks and by one drop, take back, each way a game ends.

use crate::screens::{
    client, hit_key, home, invite_code, pointer, press, run_until, screen, texts, type_key,
};
use bevy::prelude::*;
use carrom::client::{
    ComputerBudget, DraughtsMatch, Hint, Mode, PointerAction, Screen, draughts_square_centre,
};
use carrom::draughts::pdn::read_fen;
use carrom::draughts::{Colour, Draughts, Move, Moves};
use std::time::Duration;

/// Opens a draughts game from Home in `mode`, the person playing `colour`.
fn start(app: &mut App, mode: Mode, colour: Colour) {
    app.insert_resource(ComputerBudget { hard_time: None, least: Duration::ZERO });
    press(app, "Draughts");
    press(app, &format!("Mode({mode:?})"));
    if mode == Mode::VsBot {
        press(app, "DraughtsLevel(Easy)");
    }
    press(app, &format!("DraughtsColour({colour:?})"));
    press(app, "Play");
    assert_eq!(screen(app), Screen::Game);
}

fn table(app: &App) -> &DraughtsMatch {
    app.world().resource::<DraughtsMatch>()
}

/// The game replaced by one from `fen` (a position set up for the test).
fn set_up(app: &mut App, fen: &str) {
    let game = Draughts::from(read_fen(fen).unwrap());
    app.world_mut().resource_mut::<DraughtsMatch>().game = game;
    app.update();
}

/// Where square `bit` is on screen.
fn at(app: &App, bit: u32) -> Vec2 {
    draughts_square_centre(bit, table(app).bottom)
}

fn click(app: &mut App, bit: u32) {
    let point = at(app, bit);
    pointer(app, point, PointerAction::Press);
    pointer(app, point, PointerAction::Release);
}

fn drag(app: &mut App, from: u32, to: u32) {
    let (a, b) = (at(app, from), at(app, to));
    pointer(app, a, PointerAction::Press);
    pointer(app, b, PointerAction::Move);
    pointer(app, b, PointerAction::Release);
}

/// A legal move for the side to move: the first capture, else a move chosen by `seed`.
fn some_move(app: &App, seed: usize) -> Move {
    let mut moves = Moves::default();
    table(app).game.moves(&mut moves);
    let list = moves.as_slice();
    list[seed % list.len()]
}

/// Waits (bounded) until a person is to move or the game is over.
fn persons_turn(app: &mut App) -> bool {
    run_until(app, 3_000, |a| {
        screen(a) != Screen::Game || table(a).mover() == carrom::client::DraughtsPlayer::Human
    })
}

#[test]
fn ck_15_a_whole_game_against_the_computer_played_by_clicks() {
    let dir = home("draughts-vs-computer");
    let mut app = client(&dir, 5);
    start(&mut app, Mode::VsBot, Colour::Black);
    assert!(texts(&mut app).contains("Your move"));
    let mut moves = 0;
    while screen(&app) == Screen::Game && table(&app).ending.is_none() {
        assert!(moves < 400, "no result after {moves} moves");
        assert!(persons_turn(&mut app), "the computer never answered");
        if screen(&app) != Screen::Game || table(&app).ending.is_some() {
            break;
        }
        let played = table(&app).played.len();
        let m = some_move(&app, moves * 7 + 3);
        click(&mut app, m.from as u32);
        for landing in m.landings() {
            if table(&app).played.len() > played {
                break;
            }
            click(&mut app, landing);
        }
        assert!(table(&app).played.len() > played, "the clicks played {m:?}");
        moves += 1;
    }
    assert!(run_until(&mut app, 10, |a| screen(a) == Screen::Results));
    let shown = texts(&mut app);
    assert!(shown.contains("wins") || shown.contains("draw"), "{shown}");
    assert!(shown.contains("English draughts"), "{shown}");
    // Kept as a record of its moves, ending on the position on the board.
    let record = crate::screens::only_record(&dir);
    assert_eq!((record.mode.as_str(), record.finished), ("vs_bot", true), "{record:?}");
    let carrom::record::GameLog::Draughts(log) = &record.game else { panic!("{record:?}") };
    assert_eq!(log.games().unwrap().last(), Some(&table(&app).game));
    assert!(record.result.contains("wins") || record.result.contains("draw"), "{record:?}");
}

#[test]
fn ck_15_a_whole_game_between_two_people_played_by_drags() {
    let mut app = client(&home("draughts-two-people"), 6);
    start(&mut app, Mode::PassAndPlay, Colour::Red);
    assert!(texts(&mut app).contains("Black to move"), "{}", texts(&mut app));
    let mut moves = 0;
    while screen(&app) == Screen::Game && table(&app).ending.is_none() {
        assert!(moves < 400, "no result after {moves} moves");
        let before = table(&app).played.len();
        let m = some_move(&app, moves * 5 + 1);
        drag(&mut app, m.from as u32, m.to as u32);
        assert_eq!(table(&app).played.len(), before + 1, "the drop played {m:?}");
        moves += 1;
    }
    assert!(run_until(&mut app, 10, |a| screen(a) == Screen::Results));
}

#[test]
fn ck_12_ck_5_a_compulsory_capture_is_marked_and_the_jumped_piece_crossed() {
    let mut app = client(&home("draughts-capture"), 7);
    start(&mut app, Mode::PassAndPlay, Colour::Black);
    // Black men on 9 and 11, a red man on 14 and one far away: 9x18 is compulsory.
    set_up(&mut app, "B:W14,30:B9,11");
    assert!(texts(&mut app).contains("Capturing is required"), "{}", texts(&mut app));
    click(&mut app, 10);
    assert_eq!(table(&app).selection.from, None, "a piece that cannot capture stays put");
    click(&mut app, 8);
    let t = table(&app);
    assert_eq!(t.selection.targets(&t.game), vec![17]);
    assert_eq!(t.selection.jumped(&t.game), 1 << 13, "the man on 14 is crossed");
    click(&mut app, 17);
    assert_eq!(table(&app).captured_by(Colour::Black), 11, "captures count what is gone");
    assert_eq!(table(&app).game.position.red.count_ones(), 1);
}

#[test]
fn ck_6_a_multi_jump_by_successive_clicks_and_by_one_drop() {
    let mut app = client(&home("draughts-multi-jump"), 8);
    start(&mut app, Mode::PassAndPlay, Colour::Black);
    // Black man on 1; red men on 6 and 15: 1x10x19, then the same by one drop.
    set_up(&mut app, "B:W6,15,30:B1");
    click(&mut app, 0);
    click(&mut app, 9);
    let t = table(&app);
    assert_eq!(t.played.len(), 1, "the one way on played itself");
    assert_eq!(t.last_move().map(|m| (m.to, m.jumps)), Some((18, 2)));
    set_up(&mut app, "B:W6,15,30:B1");
    drag(&mut app, 0, 18);
    assert_eq!(table(&app).game.position.red.count_ones(), 1, "both men were taken");
}

#[test]
fn ck_13_take_back_undoes_the_move_and_the_computers_reply() {
    let mut app = client(&home("draughts-take-back"), 9);
    start(&mut app, Mode::VsBot, Colour::Black);
    click(&mut app, 10);
    click(&mut app, 14);
    assert!(persons_turn(&mut app));
    assert_eq!(table(&app).played.len(), 2, "the computer answered");
    press(&mut app, "TakeBack");
    assert!(table(&app).played.is_empty());
    assert_eq!(table(&app).game, Draughts::new());
    // Several steps back: three moves and replies, then three take-backs reach the start,
    // each one a position the person had to move in.
    let mut seen = vec![table(&app).game];
    for k in 0..3 {
        let m = some_move(&app, k * 3 + 1);
        drag(&mut app, m.from as u32, m.to as u32);
        assert!(persons_turn(&mut app));
        seen.push(table(&app).game);
    }
    assert_eq!(table(&app).played.len(), 6);
    for back in (0..3).rev() {
        press(&mut app, "TakeBack");
        assert_eq!(table(&app).game, seen[back], "take back {} steps", 3 - back);
    }
    assert!(table(&app).played.is_empty());
}

#[test]
fn ck_13_two_on_one_device_take_back_undoes_the_last_move_only() {
    let mut app = client(&home("draughts-take-back-two"), 12);
    start(&mut app, Mode::PassAndPlay, Colour::Black);
    let black = some_move(&app, 2);
    drag(&mut app, black.from as u32, black.to as u32);
    let after_black = table(&app).game;
    let red = some_move(&app, 5);
    drag(&mut app, red.from as u32, red.to as u32);
    assert_eq!(table(&app).played.len(), 2);
    press(&mut app, "TakeBack");
    assert_eq!(table(&app).played.len(), 1, "one move undone");
    assert_eq!(table(&app).game, after_black, "Red to move again");
    press(&mut app, "TakeBack");
    assert_eq!(table(&app).game, Draughts::new());
}

#[test]
fn ck_10_forty_moves_without_a_capture_or_a_man_moving_is_a_draw() {
    let mut app = client(&home("draughts-forty"), 10);
    start(&mut app, Mode::PassAndPlay, Colour::Black);
    set_up(&mut app, "B:WK32:BK1");
    app.world_mut().resource_mut::<DraughtsMatch>().game.quiet = 79;
    drag(&mut app, 0, 4);
    assert!(run_until(&mut app, 10, |a| screen(a) == Screen::Results));
    let shown = texts(&mut app);
    assert!(shown.contains("A draw") && shown.contains("40 moves"), "{shown}");
}

#[test]
fn ck_10_the_third_repetition_is_a_draw() {
    let mut app = client(&home("draughts-repetition"), 11);
    start(&mut app, Mode::PassAndPlay, Colour::Black);
    set_up(&mut app, "B:WK32:BK1");
    // Kings step out and back: the start position comes back after every four moves.
    for _ in 0..2 {
        for (from, to) in [(0, 4), (31, 27), (4, 0), (27, 31)] {
            assert_eq!(screen(&app), Screen::Game);
            drag(&mut app, from, to);
        }
    }
    assert!(run_until(&mut app, 10, |a| screen(a) == Screen::Results));
    assert!(texts(&mut app).contains("third time"), "{}", texts(&mut app));
}

#[test]
fn ck_9_a_side_with_no_move_loses_and_resigning_ends_the_game() {
    let mut app = client(&home("draughts-endings"), 12);
    start(&mut app, Mode::PassAndPlay, Colour::Black);
    // Black takes Red's last man.
    set_up(&mut app, "B:W14:B9");
    drag(&mut app, 8, 17);
    assert!(run_until(&mut app, 10, |a| screen(a) == Screen::Results));
    let shown = texts(&mut app);
    assert!(shown.contains("wins") && shown.contains("no legal move"), "{shown}");
    press(&mut app, "Rematch");
    assert_eq!(screen(&app), Screen::Game, "a rematch starts at once");
    assert_eq!(table(&app).bottom, Colour::Red, "with the colours swapped");
    hit_key(&mut app, KeyCode::Escape, true);
    hit_key(&mut app, KeyCode::Escape, false);
    press(&mut app, "Resign");
    assert!(run_until(&mut app, 10, |a| screen(a) == Screen::Results));
    assert!(texts(&mut app).contains("resigned"), "{}", texts(&mut app));
}

#[test]
fn ck_12_squares_are_typed_by_number() {
    use bevy::input::keyboard::Key;
    let mut app = client(&home("draughts-keyboard"), 13);
    start(&mut app, Mode::PassAndPlay, Colour::Black);
    for text in ["11", "15"] {
        for c in text.chars() {
            type_key(&mut app, Key::Character(c.to_string().into()), Some(c));
        }
        type_key(&mut app, Key::Enter, None);
    }
    let last = table(&app).last_move().expect("11-15 was played");
    assert_eq!((last.from, last.to), (10, 14));
}

#[test]
fn ck_14_a_game_left_unfinished_is_resumed_on_the_next_start() {
    let dir = home("draughts-resume");
    let mut app = client(&dir, 14);
    start(&mut app, Mode::VsBot, Colour::Red);
    assert!(persons_turn(&mut app), "the computer (Black) opened");
    let m = some_move(&app, 0);
    drag(&mut app, m.from as u32, m.to as u32);
    assert!(persons_turn(&mut app));
    let game = table(&app).game;
    let played = table(&app).played.len();
    hit_key(&mut app, KeyCode::Escape, true);
    hit_key(&mut app, KeyCode::Escape, false);
    press(&mut app, "SaveAndLeave");
    assert_eq!(screen(&app), Screen::Home);
    drop(app);
    let mut app = client(&dir, 15);
    press(&mut app, "ResumeDraughts");
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(table(&app).game, game, "the same position");
    assert_eq!(table(&app).played.len(), played, "with its moves to take back");
    assert_eq!(table(&app).bottom, Colour::Red);
}

#[test]
fn ck_14_a_corrupt_saved_game_is_kept_aside_and_reported() {
    let dir = home("draughts-corrupt");
    std::fs::write(dir.join("draughts.json"), b"{ not json").unwrap();
    let mut app = client(&dir, 16);
    let shown = texts(&mut app);
    assert!(shown.contains("saved draughts game could not be read"), "{shown}");
    assert!(!dir.join("draughts.json").exists(), "moved aside");
    let kept = std::fs::read_dir(&dir).unwrap().flatten().any(|e| {
        let name = e.file_name().to_string_lossy().to_string();
        name.starts_with("draughts.json") && name != "draughts.json"
    });
    assert!(kept, "the broken file is kept");
}

#[test]
fn ck_14_the_score_against_the_computer_is_kept() {
    let dir = home("draughts-score");
    let mut app = client(&dir, 17);
    start(&mut app, Mode::VsBot, Colour::Black);
    hit_key(&mut app, KeyCode::Escape, true);
    hit_key(&mut app, KeyCode::Escape, false);
    press(&mut app, "Resign");
    assert!(run_until(&mut app, 10, |a| screen(a) == Screen::Results));
    press(&mut app, "Home");
    drop(app);
    let mut app = client(&dir, 18);
    press(&mut app, "Draughts");
    press(&mut app, "Mode(VsBot)");
    press(&mut app, "DraughtsLevel(Easy)");
    let shown = texts(&mut app);
    assert!(shown.contains("(Easy): 0 won, 1 lost, 0 drawn"), "{shown}");
}

#[test]
fn a_position_typed_as_a_fen_is_played_on_and_a_finished_game_saved_as_pdn() {
    use bevy::input::keyboard::Key;
    let dir = home("draughts-fen-pdn");
    let mut app = client(&dir, 19);
    app.insert_resource(ComputerBudget { hard_time: None, least: Duration::ZERO });
    press(&mut app, "Draughts");
    press(&mut app, "Mode(PassAndPlay)");
    press(&mut app, "EditFen");
    for c in "B:W14:B9".chars() {
        type_key(&mut app, Key::Character(c.to_string().into()), Some(c));
    }
    type_key(&mut app, Key::Enter, None);
    press(&mut app, "Play");
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(table(&app).game.position.red.count_ones(), 1, "the typed position");
    drag(&mut app, 8, 17);
    assert!(run_until(&mut app, 10, |a| screen(a) == Screen::Results));
    press(&mut app, "SavePdn");
    app.update();
    let shown = texts(&mut app);
    let path = shown
        .lines()
        .find_map(|l| l.strip_prefix("Saved as "))
        .unwrap_or_else(|| panic!("where the game went is said: {shown}"));
    let text = std::fs::read_to_string(path).unwrap();
    let game = carrom::draughts::pdn::read_game(&text).unwrap();
    assert_eq!(game.moves.len(), 1);
    assert_eq!(game.outcome, carrom::draughts::pdn::Outcome::BlackWins);
    assert_eq!(carrom::draughts::pdn::write_fen(&game.start), "B:W14:B9");
}

#[test]
fn a_fen_that_cannot_be_read_is_said_and_nothing_starts() {
    use bevy::input::keyboard::Key;
    let mut app = client(&home("draughts-bad-fen"), 20);
    press(&mut app, "Draughts");
    press(&mut app, "EditFen");
    for c in "X:nonsense".chars() {
        type_key(&mut app, Key::Character(c.to_string().into()), Some(c));
    }
    type_key(&mut app, Key::Enter, None);
    press(&mut app, "Play");
    assert_eq!(screen(&app), Screen::Home);
    assert!(texts(&mut app).contains("cannot be set up"), "{}", texts(&mut app));
}

#[test]
fn the_move_list_shows_each_move_and_a_pressed_one_shows_its_position_read_only() {
    let mut app = client(&home("draughts-move-list"), 23);
    start(&mut app, Mode::PassAndPlay, Colour::Black);
    let heading_shown = |app: &mut App| {
        let world = app.world_mut();
        let mut shown = world.query::<(&Text, &Node)>();
        shown.iter(world).any(|(text, node)| text.0 == "Moves" && node.display != Display::None)
    };
    app.update();
    assert!(!heading_shown(&mut app), "no heading over a list with no move in it");
    for seed in 0..5 {
        let m = some_move(&app, seed);
        drag(&mut app, m.from as u32, m.to as u32);
    }
    assert_eq!(table(&app).played.len(), 5);
    app.update();
    assert!(heading_shown(&mut app), "the list has its heading once a move is in it");
    let listed: Vec<String> =
        table(&app).played.iter().map(|(_, m)| carrom::draughts::pdn::write_move(m)).collect();
    let shown = texts(&mut app);
    for (row, pair) in listed.chunks(2).enumerate() {
        assert!(shown.contains(&format!("{}.", row + 1)), "move {} is numbered: {shown}", row + 1);
        assert!(pair.iter().all(|m| shown.contains(m.as_str())), "{pair:?} listed: {shown}");
    }
    press(&mut app, "Move(2)");
    let reviewing = || carrom::client::Reviewing(Some(2));
    assert_eq!(*app.world().resource::<carrom::client::Reviewing>(), reviewing());
    let shown = texts(&mut app);
    assert!(shown.contains(&format!("the position after {}", listed[1])), "{shown}");
    // The board is read only: a move there plays nothing.
    let before = table(&app).game;
    let m = some_move(&app, 0);
    drag(&mut app, m.from as u32, m.to as u32);
    assert_eq!(table(&app).game, before, "nothing is played while looking back");
    hit_key(&mut app, KeyCode::PageUp, true);
    hit_key(&mut app, KeyCode::PageUp, false);
    let now = *app.world().resource::<carrom::client::Reviewing>();
    assert_eq!(now, carrom::client::Reviewing(Some(1)), "Page Up steps back");
    hit_key(&mut app, KeyCode::End, true);
    hit_key(&mut app, KeyCode::End, false);
    assert!(!app.world().resource::<carrom::client::Reviewing>().is_on(table(&app)), "End: back");
    press(&mut app, "Move(1)");
    press(&mut app, "BackToGame");
    assert!(!texts(&mut app).contains("Looking back"), "the game again");
    drag(&mut app, m.from as u32, m.to as u32);
    assert_eq!(table(&app).played.len(), 6, "and it is played on");
}

#[test]
fn a_hint_draws_the_engines_move_and_is_counted_in_the_record() {
    let mut app = client(&home("draughts-hint"), 24);
    start(&mut app, Mode::VsBot, Colour::Black);
    assert!(table(&app).hints_on, "hints are on against easy");
    press(&mut app, "Hint");
    assert!(run_until(&mut app, 3_000, |a| a.world().resource::<Hint>().shown(table(a)).is_some()));
    let hinted = app.world().resource::<Hint>().shown(table(&app)).unwrap();
    let mut legal = Moves::default();
    table(&app).game.moves(&mut legal);
    assert!(legal.as_slice().contains(&hinted), "the hint is a legal move: {hinted:?}");
    press(&mut app, "Hint");
    assert_eq!(table(&app).hints, 1, "one position, one hint");
    drag(&mut app, hinted.from as u32, hinted.to as u32);
    assert_eq!(table(&app).played.len(), 1, "the hinted move is played");
    assert!(app.world().resource::<Hint>().shown(table(&app)).is_none(), "and the arrow goes");
    assert!(table(&app).pdn().contains("[Hints \"1\"]"), "{}", table(&app).pdn());
    hit_key(&mut app, KeyCode::Escape, true);
    hit_key(&mut app, KeyCode::Escape, false);
    press(&mut app, "Resign");
    assert!(run_until(&mut app, 10, |a| screen(a) == Screen::Results));
    press(&mut app, "Home");
    press(&mut app, "DraughtsLevel(Hard)");
    press(&mut app, "Play");
    assert!(!table(&app).hints_on, "Hard is met without hints unless they are turned on");
    let record =
        std::fs::read_dir(app.world().resource::<carrom::client::Storage>().records_dir().unwrap())
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
            .find(|text| text.contains("\"hints\""));
    assert!(record.is_some_and(|r| r.contains("\"hints\": 1") || r.contains("\"hints\":1")));
}

/// Types `text` into Home's start field, replacing what it held.
fn type_start(app: &mut App, text: &str) {
    use bevy::input::keyboard::Key;
    press(app, "EditFen");
    for _ in 0..12 {
        type_key(app, Key::Backspace, None);
    }
    for c in text.chars() {
        type_key(app, Key::Character(c.to_string().into()), Some(c));
    }
    type_key(app, Key::Enter, None);
}

#[test]
fn ck_16_a_ballot_drawn_by_lot_opens_the_game_and_the_rematch_plays_it_from_the_other_side() {
    let dir = home("draughts-ballot-drawn");
    let mut app = client(&dir, 21);
    app.insert_resource(ComputerBudget { hard_time: None, least: Duration::ZERO });
    press(&mut app, "Draughts");
    press(&mut app, "Mode(VsBot)");
    press(&mut app, "DraughtsLevel(Easy)");
    press(&mut app, "OpeningBallot");
    assert!(texts(&mut app).contains("drawn by lot"), "the start field says what it does");
    press(&mut app, "DraughtsColour(Red)");
    press(&mut app, "Play");
    assert_eq!(screen(&app), Screen::Game);
    let ballot = table(&app).ballot.expect("a ballot was drawn");
    assert_eq!(table(&app).played.len(), 3, "its three moves are on the board");
    assert_eq!(table(&app).game, ballot.game());
    let line = format!("Ballot {}: {}", ballot.get(), ballot.text());
    assert!(texts(&mut app).contains(&line), "the HUD names it: {}", texts(&mut app));
    press(&mut app, "TakeBack");
    assert_eq!(table(&app).played.len(), 3, "take back leaves the ballot's moves");
    hit_key(&mut app, KeyCode::Escape, true);
    hit_key(&mut app, KeyCode::Escape, false);
    press(&mut app, "Resign");
    assert!(run_until(&mut app, 10, |a| screen(a) == Screen::Results));
    press(&mut app, "Rematch");
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(table(&app).bottom, Colour::Black, "the colours are swapped");
    assert_eq!(table(&app).ballot, Some(ballot), "and the ballot is the same");
    // The computer, now Red, answers the ballot.
    assert!(persons_turn(&mut app));
    assert!(table(&app).played.len() >= 4);
    let settings = std::fs::read_to_string(dir.join("settings.json"));
    assert!(settings.is_ok_and(|s| s.contains("\"ballot\"")), "the choice is kept");
}

#[test]
fn ck_16_a_ballot_typed_by_number_opens_with_its_moves_and_a_barred_one_is_refused() {
    let mut app = client(&home("draughts-ballot-number"), 22);
    press(&mut app, "Draughts");
    press(&mut app, "Mode(PassAndPlay)");
    type_start(&mut app, "3");
    press(&mut app, "Play");
    assert_eq!(screen(&app), Screen::Home, "a barred ballot starts nothing");
    assert!(texts(&mut app).contains("Ballot 3 is barred"), "{}", texts(&mut app));
    type_start(&mut app, "175");
    press(&mut app, "Play");
    assert!(texts(&mut app).contains("no ballot 175"), "{}", texts(&mut app));
    type_start(&mut app, "34");
    press(&mut app, "Play");
    assert_eq!(screen(&app), Screen::Game);
    let played: Vec<String> =
        table(&app).played.iter().map(|(_, m)| carrom::draughts::pdn::write_move(m)).collect();
    assert_eq!(played, ["9-13", "24-20", "11-16"]);
    assert!(texts(&mut app).contains("Ballot 34: 9-13 24-20 11-16"), "{}", texts(&mut app));
    assert_eq!(table(&app).to_move(), Colour::Red);
    assert!(table(&app).pdn().contains("[Opening \"ACF 34: 9-13 24-20 11-16\"]"));
}

/// An online draughts game this client created, taking `colour`, against a headless peer
/// whose computer plays easy; on screen once `start` returns.
struct OnlineGame {
    app: App,
    peer: std::process::Child,
    stop: std::sync::mpsc::Sender<()>,
    started: std::time::Instant,
}

impl OnlineGame {
    fn start(dir: &str, seed: u64, colour: Colour, balloted: bool) -> OnlineGame {
        let (url, stop) = crate::net_support::signaling();
        let mut app = client(&home(dir), seed);
        app.world_mut().resource_mut::<carrom::client::Preferences>().signaling = url.clone();
        // The shortest grace period a match takes: a friend who leaves is waited for 5 s.
        app.world_mut().resource_mut::<carrom::client::MatchSetup>().grace = 5;
        press(&mut app, "Draughts");
        press(&mut app, "Mode(Online)");
        press(&mut app, &format!("DraughtsColour({colour:?})"));
        if balloted {
            press(&mut app, "OpeningBallot");
        }
        press(&mut app, "CreateMatch");
        assert_eq!(screen(&app), Screen::Lobby);
        let code = invite_code(&mut app);
        let peer = std::process::Command::new(env!("CARGO_BIN_EXE_carrom"))
            .args(["peer", "--signaling", &url, "--room", &code, "--players", "2"])
            .args(["--draughts", "easy", "--match-timeout", "300"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut game = OnlineGame { app, peer, stop, started: std::time::Instant::now() };
        game.wait("the peers to meet", |a| screen(a) == Screen::Game);
        game
    }

    /// Runs the client in real time until `done` (at most 300 s from the start).
    fn wait(&mut self, what: &str, done: impl Fn(&App) -> bool) {
        while !done(&self.app) {
            self.frame(what);
        }
    }

    /// One frame in real time, waiting for `what` (at most 300 s from the start).
    fn frame(&mut self, what: &str) {
        let waited = self.started.elapsed();
        assert!(waited < Duration::from_secs(300), "timed out waiting for {what}");
        self.app.update();
        std::thread::sleep(Duration::from_millis(12));
    }
}

#[test]
fn ck_15_ck_16_an_online_game_opened_by_ballot_against_a_headless_peer_ends_the_same() {
    let test = "ck_15_ck_16_an_online_game_opened_by_ballot_against_a_headless_peer_ends_the_same";
    if !crate::net_support::isolated(module_path!(), test) {
        return;
    }
    let mut game = OnlineGame::start("draughts-online", 21, Colour::Red, true);
    assert_eq!(table(&game.app).bottom, Colour::Red, "the creator's colour, at the bottom");
    assert!(table(&game.app).online);
    let ballot = table(&game.app).ballot.expect("the creator's ballot, drawn by lot");
    assert_eq!(table(&game.app).game, ballot.game(), "the game opens with its three moves");
    let mut moves = 0;
    while screen(&game.app) == Screen::Game {
        let app = &mut game.app;
        let t = table(app);
        let mine = t.ending.is_none()
            && t.mover() == carrom::client::DraughtsPlayer::Human
            && t.outbox.is_none_or(|turn| u32::from(turn.ply) <= t.game.plies);
        if mine {
            let m = some_move(app, moves * 3 + 2);
            click(app, m.from as u32);
            for landing in m.landings() {
                if table(app).outbox.is_some() {
                    break;
                }
                click(app, landing);
            }
            assert!(table(app).outbox.is_some(), "the clicks sent {m:?}");
            moves += 1;
        }
        game.frame("the end of the game");
    }
    let (code, report) = crate::net_support::finish(game.peer, Duration::from_secs(30));
    let _ = game.stop.send(());
    eprintln!("{report}");
    assert_eq!(code, 0, "the headless peer finished too");
    let t = table(&game.app);
    let position = carrom::determinism::fnv1a64(bytemuck::bytes_of(&t.game.position));
    assert_eq!(report["table"], format!("{position:016x}"), "the same final position");
    let scores = [t.captured_by(Colour::Black) as i64, t.captured_by(Colour::Red) as i64];
    assert_eq!(report["result"]["scores"], serde_json::json!(scores), "the same captures");
    let winner = t.winner().map(|c| i64::from(c == Colour::Red));
    assert_eq!(report["result"]["winner_side"], serde_json::json!(winner), "the same result");
    assert!(moves > 3, "the person played ({moves} moves)");
    assert!(!texts(&mut game.app).contains("Rematch"), "an online rematch needs a new invite");
}

#[test]
fn ck_15_a_friend_who_leaves_an_online_game_forfeits_it() {
    let test = "ck_15_a_friend_who_leaves_an_online_game_forfeits_it";
    if !crate::net_support::isolated(module_path!(), test) {
        return;
    }
    let mut game = OnlineGame::start("draughts-online-left", 22, Colour::Red, false);
    // The computer (Black) opens; then the friend's program is killed, and not started
    // again: once the grace period (the creator's, chosen before the lobby) is over, the
    // game is theirs to forfeit.
    game.wait("the opening move", |a| table(a).game.plies >= 1);
    let _ = game.peer.kill();
    let _ = game.peer.wait();
    game.wait("the result", |a| screen(a) == Screen::Results);
    let shown = texts(&mut game.app);
    let _ = game.stop.send(());
    assert!(shown.contains("left the game") && shown.contains("forfeit"), "{shown}");
    assert!(shown.contains("Player 1 wins"), "the one who stayed wins: {shown}");
}

#[test]
fn ck_13_online_take_back_and_draw_are_offers_the_other_answers() {
    let test = "ck_13_online_take_back_and_draw_are_offers_the_other_answers";
    if !crate::net_support::isolated(module_path!(), test) {
        return;
    }
    let mut game = OnlineGame::start("draughts-online-offers", 23, Colour::Black, false);
    // Black (this client) opens, the computer replies.
    click(&mut game.app, 10);
    click(&mut game.app, 14);
    game.wait("the reply", |a| table(a).game.plies == 2);
    let after_reply = table(&game.app).game;
    press(&mut game.app, "OfferDraw");
    game.wait("the draw offer", |a| table(a).offer.is_some());
    game.wait("its answer", |a| table(a).offer.is_none());
    assert!(table(&game.app).ending.is_none(), "the computer declined the draw");
    assert_eq!(table(&game.app).game, after_reply);
    press(&mut game.app, "TakeBack");
    game.wait("the take-back", |a| table(a).game.plies == 0);
    assert_eq!(table(&game.app).game, Draughts::new(), "both moves were taken back on both sides");
    click(&mut game.app, 9);
    click(&mut game.app, 13);
    game.wait("play going on", |a| table(a).game.plies == 2);
    let _ = game.peer.kill();
    let _ = game.peer.wait();
    let _ = game.stop.send(());
}
