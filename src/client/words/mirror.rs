//! Right-to-left languages read the screen from the right: every UI node is mirrored
//! (rows run leftwards, columns hug the right, left and right spacing swap, text aligns
//! right), and put back when the language changes again.

use super::Words;
use bevy::prelude::*;

/// Marks a node laid out for a right-to-left language.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Mirrored;

/// Mirrors new nodes while the language is right to left, and every node when the
/// direction changes.
pub(super) fn mirror(
    mut commands: Commands,
    words: Res<Words>,
    mut nodes: Query<(Entity, &mut Node, Has<Mirrored>)>,
    mut texts: Query<&mut TextLayout>,
) {
    let right_to_left = words.language().right_to_left();
    let everything = words.is_changed();
    for (entity, mut node, mirrored) in &mut nodes {
        if mirrored == right_to_left || !(everything || node.is_added()) {
            continue;
        }
        flip(&mut node);
        if let Ok(mut layout) = texts.get_mut(entity) {
            layout.justify = match layout.justify {
                Justify::Left => Justify::Right,
                Justify::Right => Justify::Left,
                other => other,
            };
        }
        if right_to_left {
            commands.entity(entity).insert(Mirrored);
        } else {
            commands.entity(entity).remove::<Mirrored>();
        }
    }
}

/// Mirrors `node` left to right; doing it twice gives the node back.
pub fn flip(node: &mut Node) {
    let column =
        matches!(node.flex_direction, FlexDirection::Column | FlexDirection::ColumnReverse);
    node.flex_direction = match node.flex_direction {
        FlexDirection::Row => FlexDirection::RowReverse,
        FlexDirection::RowReverse => FlexDirection::Row,
        other => other,
    };
    if column {
        node.align_items = match node.align_items {
            AlignItems::FlexStart => AlignItems::FlexEnd,
            AlignItems::FlexEnd => AlignItems::FlexStart,
            AlignItems::Start => AlignItems::End,
            AlignItems::End => AlignItems::Start,
            other => other,
        };
    } else {
        node.justify_content = match node.justify_content {
            JustifyContent::FlexStart => JustifyContent::FlexEnd,
            JustifyContent::FlexEnd => JustifyContent::FlexStart,
            JustifyContent::Start => JustifyContent::End,
            JustifyContent::End => JustifyContent::Start,
            other => other,
        };
    }
    std::mem::swap(&mut node.left, &mut node.right);
    std::mem::swap(&mut node.margin.left, &mut node.margin.right);
    std::mem::swap(&mut node.padding.left, &mut node.padding.right);
    std::mem::swap(&mut node.border.left, &mut node.border.right);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirroring_twice_gives_the_node_back() {
        let node = Node {
            flex_direction: FlexDirection::Row,
            justify_content: JustifyContent::FlexStart,
            left: px(10),
            margin: UiRect::left(px(3)),
            padding: UiRect::new(px(1), px(2), px(3), px(4)),
            ..default()
        };
        let mut once = node.clone();
        flip(&mut once);
        assert_eq!(once.flex_direction, FlexDirection::RowReverse);
        assert_eq!(once.justify_content, JustifyContent::FlexEnd);
        assert_eq!((once.left, once.right), (Val::Auto, px(10)));
        assert_eq!(once.margin.right, px(3));
        assert_eq!((once.padding.left, once.padding.right), (px(2), px(1)));
        let mut twice = once.clone();
        flip(&mut twice);
        assert_eq!(twice, node);
    }

    #[test]
    fn a_column_hugs_the_other_side() {
        let mut node = Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::FlexStart,
            ..default()
        };
        flip(&mut node);
        assert_eq!(node.flex_direction, FlexDirection::Column);
        assert_eq!(node.align_items, AlignItems::FlexEnd);
    }
}
