//! The page's log: every message of this game at info and above, and the warnings and
//! errors of everything else, each as one line of the browser's console (the tests read
//! those lines). It stands in for Bevy's log plugin on the page, whose filter parser (a
//! regular expression engine) and console layer weighed more than the game's own physics;
//! debug and trace messages are not even compiled into the page (`Cargo.toml`).

use std::fmt::{Debug, Write};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};
use wasm_bindgen::JsValue;
use web_sys::console;

/// Sends the game's log to the page's console, from now on.
pub(super) fn start() {
    // Only the first call in a page can set it, and the page calls this once.
    let _ = tracing::subscriber::set_global_default(PageLog);
    if log::set_logger(&PageLog).is_ok() {
        log::set_max_level(log::LevelFilter::Warn);
    }
}

/// Whether a message at `level` from `target` is written: this game's from info, the
/// graphics driver's errors only (it warns of every feature WebGL2 lacks), the rest from
/// warnings.
fn wanted(level: &Level, target: &str) -> bool {
    let from = |name: &str| target == name || target.starts_with(&format!("{name}::"));
    let least = match () {
        _ if from("carrom") => Level::INFO,
        _ if from("wgpu") || from("wgpu_core") || from("wgpu_hal") => Level::ERROR,
        _ => Level::WARN,
    };
    *level <= least
}

/// Writes `line` with the console call of its level.
fn write(level: &Level, line: &str) {
    let line = JsValue::from_str(line);
    match *level {
        Level::ERROR => console::error_1(&line),
        Level::WARN => console::warn_1(&line),
        _ => console::log_1(&line),
    }
}

/// The console, as a tracing subscriber and as the `log` crate's logger.
struct PageLog;

/// An event's message and then its other fields, as `name=value`.
#[derive(Default)]
struct Line {
    message: String,
    fields: String,
}

impl Visit for Line {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message.push_str(value);
        } else {
            let _ = write!(self.fields, " {}={value}", field.name());
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn Debug) {
        if field.name() == "message" {
            let _ = write!(self.message, "{value:?}");
        } else {
            let _ = write!(self.fields, " {}={value:?}", field.name());
        }
    }
}

impl Subscriber for PageLog {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.is_event() && wanted(metadata.level(), metadata.target())
    }

    fn new_span(&self, _: &Attributes<'_>) -> Id {
        // Never called: no span is enabled.
        Id::from_u64(1)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let metadata = event.metadata();
        let mut line = Line::default();
        event.record(&mut line);
        let text =
            format!("{} {}: {}{}", metadata.level(), metadata.target(), line.message, line.fields);
        write(metadata.level(), &text);
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

impl log::Log for PageLog {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        let level = match metadata.level() {
            log::Level::Error => Level::ERROR,
            log::Level::Warn => Level::WARN,
            _ => Level::INFO,
        };
        wanted(&level, metadata.target())
    }

    fn log(&self, record: &log::Record<'_>) {
        let level = match record.level() {
            log::Level::Error => Level::ERROR,
            _ => Level::WARN,
        };
        if log::Log::enabled(self, record.metadata()) {
            write(&level, &format!("{} {}: {}", level, record.target(), record.args()));
        }
    }

    fn flush(&self) {}
}
