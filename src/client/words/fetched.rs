//! The page's messages beyond English: English is built into the page, and each other
//! language's file is fetched from the page's server (`/assets/locales/CODE.ftl`) the
//! first time its words are wanted, then kept for the page's life. Until it arrives, or if
//! it cannot be had, the words are English's.

use super::language::Language;
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Where one language's file is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum File {
    /// Not asked for yet.
    Missing,
    /// On its way.
    Asked,
    /// Here (kept for the page's life, as the built-in English is).
    Arrived(&'static str),
    /// It could not be fetched: English stands in.
    Failed,
}

thread_local! {
    /// Each language's file, in [`Language::ALL`]'s order.
    static FILES: RefCell<[File; Language::ALL.len()]> =
        const { RefCell::new([File::Missing; Language::ALL.len()]) };
}

/// The slot of `language` in [`FILES`].
fn slot(language: Language) -> usize {
    Language::ALL.iter().position(|l| *l == language).unwrap_or(0)
}

/// `language`'s file, if it has arrived.
pub fn arrived(language: Language) -> Option<&'static str> {
    match FILES.with(|files| files.borrow()[slot(language)]) {
        File::Arrived(text) => Some(text),
        _ => None,
    }
}

/// Whether `language`'s file could not be fetched.
pub fn failed(language: Language) -> bool {
    FILES.with(|files| files.borrow()[slot(language)]) == File::Failed
}

/// Asks the page's server for `language`'s file, unless it was asked for already.
pub fn fetch(language: Language) {
    let asked = FILES.with(|files| {
        let file = &mut files.borrow_mut()[slot(language)];
        let missing = *file == File::Missing;
        if missing {
            *file = File::Asked;
        }
        missing
    });
    if !asked {
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let url = format!("/assets/locales/{}.ftl", language.code());
        let file = match text_at(&url).await {
            Ok(text) => {
                bevy::log::info!("carrom: the {} messages are in", language.code());
                File::Arrived(Box::leak(text.into_boxed_str()))
            }
            Err(why) => {
                bevy::log::warn!(
                    "carrom: the {} messages could not be fetched ({why}): English instead",
                    language.code()
                );
                File::Failed
            }
        };
        FILES.with(|files| files.borrow_mut()[slot(language)] = file);
    });
}

/// Why a file could not be fetched from the page's server (logged; English stands in).
#[derive(Debug, thiserror::Error)]
enum FetchError {
    /// The code runs in no page (a worker, say).
    #[error("no page")]
    NoPage,
    /// The browser could not ask, or read the answer; what it said.
    #[error("the browser said {0}")]
    Browser(String),
    /// The server answered with this HTTP status.
    #[error("HTTP {0}")]
    Status(u16),
    /// The answer was no text.
    #[error("not text")]
    NotText,
}

impl From<wasm_bindgen::JsValue> for FetchError {
    fn from(said: wasm_bindgen::JsValue) -> FetchError {
        FetchError::Browser(format!("{said:?}"))
    }
}

/// The text the page's server answers for `url`.
async fn text_at(url: &str) -> Result<String, FetchError> {
    let page = web_sys::window().ok_or(FetchError::NoPage)?;
    let answer = JsFuture::from(page.fetch_with_str(url)).await?;
    let answer: web_sys::Response = answer.dyn_into()?;
    if !answer.ok() {
        return Err(FetchError::Status(answer.status()));
    }
    let text = JsFuture::from(answer.text()?).await?;
    text.as_string().ok_or(FetchError::NotText)
}
