//! PDN: positions in FEN form (`B:W18,24,K10:B12,16,K22`, ranges like `W21-32`), moves
//! (`9-14`, `22x15x6`, and the short `22x6` where it is unambiguous), and whole games with
//! their tags and result (`1-0`: Black, the first player, won). Errors name the token.

use super::board::square_number;
use super::moves::{Move, Moves, apply, generate};
use super::position::{Colour, Position};
use core::fmt;

/// Text that is not valid PDN, or a move that is not legal, naming the token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    /// The offending token.
    pub token: String,
    /// What is wrong with it.
    pub problem: String,
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.token, self.problem)
    }
}

impl std::error::Error for PdnError {}

fn error(token: &str, problem: impl Into<String>) -> PdnError {
    PdnError { token: token.to_owned(), problem: problem.into() }
}

/// A position in FEN form.
pub fn read_fen(text: &str) -> Result<Position, PdnError> {
    let text = text.trim().trim_end_matches('.');
    let mut parts = text.split(':');
    let side = parts.next().unwrap_or("");
    let side = match side.trim() {
        "B" => 0,
        "W" => 1,
        _ => return Err(error(side, "the side to move must be B or W")),
    };
    let mut pos = Position { side, ..Position::default() };
    let mut seen = [false; 2];
    for part in parts {
        let part = part.trim();
        let (colour, list) = match part.split_at_checked(1) {
            Some(("B", rest)) => (Colour::Black, rest),
            Some(("W", rest)) => (Colour::Red, rest),
            _ => return Err(error(part, "a piece list starts with B or W")),
        };
        if std::mem::replace(&mut seen[colour as usize], true) {
            return Err(error(part, "this colour's pieces are listed twice"));
        }
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (king, squares) = match item.strip_prefix('K') {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let (first, last) = match squares.split_once('-') {
                Some((a, b)) => (square(a, item)?, square(b, item)?),
                None => (square(squares, item)?, square(squares, item)?),
            };
            if first > last {
                return Err(error(item, "a range must run upwards"));
            }
            for n in first..=last {
                let bit = 1u32 << (n - 1);
                if pos.occupied() & bit != 0 {
                    return Err(error(item, format!("square {n} is given twice")));
                }
                match colour {
                    Colour::Black => pos.black |= bit,
                    Colour::Red => pos.red |= bit,
                }
                if king {
                    pos.kings |= bit;
                }
            }
        }
    }
    Ok(pos)
}

fn square(text: &str, token: &str) -> Result<u32, PdnError> {
    match text.trim().parse::<u32>() {
        Ok(n @ 1..=32) => Ok(n),
        _ => Err(error(token, "squares are numbered 1 to 32")),
    }
}

/// A position in FEN form (pieces in ascending order, kings marked K).
pub fn write_fen(pos: &Position) -> String {
    let list = |pieces: u32| {
        (0..32)
            .filter(|b| pieces & (1 << b) != 0)
            .map(|b| {
                let k = if pos.kings & (1 << b) != 0 { "K" } else { "" };
                format!("{k}{}", square_number(b))
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = if pos.to_move() == Colour::Black { "B" } else { "W" };
    format!("{side}:W{}:B{}", list(pos.red), list(pos.black))
}

/// A move as PDN writes it: `9-14`, or every landing of a capture, `22x15x6`.
pub fn write_move(m: &Move) -> String {
    let from = square_number(m.from as u32);
    if !m.is_capture() {
        return format!("{from}-{}", square_number(m.to as u32));
    }
    let landings: Vec<String> = m.landings().map(|b| square_number(b).to_string()).collect();
    format!("{from}x{}", landings.join("x"))
}

/// The legal move `text` names in `pos`: a plain move, a capture with every landing, or
/// a capture by start and end only when no other capture shares them.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, PdnError> {
    let token = text.trim();
    let capture = token.contains('x');
    let separator = if capture { 'x' } else { '-' };
    let squares: Vec<u32> = token
        .split(separator)
        .map(|s| square(s, token).map(|n| n - 1))
        .collect::<Result<_, _>>()?;
    if squares.len() < 2 || (!capture && squares.len() != 2) {
        return Err(error(token, "a move is like 9-14 or 22x15x6"));
    }
    let mut moves = Moves::default();
    generate(pos, true, &mut moves);
    let (from, to) = (squares[0], squares[squares.len() - 1]);
    let fits = |m: &&Move| {
        let path_given = squares.len() > 2 || m.jumps == 1;
        m.from as u32 == from
            && m.to as u32 == to
            && m.is_capture() == capture
            && (!path_given || m.landings().eq(squares[1..].iter().copied()))
    };
    let candidates: Vec<&Move> = moves.as_slice().iter().filter(fits).collect();
    match candidates.as_slice() {
        [] if moves.as_slice().iter().any(Move::is_capture) && !capture => {
            Err(error(token, "a capture is compulsory here"))
        }
        [] => Err(error(token, "not a legal move in this position")),
        [m] => Ok(**m),
        [m, rest @ ..] if rest.iter().all(|o| o.same_play(m)) => Ok(**m),
        _ => Err(error(token, "ambiguous: give every landing square")),
    }
}

/// How a game ended, as PDN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `1-0`: Black (the first player) won.
    BlackWins,
    /// `0-1`: Red won.
    RedWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished.
    Unfinished,
}

impl Outcome {
    /// The PDN result token.
    pub const fn token(self) -> &'static str {
        match self {
            Outcome::BlackWins => "1-0",
            Outcome::RedWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unfinished => "*",
        }
    }

    fn from_token(token: &str) -> Option<Outcome> {
        [Outcome::BlackWins, Outcome::RedWins, Outcome::Draw, Outcome::Unfinished]
            .into_iter()
            .find(|o| o.token() == token)
    }
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Tags, in order, e.g. `("Event", "Club night")`.
    pub tags: Vec<(String, String)>,
    /// Where the game starts (the `FEN` tag, or the standard start).
    pub start: Position,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The result.
    pub outcome: Outcome,
}

/// A PDN game: tags, then movetext with move numbers, comments in braces, and a result.
pub fn read_game(text: &str) -> Result<Game, PdnError> {
    let mut tags = Vec::new();
    let mut rest = text.trim_start();
    while let Some(after) = rest.strip_prefix('[') {
        let end = after
            .find(']')
            .ok_or_else(|| error(rest.lines().next().unwrap_or(""), "unclosed tag"))?;
        let inner = after[..end].trim();
        let (name, value) = inner
            .split_once(char::is_whitespace)
            .ok_or_else(|| error(inner, "a tag is [Name \"value\"]"))?;
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| error(value, "a tag's value is quoted"))?;
        tags.push((name.to_owned(), value.to_owned()));
        rest = after[end + 1..].trim_start();
    }
    let start = match tags.iter().find(|(n, _)| n == "FEN") {
        Some((_, fen)) => read_fen(fen)?,
        None => Position::START,
    };
    let mut pos = start;
    let mut moves = Vec::new();
    let mut outcome = Outcome::Unfinished;
    let mut text = rest.to_owned();
    while let Some(open) = text.find('{') {
        let close =
            text[open..].find('}').ok_or_else(|| error(&text[open..], "unclosed comment"))?;
        text.replace_range(open..open + close + 1, " ");
    }
    let mut ended = false;
    for token in text.split_whitespace() {
        if ended {
            return Err(error(token, "text after the result"));
        }
        if let Some(o) = Outcome::from_token(token) {
            outcome = o;
            ended = true;
            continue;
        }
        // Move numbers: "12." or "12..." alone or glued to the move.
        let token = token.rsplit_once('.').map_or(token, |(_, after)| after);
        if token.is_empty() {
            continue;
        }
        let m = read_move(&pos, token)?;
        pos = apply(&pos, &m);
        moves.push(m);
    }
    Ok(Game { tags, start, moves, outcome })
}

/// A game as PDN text.
pub fn write_game(game: &Game) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    if game.start != Position::START && !game.tags.iter().any(|(n, _)| n == "FEN") {
        out.push_str(&format!("[FEN \"{}\"]\n", write_fen(&game.start)));
    }
    let mut pos = game.start;
    let mut number = 1;
    let mut words = Vec::new();
    for (i, m) in game.moves.iter().enumerate() {
        if pos.to_move() == Colour::Black {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(write_move(m));
        if pos.to_move() == Colour::Red {
            number += 1;
        }
        pos = apply(&pos, m);
    }
    words.push(game.outcome.token().to_owned());
    out.push_str(&words.join(" "));
    out.push('\n');
    out
}
