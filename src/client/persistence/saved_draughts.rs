//! Draughts kept on this machine (CK-14): the game in progress in `draughts.json` (its
//! moves in PDN numbers from the start, replayed and checked against the position saved
//! with them), and the running score in `scores.json` (against each computer level, and
//! between named players). Both versioned and written atomically; a file that cannot be
//! read is moved aside and reported. Nothing is sent anywhere.

use crate::client::draughts::game::colour_index;
use crate::client::draughts::{DraughtsMatch, Player};
use crate::client::flow::{GameType, MatchSummary, Screen};
use crate::client::persistence::storage::{self, Storage};
use crate::client::persistence::unreadable::{self, Unreadable};
use crate::client::ui::Notice;
use crate::client::words::{self, Words};
use crate::draughts::ballot::Ballot;
use crate::draughts::level::Level;
use crate::draughts::pdn::{read_fen, read_move, write_fen, write_move};
use crate::draughts::{Colour, Position};
use bevy::ecs::system::SystemId;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The files' format version.
const FORMAT: u32 = 1;

/// The unfinished draughts game offered on Home, if any.
#[derive(Resource, Default, Debug)]
pub struct SavedDraughts(pub Option<DraughtsMatch>);

/// Games won, lost and drawn.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Won (by the first named, or the person).
    pub won: u32,
    /// Lost.
    pub lost: u32,
    /// Drawn.
    pub drawn: u32,
}

/// The running draughts score.
#[derive(Resource, Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct DraughtsScores {
    /// Against the computer, by level name.
    pub computer: BTreeMap<String, Tally>,
    /// Between two people, keyed "NAME vs NAME" (names in sorted order; the tally is the
    /// first name's).
    pub people: BTreeMap<String, Tally>,
}

#[derive(Serialize, Deserialize)]
struct ScoresFile {
    format: u32,
    scores: DraughtsScores,
}

#[derive(Serialize, Deserialize)]
struct GameFile {
    format: u32,
    names: [String; 2],
    players: [String; 2],
    bottom: String,
    seed: u64,
    moves: Vec<String>,
    position: String,
    /// The position the game started from (none: the standard start).
    #[serde(default)]
    start: Option<String>,
    /// The three-move ballot the game opened with, whose moves are the first three.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ballot: Option<u8>,
    /// Against the computer: hints may be asked, and how many positions were hinted.
    #[serde(default)]
    hints_on: bool,
    #[serde(default)]
    hints: u32,
}

fn player_name(player: Player) -> String {
    match player {
        Player::Human => "human".into(),
        Player::Computer(level) => level.name().into(),
        Player::Remote => "remote".into(),
    }
}

fn player_from(name: &str) -> Option<Player> {
    match name {
        "human" => Some(Player::Human),
        "remote" => Some(Player::Remote),
        other => [Level::Easy, Level::Medium, Level::Hard]
            .into_iter()
            .find(|l| l.name() == other)
            .map(Player::Computer),
    }
}

impl GameFile {
    fn of(table: &DraughtsMatch) -> GameFile {
        GameFile {
            format: FORMAT,
            names: table.names.clone(),
            players: table.players.map(player_name),
            bottom: match table.bottom {
                Colour::Black => "black".into(),
                Colour::Red => "red".into(),
            },
            seed: table.seed,
            moves: table.played.iter().map(|(_, m)| write_move(m)).collect(),
            position: write_fen(&table.game.position),
            start: (table.start != Position::START).then(|| write_fen(&table.start)),
            ballot: table.ballot.map(Ballot::get),
            hints_on: table.hints_on,
            hints: table.hints,
        }
    }

    fn parse(bytes: &[u8]) -> Result<DraughtsMatch, Unreadable> {
        let file: GameFile = Unreadable::versioned(bytes, FORMAT)?;
        let mut players = [Player::Human; 2];
        for (p, name) in players.iter_mut().zip(&file.players) {
            *p = player_from(name).ok_or_else(|| Unreadable::unknown("player", name))?;
        }
        let bottom = match file.bottom.as_str() {
            "black" => Colour::Black,
            "red" => Colour::Red,
            other => return Err(Unreadable::unknown("colour", other)),
        };
        let start = match &file.start {
            None => Position::START,
            Some(fen) => {
                read_fen(fen).map_err(|_| Unreadable::Damaged("the start is no position"))?
            }
        };
        let mut table = DraughtsMatch::new(bottom, Player::Human, file.names.clone(), file.seed)
            .starting_at(start);
        table.players = players;
        table.names = file.names;
        let mut moves = file.moves.as_slice();
        if let Some(n) = file.ballot {
            let ballot = Ballot::number(n.into())
                .map_err(|_| Unreadable::Damaged("the opening is not a ballot"))?;
            let opening: Vec<String> = ballot.moves().iter().map(write_move).collect();
            if start != Position::START || !moves.starts_with(&opening) {
                return Err(Unreadable::Damaged("the game does not open with its ballot"));
            }
            table = table.opened_with(ballot);
            moves = &moves[opening.len()..];
        }
        for text in moves {
            let m = read_move(&table.game.position, text)
                .map_err(|_| Unreadable::Damaged("a move is not legal where it was played"))?;
            table.play(m);
        }
        (table.hints_on, table.hints) = (file.hints_on, file.hints);
        if write_fen(&table.game.position) != file.position {
            return Err(Unreadable::Damaged("the moves do not lead to the saved position"));
        }
        if table.ending.is_some() {
            return Err(Unreadable::Ended);
        }
        Ok(table)
    }
}

/// Loads, saves and clears the game in progress; counts finished games.
pub(super) struct SavedDraughtsPlugin;

impl Plugin for SavedDraughtsPlugin {
    fn build(&self, app: &mut App) {
        let saved = load_game(app.world_mut());
        let scores = load_scores(app.world_mut());
        app.insert_resource(saved).insert_resource(scores).add_systems(
            Update,
            (
                save_on_move.run_if(in_state(Screen::Game).and_then(in_state(GameType::Draughts))),
                // Whatever screen the ending lands on (Results may open the same frame).
                count_the_result,
            )
                .run_if(resource_exists_and_changed::<DraughtsMatch>),
        );
        app.add_systems(OnExit(Screen::Game), keep_for_later.run_if(in_state(GameType::Draughts)));
        let save = app.register_system(save_pdn);
        app.insert_resource(SavePdn(save));
    }
}

/// What Results' "Save as PDN" runs after draughts.
#[derive(Resource, Clone, Copy, Debug)]
pub struct SavePdn(pub SystemId);

fn load_game(world: &mut World) -> SavedDraughts {
    let path = world.resource::<Storage>().draughts_file();
    let w = super::preferences::words_of(world);
    SavedDraughts(unreadable::load(
        world,
        &w,
        path.as_deref(),
        "what-saved-draughts",
        GameFile::parse,
    ))
}

fn load_scores(world: &mut World) -> DraughtsScores {
    let path = world.resource::<Storage>().scores_file();
    let w = super::preferences::words_of(world);
    unreadable::load(world, &w, path.as_deref(), "what-draughts-scores", |bytes| {
        Ok(Unreadable::versioned::<ScoresFile>(bytes, FORMAT)?.scores)
    })
    .unwrap_or_default()
}

fn report(result: std::io::Result<()>, path: &Path, notice: &mut Notice, w: &Words) {
    if let Err(e) = result {
        let message = words::not_saved(w, path, &e);
        warn!("{message}");
        notice.0 = Some(message);
    }
}

/// Writes (or, once the game is over, removes) the game file.
fn write_game(table: &DraughtsMatch, storage: &Storage, notice: &mut Notice, w: &Words) {
    let Some(path) = storage.draughts_file() else { return };
    let result = if table.ending.is_some() {
        storage::remove(&path)
    } else {
        serde_json::to_vec(&GameFile::of(table))
            .map_err(std::io::Error::other)
            .and_then(|bytes| storage::write_atomic(&path, &bytes))
    };
    report(result, &path, notice, w);
}

fn save_on_move(
    table: Res<DraughtsMatch>,
    storage: Res<Storage>,
    mut notice: ResMut<Notice>,
    w: Res<Words>,
    mut last: Local<Option<(usize, bool)>>,
) {
    let now = (table.played.len(), table.ending.is_some());
    // An online game lives on every peer's screen, not in a file here.
    if *last != Some(now) && !table.online {
        *last = Some(now);
        write_game(&table, &storage, &mut notice, &w);
    }
}

/// The score line a finished game adds to, and whether the first of its two is the
/// winner's side (`None`: a draw).
fn tally_of(table: &DraughtsMatch) -> Option<(bool, String, Option<bool>)> {
    table.ending?;
    let winner = table.winner();
    let people = [Colour::Black, Colour::Red]
        .map(|c| (table.players[colour_index(c)], table.name(c).to_string(), c));
    match people {
        [(Player::Human, _, _), (Player::Human, _, _)] => {
            let mut pair = [people[0].clone(), people[1].clone()];
            pair.sort_by(|a, b| a.1.cmp(&b.1));
            let key = format!("{} vs {}", pair[0].1, pair[1].1);
            Some((false, key, winner.map(|w| w == pair[0].2)))
        }
        _ => {
            let (level, person) = match people {
                [(Player::Computer(l), _, _), (_, _, c)]
                | [(_, _, c), (Player::Computer(l), _, _)] => (l, c),
                _ => return None,
            };
            Some((true, level.name().to_string(), winner.map(|w| w == person)))
        }
    }
}

fn count_the_result(
    table: Res<DraughtsMatch>,
    storage: Res<Storage>,
    mut scores: ResMut<DraughtsScores>,
    mut notice: ResMut<Notice>,
    w: Res<Words>,
    mut counted: Local<Option<(u64, usize)>>,
) {
    let Some((computer, key, first_won)) = tally_of(&table) else { return };
    let game = (table.seed, table.played.len());
    if *counted == Some(game) {
        return;
    }
    *counted = Some(game);
    let book = if computer { &mut scores.computer } else { &mut scores.people };
    let tally = book.entry(key).or_default();
    match first_won {
        Some(true) => tally.won += 1,
        Some(false) => tally.lost += 1,
        None => tally.drawn += 1,
    }
    let Some(path) = storage.scores_file() else { return };
    let file = ScoresFile { format: FORMAT, scores: scores.clone() };
    let result = serde_json::to_vec(&file)
        .map_err(std::io::Error::other)
        .and_then(|bytes| storage::write_atomic(&path, &bytes));
    report(result, &path, &mut notice, &w);
}

/// Results' "Save as PDN": the game written to the games directory, and said where.
fn save_pdn(
    table: Option<Res<DraughtsMatch>>,
    storage: Res<Storage>,
    summary: Option<ResMut<MatchSummary>>,
    w: Res<Words>,
) {
    let (Some(table), Some(mut summary)) = (table, summary) else { return };
    let note = match storage.games_dir() {
        None => w.get("notice-no-place"),
        Some(dir) => {
            let stamp = web_time::SystemTime::now()
                .duration_since(web_time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            let path = dir.join(format!("draughts-{stamp}-{}.pdn", table.seed % 10_000));
            let written = storage::write_atomic(&path, table.pdn().as_bytes());
            match written {
                Ok(()) => w.with("notice-saved-as", &[("path", path.display().to_string().into())]),
                Err(e) => words::not_saved(&w, &path, &e),
            }
        }
    };
    summary.note = Some(note);
}

fn keep_for_later(
    table: Option<Res<DraughtsMatch>>,
    storage: Res<Storage>,
    mut notice: ResMut<Notice>,
    w: Res<Words>,
    mut saved: ResMut<SavedDraughts>,
) {
    let Some(table) = table.filter(|t| !t.online) else { return };
    write_game(&table, &storage, &mut notice, &w);
    saved.0 = table.ending.is_none().then(|| table.clone());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::Moves;

    #[test]
    fn ck_14_a_saved_game_reads_back_with_its_history() {
        let names = ["Asha".to_string(), "Ravi".to_string()];
        let mut table = DraughtsMatch::new(Colour::Red, Player::Computer(Level::Hard), names, 3);
        for _ in 0..6 {
            let mut moves = Moves::default();
            table.game.moves(&mut moves);
            table.play(moves.as_slice()[0]);
        }
        let bytes = serde_json::to_vec(&GameFile::of(&table)).unwrap();
        let back = GameFile::parse(&bytes).unwrap();
        assert_eq!(back.game, table.game);
        assert_eq!(back.played.len(), 6, "take-back still reaches the start");
        assert_eq!((back.players, back.bottom), (table.players, table.bottom));
    }

    #[test]
    fn ck_14_a_tampered_game_is_refused() {
        let names = ["Asha".to_string(), "Ravi".to_string()];
        let table = DraughtsMatch::new(Colour::Black, Player::Human, names, 3);
        let mut file = GameFile::of(&table);
        file.moves.push("9-14".into());
        let bytes = serde_json::to_vec(&file).unwrap();
        assert!(GameFile::parse(&bytes).is_err());
    }

    #[test]
    fn ck_16_a_balloted_game_reads_back_with_its_ballot_and_a_forged_one_is_refused() {
        let names = ["Asha".to_string(), "Ravi".to_string()];
        let ballot = Ballot::number(120).unwrap();
        let mut table =
            DraughtsMatch::new(Colour::Black, Player::Human, names, 3).opened_with(ballot);
        let mut moves = Moves::default();
        table.game.moves(&mut moves);
        table.play(moves.as_slice()[0]);
        let file = GameFile::of(&table);
        let back = GameFile::parse(&serde_json::to_vec(&file).unwrap()).unwrap();
        assert_eq!(back.ballot, Some(ballot));
        assert_eq!((back.game, back.played.len()), (table.game, 4));
        for forged in [Some(3), Some(200), Some(121)] {
            let bytes = serde_json::to_vec(&GameFile { ballot: forged, ..GameFile::of(&table) });
            assert!(GameFile::parse(&bytes.unwrap()).is_err(), "ballot {forged:?}");
        }
    }
}
