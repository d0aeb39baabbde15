//! A pocketed piece does not just vanish: it slides to the pocket's middle, shrinks and
//! darkens as it drops in, over a fraction of a second.

use crate::client::carrom::art::Art;
use crate::client::carrom::board_view::{cm, point};
use crate::client::flow::screen::Screen;
use crate::client::hosts::{LocalMatch, MatchSystems};
use crate::sim::preset::pocket_centre;
use bevy::prelude::*;

/// How long a piece takes to drop, seconds.
const DROP: f32 = 0.45;

/// A piece dropping into a pocket.
#[derive(Component, Clone, Copy, Debug)]
pub struct Dropping {
    from: Vec2,
    to: Vec2,
    age: f32,
}

impl Dropping {
    /// How far down it is, 0 (at the lip) to 1 (gone).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn progress(&self) -> f32 {
        (self.age / DROP).min(1.0)
    }
}

/// Where each body was last seen, so a piece gone between two looks is seen going down
/// even when several simulation frames ran in between.
#[derive(Default)]
struct LastSeen(Vec<Option<Vec2>>);

/// Animates pieces going down.
pub(super) struct PocketingPlugin;

impl Plugin for PocketingPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, (start_drops, drop).chain().in_set(MatchSystems));
    }
}

fn start_drops(
    mut commands: Commands,
    local: Res<LocalMatch>,
    art: Res<Art>,
    mut seen: Local<LastSeen>,
) {
    let table = local.current.table();
    let preset = table.preset();
    let bodies = table.bodies();
    if seen.0.len() != bodies.len() {
        seen.0 = vec![None; bodies.len()];
    }
    let pocketed = table.report().pocketed();
    for (i, body) in bodies.iter().enumerate() {
        let now = body.is_on_board().then(|| point(body.pos));
        if let (Some(from), None) = (seen.0[i], now)
            && let Some(going) = pocketed.iter().find(|p| p.body as usize == i)
        {
            let radius = cm(body.kind().radius(preset));
            commands.spawn((
                DespawnOnExit(Screen::Game),
                Dropping { from, to: point(pocket_centre(preset, going.pocket)), age: 0.0 },
                Sprite {
                    image: art.piece(body.kind()),
                    custom_size: Some(Vec2::splat(radius * 2.0)),
                    ..default()
                },
                Transform::from_translation(from.extend(0.9)),
            ));
        }
        seen.0[i] = now;
    }
}

fn drop(
    mut commands: Commands,
    time: Res<Time>,
    mut dropping: Query<(Entity, &mut Dropping, &mut Transform, &mut Sprite)>,
) {
    for (entity, mut piece, mut transform, mut sprite) in &mut dropping {
        piece.age += time.delta_secs();
        let t = (piece.age / DROP).min(1.0);
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        // Quickly over the lip, then down.
        let slide = 1.0 - (1.0 - t).powi(3);
        let at = piece.from.lerp(piece.to, slide);
        transform.translation.x = at.x;
        transform.translation.y = at.y;
        transform.scale = Vec3::splat(1.0 - 0.4 * t * t);
        // It stays in sight over the lip, then goes dark as it falls.
        let light = 1.0 - 0.75 * t * t;
        sprite.color = Color::srgba(light, light, light, 1.0 - t.powi(3));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drop_ends_in_the_pocket_smaller_and_darker() {
        let mut app = App::new();
        app.init_resource::<Time>().add_systems(Update, drop);
        let piece = app
            .world_mut()
            .spawn((
                Dropping { from: Vec2::ZERO, to: Vec2::new(30.0, 30.0), age: DROP * 0.8 },
                Sprite::default(),
                Transform::default(),
            ))
            .id();
        app.update();
        let world = app.world();
        let at = world.get::<Transform>(piece).unwrap();
        assert!(at.translation.x > 25.0 && at.scale.x < 0.8, "near the pocket, shrunk: {at:?}");
        let colour = world.get::<Sprite>(piece).unwrap().color.to_srgba();
        assert!(colour.red < 0.6 && colour.alpha < 0.6, "darker and fading: {colour:?}");
    }
}
