//! The board themes a player picks in Settings: their woods, lines and pieces. High
//! contrast tells the pieces apart by their marks as well as by colour.

use crate::sim::Kind;
use bevy::prelude::Color;
use serde::{Deserialize, Serialize};

/// A look for the carrom board and its pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardTheme {
    /// Honey-coloured birch in a dark rosewood frame.
    #[default]
    ClassicWood,
    /// Pale maple in a light oak frame, as at tournaments.
    TournamentLight,
    /// Plain light surface, black lines, pieces marked by shape (colour-blind players).
    HighContrast,
}

/// The mark on a piece's face, so that pieces differ by more than colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A carved ring.
    Groove,
    /// Three carved rings, as on a draughts man.
    Ridges,
    /// A crown over a ring (a draughts king).
    Crown,
    /// A filled ring of the mark colour.
    Band,
    /// A five-pointed star (the queen).
    Star,
    /// A cross-hair (the striker).
    Target,
}

/// How one kind of piece looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceLook {
    /// The face.
    pub face: Color,
    /// The mark on the face.
    pub mark: Mark,
    /// The mark's colour.
    pub ink: Color,
}

/// A wood: its two tones and how tight its grain is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wood {
    /// The early wood (light).
    pub light: Color,
    /// The late wood (the grain lines).
    pub dark: Color,
    /// Grain lines across the texture.
    pub rings: f32,
    /// How much the grain waves (0: straight, plain colour when `light == dark`).
    pub figure: f32,
}

/// Everything a theme sets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    /// The frame around the cushions.
    pub frame: Wood,
    /// The playing surface.
    pub surface: Wood,
    /// The printed lines.
    pub line: Color,
    /// The base circles and the centre.
    pub red: Color,
    /// The pockets' rims.
    pub rim: Color,
    /// How much the surface darkens towards its edges (0–1).
    pub falloff: f32,
}

impl BoardTheme {
    /// Every theme, in Settings' order.
    pub const ALL: [BoardTheme; 3] =
        [BoardTheme::ClassicWood, BoardTheme::TournamentLight, BoardTheme::HighContrast];

    /// The message id of the name Settings shows.
    pub fn label(self) -> &'static str {
        match self {
            BoardTheme::ClassicWood => "theme-classic-wood",
            BoardTheme::TournamentLight => "theme-tournament-light",
            BoardTheme::HighContrast => "theme-high-contrast",
        }
    }

    /// The board's look.
    pub fn look(self) -> Look {
        match self {
            BoardTheme::ClassicWood => Look {
                frame: Wood {
                    light: Color::srgb(0.42, 0.22, 0.11),
                    dark: Color::srgb(0.25, 0.12, 0.06),
                    rings: 5.0,
                    figure: 1.0,
                },
                surface: Wood {
                    light: Color::srgb(0.93, 0.82, 0.62),
                    dark: Color::srgb(0.84, 0.69, 0.47),
                    rings: 9.0,
                    figure: 0.9,
                },
                line: Color::srgb(0.16, 0.09, 0.05),
                red: Color::srgb(0.72, 0.13, 0.11),
                rim: Color::srgb(0.55, 0.42, 0.20),
                falloff: 0.22,
            },
            BoardTheme::TournamentLight => Look {
                frame: Wood {
                    light: Color::srgb(0.78, 0.60, 0.38),
                    dark: Color::srgb(0.62, 0.45, 0.26),
                    rings: 5.0,
                    figure: 0.8,
                },
                surface: Wood {
                    light: Color::srgb(0.97, 0.92, 0.80),
                    dark: Color::srgb(0.91, 0.84, 0.69),
                    rings: 11.0,
                    figure: 0.5,
                },
                line: Color::srgb(0.10, 0.10, 0.12),
                red: Color::srgb(0.10, 0.34, 0.62),
                rim: Color::srgb(0.70, 0.70, 0.72),
                falloff: 0.10,
            },
            BoardTheme::HighContrast => Look {
                frame: Wood {
                    light: Color::srgb(0.10, 0.10, 0.12),
                    dark: Color::srgb(0.10, 0.10, 0.12),
                    rings: 1.0,
                    figure: 0.0,
                },
                surface: Wood {
                    light: Color::srgb(0.95, 0.93, 0.70),
                    dark: Color::srgb(0.95, 0.93, 0.70),
                    rings: 1.0,
                    figure: 0.0,
                },
                line: Color::srgb(0.0, 0.0, 0.0),
                red: Color::srgb(0.0, 0.45, 0.70),
                rim: Color::srgb(1.0, 1.0, 1.0),
                falloff: 0.0,
            },
        }
    }

    /// How `kind` looks.
    pub fn piece(self, kind: Kind) -> PieceLook {
        let high = self == BoardTheme::HighContrast;
        match kind {
            Kind::White => PieceLook {
                face: Color::srgb(0.96, 0.93, 0.84),
                mark: Mark::Groove,
                ink: Color::srgb(0.70, 0.64, 0.52),
            },
            Kind::Black if high => PieceLook {
                face: Color::srgb(0.05, 0.05, 0.05),
                mark: Mark::Band,
                ink: Color::srgb(1.0, 1.0, 1.0),
            },
            Kind::Black => PieceLook {
                face: Color::srgb(0.14, 0.13, 0.13),
                mark: Mark::Groove,
                ink: Color::srgb(0.05, 0.05, 0.05),
            },
            Kind::Queen => PieceLook {
                face: if high {
                    Color::srgb(0.90, 0.40, 0.0)
                } else {
                    Color::srgb(0.80, 0.10, 0.14)
                },
                mark: Mark::Star,
                ink: Color::srgb(1.0, 0.84, 0.35),
            },
            Kind::Striker => PieceLook {
                face: Color::srgb(0.92, 0.90, 0.83),
                mark: Mark::Target,
                ink: Color::srgb(0.12, 0.25, 0.58),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_has_its_own_name_and_look() {
        for (i, a) in BoardTheme::ALL.iter().enumerate() {
            for b in &BoardTheme::ALL[i + 1..] {
                assert_ne!(a.label(), b.label());
                assert_ne!(a.look(), b.look());
            }
        }
    }

    #[test]
    fn high_contrast_tells_the_pieces_apart_by_their_marks() {
        let theme = BoardTheme::HighContrast;
        let marks: Vec<Mark> = [Kind::White, Kind::Black, Kind::Queen, Kind::Striker]
            .map(|k| theme.piece(k).mark)
            .into();
        for (i, a) in marks.iter().enumerate() {
            assert!(!marks[i + 1..].contains(a), "{a:?} marks two kinds of piece: {marks:?}");
        }
    }

    #[test]
    fn the_queen_wears_her_star_in_every_theme() {
        for theme in BoardTheme::ALL {
            assert_eq!(theme.piece(Kind::Queen).mark, Mark::Star, "{theme:?}");
        }
    }

    #[test]
    fn a_theme_is_kept_in_the_settings_file_by_name() {
        let text = serde_json::to_string(&BoardTheme::HighContrast).unwrap();
        assert_eq!(text, "\"high_contrast\"");
        assert_eq!(serde_json::from_str::<BoardTheme>(&text).unwrap(), BoardTheme::HighContrast);
    }
}
