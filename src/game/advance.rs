//! `advance`: the one deterministic step per 60 Hz frame that local play, rollback,
//! replays and the bot all drive. aim → strike → motion → ruling → next stroke, next
//! turn, next board or match over; shot clock; resignation.

use super::input::Input;
use super::state::{BOARD_OVER_FRAMES, Match, Phase};
use crate::rules::{Facts, MatchState, Ruling, rule_expiry, rule_resignation, rule_stroke};
use crate::sim::{Table, spot::free_spot};

/// Advances the match by one frame. `inputs` holds one input per player, in seat order
/// ([`crate::rules::Settings::seats`]); missing inputs count as no action.
pub fn advance(m: &mut Match, inputs: &[Input]) {
    m.frame = m.frame.wrapping_add(1);
    if m.phase() == Phase::MatchOver {
        return;
    }
    let seats = m.settings.seats();
    if let Some(player) = (0..seats.len()).find(|&p| inputs.get(p).is_some_and(Input::resigns)) {
        let side = m.settings.side_of(seats[player]);
        let (state, ruling) = rule_resignation(&m.settings, &m.standing, &m.table, side);
        m.apply(state, ruling);
        return;
    }
    match m.phase() {
        Phase::Aim => aim(m, inputs),
        Phase::Motion => {
            if !m.table.step() {
                let facts = Facts::from_report(m.table.report());
                let (state, ruling) = rule_stroke(&m.settings, &m.standing, &m.table, &facts);
                m.apply(state, ruling);
            }
        }
        Phase::BoardOver => {
            m.countdown = m.countdown.saturating_sub(1);
            if m.countdown == 0 {
                m.standing.next_board(&m.settings);
                m.table = Table::racked(m.settings.preset(), m.settings.variant().has_queen());
                m.phase = Phase::Aim as u8;
                m.wind_clock();
            }
        }
        Phase::MatchOver => {}
    }
}

fn aim(m: &mut Match, inputs: &[Input]) {
    let seat = m.shooter();
    let input = m.settings.player_at(seat).and_then(|p| inputs.get(p)).copied().unwrap_or_default();
    if input.is_aiming() {
        m.aim = super::state::Aim {
            placement: input.placement,
            angle: input.angle,
            power: input.power,
            reserved: 0,
        };
    }
    // A commit to the stroke that is due starts it, once; an illegal one (CM-4, CM-5)
    // is refused here, the same way on every peer.
    if input.stroke != 0 && input.stroke == m.next_stroke {
        if m.table.start_stroke(seat, &input.as_stroke()).is_ok() {
            m.next_stroke = m.next_stroke.wrapping_add(1);
            m.phase = Phase::Motion as u8;
        }
        return;
    }
    if m.settings.shot_clock > 0 {
        m.clock = m.clock.saturating_sub(1);
        if m.clock == 0 {
            let (state, ruling) = rule_expiry(&m.settings, &m.standing, &m.table);
            m.apply(state, ruling);
        }
    }
}

impl Match {
    /// Rules a stroke whose outcome is given as facts instead of being simulated
    /// (`carrom referee`): the pocketed pieces and those that left the board are taken
    /// off the table, then the referee decides as after a real stroke. Only while aiming.
    pub fn adjudicate(&mut self, facts: &Facts) -> bool {
        if self.phase() != Phase::Aim {
            return false;
        }
        let gone: Vec<usize> = facts.pocketed().chain(facts.pieces_left(&self.table)).collect();
        for body in gone {
            self.table.take_off(body);
        }
        self.next_stroke = self.next_stroke.wrapping_add(1);
        let (state, ruling) = rule_stroke(&self.settings, &self.standing, &self.table, facts);
        self.apply(state, ruling);
        true
    }

    /// Makes a ruling happen: the new standing, returned pieces placed (CM-7), and the
    /// next phase.
    pub(crate) fn apply(&mut self, state: MatchState, ruling: Ruling) {
        self.standing = state;
        self.last = ruling;
        for body in ruling.returned() {
            let radius = self.table.bodies()[body].kind().radius(self.table.preset());
            let spot = free_spot(&self.table, radius);
            self.table.place(body, spot);
        }
        self.phase = if ruling.match_over != 0 {
            Phase::MatchOver
        } else if ruling.board_over != 0 {
            self.countdown = BOARD_OVER_FRAMES;
            Phase::BoardOver
        } else {
            self.wind_clock();
            Phase::Aim
        } as u8;
    }
}
