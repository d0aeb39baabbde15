//! What the network has said of an online match: how it ended, if it did; whether that is
//! final; what the players are told of it; and where a desync's record went.

use std::path::{Path, PathBuf};

/// How an online match ended, as far as the network is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetworkEnding {
    /// A peer left: it resigned at the frame GGRS marked it gone.
    PeerLeft,
    /// The peers' states differed.
    Desync,
}

/// The network's word on the match, changed only by what happens to it.
#[derive(Debug, Default)]
pub struct Verdict {
    ending: Option<NetworkEnding>,
    /// Agreed without a session (a forfeit after a drop): no frame can undo it.
    settled: bool,
    message: Option<String>,
    record: Option<PathBuf>,
}

impl Verdict {
    /// How the network ended the match, if it did.
    pub fn ending(&self) -> Option<NetworkEnding> {
        self.ending
    }

    /// Whether the ending was agreed without a session, so that it is final.
    pub fn settled(&self) -> bool {
        self.settled
    }

    /// What the players are told (a peer left, a desync), if anything.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Where a desync record was written.
    pub fn record(&self) -> Option<&Path> {
        self.record.as_deref()
    }

    /// A player left, as `message` tells; a desync found before stands as the ending.
    pub fn peer_left(&mut self, message: String) {
        self.ending.get_or_insert(NetworkEnding::PeerLeft);
        self.message = Some(message);
    }

    /// The match ends because a player is gone (whatever was found before), as
    /// `message` tells.
    pub fn ended_by_absence(&mut self, message: String) {
        self.ending = Some(NetworkEnding::PeerLeft);
        self.message = Some(message);
    }

    /// A dropped player forfeited by the others' agreement, with no session to undo it.
    pub fn settled_by_absence(&mut self, message: String) {
        self.ended_by_absence(message);
        self.settled = true;
    }

    /// The players' states differed; `record` is where the evidence went.
    pub fn desync(&mut self, record: Option<PathBuf>, message: String) {
        self.ending = Some(NetworkEnding::Desync);
        self.record = record;
        self.message = Some(message);
    }

    /// The match resumed: what was said of the drop no longer holds.
    pub fn resumed(&mut self) {
        self.message = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_desync_found_first_stands_when_a_player_then_leaves() {
        let mut verdict = Verdict::default();
        verdict.desync(Some("desync.json".into()), "states differ".into());
        verdict.peer_left("A left".into());
        assert_eq!(verdict.ending(), Some(NetworkEnding::Desync));
        assert_eq!(verdict.message(), Some("A left"));
        assert_eq!(verdict.record(), Some(Path::new("desync.json")));
        verdict.ended_by_absence("nobody came back".into());
        assert_eq!(verdict.ending(), Some(NetworkEnding::PeerLeft));
        assert!(!verdict.settled(), "a session could still undo it");
    }

    #[test]
    fn a_forfeit_agreed_without_a_session_is_final() {
        let mut verdict = Verdict::default();
        assert_eq!((verdict.ending(), verdict.settled(), verdict.message()), (None, false, None));
        verdict.settled_by_absence("B forfeits".into());
        assert_eq!(verdict.ending(), Some(NetworkEnding::PeerLeft));
        assert!(verdict.settled());
    }

    #[test]
    fn a_resumption_clears_what_was_said_of_the_drop() {
        let mut verdict = Verdict::default();
        verdict.peer_left("C dropped".into());
        verdict.resumed();
        assert_eq!(verdict.message(), None);
    }
}
