//! A brief banner over the board when something a player must not miss happens: a foul, the
//! queen covered, a board won. It says it in a sentence for a little over two seconds and
//! fades; the HUD keeps the full ruling.

use crate::client::carrom::hud::{foul_message, side_names};
use crate::client::flow::{GameType, Screen};
use crate::client::hosts::{LocalMatch, MatchSystems};
use crate::client::ui::{self, palette};
use crate::client::words::Words;
use crate::rules::{NO_SIDE, Queen};
use bevy::prelude::*;

/// Seconds a banner stays.
const SHOWN_FOR: f32 = 2.2;

/// The banner on screen and how long it has been there.
#[derive(Component)]
struct Announcement(f32);

/// Announces fouls, covers and boards won.
pub(super) struct AnnouncePlugin;

impl Plugin for AnnouncePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (announce, fade).chain().in_set(MatchSystems).run_if(in_state(GameType::Carrom)),
        );
    }
}

/// What is worth announcing about the stroke just ruled, if anything.
pub fn headline(w: &Words, before: &LocalMatch, now: &LocalMatch) -> Option<String> {
    let (was, is) = (before.current.standing(), now.current.standing());
    let ruling = now.current.last_ruling();
    if ruling.board_over != 0 {
        return Some(match ruling.board_winner {
            NO_SIDE => w.get("banner-board-drawn"),
            side => {
                w.with("banner-board-to", &[("names", side_names(w, now, side as usize).into())])
            }
        });
    }
    if is.queen() == Queen::Covered && was.queen() != Queen::Covered {
        let names = side_names(w, now, is.queen_side as usize);
        return Some(w.with("banner-covered", &[("names", names.into())]));
    }
    let foul = ruling.fouls().next()?;
    let what = w.get(foul_message(foul));
    Some(w.with("banner-foul", &[("what", what.into()), ("rule", foul.rule().into())]))
}

fn announce(
    mut commands: Commands,
    local: Res<LocalMatch>,
    w: Res<Words>,
    mut last: Local<Option<(u16, u64, LocalMatch)>>,
    old: Query<Entity, With<Announcement>>,
) {
    let m = &local.current;
    let key = (m.next_stroke(), m.settings().seed);
    let Some((stroke, seed, before)) = last.as_ref() else {
        *last = Some((key.0, key.1, local.clone()));
        return;
    };
    if (*stroke, *seed) == key {
        return;
    }
    let said = (*seed == key.1).then(|| headline(&w, before, &local)).flatten();
    *last = Some((key.0, key.1, local.clone()));
    let Some(said) = said else { return };
    for entity in &old {
        commands.entity(entity).despawn();
    }
    commands
        .spawn((
            Announcement(0.0),
            DespawnOnExit(Screen::Game),
            Node {
                position_type: PositionType::Absolute,
                top: percent(12),
                left: percent(25),
                width: percent(50),
                justify_content: JustifyContent::Center,
                padding: UiRect::all(px(10)),
                border_radius: BorderRadius::all(px(8)),
                ..default()
            },
            BackgroundColor(palette::PANEL.with_alpha(0.9)),
            GlobalZIndex(5),
        ))
        .with_children(|banner| {
            banner.spawn(ui::text(said, 26.0, palette::ACCENT));
        });
}

fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut banners: Query<(Entity, &mut Announcement, &mut BackgroundColor, &Children)>,
    mut texts: Query<&mut TextColor>,
) {
    for (entity, mut shown, mut background, children) in &mut banners {
        shown.0 += time.delta_secs();
        let left = ((SHOWN_FOR - shown.0) / 0.4).clamp(0.0, 1.0);
        background.0 = palette::PANEL.with_alpha(0.9 * left);
        for child in children {
            if let Ok(mut colour) = texts.get_mut(*child) {
                colour.0 = palette::ACCENT.with_alpha(left);
            }
        }
        if shown.0 >= SHOWN_FOR {
            commands.entity(entity).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::flow::MatchSetup;
    use crate::rules::{Facts, Variant};
    use crate::sim::Kind;

    fn freestyle() -> LocalMatch {
        let mut setup = MatchSetup::default();
        setup.choose_variant(Variant::Freestyle);
        LocalMatch::new(&setup, &core::array::from_fn(|i| format!("P{}", i + 1)), 3)
    }

    fn ruled(before: &LocalMatch, pocketed: &[Kind], touched: bool) -> LocalMatch {
        let mut now = before.clone();
        let facts = Facts::of_kinds(now.current.table(), pocketed, &[], touched, false).unwrap();
        assert!(now.current.adjudicate(&facts));
        now
    }

    #[test]
    fn fs_5_a_foul_and_fs_4_a_cover_are_announced_a_plain_stroke_is_not() {
        let before = freestyle();
        let miss = ruled(&before, &[], false);
        let said = headline(&Words::default(), &before, &miss).expect("a foul is announced");
        assert!(said.starts_with("Foul:") && said.contains("FS-5"), "{said}");
        let cover = ruled(&before, &[Kind::Queen, Kind::White], true);
        let said = headline(&Words::default(), &before, &cover).expect("a cover is announced");
        let shooter = cover.current.settings().player_at(before.current.shooter()).unwrap();
        assert_eq!(said, format!("P{} covered the queen", shooter + 1));
        let plain = ruled(&before, &[Kind::White], true);
        assert_eq!(headline(&Words::default(), &before, &plain), None);
    }
}
