//! What happened on the board between two simulation frames, for the senses: pieces set
//! moving or turned mid-board were hit, one turned at the edge met a cushion, one gone
//! was pocketed. Sounds and flashes both follow it; nothing here decides a rule.

use crate::game::{Match, Phase};
use crate::sim::V2;

/// The kind of contact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contact {
    /// Piece against piece (or the striker against one).
    Piece,
    /// A piece against a cushion.
    Cushion,
    /// A piece went down pocket `0`.
    Pocket(u8),
}

/// One contact in one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Impact {
    /// The body's index in the table.
    pub body: usize,
    /// What it met.
    pub contact: Contact,
    /// Where it was: on the board after a hit, before it went down for a pocket.
    pub at: V2,
    /// How hard, 0.05–1 of a full-power stroke's speed (1 for a pocket).
    pub strength: f32,
}

/// The contacts between frame `before` and the next, `now`.
pub fn impacts(before: &Match, now: &Match) -> Vec<Impact> {
    let mut found = Vec::new();
    let striking = before.phase() == Phase::Aim && now.phase() == Phase::Motion;
    if now.phase() != Phase::Motion || striking {
        return found;
    }
    let preset = now.table().preset();
    let full = preset.full_power_speed.0 as f32;
    let edge = preset.half_size.0 - 2 * preset.striker_radius.0;
    let pocketed = now.table().report().pocketed();
    for (body, (a, b)) in before.table().bodies().iter().zip(now.table().bodies()).enumerate() {
        if a.is_on_board() && !b.is_on_board() {
            let pocket = pocketed.iter().find(|p| p.body as usize == body).map_or(0, |p| p.pocket);
            found.push(Impact { body, contact: Contact::Pocket(pocket), at: a.pos, strength: 1.0 });
            continue;
        }
        if !b.is_on_board() || !b.is_moving() {
            continue;
        }
        let strength = (b.speed.0 as f32 / full).clamp(0.05, 1.0);
        let contact = if !a.is_moving() {
            Some(Contact::Piece)
        } else if a.heading != b.heading {
            let turned =
                a.heading.x as i64 * b.heading.x as i64 + a.heading.y as i64 * b.heading.y as i64;
            // A turn of more than about 10° is a collision, not rounding.
            let near_edge = b.pos.x.0.abs() > edge || b.pos.y.0.abs() > edge;
            (turned < (1i64 << 60) / 100 * 98).then_some(if near_edge {
                Contact::Cushion
            } else {
                Contact::Piece
            })
        } else {
            None
        };
        if let Some(contact) = contact {
            found.push(Impact { body, contact, at: b.pos, strength });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Input, advance};
    use crate::rules::{Settings, Variant};
    use crate::sim::{FULL_POWER, PresetId, Stroke};

    /// Every contact of a full-power stroke from the middle of the first shooter's baseline,
    /// `off` left of straight ahead (the smoke run's: it pockets a black in pocket 1).
    fn contacts(off: i32) -> Vec<Impact> {
        let settings = Settings::new(Variant::Freestyle, 3, PresetId::Standard, 30, 1).unwrap();
        let mut m = Match::new(settings);
        let seat = m.shooter();
        let angle = (seat.forward().0 as i32 + off).rem_euclid(65_536) as u16;
        let mut inputs = [Input::ZERO; 3];
        inputs[settings.player_at(seat).unwrap()] =
            Input::commit(1, Stroke { placement: 0, angle, power: FULL_POWER });
        let mut all = Vec::new();
        for _ in 0..900 {
            let before = m;
            advance(&mut m, &inputs);
            all.extend(impacts(&before, &m));
        }
        all
    }

    #[test]
    fn a_stroke_is_a_chain_of_contacts_and_a_pocketing_names_its_pocket() {
        let all = contacts(3_600);
        assert!(all.iter().filter(|i| i.contact == Contact::Piece).count() >= 2);
        assert!(all.iter().any(|i| i.contact == Contact::Cushion));
        let down: Vec<&Impact> =
            all.iter().filter(|i| matches!(i.contact, Contact::Pocket(_))).collect();
        assert!(down.iter().any(|i| i.body == 8 && i.contact == Contact::Pocket(1)), "{down:?}");
        assert!(all.iter().all(|i| (0.05..=1.0).contains(&i.strength)));
    }

    #[test]
    fn harder_hits_are_stronger() {
        let all = contacts(3_600);
        let first = all.iter().find(|i| i.contact == Contact::Piece).unwrap();
        let last = all.iter().rev().find(|i| i.contact == Contact::Piece).unwrap();
        assert!(first.strength > last.strength, "the first hit is the hardest: {first:?} {last:?}");
    }
}
