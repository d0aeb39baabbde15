//! Why looking for a game on this network found none to join.

use super::{AskError, LanError, Refusal};
use std::fmt;

/// A game found on this network that cannot be joined, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unjoinable {
    /// Its announcement, or its server's answer, refuses this player.
    #[error("{game}: {why}")]
    Refused {
        /// The game as listed (host, game, players).
        game: String,
        /// Why it refuses.
        why: Refusal,
    },
    /// Its server did not answer as a game's should.
    #[error("{0}")]
    Unanswered(AskError),
}

/// Why looking for a game on this network found none to join.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FindError {
    /// The search could not start.
    #[error("{0}")]
    NoSearch(#[from] LanError),
    /// The game of the host asked for was found, and cannot be joined.
    #[error("cannot join {0}")]
    CannotJoin(Unjoinable),
    /// Nothing joinable was found in time.
    #[error("{}", NoneFound { host: host.as_deref(), seconds: *seconds, refused })]
    NoneFound {
        /// The host asked for, if one was.
        host: Option<String>,
        /// How long it looked.
        seconds: u64,
        /// The games found that could not be joined, each once.
        refused: Vec<Unjoinable>,
    },
}

/// [`FindError::NoneFound`] as a sentence.
struct NoneFound<'a> {
    host: Option<&'a str>,
    seconds: u64,
    refused: &'a [Unjoinable],
}

impl fmt::Display for NoneFound<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.host {
            Some(host) => write!(f, "no game hosted by {host:?}")?,
            None => write!(f, "no game")?,
        }
        let seconds = self.seconds;
        write!(
            f,
            " was found on this network within {seconds} s (mDNS may be blocked: join by address)"
        )?;
        for why in self.refused {
            write!(f, "; cannot join {why}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reads_as_the_command_line_said_it() {
        let full = Unjoinable::Refused { game: "Asha — Classic".into(), why: Refusal::Full };
        let none = FindError::NoneFound { host: None, seconds: 5, refused: vec![full.clone()] };
        let said = none.to_string();
        assert!(said.starts_with("no game was found on this network within 5 s"), "{said}");
        assert!(said.ends_with(&format!("; cannot join Asha — Classic: {}", Refusal::Full)));
        let named = FindError::NoneFound { host: Some("Asha".into()), seconds: 5, refused: vec![] };
        assert!(named.to_string().starts_with("no game hosted by \"Asha\" was found"));
        let refused = FindError::CannotJoin(full);
        assert_eq!(refused.to_string(), format!("cannot join Asha — Classic: {}", Refusal::Full));
    }
}
