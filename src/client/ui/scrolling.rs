//! Menu screens taller than the window scroll: by the wheel (or a touchpad), by a finger
//! dragged over them, and to keep the button the keyboard focuses in view. A screen that fits stays centred.

use super::button::MenuButton;
use super::focus::Focus;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::input::touch::Touches;
use bevy::prelude::*;

/// A menu screen's column, which scrolls when it is taller than the window.
#[derive(Component, Default)]
#[require(ScrollPosition)]
pub struct ScrollingPage;

/// Marks a scrolling page whose content stays at its top when it fits (a HUD panel),
/// where a menu's is centred.
#[derive(Component, Default)]
pub struct KeepTop;

/// Logical pixels one line of a mouse wheel scrolls.
const LINE: f32 = 40.0;

/// Scrolling of menu screens.
pub(super) struct ScrollingPlugin;

impl Plugin for ScrollingPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (centre_what_fits, scroll_by_wheel, scroll_by_finger, keep_focus_in_view).chain(),
        );
    }
}

/// How far a page can scroll, logical pixels.
fn reach(node: &ComputedNode) -> f32 {
    ((node.content_size.y - node.size.y) * node.inverse_scale_factor).max(0.0)
}

/// Centres a page that fits; one that does not starts at its top, so all of it scrolls
/// into view (a centred column would overflow above the window, out of reach).
/// The pages whose content is centred when it fits.
type Centred = (With<ScrollingPage>, Without<KeepTop>);

fn centre_what_fits(mut pages: Query<(&ComputedNode, &mut Node), Centred>) {
    for (computed, mut node) in &mut pages {
        let wanted =
            if reach(computed) > 0.5 { JustifyContent::FlexStart } else { JustifyContent::Center };
        if node.justify_content != wanted {
            node.justify_content = wanted;
        }
    }
}

fn scroll_by_wheel(
    mut wheel: MessageReader<MouseWheel>,
    mut pages: Query<(&ComputedNode, &mut ScrollPosition), With<ScrollingPage>>,
) {
    let moved: f32 = wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => w.y * LINE,
            MouseScrollUnit::Pixel => w.y,
        })
        .sum();
    if moved == 0.0 {
        return;
    }
    for (computed, mut at) in &mut pages {
        at.y = (at.y - moved).clamp(0.0, reach(computed));
    }
}

/// One finger dragged up scrolls the page down, as on any phone.
fn scroll_by_finger(
    touches: Res<Touches>,
    mut pages: Query<(&ComputedNode, &mut ScrollPosition), With<ScrollingPage>>,
) {
    let mut fingers = touches.iter();
    let (Some(finger), None) = (fingers.next(), fingers.next()) else { return };
    let moved = finger.delta().y;
    if moved == 0.0 {
        return;
    }
    for (computed, mut at) in &mut pages {
        at.y = (at.y - moved).clamp(0.0, reach(computed));
    }
}

fn keep_focus_in_view(
    focus: Res<Focus>,
    buttons: Query<(&MenuButton, &ComputedNode, &UiGlobalTransform)>,
    mut pages: Query<(&ComputedNode, &UiGlobalTransform, &mut ScrollPosition), With<ScrollingPage>>,
) {
    if !focus.is_changed() {
        return;
    }
    let Some(order) = focus.0 else { return };
    let Some((_, button, at)) = buttons.iter().find(|(b, ..)| b.order == order) else {
        return;
    };
    let wanted = Span::around(at.translation.y, button.size.y);
    for (page, page_at, mut scrolled) in &mut pages {
        let shown = Span::around(page_at.translation.y, page.size.y);
        let by = shown.to_show(wanted) * page.inverse_scale_factor;
        if by != 0.0 {
            scrolled.y = (scrolled.y + by).clamp(0.0, reach(page));
        }
    }
}

/// A stretch of the window from top to bottom, physical pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Span {
    top: f32,
    bottom: f32,
}

impl Span {
    fn around(centre: f32, height: f32) -> Span {
        Span { top: centre - height / 2.0, bottom: centre + height / 2.0 }
    }

    /// How far this span must scroll down (up, when negative) to show all of `inner`
    /// (its top first, when it is the taller).
    fn to_show(self, inner: Span) -> f32 {
        if inner.top < self.top {
            inner.top - self.top
        } else if inner.bottom > self.bottom {
            (inner.bottom - self.bottom).min(inner.top - self.top)
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_focused_button_out_of_view_is_scrolled_just_into_it() {
        let shown = Span { top: 0.0, bottom: 600.0 };
        assert_eq!(shown.to_show(Span::around(300.0, 40.0)), 0.0, "in view: no scroll");
        assert_eq!(shown.to_show(Span::around(640.0, 40.0)), 60.0, "below: its bottom shows");
        assert_eq!(shown.to_show(Span::around(-30.0, 40.0)), -50.0, "above: its top shows");
        assert_eq!(shown.to_show(Span { top: 100.0, bottom: 900.0 }), 100.0, "taller: top first");
    }

    #[test]
    fn a_page_scrolls_as_far_as_it_overflows_in_logical_pixels() {
        let page = |content: f32| ComputedNode {
            size: Vec2::new(1280.0, 600.0),
            content_size: Vec2::new(1280.0, content),
            inverse_scale_factor: 0.5,
            ..default()
        };
        assert_eq!(reach(&page(1000.0)), 200.0);
        assert_eq!(reach(&page(500.0)), 0.0, "a page that fits does not scroll");
    }
}
