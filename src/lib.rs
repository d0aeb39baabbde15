//! carrom: the game's library. The deterministic core (`sim`) builds without the
//! `client` feature, for every target; the headless commands' formats (`scenario`) sit
//! at its edge.
//!
//! Carrom in three variants (Classic, Disc Pool, Freestyle) and English draughts, against
//! a bot, on one machine, online peer to peer, or on a LAN, on the desktop or in a
//! browser. There is no game server: peers exchange only their inputs, and every peer
//! simulates every stroke itself, bit for bit the same, under GGRS rollback over WebRTC
//! data channels; a small signaling server (the `carrom-signaling` package in
//! `signaling/`) only introduces them. That works because the physics is bit-deterministic:
//! fixed-point integers, no floats.
//!
//! # Where things are written down
//!
//! - How to play, and the two commands (`cargo run --release`, `cargo test --workspace`):
//!   the top-level `README.md`.
//! - Running the signaling server: `signaling/README.md`.
//! - The contracts the code cites: `src/rules/RULES.md` (rule ids such as CM-4 or FS-5,
//!   which tests are named after), `src/sim/PHYSICS.md` (board, equipment and physics) and
//!   `src/ARCHITECTURE.md` (the design, with where the code departs from it and why).
//! - Everything else: the module docs here (`cargo doc --open`, or the `//!` comments at
//!   the top of each file). The client's modules are private to the crate; read them in
//!   the source, or with `cargo doc --document-private-items`.
//!
//! Entry points: [`game::advance()`] steps a carrom match one 60 Hz frame;
//! [`draughts::generate`] lists a draughts position's moves; [`scenario::simulate()`] and
//! [`scenario::referee()`] run the headless commands' files; [`record::MatchRecord::verify`]
//! replays a match record against its hashes; [`determinism::fnv1a64`] is the state hash
//! every comparison uses. Their module pages have examples that run as tests.
//!
//! # Layout
//!
//! ```text
//! src/determinism/ what the core shares: the FNV-1a state hash and the seeded SplitMix mix
//! src/sim/       the deterministic carrom core (no Bevy, no floats, no I/O)
//! src/rules/     the referees: Classic, Disc Pool, Freestyle, the match state (pure)
//! src/game/      the per-frame game step: Match, Input, advance (pure)
//! src/draughts/  English draughts: moves, perft, PDN/FEN, draw rules, search, and the game
//!                stepped under rollback (turns.rs) (pure)
//! src/bot/       the carrom bot: candidates, simulation, referee-judged choice, the seeded
//!                random stroke (pure)
//! src/scenario/  the headless commands' JSON formats (the float ↔ integer edge)
//! src/record/    match records: carrom's inputs that changed the match, draughts' moves,
//!                boundary hashes; verify and seek (no I/O)
//! src/net/       online play's parts: the GGRS session, the safe socket adapter, the
//!                watched signaling connection, rooms, the hello, a draughts turn in an
//!                input, the desync record, reconnecting, the stream to watchers and the
//!                watcher's connection; lan/ (the in-process server, mDNS announcement and
//!                browsing, the listing, asking a host by address)
//! src/client/    the Bevy client: flow (states), screens, hosts (local, lobby, rollback
//!                for either game, records, replays, watching, rejoining), board (what
//!                both boards share), carrom and draughts (each game's board, input, HUD
//!                and views), persistence, ui, checks (CI's smoke run, language tour and
//!                layout audit), words (languages, right-to-left mirroring), audio,
//!                headless (carrom peer), page (the browser build)
//! src/cli/       the `carrom` command line, one file per command; src/main.rs dispatches
//! assets/        fonts (Noto, OFL) and locales/ (one Fluent file per language)
//! signaling/     carrom-signaling (lib + bin); the client shares its `code` module (invite
//!                codes) and runs the server itself to host a LAN game
//! tests/         four test binaries: core/ (runs on i686 and wasm32 too), commands/ (the
//!                command line and golden hashes), client/ (headless screens, the Xvfb
//!                window), net/ (SyncTest, real WebRTC peers, the browser); support/ is
//!                shared; golden/ holds the golden scenarios and hashes
//! benches/       criterion benches
//! scenarios/     example scenario files
//! scripts/       the cross-target check, golden hash tools, the WASI runner, the browser
//!                build, the import-cycle and system-header checks
//! web/           the browser page and its thinking worker
//! .ci/run        CI: installs what a fresh machine lacks, then every check
//! ```
//!
//! # The pure core
//!
//! The core ([`sim`], [`rules`], [`game`], [`draughts`], [`bot`], [`determinism`]) is kept
//! pure by the compiler, not by promise: each of those modules has
//! `#![forbid(unsafe_code)]` and
//! `#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]`,
//! and `clippy.toml` bans `HashMap`, `HashSet`, `Instant`, `SystemTime`, file and socket
//! types, and the clock, file, standard-stream, thread and environment calls; elsewhere the
//! packages' `[lints]` allow them. The core has no Bevy to import: it builds without the
//! `client` feature (`cargo build --lib --no-default-features`, for any target), which
//! the cross-target check does. CI's clippy run (`-D warnings`) fails on any breach.
//!
//! Built for the page (wasm32-unknown-unknown), nothing may call what the standard
//! library leaves unimplemented there (clippy.toml's methods): it would panic in the page.
//! So the library denies `clippy::disallowed_methods` for that target (the `cfg_attr`
//! attribute in `src/lib.rs`), and CI builds the page with clippy linting it.
//!
//! The cargo feature `client` (on by default) brings Bevy and networking. The stack is
//! pinned: bevy 0.19, bevy_ggrs 0.22, ggrs 0.13, matchbox_socket 0.15 (feature `ggrs`),
//! matchbox_signaling 0.15, bytemuck 1.
//!
//! # The command line
//!
//! `carrom` with no command opens the game (`--join CODE` joins a friend's match,
//! `--watch CODE` watches one, `--window-size WxH`; `--smoke-test DIR` and
//! `--language-test DIR` are the window tests' runs). `carrom --help` lists the commands,
//! each with its own `--help`:
//!
//! | command | what it does | described in |
//! |---|---|---|
//! | `simulate FILE` | plays a scenario's strokes, one JSON line each | [`scenario`] |
//! | `referee FILE` | adjudicates a match scenario stroke by stroke | [`scenario`] |
//! | `draughts perft`, `draughts play` | draughts move counts, engine games | [`draughts`] |
//! | `bot-match`, `bot-clear` | bot against bot, solo Disc Pool clearing | [`bot`] |
//! | `replay FILE` | verifies a match record or a desync record | [`record`] |
//! | `peer` | a headless peer: plays or watches a match online or on a LAN | `net` (`src/net/README.md`) |
//! | `lan-games` | lists the games hosted on this network | `net::lan` |
//! | `install-link-handler` | makes `carrom://join/CODE` links open the game | the top-level `README.md` |
//!
//! Game types, boards and levels are the names the files use (`classic`, `disc_pool`,
//! `freestyle`; `standard`, `icf`; `easy`, `medium`, `hard`, and `geometric` for
//! `bot-match` and `bot-clear`). `simulate`, `referee`, `draughts`, `bot-match`,
//! `bot-clear` and `replay` build without the `client` feature too. Every JSON line is
//! printed from a serde type. One exit-code policy holds for every command
//! (`src/cli/exit.rs`):
//!
//! | code | meaning |
//! |---|---|
//! | 0 | done (a match played to its end) |
//! | 1 | a failure while running: a server unreachable, players who never arrived, output that cannot be written |
//! | 2 | bad arguments or a bad input file (clap's usage errors too) |
//! | 3 | a forfeit: another player left the match |
//! | 4 | a desync: the peers' states (or a record and its replay) differ |
//!
//! # Benchmarks
//!
//! Criterion benches; none of them is part of `cargo test`:
//!
//! ```sh
//! cargo bench --bench physics                                   # break, mid-game stroke, rollback
//! cargo bench --bench game                                      # advance per frame, a whole match
//! cargo bench --bench draughts                                  # perft leaves/s, search nodes/s
//! cargo bench --bench resume                                    # proving a seat: ed25519 offers
//! cargo bench --features rapier-bench --bench versus_rapier     # the same break in rapier2d
//! ```
//!
//! On the project's 2-core machine (release), each group measured side by side in one run:
//!
//! | bench | time |
//! |---|---|
//! | full-power break to rest (61 frames, 19 pieces) | 39.8 µs |
//! | the same break in rapier2d 0.36 (`enhanced-determinism`, CCD) | 677.5 µs (17.0× slower) |
//! | typical mid-game stroke | 21.4 µs |
//! | rollback: restore a snapshot, re-simulate 8 frames of the break | 3.1 µs |
//! | `advance`: the busiest frame of the break | 20.0 µs |
//! | `advance`: a frame at rest (aiming) | 17 ns |
//! | a whole random Freestyle match, 2 players, real physics (38 241 frames) | 4.9 ms |
//! | draughts perft from the start, depth 9, bulk-counted | 106 M leaves/s (112 M counting every path) |
//! | draughts search from the opening | 4.4–5.1 M nodes/s; depth 15–16 in 1.5 s |
//! | carrom bot, strokes simulated per second (easy / medium / hard) | 48 k / 37 k / 32 k; per move 40 / 600 / ≈ 14 200 (hard 0.44 s mean, 0.87 s worst) |
//!
//! The rapier scene uses the same rack, radii, masses, restitutions, time step and Coulomb
//! deceleration; it has no pockets, which favours it slightly. The signaling server's load
//! figures are in `signaling/README.md`.
//!
//! Not criterion, but measured the same way on that machine (release):
//!
//! | what | figure |
//! |---|---|
//! | client under Xvfb + lavapipe (software Vulkan), 1280×800: launch to first frame | 0.31–0.51 s (median 0.35 s; 0.45 s before the painted look) |
//! | the main thread's CPU time per frame during a full-power stroke (median of five runs, each the median frame) | 2.70 ms (2.56 ms before the painted look: 1.05×) |
//! | frame time during that stroke (five runs) | 95–121 ms mean, median 102.5 (86 before the look: 1.19×; lavapipe rasterising on the CPU is the bound) |
//! | the simulation's share of those frames: `advance` per step | 2.8–3.0 µs mean, 41–43 µs worst |
//! | client memory (RSS) after the stroke, 1280×800 | 289–290 MiB (272 MiB before the look: 1.07×; 441 MiB once Home has been shown at 1920×1080) |
//! | two online peers, 60 frames/s, loopback: per peer | 2.1 KB/s sent, 0–0.2 rollbacks/s, worst re-simulation 26 µs, join to first frame 1.5 s |
//! | two peers on a LAN (two namespaces on a veth link), 60 frames/s, three runs each against online play on the same link through carrom-signaling | joiner's lobby to first frame 540–701 ms vs 784–981 ms (medians 0.78×); finding the game and asking it (process start to lobby) 1.35–1.45 s vs 0.21–0.57 s (process start alone); 2.03–2.07 KB/s sent vs 2.03–2.06 (1.00×) |
//! | the same under 10 % loss and 80 ± 20 ms delay | 3.4–3.5 KB/s, 0.24–1.04 rollbacks/s, worst re-simulation 38–51 µs, join to first frame 2.2–2.5 s |
//!
//! `carrom --smoke-test DIR` prints the client's figures; `carrom peer` prints the online
//! ones.
#![cfg_attr(all(target_arch = "wasm32", target_os = "unknown"), deny(clippy::disallowed_methods))]

pub mod bot;
#[cfg(feature = "client")]
pub mod client;
pub mod determinism;
pub mod draughts;
pub mod game;
#[cfg(feature = "client")]
pub mod net;
pub mod record;
pub mod rules;
pub mod scenario;
pub mod sim;
