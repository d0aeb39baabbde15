//! A small harness for rules tests: a match whose strokes are given as facts.
#![allow(dead_code)]

use carrom::game::{BOARD_OVER_FRAMES, Input, Match, Phase, advance};
use carrom::rules::{Facts, MatchState, Queen, Ruling, Settings, Variant, rule_stroke};
use carrom::sim::{Fx, Kind, PresetId, Seat, Table, V2};

/// A seed whose first breaker is `seat` for these settings.
pub fn seed_breaking_at(variant: Variant, players: u8, seat: u8) -> u64 {
    (0..1000)
        .find(|&seed| {
            let s = Settings::new(variant, players, PresetId::Standard, 0, seed).unwrap();
            s.first_breaker() == Seat(seat)
        })
        .unwrap()
}

/// Settings for a match where seat 0 breaks, shot clock off.
pub fn settings(variant: Variant, players: u8) -> Settings {
    let seed = seed_breaking_at(variant, players, 0);
    Settings::new(variant, players, PresetId::Standard, 0, seed).unwrap()
}

/// Pieces of the given kinds on a spread-out grid, none touching.
pub fn layout(kinds: &[Kind]) -> Vec<(Kind, V2)> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let (col, row) = ((i % 5) as i32 - 2, (i / 5) as i32 - 2);
            (k, V2::new(Fx::milli_cm(col * 5_000), Fx::milli_cm(row * 5_000 + 2_500)))
        })
        .collect()
}

/// `n` of each colour (and the queen if asked).
pub fn pieces(whites: usize, blacks: usize, queen: bool) -> Vec<Kind> {
    let mut k = vec![Kind::White; whites];
    k.extend(vec![Kind::Black; blacks]);
    if queen {
        k.push(Kind::Queen);
    }
    k
}

/// A match played by giving each stroke's facts.
pub struct Game {
    pub m: Match,
}

impl Game {
    /// The full rack of the variant, seat 0 breaking.
    pub fn new(variant: Variant, players: u8) -> Game {
        Game { m: Match::new(settings(variant, players)) }
    }

    /// A hand-made table, seat 0 breaking.
    pub fn with(variant: Variant, players: u8, kinds: &[Kind]) -> Game {
        let table = Table::with_pieces(PresetId::Standard, &layout(kinds)).unwrap();
        Game { m: Match::with_table(settings(variant, players), table) }
    }

    /// A clean stroke that touched a piece and pocketed `kinds`.
    pub fn pocket(&mut self, kinds: &[Kind]) -> Ruling {
        self.stroke(kinds, &[], true, false)
    }

    /// A stroke with every fact given.
    pub fn stroke(
        &mut self,
        pocketed: &[Kind],
        left: &[Kind],
        touched: bool,
        striker_in: bool,
    ) -> Ruling {
        let facts = Facts::of_kinds(self.m.table(), pocketed, left, touched, striker_in).unwrap();
        assert!(self.m.adjudicate(&facts), "not aiming");
        *self.m.last_ruling()
    }

    /// A stroke that touched nothing.
    pub fn miss(&mut self) -> Ruling {
        self.stroke(&[], &[], false, false)
    }

    pub fn state(&self) -> &MatchState {
        self.m.standing()
    }

    pub fn shooter(&self) -> u8 {
        self.m.shooter().0
    }

    pub fn score(&self, side: usize) -> i32 {
        self.state().scores[side]
    }

    pub fn queen(&self) -> Queen {
        self.state().queen()
    }

    /// Pieces of `kind` on the board.
    pub fn on_board(&self, kind: Kind) -> usize {
        self.m.table().bodies()[1..].iter().filter(|b| b.kind() == kind && b.is_on_board()).count()
    }

    /// Runs the between-boards countdown until the next board is racked.
    pub fn next_board(&mut self) {
        assert_eq!(self.m.phase(), Phase::BoardOver);
        for _ in 0..BOARD_OVER_FRAMES {
            advance(&mut self.m, &[Input::ZERO; 4]);
        }
        assert_eq!(self.m.phase(), Phase::Aim);
    }
}

/// Rules one stroke from a hand-made state: the table is `kinds` laid out, and the
/// stroke pockets `pocketed` off it.
pub fn rule_from(
    settings: &Settings,
    state: &MatchState,
    kinds: &[Kind],
    pocketed: &[Kind],
) -> (MatchState, Ruling) {
    let mut table = Table::with_pieces(settings.preset(), &layout(kinds)).unwrap();
    let facts = Facts::of_kinds(&table, pocketed, &[], true, false).unwrap();
    for b in facts.pocketed() {
        table.take_off(b);
    }
    rule_stroke(settings, state, &table, &facts)
}
