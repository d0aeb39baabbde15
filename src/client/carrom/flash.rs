//! A brief glow where pieces meet or hit a cushion, as bright and as wide as the impact
//! was hard, so a player sees the break's chain of contacts.

use crate::client::carrom::art::Art;
use crate::client::carrom::board_view::{cm, point};
use crate::client::carrom::impact::{Contact, impacts};
use crate::client::flow::screen::Screen;
use crate::client::hosts::{LocalMatch, MatchSystems};
use bevy::prelude::*;

/// How long a flash lasts, seconds.
const LIFE: f32 = 0.22;

/// Softer than this is not shown (a nudge, not a hit).
const FAINTEST: f32 = 0.08;

/// A flash fading out.
#[derive(Component, Clone, Copy, Debug)]
struct Flash {
    strength: f32,
    age: f32,
}

/// Shows impacts.
pub(super) struct FlashPlugin;

impl Plugin for FlashPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, (start_flashes, fade).chain().in_set(MatchSystems));
    }
}

fn start_flashes(
    mut commands: Commands,
    local: Res<LocalMatch>,
    art: Res<Art>,
    mut last: Local<Option<(u16, u32)>>,
) {
    let (before, now) = (&local.previous, &local.current);
    // Once per simulation frame, however often this runs.
    let frame = (now.next_stroke(), now.table().report().frames);
    if *last == Some(frame) {
        return;
    }
    *last = Some(frame);
    let radius = cm(now.table().preset().striker_radius);
    for impact in impacts(before, now) {
        if matches!(impact.contact, Contact::Pocket(_)) || impact.strength < FAINTEST {
            continue;
        }
        let size = radius * (2.0 + 2.5 * impact.strength);
        commands.spawn((
            DespawnOnExit(Screen::Game),
            Flash { strength: impact.strength, age: 0.0 },
            Sprite { image: art.glow.clone(), custom_size: Some(Vec2::splat(size)), ..default() },
            Transform::from_translation(point(impact.at).extend(2.5)),
        ));
    }
}

fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut flashes: Query<(Entity, &mut Flash, &mut Sprite, &mut Transform)>,
) {
    for (entity, mut flash, mut sprite, mut transform) in &mut flashes {
        flash.age += time.delta_secs();
        let t = flash.age / LIFE;
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        sprite.color = Color::srgba(1.0, 1.0, 1.0, (0.25 + 0.55 * flash.strength) * (1.0 - t));
        transform.scale = Vec3::splat(0.8 + 0.4 * t);
    }
}
