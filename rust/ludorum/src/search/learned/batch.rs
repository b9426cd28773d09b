//! The batched search: `N` roots searched together, one evaluator call per simulation step
//! for all their new leaves; and self-play, `N` games in lockstep.

use std::collections::HashMap;
use std::ops::DerefMut;

use super::cands::{listed_priors, max_logit, AllEdges, Cands, Listed};
use super::crew::{with_crew, Crew};
use super::rows::{RowMut, SearchRows};
use super::tree::{Edge, NodeRef, Tree, NONE};
use super::{
    bad_output, gumbel, puct, uniform, Evaluations, Evaluator, LeafBatch, LearnedConfig, Rule,
    SearchResult,
};
use super::{pipeline, root_major};
use crate::core::error::Error;
use crate::core::game::Game;
use crate::core::hidden::resample;
use crate::core::rng::SplitMix64;

/// What one root keeps between searches: its tree and its random generator.
#[derive(Clone, Debug)]
pub struct GameSearch {
    /// The tree (kept for reuse).
    pub tree: Tree,
    /// The search's SplitMix64.
    pub rng: SplitMix64,
}

impl GameSearch {
    /// An empty tree and `SplitMix64(seed)`.
    pub fn new(seed: u64) -> Self {
        Self {
            tree: Tree::new(),
            rng: SplitMix64::new(seed),
        }
    }
}

/// Evaluations kept by `(position key, player to move)`: the legal actions' logits and the
/// values.
pub(super) type Cache = HashMap<(u64, usize), (Vec<f64>, Vec<f64>)>;

/// A learned search: its settings, its evaluation cache and its working memory.
#[derive(Clone, Debug)]
pub struct LearnedSearch {
    config: LearnedConfig,
    cache: Cache,
    /// One per thread.
    scratch: Vec<Scratch>,
    /// The trees of the last [`search_fresh`](Self::search_fresh), emptied: the next one
    /// grows its trees in their memory rather than in pages the system must fault in again.
    spare: Vec<Tree>,
}

/// The buffers a search reuses from descent to descent and step to step, so that its inner
/// loop allocates nothing. The threads' buffers sit side by side in one `Vec`, and their
/// headers (pointers and lengths, written at every selection) are aligned to 128 bytes so that
/// no two threads write into one cache line (nor one pair of lines the prefetcher fetches
/// together).
#[derive(Clone, Debug, Default)]
#[repr(align(128))]
pub(super) struct Scratch {
    /// The candidates of the node being selected from (edge indices).
    pub(super) cands: Vec<usize>,
    /// Their priors and logits, and room for Gumbel's `σ` and `π'`.
    priors: Vec<f64>,
    logits: Vec<f64>,
    sigma: Vec<f64>,
    /// A result's `π'` (Gumbel) and visit counts (PUCT).
    pi: Vec<f64>,
    counts: Vec<u64>,
    /// A world's legal actions.
    pub(super) legal: Vec<u32>,
    /// A finished world's returns.
    returns: Vec<f64>,
    /// The `(node, action, edge)` of every descent of a step, end to end (the edge index is
    /// where the action's edge was when the descent went through it).
    pub(super) paths: Vec<(u32, u32, u32)>,
    /// Further descents of a step that reached a leaf already waiting: `(leaf, path range)`.
    more_paths: Vec<(usize, usize, usize)>,
    /// The leaves' legal actions end to end, and where each leaf's begin.
    leaf_legal: Vec<u32>,
    leaf_at: Vec<usize>,
    /// The leaves' logits (aligned with `leaf_legal`) and values (`players` each).
    leaf_logits: Vec<f64>,
    pub(super) leaf_values: Vec<f64>,
    movers: Vec<usize>,
    keys: Vec<(u64, usize)>,
    hits: Vec<bool>,
    /// The leaves' observations (`obs_size` each), when the evaluator reads them.
    observations: Vec<f32>,
    /// A root's history (action ids).
    pub(super) history: Vec<usize>,
    /// The trees the root-major search grows the roots of a group in when the caller does not
    /// keep them (one per root of a group, reused from group to group).
    pub(super) trees: Vec<Tree>,
}

/// A leaf waiting for the evaluator: the root (within its part), the node, and the first path
/// that reached it this step (a range of [`Scratch::paths`]); its world is beside it.
struct Leaf {
    game: usize,
    node: u32,
    path: (usize, usize),
}

/// One thread's share of a batched search: consecutive roots, their trees and sequences, its
/// working memory, and the leaves its descents reached this step with their worlds.
pub(super) struct Part<'a, G> {
    states: &'a [G],
    games: &'a mut [GameSearch],
    sequences: &'a [usize],
    scratch: &'a mut Scratch,
    worlds: Vec<G>,
    leaves: Vec<Leaf>,
    /// The roots' noise is still to be drawn (once they are evaluated).
    noise: bool,
    /// What the part's last job failed with.
    pub(super) error: Option<Error>,
}

/// A part's job, one per simulation step: expand and back up the leaves the evaluator has just
/// scored, then reach the next leaves, then read them for the evaluator (the evaluator's call
/// between jobs is the only work done on one thread).
#[derive(Clone, Copy, Debug)]
pub(super) enum Job {
    /// Take the roots that need an evaluation as leaves.
    Roots,
    /// Descents `started..started + now` of every root.
    Step { started: u32, now: u32 },
    /// Only expand and back up.
    Finish,
}

/// What every part of one search reads.
pub(super) struct Ctx<'c> {
    pub(super) rule: &'c Rule,
    pub(super) sequences: &'c [(usize, Vec<u32>)],
    pub(super) hidden: bool,
    /// The evaluator reads observations.
    wants: bool,
    /// The cache is read and filled.
    keyed: bool,
    /// The evaluator scores every leaf logits 0 and values 0 ([`Evaluator::is_uniform`]).
    pub(super) uniform: bool,
    obs_size: usize,
    pub(super) players: usize,
}

/// Nodes a fresh tree reserves room for at most.
const RESERVED_NODES: usize = 4096;

/// The roots a thread takes at least (fewer are not worth a thread).
const ROOTS_PER_THREAD: usize = 8;

pub(super) fn over(what: &str) -> Error {
    Error::InvalidState(format!(
        "{what}: the game is over, there is nothing to search"
    ))
}

/// The interruption error (Ctrl-C between steps).
pub fn interrupted() -> Error {
    Error::InvalidState("the search was interrupted".into())
}

/// The jobs of a search (of each half of a pipelined one), in order: the roots, the simulation
/// steps of at most `per_step` descents each, then the last expansion.
pub(super) fn jobs(simulations: u32, per_step: u32) -> Vec<Job> {
    let mut jobs = vec![Job::Roots];
    let mut started = 0;
    while started < simulations {
        let now = per_step.min(simulations - started);
        jobs.push(Job::Step { started, now });
        started += now;
    }
    jobs.push(Job::Finish);
    jobs
}

/// The candidates of node `n` in `world`, in a game with hidden information: the actions legal
/// in this world (edges added for new ones), into `cands`.
fn candidates<G: Game>(
    tree: &mut Tree,
    n: u32,
    world: &G,
    legal: &mut Vec<u32>,
    cands: &mut Vec<usize>,
) {
    cands.clear();
    world.legal_actions(legal);
    for &a in legal.iter() {
        tree.edge_of(n, a);
    }
    cands.extend(legal.iter().map(|&a| tree.find(n, a).unwrap_or(0)));
}

/// The edge of each of the root's `legal` actions, into `cands` (edges added for missing ones).
/// The root's edges are its legal actions in order unless a world of hidden information added
/// others, or the game lists its legal actions in another order: only then are they looked up.
pub(super) fn root_cands(tree: &mut Tree, legal: &[u32], cands: &mut Vec<usize>) {
    cands.clear();
    let edges = tree.node(0).edges;
    if edges.len() == legal.len() && edges.iter().zip(legal).all(|(e, &a)| e.action == a) {
        cands.extend(0..legal.len());
        return;
    }
    for &a in legal {
        tree.edge_of(0, a);
    }
    cands.extend(legal.iter().map(|&a| tree.find(0, a).unwrap_or(0)));
}

pub(super) fn backup(tree: &mut Tree, path: &[(u32, u32, u32)], values: &[f64]) {
    for &(n, a, hint) in path {
        tree.visit(n, a, hint, values);
    }
}

/// The edges of `legal` as the uniform evaluator scores them, and their largest logit: logits
/// 0, and the softmax of equal logits as [`softmax`] computes it (each term 1, their sum the
/// count, exactly).
pub(super) fn uniform_edges(legal: &[u32]) -> (impl ExactSizeIterator<Item = Edge> + '_, f64) {
    let prior = 1.0 / legal.len() as f64;
    let edges = legal
        .iter()
        .map(move |&action| Edge::new(action, prior, 0.0));
    (
        edges,
        max_logit((!legal.is_empty()).then_some(0.0).into_iter()),
    )
}

/// The softmax of `logits`, into `out`; returns the largest logit (`-inf` for none).
fn softmax(logits: &[f64], out: &mut Vec<f64>) -> f64 {
    let m = max_logit(logits.iter().copied());
    out.clear();
    // exp(0) is exactly 1: equal logits (a uniform model) cost no exponential.
    out.extend(
        logits
            .iter()
            .map(|&l| if l == m { 1.0 } else { (l - m).exp() }),
    );
    let sum: f64 = out.iter().sum();
    out.iter_mut().for_each(|x| *x /= sum);
    m
}

/// The world a root is evaluated in: the state itself, or in a game with hidden information a
/// world drawn for the mover by `SplitMix64(0)` (a function of what the mover knows only, so
/// the evaluation never reads what the mover cannot see, and draws nothing from the search).
pub(super) fn root_world<G: Game>(state: &G) -> G {
    match (G::hidden_information(), state.current_player()) {
        (Some(_), Some(mover)) => resample(state, mover, &mut SplitMix64::new(0)),
        _ => state.clone(),
    }
}

/// What descent `j` of `state`'s search starts from: its world (the state itself, or in a game
/// with hidden information a world drawn for the mover by a generator seeded from the search's)
/// and the root's target visit count (Gumbel's `sequence`; 0 for PUCT).
pub(super) fn descent<G: Game>(
    ctx: &Ctx<'_>,
    state: &G,
    game: &mut GameSearch,
    sequence: Option<&[u32]>,
    j: u32,
) -> Result<(G, u32), Error> {
    let world = if ctx.hidden {
        let seed = game.rng.next_u64();
        let mover = state.current_player().ok_or_else(|| over("search"))?;
        resample(state, mover, &mut SplitMix64::new(seed))
    } else {
        state.clone()
    };
    let target = sequence
        .and_then(|s| s.get(j as usize))
        .copied()
        .unwrap_or(0);
    Ok((world, target))
}

/// The candidate the rule selects at node `n` (the root when `root`); `sigma` is room for
/// Gumbel's `σ` and `π'`.
fn select<C: Cands>(
    rule: &Rule,
    n: &NodeRef<'_>,
    cands: &C,
    root: bool,
    target: u32,
    players: usize,
    sigma: &mut Vec<f64>,
) -> usize {
    match rule {
        Rule::Puct(c) => {
            let noise = (root && c.dirichlet_fraction > 0.0).then_some(c.dirichlet_fraction);
            puct::select(n, cands, c.c_puct, players, noise)
        }
        Rule::Gumbel(c) => {
            if root {
                gumbel::select_root(n, cands, c, players, sigma, target)
            } else {
                gumbel::select_interior(n, cands, c, players, sigma)
            }
        }
    }
}

/// One descent from the root of `tree` in `world`, its `(node, action, edge)` appended to
/// `scratch.paths`: the leaf reached (`world` is then its world), or `None` when the descent
/// ended the game (its returns then backed up at once).
pub(super) fn descend<G: Game>(
    rule: &Rule,
    scratch: &mut Scratch,
    tree: &mut Tree,
    world: &mut G,
    hidden: bool,
    target: u32,
) -> Result<Option<u32>, Error> {
    let players = tree.players;
    let start = scratch.paths.len();
    let mut node = 0u32;
    loop {
        if let Some(outcome) = world.outcome() {
            scratch.returns.resize(players, 0.0);
            outcome.write_returns(&mut scratch.returns);
            backup(tree, &scratch.paths[start..], &scratch.returns);
            scratch.paths.truncate(start);
            return Ok(None);
        }
        let at = tree.nodes[node as usize];
        if !at.expanded {
            return Ok(Some(node));
        }
        let s = &mut *scratch;
        let sigma = &mut s.sigma;
        let root = node == 0;
        let e = if hidden {
            candidates(tree, node, world, &mut s.legal, &mut s.cands);
            let n = tree.node(node);
            listed_priors(&n, &s.cands, &mut s.priors, &mut s.logits);
            let cands = Listed {
                edges: &s.cands,
                priors: &s.priors,
                logits: &s.logits,
            };
            (cands.len() > 0)
                .then(|| cands.edge(select(rule, &n, &cands, root, target, players, sigma)))
        } else {
            let n = tree.node(node);
            let cands = AllEdges {
                len: n.edges.len(),
                max_logit: at.max_logit,
            };
            (cands.len() > 0).then(|| select(rule, &n, &cands, root, target, players, sigma))
        };
        let Some(e) = e else {
            return Err(Error::InvalidState(
                "a position that is not over has no legal move".into(),
            ));
        };
        // The node's edges may have moved since `at` was read (hidden information adds edges).
        let slot = tree.nodes[node as usize].first as usize + e;
        let edge = &mut tree.edges[slot];
        edge.vl += 1;
        let (action, child) = (edge.action, edge.child);
        s.paths.push((node, action, e as u32));
        let mv = world.move_from_action(action as usize)?;
        world.play_for_good(mv);
        node = if child == NONE {
            let c = tree.add();
            tree.edges[slot].child = c;
            c
        } else {
            child
        };
    }
}

impl<'a, G: Game> Part<'a, G> {
    /// A part of these roots, with this working memory.
    pub(super) fn new(
        states: &'a [G],
        games: &'a mut [GameSearch],
        sequences: &'a [usize],
        scratch: &'a mut Scratch,
    ) -> Self {
        Self {
            states,
            games,
            sequences,
            scratch,
            worlds: Vec::new(),
            leaves: Vec::new(),
            noise: false,
            error: None,
        }
    }

    /// The part's working memory.
    pub(super) fn scratch(&mut self) -> &mut Scratch {
        self.scratch
    }

    /// Makes the part that of other roots (between searches: no leaf waits), keeping its working
    /// memory; returns the trees of the roots it had.
    pub(super) fn regroup(
        &mut self,
        states: &'a [G],
        games: &'a mut [GameSearch],
        sequences: &'a [usize],
    ) -> &'a mut [GameSearch] {
        self.states = states;
        self.sequences = sequences;
        std::mem::replace(&mut self.games, games)
    }

    /// Does `job`, keeping its error.
    pub(super) fn work(&mut self, job: Job, ctx: &Ctx<'_>) {
        self.error = self.try_work(job, ctx).err();
    }

    fn try_work(&mut self, job: Job, ctx: &Ctx<'_>) -> Result<(), Error> {
        self.expand(ctx);
        if self.noise && !matches!(job, Job::Roots) {
            self.noise = false;
            let Scratch { legal, cands, .. } = &mut *self.scratch;
            for (state, game) in self.states.iter().zip(self.games.iter_mut()) {
                state.legal_actions(legal);
                noise(ctx.rule, legal, cands, game);
            }
        }
        match job {
            Job::Roots => self.roots(),
            Job::Step { started, now } => self.descend(ctx, started, now)?,
            Job::Finish => return Ok(()),
        }
        self.read(ctx)
    }

    /// The roots that need an evaluation, as leaves (the roots' noise follows it).
    fn roots(&mut self) {
        self.scratch.paths.clear();
        self.scratch.more_paths.clear();
        for (i, (state, game)) in self.states.iter().zip(self.games.iter()).enumerate() {
            if !game.tree.nodes[0].expanded {
                self.worlds.push(root_world(state));
                self.leaves.push(Leaf {
                    game: i,
                    node: 0,
                    path: (0, 0),
                });
            }
        }
        self.noise = true;
    }

    /// Descents `started..started + now` of every root, the leaves they reach kept (once each:
    /// a further descent to a waiting leaf only adds its path).
    fn descend(&mut self, ctx: &Ctx<'_>, started: u32, now: u32) -> Result<(), Error> {
        let s = &mut *self.scratch;
        s.paths.clear();
        s.more_paths.clear();
        for (i, (state, game)) in self.states.iter().zip(self.games.iter_mut()).enumerate() {
            let first_leaf = self.leaves.len();
            let sequence = ctx
                .sequences
                .get(self.sequences[i])
                .map(|(_, s)| s.as_slice());
            for j in started..started + now {
                let (mut world, target) = descent(ctx, state, game, sequence, j)?;
                let start = s.paths.len();
                let reached = descend(ctx.rule, s, &mut game.tree, &mut world, ctx.hidden, target)?;
                if let Some(node) = reached {
                    let (from, to) = (start, s.paths.len());
                    match self.leaves[first_leaf..]
                        .iter()
                        .position(|l| l.node == node)
                    {
                        Some(l) => s.more_paths.push((first_leaf + l, from, to)),
                        None => {
                            self.worlds.push(world);
                            self.leaves.push(Leaf {
                                game: i,
                                node,
                                path: (from, to),
                            });
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Reads the leaves for the evaluator: their legal actions, movers, keys and observations.
    fn read(&mut self, ctx: &Ctx<'_>) -> Result<(), Error> {
        let (obs_size, players) = (ctx.obs_size, ctx.players);
        let s = &mut *self.scratch;
        s.leaf_legal.clear();
        s.leaf_at.clear();
        s.movers.clear();
        s.keys.clear();
        s.hits.clear();
        // Not cleared first: every observation writes each of its entries (the shared
        // position checks assert it), so only entries past the last step's are filled, and
        // a step does not zero its observations before writing them.
        s.observations.resize(
            if ctx.wants {
                self.worlds.len() * obs_size
            } else {
                0
            },
            0.0,
        );
        for (i, world) in self.worlds.iter().enumerate() {
            s.leaf_at.push(s.leaf_legal.len());
            world.legal_actions(&mut s.legal);
            s.leaf_legal.extend_from_slice(&s.legal);
            let mover = world.current_player().ok_or_else(|| over("evaluate"))?;
            s.movers.push(mover);
            if ctx.keyed {
                s.keys.push((world.key(), mover));
            }
            if ctx.wants {
                world.observation(mover, &mut s.observations[i * obs_size..(i + 1) * obs_size]);
            }
        }
        s.leaf_at.push(s.leaf_legal.len());
        s.leaf_logits.clear();
        if !ctx.uniform {
            // The uniform evaluator's logits are all 0: `expand` writes them itself.
            s.leaf_logits.resize(s.leaf_legal.len(), 0.0);
        }
        s.leaf_values.clear();
        s.leaf_values.resize(self.worlds.len() * players, 0.0);
        Ok(())
    }

    /// Expands the leaves the evaluator has scored and backs their values up every path that
    /// reached them, in the order of the descents.
    fn expand(&mut self, ctx: &Ctx<'_>) {
        if self.leaves.is_empty() {
            return;
        }
        let players = ctx.players;
        let s = &mut *self.scratch;
        s.more_paths.sort_by_key(|&(leaf, _, _)| leaf);
        let mut more = 0;
        let mut priors = std::mem::take(&mut s.priors);
        for (i, leaf) in self.leaves.iter().enumerate() {
            let (from, to) = (s.leaf_at[i], s.leaf_at[i + 1]);
            let values = &s.leaf_values[i * players..(i + 1) * players];
            let tree = &mut self.games[leaf.game].tree;
            let legal = &s.leaf_legal[from..to];
            if ctx.uniform {
                let (edges, max) = uniform_edges(legal);
                tree.expand(leaf.node, s.movers[i], values, edges, max);
            } else {
                let logits = &s.leaf_logits[from..to];
                let max = softmax(logits, &mut priors);
                let edges = legal
                    .iter()
                    .zip(logits.iter().zip(&priors))
                    .map(|(&action, (&logit, &prior))| Edge::new(action, prior, logit));
                tree.expand(leaf.node, s.movers[i], values, edges, max);
            }
            backup(tree, &s.paths[leaf.path.0..leaf.path.1], values);
            while let Some(&(_, a, b)) = s.more_paths.get(more).filter(|m| m.0 == i) {
                backup(tree, &s.paths[a..b], values);
                more += 1;
            }
        }
        s.priors = priors;
        self.worlds.clear();
        self.leaves.clear();
    }
}

impl LearnedSearch {
    /// A search with these settings and an empty cache.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for a setting out of range.
    pub fn new(config: LearnedConfig) -> Result<Self, Error> {
        config.validate()?;
        Ok(Self {
            config,
            cache: HashMap::new(),
            scratch: Vec::new(),
            spare: Vec::new(),
        })
    }

    /// The settings.
    pub fn config(&self) -> &LearnedConfig {
        &self.config
    }

    /// Empties the evaluation cache.
    pub fn clear_cache(&mut self) {
        self.cache.clear();
    }

    fn temperature(&self) -> f64 {
        match &self.config.rule {
            Rule::Puct(c) => c.temperature,
            Rule::Gumbel(_) => 0.0,
        }
    }

    /// How many draws a search of `state` takes from its generator (always the same number:
    /// Dirichlet noise takes one, seeding its own generator; Gumbel noise one per legal root
    /// action; one per simulation in games with hidden information; one for a move drawn at
    /// a temperature).
    pub fn draws<G: Game>(&self, state: &G, temperature: f64) -> u64 {
        let hidden = u64::from(G::hidden_information().is_some());
        let sims = u64::from(self.config.simulations);
        match &self.config.rule {
            Rule::Puct(c) => {
                u64::from(c.dirichlet_fraction > 0.0) + hidden * sims + u64::from(temperature > 0.0)
            }
            Rule::Gumbel(_) => state.count_legal_moves() as u64 + hidden * sims,
        }
    }

    /// Searches `states[i]` with `games[i]` (its tree, reused when the settings say so, and
    /// its generator), all together: one evaluator call per step. `interrupt` is asked
    /// between steps; true stops the search.
    ///
    /// # Errors
    ///
    /// A finished state, the evaluator's error, bad evaluator output, or an interruption.
    pub fn search<G: Game, E: Evaluator<G> + ?Sized>(
        &mut self,
        states: &[G],
        games: &mut [GameSearch],
        evaluator: &mut E,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<SearchResult>, Error> {
        let t = self.temperature();
        self.search_at(states, games, evaluator, interrupt, &vec![t; states.len()])
    }

    /// [`search`](Self::search) of fresh trees, root `i` with the stream `rng` would have had
    /// if the roots before it had been searched alone one after the other; `rng` ends where
    /// those searches would have left it. Each result equals that of a lone search.
    ///
    /// # Errors
    ///
    /// As [`search`](Self::search).
    pub fn search_fresh<G: Game, E: Evaluator<G> + ?Sized>(
        &mut self,
        states: &[G],
        rng: &mut SplitMix64,
        evaluator: &mut E,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<SearchResult>, Error> {
        self.search_fresh_rows(states, rng, evaluator, interrupt)
            .map(SearchRows::into_results)
    }

    /// [`search_fresh`](Self::search_fresh) with the results as rows of four arrays, written in
    /// place by the threads that searched the roots (nothing allocated per root).
    ///
    /// # Errors
    ///
    /// As [`search`](Self::search), and [`Error::InvalidOption`] for states whose games differ
    /// in their numbers of actions or seats.
    pub fn search_fresh_rows<G: Game, E: Evaluator<G> + ?Sized>(
        &mut self,
        states: &[G],
        rng: &mut SplitMix64,
        evaluator: &mut E,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<SearchRows, Error> {
        let t = self.temperature();
        let mut games = Vec::with_capacity(states.len());
        for state in states {
            let mut tree = self.spare.pop().unwrap_or_default();
            tree.recycle();
            games.push(GameSearch {
                tree,
                rng: rng.clone(),
            });
            rng.skip(self.draws(state, t));
        }
        let out = self.search_kept(
            states,
            &mut games,
            evaluator,
            interrupt,
            &vec![t; states.len()],
            false,
        );
        self.spare.clear();
        self.spare.extend(games.into_iter().map(|g| g.tree));
        out
    }

    /// [`search`](Self::search) with the temperature of each root's chosen move given. A search
    /// that fails drops the trees it was given and leaves their generators as they were.
    ///
    /// # Errors
    ///
    /// As [`search`](Self::search).
    pub fn search_at<G: Game, E: Evaluator<G> + ?Sized>(
        &mut self,
        states: &[G],
        games: &mut [GameSearch],
        evaluator: &mut E,
        interrupt: &mut dyn FnMut() -> bool,
        temperatures: &[f64],
    ) -> Result<Vec<SearchResult>, Error> {
        self.search_kept(states, games, evaluator, interrupt, temperatures, true)
            .map(SearchRows::into_results)
    }

    /// [`search_at`](Self::search_at); with `kept` false the trees are not the caller's to keep
    /// (`search_fresh`), and the root-major search grows them in each thread's own memory
    /// instead: one thread's trees, kept in its nearest caches from root to root, rather
    /// than a tree of the batch's, cold, per root.
    fn search_kept<G: Game, E: Evaluator<G> + ?Sized>(
        &mut self,
        states: &[G],
        games: &mut [GameSearch],
        evaluator: &mut E,
        interrupt: &mut dyn FnMut() -> bool,
        temperatures: &[f64],
        kept: bool,
    ) -> Result<SearchRows, Error> {
        if states.len() != games.len() || states.len() != temperatures.len() {
            return Err(Error::InvalidOption(
                "one tree and one temperature per root".into(),
            ));
        }
        if let Some(first) = states.first() {
            let (a, p) = (first.num_actions(), first.num_players());
            if states
                .iter()
                .any(|s| s.num_actions() != a || s.num_players() != p)
            {
                return Err(Error::InvalidOption(
                    "the states searched together differ in their numbers of actions or seats"
                        .into(),
                ));
            }
        }
        // A search that fails (the evaluator's error, bad output, Ctrl-C) leaves trees with
        // half-done steps: they are dropped, and each generator is put back, so the next search
        // is that of a fresh tree, whatever step the failure came at.
        let generators: Vec<SplitMix64> = games.iter().map(|g| g.rng.clone()).collect();
        let out = self.search_steps(states, games, evaluator, interrupt, temperatures, kept);
        if out.is_err() {
            for (game, rng) in games.iter_mut().zip(generators) {
                game.tree = Tree::new();
                game.rng = rng;
            }
        }
        out
    }

    fn search_steps<G: Game, E: Evaluator<G> + ?Sized>(
        &mut self,
        states: &[G],
        games: &mut [GameSearch],
        evaluator: &mut E,
        interrupt: &mut dyn FnMut() -> bool,
        temperatures: &[f64],
        kept: bool,
    ) -> Result<SearchRows, Error> {
        let hidden = G::hidden_information().is_some();
        let reuse = self.config.reuse;
        let sims = self.config.simulations;
        // An evaluator that runs in Rust and scores each leaf alone takes the root-major
        // search, whenever the cache cannot tell the two apart (the uniform evaluator never
        // reads nor fills it).
        let threads = states
            .len()
            .div_ceil(root_major::GROUP)
            .clamp(1, self.config.threads);
        let local: Option<Vec<_>> = if evaluator.is_uniform() || !self.config.cache {
            (0..threads).map(|_| evaluator.for_thread()).collect()
        } else {
            None
        };
        // The trees (made ready by the threads in the root-major search), and each root's
        // considered-visit sequence (Gumbel).
        let mut history = Vec::new();
        let mut sequences: Vec<(usize, Vec<u32>)> = Vec::new();
        let mut sequence_of = Vec::with_capacity(states.len());
        for (state, game) in states.iter().zip(games.iter_mut()) {
            if state.current_player().is_none() {
                return Err(over("search"));
            }
            if local.is_none() {
                plant(state, &mut game.tree, sims, reuse, &mut history);
            }
            if let Rule::Gumbel(c) = &self.config.rule {
                let k = c.max_considered.min(state.count_legal_moves());
                let at = match sequences.iter().position(|(j, _)| *j == k) {
                    Some(at) => at,
                    None => {
                        sequences.push((k, gumbel::considered_visits(k, sims as usize)));
                        sequences.len() - 1
                    }
                };
                sequence_of.push(at);
            } else {
                sequence_of.push(usize::MAX);
            }
        }
        let LearnedSearch {
            config,
            cache,
            scratch,
            ..
        } = self;
        let Some(first) = states.first() else {
            return Ok(SearchRows::default());
        };
        let mut rows = SearchRows::zeroed(states.len(), first.num_actions(), first.num_players());
        let shape = first.observation_shape();
        let ctx = Ctx {
            rule: &config.rule,
            sequences: &sequences,
            hidden,
            wants: evaluator.wants_observations(),
            uniform: evaluator.is_uniform(),
            keyed: config.cache && local.is_none(),
            obs_size: shape.iter().product(),
            players: first.num_players(),
        };
        let per_step = config.leaves_per_game;
        if let Some(evaluators) = local {
            if scratch.len() < threads {
                scratch.resize_with(threads, Scratch::default);
            }
            let plan = root_major::Plan {
                ctx: &ctx,
                simulations: sims,
                reuse,
                kept,
                per_step,
                num_actions: first.num_actions(),
                observation_shape: &shape,
            };
            root_major::run(
                states,
                games,
                &sequence_of,
                temperatures,
                scratch,
                evaluators,
                &plan,
                interrupt,
                rows.as_mut(),
            )?;
            return Ok(rows);
        }
        let parts_wanted = if config.pipeline {
            states.len().clamp(1, 2)
        } else {
            (states.len() / ROOTS_PER_THREAD).clamp(1, config.threads.max(1))
        };
        if scratch.len() < parts_wanted {
            scratch.resize_with(parts_wanted, Scratch::default);
        }
        let per = states.len().div_ceil(parts_wanted).max(1);
        let parts: Vec<Part<'_, G>> = states
            .chunks(per)
            .zip(games.chunks_mut(per))
            .zip(sequence_of.chunks(per))
            .zip(scratch.iter_mut())
            .map(|(((states, games), sequences), scratch)| {
                Part::new(states, games, sequences, scratch)
            })
            .collect();
        let mut batch = LeafBatch {
            states: Vec::new(),
            observations: Vec::new(),
            observation_shape: shape.clone(),
            masks: Vec::new(),
            players: Vec::new(),
            num_actions: first.num_actions(),
            num_players: first.num_players(),
        };
        if parts.len() == 2 && config.pipeline {
            let plan = pipeline::Plan {
                ctx: &ctx,
                simulations: sims,
                per_step,
            };
            pipeline::run(parts, &plan, &mut batch, cache, evaluator, interrupt)?;
            self.results(states, games, temperatures, &mut rows);
            return Ok(rows);
        }
        // The roots' evaluation (one call for all roots that need it), then the simulations,
        // step by step: each step a job for every part, then one evaluator call.
        let (done, _) = with_crew(
            parts,
            |part, job| part.work(job, &ctx),
            |crew| -> Result<(), Error> {
                let mut step = |crew: &mut Crew<'_, Part<'_, G>, Job>, job| {
                    crew.run(job);
                    let mut parts = crew.parts();
                    if let Some(e) = parts.iter_mut().find_map(|p| p.error.take()) {
                        return Err(e);
                    }
                    evaluate(&ctx, &mut batch, cache, &mut parts, evaluator)
                };
                for job in jobs(sims, per_step) {
                    match job {
                        Job::Finish => crew.run(job),
                        Job::Step { .. } if interrupt() => {
                            crew.run(Job::Finish);
                            return Err(interrupted());
                        }
                        _ => step(crew, job)?,
                    }
                }
                let mut parts = crew.parts();
                parts
                    .iter_mut()
                    .find_map(|p| p.error.take())
                    .map_or(Ok(()), Err)
            },
        );
        done?;
        self.results(states, games, temperatures, &mut rows);
        Ok(rows)
    }

    /// The results of the roots searched on this thread, into `rows`.
    fn results<G: Game>(
        &mut self,
        states: &[G],
        games: &mut [GameSearch],
        temperatures: &[f64],
        rows: &mut SearchRows,
    ) {
        if self.scratch.is_empty() {
            self.scratch.push(Scratch::default());
        }
        let scratch = &mut self.scratch[0];
        let mut rows = rows.as_mut();
        for (i, ((state, game), &t)) in states
            .iter()
            .zip(games.iter_mut())
            .zip(temperatures)
            .enumerate()
        {
            result(&self.config.rule, state, game, t, scratch, rows.row(i));
        }
    }
}

/// Makes `tree` ready for a search of `state`: its root the position (a subtree of the last
/// search kept with `reuse`), and a fresh tree room for every one of `simulations` nodes, each
/// about as wide as the root (up to a bound: a huge budget grows the arenas as it goes).
/// `history` is working memory.
pub(super) fn plant<G: Game>(
    state: &G,
    tree: &mut Tree,
    simulations: u32,
    reuse: bool,
    history: &mut Vec<usize>,
) {
    history.clear();
    history.extend((0..state.history().len()).map(|k| state.history_action(k)));
    tree.prepare(history, state.num_players(), reuse);
    if !tree.nodes[0].expanded {
        let nodes = (simulations as usize + 1).min(RESERVED_NODES);
        tree.reserve(nodes, state.count_legal_moves().min(64));
    }
}

/// The result of the search of `state` with `game`, into `row` (zeros): its visits, policy
/// target, value and chosen move (drawn from `game`'s generator at a temperature). Nothing is
/// allocated: the rest is worked out in `scratch`.
pub(super) fn result<G: Game>(
    rule: &Rule,
    state: &G,
    game: &mut GameSearch,
    temperature: f64,
    scratch: &mut Scratch,
    row: RowMut<'_>,
) {
    let tree = &mut game.tree;
    let players = tree.players;
    let num_actions = state.num_actions();
    let Scratch {
        legal,
        cands,
        priors,
        logits,
        sigma,
        pi,
        counts,
        ..
    } = scratch;
    state.legal_actions(legal);
    root_cands(tree, legal, cands);
    let root = tree.node(0);
    let RowMut {
        action,
        visits,
        policy,
        value,
    } = row;
    let mut total = 0u64;
    value.copy_from_slice(root.raw);
    for (e, edge) in root.edges.iter().enumerate() {
        if (edge.action as usize) < num_actions {
            visits[edge.action as usize] = u64::from(edge.n);
        }
        total += u64::from(edge.n);
        for (v, w) in value
            .iter_mut()
            .zip(&root.w[e * players..(e + 1) * players])
        {
            *v += w;
        }
    }
    value.iter_mut().for_each(|v| *v /= 1.0 + total as f64);
    listed_priors(&root, cands, priors, logits);
    let pick = match rule {
        Rule::Puct(_) => {
            counts.clear();
            counts.extend(cands.iter().map(|&e| u64::from(root.edges[e].n)));
            let sum: u64 = counts.iter().sum();
            for (i, &a) in legal.iter().enumerate() {
                policy[a as usize] = if sum > 0 {
                    (counts[i] as f64 / sum as f64) as f32
                } else {
                    priors[i] as f32
                };
            }
            puct::choose(counts, priors, temperature, &mut game.rng)
        }
        Rule::Gumbel(c) => {
            let listed = Listed {
                edges: cands,
                priors,
                logits,
            };
            let (_, sigma) = gumbel::sigma(&root, &listed, c, players, sigma);
            gumbel::improved_policy(&root, &listed, sigma, pi);
            for (i, &a) in legal.iter().enumerate() {
                policy[a as usize] = pi[i] as f32;
            }
            gumbel::choose(&root, &listed, sigma)
        }
    };
    *action = legal[pick] as usize;
}

/// The root's noise, in ascending action id: Dirichlet (PUCT, when asked) or Gumbel.
pub(super) fn noise(rule: &Rule, legal: &[u32], cands: &mut Vec<usize>, game: &mut GameSearch) {
    let tree = &mut game.tree;
    tree.root_extra.fill(0.0);
    root_cands(tree, legal, cands);
    match rule {
        Rule::Puct(c) => {
            if c.dirichlet_fraction > 0.0 {
                let eta = puct::dirichlet(c.dirichlet_alpha, legal.len(), &mut game.rng);
                for (&e, x) in cands.iter().zip(eta) {
                    tree.root_extra[e] = x;
                }
            }
        }
        Rule::Gumbel(c) => {
            for &e in cands.iter() {
                let mut u = uniform(&mut game.rng);
                if u == 0.0 {
                    u = 1.0 / (1u64 << 53) as f64;
                }
                tree.root_extra[e] = c.gumbel_scale * -(-u.ln()).ln();
            }
        }
    }
}

/// Evaluates the leaves the parts have read: the cache first, then one evaluator call for the
/// rest, their logits and values written into each part's leaf arrays (the parts expand them
/// in their next job).
pub(super) fn evaluate<'p, G: Game, P: DerefMut<Target = Part<'p, G>>, E>(
    ctx: &Ctx<'_>,
    batch: &mut LeafBatch<G>,
    cache: &mut Cache,
    parts: &mut [P],
    evaluator: &mut E,
) -> Result<(), Error>
where
    E: Evaluator<G> + ?Sized,
{
    if ctx.uniform {
        // `read` left every leaf's logits and values at 0, which is this evaluator's answer
        // (and the cache's, had it kept any): nothing to call, copy or check.
        return Ok(());
    }
    let (num_actions, players, obs_size) = (batch.num_actions, ctx.players, ctx.obs_size);
    let (wants, keyed) = (ctx.wants, ctx.keyed);
    // The cache, then one batch of the rest, in the order of the parts and their leaves.
    let mut misses: Vec<(usize, usize)> = Vec::new();
    for (pi, part) in parts.iter_mut().enumerate() {
        let part = &mut **part;
        let s = &mut *part.scratch;
        for i in 0..part.worlds.len() {
            let hit = keyed && {
                match cache.get(&s.keys[i]) {
                    Some((logits, values)) => {
                        s.leaf_logits[s.leaf_at[i]..s.leaf_at[i + 1]].copy_from_slice(logits);
                        s.leaf_values[i * players..(i + 1) * players].copy_from_slice(values);
                        true
                    }
                    None => false,
                }
            };
            s.hits.push(hit);
            if !hit {
                misses.push((pi, i));
            }
        }
    }
    if misses.is_empty() {
        return Ok(());
    }
    // The batch's arrays are refilled in place, step after step: arrays this large freshly
    // allocated are fresh pages for the system to fault in at every step.
    batch.states.clear();
    batch.observations.clear();
    batch.masks.clear();
    batch.masks.resize(misses.len() * num_actions, false);
    batch.players.clear();
    for part in parts.iter_mut() {
        let part = &mut **part;
        let s = &*part.scratch;
        for (i, world) in part.worlds.drain(..).enumerate() {
            if s.hits[i] {
                continue;
            }
            let row = batch.players.len();
            for &a in &s.leaf_legal[s.leaf_at[i]..s.leaf_at[i + 1]] {
                batch.masks[row * num_actions + a as usize] = true;
            }
            if wants {
                batch
                    .observations
                    .extend_from_slice(&s.observations[i * obs_size..(i + 1) * obs_size]);
            }
            batch.players.push(s.movers[i]);
            batch.states.push(world);
        }
    }
    let out = evaluator.evaluate(batch)?;
    check(&out, batch, &misses, parts)?;
    if keyed {
        for &(pi, i) in &misses {
            let s = &*parts[pi].scratch;
            let logits = s.leaf_logits[s.leaf_at[i]..s.leaf_at[i + 1]].to_vec();
            let values = s.leaf_values[i * players..(i + 1) * players].to_vec();
            cache.insert(s.keys[i], (logits, values));
        }
    }
    Ok(())
}

/// Checks an evaluator's output and writes, per leaf it scored, the logits of the legal actions
/// and the value vector into its part's leaf arrays.
fn check<'p, G: 'p, P: DerefMut<Target = Part<'p, G>>>(
    out: &Evaluations,
    batch: &LeafBatch<G>,
    misses: &[(usize, usize)],
    parts: &mut [P],
) -> Result<(), Error> {
    let (l, a, p) = (batch.len(), batch.num_actions, batch.num_players);
    if out.logits.len() != l * a {
        return Err(bad_output(format!(
            "logits have {} entries, expected {l} leaves x {a} actions",
            out.logits.len()
        )));
    }
    let per_mover = p == 2 && out.values.len() == l && l * p != l;
    if out.values.len() != l * p && !per_mover {
        return Err(bad_output(format!(
            "values have {} entries, expected {l} leaves x {p} players{}",
            out.values.len(),
            if p == 2 { " (or one per leaf)" } else { "" }
        )));
    }
    for (row, &(pi, i)) in misses.iter().enumerate() {
        let s = &mut *parts[pi].scratch;
        let (from, to) = (s.leaf_at[i], s.leaf_at[i + 1]);
        for k in from..to {
            let action = s.leaf_legal[k];
            let x = out.logits[row * a + action as usize];
            if !x.is_finite() {
                return Err(bad_output(format!(
                    "logit {x} for legal action {action} of leaf {row}"
                )));
            }
            s.leaf_logits[k] = f64::from(x);
        }
        let values = &mut s.leaf_values[i * p..(i + 1) * p];
        if per_mover {
            let v = f64::from(out.values[row]);
            let mover = batch.players[row];
            for (seat, x) in values.iter_mut().enumerate() {
                *x = if seat == mover { v } else { -v };
            }
        } else {
            for (x, &v) in values.iter_mut().zip(&out.values[row * p..(row + 1) * p]) {
                *x = f64::from(v);
            }
        }
        if let Some(v) = values.iter().find(|v| !v.is_finite()) {
            return Err(bad_output(format!("value {v} for leaf {row}")));
        }
    }
    Ok(())
}

/// Self-play settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayConfig {
    /// The search of every move.
    pub search: LearnedConfig,
    /// PUCT's moves are drawn at temperature 1 for the first `temperature_plies` plies of each
    /// game, then at the configured temperature (Gumbel's move is always its own choice).
    pub temperature_plies: u32,
    /// A game stops after this many plies (its returns are then 0 for every seat).
    pub max_plies: Option<u32>,
    /// Game `g` searches with `SplitMix64(seed + g)`.
    pub seed: u64,
}

/// Self-play records, one row per ply, game after game (in game order, plies ascending).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SelfPlay {
    /// `T × obs_size`: the mover's view.
    pub observations: Vec<f32>,
    /// The shape of one observation.
    pub observation_shape: Vec<usize>,
    /// `T × num_actions`.
    pub masks: Vec<bool>,
    /// `T × num_actions`: the search's policy targets.
    pub policies: Vec<f32>,
    /// The mover of each row.
    pub players: Vec<i64>,
    /// `T × num_players`: the game's final returns.
    pub returns: Vec<f32>,
    /// The game of each row.
    pub game_ids: Vec<i64>,
    /// The ply of each row.
    pub plies: Vec<i64>,
    /// The chosen action of each row.
    pub actions: Vec<i64>,
    /// Size of the action space.
    pub num_actions: usize,
    /// Number of players.
    pub num_players: usize,
}

/// Plays the games from `starts` to the end (or `max_plies`), all in lockstep: every ply one
/// batched search of all live games, so one evaluator call per simulation step.
///
/// # Errors
///
/// As [`LearnedSearch::search`].
pub fn selfplay<G: Game, E: Evaluator<G> + ?Sized>(
    starts: Vec<G>,
    config: &SelfPlayConfig,
    evaluator: &mut E,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<SelfPlay, Error> {
    let mut search = LearnedSearch::new(config.search.clone())?;
    let base_t = search.temperature();
    let n = starts.len();
    let mut states = starts;
    let mut games: Vec<GameSearch> = (0..n)
        .map(|g| GameSearch::new(config.seed.wrapping_add(g as u64)))
        .collect();
    struct Row {
        obs: Vec<f32>,
        mask: Vec<bool>,
        policy: Vec<f32>,
        player: usize,
        ply: usize,
        action: usize,
    }
    let mut rows: Vec<Vec<Row>> = (0..n).map(|_| Vec::new()).collect();
    let mut plies = vec![0usize; n];
    let limit = config.max_plies.map_or(usize::MAX, |m| m as usize);
    let Some(first) = states.first() else {
        return Ok(SelfPlay::default());
    };
    let (num_actions, players) = (first.num_actions(), first.num_players());
    let shape = first.observation_shape();
    let obs_size: usize = shape.iter().product();
    loop {
        let live: Vec<usize> = (0..n)
            .filter(|&g| states[g].current_player().is_some() && plies[g] < limit)
            .collect();
        if live.is_empty() {
            break;
        }
        let roots: Vec<G> = live.iter().map(|&g| states[g].clone()).collect();
        let mut slots: Vec<GameSearch> = live
            .iter()
            .map(|&g| std::mem::replace(&mut games[g], GameSearch::new(0)))
            .collect();
        let temps: Vec<f64> = live
            .iter()
            .map(|&g| {
                if plies[g] < config.temperature_plies as usize {
                    1.0
                } else {
                    base_t
                }
            })
            .collect();
        let results = search.search_at(&roots, &mut slots, evaluator, interrupt, &temps);
        for (&g, slot) in live.iter().zip(slots) {
            games[g] = slot;
        }
        for (&g, result) in live.iter().zip(results?) {
            let state = &mut states[g];
            let mover = state.current_player().ok_or_else(|| over("selfplay"))?;
            let mut obs = vec![0.0f32; obs_size];
            state.observation(mover, &mut obs);
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            let mut mask = vec![false; num_actions];
            legal.iter().for_each(|&a| mask[a as usize] = true);
            rows[g].push(Row {
                obs,
                mask,
                policy: result.policy,
                player: mover,
                ply: plies[g],
                action: result.action,
            });
            let mv = state.move_from_action(result.action)?;
            state.play(mv)?;
            plies[g] += 1;
        }
    }
    let mut out = SelfPlay {
        observation_shape: shape,
        num_actions,
        num_players: players,
        ..SelfPlay::default()
    };
    for (g, game_rows) in rows.into_iter().enumerate() {
        let returns = states[g]
            .outcome()
            .map_or_else(|| vec![0.0; players], |o| o.returns(players));
        for row in game_rows {
            out.observations.extend_from_slice(&row.obs);
            out.masks.extend_from_slice(&row.mask);
            out.policies.extend_from_slice(&row.policy);
            out.players.push(row.player as i64);
            out.returns.extend(returns.iter().map(|&r| r as f32));
            out.game_ids.push(g as i64);
            out.plies.push(row.ply as i64);
            out.actions.push(row.action as i64);
        }
    }
    Ok(out)
}
