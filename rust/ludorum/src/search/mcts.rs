//! UCT Monte Carlo tree search with a value per player (max^n), random rollouts cut at
//! `rollout_plies` and then scored by the game's [`Evaluation`](crate::Evaluation), tree reuse
//! between moves, and root parallelism over threads (each thread searches its own tree from its
//! own seed; the root statistics are summed), so that a seed and a thread count always give the
//! same move.
//!
//! The exploration constant and the rollout cut default to the game's own
//! ([`SearchFacts`](crate::core::facts::SearchFacts)), so that a search without settings suits
//! the game it plays.
//!
//! For a game with hidden information the search is information-set MCTS (single observer):
//! every simulation starts from a world drawn by
//! [`resample`](crate::HiddenInformation::resample) for the searching player, and the tree's
//! edges are the moves as that player sees them (another player's moves by their
//! [`viewer_key`](crate::HiddenInformation::viewer_key), a number), so the search never reads
//! what its player may not know. A child's exploration term counts the simulations in which it
//! was available. A node with more than [`LISTED_MOVES`] legal moves (Armadora's thousands of
//! palisade pairs) widens progressively: it gains a child, a random legal move of the world at
//! hand, only while it has fewer than `WIDENING * sqrt(visits + 1)`, so that a search of a
//! thousand simulations compares a few dozen moves well rather than every move once.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError, TryLockError};
use std::time::{Duration, Instant};

use crate::core::game::Game;
use crate::core::hidden::Hidden;
use crate::core::rng::{mix, SplitMix64};

/// The parameters of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Simulations per move, over all threads.
    pub simulations: u32,
    /// The exploration constant of UCT (values are in `[-1, 1]`); `None`: the game's
    /// ([`SearchFacts::exploration`](crate::core::facts::SearchFacts::exploration)).
    pub c: Option<f64>,
    /// Random plies after the tree before the game's evaluation scores the position; `None`:
    /// the game's cut ([`SearchFacts::rollout_plies`](crate::core::facts::SearchFacts)).
    /// `Some(u32::MAX)` plays rollouts to the end (the game's simulation cap still applies).
    pub rollout_plies: Option<u32>,
    /// The seed; thread `t` searches with its own stream drawn from it.
    pub seed: u64,
    /// Threads searching in parallel (root parallelism).
    pub threads: usize,
    /// Stop early when this much time has passed (results then depend on timing).
    pub time_limit: Option<Duration>,
    /// Information-set search even for a game of perfect information (it is always used for
    /// games with hidden information).
    pub information_sets: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self {
            simulations: 1000,
            c: None,
            rollout_plies: None,
            seed: 0,
            threads: 1,
            time_limit: None,
            information_sets: false,
        }
    }
}

/// One searched move of the root: how often it was visited and its mean value per player.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchedMove<M> {
    /// The move.
    pub mv: M,
    /// Simulations through it.
    pub visits: u32,
    /// Mean value per player of those simulations, in `[-1, 1]`.
    pub values: Vec<f64>,
    /// The move ends the game at once with the player to move its sole winner.
    pub wins: bool,
}

/// What a search found: every root move, most visited first.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    /// The root moves: those that win at once first, then the most visited (ties: higher
    /// value for the player to move, then lower action id).
    pub moves: Vec<SearchedMove<M>>,
    /// Simulations behind these statistics: those of this search and, when the tree was kept
    /// from earlier moves, those that went through this position before.
    pub simulations: u32,
}

const NO_NODE: u32 = u32::MAX;

/// How long the calling thread, with no tree left free to run, waits awake for the other
/// threads' trees before it yields its core at each look.
const AWAKE_FOR_THE_OTHER_TREES: Duration = Duration::from_micros(500);

/// When one thread's search ends: after `budget` simulations, at `deadline`, or soon after
/// `stop` is set (after at least one simulation).
struct Ends<'a> {
    budget: u32,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
}

/// A tree's share of the simulations is run this many chunks at a time (at least
/// [`MIN_CHUNK`] simulations each), so that the calling thread can run the first chunks of a
/// tree whose thread has not woken yet.
const CHUNKS_PER_TREE: u32 = 16;

/// The fewest simulations in a chunk: a chunk costs a lock attempt per tree and a few
/// allocations, and the search looks at its deadline every 16 simulations of a chunk.
const MIN_CHUNK: u32 = 32;

/// One search's trees and what the threads searching them share.
///
/// Each tree has its share of the simulations and its own random stream, so its simulations
/// are the same whichever thread runs them, a chunk at a time. Each thread has a tree of its
/// own (its home); until a tree's thread has come, the other threads run its chunks too, taking
/// whichever free tree has the most simulations left. A pool thread that wakes late (tens of
/// microseconds on a quiet 2-core machine, at times milliseconds on a busy one) thus finds
/// its tree as far along as the calling thread's, rather than the calling thread waiting the
/// whole delay at the end; and the calling thread never waits for a pool thread with nothing
/// left to do. Once a tree's thread has come, the tree stays with it, as a tree moved to
/// another core would have to be fetched into that core's caches again.
struct Work<G: Game> {
    /// The parameters (its own trees are empty).
    searcher: Mcts<G>,
    game: G,
    viewer: usize,
    info: bool,
    decisive: Decisive,
    /// The keys of the moves from the start, for tree reuse.
    history_keys: Vec<u64>,
    deadline: Option<Instant>,
    /// Simulations in a chunk.
    chunk: u32,
    trees: Vec<Slot<G>>,
    /// Trees with nothing left to run.
    finished: AtomicUsize,
    /// The search ends early (`stop` or the deadline): each tree stops after its first simulation.
    ended: AtomicBool,
    /// A pool thread panicked.
    panicked: AtomicBool,
    /// Tests: the first tree's chunks panic.
    #[cfg(test)]
    panics: bool,
}

/// A tree of a search, with its share of the simulations.
struct Slot<G: Game> {
    share: Mutex<Share<G>>,
    /// The tree's own thread has taken it: no other thread runs its chunks.
    came: AtomicBool,
    /// Nothing is left to run.
    done: AtomicBool,
}

struct Share<G: Game> {
    tree: Tree<G>,
    /// Simulations still to run.
    left: u32,
    /// Simulations run in this search.
    ran: u32,
    /// The tree's root is the searched position (see [`Mcts::find_root`]).
    rooted: bool,
}

impl<G: Game> Work<G> {
    /// Runs chunks of tree `home` and of trees whose threads have not come, until no tree is
    /// left to run. The calling thread (`caller`) then waits, awake and polling `stop`, for
    /// the trees other threads are running; a pool thread (whose `stop` is `ended`) leaves.
    fn help(&self, home: usize, stop: &AtomicBool, caller: bool) {
        let n = self.trees.len();
        let mut waiting: Option<Instant> = None;
        while self.finished.load(Ordering::Acquire) < n {
            if caller && self.panicked.load(Ordering::Acquire) {
                panic!("a search thread panicked");
            }
            let mut best: Option<(usize, MutexGuard<'_, Share<G>>)> = None;
            let mut home_busy = false;
            // Home first, so that it wins a tie.
            for k in (0..n).map(|i| (home + i) % n) {
                let slot = &self.trees[k];
                if slot.done.load(Ordering::Acquire)
                    || k != home && slot.came.load(Ordering::Acquire)
                {
                    continue;
                }
                let share = match slot.share.try_lock() {
                    Ok(share) => share,
                    Err(TryLockError::WouldBlock) => {
                        home_busy |= k == home;
                        continue;
                    }
                    Err(TryLockError::Poisoned(_)) if caller => {
                        panic!("a search thread panicked")
                    }
                    Err(TryLockError::Poisoned(_)) => return,
                };
                if share.left > 0 && best.as_ref().is_none_or(|(_, b)| share.left > b.left) {
                    best = Some((k, share));
                }
            }
            match best {
                Some((k, mut share)) => {
                    waiting = None;
                    if k == home {
                        self.trees[k].came.store(true, Ordering::Release);
                    }
                    if self.run_chunk(k, &mut share, stop) {
                        self.trees[k].done.store(true, Ordering::Release);
                        self.finished.fetch_add(1, Ordering::Release);
                    }
                }
                None if caller || home_busy => {
                    // The last chunks of the other trees (or of home, run by another thread
                    // before this one came) are running: wait awake for a while rather than
                    // yield the core, since getting it back costs tens of microseconds.
                    if caller && crate::core::watch::stopped(stop) {
                        self.ended.store(true, Ordering::Relaxed);
                    }
                    if waiting.get_or_insert_with(Instant::now).elapsed()
                        < AWAKE_FOR_THE_OTHER_TREES
                    {
                        std::hint::spin_loop();
                    } else {
                        std::thread::yield_now();
                    }
                }
                None => return,
            }
        }
    }

    /// Runs the next chunk of a tree's share; whether nothing is left to run.
    fn run_chunk(&self, k: usize, share: &mut Share<G>, stop: &AtomicBool) -> bool {
        #[cfg(test)]
        assert!(!(self.panics && k == 0), "the test's panic");
        #[cfg(not(test))]
        let _ = k;
        if !share.rooted {
            Mcts::find_root(&mut share.tree, &self.history_keys);
            share.rooted = true;
        }
        let ended = self.ended.load(Ordering::Relaxed);
        // After the end, a tree that has not run yet still runs one simulation.
        let budget = if ended {
            u32::from(share.ran == 0)
        } else {
            share.left.min(self.chunk)
        };
        let ran = if budget == 0 {
            0
        } else {
            let ends = Ends {
                budget,
                deadline: self.deadline,
                stop,
            };
            let (viewer, info) = (self.viewer, self.info);
            self.searcher.search(
                &mut share.tree,
                &self.game,
                viewer,
                info,
                ends,
                &self.decisive,
            )
        };
        share.ran += ran;
        share.left -= ran;
        if ran < budget {
            self.ended.store(true, Ordering::Relaxed);
        }
        if share.left == 0 || ended || ran < budget {
            share.left = 0;
            return true;
        }
        false
    }
}

/// The most moves a node may have for the look at moves that win at once (decisive moves),
/// which the root and its children take when they are made.
const DECISIVE_MOVES: usize = 256;

/// Which moves win at once at the root and at each of its children, worked out once per search
/// and shared by its threads. Each thread has a tree of its own (root parallelism) and makes
/// the same nodes near the root; the look costs a play and an undo per move, so that `b` root
/// moves cost `b²` plays in every tree, a share of the search that would not shrink as threads
/// are added. The flags depend on the position alone, so whichever thread works them out, the
/// search is the same.
struct Decisive {
    /// The root's legal moves by action id, ascending (the order of `legal_moves`).
    root_actions: Vec<u32>,
    /// The root's flags, one per legal move in order.
    root: OnceLock<Vec<bool>>,
    /// Per root move (as in `root_actions`): the flags of the moves after it.
    after: Vec<OnceLock<Vec<bool>>>,
}

impl Decisive {
    /// The table for a search from `game` (empty where the look is not taken).
    fn new<G: Game>(game: &G, info: bool) -> Self {
        let mut root_actions = Vec::new();
        if !info {
            game.legal_actions(&mut root_actions);
        }
        Self {
            after: root_actions.iter().map(|_| OnceLock::new()).collect(),
            root_actions,
            root: OnceLock::new(),
        }
    }

    /// The flags of `moves` (the legal moves of `state`, where `mover` is to move), reached
    /// from the root by `path` (its root move's action id, or none at the root); `None` deeper
    /// down or with too many moves.
    fn flags<G: Game>(
        &self,
        path: Option<u64>,
        state: &G,
        moves: &[G::Move],
        mover: usize,
    ) -> Option<&[bool]> {
        if moves.len() > DECISIVE_MOVES {
            return None;
        }
        let cell = match path {
            None => &self.root,
            Some(action) => {
                let at = self
                    .root_actions
                    .binary_search(&u32::try_from(action).ok()?)
                    .ok()?;
                &self.after[at]
            }
        };
        Some(cell.get_or_init(|| wins_at_once(state, moves, mover)))
    }
}

/// Per move of `moves` (legal in `state`, where `mover` is to move): whether it ends the game
/// with `mover` the sole winner. One copy, each move played and taken back on it.
pub(super) fn wins_at_once<G: Game>(state: &G, moves: &[G::Move], mover: usize) -> Vec<bool> {
    if !state.may_win_at_once() {
        return vec![false; moves.len()];
    }
    let mut scratch = state.clone();
    moves
        .iter()
        .map(|&mv| {
            scratch.play_unchecked(mv);
            let wins = scratch.outcome().is_some_and(|o| o.winners == 1 << mover);
            if scratch.undo().is_none() {
                // Undo is promised after `play_unchecked`; a fresh copy keeps the look right
                // whatever a game does.
                scratch = state.clone();
            }
            wins
        })
        .collect()
}

/// In information-set search, a node with at most this many legal moves in the world at hand
/// lists them all at every visit; a node with more widens progressively.
pub const LISTED_MOVES: usize = 32;

/// Progressive widening: a node of `n` visits has up to `WIDENING * sqrt(n + 1)` children.
const WIDENING: f64 = 2.0;

#[derive(Clone)]
struct Node<M> {
    /// The move into this node, as played in the world where the edge was made.
    mv: Option<M>,
    /// The edge's name: the action id, or for another player's move in information-set search
    /// a hash of how the searching player sees it.
    key: u64,
    visits: u32,
    /// Simulations in which the edge was legal (information-set search).
    available: u32,
    /// All children made (perfect information: every legal move at once).
    expanded: bool,
    /// The edge ends the game with its chooser the sole winner: selection takes it at once.
    wins: bool,
    children: Vec<u32>,
}

/// A node to expand in perfect-information search: its position, who moves there, where it
/// is (`Some(None)`: the root; `Some(Some(action))`: the root's child by that move; `None`:
/// deeper) and the threads' shared look at decisive moves.
struct Expansion<'a, G> {
    state: &'a G,
    mover: usize,
    near: Option<Option<u64>>,
    decisive: &'a Decisive,
}

/// Who searches and who moves at a node.
#[derive(Clone, Copy)]
struct Seat {
    viewer: usize,
    mover: usize,
}

/// One thread's tree. Aligned to two cache lines: the trees of a search sit side by side in one
/// `Vec`, and each thread writes its tree's random state and node count all the time, which
/// would otherwise make the cores fight over a line the two trees share (false sharing).
#[derive(Clone)]
#[repr(align(128))]
struct Tree<G: Game> {
    nodes: Vec<Node<G::Move>>,
    /// Sum of values per player, `players` per node.
    values: Vec<f64>,
    players: usize,
    /// The edge keys of the root's history, to find the root again in the next position.
    root_keys: Vec<u64>,
    rng: SplitMix64,
}

/// A search agent for one seat of one game type; it keeps its trees between moves.
#[derive(Clone)]
pub struct Mcts<G: Game> {
    config: MctsConfig,
    trees: Vec<Tree<G>>,
    /// Simulations per chunk of a tree's share, when not the default (tests: the search is the
    /// same however its chunks fall).
    chunk: Option<u32>,
    /// Tests: the first tree's chunks panic.
    #[cfg(test)]
    panics: bool,
}

impl<G: Game> Tree<G> {
    /// A tree with no node yet: [`Mcts::find_root`] makes its root on the thread that takes
    /// its first chunk, so that the tree's memory comes from a thread that searches it.
    fn new(players: usize, seed: u64) -> Self {
        Self {
            nodes: Vec::new(),
            values: Vec::new(),
            players,
            root_keys: Vec::new(),
            rng: SplitMix64::new(seed),
        }
    }

    fn add(&mut self, mv: Option<G::Move>, key: u64) -> u32 {
        self.nodes.push(Node {
            mv,
            key,
            visits: 0,
            available: 0,
            expanded: false,
            wins: false,
            children: Vec::new(),
        });
        self.values.extend(std::iter::repeat_n(0.0, self.players));
        (self.nodes.len() - 1) as u32
    }

    fn add_child(&mut self, parent: u32, mv: G::Move, key: u64) -> u32 {
        let child = self.add(Some(mv), key);
        self.nodes[parent as usize].children.push(child);
        child
    }

    fn find_child(&self, parent: u32, key: u64) -> Option<u32> {
        self.nodes[parent as usize]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c as usize].key == key)
    }

    fn mean(&self, node: u32, player: usize) -> f64 {
        let n = &self.nodes[node as usize];
        if n.visits == 0 {
            return 0.0;
        }
        self.values[node as usize * self.players + player] / f64::from(n.visits)
    }

    /// Keeps only the subtree of `root`, which becomes node 0.
    fn reroot(&mut self, root: u32) {
        if root == 0 {
            return;
        }
        let old_nodes = std::mem::take(&mut self.nodes);
        let old_values = std::mem::take(&mut self.values);
        let mut nodes: Vec<Option<Node<G::Move>>> = old_nodes.into_iter().map(Some).collect();
        let mut queue = vec![(root, NO_NODE)];
        let mut head = 0;
        while head < queue.len() {
            let (old, parent) = queue[head];
            head += 1;
            let mut node = nodes[old as usize].take().expect("a tree, not a graph");
            let children = std::mem::take(&mut node.children);
            let new = self.nodes.len() as u32;
            self.nodes.push(node);
            let at = old as usize * self.players;
            self.values
                .extend_from_slice(&old_values[at..at + self.players]);
            if parent != NO_NODE {
                self.nodes[parent as usize].children.push(new);
            }
            queue.extend(children.into_iter().map(|c| (c, new)));
        }
    }
}

impl<G: Game> Mcts<G> {
    /// A search agent with these parameters.
    pub fn new(config: MctsConfig) -> Self {
        Self {
            config,
            trees: Vec::new(),
            chunk: None,
            #[cfg(test)]
            panics: false,
        }
    }

    /// This search with a first tree whose chunks panic.
    #[cfg(test)]
    pub(crate) fn panicking(self) -> Self {
        Self {
            panics: true,
            ..self
        }
    }

    /// This search with chunks of `chunk` simulations (see [`Work`]).
    #[cfg(test)]
    pub(crate) fn with_chunk(self, chunk: u32) -> Self {
        Self {
            chunk: Some(chunk.max(1)),
            ..self
        }
    }

    /// Simulations through the root of the first tree (a test of tree reuse).
    #[cfg(test)]
    pub(crate) fn root_visits(&self) -> u32 {
        self.trees
            .first()
            .and_then(|t| t.nodes.first())
            .map_or(0, |root| root.visits)
    }

    /// The parameters.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    fn hidden(&self) -> Option<Hidden<G>> {
        G::hidden_information()
    }

    /// The exploration constant: the configured one, else the game's.
    fn exploration(&self) -> f64 {
        self.config.c.unwrap_or(G::FACTS.search.exploration)
    }

    /// The plies a rollout may last: the configured cut, else the game's, and never past the
    /// game's simulation cap (random play need not end in every game); `None`: no limit.
    fn rollout_limit(&self) -> Option<u32> {
        let cut = self.config.rollout_plies.or(G::FACTS.search.rollout_plies);
        match (cut, G::FACTS.simulation_max_plies) {
            (Some(cut), Some(cap)) => Some(cut.min(cap)),
            (cut, cap) => cut.or(cap),
        }
    }

    /// The edge key of `mv`, played by `mover` in `game`, as `viewer` names it.
    fn key(&self, game: &G, viewer: usize, mover: usize, mv: G::Move, info: bool) -> u64 {
        match self.hidden() {
            Some(hidden) if info && mover != viewer => (hidden.viewer_key)(game, viewer, mover, mv),
            _ => game.action(mv) as u64,
        }
    }

    /// The legal move of `game` behind edge `key` (information-set search), if any.
    fn edge_move(&self, game: &G, viewer: usize, mover: usize, key: u64) -> Option<G::Move> {
        match self.hidden() {
            Some(hidden) if mover != viewer => (hidden.viewer_move)(game, viewer, mover, key),
            _ => usize::try_from(key)
                .ok()
                .and_then(|action| game.move_from_action(action).ok())
                .filter(|&mv| game.is_legal(mv)),
        }
    }

    /// Searches `game` for its player to move and returns what it found.
    ///
    /// # Panics
    ///
    /// When the game is over.
    pub fn analyse(&mut self, game: &G) -> Analysis<G::Move> {
        self.analyse_until(game, &AtomicBool::new(false))
    }

    /// [`analyse`](Self::analyse) that ends early, with what it found so far (after at least one
    /// simulation per thread), soon after `stop` is set: a `stop` command, or Ctrl-C.
    ///
    /// # Panics
    ///
    /// When the game is over.
    pub fn analyse_until(&mut self, game: &G, stop: &AtomicBool) -> Analysis<G::Move> {
        let viewer = game
            .current_player()
            .expect("a search needs a player to move");
        let info = self.config.information_sets || self.hidden().is_some();
        let threads = self.config.threads.max(1);
        let history_keys = self.history_keys(game, viewer, info);
        if self.trees.len() != threads {
            self.trees = (0..threads)
                .map(|t| Tree::new(game.num_players(), self.thread_seed(t)))
                .collect();
        }
        let total = self.config.simulations.max(1);
        let share =
            |t: usize| total / threads as u32 + u32::from((t as u32) < total % threads as u32);
        let work = Arc::new(Work {
            searcher: Self::new(self.config.clone()),
            game: game.clone(),
            viewer,
            info,
            decisive: Decisive::new(game, info),
            history_keys,
            deadline: self.config.time_limit.map(|d| Instant::now() + d),
            chunk: self
                .chunk
                .unwrap_or((total / threads as u32 / CHUNKS_PER_TREE).max(MIN_CHUNK)),
            trees: std::mem::take(&mut self.trees)
                .into_iter()
                .enumerate()
                .map(|(t, tree)| Slot {
                    share: Mutex::new(Share {
                        tree,
                        left: share(t),
                        ran: 0,
                        rooted: false,
                    }),
                    came: AtomicBool::new(false),
                    done: AtomicBool::new(false),
                })
                .collect(),
            finished: AtomicUsize::new(0),
            // The pool threads watch `ended`, not `stop`: a search asked to stop before it
            // starts is ended from the start, so that they too run one simulation per tree.
            ended: AtomicBool::new(stop.load(Ordering::Relaxed)),
            panicked: AtomicBool::new(false),
            #[cfg(test)]
            panics: self.panics,
        });
        // The other threads come from the engine's pool (`core::pool`). They are not
        // waited for: one that wakes late finds its tree's chunks taken by the calling thread
        // (see `Work`). The calling thread's home is the last tree: with the first, the pool
        // thread's tree took a quarter longer than the caller's in tic-tac-toe searches from
        // Python (for a reason not found), and with the last the two took the same time.
        for t in 1..threads {
            let work = Arc::clone(&work);
            crate::core::pool::spawn(move || {
                // A panic on a pool thread would abort the process: it is handed to the
                // calling thread instead, which panics in turn (an error in Python).
                let help = AssertUnwindSafe(|| work.help(t - 1, &work.ended, false));
                if std::panic::catch_unwind(help).is_err() {
                    work.panicked.store(true, Ordering::Release);
                }
            });
        }
        work.help(threads - 1, stop, true);
        let players = game.num_players();
        self.trees = work
            .trees
            .iter()
            .map(|slot| {
                let mut share = slot.share.lock().unwrap_or_else(PoisonError::into_inner);
                std::mem::replace(&mut share.tree, Tree::new(players, 0))
            })
            .collect();
        self.merge(game)
    }

    /// The best move for the player to move of `game` (the most visited root move).
    ///
    /// # Panics
    ///
    /// When the game is over.
    pub fn choose(&mut self, game: &G) -> G::Move {
        self.analyse(game).moves[0].mv
    }

    fn thread_seed(&self, thread: usize) -> u64 {
        mix(self.config.seed ^ mix(thread as u64 + 1))
    }

    fn history_keys(&self, game: &G, viewer: usize, info: bool) -> Vec<u64> {
        if !info {
            return (0..game.history().len())
                .map(|i| game.history_action(i) as u64)
                .collect();
        }
        // The movers of the history: replay it from the start (information-set keys need them).
        let mut replay = G::new(&game.options()).expect("a game's own options are valid");
        let mut keys = Vec::with_capacity(game.history().len());
        for &mv in game.history() {
            let mover = replay.current_player().unwrap_or(viewer);
            keys.push(self.key(&replay, viewer, mover, mv, info));
            replay.play_unchecked(mv);
        }
        keys
    }

    /// Moves `tree`'s root to the node of the position whose history has `keys`, or starts a
    /// new tree when the old one does not lead there.
    fn find_root(tree: &mut Tree<G>, keys: &[u64]) {
        let reusable = tree.nodes.first().is_some_and(|root| root.visits > 0)
            && keys.len() >= tree.root_keys.len()
            && keys[..tree.root_keys.len()] == tree.root_keys[..];
        let mut node = 0u32;
        if reusable {
            for &key in &keys[tree.root_keys.len()..] {
                match tree.nodes[node as usize]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| tree.nodes[c as usize].key == key)
                {
                    Some(child) => node = child,
                    None => {
                        node = NO_NODE;
                        break;
                    }
                }
            }
        }
        if !reusable || node == NO_NODE {
            // A new tree in the old one's memory: pages the search touched stay mapped.
            tree.nodes.clear();
            tree.values.clear();
            tree.add(None, 0);
        } else {
            tree.reroot(node);
            let root = &mut tree.nodes[0];
            root.mv = None;
        }
        tree.root_keys = keys.to_vec();
    }

    /// Runs simulations on `tree` until `ends` says to stop; returns how many ran.
    fn search(
        &self,
        tree: &mut Tree<G>,
        game: &G,
        viewer: usize,
        info: bool,
        ends: Ends<'_>,
        decisive: &Decisive,
    ) -> u32 {
        let Ends {
            budget,
            deadline,
            stop,
        } = ends;
        let players = game.num_players();
        let c = self.exploration();
        let limit = self.rollout_limit();
        let mut moves = Vec::new();
        let mut available = Vec::new();
        let mut path = Vec::new();
        let mut values = vec![0.0; players];
        let mut ran = 0;
        while ran < budget {
            if ran > 0
                && (crate::core::watch::stopped(stop)
                    || ran % 16 == 0 && deadline.is_some_and(|d| Instant::now() >= d))
            {
                break;
            }
            ran += 1;
            let mut state = match self.hidden() {
                Some(hidden) if info => (hidden.resample)(game, viewer, &mut tree.rng),
                _ => game.clone(),
            };
            path.clear();
            path.push(0u32);
            let mut node = 0u32;
            // Selection and expansion.
            while let Some(mover) = state.current_player() {
                let (child, mv) = if info {
                    let at = Seat { viewer, mover };
                    self.select_information_set(tree, &state, node, at, &mut moves, &mut available)
                } else {
                    // The root move of the path, for the shared look at decisive moves.
                    let near = match path.len() {
                        1 => Some(None),
                        2 => Some(Some(tree.nodes[node as usize].key)),
                        _ => None,
                    };
                    let at = Expansion {
                        state: &state,
                        mover,
                        near,
                        decisive,
                    };
                    let child = Self::select(tree, node, at, &mut moves, c);
                    (
                        child,
                        tree.nodes[child as usize].mv.expect("a child has a move"),
                    )
                };
                // The state of a simulation is thrown away after it: nothing is taken back.
                state.play_for_good(mv);
                node = child;
                path.push(child);
                if tree.nodes[child as usize].visits == 0 {
                    let wins = state.outcome().is_some_and(|o| o.winners == 1 << mover);
                    tree.nodes[child as usize].wins = wins;
                    break;
                }
            }
            let mut plies = 0;
            while state.current_player().is_some() && limit.is_none_or(|limit| plies < limit) {
                let mv = state.random_move(&mut tree.rng);
                state.play_for_good(mv);
                plies += 1;
            }
            match state.outcome() {
                Some(outcome) => {
                    for (v, r) in values.iter_mut().zip(outcome.returns(players)) {
                        *v = r;
                    }
                }
                None => state.evaluate(&mut values),
            }
            for &n in &path {
                tree.nodes[n as usize].visits += 1;
                let at = n as usize * players;
                for (sum, v) in tree.values[at..at + players].iter_mut().zip(&values) {
                    *sum += v;
                }
            }
        }
        ran
    }

    /// UCT over every legal move (perfect information): the children are made at the first
    /// visit in a random order; unvisited children are taken first.
    fn select(
        tree: &mut Tree<G>,
        node: u32,
        at: Expansion<'_, G>,
        moves: &mut Vec<G::Move>,
        c: f64,
    ) -> u32 {
        let Expansion {
            state,
            mover,
            near,
            decisive,
        } = at;
        if !tree.nodes[node as usize].expanded {
            state.legal_moves(moves);
            let mut order: Vec<usize> = (0..moves.len()).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, tree.rng.below(i + 1));
            }
            // Near the root, moves that win at once are found when the node is made, so that a
            // win in one is taken, and a move that allows one is seen for what it is, whatever
            // the budget (decisive moves; bounded, as it costs a play per move).
            let wins = near.and_then(|path| decisive.flags(path, state, moves, mover));
            tree.nodes[node as usize]
                .children
                .reserve_exact(moves.len());
            for i in order {
                let child = tree.add(Some(moves[i]), state.action(moves[i]) as u64);
                tree.nodes[child as usize].wins = wins.is_some_and(|w| w[i]);
                tree.nodes[node as usize].children.push(child);
            }
            tree.nodes[node as usize].expanded = true;
        }
        let parent = &tree.nodes[node as usize];
        if let Some(&win) = parent
            .children
            .iter()
            .find(|&&c| tree.nodes[c as usize].wins)
        {
            return win;
        }
        if let Some(&fresh) = parent
            .children
            .iter()
            .find(|&&c| tree.nodes[c as usize].visits == 0)
        {
            return fresh;
        }
        let log_n = f64::from(parent.visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, NO_NODE);
        for &child in &parent.children {
            let n = &tree.nodes[child as usize];
            let score = tree.mean(child, mover) + c * (log_n / f64::from(n.visits)).sqrt();
            if score > best.0 {
                best = (score, child);
            }
        }
        best.1
    }

    /// Information-set UCT over the moves of this world that the tree has, by key, with
    /// availability counts: every legal move when there are at most [`LISTED_MOVES`], else
    /// the children so far and, while the node may widen, one more drawn at random.
    fn select_information_set(
        &self,
        tree: &mut Tree<G>,
        state: &G,
        node: u32,
        at: Seat,
        moves: &mut Vec<G::Move>,
        available: &mut Vec<(u32, G::Move)>,
    ) -> (u32, G::Move) {
        let Seat { viewer, mover } = at;
        available.clear();
        let listed = state.count_legal_moves() <= LISTED_MOVES;
        if listed {
            state.legal_moves(moves);
            for &mv in moves.iter() {
                let key = self.key(state, viewer, mover, mv, true);
                let child = tree
                    .find_child(node, key)
                    .unwrap_or_else(|| tree.add_child(node, mv, key));
                // Several moves of this world may look alike to the viewer; the first stands
                // for all.
                if !available.iter().any(|&(c, _)| c == child) {
                    available.push((child, mv));
                }
            }
        } else {
            for i in 0..tree.nodes[node as usize].children.len() {
                let child = tree.nodes[node as usize].children[i];
                let key = tree.nodes[child as usize].key;
                if let Some(mv) = self.edge_move(state, viewer, mover, key) {
                    available.push((child, mv));
                }
            }
        }
        for &(child, _) in available.iter() {
            tree.nodes[child as usize].available += 1;
        }
        if !listed {
            let children = tree.nodes[node as usize].children.len();
            let room = WIDENING * f64::from(tree.nodes[node as usize].visits + 1).sqrt();
            // A drawn move the node has already is among `available`: never empty after this.
            if (children as f64) < room || available.is_empty() {
                let mv = state.random_move(&mut tree.rng);
                let key = self.key(state, viewer, mover, mv, true);
                if tree.find_child(node, key).is_none() {
                    let child = tree.add_child(node, mv, key);
                    tree.nodes[child as usize].available += 1;
                    return (child, mv);
                }
            }
        }
        if let Some(&win) = available
            .iter()
            .find(|&&(c, _)| tree.nodes[c as usize].wins)
        {
            return win;
        }
        let fresh = available
            .iter()
            .filter(|&&(c, _)| tree.nodes[c as usize].visits == 0)
            .count();
        if fresh > 0 {
            let pick = tree.rng.below(fresh);
            return available
                .iter()
                .copied()
                .filter(|&(c, _)| tree.nodes[c as usize].visits == 0)
                .nth(pick)
                .expect("pick < fresh");
        }
        let c = self.exploration();
        let mut best = (f64::NEG_INFINITY, available[0]);
        for &(child, mv) in available.iter() {
            let n = &tree.nodes[child as usize];
            let explore = (f64::from(n.available.max(1)).ln() / f64::from(n.visits)).sqrt();
            let score = tree.mean(child, mover) + c * explore;
            if score > best.0 {
                best = (score, (child, mv));
            }
        }
        best.1
    }

    /// The root statistics of every thread's tree, summed by edge.
    fn merge(&self, game: &G) -> Analysis<G::Move> {
        let players = game.num_players();
        let mover = game.current_player().expect("searched a running game");
        let mut merged: Vec<(u64, u32, Vec<f64>)> = Vec::new();
        let mut winning: Vec<u64> = Vec::new();
        for tree in &self.trees {
            for &child in &tree.nodes[0].children {
                let node = &tree.nodes[child as usize];
                if node.visits == 0 {
                    continue;
                }
                if node.wins && !winning.contains(&node.key) {
                    winning.push(node.key);
                }
                let at = child as usize * players;
                let sums = &tree.values[at..at + players];
                match merged.iter_mut().find(|(k, _, _)| *k == node.key) {
                    Some((_, visits, total)) => {
                        *visits += node.visits;
                        for (t, s) in total.iter_mut().zip(sums) {
                            *t += s;
                        }
                    }
                    None => merged.push((node.key, node.visits, sums.to_vec())),
                }
            }
        }
        let mut moves: Vec<SearchedMove<G::Move>> = merged
            .into_iter()
            .map(|(key, visits, sums)| SearchedMove {
                wins: winning.contains(&key),
                mv: game
                    .move_from_action(key as usize)
                    .expect("root edges are the player's own moves, named by action id"),
                visits,
                values: sums.iter().map(|s| s / f64::from(visits)).collect(),
            })
            .collect();
        moves.sort_by(|a, b| {
            b.wins
                .cmp(&a.wins)
                .then(b.visits.cmp(&a.visits))
                .then(b.values[mover].total_cmp(&a.values[mover]))
                .then(game.action(a.mv).cmp(&game.action(b.mv)))
        });
        let simulations = moves.iter().map(|m| m.visits).sum();
        Analysis { moves, simulations }
    }
}
