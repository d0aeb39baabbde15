//! Fingers on the board, turned into [`BoardPointer`] messages as the mouse is. The first
//! finger down aims or picks; a second finger held meanwhile slows the first for a fine
//! aim; and what the first finger does in the frame it leaves the glass is dropped, so the
//! stroke fired is the one shown when it lifted.

use super::pointer::{BoardPointer, PointerAction, PointerSystems};
use crate::client::flow::PausableSystems;
use crate::client::ui::MenuButton;
use bevy::input::touch::Touches;
use bevy::prelude::*;

/// How far the aim moves for a finger's movement while a second finger is held.
pub const FINE: f32 = 0.2;

/// Fingers turned into board pointer messages.
pub(crate) struct TouchPlugin;

impl Plugin for TouchPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Finger>()
            .add_systems(Update, read_touches.in_set(PointerSystems).in_set(PausableSystems));
    }
}

/// The finger that stands for the pointer, and where its pointer is.
#[derive(Resource, Default, Debug)]
pub struct Finger {
    /// The touch that stands for the pointer, once one is down.
    primary: Option<u64>,
    /// Where its pointer was last said to be (board cm).
    shown: Vec2,
    /// How far the pointer stands from the finger (grown by fine movement).
    offset: Vec2,
    /// While a second finger is held: where the finger and its pointer were when it landed.
    fine: Option<(Vec2, Vec2)>,
    /// A touch began on a button: no finger stands for the pointer until all have lifted.
    waiting_for_all_up: bool,
}

/// One frame of fingers, in board coordinates.
#[derive(Default, Debug)]
pub struct Fingers {
    /// Every finger on the glass, and every one that landed and lifted since the last
    /// frame (a quick tap on a slow frame): its id and where it is.
    pub down: Vec<(u64, Vec2)>,
    /// The fingers that landed in this frame.
    pub landed: Vec<u64>,
    /// The fingers lifted in this frame.
    pub lifted: Vec<u64>,
    /// The fingers the system took away in this frame (a call, a gesture of its own).
    pub taken: Vec<u64>,
    /// A finger landed on a button in this frame (the board is not what it touched).
    pub on_button: bool,
}

impl Fingers {
    /// Whether a finger other than `except` is on the glass after this frame (and, if
    /// `before`, was already before it).
    fn held(&self, except: Option<u64>, before: bool) -> bool {
        let gone = |id: &u64| self.lifted.contains(id) || self.taken.contains(id);
        let new = |id: &u64| before && self.landed.contains(id);
        self.down.iter().any(|(id, _)| Some(*id) != except && !gone(id) && !new(id))
    }

    /// These fingers without `id`.
    fn without(&self, id: u64) -> Fingers {
        Fingers {
            down: self.down.iter().copied().filter(|(f, _)| *f != id).collect(),
            landed: self.landed.iter().copied().filter(|f| *f != id).collect(),
            lifted: self.lifted.iter().copied().filter(|f| *f != id).collect(),
            taken: self.taken.iter().copied().filter(|f| *f != id).collect(),
            on_button: self.on_button,
        }
    }
}

impl Finger {
    /// What this frame's fingers say to the board.
    pub fn frame(&mut self, fingers: &Fingers) -> Vec<BoardPointer> {
        let mut said = Vec::new();
        let Some(id) = self.primary else {
            if self.waiting_for_all_up || fingers.on_button {
                self.waiting_for_all_up = fingers.held(None, false);
                return said;
            }
            if let Some(&(id, at)) = fingers.down.first() {
                *self = Finger { primary: Some(id), shown: at, ..Finger::default() };
                said.push(BoardPointer { at, action: PointerAction::Press });
                // A tap quicker than the frame ends in it too.
                said.extend(self.frame(fingers));
            }
            return said;
        };
        let ended = if fingers.lifted.contains(&id) {
            Some(PointerAction::Release)
        } else if fingers.taken.contains(&id) {
            Some(PointerAction::Cancel)
        } else {
            None
        };
        let position = fingers.down.iter().find(|(f, _)| *f == id).map(|&(_, at)| at);
        match (ended, position) {
            (Some(action), _) => {
                said.push(BoardPointer { at: self.shown, action });
                said.extend(self.end(fingers));
            }
            (None, None) => {
                said.push(BoardPointer { at: self.shown, action: PointerAction::Cancel });
                said.extend(self.end(fingers));
            }
            (None, Some(at)) => {
                let others = fingers.down.len() > 1;
                match (others, self.fine) {
                    (true, None) => self.fine = Some((at, self.shown)),
                    (false, Some(_)) => {
                        self.offset = self.shown - at;
                        self.fine = None;
                    }
                    _ => {}
                }
                let pointer = match self.fine {
                    Some((finger, pointer)) => pointer + (at - finger) * FINE,
                    None => at + self.offset,
                };
                if pointer != self.shown {
                    self.shown = pointer;
                    said.push(BoardPointer { at: pointer, action: PointerAction::Move });
                }
            }
        }
        said
    }

    /// The first finger is gone: those held with it stand for nothing until every one has
    /// lifted, while one that landed in this same frame (the next tap, on a slow frame)
    /// begins at once. What that one says.
    fn end(&mut self, fingers: &Fingers) -> Vec<BoardPointer> {
        let ended = self.primary;
        *self = Finger { waiting_for_all_up: fingers.held(ended, true), ..Finger::default() };
        match ended {
            Some(id) => self.frame(&fingers.without(id)),
            None => Vec::new(),
        }
    }
}

fn read_touches(
    touches: Res<Touches>,
    buttons: Query<&Interaction, With<MenuButton>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    mut finger: ResMut<Finger>,
    mut pointer: MessageWriter<BoardPointer>,
) {
    let Ok((camera, transform)) = cameras.single() else { return };
    let board = |at: Vec2| camera.viewport_to_world_2d(transform, at).ok();
    // A tap quicker than the frame (a slow phone, a busy page) landed and lifted since the
    // last: Bevy lists it as just pressed and just released, never as pressed.
    let quick = touches.iter_just_released().filter(|t| touches.just_pressed(t.id()));
    let mut down: Vec<(u64, Vec2)> =
        touches.iter().chain(quick).filter_map(|t| Some((t.id(), board(t.position())?))).collect();
    // The oldest finger first, whatever order the system listed them in.
    down.sort_by_key(|&(id, _)| id);
    let fingers = Fingers {
        down,
        landed: touches.iter_just_pressed().map(|t| t.id()).collect(),
        lifted: touches.iter_just_released().map(|t| t.id()).collect(),
        taken: touches.iter_just_canceled().map(|t| t.id()).collect(),
        on_button: touches.any_just_pressed() && buttons.iter().any(|i| *i != Interaction::None),
    };
    for said in finger.frame(&fingers) {
        pointer.write(said);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn down(fingers: &[(u64, f32, f32)]) -> Fingers {
        Fingers {
            down: fingers.iter().map(|&(id, x, y)| (id, Vec2::new(x, y))).collect(),
            ..Fingers::default()
        }
    }

    fn lifted(id: u64, still: &[(u64, f32, f32)]) -> Fingers {
        Fingers { lifted: vec![id], ..down(still) }
    }

    /// `fingers` down, those of `landed` new in this frame, those of `lifted` gone in it.
    fn frame_of(fingers: &[(u64, f32, f32)], landed: &[u64], lifted: &[u64]) -> Fingers {
        Fingers { landed: landed.to_vec(), lifted: lifted.to_vec(), ..down(fingers) }
    }

    fn actions(said: &[BoardPointer]) -> Vec<(PointerAction, Vec2)> {
        said.iter().map(|p| (p.action, p.at)).collect()
    }

    #[test]
    fn a_finger_presses_moves_and_releases_where_it_was_last_shown() {
        let mut finger = Finger::default();
        let press = finger.frame(&down(&[(7, 1.0, 2.0)]));
        assert_eq!(actions(&press), [(PointerAction::Press, Vec2::new(1.0, 2.0))]);
        let moved = finger.frame(&down(&[(7, 3.0, -4.0)]));
        assert_eq!(actions(&moved), [(PointerAction::Move, Vec2::new(3.0, -4.0))]);
        assert!(finger.frame(&down(&[(7, 3.0, -4.0)])).is_empty(), "no movement, no message");
        // Lifting, the finger slid 2 cm more: the stroke is the one shown before.
        let lift = finger.frame(&lifted(7, &[]));
        assert_eq!(actions(&lift), [(PointerAction::Release, Vec2::new(3.0, -4.0))]);
    }

    #[test]
    fn a_second_finger_held_slows_the_first_and_the_aim_does_not_jump_when_it_lifts() {
        let mut finger = Finger::default();
        finger.frame(&down(&[(1, 0.0, 0.0)]));
        finger.frame(&down(&[(1, 10.0, 0.0)]));
        // The second finger lands: the first moves 5 cm, its pointer 1 cm.
        finger.frame(&down(&[(1, 10.0, 0.0), (2, 30.0, 30.0)]));
        let fine = finger.frame(&down(&[(1, 15.0, 0.0), (2, 30.0, 30.0)]));
        assert_eq!(actions(&fine), [(PointerAction::Move, Vec2::new(11.0, 0.0))]);
        // The second lifts: the pointer stays where it was, then follows at full speed.
        assert!(finger.frame(&down(&[(1, 15.0, 0.0)])).is_empty());
        let full = finger.frame(&down(&[(1, 17.0, 0.0)]));
        assert_eq!(actions(&full), [(PointerAction::Move, Vec2::new(13.0, 0.0))]);
    }

    #[test]
    fn a_finger_the_system_takes_cancels_and_the_rest_wait_until_all_are_up() {
        let mut finger = Finger::default();
        finger.frame(&down(&[(1, 0.0, 0.0), (2, 5.0, 5.0)]));
        let taken = finger.frame(&Fingers { taken: vec![1], ..down(&[(2, 5.0, 5.0)]) });
        assert_eq!(actions(&taken), [(PointerAction::Cancel, Vec2::ZERO)]);
        assert!(
            finger.frame(&down(&[(2, 6.0, 6.0)])).is_empty(),
            "the second finger is no pointer"
        );
        assert!(finger.frame(&lifted(2, &[])).is_empty());
        let again = finger.frame(&down(&[(3, 1.0, 1.0)]));
        assert_eq!(actions(&again), [(PointerAction::Press, Vec2::new(1.0, 1.0))]);
    }

    #[test]
    fn a_tap_quicker_than_a_frame_presses_and_releases_in_it() {
        let mut finger = Finger::default();
        let tap = finger.frame(&lifted(4, &[(4, 2.0, 3.0)]));
        let at = Vec2::new(2.0, 3.0);
        assert_eq!(actions(&tap), [(PointerAction::Press, at), (PointerAction::Release, at)]);
        let next = finger.frame(&down(&[(5, 1.0, 1.0)]));
        assert_eq!(actions(&next), [(PointerAction::Press, Vec2::new(1.0, 1.0))], "nothing waits");
    }

    #[test]
    fn the_next_tap_landing_in_the_frame_the_last_lifted_is_not_lost() {
        let mut finger = Finger::default();
        finger.frame(&frame_of(&[(1, 1.0, 1.0)], &[1], &[]));
        // One slow frame: the first lifts, the next lands (and, quicker still, lifts).
        let slow = finger.frame(&frame_of(&[(1, 1.0, 1.0), (2, 5.0, 5.0)], &[2], &[1]));
        let (first, next) = (Vec2::new(1.0, 1.0), Vec2::new(5.0, 5.0));
        let said = [(PointerAction::Release, first), (PointerAction::Press, next)];
        assert_eq!(actions(&slow), said);
        let quicker = finger.frame(&frame_of(&[(2, 5.0, 5.0), (3, 9.0, 9.0)], &[3], &[2, 3]));
        let both = [
            (PointerAction::Release, next),
            (PointerAction::Press, Vec2::new(9.0, 9.0)),
            (PointerAction::Release, Vec2::new(9.0, 9.0)),
        ];
        assert_eq!(actions(&quicker), both);
    }

    #[test]
    fn a_quick_tap_on_a_button_leaves_the_next_touch_to_the_board() {
        let mut finger = Finger::default();
        let on_button = Fingers { on_button: true, ..lifted(1, &[(1, 0.0, 0.0)]) };
        assert!(finger.frame(&on_button).is_empty());
        assert!(!finger.frame(&down(&[(2, 3.0, 0.0)])).is_empty());
    }

    #[test]
    fn a_touch_that_lands_on_a_button_is_not_a_pointer_on_the_board() {
        let mut finger = Finger::default();
        let on_button = Fingers { on_button: true, ..down(&[(1, 0.0, 0.0)]) };
        assert!(finger.frame(&on_button).is_empty());
        assert!(finger.frame(&down(&[(1, 3.0, 0.0)])).is_empty());
        assert!(finger.frame(&lifted(1, &[])).is_empty());
        assert!(!finger.frame(&down(&[(2, 3.0, 0.0)])).is_empty(), "the next touch is");
    }
}
