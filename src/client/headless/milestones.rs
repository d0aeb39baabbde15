//! What a headless peer says on stderr as its match goes: every player here, the first
//! frame, each stroke (a draughts move), a hold and the resumption after it, the ending. Scripts and tests wait
//! for these lines instead of guessing how long a step takes on a busy machine.

use crate::client::hosts::online::{MatchOverAt, Online, OnlineConfig, OnlineMatch};
use crate::client::hosts::online_draughts::OnlineDraughts;
use crate::client::hosts::rejoin::Holding;
use bevy::prelude::*;
use bevy_ggrs::Session;

/// The milestones said so far, so that each is said once.
#[derive(Debug, Default)]
pub(super) struct Milestones {
    seated: bool,
    began: bool,
    stroke: u32,
    holding: bool,
    epoch: u32,
    over: bool,
    /// Refusals said so far.
    refusals: usize,
}

impl Milestones {
    /// Says what has happened in `world` since the last call.
    pub(super) fn say(&mut self, world: &World) {
        for line in self.news(world) {
            eprintln!("carrom peer: {line}");
        }
    }

    fn news(&mut self, world: &World) -> Vec<String> {
        let mut news = Vec::new();
        let Some(online) = world.get_resource::<Online>() else { return news };
        if !self.seated {
            self.seated = true;
            news.push("every player is here".to_string());
        }
        if !self.began && online.pace().began() {
            self.began = true;
            news.push("the match began".to_string());
        }
        // Counted from the newest back: the oldest are let go past the last kept.
        let (refusals, in_all) = (online.refusals().recent(), online.refusals().in_all());
        let unsaid = refusals.len().min(in_all.saturating_sub(self.refusals));
        for why in &refusals[refusals.len() - unsaid..] {
            news.push(format!("refused: {why}"));
        }
        self.refusals = in_all;
        let holding = world.contains_resource::<Holding>();
        if holding && !self.holding {
            news.push("holding the match for a player who dropped".to_string());
        }
        self.holding = holding;
        // Said once the new epoch's session runs: every player is connected again.
        if online.epoch() != self.epoch && running(world) {
            self.epoch = online.epoch();
            news.push(format!("the match goes on in epoch {}", self.epoch));
        }
        if self.began
            && let Some((word, due)) = due(world)
            && due > self.stroke
        {
            self.stroke = due;
            news.push(format!("{word} {due}"));
        }
        if let Some((frame, _)) = world.resource::<MatchOverAt>().0
            && !self.over
        {
            self.over = true;
            news.push(format!("the match is over at frame {frame}"));
        }
        news
    }
}

/// The stroke due (carrom) or the move to play (draughts), counted from 1, with its word.
/// A rollback may take one back for a moment; it is said once, when first reached.
fn due(world: &World) -> Option<(&'static str, u32)> {
    if let Some(m) = world.get_resource::<OnlineMatch>() {
        return Some(("stroke", u32::from(m.0.next_stroke())));
    }
    let game = world.get_resource::<OnlineDraughts>()?;
    Some(("move", game.0.game.plies + 1))
}

/// Whether a rollback session runs (synchronized with every player).
fn running(world: &World) -> bool {
    world.get_resource::<Session<OnlineConfig>>().is_some_and(|session| match session {
        Session::P2P(session) => session.current_state() == ggrs::SessionState::Running,
        _ => false,
    })
}
