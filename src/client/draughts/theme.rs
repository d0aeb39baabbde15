//! How the draughts board looks in each board theme: its two woods and frame, the men and
//! kings, the numbers and the marks. High contrast tells the sides apart by their marks as
//! well as by colour, as carrom's does.

use crate::client::board::theme::{BoardTheme, Mark, PieceLook, Wood};
use crate::draughts::Colour;
use bevy::prelude::Color;

/// Everything a theme sets for draughts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DraughtsLook {
    /// The light squares.
    pub light: Wood,
    /// The dark squares, where the pieces stand.
    pub dark: Wood,
    /// The frame round the squares.
    pub frame: Wood,
    /// The square numbers on the dark squares.
    pub number: Color,
    /// How much the board darkens towards its edges (0–1).
    pub falloff: f32,
}

/// The board's look in `theme`.
pub fn board(theme: BoardTheme) -> DraughtsLook {
    let wood = |light: (f32, f32, f32), dark: (f32, f32, f32), rings: f32, figure: f32| Wood {
        light: Color::srgb(light.0, light.1, light.2),
        dark: Color::srgb(dark.0, dark.1, dark.2),
        rings,
        figure,
    };
    match theme {
        BoardTheme::ClassicWood => DraughtsLook {
            light: wood((0.93, 0.82, 0.62), (0.85, 0.71, 0.50), 3.0, 0.6),
            dark: wood((0.47, 0.29, 0.16), (0.33, 0.19, 0.09), 3.5, 0.9),
            frame: wood((0.36, 0.19, 0.09), (0.22, 0.10, 0.05), 5.0, 1.0),
            number: Color::srgba(1.0, 0.93, 0.80, 0.62),
            falloff: 0.18,
        },
        // Buff and green, as club and tournament boards are.
        BoardTheme::TournamentLight => DraughtsLook {
            light: wood((0.96, 0.91, 0.77), (0.91, 0.85, 0.69), 2.5, 0.45),
            dark: wood((0.27, 0.47, 0.31), (0.22, 0.40, 0.26), 2.5, 0.45),
            frame: wood((0.78, 0.60, 0.38), (0.62, 0.45, 0.26), 5.0, 0.8),
            number: Color::srgba(1.0, 1.0, 0.95, 0.70),
            falloff: 0.08,
        },
        BoardTheme::HighContrast => DraughtsLook {
            light: wood((0.95, 0.93, 0.70), (0.95, 0.93, 0.70), 1.0, 0.0),
            dark: wood((0.20, 0.22, 0.27), (0.20, 0.22, 0.27), 1.0, 0.0),
            frame: wood((0.10, 0.10, 0.12), (0.10, 0.10, 0.12), 1.0, 0.0),
            number: Color::srgba(1.0, 1.0, 1.0, 0.90),
            falloff: 0.0,
        },
    }
}

/// How `side`'s men (or, with `king`, its kings) look in `theme`.
pub fn piece(theme: BoardTheme, side: Colour, king: bool) -> PieceLook {
    let high = theme == BoardTheme::HighContrast;
    let (face, ink) = match side {
        Colour::Black if high => (Color::srgb(0.04, 0.04, 0.04), Color::srgb(1.0, 1.0, 1.0)),
        Colour::Black => (Color::srgb(0.15, 0.14, 0.14), Color::srgb(0.03, 0.03, 0.03)),
        Colour::Red if high => (Color::srgb(0.92, 0.42, 0.02), Color::srgb(0.35, 0.12, 0.0)),
        Colour::Red => (Color::srgb(0.78, 0.13, 0.12), Color::srgb(0.40, 0.04, 0.04)),
    };
    if king {
        return PieceLook { face, mark: Mark::Crown, ink: Color::srgb(1.0, 0.82, 0.32) };
    }
    let mark = if high && side == Colour::Black { Mark::Band } else { Mark::Ridges };
    PieceLook { face, mark, ink }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ck_12_every_theme_draws_its_own_board() {
        for (i, a) in BoardTheme::ALL.iter().enumerate() {
            for b in &BoardTheme::ALL[i + 1..] {
                assert_ne!(board(*a), board(*b), "{a:?} and {b:?}");
            }
        }
    }

    #[test]
    fn ck_12_kings_wear_a_crown_and_men_do_not_in_every_theme() {
        for theme in BoardTheme::ALL {
            for side in [Colour::Black, Colour::Red] {
                assert_eq!(piece(theme, side, true).mark, Mark::Crown, "{theme:?} {side:?}");
                assert_ne!(piece(theme, side, false).mark, Mark::Crown, "{theme:?} {side:?}");
            }
        }
        let high = BoardTheme::HighContrast;
        let marks = [Colour::Black, Colour::Red].map(|side| piece(high, side, false).mark);
        assert_ne!(marks[0], marks[1], "high contrast marks the sides apart");
    }
}
