//! Pictures painted at start for the boards, in the chosen theme: the woods, the draughts
//! board's inlaid squares, a pocket's rim and net, each kind of piece (bevel, highlight,
//! its mark), a soft contact shadow, a glow for impacts and one for a square. Painted here, so nothing is downloaded and no licence
//! is involved; each comes with its mip levels, so it stays smooth at any window size.

use crate::client::board::theme::{Mark, PieceLook, Wood};
use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat, TextureUsages};
use core::f32::consts::{PI, TAU};

/// sRGB colour and alpha, each 0–1, not premultiplied.
type Rgba = [f32; 4];

/// Where the light comes from, in a picture's own coordinates (x right, y up).
const LIGHT: Vec2 = Vec2::new(-0.55, 0.65);

fn rgb(colour: Color) -> [f32; 3] {
    let c = colour.to_srgba();
    [c.red, c.green, c.blue]
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    core::array::from_fn(|i| a[i] + (b[i] - a[i]) * t)
}

fn scale(a: [f32; 3], k: f32) -> [f32; 3] {
    a.map(|c| (c * k).clamp(0.0, 1.0))
}

fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A pseudo-random value in 0–1 for a lattice point (a fixed hash: the same every run).
fn lattice(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343) ^ (y as u32).wrapping_mul(0xd816_3841) ^ seed;
    h ^= h >> 13;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 16;
    (h & 0xffff) as f32 / 65_535.0
}

/// Smooth value noise, 0–1.
fn noise(p: Vec2, seed: u32) -> f32 {
    let (x, y) = (p.x.floor(), p.y.floor());
    let (fx, fy) = (p.x - x, p.y - y);
    let (ux, uy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let (x, y) = (x as i32, y as i32);
    let a = lattice(x, y, seed) + (lattice(x + 1, y, seed) - lattice(x, y, seed)) * ux;
    let b = lattice(x, y + 1, seed) + (lattice(x + 1, y + 1, seed) - lattice(x, y + 1, seed)) * ux;
    a + (b - a) * uy
}

/// Three octaves of noise, 0–1.
fn fractal(p: Vec2, seed: u32) -> f32 {
    (noise(p, seed) * 4.0 + noise(p * 2.0, seed ^ 1) * 2.0 + noise(p * 4.0, seed ^ 2)) / 7.0
}

/// An image of `width` × `height` painted by `f(u, v)` (u, v in 0–1, v up), with its mip
/// levels averaged down from it.
fn picture(width: u32, height: u32, f: impl Fn(f32, f32) -> Rgba) -> Image {
    let mut level: Vec<Rgba> = Vec::with_capacity((width * height) as usize);
    for row in 0..height {
        for column in 0..width {
            let u = (column as f32 + 0.5) / width as f32;
            let v = 1.0 - (row as f32 + 0.5) / height as f32;
            level.push(f(u, v));
        }
    }
    let (mut w, mut h) = (width, height);
    let mut data = Vec::new();
    let mut levels = 0;
    loop {
        for p in &level {
            // Colours are stored as sRGB bytes; alpha as it is.
            data.extend(p.iter().map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8));
        }
        levels += 1;
        if w == 1 && h == 1 {
            break;
        }
        let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
        let mut next = Vec::with_capacity((nw * nh) as usize);
        for y in 0..nh {
            for x in 0..nw {
                let mut sum = [0.0; 4];
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let sx = (x * 2 + dx).min(w - 1);
                    let sy = (y * 2 + dy).min(h - 1);
                    let p = level[(sy * w + sx) as usize];
                    // Weighted by alpha, so transparent texels do not darken the edge.
                    for c in 0..3 {
                        sum[c] += p[c] * p[3];
                    }
                    sum[3] += p[3];
                }
                let a = sum[3] / 4.0;
                let k = if sum[3] > 0.0 { 1.0 / sum[3] } else { 0.0 };
                next.push([sum[0] * k, sum[1] * k, sum[2] * k, a]);
            }
        }
        level = next;
        (w, h) = (nw, nh);
    }
    let size = Extent3d { width, height, depth_or_array_layers: 1 };
    let mut image = Image::new_uninit(
        size,
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.texture_descriptor.mip_level_count = levels;
    // Without COPY_DST in its description, a repainted picture is uploaded as a new texture
    // with every mip level; Bevy would otherwise rewrite only the largest in place. (The
    // upload itself still adds the usage it needs.)
    image.texture_descriptor.usage = TextureUsages::TEXTURE_BINDING;
    image.data = Some(data);
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor::linear());
    image
}

/// A plank of `wood`, its grain along the width; `falloff` darkens it towards its edges
/// (the light over the middle of the board).
pub fn wood(wood: Wood, width: u32, height: u32, seed: u32, falloff: f32) -> Image {
    let aspect = width as f32 / height as f32;
    picture(width, height, |u, v| {
        let edge = Vec2::new(u - 0.5, v - 0.5).length() * 2.0 / core::f32::consts::SQRT_2;
        let lit = 1.0 - falloff * smoothstep(0.25, 1.0, edge);
        let [r, g, b] = scale(grain(wood, u * aspect, v, seed), lit);
        [r, g, b, 1.0]
    })
}

/// The colour of `wood` at `x` along its grain and `v` (0–1) across it.
fn grain(wood: Wood, x: f32, v: f32, seed: u32) -> [f32; 3] {
    let (light, dark) = (rgb(wood.light), rgb(wood.dark));
    // Growth rings: long lines that drift and wave a little along the plank.
    let drift = fractal(Vec2::new(x * 0.9, v * 2.2), seed) - 0.5;
    let grain = v * wood.rings + wood.figure * drift * 5.0;
    let ring = smoothstep(0.55, 1.0, 0.5 + 0.5 * (grain * TAU).sin());
    // Fibres: fine streaks along the grain, and broad patches of tone.
    let fibre = noise(Vec2::new(x * 3.0, v * 260.0), seed ^ 7) - 0.5;
    let patch = fractal(Vec2::new(x * 1.2, v * 1.6), seed ^ 9) - 0.5;
    let amount = wood.figure.min(1.0);
    let tone = (ring * 0.55 + (fibre * 0.45 + patch * 0.6) * amount + 0.2).clamp(0.0, 1.0);
    mix(light, dark, tone * amount.max(0.0))
}

/// A board of `cells` × `cells` inlaid squares, each its own piece of veneer: `light` and
/// `dark` wood alternating (the top-left square light), their grains crossing, a fine seam
/// between them and the light falling off towards the edges by `falloff`.
pub fn inlay(light: Wood, dark: Wood, cells: u32, size: u32, seed: u32, falloff: f32) -> Image {
    let n = cells as f32;
    picture(size, size, |u, v| {
        let (x, y) = (u * n, (1.0 - v) * n);
        let (column, row) = (x.floor().min(n - 1.0), y.floor().min(n - 1.0));
        let (across, down) = (x - column, y - row);
        let is_dark = (column as u32 + row as u32) % 2 == 1;
        let veneer = seed ^ (row as u32 * 8 + column as u32).wrapping_mul(0x9e37);
        // Light squares run their grain across, dark ones down, as veneers are laid.
        let tone = if is_dark {
            grain(dark, down * 0.5 + row * 0.7, across, veneer)
        } else {
            grain(light, across * 0.5 + column * 0.7, down, veneer)
        };
        let seam =
            1.0 - 0.22 * smoothstep(0.035, 0.0, across.min(1.0 - across).min(down.min(1.0 - down)));
        let edge = Vec2::new(u - 0.5, v - 0.5).length() * 2.0 / core::f32::consts::SQRT_2;
        let lit = (1.0 - falloff * smoothstep(0.25, 1.0, edge)) * seam;
        let [r, g, b] = scale(tone, lit);
        [r, g, b, 1.0]
    })
}

/// A square's soft glow: light pooling along its inside edges, faint in the middle.
pub fn square_glow(size: u32) -> Image {
    picture(size, size, |u, v| {
        let inside = u.min(1.0 - u).min(v.min(1.0 - v)) * 2.0;
        let rim = (-(inside / 0.22).powi(2)).exp();
        [1.0, 0.86, 0.45, (0.85 * rim + 0.25) * smoothstep(0.0, 0.04, inside)]
    })
}

/// Coverage of a disc edge at distance `r` from the centre (radius 1), `px` being one
/// pixel in the same units: a smooth edge instead of stairs.
fn coverage(r: f32, edge: f32, px: f32) -> f32 {
    smoothstep(edge + px, edge - px, r)
}

/// A pocket seen from above: the net going down into the dark, inside a rim whose outer
/// edge is the picture's edge; the net fills `net` of the radius.
pub fn pocket(rim: Color, net: f32, size: u32) -> Image {
    let rim = rgb(rim);
    let px = 2.0 / size as f32;
    picture(size, size, |u, v| {
        let p = Vec2::new(u * 2.0 - 1.0, v * 2.0 - 1.0);
        let r = p.length();
        let alpha = coverage(r, 1.0, px);
        if r > net {
            // The rim: a rounded lip, lit from the light's side.
            let across = (r - net) / (1.0 - net);
            let normal = p.normalize_or_zero() * (across * 2.0 - 1.0);
            let lit = 0.75 + 0.45 * normal.dot(LIGHT.normalize());
            let [r, g, b] = scale(rim, lit);
            let inner = coverage(net, r, px);
            return [r * (1.0 - inner), g * (1.0 - inner), b * (1.0 - inner), alpha];
        }
        // The net: a mesh of cords that fade as they go deeper.
        let depth = r / net;
        let mesh = |t: f32| (0.5 + 0.5 * (t * 9.0 * PI).cos()).powf(18.0);
        let q = p / (0.35 + 0.65 * depth);
        let cords = mesh(q.x + q.y).max(mesh(q.x - q.y));
        let shade = 0.02 + 0.16 * cords * depth * depth + 0.03 * depth;
        [shade, shade * 0.95, shade * 0.9, alpha]
    })
}

/// One kind of piece from above: its face, bevelled rim, highlight and mark.
pub fn piece(look: PieceLook, size: u32) -> Image {
    let face = rgb(look.face);
    let ink = rgb(look.ink);
    let px = 2.0 / size as f32;
    let light = LIGHT.normalize();
    picture(size, size, |u, v| {
        let p = Vec2::new(u * 2.0 - 1.0, v * 2.0 - 1.0);
        let r = p.length();
        let alpha = coverage(r, 0.98, px);
        let mut colour = face;
        match look.mark {
            Mark::Groove => colour = carved(colour, face, ink, p, 0.62),
            Mark::Ridges => {
                for radius in [0.40, 0.58, 0.76] {
                    colour = carved(colour, face, ink, p, radius);
                }
            }
            Mark::Crown => {
                colour = carved(colour, face, ink, p, 0.76);
                let crown = sampled(p, px, crowned);
                // The crown's gold is lit from the same side as the piece.
                let gold = scale(ink, 0.92 + 0.2 * (p.y - p.x).clamp(-1.0, 1.0));
                colour = mix(colour, gold, crown);
            }
            Mark::Band => {
                let band = coverage(r, 0.66, px) * (1.0 - coverage(r, 0.44, px));
                colour = mix(colour, ink, band);
            }
            Mark::Star => {
                let star = coverage(star_distance(p), 0.0, px * 1.5);
                colour = mix(colour, ink, star);
                let ring = coverage((r - 0.72).abs(), 0.03, px);
                colour = mix(colour, ink, ring * 0.8);
            }
            Mark::Target => {
                let ring = coverage((r - 0.66).abs(), 0.06, px);
                let cross = coverage(p.x.abs().min(p.y.abs()), 0.045, px) * coverage(r, 0.5, px);
                let dot = coverage(r, 0.1, px);
                colour = mix(colour, ink, ring.max(cross).max(dot));
            }
        }
        // The bevel: the rim's outer tenth slopes away, lit on the light's side.
        let slope = smoothstep(0.80, 0.98, r);
        let facing = p.normalize_or_zero().dot(light);
        colour = scale(colour, 1.0 + 0.38 * slope * facing - 0.10 * slope);
        // A soft highlight near the light and a faint sheen over the face.
        let shine = (-(p - light * 0.45).length_squared() / 0.10).exp();
        colour = mix(colour, [1.0, 1.0, 1.0], 0.22 * shine);
        [colour[0], colour[1], colour[2], alpha]
    })
}

/// `colour` with a carved ring of `radius` across it: its inner wall in shadow, its outer
/// wall lit.
fn carved(colour: [f32; 3], face: [f32; 3], ink: [f32; 3], p: Vec2, radius: f32) -> [f32; 3] {
    let across = (p.length() - radius) / 0.05;
    if across.abs() >= 1.0 {
        return colour;
    }
    let side = p.normalize_or_zero().dot(LIGHT.normalize()) * across.signum();
    scale(mix(face, ink, 0.6), 0.9 + 0.25 * side)
}

/// How much of the pixel at `p` (`px` across) lies inside `shape`: 4 × 4 samples, for
/// shapes with corners.
fn sampled(p: Vec2, px: f32, shape: fn(Vec2) -> bool) -> f32 {
    let mut inside = 0;
    for i in 0..4 {
        for j in 0..4 {
            let offset = Vec2::new(i as f32 - 1.5, j as f32 - 1.5) * (px / 4.0);
            inside += u32::from(shape(p + offset));
        }
    }
    inside as f32 / 16.0
}

/// Whether `p` is inside a king's crown: a band and three points, each tipped with a ball.
fn crowned(p: Vec2) -> bool {
    let band = p.x.abs() <= 0.36 && (-0.30..=-0.17).contains(&p.y);
    // The top edge zigzags through the points' tips and the valleys between them.
    let tips = [(-0.36, 0.22), (-0.18, -0.02), (0.0, 0.30), (0.18, -0.02), (0.36, 0.22)];
    let top = tips.windows(2).find(|w| p.x >= w[0].0 && p.x <= w[1].0).map(|w| {
        let t = (p.x - w[0].0) / (w[1].0 - w[0].0);
        w[0].1 + (w[1].1 - w[0].1) * t
    });
    let body = top.is_some_and(|top| p.y > -0.17 && p.y <= top);
    let ball = [(-0.36, 0.26), (0.0, 0.35), (0.36, 0.26)]
        .iter()
        .any(|&(x, y)| Vec2::new(p.x - x, p.y - y).length() <= 0.065);
    band || body || ball
}

/// How far `p` is outside a five-pointed star of outer radius 0.5, point up (negative
/// inside): along the ray from the centre, enough for a smooth edge.
fn star_distance(p: Vec2) -> f32 {
    let (outer, inner) = (0.5, 0.2);
    let half = TAU / 10.0;
    // The angle from the nearest point of the star, folded into 0..half.
    let angle = (p.y.atan2(p.x) - PI / 2.0).rem_euclid(2.0 * half);
    let theta = if angle > half { 2.0 * half - angle } else { angle };
    // Where the ray at theta meets the edge from the point to the notch beside it.
    let tip = Vec2::new(outer, 0.0);
    let notch = Vec2::from_angle(half) * inner;
    let edge = notch - tip;
    let ray = Vec2::from_angle(theta);
    let reach = tip.perp_dot(edge) / ray.perp_dot(edge);
    p.length() - reach
}

/// A soft round shadow, darkest in the middle.
pub fn shadow(size: u32) -> Image {
    picture(size, size, |u, v| {
        let r = Vec2::new(u * 2.0 - 1.0, v * 2.0 - 1.0).length();
        [0.0, 0.0, 0.0, 0.55 * smoothstep(1.0, 0.45, r)]
    })
}

/// A soft white glow, for an impact's flash.
pub fn glow(size: u32) -> Image {
    picture(size, size, |u, v| {
        let r = Vec2::new(u * 2.0 - 1.0, v * 2.0 - 1.0).length();
        let ring = (-((r - 0.7) / 0.18).powi(2)).exp();
        [
            1.0,
            0.97,
            0.88,
            (ring * 0.9 + 0.3 * smoothstep(0.9, 0.0, r)).min(1.0) * smoothstep(1.0, 0.9, r),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::board::theme::BoardTheme;
    use crate::sim::Kind;

    /// The RGBA bytes of pixel (x, y) of the largest level.
    fn texel(image: &Image, x: u32, y: u32) -> [u8; 4] {
        let data = image.data.as_ref().unwrap();
        let i = ((y * image.width() + x) * 4) as usize;
        [data[i], data[i + 1], data[i + 2], data[i + 3]]
    }

    #[test]
    fn a_picture_carries_every_mip_level_down_to_one_pixel() {
        let image = piece(BoardTheme::ClassicWood.piece(Kind::White), 128);
        assert_eq!(image.texture_descriptor.mip_level_count, 8);
        let bytes: u32 = (0..8).map(|l| (128 >> l) * (128 >> l) * 4).sum();
        assert_eq!(image.data.as_ref().unwrap().len(), bytes as usize);
        let wide = wood(BoardTheme::ClassicWood.look().frame, 64, 8, 1, 0.0);
        assert_eq!(wide.texture_descriptor.mip_level_count, 7, "64x8 down to 1x1");
    }

    #[test]
    fn a_piece_is_an_opaque_disc_lit_from_the_top_left() {
        let image = piece(BoardTheme::ClassicWood.piece(Kind::Black), 128);
        assert_eq!(texel(&image, 64, 64)[3], 255, "opaque in the middle");
        assert_eq!(texel(&image, 1, 1)[3], 0, "clear outside the disc");
        // The bevel: the rim towards the light is brighter than the rim away from it.
        let (lit, shaded) = (texel(&image, 24, 24), texel(&image, 104, 104));
        assert!(lit[0] > shaded[0] + 20, "lit {lit:?}, shaded {shaded:?}");
    }

    #[test]
    fn the_star_is_filled_and_pointed() {
        assert!(star_distance(Vec2::ZERO) < 0.0, "the middle is inside");
        assert!(star_distance(Vec2::new(0.0, 0.45)) < 0.0, "the top point is inside");
        assert!(star_distance(Vec2::new(0.0, 0.55)) > 0.0, "beyond the point is outside");
        // Between two points the star is only as wide as its notch.
        let between = Vec2::from_angle(core::f32::consts::FRAC_PI_2 + TAU / 10.0) * 0.3;
        assert!(star_distance(between) > 0.0, "the notch is outside");
    }

    #[test]
    fn a_plain_wood_is_one_colour_and_a_figured_one_is_not() {
        let plain = wood(BoardTheme::HighContrast.look().surface, 32, 32, 5, 0.0);
        let figured = wood(BoardTheme::ClassicWood.look().surface, 32, 32, 5, 0.0);
        let tones = |image: &Image| {
            let mut reds: Vec<u8> = (0..32)
                .flat_map(|y| (0..32).map(move |x| (x, y)))
                .map(|(x, y)| texel(image, x, y)[0])
                .collect();
            reds.sort_unstable();
            reds.dedup();
            reds.len()
        };
        assert_eq!(tones(&plain), 1);
        assert!(tones(&figured) > 8, "a grain of several tones");
    }

    #[test]
    fn ck_12_the_inlaid_board_starts_light_at_the_top_left_and_alternates() {
        let look = crate::client::draughts::theme::board(BoardTheme::ClassicWood);
        let board = inlay(look.light, look.dark, 8, 64, 5, 0.0);
        // Texel rows run top down: (column, row) of each square's middle.
        let middle = |c: u32, r: u32| texel(&board, c * 8 + 4, r * 8 + 4);
        let luma = |p: [u8; 4]| p[0] as u32 + p[1] as u32 + p[2] as u32;
        for r in 0..8 {
            for c in 0..8 {
                let (here, right) = (luma(middle(c, r)), luma(middle((c + 1) % 8, r)));
                if (r + c) % 2 == 0 {
                    assert!(here > right + 150, "square ({c}, {r}) is light: {here} vs {right}");
                }
            }
        }
    }

    #[test]
    fn ck_12_a_king_wears_a_crown_and_a_man_has_none() {
        assert!(crowned(Vec2::new(0.0, -0.24)), "the band");
        assert!(crowned(Vec2::new(0.0, 0.25)), "the middle point");
        assert!(!crowned(Vec2::new(-0.18, 0.15)), "between the points");
        assert!(!crowned(Vec2::new(0.0, -0.5)), "below the band");
        let gold = |look| {
            let image = piece(look, 128);
            (0..128 * 128)
                .filter(|i| {
                    let p = texel(&image, i % 128, i / 128);
                    p[0] > 200 && p[1] > 150 && p[2] < 120
                })
                .count()
        };
        let theme = BoardTheme::ClassicWood;
        let king =
            crate::client::draughts::theme::piece(theme, crate::draughts::Colour::Black, true);
        let man =
            crate::client::draughts::theme::piece(theme, crate::draughts::Colour::Black, false);
        assert!(gold(king) > 500, "the king's crown is gold ({} texels)", gold(king));
        assert_eq!(gold(man), 0, "a man has no gold");
    }

    #[test]
    fn a_square_glows_along_its_edges_more_than_in_its_middle() {
        let image = square_glow(64);
        let (edge, middle) = (texel(&image, 3, 32)[3], texel(&image, 32, 32)[3]);
        assert!(edge > middle + 60, "edge {edge}, middle {middle}");
        assert!(middle > 0, "a faint light over the middle too");
    }
}
