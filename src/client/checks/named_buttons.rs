//! Pressing a button by its name, as a player's click would.

use crate::client::ui::{MenuButton, Pressed};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The buttons on screen, by name: to press one as a player would.
#[derive(SystemParam)]
pub struct NamedButtons<'w, 's> {
    buttons: Query<'w, 's, (Entity, &'static Name), With<MenuButton>>,
    commands: Commands<'w, 's>,
}

impl NamedButtons<'_, '_> {
    /// Presses the button called `name`, if one is on screen; says whether one was.
    pub fn press(&mut self, name: &str) -> bool {
        let Some((button, _)) = self.buttons.iter().find(|(_, n)| n.as_str() == name) else {
            warn!("no {name} button on screen to press");
            return false;
        };
        self.commands.trigger(Pressed { entity: button });
        true
    }
}
