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
struct TallyPiece(Kind);

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
