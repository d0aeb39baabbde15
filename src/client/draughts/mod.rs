//! What is draughts' own in the client (src/rules/RULES.md CK-11 … CK-15): the game on this
//! machine, a person's clicks, drags and keys turned into moves, the computer thinking off
//! the frame, the HUD and Results, and the board drawn. The engine (`crate::draughts`)
//! decides every rule.
//!
//! - **Input** (`selection.rs`, `input.rs`, CK-12). A click on a piece shows where it can
//!   go; a click on a landing, or a drag and drop, plays the move. When a capture is
//!   compulsory the pieces that can capture are ringed and the men a capture would jump
//!   are crossed; in a multi-jump each landing or the last one may be clicked, and a
//!   single way on plays itself. Squares may also be typed by number, then Enter.
//! - **Which side is at the bottom.** A player's own pieces are at the bottom (CK-11). Two
//!   on one device keep the board fixed with player 1's colour at the bottom, and the
//!   status line names who is to move: turning the board after every move would make both
//!   players read the position afresh each time, and players at one table sit on opposite
//!   sides anyway.
//! - **The look** (`theme.rs`, `art.rs`, `board_view.rs`) follows the board theme: inlaid
//!   squares of light and dark veneer in a four-plank frame in Classic wood, buff and
//!   green in Tournament light, plain squares in High contrast, where Black's men are also
//!   banded white. The men are turned pieces with three ridges, lit from the top left with
//!   a soft shadow; a king stands on a second man and wears a crown. A move lifts the
//!   piece and glides it through each landing, the men it jumps shrink away as it passes,
//!   and the last move's squares keep a glow. The pictures are painted at start by
//!   `src/client/board/paint.rs` (nothing downloaded, nothing to license); the square
//!   numbers are drawn at twice their size and scaled down, so they stay sharp at
//!   1920×1080.
//! - **The computer** (`computer.rs`) thinks off the frame (`crate::client`'s `thinking`:
//!   Bevy's async compute pool, or the page's Web Worker); hard stops after 1.5 s, and a
//!   move shows after at least 0.35 s.
//! - **Files** (CK-14, `src/client/persistence/saved_draughts.rs`): `draughts.json` holds
//!   the game in progress as its moves in PDN from the start or the FEN, replayed and
//!   checked against the position saved with them, so take back still reaches the start
//!   after a restart; `scores.json` the running score against each computer level and
//!   between named players. Results' *Save as PDN* writes into the data directory's
//!   `games/`.
//! - **Online** is described with online play (`src/net/README.md`, *Draughts online*).
//!
//! Tests: `tests/client/draughts.rs` plays through the same pointer and key messages a
//! person produces: whole games against the computer by clicks and between two people by
//! drags, marked captures and crossed men, multi-jumps by clicks and by one drop, take back
//! (against the computer, on one device, and as an offer online), every way a game ends,
//! typed squares, the saved game (resumed, or corrupt and set aside), the score, a FEN
//! set-up and PDN, and online games against a headless peer. The smoke run in
//! `tests/client/window.rs` pictures the board in a real window.

pub mod art;
pub mod board_view;
pub mod computer;
pub mod game;
pub mod geometry;
pub mod hint;
pub mod hud;
pub mod input;
pub mod move_list;
pub mod selection;
pub mod theme;

pub use game::{DraughtsMatch, Player};

use crate::client::flow::{GameType, MatchHost, MatchSetup, Mode, Screen};
use bevy::ecs::system::SystemId;
use bevy::prelude::*;

/// The draughts systems of a match on screen: they run only while one is shown.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DraughtsSystems;

/// Draughts' input, computer and HUD (no drawing: headless tests run it).
pub(super) struct DraughtsPlugin;

impl Plugin for DraughtsPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            DraughtsSystems.run_if(
                in_state(Screen::Game)
                    .and_then(in_state(GameType::Draughts))
                    .and_then(resource_exists::<DraughtsMatch>),
            ),
        )
        .add_plugins((
            input::InputPlugin,
            computer::ComputerPlugin,
            hud::HudPlugin,
            move_list::MoveListPlugin,
            hint::HintPlugin,
        ))
        .add_systems(OnEnter(Screen::Home), |mut commands: Commands| {
            commands.remove_resource::<DraughtsMatch>();
        });
        let rematch = app.register_system(rematch);
        app.insert_resource(DraughtsRematch(rematch));
    }
}

/// What Results' Rematch runs after draughts on this machine.
#[derive(Resource, Clone, Copy, Debug)]
pub struct DraughtsRematch(pub SystemId);

/// Draughts drawn.
pub(super) struct DraughtsViewPlugin;

impl Plugin for DraughtsViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(board_view::BoardViewPlugin);
    }
}

/// What a new draughts game starts from: Home's choices, the position, the seed.
pub struct DraughtsStart<'a> {
    /// Mode, level and colour as chosen on Home.
    pub setup: &'a MatchSetup,
    /// The standard start or a position set up from a FEN.
    pub start: crate::draughts::Position,
    /// A three-move ballot to open with, from the standard start (CK-16).
    pub ballot: Option<crate::draughts::ballot::Ballot>,
    /// Seed of the computer's deliberate mistakes.
    pub seed: u64,
}

/// Starts a draughts game on this machine as chosen on Home.
pub fn start_draughts(
    commands: &mut Commands,
    chosen: DraughtsStart<'_>,
    names: &[String; 4],
    next: &mut NextState<Screen>,
    host: &mut NextState<MatchHost>,
    game: &mut NextState<GameType>,
) {
    let setup = chosen.setup;
    let opponent = match setup.mode {
        Mode::VsBot => Player::Computer(setup.draughts_level),
        _ => Player::Human,
    };
    let names = [names[0].clone(), names[1].clone()];
    let mut table = DraughtsMatch::new(setup.draughts_colour, opponent, names, chosen.seed);
    table.hints_on = setup.mode == Mode::VsBot && setup.draughts_hints;
    let table = match chosen.ballot {
        Some(ballot) => table.opened_with(ballot),
        None => table.starting_at(chosen.start),
    };
    commands.insert_resource(table);
    game.set(GameType::Draughts);
    host.set(MatchHost::Local);
    next.set(Screen::Game);
}

/// Results' Rematch after draughts: the same players, colours swapped, and the same
/// ballot, as tournaments play each one from both sides (CK-16).
fn rematch(
    mut commands: Commands,
    table: Option<Res<DraughtsMatch>>,
    mut screen: ResMut<NextState<Screen>>,
    mut host: ResMut<NextState<MatchHost>>,
) {
    let Some(table) = table.filter(|t| !t.online) else { return };
    let me = table.bottom;
    let opponent = table.players[game::colour_index(me.other())];
    let names = [table.name(me).to_string(), table.name(me.other()).to_string()];
    let mut again = DraughtsMatch::new(me.other(), opponent, names, table.seed.wrapping_add(1));
    again.hints_on = table.hints_on;
    let again = match table.ballot {
        Some(ballot) => again.opened_with(ballot),
        None => again,
    };
    commands.insert_resource(again);
    host.set(MatchHost::Local);
    screen.set(Screen::Game);
}
