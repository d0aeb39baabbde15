//! Each side's tally in the HUD: the pieces it has pocketed (and been credited with),
//! drawn small in the board's theme beside its score.

use crate::client::carrom::art::Art;
use crate::client::carrom::hud::Tally;
use crate::client::hosts::{LocalMatch, MatchSystems};
use crate::game::Match;
use crate::sim::Kind;
use bevy::prelude::*;

/// Pixels across a tally's piece.
const ICON: f32 = 16.0;

/// One piece shown in a tally.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TallyPiece(pub Kind);

/// Keeps the tallies up to date.
pub(super) struct TallyPlugin;

impl Plugin for TallyPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, fill.in_set(MatchSystems));
    }
}

/// The pieces credited to `side`, the queen first, then whites, then blacks.
fn credited(m: &Match, side: usize) -> Vec<Kind> {
    let bodies = m.table().bodies();
    let mut kinds: Vec<Kind> = (0..bodies.len())
        .filter(|&i| m.standing().credited(i) == Some(side))
        .map(|i| bodies[i].kind())
        .collect();
    kinds.sort_by_key(|k| match k {
        Kind::Queen => 0,
        Kind::White => 1,
        _ => 2,
    });
    kinds
}

fn fill(
    mut commands: Commands,
    local: Res<LocalMatch>,
    art: Res<Art>,
    tallies: Query<(Entity, &Tally, Option<&Children>)>,
    shown: Query<&TallyPiece>,
) {
    for (entity, tally, children) in &tallies {
        let wanted = credited(&local.current, tally.0 as usize);
        let now: Vec<Kind> = children
            .into_iter()
            .flatten()
            .filter_map(|c| shown.get(*c).ok())
            .map(|p| p.0)
            .collect();
        if now == wanted {
            continue;
        }
        commands.entity(entity).despawn_children().with_children(|row| {
            for kind in wanted {
                row.spawn((
                    TallyPiece(kind),
                    ImageNode::new(art.piece(kind)),
                    Node { width: px(ICON), height: px(ICON), ..default() },
                ));
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Input, advance};
    use crate::rules::{Settings, Variant};
    use crate::sim::{FULL_POWER, PresetId, Stroke};

    #[test]
    fn a_side_is_credited_with_what_it_pocketed_queen_first() {
        let settings = Settings::new(Variant::Freestyle, 3, PresetId::Standard, 30, 1).unwrap();
        let mut m = Match::new(settings);
        let seat = m.shooter();
        let side = settings.side_of(seat);
        let angle = (seat.forward().0 as i32 + 3_600).rem_euclid(65_536) as u16;
        let mut inputs = [Input::ZERO; 3];
        inputs[settings.player_at(seat).unwrap()] =
            Input::commit(1, Stroke { placement: 0, angle, power: FULL_POWER });
        assert!(credited(&m, side).is_empty(), "nothing before the stroke");
        for _ in 0..900 {
            advance(&mut m, &inputs);
        }
        let tally = credited(&m, side);
        assert!(!tally.is_empty() && tally.iter().all(|&k| k == Kind::Black), "{tally:?}");
        let others: usize =
            (0..settings.sides()).filter(|&s| s != side).map(|s| credited(&m, s).len()).sum();
        assert_eq!(others, 0, "nobody else pocketed anything");
    }
}
