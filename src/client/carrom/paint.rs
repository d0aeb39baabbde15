//! Pictures painted at start for the carrom board, in the chosen theme: the woods, a
//! pocket's rim and net, each kind of piece (bevel, highlight, its mark), a soft contact
//! shadow and a glow for impacts. Painted here, so nothing is downloaded and no licence
//! is involved; each comes with its mip levels, so it stays smooth at any window size.

use crate::client::carrom::theme::{Mark, PieceLook, Wood};
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
    let (light, dark) = (rgb(wood.light), rgb(wood.dark));
    let aspect = width as f32 / height as f32;
    picture(width, height, |u, v| {
        let p = Vec2::new(u * aspect, v);
        // Growth rings: long lines that drift and wave a little along the plank.
        let drift = fractal(Vec2::new(p.x * 0.9, v * 2.2), seed) - 0.5;
        let grain = v * wood.rings + wood.figure * drift * 5.0;
        let ring = smoothstep(0.55, 1.0, 0.5 + 0.5 * (grain * TAU).sin());
        // Fibres: fine streaks along the grain, and broad patches of tone.
        let fibre = noise(Vec2::new(p.x * 3.0, v * 260.0), seed ^ 7) - 0.5;
        let patch = fractal(Vec2::new(p.x * 1.2, v * 1.6), seed ^ 9) - 0.5;
        let amount = wood.figure.min(1.0);
        let tone = (ring * 0.55 + (fibre * 0.45 + patch * 0.6) * amount + 0.2).clamp(0.0, 1.0);
        let edge = Vec2::new(u - 0.5, v - 0.5).length() * 2.0 / core::f32::consts::SQRT_2;
        let lit = 1.0 - falloff * smoothstep(0.25, 1.0, edge);
        let [r, g, b] = scale(mix(light, dark, tone * amount.max(0.0)), lit);
        [r, g, b, 1.0]
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
            Mark::Groove => {
                // A carved ring: its inner wall in shadow, its outer wall lit.
                let across = (r - 0.62) / 0.05;
                if across.abs() < 1.0 {
                    let side = p.normalize_or_zero().dot(light) * across.signum();
                    colour = scale(mix(face, ink, 0.6), 0.9 + 0.25 * side);
                }
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
    use crate::client::carrom::theme::BoardTheme;
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
}
