//! The computer's thinking, never on a frame: the carrom bot choosing a stroke and the
//! draughts computer choosing a move. On the desktop that is a task on Bevy's async
//! compute pool (threads of its own); a browser page has no threads, so there it is a Web
//! Worker running the same wasm module (`web/thinker.js`), asked and answered in bytes. A
//! page whose worker cannot start thinks on its own frames instead, and says so once.

use crate::bot::{BotLevel, choose};
use crate::draughts::level::{self as draughts_level, Level};
use crate::draughts::search::Searcher;
use crate::draughts::{Draughts, Move, Moves};
use crate::game::Match;
use crate::sim::Stroke;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use std::sync::atomic::{AtomicUsize, Ordering};
use web_time::{Duration, Instant};

/// Questions being thought about now.
static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);

/// Whether the computer is thinking now (the page measures its frames meanwhile).
#[cfg(target_arch = "wasm32")]
pub fn under_way() -> bool {
    IN_FLIGHT.load(Ordering::Relaxed) > 0
}

/// Counts one question in flight for as long as it lives.
struct InFlight;

impl InFlight {
    fn new() -> InFlight {
        IN_FLIGHT.fetch_add(1, Ordering::Relaxed);
        InFlight
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        IN_FLIGHT.fetch_sub(1, Ordering::Relaxed);
    }
}

/// What the draughts computer is asked: the position, its strength, the seed of easy's
/// slips, the node budget and hard's time limit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DraughtsQuestion {
    /// The position, the computer to move.
    pub game: Draughts,
    /// Its strength.
    pub level: Level,
    /// The game's seed.
    pub seed: u64,
    /// Nodes hard may search.
    pub nodes: u64,
    /// Hard's time limit, if any.
    pub limit: Option<Duration>,
}

/// Chooses the bot's stroke in `m`, off the frame.
pub fn stroke_for(m: Match, level: BotLevel) -> Task<Stroke> {
    let counted = InFlight::new();
    AsyncComputeTaskPool::get().spawn(async move {
        let _counted = counted;
        let answer = ask(&carrom_question(&m, level)).await;
        answer.and_then(|a| read_stroke(&a)).unwrap_or_else(|| choose(&m, level, None).stroke)
    })
}

/// Chooses the draughts computer's move, off the frame (`None`: there is none).
pub fn move_for(question: DraughtsQuestion) -> Task<Option<Move>> {
    let counted = InFlight::new();
    AsyncComputeTaskPool::get().spawn(async move {
        let _counted = counted;
        match ask(&draughts_question(&question)).await {
            Some(answer) => read_move(&question.game, &answer),
            None => think_draughts(&question),
        }
    })
}

/// The answer to `question`, thought here: on the desktop this task has a thread of its
/// own. (The question goes in bytes all the same, so the desktop plays every bot stroke
/// through the code a page's worker runs.)
#[cfg(not(target_arch = "wasm32"))]
async fn ask(question: &[u8]) -> Option<Vec<u8>> {
    let answer = answer(question);
    (!answer.is_empty()).then_some(answer)
}

#[cfg(target_arch = "wasm32")]
pub use page::without_a_worker;

/// The answer to `question`, from the page's worker.
#[cfg(target_arch = "wasm32")]
async fn ask(question: &[u8]) -> Option<Vec<u8>> {
    page::ask(question).await
}

/// The draughts search itself.
fn think_draughts(question: &DraughtsQuestion) -> Option<Move> {
    let started = Instant::now();
    let limit = question.limit;
    let out_of_time = move || limit.is_some_and(|l| started.elapsed() >= l);
    let mut searcher = Searcher::default();
    let (game, level, seed, nodes) =
        (&question.game, question.level, question.seed, question.nodes);
    draughts_level::choose(&mut searcher, game, level, seed, nodes, Some(&out_of_time))
}

/// A question's first byte: which computer is asked.
const CARROM: u8 = 1;
const DRAUGHTS: u8 = 2;

fn bot_level_byte(level: BotLevel) -> u8 {
    match level {
        BotLevel::Easy => 0,
        BotLevel::Medium => 1,
        BotLevel::Hard => 2,
    }
}

fn bot_level_of(byte: u8) -> Option<BotLevel> {
    [BotLevel::Easy, BotLevel::Medium, BotLevel::Hard].get(usize::from(byte)).copied()
}

fn level_byte(level: Level) -> u8 {
    match level {
        Level::Easy => 0,
        Level::Medium => 1,
        Level::Hard => 2,
    }
}

fn level_of(byte: u8) -> Option<Level> {
    [Level::Easy, Level::Medium, Level::Hard].get(usize::from(byte)).copied()
}

/// `[CARROM, level, match...]`.
pub fn carrom_question(m: &Match, level: BotLevel) -> Vec<u8> {
    let mut bytes = vec![CARROM, bot_level_byte(level)];
    bytes.extend_from_slice(bytemuck::bytes_of(m));
    bytes
}

/// `[DRAUGHTS, level, seed (8), nodes (8), limit ms (4, 0: none), position...]`.
pub fn draughts_question(q: &DraughtsQuestion) -> Vec<u8> {
    let mut bytes = vec![DRAUGHTS, level_byte(q.level)];
    bytes.extend_from_slice(&q.seed.to_le_bytes());
    bytes.extend_from_slice(&q.nodes.to_le_bytes());
    let limit = q.limit.map_or(0, |l| l.as_millis().clamp(1, u128::from(u32::MAX)) as u32);
    bytes.extend_from_slice(&limit.to_le_bytes());
    bytes.extend_from_slice(bytemuck::bytes_of(&q.game));
    bytes
}

/// The answer to a question in bytes (what the worker runs); empty for a question that
/// does not read.
pub fn answer(question: &[u8]) -> Vec<u8> {
    match question.split_first() {
        Some((&CARROM, rest)) => {
            let Some((&level, state)) = rest.split_first() else { return Vec::new() };
            let (Some(level), Ok(m)) =
                (bot_level_of(level), bytemuck::try_pod_read_unaligned::<Match>(state))
            else {
                return Vec::new();
            };
            let stroke = choose(&m, level, None).stroke;
            let mut bytes = stroke.placement.to_le_bytes().to_vec();
            bytes.extend_from_slice(&stroke.angle.to_le_bytes());
            bytes.extend_from_slice(&stroke.power.to_le_bytes());
            bytes
        }
        Some((&DRAUGHTS, rest)) if rest.len() > 21 => {
            let number = |at: usize, len: usize| {
                rest[at..at + len].iter().rev().fold(0u64, |n, b| (n << 8) | u64::from(*b))
            };
            let Ok(game) = bytemuck::try_pod_read_unaligned::<Draughts>(&rest[21..]) else {
                return Vec::new();
            };
            let Some(level) = level_of(rest[0]) else { return Vec::new() };
            let limit = number(17, 4);
            let question = DraughtsQuestion {
                game,
                level,
                seed: number(1, 8),
                nodes: number(9, 8),
                limit: (limit > 0).then(|| Duration::from_millis(limit)),
            };
            match think_draughts(&question) {
                None => vec![0],
                Some(found) => {
                    let mut legal = Moves::default();
                    game.moves(&mut legal);
                    let index = legal.as_slice().iter().position(|m| *m == found).unwrap_or(0);
                    let mut bytes = vec![1];
                    bytes.extend_from_slice(&(index as u16).to_le_bytes());
                    bytes
                }
            }
        }
        _ => Vec::new(),
    }
}

/// The stroke in a carrom answer.
pub fn read_stroke(answer: &[u8]) -> Option<Stroke> {
    let field = |at: usize| answer.get(at..at + 2).map(|b| [b[0], b[1]]);
    Some(Stroke {
        placement: i16::from_le_bytes(field(0)?),
        angle: u16::from_le_bytes(field(2)?),
        power: u16::from_le_bytes(field(4)?),
    })
}

/// The move in a draughts answer, one of `game`'s legal moves (`None`: there is none).
pub fn read_move(game: &Draughts, answer: &[u8]) -> Option<Move> {
    if answer.first() != Some(&1) {
        return None;
    }
    let index = u16::from_le_bytes([*answer.get(1)?, *answer.get(2)?]);
    let mut legal = Moves::default();
    game.moves(&mut legal);
    legal.as_slice().get(usize::from(index)).copied()
}

/// The page's side: one worker, started on the first question.
#[cfg(target_arch = "wasm32")]
mod page {
    use bevy::prelude::*;
    use js_sys::{Array, Promise, Uint8Array};
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{MessageChannel, MessageEvent, Worker, WorkerOptions, WorkerType};

    thread_local! {
        /// The worker, or why there is none (then the page thinks on its own frames).
        static WORKER: RefCell<Option<Result<Worker, NoWorker>>> = const { RefCell::new(None) };
    }

    /// Why the page thinks on its own frames.
    #[derive(Clone, Debug, thiserror::Error)]
    enum NoWorker {
        /// The page was told to (`?think=page`).
        #[error("the page was asked to")]
        Asked,
        /// The browser would not start one; what it said.
        #[error("the browser said {0}")]
        Refused(String),
        /// It started, and failed on a question (its script missing, its module broken).
        #[error("it failed")]
        Failed,
    }

    /// Has the page think on its own frames, not in a worker (`?think=page`: to measure
    /// what the worker spares the frames).
    pub fn without_a_worker() {
        WORKER.with(|cell| *cell.borrow_mut() = Some(Err(NoWorker::Asked)));
    }

    /// What the worker runs: the answer to `question`.
    #[wasm_bindgen]
    pub fn carrom_think(question: &[u8]) -> Vec<u8> {
        super::answer(question)
    }

    fn worker() -> Result<Worker, NoWorker> {
        WORKER.with(|cell| {
            let mut cell = cell.borrow_mut();
            cell.get_or_insert_with(|| {
                let options = WorkerOptions::new();
                options.set_type(WorkerType::Module);
                let started = Worker::new_with_options("/thinker.js", &options)
                    .map_err(|e| NoWorker::Refused(format!("{e:?}")));
                match &started {
                    Ok(_) => info!("carrom: the computer thinks in a worker"),
                    Err(why) => {
                        warn!("carrom: the computer thinks on the page's own frames: no worker ({why})")
                    }
                }
                started
            })
            .clone()
        })
    }

    /// Asks the worker; `None` when there is no worker or it failed (a worker that fails
    /// once — its script missing, its module broken — is not asked again).
    pub async fn ask(question: &[u8]) -> Option<Vec<u8>> {
        let worker = worker().ok()?;
        let channel = MessageChannel::new().ok()?;
        let reply = channel.port1();
        let mut settle = None;
        let answered = Promise::new(&mut |resolve, _| {
            reply.set_onmessage(Some(&resolve));
            let _ = worker.add_event_listener_with_callback("error", &resolve);
            settle = Some(resolve);
        });
        let transfer = Array::of1(&channel.port2());
        worker.post_message_with_transfer(&Uint8Array::from(question), &transfer).ok()?;
        let settled = JsFuture::from(answered).await.ok();
        reply.close();
        if let Some(settle) = settle {
            let _ = worker.remove_event_listener_with_callback("error", &settle);
        }
        let Some(event) = settled.and_then(|e| e.dyn_into::<MessageEvent>().ok()) else {
            warn!("carrom: the computer's worker failed: it thinks on the page's own frames");
            WORKER.with(|cell| *cell.borrow_mut() = Some(Err(NoWorker::Failed)));
            return None;
        };
        let answer = Uint8Array::new(&event.data()).to_vec();
        (!answer.is_empty()).then_some(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Settings, Variant};
    use crate::sim::PresetId;

    #[test]
    fn a_carrom_question_answered_in_bytes_is_the_stroke_thought_here() {
        let settings = Settings::new(Variant::Classic, 2, PresetId::Standard, 0, 5).unwrap();
        let m = Match::new(settings);
        let answer = answer(&carrom_question(&m, BotLevel::Easy));
        assert_eq!(read_stroke(&answer), Some(choose(&m, BotLevel::Easy, None).stroke));
    }

    #[test]
    fn a_draughts_question_answered_in_bytes_is_the_move_thought_here() {
        let question = DraughtsQuestion {
            game: Draughts::new(),
            level: Level::Hard,
            seed: 9,
            nodes: 20_000,
            limit: None,
        };
        let answer = answer(&draughts_question(&question));
        let found = read_move(&question.game, &answer);
        assert!(found.is_some());
        assert_eq!(found, think_draughts(&question));
    }

    #[test]
    fn questions_that_do_not_read_get_no_answer() {
        for garbage in [&[][..], &[1], &[1, 9, 0, 0], &[2, 0, 1], &[7, 7, 7]] {
            assert!(answer(garbage).is_empty(), "{garbage:?}");
        }
        assert_eq!(read_stroke(&[1, 2]), None);
        assert_eq!(read_move(&Draughts::new(), &[1, 200, 0]), None, "no 200th move");
        assert_eq!(read_move(&Draughts::new(), &[0]), None);
    }
}
