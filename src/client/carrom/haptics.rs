//! A phone's buzz under the finger: a short one when the striker is struck, on a hard
//! hit, and when a piece drops into a pocket. The page buzzes it (`navigator.vibrate`)
//! where the browser can; a desktop has nothing to buzz. Settings turn it off.

use crate::client::carrom::impact::{Contact, impacts};
use crate::client::hosts::{LocalMatch, MatchStep, MatchSystems};
use crate::client::persistence::preferences::Preferences;
use crate::game::{Match, Phase};
use bevy::prelude::*;

/// A buzz this many milliseconds long.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Buzz(pub u16);

/// A hit at least this hard (of a full-power stroke's speed) is felt.
const HARD: f32 = 0.35;

/// Turns the match's strikes, hard hits and pockets into buzzes.
pub(super) struct HapticsPlugin;

impl Plugin for HapticsPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Buzz>()
            .add_systems(FixedUpdate, buzz.after(MatchStep).in_set(MatchSystems));
    }
}

fn buzz(local: Res<LocalMatch>, preferences: Res<Preferences>, mut buzzes: MessageWriter<Buzz>) {
    if preferences.haptics
        && let Some(ms) = felt(&local.previous, &local.current)
    {
        buzzes.write(Buzz(ms));
    }
}

/// How long a phone buzzes for what happened between frames `before` and `now`, if at all:
/// the longest of what happened.
pub fn felt(before: &Match, now: &Match) -> Option<u16> {
    let striking = before.phase() == Phase::Aim && now.phase() == Phase::Motion;
    let hits = impacts(before, now).into_iter().filter_map(|impact| match impact.contact {
        Contact::Pocket(_) => Some(30),
        Contact::Piece | Contact::Cushion if impact.strength >= HARD => Some(12),
        _ => None,
    });
    striking.then_some(20).into_iter().chain(hits).max()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Input, advance};
    use crate::rules::{Settings, Variant};
    use crate::sim::{FULL_POWER, PresetId, Stroke};

    #[test]
    fn a_strike_a_hard_hit_and_a_pocket_are_felt_and_a_still_board_is_not() {
        let settings = Settings::new(Variant::Freestyle, 3, PresetId::Standard, 30, 1).unwrap();
        let mut m = Match::new(settings);
        let seat = m.shooter();
        let angle = (seat.forward().0 as i32 + 3_600).rem_euclid(65_536) as u16;
        let mut inputs = [Input::ZERO; 3];
        let idle = m;
        advance(&mut m, &inputs);
        assert_eq!(felt(&idle, &m), None, "aiming is not felt");
        inputs[settings.player_at(seat).unwrap()] =
            Input::commit(1, Stroke { placement: 0, angle, power: FULL_POWER });
        let mut felt_all = Vec::new();
        for _ in 0..900 {
            let before = m;
            advance(&mut m, &inputs);
            felt_all.extend(felt(&before, &m));
        }
        assert_eq!(felt_all.first(), Some(&20), "the strike first: {felt_all:?}");
        assert!(felt_all.contains(&12), "a hard hit: {felt_all:?}");
        assert!(felt_all.contains(&30), "the pocketing (the smoke run's break pockets one)");
    }
}
