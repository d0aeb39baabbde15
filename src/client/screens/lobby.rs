//! The lobby screen: the invite code and link of a private match (or, hosting on this
//! network, the addresses to type), and who has arrived; Back (or Esc) leaves for Home.
//! The lobby itself is [`crate::client::hosts::lobby`].

use crate::client::flow::Screen;
use crate::client::hosts::lobby::Lobby;
use crate::client::ui::{self, Clipboard, Pressed, palette};
use crate::client::words::{self, Words};
use bevy::prelude::*;
use carrom_signaling::code as invite;

#[derive(Component)]
struct LobbyText;

#[derive(Component)]
struct CopyText;

/// Holds the Try again button, shown once the connection to the room has ended.
#[derive(Component)]
struct TryAgainRow;

/// The lobby screen.
pub(super) struct LobbyScreenPlugin;

impl Plugin for LobbyScreenPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (spawn.run_if(resource_added::<Lobby>), show_status)
                .chain()
                .run_if(in_state(Screen::Lobby)),
        );
    }
}

fn spawn(mut commands: Commands, lobby: Res<Lobby>, w: Res<Words>) {
    commands.spawn(ui::screen_root(Screen::Lobby)).with_children(|root| {
        let title = match (lobby.watching(), lobby.on_lan()) {
            (true, _) => "home-watch",
            (false, true) => "mode-lan",
            (false, false) => "mode-online",
        };
        root.spawn(ui::text(w.get(title), 40.0, palette::ACCENT));
        if let Some(addresses) = lobby.lan_addresses() {
            root.spawn(ui::text(w.get("lobby-lan-how"), 18.0, palette::DIM));
            let shown = if addresses.is_empty() {
                w.get("lobby-no-address")
            } else {
                addresses.join("   ")
            };
            root.spawn(ui::text(shown, 32.0, palette::TEXT));
        }
        if let Some(code) = lobby.code().filter(|_| !lobby.watching()) {
            root.spawn(ui::text(w.get("home-invite-code"), 18.0, palette::DIM));
            root.spawn(ui::text(code.to_string(), 44.0, palette::TEXT));
            root.spawn(ui::row()).with_children(|row| {
                row.spawn(ui::text(invite::link(code), 18.0, palette::DIM));
                row.spawn(ui::button(w.get("lobby-copy-link"), "CopyInvite", 0, false))
                    .observe(copy);
            });
            if let Some(web) = lobby.web_link() {
                root.spawn(ui::row()).with_children(|row| {
                    row.spawn(ui::text(
                        format!("{} ", w.get("lobby-in-browser")),
                        18.0,
                        palette::DIM,
                    ));
                    row.spawn(ui::text(web, 18.0, palette::TEXT));
                });
            }
            root.spawn((CopyText, ui::text("", 14.0, palette::DIM)));
            let command = w.with("lobby-or-command", &[("code", code.to_string().into())]);
            root.spawn(ui::text(command, 16.0, palette::DIM));
        }
        root.spawn((LobbyText, ui::text(lobby.status().to_string(), 18.0, palette::TEXT)));
        root.spawn((TryAgainRow, Node { display: Display::None, ..default() })).with_children(
            |row| {
                row.spawn(ui::button(w.get("lobby-try-again"), "TryAgain", 2, false))
                    .observe(try_again);
            },
        );
        root.spawn(ui::back_button(w.get("back"), 1)).observe(ui::opens(Screen::Home));
    });
}

fn show_status(
    lobby: Option<Res<Lobby>>,
    mut texts: Query<&mut Text, With<LobbyText>>,
    mut rows: Query<&mut Node, With<TryAgainRow>>,
) {
    let Some(lobby) = lobby else { return };
    let shown = if lobby.again().is_some() { Display::Flex } else { Display::None };
    for mut row in &mut rows {
        if row.display != shown {
            row.display = shown;
        }
    }
    let status = lobby.status().to_string();
    for mut text in &mut texts {
        if text.0 != status {
            text.0 = status.to_string();
        }
    }
}

/// Try again: the same room asked for anew (the lobby is opened again).
fn try_again(
    _: On<Pressed>,
    mut commands: Commands,
    lobby: Option<Res<Lobby>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(request) = lobby.and_then(|lobby| lobby.again()) {
        commands.insert_resource(request);
        next.set(Screen::Lobby);
    }
}

/// Copy link: the invite link on the clipboard, and a word on whether it worked.
fn copy(
    _: On<Pressed>,
    lobby: Option<Res<Lobby>>,
    mut clipboard: NonSendMut<Clipboard>,
    mut texts: Query<&mut Text, With<CopyText>>,
    w: Res<Words>,
) {
    let Some(lobby) = lobby else { return };
    let Some(code) = lobby.code() else { return };
    let link = lobby.web_link().unwrap_or_else(|| invite::link(code));
    let said = match clipboard.copy(&link) {
        Ok(()) => w.get("lobby-copied"),
        Err(e) => w.with("lobby-not-copied", &[("why", words::copy_error(&w, &e).into())]),
    };
    for mut text in &mut texts {
        text.0 = said.clone();
    }
}
