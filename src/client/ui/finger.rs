//! The button under a finger, found from the finger's own place.
//!
//! Bevy's `Interaction` looks for a touch's place only while it is pressed. A tap that
//! lands and lifts between two frames (a slow phone, a busy page) is never pressed there,
//! so Bevy falls back to where a mouse pointer last was, or to nothing: the tap went to
//! the wrong button or was lost. The search here follows Bevy's own (the topmost visible,
//! unclipped node there; a button, as any node that blocks, ends it).

use super::button::MenuButton;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::ui::{
    ComputedNode, FocusPolicy, OverrideClip, UiGlobalTransform, UiStack, clip_check_recursive,
};
use bevy::window::PrimaryWindow;

/// What a node shows of itself to a finger.
type Touchable = (
    &'static ComputedNode,
    &'static UiGlobalTransform,
    &'static InheritedVisibility,
    &'static FocusPolicy,
    Option<&'static MenuButton>,
);

/// The buttons as a finger finds them.
#[derive(SystemParam)]
pub(super) struct ButtonsUnder<'w, 's> {
    /// Absent where nothing is drawn (a headless peer).
    stack: Option<Res<'w, UiStack>>,
    nodes: Query<'w, 's, Touchable>,
    clips: Query<'w, 's, (&'static ComputedNode, &'static UiGlobalTransform, &'static Node)>,
    parents: Query<'w, 's, &'static ChildOf, Without<OverrideClip>>,
    window: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
}

impl ButtonsUnder<'_, '_> {
    /// The button at `at` (logical pixels), if a button is the first node there that
    /// takes a touch.
    pub(super) fn at(&self, at: Vec2) -> Option<Entity> {
        let point = at * self.window.single().map_or(1.0, Window::scale_factor);
        let stack = self.stack.as_ref()?;
        for &entity in stack.uinodes.iter().rev() {
            let Ok((node, transform, visible, policy, button)) = self.nodes.get(entity) else {
                continue;
            };
            let shown = visible.get()
                && node.contains_point(*transform, point)
                && clip_check_recursive(point, entity, &self.clips, &self.parents);
            if !shown {
                continue;
            }
            if button.is_some() {
                return Some(entity);
            }
            if *policy == FocusPolicy::Block {
                return None;
            }
        }
        None
    }
}
