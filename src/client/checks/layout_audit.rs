//! For the smoke run: whether every text on screen can be read — inside the window, not
//! wider or taller than its box, not cut off by a clipping panel, not overlapping another.
//! A text a scrolling page has scrolled (even partly) out of its view is not judged: a
//! person scrolls to it, and it is judged where it is shown whole.

use crate::client::ui::scrolling::ScrollingPage;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::text::TextLayoutInfo;
use bevy::ui::{CalculatedClip, ComputedNode, UiGlobalTransform};

/// Slack for rounding, physical pixels.
const SLACK: f32 = 1.5;

/// How far a text may run past its box into the padding around it (a glyph's overhang,
/// the shaper's rounding), physical pixels.
const OVERHANG: f32 = 4.0;

/// Everything wrong with the texts on screen, in words (empty when all is well).
pub fn problems(window: &Window, texts: &Texts) -> Vec<String> {
    let screen =
        Rect::new(0.0, 0.0, window.physical_width() as f32, window.physical_height() as f32);
    let mut shown: Vec<(String, Rect)> = Vec::new();
    let mut found = Vec::new();
    for (entity, text, node, transform, layout, visible, clip) in &texts.shown {
        if !visible.get() || text.0.trim().is_empty() || node.size.x < 1.0 {
            continue;
        }
        let name: String = text.0.chars().take(24).collect();
        let rect = Rect::from_center_size(transform.translation, node.size);
        let whole_in_view = clip.is_none_or(|c| {
            let room = c.clip.inflate(SLACK);
            room.contains(rect.min) && room.contains(rect.max)
        });
        if !whole_in_view && texts.scrolls(entity) {
            continue;
        }
        if rect.min.x < -SLACK
            || rect.min.y < -SLACK
            || rect.max.x > screen.max.x + SLACK
            || rect.max.y > screen.max.y + SLACK
        {
            found.push(format!("{name:?} is outside the window ({rect:?})"));
        }
        // The laid-out size is kept in the UI's logical units.
        let needs = layout.size * layout.scale_factor;
        if needs.x > node.size.x + OVERHANG || needs.y > node.size.y + OVERHANG {
            found.push(format!("{name:?} needs {needs:?} but has {:?}", node.size));
        }
        let room = clip.map(|c| c.clip.inflate(SLACK));
        if let Some(room) = room
            && !(room.contains(rect.min) && room.contains(rect.max))
        {
            found.push(format!("{name:?} is cut off by its panel"));
        }
        for (other, seen) in &shown {
            let overlap = rect.intersect(*seen);
            if overlap.width() > SLACK && overlap.height() > SLACK {
                found.push(format!("{name:?} overlaps {other:?}"));
            }
        }
        shown.push((name, rect));
    }
    found
}

/// A text and what its layout made of it.
type ShownText = (
    Entity,
    &'static Text,
    &'static ComputedNode,
    &'static UiGlobalTransform,
    &'static TextLayoutInfo,
    &'static InheritedVisibility,
    Option<&'static CalculatedClip>,
);

/// The texts on screen and their layout, and which of them a page scrolls.
#[derive(SystemParam)]
pub struct Texts<'w, 's> {
    shown: Query<'w, 's, ShownText>,
    parents: Query<'w, 's, &'static ChildOf>,
    pages: Query<'w, 's, (), With<ScrollingPage>>,
}

impl Texts<'_, '_> {
    /// The texts that are shown.
    pub fn visible(&self) -> impl Iterator<Item = &Text> {
        self.shown.iter().filter(|t| t.5.get()).map(|t| t.1)
    }

    /// Whether a page that scrolls holds `entity`.
    fn scrolls(&self, entity: Entity) -> bool {
        self.parents.iter_ancestors(entity).any(|a| self.pages.contains(a))
    }
}
