//! What the Home screen chooses for the next local match: game type, mode, players, board,
//! shot clock, and who the bot plays.

use super::game_type::GameType;
use crate::bot::BotLevel;
use crate::draughts::Colour;
use crate::draughts::level::Level;
use crate::rules::{DEFAULT_SHOT_CLOCK, Settings, Variant};
use crate::sim::PresetId;
use bevy::prelude::*;

/// How a local match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Everyone at this machine, taking turns with the mouse.
    PassAndPlay,
    /// Against the bot (player 1 is a person; the others may be bots).
    VsBot,
    /// With people on other machines, through a signaling server.
    Online,
    /// With people on this network, no internet needed: one machine hosts.
    Lan,
}

impl Mode {
    /// Every local mode, in menu order.
    pub const ALL: [Mode; 4] = [Mode::PassAndPlay, Mode::VsBot, Mode::Online, Mode::Lan];

    /// The message id of its name in menus.
    pub const fn message(self) -> &'static str {
        match self {
            Mode::PassAndPlay => "mode-pass-and-play",
            Mode::VsBot => "mode-vs-bot",
            Mode::Online => "mode-online",
            Mode::Lan => "mode-lan",
        }
    }

    /// The name in files.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::PassAndPlay => "pass_and_play",
            Mode::VsBot => "vs_bot",
            Mode::Online => "online",
            Mode::Lan => "lan",
        }
    }

    /// The mode called `name`.
    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person at this machine.
    Human,
    /// The bot, at this strength.
    Bot(BotLevel),
    /// A player on another machine (online).
    Remote,
    /// A headless peer's scripted strokes (`carrom peer`).
    Headless,
}

impl Controller {
    /// The name in files: `human` or the bot level's name.
    pub const fn name(self) -> &'static str {
        match self {
            Controller::Human => "human",
            Controller::Bot(level) => level.name(),
            Controller::Remote => "remote",
            Controller::Headless => "headless",
        }
    }

    /// The controller called `name`.
    pub fn from_name(name: &str) -> Option<Controller> {
        match name {
            "human" => Some(Controller::Human),
            "remote" => Some(Controller::Remote),
            "headless" => Some(Controller::Headless),
            other => BotLevel::from_name(other).map(Controller::Bot),
        }
    }
}

/// The next match, as chosen on Home.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSetup {
    /// Carrom or draughts.
    pub game: GameType,
    /// Carrom's game type.
    pub variant: Variant,
    /// Pass and play, or against the bot.
    pub mode: Mode,
    /// Number of players.
    pub players: u8,
    /// Board dimensions.
    pub preset: PresetId,
    /// Seconds per stroke (0: no clock).
    pub shot_clock: u16,
    /// The bot's strength.
    pub level: BotLevel,
    /// In vs Bot, which players the bot plays (player 1 never).
    pub bots: [bool; 4],
    /// Draughts: the computer's strength (CK-11).
    pub draughts_level: Level,
    /// Draughts: the colour player 1 takes (Black moves first).
    pub draughts_colour: Colour,
    /// Draughts: the game opens with a three-move ballot (CK-16).
    pub draughts_ballot: bool,
    /// Draughts against the computer: hints may be asked.
    pub draughts_hints: bool,
    /// Online and on a LAN: seconds a player who drops is waited for.
    pub grace: u16,
}

impl Default for MatchSetup {
    fn default() -> MatchSetup {
        MatchSetup {
            game: GameType::Carrom,
            variant: Variant::DiscPool,
            mode: Mode::PassAndPlay,
            players: 2,
            preset: PresetId::Standard,
            shot_clock: DEFAULT_SHOT_CLOCK,
            level: BotLevel::Medium,
            bots: [false, true, true, true],
            draughts_level: Level::Medium,
            draughts_colour: Colour::Black,
            draughts_ballot: false,
            draughts_hints: true,
            grace: crate::net::hello::DEFAULT_GRACE,
        }
    }
}

/// Choices of how long a player who drops is waited for, seconds.
pub const GRACE_PERIODS: [u16; 3] = [30, 60, 120];

/// Shot clock choices, seconds (0: off).
pub const SHOT_CLOCKS: [u16; 4] = [0, 15, 30, 60];

impl MatchSetup {
    /// Chooses the game type, keeping the player count if the variant allows it.
    pub fn choose_variant(&mut self, variant: Variant) {
        self.game = GameType::Carrom;
        self.variant = variant;
        if !variant.allows(self.players) {
            self.players = 2;
        }
    }

    /// The player counts the chosen variant allows.
    pub fn player_counts(&self) -> impl Iterator<Item = u8> + '_ {
        (2..=4).filter(|&n| self.variant.allows(n))
    }

    /// Who plays each player slot.
    pub fn controllers(&self) -> [Controller; 4] {
        core::array::from_fn(|i| match self.mode {
            Mode::VsBot if i > 0 && self.bots[i] => Controller::Bot(self.level),
            _ => Controller::Human,
        })
    }

    /// The match settings with `seed`.
    pub fn settings(&self, seed: u64) -> Settings {
        let players = if self.variant.allows(self.players) { self.players } else { 2 };
        // Every variant allows two players, so this cannot fail.
        Settings::new(self.variant, players, self.preset, self.shot_clock, seed)
            .unwrap_or_else(|_| unreachable!("two players are always allowed"))
    }
}

/// The message id of the game type's name in menus.
pub const fn variant_message(variant: Variant) -> &'static str {
    match variant {
        Variant::Classic => "variant-classic",
        Variant::DiscPool => "variant-disc-pool",
        Variant::Freestyle => "variant-freestyle",
    }
}

/// The message id of the board preset's name in menus.
pub const fn preset_message(preset: PresetId) -> &'static str {
    match preset {
        PresetId::Standard => "board-standard",
        PresetId::Icf => "board-icf",
    }
}

/// The message id of the bot level's name in menus.
pub const fn level_message(level: BotLevel) -> &'static str {
    match level {
        BotLevel::Easy => "level-easy",
        BotLevel::Medium => "level-medium",
        BotLevel::Hard => "level-hard",
    }
}

/// The message id of a draughts level's name in menus.
pub const fn draughts_level_message(level: Level) -> &'static str {
    match level {
        Level::Easy => "level-easy",
        Level::Medium => "level-medium",
        Level::Hard => "level-hard",
    }
}

/// The message id of a draughts colour's name in menus and the status line.
pub const fn colour_message(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "draughts-black",
        Colour::Red => "draughts-red",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disc_pool_never_keeps_three_players() {
        let mut setup = MatchSetup { players: 3, ..MatchSetup::default() };
        setup.choose_variant(Variant::DiscPool);
        assert_eq!(setup.players, 2);
        assert_eq!(setup.player_counts().collect::<Vec<_>>(), vec![2, 4]);
    }

    #[test]
    fn player_one_is_never_a_bot() {
        let setup = MatchSetup { mode: Mode::VsBot, bots: [true; 4], ..MatchSetup::default() };
        assert_eq!(setup.controllers()[0], Controller::Human);
        assert_eq!(setup.controllers()[1], Controller::Bot(BotLevel::Medium));
    }
}
