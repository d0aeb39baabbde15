//! The search: iterative deepening principal-variation search with a Zobrist-keyed
//! transposition table, killer and history move ordering, capture-only quiescence (no
//! standing pat while a capture is compulsory), and repetition and 40-move awareness.
//!
//! It reads no clock: it stops at a node budget, or when the caller's `stop` says so
//! (checked every 1024 nodes; the command line turns a time limit into that). With the
//! same position, history, depth and node budget it returns the same move everywhere.

use super::eval::evaluate;
use super::game::{Draughts, QUIET_PLIES_FOR_DRAW};
use super::moves::{Move, Moves, apply, generate, has_capture};
use super::position::Position;
use super::zobrist::key;

/// A won position's score (minus the plies to reach it).
pub const WIN: i32 = 30_000;
const INFINITY: i32 = 32_000;
const MAX_PLY: usize = 128;
const TABLE_BITS: u32 = 18;

/// How far a search may go.
pub struct Budget<'a> {
    /// Deepest iteration.
    pub depth: u32,
    /// Nodes after which the search stops (finishing with the last full iteration).
    pub nodes: u64,
    /// Asked every 1024 nodes whether to stop (a time limit, in play).
    pub stop: Option<&'a dyn Fn() -> bool>,
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The best move.
    pub best: Move,
    /// Its score for the side to move.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// A position being searched, with its key and its plies since a capture or man move.
#[derive(Clone, Copy)]
struct Node<'a> {
    pos: &'a Position,
    key: u64,
    quiet: u32,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    best: Move,
    score: i16,
    depth: i8,
    bound: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// A searcher, reusable across moves (its tables are cleared for each search, so a
/// search depends only on its arguments).
pub struct Searcher {
    table: Vec<Entry>,
    killers: [[Move; 2]; MAX_PLY],
    history: [[u32; 32]; 32],
    path: Vec<u64>,
    nodes: u64,
    limit: u64,
    stopped: bool,
    /// The best move found at the root in the iteration under way.
    root_best: Option<Move>,
    lists: Option<Vec<Moves>>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher {
            table: vec![Entry::default(); 1 << TABLE_BITS],
            killers: [[Move::default(); 2]; MAX_PLY],
            history: [[0; 32]; 32],
            path: Vec::with_capacity(256),
            nodes: 0,
            limit: u64::MAX,
            stopped: false,
            root_best: None,
            lists: Some((0..MAX_PLY + 1).map(|_| Moves::default()).collect()),
        }
    }
}

impl Searcher {
    /// Searches `game`'s position within `budget`. `None` when there is no legal move.
    pub fn search(&mut self, game: &Draughts, budget: &Budget<'_>) -> Option<Found> {
        self.table.iter_mut().for_each(|e| *e = Entry::default());
        self.killers = [[Move::default(); 2]; MAX_PLY];
        self.history = [[0; 32]; 32];
        self.nodes = 0;
        self.limit = budget.nodes;
        self.stopped = false;
        let mut root = Moves::default();
        generate(&game.position, false, &mut root);
        let first = *root.as_slice().first()?;
        let mut found = Found { best: first, score: 0, depth: 0, nodes: 0 };
        let root_key = key(&game.position);
        let mut lists = self.lists.take().expect("the searcher's move lists");
        for depth in 1..=budget.depth.max(1) {
            self.path.clear();
            self.path.extend_from_slice(game.history());
            let at = Node { pos: &game.position, key: root_key, quiet: game.quiet };
            self.root_best = None;
            let score = self.node(at, depth as i32, 0, -INFINITY, INFINITY, budget, &mut lists);
            if self.stopped {
                break;
            }
            // The root's own record, not the table's: a table slot can be overwritten.
            let best = self.root_best.unwrap_or(first);
            found = Found { best, score, depth, nodes: self.nodes };
            if score.abs() > WIN - MAX_PLY as i32 {
                break;
            }
        }
        self.lists = Some(lists);
        found.nodes = self.nodes;
        Some(found)
    }

    fn probe(&self, k: u64) -> Option<Entry> {
        let e = self.table[(k as usize) & ((1 << TABLE_BITS) - 1)];
        (e.key == k && e.bound != 0).then_some(e)
    }

    fn store(&mut self, k: u64, best: Move, score: i32, depth: i32, bound: u8) {
        let slot = &mut self.table[(k as usize) & ((1 << TABLE_BITS) - 1)];
        if slot.key != k || depth as i8 >= slot.depth {
            *slot = Entry { key: k, best, score: score as i16, depth: depth as i8, bound };
        }
    }

    fn tick(&mut self, budget: &Budget<'_>) {
        self.nodes += 1;
        let asked_to_stop =
            || self.nodes.is_multiple_of(1024) && budget.stop.is_some_and(|stop| stop());
        if self.nodes >= self.limit || asked_to_stop() {
            self.stopped = true;
        }
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "a negamax node's position, depth, ply and window are what change per call"
    )]
    fn node(
        &mut self,
        at: Node<'_>,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        budget: &Budget<'_>,
        lists: &mut [Moves],
    ) -> i32 {
        self.tick(budget);
        if self.stopped {
            return 0;
        }
        let Node { pos, key: k, quiet } = at;
        if ply > 0 {
            // The 40-move rule, or a position repeated since the last capture or man move
            // (keys include the side to move): a draw (CK-10).
            let n = self.path.len();
            let since = &self.path[n.saturating_sub(quiet as usize + 1)..n - 1];
            if quiet >= QUIET_PLIES_FOR_DRAW || since.contains(&k) {
                return 0;
            }
        }
        let capture = has_capture(pos);
        if depth <= 0 && !capture {
            return evaluate(pos);
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        let tt = self.probe(k);
        if let Some(e) = tt
            && ply > 0
            && e.depth as i32 >= depth
        {
            let s = e.score as i32;
            let usable = match e.bound {
                EXACT => true,
                LOWER => s >= beta,
                _ => s <= alpha,
            };
            if usable {
                return s;
            }
        }
        let (list, deeper) = lists.split_first_mut().expect("a move list per ply");
        generate(pos, false, list);
        if list.is_empty() {
            return -(WIN - ply as i32);
        }
        let order = self.order(list, tt.map(|e| e.best), ply);
        let mut best_score = -INFINITY;
        let mut best_move = list.as_slice()[order[0] as usize];
        let original_alpha = alpha;
        // Capture-only quiescence below the horizon: no standing pat while forced.
        let next_depth = depth - 1;
        for (i, &idx) in order.iter().take(list.len()).enumerate() {
            let m = list.as_slice()[idx as usize];
            let child = apply(pos, &m);
            let man_moved = pos.kings & (1 << m.from) == 0;
            let child_quiet = if m.is_capture() || man_moved { 0 } else { quiet + 1 };
            let child_key = super::zobrist::after(pos, &m, k);
            let next = Node { pos: &child, key: child_key, quiet: child_quiet };
            self.path.push(child_key);
            let mut score;
            if i == 0 {
                score = -self.node(next, next_depth, ply + 1, -beta, -alpha, budget, deeper);
            } else {
                score = -self.node(next, next_depth, ply + 1, -alpha - 1, -alpha, budget, deeper);
                if score > alpha && score < beta {
                    score = -self.node(next, next_depth, ply + 1, -beta, -alpha, budget, deeper);
                }
            }
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
                if ply == 0 {
                    self.root_best = Some(m);
                }
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !m.is_capture() {
                    let killers = &mut self.killers[ply];
                    if killers[0] != m {
                        killers[1] = killers[0];
                        killers[0] = m;
                    }
                    let h = &mut self.history[m.from as usize][m.to as usize];
                    *h = h.saturating_add((depth.max(1) * depth.max(1)) as u32);
                }
                break;
            }
        }
        let bound = if best_score <= original_alpha {
            UPPER
        } else if best_score >= beta {
            LOWER
        } else {
            EXACT
        };
        if !capture || depth > 0 {
            self.store(k, best_move, best_score, depth.max(0), bound);
        }
        best_score
    }

    /// Move indices in search order: the table's move, captures, killers, then by history.
    fn order(
        &self,
        list: &Moves,
        tt_move: Option<Move>,
        ply: usize,
    ) -> [u8; super::moves::MAX_MOVES] {
        let mut keyed = [(0u32, 0u8); super::moves::MAX_MOVES];
        for (i, m) in list.as_slice().iter().enumerate() {
            let rank = if Some(*m) == tt_move {
                u32::MAX
            } else if m.is_capture() {
                u32::MAX - 10 + m.jumps as u32
            } else if self.killers[ply].contains(m) {
                u32::MAX - 20
            } else {
                self.history[m.from as usize][m.to as usize]
            };
            keyed[i] = (rank, i as u8);
        }
        let keyed = &mut keyed[..list.len()];
        keyed.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut order = [0u8; super::moves::MAX_MOVES];
        for (slot, &(_, i)) in order.iter_mut().zip(keyed.iter()) {
            *slot = i;
        }
        order
    }
}
