//! Match settings (variant, players, board, shot clock, seed) and who sits where
//! (src/rules/RULES.md CM-1). They are part of the state, so every peer agrees on them.

use crate::determinism::mix;
use crate::sim::{PresetId, Seat};
use bytemuck::{Pod, Zeroable};
use core::fmt;

/// The carrom variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Variant {
    /// Colours, queen and cover, boards to 25 points (CL-*).
    Classic = 0,
    /// Clear your nine discs first; no queen (DP-*).
    DiscPool = 1,
    /// Every piece scores for whoever pockets it; first to 160 (FS-*).
    Freestyle = 2,
}

impl Variant {
    /// Every variant, in menu order.
    pub const ALL: [Variant; 3] = [Variant::Classic, Variant::DiscPool, Variant::Freestyle];

    /// The name used in files and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::DiscPool => "disc_pool",
            Variant::Freestyle => "freestyle",
        }
    }

    /// The variant called `name`, if any.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The variant stored as `code` (unknown codes read as Classic).
    pub const fn from_code(code: u8) -> Variant {
        match code {
            1 => Variant::DiscPool,
            2 => Variant::Freestyle,
            _ => Variant::Classic,
        }
    }

    /// Whether `players` may play this variant (CL-1, DP-2, FS-2).
    pub const fn allows(self, players: u8) -> bool {
        match self {
            Variant::DiscPool => players == 2 || players == 4,
            _ => players >= 2 && players <= 4,
        }
    }

    /// Whether the queen is in play (DP-1 leaves it out).
    pub const fn has_queen(self) -> bool {
        !matches!(self, Variant::DiscPool)
    }
}

/// Match settings, as plain data inside the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Settings {
    /// The match seed: everything random is drawn from it (CL-2).
    pub seed: u64,
    /// Seconds a shooter has for each stroke; 0 turns the clock off.
    pub shot_clock: u16,
    /// [`Variant`] code.
    pub variant: u8,
    /// Number of players, 2–4.
    pub players: u8,
    /// [`PresetId`] code.
    pub preset: u8,
    /// Reserved, zero.
    pub reserved: [u8; 3],
}

/// Settings that cannot make a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// The variant cannot be played by that many players.
    Players(Variant, u8),
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::Players(Variant::DiscPool, n) => {
                write!(f, "disc_pool is for 2 or 4 players, not {n}")
            }
            SettingsError::Players(v, n) => {
                write!(f, "{} is for 2 to 4 players, not {n}", v.name())
            }
        }
    }
}

impl std::error::Error for SettingsError {}

/// Default shot clock, seconds.
pub const DEFAULT_SHOT_CLOCK: u16 = 30;

/// No side (for optional side fields in the state).
pub const NO_SIDE: u8 = u8::MAX;

impl Settings {
    /// Checked settings.
    pub fn new(
        variant: Variant,
        players: u8,
        preset: PresetId,
        shot_clock: u16,
        seed: u64,
    ) -> Result<Settings, SettingsError> {
        if !variant.allows(players) {
            return Err(SettingsError::Players(variant, players));
        }
        Ok(Settings {
            seed,
            shot_clock,
            variant: variant as u8,
            players,
            preset: preset as u8,
            reserved: [0; 3],
        })
    }

    /// The variant.
    pub const fn variant(&self) -> Variant {
        Variant::from_code(self.variant)
    }

    /// The board preset.
    pub const fn preset(&self) -> PresetId {
        PresetId::from_code(self.preset as u32)
    }

    /// The occupied seats in playing order (CM-1: 2 players face each other).
    pub const fn seats(&self) -> &'static [Seat] {
        match self.players {
            2 => &[Seat(0), Seat(2)],
            3 => &[Seat(0), Seat(1), Seat(2)],
            _ => &[Seat(0), Seat(1), Seat(2), Seat(3)],
        }
    }

    /// Number of sides: players, or two partnerships with 4.
    pub const fn sides(&self) -> usize {
        if self.players == 3 { 3 } else { 2 }
    }

    /// The side a seat plays for (side 0 is seat 0's).
    pub const fn side_of(&self, seat: Seat) -> usize {
        match self.players {
            2 => (seat.0 / 2) as usize,
            3 => seat.0 as usize,
            _ => (seat.0 % 2) as usize,
        }
    }

    /// The player (input slot) sitting on `seat`, if any.
    pub fn player_at(&self, seat: Seat) -> Option<usize> {
        self.seats().iter().position(|&s| s == seat)
    }

    /// The next occupied seat counter-clockwise after `seat` (CM-1, CM-6).
    pub fn next_seat(&self, seat: Seat) -> Seat {
        let seats = self.seats();
        let at = seats.iter().position(|&s| s == seat).unwrap_or(0);
        seats[(at + 1) % seats.len()]
    }

    /// The seat that breaks the first board: drawn from the seed for Classic and
    /// Freestyle (CL-2; Freestyle follows it), seat 0 for Disc Pool (DP-2).
    pub fn first_breaker(&self) -> Seat {
        match self.variant() {
            Variant::DiscPool => Seat(0),
            _ => {
                let seats = self.seats();
                seats[(mix(self.seed) % seats.len() as u64) as usize]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(variant: Variant, players: u8, seed: u64) -> Settings {
        Settings::new(variant, players, PresetId::Standard, 30, seed).unwrap()
    }

    #[test]
    fn cm_1_two_players_face_each_other_and_partners_sit_opposite() {
        let two = settings(Variant::Classic, 2, 0);
        assert_eq!(two.seats(), &[Seat(0), Seat(2)]);
        assert_eq!((two.side_of(Seat(0)), two.side_of(Seat(2))), (0, 1));
        assert_eq!(two.next_seat(Seat(0)), Seat(2));
        assert_eq!(two.next_seat(Seat(2)), Seat(0));
        let four = settings(Variant::Classic, 4, 0);
        assert_eq!(four.sides(), 2);
        assert_eq!(four.side_of(Seat(0)), four.side_of(Seat(2)));
        assert_eq!(four.side_of(Seat(1)), four.side_of(Seat(3)));
        assert_ne!(four.side_of(Seat(0)), four.side_of(Seat(1)));
        let three = settings(Variant::Freestyle, 3, 0);
        assert_eq!(three.sides(), 3);
        assert_eq!(three.next_seat(Seat(2)), Seat(0));
    }

    #[test]
    fn cl_1_dp_2_fs_2_player_counts() {
        for players in 2..=4 {
            assert!(Variant::Classic.allows(players));
            assert!(Variant::Freestyle.allows(players));
        }
        assert!(!Variant::DiscPool.allows(3));
        assert!(!Variant::Classic.allows(5));
        assert_eq!(
            Settings::new(Variant::DiscPool, 3, PresetId::Standard, 30, 1),
            Err(SettingsError::Players(Variant::DiscPool, 3))
        );
    }

    #[test]
    fn cl_2_first_breaker_comes_from_the_seed() {
        let breakers: Vec<Seat> =
            (0..64).map(|seed| settings(Variant::Classic, 4, seed).first_breaker()).collect();
        for seat in 0..4 {
            assert!(breakers.contains(&Seat(seat)), "seat {seat} never breaks");
        }
        assert_eq!(settings(Variant::DiscPool, 2, 5).first_breaker(), Seat(0));
        assert_eq!(
            settings(Variant::Classic, 2, 9).first_breaker(),
            settings(Variant::Classic, 2, 9).first_breaker()
        );
    }
}
