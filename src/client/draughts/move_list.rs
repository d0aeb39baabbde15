//! The move list beside the board: every move in PDN numbering (`12. 11-15 23-19`, captures
//! with `x`), the latest one marked. A move pressed shows the position after it, read
//! only and clearly marked, while the game goes on underneath; *Back to the game* (or End)
//! returns, and Page Up / Page Down step through the moves.

use super::DraughtsSystems;
use super::game::DraughtsMatch;
use crate::client::flow::Screen;
use crate::client::ui::{self, Pressed, palette};
use crate::client::words::Words;
use crate::draughts::pdn::write_move;
use crate::draughts::{Colour, Draughts, Move};
use bevy::prelude::*;

/// The move whose position the board shows instead of the game's, counted from 1; none
/// while the board shows the game.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reviewing(pub Option<usize>);

impl Reviewing {
    /// What the board shows of `table`: a game and the move that led to it, if any.
    pub fn shown(&self, table: &DraughtsMatch) -> (Draughts, Option<Move>) {
        match self.0.filter(|&k| k < table.played.len()) {
            Some(k) => (table.played[k].0, k.checked_sub(1).map(|i| table.played[i].1)),
            None => (table.game, table.last_move()),
        }
    }

    /// Whether the board shows an earlier position than the game's.
    pub fn is_on(&self, table: &DraughtsMatch) -> bool {
        self.0.is_some_and(|k| k < table.played.len())
    }
}

/// The list's rows are built in this node.
#[derive(Component)]
struct MoveRows;

/// What shows only while an earlier position is on the board.
#[derive(Component)]
struct WhileReviewing;

/// Says which position is on the board while reviewing.
#[derive(Component)]
struct ReviewLine;

/// The list's heading, shown once a move is played.
#[derive(Component)]
struct MovesHeading;

/// Keyboard order of the first move's button: after the HUD's own buttons.
const FIRST_ORDER: u16 = 100;

/// The move list and reviewing.
pub(super) struct MoveListPlugin;

impl Plugin for MoveListPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Reviewing>()
            .add_systems(
                Update,
                (keys, (rows, review_line).run_if(list_changed)).chain().in_set(DraughtsSystems),
            )
            .add_systems(OnExit(Screen::Game), |mut reviewing: ResMut<Reviewing>| {
                *reviewing = Reviewing::default();
            });
    }
}

fn list_changed(table: Option<Res<DraughtsMatch>>, reviewing: Res<Reviewing>) -> bool {
    table.is_some_and(|t| t.is_changed()) || reviewing.is_changed()
}

/// The list's part of the HUD: the review line and its button, then the moves.
pub(super) fn spawn(panel: &mut ChildSpawnerCommands, w: &Words) {
    panel.spawn((WhileReviewing, ReviewLine, ui::text("", 16.0, palette::WARN), hidden()));
    panel
        .spawn((WhileReviewing, ui::button(w.get("draughts-back-to-game"), "BackToGame", 5, true)))
        .insert(hidden())
        .observe(|_: On<Pressed>, mut reviewing: ResMut<Reviewing>| reviewing.0 = None);
    panel.spawn((MovesHeading, ui::text(w.get("draughts-moves"), 16.0, palette::DIM), hidden()));
    panel.spawn((
        MoveRows,
        Node { flex_direction: FlexDirection::Column, row_gap: px(2), ..default() },
    ));
}

fn hidden() -> Node {
    Node { display: Display::None, ..default() }
}

/// The list's rows: a move number, then Black's move and Red's, each a button.
fn rows(
    mut commands: Commands,
    table: Res<DraughtsMatch>,
    reviewing: Res<Reviewing>,
    list: Query<Entity, With<MoveRows>>,
    mut heading: Query<&mut Node, With<MovesHeading>>,
) {
    for mut node in &mut heading {
        node.display = if table.played.is_empty() { Display::None } else { Display::Flex };
    }
    let Ok(list) = list.single() else { return };
    // The move marked: the one reviewed, else the latest.
    let marked = reviewing.0.filter(|_| reviewing.is_on(&table)).unwrap_or(table.played.len());
    commands.entity(list).despawn_children().with_children(|list| {
        for (number, moves) in numbered(&table) {
            list.spawn(Node { align_items: AlignItems::Center, ..default() }).with_children(
                |row| {
                    let number = ui::text(format!("{number}."), 14.0, palette::DIM);
                    row.spawn((number, Node { width: px(36), ..default() }));
                    for (k, m) in moves {
                        let name = format!("Move({k})");
                        let order = FIRST_ORDER.saturating_add(k as u16);
                        let label = write_move(&m);
                        row.spawn(ui::button(label, name, order, k == marked))
                            .observe(move |_: On<Pressed>, mut r: ResMut<Reviewing>| r.0 = Some(k));
                    }
                },
            );
        }
    });
}

/// The moves by their PDN numbers: each number with its moves, counted from 1 (a game
/// set up with Red to move starts its first number with Red's move).
fn numbered(table: &DraughtsMatch) -> Vec<(u32, Vec<(usize, Move)>)> {
    let mut rows: Vec<(u32, Vec<(usize, Move)>)> = Vec::new();
    let mut number = 1;
    for (i, (before, m)) in table.played.iter().enumerate() {
        let black = before.position.to_move() == Colour::Black;
        if black || rows.is_empty() {
            if black && !rows.is_empty() {
                number += 1;
            }
            rows.push((number, Vec::new()));
        }
        if let Some((_, moves)) = rows.last_mut() {
            moves.push((i + 1, *m));
        }
    }
    rows
}

/// The review line and *Back to the game*, shown while an earlier position is on the
/// board.
fn review_line(
    table: Res<DraughtsMatch>,
    reviewing: Res<Reviewing>,
    w: Res<Words>,
    mut shown: Query<&mut Node, With<WhileReviewing>>,
    mut line: Query<&mut Text, With<ReviewLine>>,
) {
    let on = reviewing.is_on(&table);
    let display = if on { Display::Flex } else { Display::None };
    for mut node in &mut shown {
        if node.display != display {
            node.display = display;
        }
    }
    let said = match reviewing.0.filter(|_| on) {
        Some(0) => w.get("draughts-reviewing-start"),
        Some(k) => {
            let m = write_move(&table.played[k - 1].1);
            w.with("draughts-reviewing", &[("move", m.into())])
        }
        None => String::new(),
    };
    for mut text in &mut line {
        if text.0 != said {
            text.0.clone_from(&said);
        }
    }
}

/// End goes back to the game; Page Up and Page Down step through the moves.
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    table: Res<DraughtsMatch>,
    mut reviewing: ResMut<Reviewing>,
) {
    let last = table.played.len();
    let now = reviewing.0.filter(|_| reviewing.is_on(&table)).unwrap_or(last);
    let step = if keys.just_pressed(KeyCode::PageUp) {
        now.checked_sub(1)
    } else if keys.just_pressed(KeyCode::PageDown) {
        Some((now + 1).min(last))
    } else if keys.just_pressed(KeyCode::End) {
        Some(last)
    } else {
        return;
    };
    if let Some(k) = step {
        let next = Reviewing((k < last).then_some(k));
        if *reviewing != next {
            *reviewing = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::draughts::Player;
    use crate::draughts::Moves;
    use crate::draughts::pdn::read_fen;

    fn played(mut table: DraughtsMatch, plies: usize) -> DraughtsMatch {
        for _ in 0..plies {
            let mut moves = Moves::default();
            table.game.moves(&mut moves);
            table.play(moves.as_slice()[0]);
        }
        table
    }

    fn names() -> [String; 2] {
        ["Asha".to_string(), "Ravi".to_string()]
    }

    #[test]
    fn moves_are_numbered_as_pdn_numbers_them_from_either_side() {
        let table = played(DraughtsMatch::new(Colour::Black, Player::Human, names(), 1), 5);
        let rows: Vec<(u32, Vec<usize>)> = numbered(&table)
            .into_iter()
            .map(|(n, ms)| (n, ms.iter().map(|m| m.0).collect()))
            .collect();
        assert_eq!(rows, [(1, vec![1, 2]), (2, vec![3, 4]), (3, vec![5])]);
        let red_first = read_fen("W:W21,22:B9,10").unwrap();
        let table =
            DraughtsMatch::new(Colour::Black, Player::Human, names(), 1).starting_at(red_first);
        let table = played(table, 3);
        let rows: Vec<(u32, Vec<usize>)> = numbered(&table)
            .into_iter()
            .map(|(n, ms)| (n, ms.iter().map(|m| m.0).collect()))
            .collect();
        assert_eq!(rows, [(1, vec![1]), (2, vec![2, 3])], "1... Red, then 2. Black Red");
    }

    #[test]
    fn a_reviewed_move_shows_the_position_after_it_and_the_game_goes_on() {
        let table = played(DraughtsMatch::new(Colour::Black, Player::Human, names(), 1), 4);
        let after_two = table.played[2].0;
        assert_eq!(Reviewing(Some(2)).shown(&table), (after_two, Some(table.played[1].1)));
        assert_eq!(Reviewing(Some(0)).shown(&table), (Draughts::new(), None));
        assert_eq!(Reviewing(None).shown(&table), (table.game, table.last_move()));
        assert!(Reviewing(Some(3)).is_on(&table));
        assert!(!Reviewing(Some(4)).is_on(&table), "the latest move is the game itself");
    }
}
