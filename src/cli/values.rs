//! The game's enumerations as command-line values: the names are the core's own
//! (`Variant::name`, `PresetId::name` …), so files, flags and menus agree.

use carrom::bot::BotLevel;
use carrom::bot::matchplay::Player;
use carrom::draughts::level::Level;
use carrom::rules::Variant;
#[cfg(feature = "client")]
use carrom::sim::PresetId;
use clap::ValueEnum;
use clap::builder::PossibleValue;

/// A carrom variant on the command line.
#[derive(Clone, Copy, Debug)]
pub struct VariantArg(pub Variant);

impl ValueEnum for VariantArg {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            VariantArg(Variant::Classic),
            VariantArg(Variant::DiscPool),
            VariantArg(Variant::Freestyle),
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
}

/// A board preset on the command line.
#[cfg(feature = "client")]
#[derive(Clone, Copy, Debug)]
pub struct BoardArg(pub PresetId);

#[cfg(feature = "client")]
impl ValueEnum for BoardArg {
    fn value_variants<'a>() -> &'a [Self] {
        &[BoardArg(PresetId::Standard), BoardArg(PresetId::Icf)]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
}

/// The carrom bot's level on the command line.
#[cfg(feature = "client")]
#[derive(Clone, Copy, Debug)]
pub struct BotLevelArg(pub BotLevel);

#[cfg(feature = "client")]
impl ValueEnum for BotLevelArg {
    fn value_variants<'a>() -> &'a [Self] {
        &[BotLevelArg(BotLevel::Easy), BotLevelArg(BotLevel::Medium), BotLevelArg(BotLevel::Hard)]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
}

/// Who plays a seat in `bot-match` and `bot-clear`: a bot level or the geometric bot.
#[derive(Clone, Copy, Debug)]
pub struct PlayerArg(pub Player);

impl ValueEnum for PlayerArg {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            PlayerArg(Player::Bot(BotLevel::Easy)),
            PlayerArg(Player::Bot(BotLevel::Medium)),
            PlayerArg(Player::Bot(BotLevel::Hard)),
            PlayerArg(Player::Geometric),
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
}

/// The draughts engine's level on the command line.
#[derive(Clone, Copy, Debug)]
pub struct DraughtsLevelArg(pub Level);

impl ValueEnum for DraughtsLevelArg {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            DraughtsLevelArg(Level::Easy),
            DraughtsLevelArg(Level::Medium),
            DraughtsLevelArg(Level::Hard),
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
}
