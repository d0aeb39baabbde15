//! What a button (or its key) asks for, on every screen.

use crate::bot::BotLevel;
use crate::client::board::theme::BoardTheme;
use crate::client::flow::Mode;
use crate::client::words::Language;
use crate::draughts::Colour;
use crate::draughts::level::Level;
use crate::rules::Variant;
use crate::sim::PresetId;
use bevy::prelude::*;

/// What pressing a button (or its key) asks for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Home: choose the game type.
    Variant(Variant),
    /// Home: choose English draughts.
    Draughts,
    /// Home (draughts): choose the computer's strength.
    DraughtsLevel(Level),
    /// Home (draughts): choose the colour player 1 takes.
    DraughtsColour(Colour),
    /// Draughts: take back the last move (and the computer's reply).
    TakeBack,
    /// Draughts online: offer a draw.
    OfferDraw,
    /// Draughts online: accept the other player's offer.
    AcceptOffer,
    /// Draughts online: decline the other player's offer.
    DeclineOffer,
    /// Results (draughts): save the game as a PDN file.
    SavePdn,
    /// Home (draughts): start or stop typing a position (FEN) to start from.
    EditFen,
    /// Home: choose the mode.
    Mode(Mode),
    /// Home: choose the number of players.
    Players(u8),
    /// Home: choose the board.
    Preset(PresetId),
    /// Home: choose the shot clock, seconds (0: off).
    ShotClock(u16),
    /// Wait this many seconds for a player who drops (online and LAN).
    Grace(u16),
    /// Take this machine's seat back in the match it dropped out of.
    Rejoin,
    /// Home: choose the bot's strength.
    Level(BotLevel),
    /// Home: switch player `n` (1–3) between a person and the bot.
    ToggleBot(u8),
    /// Home: start a match.
    Play,
    /// Home (online): create a private match.
    CreateMatch,
    /// Home (online): start or stop typing an invite code.
    EditCode,
    /// Home (online): join the private match whose code was typed.
    JoinCode,
    /// Home (online): watch the match whose code was typed.
    WatchCode,
    /// Home (online): join the quick-match queue.
    QuickMatch,
    /// Home (on this network): host the game chosen.
    HostLan,
    /// Home (on this network): look for games to join.
    FindLanGames,
    /// Join on this network: join the listed game at this place in the list.
    JoinLan(u8),
    /// Join on this network: watch the listed game being played at this place in the list.
    WatchLan(u8),
    /// Join on this network: start or stop typing a host's address.
    EditAddress,
    /// Join on this network: join the game at the address typed.
    JoinAddress,
    /// Join on this network: watch the game being played at the address typed.
    WatchAddress,
    /// Home: carry on with the saved match.
    Resume,
    /// Home: carry on with the saved draughts game.
    ResumeDraughts,
    /// Open How to play.
    HowToPlay,
    /// Open Settings.
    Settings,
    /// Leave the game.
    Quit,
    /// Back to the previous screen (Esc).
    Back,
    /// Lobby: copy the invite link to the clipboard.
    CopyInvite,
    /// Lobby: ask for the same room again after its connection ended.
    TryAgain,
    /// Settings: start typing player `n`'s name.
    EditName(u8),
    /// Settings: change the sound volume by this many steps.
    Volume(i8),
    /// Settings: switch between a window and full screen.
    ToggleFullscreen,
    /// Settings: turn the phone's buzz on hits on or off.
    ToggleHaptics,
    /// Settings: choose the carrom board's look.
    Theme(BoardTheme),
    /// Settings: show every word in this language.
    Language(Language),
    /// A match: open the pause menu (a phone has no Esc).
    Pause,
    /// Pause: back to the match.
    Continue,
    /// Pause: the shooter's side resigns.
    Resign,
    /// Pause: keep the match for later and go home.
    SaveAndLeave,
    /// Results: the same match again.
    Rematch,
    /// Results: back to Home.
    Home,
    /// Home: the list of match records.
    Replays,
    /// Results: watch the match just played again.
    WatchReplay,
    /// Replays: watch the record at this place in the list.
    Watch(u8),
    /// Replays: copy the record at this place in the list to a file to share.
    Export(u8),
    /// Replays: start or stop typing the path of a record to open.
    EditRecordPath,
    /// Replays: open the record at the path typed.
    OpenRecord,
    /// Replay: pause or play on.
    ReplayPause,
    /// Replay: to the next (1) or previous (-1) stroke or move.
    ReplayStep(i8),
    /// Replay: play at this many times the real speed.
    ReplaySpeed(u8),
    /// Replay: to this share of the match (thousandths).
    ReplaySeek(u16),
    /// Settings: keep this many match records.
    RecordsKept(u16),
}

impl Action {
    /// Whether the button of this action is a text field (typed into while it is chosen).
    pub fn types_text(self) -> bool {
        matches!(
            self,
            Action::EditFen
                | Action::EditCode
                | Action::EditAddress
                | Action::EditName(_)
                | Action::EditRecordPath
        )
    }
}

/// A button: the action it sends and its place in the keyboard order.
#[derive(Component, Clone, Copy, Debug)]
#[require(Button)]
pub struct ActionButton {
    /// Sent when pressed.
    pub action: Action,
    /// Position in the keyboard focus order (lowest first).
    pub order: u16,
    /// Shown as the chosen option of a selector.
    pub selected: bool,
}
