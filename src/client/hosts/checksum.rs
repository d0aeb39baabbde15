//! The checksum GGRS compares between peers: the hash of whichever game the session runs
//! (carrom's [`Match`](crate::game::Match) or draughts' `TurnGame`), as one part, so both
//! games share one session and one desync check.

use super::online::OnlineMatch;
use super::online_draughts::OnlineDraughts;
use bevy::prelude::*;
use bevy_ggrs::{ChecksumFlag, ChecksumPart, RollbackId, SaveWorld, SaveWorldSystems};

/// Hashes the game under rollback at every save.
pub(super) struct ChecksumPlugin;

impl Plugin for ChecksumPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(SaveWorld, checksum.in_set(SaveWorldSystems::Checksum));
    }
}

/// The checksum GGRS compares: the hash of whichever game the session runs.
fn checksum(
    mut commands: Commands,
    carrom: Option<Res<OnlineMatch>>,
    draughts: Option<Res<OnlineDraughts>>,
    mut parts: Query<&mut ChecksumPart, (Without<RollbackId>, With<ChecksumFlag<OnlineMatch>>)>,
) {
    let hash = match (carrom, draughts) {
        (Some(m), _) => m.0.hash(),
        (None, Some(d)) => d.0.hash(),
        (None, None) => return,
    };
    let part = ChecksumPart(u128::from(hash));
    match parts.single_mut() {
        Ok(mut existing) => *existing = part,
        Err(_) => {
            commands.spawn((part, ChecksumFlag::<OnlineMatch>::default()));
        }
    }
}
