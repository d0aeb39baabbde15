//! The message ids of the rules of each game type in a player's words, written from
//! src/rules/RULES.md (the rule ids are kept in brackets so a curious player can look them
//! up).

use crate::rules::Variant;

/// What every carrom variant shares.
pub const COMMON: &str = "rules-common";

/// How to aim and strike.
pub const CONTROLS: &str = "rules-controls";

/// English draughts, from src/rules/RULES.md CK-1 … CK-13.
pub const DRAUGHTS: &str = "rules-draughts";

/// How to move in draughts.
pub const DRAUGHTS_CONTROLS: &str = "rules-draughts-controls";

/// The rules of `variant`.
pub const fn rules(variant: Variant) -> &'static str {
    match variant {
        Variant::Classic => "rules-classic",
        Variant::DiscPool => "rules-disc-pool",
        Variant::Freestyle => "rules-freestyle",
    }
}
