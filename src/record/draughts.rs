//! A draughts game kept as its moves: the start (a FEN), each move in PDN and the game's
//! hash after it. The moves are the line on the board at the end: a move taken back is
//! not in it.

use super::{Difference, RecordError, Verdict, hex64};
use crate::determinism::fnv1a64;
use crate::draughts::ballot::Ballot;
use crate::draughts::pdn::{read_fen, read_move, write_fen, write_move};
use crate::draughts::{Draughts, Move, Position};
use serde::{Deserialize, Serialize};

/// A draughts game: where it started, its moves and the hash after each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraughtsLog {
    /// The start, as a FEN.
    pub start: String,
    /// The player (0 or 1) who played Black.
    pub black: u8,
    /// The moves, in PDN (`11-15`, `22x15`).
    pub moves: Vec<String>,
    /// The game's hash at the start and after each move.
    pub hashes: Vec<String>,
    /// The three-move ballot it opened with, whose moves are its first three (CK-16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ballot: Option<u8>,
    /// Positions in which a player asked the computer for a hint.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hints: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The hash a draughts record keeps of `game`.
pub fn hash(game: &Draughts) -> u64 {
    fnv1a64(bytemuck::bytes_of(game))
}

impl DraughtsLog {
    /// The log of a game from `start` in which `moves` were played, player `black` Black.
    pub fn of(start: Position, black: u8, moves: &[Move]) -> DraughtsLog {
        let mut game = Draughts::from(start);
        let mut hashes = vec![hex64(hash(&game))];
        for m in moves {
            game.play(m);
            hashes.push(hex64(hash(&game)));
        }
        DraughtsLog {
            start: write_fen(&start),
            black: black.min(1),
            moves: moves.iter().map(write_move).collect(),
            hashes,
            ballot: None,
            hints: 0,
        }
    }

    /// The same log, naming the ballot its game opened with.
    pub fn opened_with(mut self, ballot: Option<Ballot>) -> DraughtsLog {
        self.ballot = ballot.map(Ballot::get);
        self
    }

    /// The same log, counting the positions a hint was asked in.
    pub fn hinted(mut self, hints: u32) -> DraughtsLog {
        self.hints = hints;
        self
    }

    /// The ballot the game opened with, if it names one, checked against its moves.
    pub fn ballot(&self) -> Result<Option<Ballot>, RecordError> {
        let Some(number) = self.ballot else { return Ok(None) };
        let forged = RecordError::DraughtsBallot { number };
        let ballot = Ballot::number(number.into()).map_err(|_| forged.clone())?;
        let opening: Vec<String> = ballot.moves().iter().map(write_move).collect();
        let from_start = read_fen(&self.start).is_ok_and(|p| p == Position::START);
        if !from_start || !self.moves.starts_with(&opening) {
            return Err(forged);
        }
        Ok(Some(ballot))
    }

    /// The game at the start and after each move, re-played from the record.
    pub fn games(&self) -> Result<Vec<Draughts>, RecordError> {
        self.ballot()?;
        let start = read_fen(&self.start)
            .map_err(|why| RecordError::DraughtsStart { fen: self.start.clone(), why })?;
        let mut game = Draughts::from(start);
        let mut games = vec![game];
        for (ply, text) in self.moves.iter().enumerate() {
            let m = read_move(&game.position, text).map_err(|why| RecordError::DraughtsMove {
                ply: ply + 1,
                text: text.clone(),
                why,
            })?;
            game.play(&m);
            games.push(game);
        }
        Ok(games)
    }

    /// Re-plays the moves and compares the hash after each with the record.
    pub fn verify(&self) -> Result<Verdict, RecordError> {
        let games = self.games()?;
        let boundaries = self.hashes.len();
        for (ply, recorded) in self.hashes.iter().enumerate() {
            let replayed = games.get(ply).map_or_else(|| "no such move".into(), |g| hex64(hash(g)));
            if &replayed != recorded {
                let at = ply as u32;
                let difference =
                    Difference { boundary: ply, at, recorded: recorded.clone(), replayed };
                return Ok(Verdict {
                    checked: ply,
                    boundaries,
                    first_difference: Some(difference),
                });
            }
        }
        if games.len() != boundaries {
            let difference = Difference {
                boundary: boundaries,
                at: boundaries as u32,
                recorded: "no hash".into(),
                replayed: hex64(hash(&games[games.len() - 1])),
            };
            return Ok(Verdict {
                checked: boundaries,
                boundaries,
                first_difference: Some(difference),
            });
        }
        Ok(Verdict { checked: boundaries, boundaries, first_difference: None })
    }
}
