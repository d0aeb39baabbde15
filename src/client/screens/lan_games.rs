//! Join on this network: a live list of the games hosted on this network (mDNS), each a
//! button that joins it; games being played with a button to watch them; games of another
//! version shown greyed with the reason; and an address to type where multicast is
//! blocked. A game is asked what it is (`/lan`) before it is joined or watched, off the
//! main thread, so a host that is gone says so instead of hanging.

use crate::client::flow::Screen;
use crate::client::flow::setup::variant_message;
use crate::client::hosts::lobby::JoinRequest;
use crate::client::ui::{self, MenuSet, Pressed, palette};
use crate::client::words::{Words, ask_error, lan_error, refusal};
use crate::net::lan::{self, AskError, FoundGame, LanBrowser, Listing, SEARCH_BOUND};
use crate::rules::Variant;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use std::net::SocketAddr;
use std::sync::{Mutex, mpsc};
use web_time::Instant;

/// Longest address typed, characters.
const MAX_ADDRESS: usize = 60;

/// A host's answer: where its game is and what it is, or why it cannot be joined.
type Answer = Result<(SocketAddr, Listing), AskError>;

/// The search behind the screen: the browser and a question to a host in flight.
#[derive(Resource)]
struct LanSearch {
    browser: Option<LanBrowser>,
    opened: Instant,
    asking: Option<Mutex<mpsc::Receiver<Answer>>>,
    /// Whether the game asked about is to be watched, not joined.
    to_watch: bool,
    /// The games as the buttons on screen list them (a click joins what it showed, even
    /// if the list changed in the same frame).
    shown: Vec<FoundGame>,
}

/// What the screen shows; rebuilt when it changes.
#[derive(Resource, Default, Clone, PartialEq, Eq)]
struct LanList {
    games: Vec<FoundGame>,
    none_found: bool,
    address: String,
    typing: bool,
    note: Option<String>,
}

#[derive(Component)]
struct LanGamesRoot;

/// The Join on this network screen.
pub(super) struct LanGamesPlugin;

impl Plugin for LanGamesPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::LanGames), open)
            .add_systems(OnExit(Screen::LanGames), close)
            .add_systems(
                Update,
                (
                    (search, type_address).before(MenuSet),
                    (hear_answer, rebuild.run_if(resource_exists_and_changed::<LanList>))
                        .chain()
                        .after(MenuSet),
                )
                    .run_if(in_state(Screen::LanGames).and_then(resource_exists::<LanSearch>)),
            );
    }
}

fn open(mut commands: Commands, w: Res<Words>) {
    let (browser, note) = match LanBrowser::start() {
        Ok(browser) => (Some(browser), None),
        Err(e) => (None, Some(w.with("lan-no-browser", &[("why", lan_error(&w, &e).into())]))),
    };
    let search = LanSearch {
        browser,
        opened: Instant::now(),
        asking: None,
        to_watch: false,
        shown: Vec::new(),
    };
    commands.insert_resource(search);
    commands.insert_resource(LanList { note, ..LanList::default() });
}

fn close(mut commands: Commands) {
    commands.remove_resource::<LanSearch>();
    commands.remove_resource::<LanList>();
}

/// Takes in what the network said; the list changes only when the games do.
fn search(mut search: ResMut<LanSearch>, mut list: ResMut<LanList>) {
    let search = search.bypass_change_detection();
    let Some(browser) = search.browser.as_mut() else { return };
    if browser.poll() {
        list.games = browser.games();
    }
    let none_found = list.games.is_empty() && search.opened.elapsed() >= SEARCH_BOUND;
    if list.none_found != none_found {
        list.none_found = none_found;
    }
}

/// Typing the address (Enter joins, Esc stops typing).
fn type_address(
    mut typed: MessageReader<KeyboardInput>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut list: ResMut<LanList>,
    mut search: ResMut<LanSearch>,
    w: Res<Words>,
) {
    if !list.typing {
        typed.clear();
        return;
    }
    let graphic = |c: char| c.is_ascii_graphic().then_some(c);
    for key in typed.read() {
        match ui::type_into(&mut list.address, key, MAX_ADDRESS, graphic) {
            ui::Typed::Edited => {}
            ui::Typed::Enter => ask_address(false, &mut search, &mut list, &w),
            ui::Typed::Escape => list.typing = false,
        }
    }
    keys.clear_just_pressed(KeyCode::Enter);
    keys.clear_just_pressed(KeyCode::NumpadEnter);
    keys.clear_just_pressed(KeyCode::Escape);
}

/// What the buttons that ask a listed game (the `place`th) to be joined or watched do.
fn asks_listed(
    place: u8,
    to_watch: bool,
) -> impl Fn(On<Pressed>, ResMut<LanSearch>, ResMut<LanList>, Res<Words>) + Send + Sync {
    move |_, mut search, mut list, w| {
        list.typing = false;
        let Some(game) = search.shown.get(place as usize).cloned() else { return };
        if let Some(why) = game.refusal().filter(|_| !to_watch) {
            let why = ("why", refusal(&w, &why).into());
            let game = ("game", found_line(&w, &game).into());
            list.note = Some(w.with("lan-cannot-join", &[game, why]));
            return;
        }
        list.note = Some(w.with("lan-asking", &[("host", found_line(&w, &game).into())]));
        search.to_watch = to_watch;
        search.asking = Some(Mutex::new(ask(move || lan::ask_any(&game.addresses))));
    }
}

/// What the buttons that ask the game at the address typed to be joined or watched do.
fn asks_typed(
    to_watch: bool,
) -> impl Fn(On<Pressed>, ResMut<LanSearch>, ResMut<LanList>, Res<Words>) + Send + Sync {
    move |_, mut search, mut list, w| ask_address(to_watch, &mut search, &mut list, &w)
}

/// Asks the host at the address typed for its game, to join it or watch it.
fn ask_address(to_watch: bool, search: &mut LanSearch, list: &mut LanList, w: &Words) {
    list.typing = false;
    match lan::parse_address(&list.address) {
        Ok(address) => {
            list.note = Some(w.with("lan-asking", &[("host", address.to_string().into())]));
            search.to_watch = to_watch;
            search.asking =
                Some(Mutex::new(ask(move || lan::ask(address).map(|listing| (address, listing)))));
        }
        Err(e) => list.note = Some(sentence(&ask_error(w, &e))),
    }
}

/// A message as a sentence: capitalised, with its full stop.
fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
    let rest = chars.as_str().trim_end_matches('.');
    format!("{first}{rest}.")
}

/// Asks a host on a thread of its own; the answer arrives on the receiver.
#[allow(
    clippy::disallowed_methods,
    reason = "desktop only: the page offers no games on this network (Home says why)"
)]
fn ask(question: impl FnOnce() -> Answer + Send + 'static) -> mpsc::Receiver<Answer> {
    let (answer, answered) = mpsc::channel();
    let spawned = std::thread::Builder::new().name("lan-ask".into()).spawn(move || {
        let _ = answer.send(question());
    });
    if let Err(e) = spawned {
        let (failed, said) = mpsc::channel();
        let _ = failed.send(Err(AskError::NoThread(e.to_string())));
        return said;
    }
    answered
}

/// The host's answer: join (or watch) its game, or say why not.
fn hear_answer(
    mut commands: Commands,
    mut search: ResMut<LanSearch>,
    mut list: ResMut<LanList>,
    mut next: ResMut<NextState<Screen>>,
    w: Res<Words>,
) {
    let heard = match search.asking.as_ref().and_then(|a| a.lock().ok()) {
        Some(asking) => match asking.try_recv() {
            Ok(answer) => Some(answer),
            Err(mpsc::TryRecvError::Empty) => return,
            // The asking thread ended without an answer.
            Err(mpsc::TryRecvError::Disconnected) => None,
        },
        None => return,
    };
    search.asking = None;
    match heard {
        Some(Ok((address, listing))) if search.to_watch => {
            match listing.refusal().filter(|_| !listing.watchable()) {
                None => {
                    commands.insert_resource(JoinRequest::WatchLan { address, listing });
                    next.set(Screen::Lobby);
                }
                Some(why) => {
                    let why = ("why", refusal(&w, &why).into());
                    list.note = Some(
                        w.with("lan-cannot-watch", &[("game", line(&w, &listing).into()), why]),
                    );
                }
            }
        }
        Some(Ok((address, listing))) => match listing.refusal() {
            Some(why) => {
                let why = ("why", refusal(&w, &why).into());
                list.note =
                    Some(w.with("lan-cannot-join", &[("game", line(&w, &listing).into()), why]));
            }
            None => {
                commands.insert_resource(JoinRequest::Lan { address, listing });
                next.set(Screen::Lobby);
            }
        },
        Some(Err(e)) => list.note = Some(sentence(&ask_error(&w, &e))),
        None => list.note = Some(sentence(&w.get("lan-no-answer"))),
    }
}

fn rebuild(
    mut commands: Commands,
    roots: Query<Entity, With<LanGamesRoot>>,
    list: Res<LanList>,
    mut search: ResMut<LanSearch>,
    w: Res<Words>,
) {
    search.bypass_change_detection().shown = list.games.clone();
    for root in &roots {
        commands.entity(root).despawn();
    }
    let mut order = 0u16;
    let mut next = || {
        order += 1;
        order
    };
    let page = (LanGamesRoot, ui::screen_root(Screen::LanGames));
    commands.spawn(page).with_children(|root| {
        root.spawn(ui::heading(w.get("home-join-lan"), 40.0, palette::ACCENT));
        let looking = if list.games.is_empty() && list.none_found {
            "lan-none-found"
        } else if list.games.is_empty() {
            "lan-looking"
        } else {
            "lan-games"
        };
        root.spawn(ui::text(w.get(looking), 18.0, palette::DIM));
        for (place, game) in list.games.iter().enumerate() {
            let place = place as u8;
            match game.refusal() {
                None => {
                    root.spawn(ui::row()).with_children(|row| {
                        let name = format!("JoinLan({place})");
                        row.spawn(ui::button(found_line(&w, game), name, next(), false))
                            .observe(asks_listed(place, false));
                        let name = format!("WatchLan({place})");
                        row.spawn(ui::button(w.get("replays-watch"), name, next(), false))
                            .observe(asks_listed(place, true));
                    });
                }
                Some(_) if game.watchable() => {
                    root.spawn(ui::row()).with_children(|row| {
                        let playing =
                            w.with("lan-being-played", &[("game", found_line(&w, game).into())]);
                        row.spawn(ui::text(playing, 16.0, palette::DIM));
                        let name = format!("WatchLan({place})");
                        row.spawn(ui::button(w.get("replays-watch"), name, next(), false))
                            .observe(asks_listed(place, true));
                    });
                }
                Some(why) => {
                    let greyed = format!("{} — {}", found_line(&w, game), refusal(&w, &why));
                    root.spawn(ui::text(greyed, 16.0, palette::DIM));
                }
            }
        }
        root.spawn(ui::row()).with_children(|row| {
            let shown = ui::shown(&list.address, list.typing, &w.get("lan-type-address"));
            row.spawn(ui::text(format!("{} ", w.get("lan-address")), 16.0, palette::DIM));
            row.spawn(ui::text_field(shown, "EditAddress", next(), list.typing))
                .observe(|_: On<Pressed>, mut list: ResMut<LanList>| list.typing = !list.typing);
            row.spawn(ui::button(w.get("home-join"), "JoinAddress", next(), false))
                .observe(asks_typed(false));
            row.spawn(ui::button(w.get("replays-watch"), "WatchAddress", next(), false))
                .observe(asks_typed(true));
        });
        if let Some(note) = &list.note {
            root.spawn(ui::text(note.clone(), 16.0, palette::WARN));
        }
        root.spawn(ui::back_button(w.get("back"), next())).observe(ui::opens(Screen::Home));
    });
}

/// One line for the list, in the player's words: "Asha — Classic, 4 players, 2 seats free".
fn line(w: &Words, listing: &Listing) -> String {
    let game = match Variant::from_name(&listing.game) {
        Some(variant) => w.get(variant_message(variant)),
        None if listing.game == "draughts" => w.get("game-draughts"),
        None => listing.game.clone(),
    };
    let host = if listing.host.is_empty() { "?" } else { listing.host.as_str() };
    let args = [
        ("host", host.into()),
        ("game", game.into()),
        ("players", listing.players.into()),
        ("free", listing.free.into()),
    ];
    w.with("lan-line", &args)
}

/// A found game's line: its listing's, or its name when the listing could not be read.
fn found_line(w: &Words, found: &FoundGame) -> String {
    found.listing.as_ref().map_or_else(|_| found.line(), |listing| line(w, listing))
}
