//! Results: who won, each side's score, how it ended, and a rematch or the way home. The
//! game that was played writes the [`MatchSummary`]; a rematch is the host's to start.

use super::replays::watch_last;
use crate::client::flow::{MatchSummary, Screen};
use crate::client::hosts::tape::LastRecord;
use crate::client::ui::{self, Pressed, palette};
use crate::client::words::Words;
use bevy::ecs::system::SystemId;
use bevy::prelude::*;

/// The Results screen.
pub(super) struct ResultsPlugin;

impl Plugin for ResultsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Results), spawn).add_systems(
            Update,
            rebuild
                .run_if(resource_exists_and_changed::<MatchSummary>)
                .run_if(in_state(Screen::Results)),
        );
    }
}

#[derive(Component)]
struct ResultsRoot;

fn rebuild(
    mut commands: Commands,
    roots: Query<Entity, With<ResultsRoot>>,
    summary: Option<Res<MatchSummary>>,
    last: Option<Res<LastRecord>>,
    w: Res<Words>,
) {
    for root in &roots {
        commands.entity(root).despawn();
    }
    spawn(commands, summary, last, w);
}

fn spawn(
    mut commands: Commands,
    summary: Option<Res<MatchSummary>>,
    last: Option<Res<LastRecord>>,
    w: Res<Words>,
) {
    let summary = summary.map(|s| s.clone()).unwrap_or_default();
    let kept = last.is_some_and(|l| l.0.is_ok());
    commands.spawn((ResultsRoot, ui::screen_root(Screen::Results))).with_children(|root| {
        root.spawn(ui::text(summary.headline, 40.0, palette::ACCENT));
        root.spawn(ui::text(summary.game, 18.0, palette::DIM));
        for line in summary.sides {
            root.spawn(ui::text(line, 24.0, palette::TEXT));
        }
        root.spawn(ui::text(summary.ending, 16.0, palette::DIM));
        root.spawn(ui::row()).with_children(|row| {
            if let Some(rematch) = summary.rematch {
                row.spawn(ui::button(w.get("results-rematch"), "Rematch", 1, false))
                    .observe(runs(rematch));
            }
            let home = (ui::GoesBack, ui::button(w.get("results-home"), "Home", 2, false));
            row.spawn(home).observe(ui::opens(Screen::Home));
            if kept {
                row.spawn(ui::button(w.get("results-watch-replay"), "WatchReplay", 3, false))
                    .observe(watch_last);
            }
            for (order, offer) in summary.offers.iter().enumerate() {
                row.spawn(ui::button(offer.label.clone(), offer.name, 4 + order as u16, false))
                    .observe(runs(offer.run));
            }
        });
        if let Some(note) = summary.note {
            root.spawn(ui::text(note, 16.0, palette::DIM));
        }
    });
}

/// What a button that runs the game's one-shot system `system` does.
fn runs(system: SystemId) -> impl Fn(On<Pressed>, Commands) + Send + Sync {
    move |_, mut commands| commands.run_system(system)
}
