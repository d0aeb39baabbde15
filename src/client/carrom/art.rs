//! The carrom board's pictures and colours in the player's theme, kept under the same
//! handles for the whole run: a new theme in Settings repaints them in place, so whatever
//! is drawn with them changes at once.

use crate::client::board::paint;
use crate::client::board::theme::BoardTheme;
use crate::client::persistence::preferences::Preferences;
use crate::sim::Kind;
use bevy::prelude::*;

/// How much of a pocket's drawn radius is net; the rest is its rim.
pub const POCKET_NET: f32 = 0.86;

/// Pixels across a piece's picture (its largest mip level).
const PIECE_SIZE: u32 = 128;

/// The pictures and colours the board and pieces are drawn with.
#[derive(Resource, Clone, Debug)]
pub struct Art {
    /// The theme they are painted in.
    pub theme: BoardTheme,
    /// The playing surface.
    pub surface: Handle<Image>,
    /// One plank of the frame, its grain along its length.
    pub frame: Handle<Image>,
    /// A pocket with its rim.
    pub pocket: Handle<Image>,
    /// Each kind of piece, by `Kind as usize`.
    pub pieces: [Handle<Image>; 4],
    /// Under every piece.
    pub shadow: Handle<Image>,
    /// An impact's flash.
    pub glow: Handle<Image>,
    /// The surface's material (its picture on a mesh).
    pub surface_material: Handle<ColorMaterial>,
    /// The frame's material.
    pub frame_material: Handle<ColorMaterial>,
    /// The printed lines.
    pub line: Handle<ColorMaterial>,
    /// The base circles and the centre.
    pub red: Handle<ColorMaterial>,
}

impl Art {
    /// The picture of `kind`.
    pub fn piece(&self, kind: Kind) -> Handle<Image> {
        self.pieces[kind as usize].clone()
    }
}

/// Paints the art at start and again when the theme changes.
pub(super) struct ArtPlugin;

impl Plugin for ArtPlugin {
    fn build(&self, app: &mut App) {
        // Now, not at Startup: the first screen is entered before Startup runs.
        let theme =
            app.world().get_resource::<Preferences>().map_or_else(BoardTheme::default, |p| p.theme);
        let art = paint_all(theme, app.world_mut());
        app.insert_resource(art).add_systems(
            Update,
            repaint.run_if(resource_changed::<Preferences>.and_then(resource_exists::<Art>)),
        );
    }
}

const KINDS: [Kind; 4] = [Kind::Striker, Kind::White, Kind::Black, Kind::Queen];

fn paint_all(theme: BoardTheme, world: &mut World) -> Art {
    let look = theme.look();
    let mut images = world.resource_mut::<Assets<Image>>();
    let surface = images.add(paint::wood(look.surface, 512, 512, 11, look.falloff));
    let frame = images.add(paint::wood(look.frame, 1024, 96, 23, 0.0));
    let pocket = images.add(paint::pocket(look.rim, POCKET_NET, 128));
    let pieces = KINDS.map(|kind| images.add(paint::piece(theme.piece(kind), PIECE_SIZE)));
    let shadow = images.add(paint::shadow(64));
    let glow = images.add(paint::glow(64));
    let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
    let pictured =
        |image: &Handle<Image>| ColorMaterial { texture: Some(image.clone()), ..default() };
    let surface_material = materials.add(pictured(&surface));
    let frame_material = materials.add(pictured(&frame));
    let line = materials.add(look.line);
    let red = materials.add(look.red);
    Art {
        theme,
        surface,
        frame,
        pocket,
        pieces,
        shadow,
        glow,
        surface_material,
        frame_material,
        line,
        red,
    }
}

fn repaint(
    preferences: Res<Preferences>,
    mut art: ResMut<Art>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let theme = preferences.theme;
    if art.theme == theme {
        return;
    }
    art.theme = theme;
    let look = theme.look();
    let mut put = |handle: &Handle<Image>, image: Image| {
        if let Err(error) = images.insert(handle.id(), image) {
            warn!("a board picture could not be repainted: {error}");
        }
    };
    put(&art.surface, paint::wood(look.surface, 512, 512, 11, look.falloff));
    put(&art.frame, paint::wood(look.frame, 1024, 96, 23, 0.0));
    put(&art.pocket, paint::pocket(look.rim, POCKET_NET, 128));
    for (i, kind) in KINDS.iter().enumerate() {
        put(&art.pieces[i], paint::piece(theme.piece(*kind), PIECE_SIZE));
    }
    for (handle, colour) in [(&art.line, look.line), (&art.red, look.red)] {
        if let Some(mut material) = materials.get_mut(handle) {
            material.color = colour;
        }
    }
    // A material holds on to the texture it was prepared with: touching it makes it take
    // the new picture.
    for handle in [&art.surface_material, &art.frame_material] {
        if let Some(mut material) = materials.get_mut(handle) {
            material.color = Color::WHITE;
        }
    }
}
