//! The game's languages without a window: a new player gets their system's language, and
//! Settings switches every word (Home, the HUD, How to play) and keeps the choice; names
//! are typed in any script.

use crate::screens::{
    client, closed_port, home, press, real_time_until, screen, texts, type_key, type_text,
};
use bevy::input::InputPlugin;
use bevy::input::keyboard::Key;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use carrom::client::{
    ClientPlugin, FixedSeed, Language, Preferences, Screen, Storage, SystemLanguage, Words,
};
use std::path::Path;
use std::time::Duration;

/// The client for a new player whose system speaks `language`.
fn client_in(dir: &Path, language: Language) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(1.0 / 60.0)))
        .insert_resource(Storage::at(dir))
        .insert_resource(FixedSeed(3))
        .insert_resource(SystemLanguage(language))
        .add_plugins(ClientPlugin);
    app.update();
    app.update();
    app
}

fn said(language: Language, id: &str) -> String {
    Words::new(language).get(id)
}

#[test]
fn a_new_player_gets_the_systems_language_and_keeps_it() {
    let dir = home("language-first-start");
    let mut app = client_in(&dir, Language::Hindi);
    assert!(texts(&mut app).contains("खेलें"), "Home in Hindi: {}", texts(&mut app));
    assert_eq!(app.world().resource::<Preferences>().names[0], "खिलाड़ी 1");
    drop(app);
    let settings = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(settings.contains("\"language\": \"hi\""), "{settings}");
    // The next start keeps the chosen language, whatever the system says then.
    let mut app = client_in(&dir, Language::Greek);
    assert!(texts(&mut app).contains(&said(Language::Hindi, "home-how-to-play")));
}

#[test]
fn settings_switch_every_word_and_the_default_names_with_them() {
    let dir = home("language-switch");
    let mut app = client(&dir, 1);
    assert!(texts(&mut app).contains("How to play"));
    press(&mut app, "Settings");
    // Each language is offered in its own script.
    let shown = texts(&mut app);
    for name in ["English", "हिन्दी", "मराठी", "اردو", "Ελληνικά"]
    {
        assert!(shown.contains(name), "{name} is offered: {shown}");
    }
    press(&mut app, "Language(Urdu)");
    assert!(texts(&mut app).contains("زبان"), "Settings in Urdu: {}", texts(&mut app));
    assert_eq!(app.world().resource::<Preferences>().names[1], "کھلاڑی 2");
    press(&mut app, "Back");
    assert_eq!(screen(&app), Screen::Home);
    assert!(texts(&mut app).contains("کیسے کھیلیں"), "Home in Urdu: {}", texts(&mut app));
    press(&mut app, "HowToPlay");
    assert!(texts(&mut app).contains("[CM-4]") && texts(&mut app).contains("اسٹرائیکر"));
    press(&mut app, "Back");
    press(&mut app, "Settings");
    press(&mut app, "Language(Greek)");
    press(&mut app, "Back");
    press(&mut app, "Play");
    assert_eq!(screen(&app), Screen::Game);
    let hud = texts(&mut app);
    assert!(hud.contains("Δύναμη") && hud.contains("Σειρά: Παίκτης 1"), "the HUD in Greek: {hud}");
    drop(app);
    let settings = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(settings.contains("\"language\": \"el\""), "{settings}");
}

#[test]
fn numbers_are_written_in_the_languages_own_digits_when_the_player_asks() {
    let dir = home("language-digits");
    let mut app = client(&dir, 1);
    press(&mut app, "Settings");
    // English has no digits of its own to offer.
    assert!(!texts(&mut app).contains(&said(Language::English, "settings-digits")));
    press(&mut app, "Language(Hindi)");
    assert!(texts(&mut app).contains("१२३"), "offered in Hindi: {}", texts(&mut app));
    press(&mut app, "Digits(Own)");
    // The number of records kept, a quantity, is now in Devanagari digits.
    let shown = texts(&mut app);
    assert!(shown.contains("१००") && !shown.contains("100"), "{shown}");
    press(&mut app, "Back");
    press(&mut app, "Play");
    assert_eq!(screen(&app), Screen::Game);
    for _ in 0..3 {
        app.update();
    }
    // Every number of the HUD (players, scores, counts) is in Devanagari, none in 0–9.
    let hud = texts(&mut app);
    assert!(hud.contains("२ खिलाड़ी"), "{hud}");
    assert!(!hud.chars().any(|c| c.is_ascii_digit()), "a Western digit in the HUD: {hud}");
    drop(app);
    let settings = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(settings.contains("\"digits\": \"own\""), "{settings}");
    // Kept for the next start, and back to 0–9 with one press.
    let mut app = client(&dir, 1);
    press(&mut app, "Settings");
    press(&mut app, "Digits(Western)");
    let shown = texts(&mut app);
    assert!(shown.contains("100") && !shown.contains("१००"), "{shown}");
}

#[test]
fn names_are_typed_in_any_script_and_kept() {
    let dir = home("language-names");
    let mut app = client(&dir, 1);
    press(&mut app, "Settings");
    for (seat, name) in ["आशा", "عائشہ", "Άννα", "सई"].into_iter().enumerate() {
        press(&mut app, &format!("EditName({seat})"));
        for _ in 0.."Player 1".len() {
            type_key(&mut app, Key::Backspace, None);
        }
        type_text(&mut app, name);
        type_key(&mut app, Key::Enter, None);
    }
    drop(app);
    let app = client(&dir, 1);
    let names = &app.world().resource::<Preferences>().names;
    assert_eq!(names, &["आशा", "عائشہ", "Άννα", "सई"].map(String::from));
}

#[test]
fn a_file_that_cannot_be_read_is_reported_in_the_players_language() {
    let dir = home("language-corrupt");
    std::fs::write(
        dir.join("settings.json"),
        br#"{"format":1,"names":["a","b","c","d"],"volume":3,"fullscreen":false,"language":"mr","setup":{"variant":"freestyle","mode":"pass_and_play","players":2,"board":"standard","shot_clock":30,"level":"medium","bots":[false,false,false,false]}}"#,
    )
    .unwrap();
    std::fs::write(dir.join("match.json"), b"{ not json").unwrap();
    let mut app = client_in(&dir, Language::English);
    let shown = texts(&mut app);
    assert!(shown.contains("जतन केलेल्या सामन्याची फाइल वाचता आली नाही"), "in Marathi: {shown}");
    assert!(shown.contains("match.json.corrupt-"), "where it was kept: {shown}");
    assert!(shown.contains("ही या खेळाने लिहिलेली फाइल नाही (ओळ 1"), "why, in Marathi: {shown}");
}

#[test]
fn every_reason_a_kept_file_cannot_be_read_is_said_in_urdu_with_no_english_word() {
    let dir = home("language-unreadable-urdu");
    let settings = br#"{"format":1,"names":["a","b","c","d"],"volume":3,"fullscreen":false,"language":"ur","setup":{"variant":"freestyle","mode":"pass_and_play","players":2,"board":"standard","shot_clock":30,"level":"medium","bots":[false,false,false,false]}}"#;
    std::fs::write(dir.join("settings.json"), settings).unwrap();
    // Another version's format, a name this version does not know, and no JSON at all.
    std::fs::write(dir.join("match.json"), br#"{"format":9}"#).unwrap();
    let draughts = br#"{"format":1,"names":["a","b"],"players":["human","grandmaster"],"bottom":"black","seed":1,"moves":[],"position":"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"}"#;
    std::fs::write(dir.join("draughts.json"), draughts).unwrap();
    std::fs::write(dir.join("scores.json"), b"{").unwrap();
    let mut app = client_in(&dir, Language::English);
    let notice = app.world().resource::<carrom::client::Notice>().0.clone();
    let notice = notice.expect("the player is told");
    assert!(texts(&mut app).contains(&notice), "on Home");
    assert_eq!(notice.lines().count(), 3, "one line a file: {notice}");
    // Without the marks that isolate each argument in right-to-left text.
    let shown = notice.replace(['\u{2068}', '\u{2069}'], "");
    for said in ["فارمیٹ 9", "“grandmaster”", "اس کھیل کی لکھی ہوئی فائل نہیں"]
    {
        assert!(shown.contains(said), "{said}: {shown}");
    }
    // Paths and the name the file gave are the only Latin a reader meets.
    let english: Vec<&str> = shown
        .split(|c: char| c.is_whitespace() || "()“”،؛:".contains(c))
        .filter(|word| !word.contains('/') && !word.contains("grandmaster"))
        .filter(|word| word.chars().filter(char::is_ascii_alphabetic).count() > 1)
        .collect();
    assert!(english.is_empty(), "English among the Urdu: {english:?} in {shown}");
}

#[test]
fn an_unreachable_server_is_said_in_hindi_and_urdu_with_no_english_word() {
    let test = "an_unreachable_server_is_said_in_hindi_and_urdu_with_no_english_word";
    if !crate::net_support::isolated(module_path!(), test) {
        return;
    }
    for language in [Language::Hindi, Language::Urdu] {
        let mut app = client_in(&home(&format!("unreachable-{}", language.code())), language);
        let url = format!("ws://127.0.0.1:{}", closed_port());
        app.world_mut().resource_mut::<Preferences>().signaling = url;
        press(&mut app, "Mode(Online)");
        press(&mut app, "CreateMatch");
        let why = said(language, "unreached-refused");
        let told =
            real_time_until(&mut app, Duration::from_secs(20), |app| texts(app).contains(&why));
        let shown = texts(&mut app);
        assert!(told, "{}: the reason in the player's words: {shown}", language.code());
        // The line that says it holds no English: the system's "Connection refused" was
        // read as a kind of failure, not shown as it came.
        let line = shown.lines().find(|l| l.contains(&why)).unwrap_or_default();
        let latin: Vec<&str> = line
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|word| word.chars().filter(char::is_ascii_alphabetic).count() > 1)
            .collect();
        assert!(latin.is_empty(), "{}: English in {line:?}: {latin:?}", language.code());
    }
}
