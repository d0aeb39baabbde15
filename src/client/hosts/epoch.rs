//! Which rollback session of an online match runs now: its number (its *epoch*), the match
//! frame it began at, and how often each seat has dropped before it. A resumption after a
//! drop starts the next one ([`super::rejoin`]).

/// The session now running, and the drops that led to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Epoch {
    /// 0 for the first session, one more for each resumption.
    number: u32,
    /// The match frame at which this session began (its frame 0).
    start: u32,
    /// How many times each seat has dropped.
    drops: [u8; 4],
}

impl Epoch {
    /// The session's number: 0 for the first, one more for each resumption.
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The match frame this session began at.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// How many times each seat has dropped.
    pub fn drops(&self) -> [u8; 4] {
        self.drops
    }

    /// The match frame of this session's frame `frame`, if it has one (GGRS says -1 for
    /// none yet).
    pub fn match_frame(&self, frame: i32) -> Option<u32> {
        let frame = u32::try_from(frame).ok()?;
        self.start.checked_add(frame)
    }

    /// This session's frame of match frame `at`, if the session had begun by then.
    pub fn session_frame(&self, at: u32) -> Option<i32> {
        at.checked_sub(self.start).and_then(|frame| i32::try_from(frame).ok())
    }

    /// `seat` dropped once more.
    pub fn dropped(&mut self, seat: usize) {
        if let Some(drops) = self.drops.get_mut(seat) {
            *drops = drops.saturating_add(1);
        }
    }

    /// The session `number` begins at match frame `start`, the seats having dropped
    /// `drops` times (a resumption, or a ticket's match taken back).
    pub fn begins(&mut self, number: u32, start: u32, drops: [u8; 4]) {
        *self = Epoch { number, start, drops };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_counts_its_frames_from_where_it_began_in_the_match() {
        let mut epoch = Epoch::default();
        assert_eq!((epoch.match_frame(-1), epoch.match_frame(5)), (None, Some(5)));
        epoch.dropped(1);
        epoch.dropped(9);
        epoch.begins(1, 600, epoch.drops());
        assert_eq!((epoch.number(), epoch.drops()), (1, [0, 1, 0, 0]));
        assert_eq!((epoch.match_frame(40), epoch.session_frame(640)), (Some(640), Some(40)));
        assert_eq!(epoch.session_frame(599), None, "before the session began");
    }
}
