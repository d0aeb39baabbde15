//! What this peer refused from the others, in words: the log says each, and a headless
//! peer says it on stderr. A peer sending the same lie at every frame must not flood
//! either, nor grow memory: the same refusal while it is among the last ones is not
//! repeated, and only the last [`MAX_REFUSALS`] are kept.

use bevy::log::warn;

/// Refusals kept (older ones are counted, not kept).
pub const MAX_REFUSALS: usize = 64;

/// The last refusals, and how many there have been.
#[derive(Clone, Debug, Default)]
pub struct Refusals {
    recent: Vec<String>,
    in_all: usize,
}

impl Refusals {
    /// Notes that something `why` names was refused (once while it is among the last).
    pub(super) fn note(&mut self, why: String) {
        if self.recent.contains(&why) {
            return;
        }
        self.in_all += 1;
        warn!("refused: {why}");
        if self.recent.len() == MAX_REFUSALS {
            self.recent.remove(0);
        }
        self.recent.push(why);
    }

    /// The last refusals, oldest first.
    pub fn recent(&self) -> &[String] {
        &self.recent
    }

    /// How many refusals there have been in all, those let go included.
    pub fn in_all(&self) -> usize {
        self.in_all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lie_repeated_is_said_once_and_only_the_last_refusals_are_kept() {
        let mut refusals = Refusals::default();
        for _ in 0..100 {
            refusals.note("a forged seat".into());
        }
        assert_eq!((refusals.recent().len(), refusals.in_all()), (1, 1));
        for i in 0..MAX_REFUSALS + 4 {
            refusals.note(format!("lie {i}"));
        }
        assert_eq!(refusals.recent().len(), MAX_REFUSALS);
        assert_eq!(refusals.in_all(), MAX_REFUSALS + 5);
        let last = format!("lie {}", MAX_REFUSALS + 3);
        assert_eq!(refusals.recent().last(), Some(&last));
    }
}
