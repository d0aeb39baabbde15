//! The draughts board's pictures in the player's theme, kept under the same handles for the
//! whole run: a new theme in Settings repaints them in place, as carrom's art does.

use super::theme;
use crate::client::board::paint;
use crate::client::board::theme::BoardTheme;
use crate::client::persistence::preferences::Preferences;
use crate::draughts::Colour;
use bevy::prelude::*;

/// Pixels across the board's picture: 96 to a square, sharp at 1920×1080.
const BOARD_SIZE: u32 = 768;

/// Pixels across a piece's picture (its largest mip level).
const PIECE_SIZE: u32 = 128;

/// The pictures the draughts board and pieces are drawn with.
#[derive(Resource, Clone, Debug)]
pub struct DraughtsArt {
    /// The theme they are painted in.
    pub theme: BoardTheme,
    /// The 64 inlaid squares.
    pub board: Handle<Image>,
    /// One plank of the frame round them, its grain along its length.
    pub frame: Handle<Image>,
    /// Black's man and king, then Red's.
    pub pieces: [[Handle<Image>; 2]; 2],
    /// Under every piece.
    pub shadow: Handle<Image>,
    /// Over the last move's squares.
    pub glow: Handle<Image>,
}

impl DraughtsArt {
    /// The picture of `side`'s man, or its king.
    pub fn piece(&self, side: Colour, king: bool) -> Handle<Image> {
        self.pieces[side_index(side)][usize::from(king)].clone()
    }
}

fn side_index(side: Colour) -> usize {
    match side {
        Colour::Black => 0,
        Colour::Red => 1,
    }
}

/// Paints the art at start and again when the theme changes.
pub(super) struct DraughtsArtPlugin;

impl Plugin for DraughtsArtPlugin {
    fn build(&self, app: &mut App) {
        let theme =
            app.world().get_resource::<Preferences>().map_or_else(BoardTheme::default, |p| p.theme);
        let mut images = app.world_mut().resource_mut::<Assets<Image>>();
        let pictures = Pictures::paint(theme);
        let art = DraughtsArt {
            theme,
            board: images.add(pictures.board),
            frame: images.add(pictures.frame),
            pieces: pictures.pieces.map(|side| side.map(|p| images.add(p))),
            shadow: images.add(paint::shadow(64)),
            glow: images.add(paint::square_glow(64)),
        };
        app.insert_resource(art).add_systems(
            Update,
            repaint
                .run_if(resource_changed::<Preferences>.and_then(resource_exists::<DraughtsArt>)),
        );
    }
}

/// What a theme changes.
struct Pictures {
    board: Image,
    frame: Image,
    pieces: [[Image; 2]; 2],
}

impl Pictures {
    fn paint(theme: BoardTheme) -> Pictures {
        let look = theme::board(theme);
        let side = |colour: Colour| {
            [false, true].map(|king| paint::piece(theme::piece(theme, colour, king), PIECE_SIZE))
        };
        Pictures {
            board: paint::inlay(look.light, look.dark, 8, BOARD_SIZE, 5, look.falloff),
            frame: paint::wood(look.frame, 1024, 48, 29, 0.0),
            pieces: [side(Colour::Black), side(Colour::Red)],
        }
    }
}

fn repaint(
    preferences: Res<Preferences>,
    mut art: ResMut<DraughtsArt>,
    mut images: ResMut<Assets<Image>>,
) {
    let theme = preferences.theme;
    if art.theme == theme {
        return;
    }
    art.theme = theme;
    let pictures = Pictures::paint(theme);
    let mut put = |handle: &Handle<Image>, image: Image| {
        if let Err(error) = images.insert(handle.id(), image) {
            warn!("a draughts picture could not be repainted: {error}");
        }
    };
    put(&art.board, pictures.board);
    put(&art.frame, pictures.frame);
    for (handles, images) in art.pieces.iter().zip(pictures.pieces) {
        for (handle, image) in handles.iter().zip(images) {
            put(handle, image);
        }
    }
}
