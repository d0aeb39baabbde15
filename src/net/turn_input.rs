//! How a draughts [`Turn`] rides in the session's input (the carrom [`Input`] every peer
//! exchanges): the move number in `stroke`, the move's index in `placement`, what is said
//! about an offer in `angle`, a resignation as carrom's.

use crate::draughts::turns::{Say, Turn};
use crate::game::Input;

/// The input that carries `turn` (none: an empty input).
pub fn input_of(turn: Option<Turn>) -> Input {
    match turn {
        Some(t) if t.resign => Input::resign(),
        Some(t) => {
            Input { stroke: t.ply, placement: t.index as i16, angle: t.say as u16, ..Input::ZERO }
        }
        None => Input::ZERO,
    }
}

/// The turn an input carries.
pub fn turn_of(input: &Input) -> Turn {
    Turn {
        ply: input.stroke,
        index: input.placement as u16,
        resign: input.resigns(),
        say: Say::from_code(input.angle),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_turn_survives_the_trip() {
        let turns = [
            Turn { ply: 7, index: 3, ..Turn::default() },
            Turn { say: Say::OfferTakeBack, ..Turn::default() },
            Turn { say: Say::Accept, ..Turn::default() },
            Turn { resign: true, ..Turn::default() },
        ];
        for turn in turns {
            assert_eq!(turn_of(&input_of(Some(turn))), turn);
        }
        assert_eq!(turn_of(&input_of(None)), Turn::default());
    }
}
