//! The referees' entry points: ruling a stroke, an expired shot clock, a resignation. Each
//! makes a `Call` and hands it to the match's variant.

use super::call::Call;
use super::facts::Facts;
use super::ruling::{Cause, Ruling};
use super::settings::{Settings, Variant};
use super::state::{MatchState, Queen};
use super::{classic, disc_pool, freestyle};
use crate::sim::Table;

/// Rules one stroke: `table` is the table as the stroke left it, `facts` what happened.
/// Returns the new match state and the ruling. Pure: same inputs, same outputs.
pub fn rule_stroke(
    settings: &Settings,
    state: &MatchState,
    table: &Table,
    facts: &Facts,
) -> (MatchState, Ruling) {
    let mut call = Call::new(settings, state, table, facts, Cause::Stroke);
    call.state.expiries[call.side] = 0;
    match settings.variant() {
        Variant::Classic if settings.players == 3 => classic::rule_free_for_all(&mut call),
        Variant::Classic => classic::rule_colours(&mut call),
        Variant::DiscPool => disc_pool::rule(&mut call),
        Variant::Freestyle => freestyle::rule(&mut call),
    }
    (call.state, call.ruling)
}

/// The shot clock ran out: the turn passes with no other penalty; a queen awaiting its
/// cover goes back; an unbroken board's break passes on; the third expiry in a row
/// forfeits the match.
pub fn rule_expiry(settings: &Settings, state: &MatchState, table: &Table) -> (MatchState, Ruling) {
    let facts = Facts::default();
    let mut call = Call::new(settings, state, table, &facts, Cause::ClockExpired);
    call.state.expiries[call.side] += 1;
    if call.state.queen() == Queen::Pending {
        call.return_queen();
    }
    if call.state.broken == 0 {
        call.state.break_attempts = 0;
    }
    if call.state.expiries[call.side] >= 3 {
        call.forfeit(call.side);
    } else {
        call.pass_turn();
    }
    (call.state, call.ruling)
}

/// `side` resigns: the match ends and that side loses.
pub fn rule_resignation(
    settings: &Settings,
    state: &MatchState,
    table: &Table,
    side: usize,
) -> (MatchState, Ruling) {
    let facts = Facts::default();
    let mut call = Call::new(settings, state, table, &facts, Cause::Resigned);
    call.forfeit(side);
    (call.state, call.ruling)
}
