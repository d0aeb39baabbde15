//! The lobby screen: the invite code and link of a private match (or, hosting on this
//! network, the addresses to type), and who has arrived; Back (or Esc) leaves for Home. The lobby itself is [`crate::client::hosts::lobby`].

use crate::client::flow::Screen;
use crate::client::hosts::lobby::Lobby;
use crate::client::ui::{self, Action, Clipboard, MenuSet, palette};
use bevy::prelude::*;
use carrom_signaling::code as invite;

#[derive(Component)]
struct LobbyText;

#[derive(Component)]
struct CopyText;

/// The lobby screen.
pub(super) struct LobbyScreenPlugin;

impl Plugin for LobbyScreenPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (spawn.run_if(resource_added::<Lobby>), show_status, (leave, copy).after(MenuSet))
                .chain()
                .run_if(in_state(Screen::Lobby)),
        );
    }
}

fn spawn(mut commands: Commands, lobby: Res<Lobby>) {
    commands.spawn(ui::screen_root(Screen::Lobby)).with_children(|root| {
        let title = match (lobby.watching(), lobby.on_lan()) {
            (true, _) => "Watch a match",
            (false, true) => "On this network",
            (false, false) => "Online",
        };
        root.spawn(ui::text(title, 40.0, palette::ACCENT));
        if let Some(addresses) = lobby.lan_addresses() {
            let how = "You host this game. Players here choose Join on this network and find \
                       it, or type an address:";
            root.spawn(ui::text(how, 18.0, palette::DIM));
            let shown = if addresses.is_empty() {
                "(this machine has no network address)".to_string()
            } else {
                addresses.join("   ")
            };
            root.spawn(ui::text(shown, 32.0, palette::TEXT));
        }
        if let Some(code) = lobby.code().filter(|_| !lobby.watching()) {
            root.spawn(ui::text("Invite code", 18.0, palette::DIM));
            root.spawn(ui::text(code.to_string(), 44.0, palette::TEXT));
            root.spawn(ui::row()).with_children(|row| {
                row.spawn(ui::text(invite::link(code), 18.0, palette::DIM));
                row.spawn(ui::button("Copy link", Action::CopyInvite, 0, false));
            });
            if let Some(web) = lobby.web_link() {
                root.spawn(ui::row()).with_children(|row| {
                    row.spawn(ui::text("In a browser: ", 18.0, palette::DIM));
                    row.spawn(ui::text(web, 18.0, palette::TEXT));
                });
            }
            root.spawn((CopyText, ui::text("", 14.0, palette::DIM)));
            root.spawn(ui::text(format!("or: carrom --join {code}"), 16.0, palette::DIM));
        }
        root.spawn((LobbyText, ui::text(lobby.status().to_string(), 18.0, palette::TEXT)));
        root.spawn(ui::button("Back", Action::Back, 1, false));
    });
}

fn show_status(lobby: Option<Res<Lobby>>, mut texts: Query<&mut Text, With<LobbyText>>) {
    let Some(lobby) = lobby else { return };
    for mut text in &mut texts {
        if text.0 != lobby.status() {
            text.0 = lobby.status().to_string();
        }
    }
}

fn leave(mut actions: MessageReader<Action>, mut next: ResMut<NextState<Screen>>) {
    if actions.read().any(|a| *a == Action::Back) {
        next.set(Screen::Home);
    }
}

/// Copy link: the invite link on the clipboard, and a word on whether it worked.
fn copy(
    mut actions: MessageReader<Action>,
    lobby: Option<Res<Lobby>>,
    mut clipboard: NonSendMut<Clipboard>,
    mut texts: Query<&mut Text, With<CopyText>>,
) {
    if !actions.read().any(|a| *a == Action::CopyInvite) {
        return;
    }
    let Some(lobby) = lobby else { return };
    let Some(code) = lobby.code() else { return };
    let link = lobby.web_link().unwrap_or_else(|| invite::link(code));
    let said = match clipboard.copy(&link) {
        Ok(()) => "Copied: paste it to your friends.".to_string(),
        Err(e) => format!("Could not copy the link ({e}): share the code shown above."),
    };
    for mut text in &mut texts {
        text.0 = said.clone();
    }
}
