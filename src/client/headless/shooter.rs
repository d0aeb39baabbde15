//! The headless peer's seat: when it is its turn to aim, it commits the next stroke of its
//! [`Shots`] at once, holding the commit until the stroke starts (inputs describe state,
//! not edges), through the same input a person's controls produce.

use super::shots::Shots;
use crate::client::flow::Controller;
use crate::client::hosts::online::OnlineMatch;
use crate::client::hosts::{HostSystems, LocalMatch, MatchSystems};
use crate::game::{Input, Phase};
use crate::sim::Stroke;
use bevy::prelude::*;

/// The strokes this peer plays, and how far it has got.
#[derive(Resource, Debug, Clone)]
pub struct HeadlessShots {
    shots: Shots,
    played: usize,
    pending: Option<(u16, Stroke)>,
}

impl HeadlessShots {
    /// Plays `shots` from the first.
    pub fn new(shots: Shots) -> HeadlessShots {
        HeadlessShots { shots, played: 0, pending: None }
    }
}

/// Plays the headless seat.
pub(super) struct ShooterPlugin;

impl Plugin for ShooterPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, shoot.in_set(MatchSystems).in_set(HostSystems::Online));
    }
}

/// Reads the rollback state itself (not the view's copy): GGRS has just advanced it, and
/// the input set here is read at the next frame.
fn shoot(
    online: Res<OnlineMatch>,
    mut local: ResMut<LocalMatch>,
    mut shots: ResMut<HeadlessShots>,
) {
    let m = online.0;
    let shooter = m.settings().player_at(m.shooter());
    for player in 0..local.inputs.len() {
        if local.controller(player) != Controller::Headless {
            continue;
        }
        local.inputs[player] = if m.phase() == Phase::Aim && shooter == Some(player) {
            let due = m.next_stroke();
            let stroke = match shots.pending {
                Some((number, stroke)) if number == due => stroke,
                _ => {
                    let stroke = shots.shots.stroke(&m, shots.played);
                    shots.played += 1;
                    shots.pending = Some((due, stroke));
                    stroke
                }
            };
            Input::commit(due, stroke)
        } else {
            Input::ZERO
        };
    }
}
