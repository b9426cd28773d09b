//! The batched search: `N` roots searched together, one evaluator call per simulation step
//! for all their new leaves; and self-play, `N` games in lockstep.

use std::collections::HashMap;

use super::tree::{Node, Tree, NONE};
use super::{
    bad_output, gumbel, puct, uniform, Evaluations, Evaluator, LeafBatch, LearnedConfig, Rule,
    SearchResult,
};
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

/// A learned search: its settings and its evaluation cache.
#[derive(Clone, Debug)]
pub struct LearnedSearch {
    config: LearnedConfig,
    cache: HashMap<(u64, usize), (Vec<f64>, Vec<f64>)>,
}

/// A leaf waiting for the evaluator: the node, the world reaching it, and every path that
/// reached it this step (as `(node, action)` pairs).
struct Leaf<G> {
    game: usize,
    node: u32,
    state: G,
    paths: Vec<Vec<(u32, u32)>>,
}

enum Descent<G> {
    Done,
    Leaf(u32, G, Vec<(u32, u32)>),
}

fn over(what: &str) -> Error {
    Error::InvalidState(format!(
        "{what}: the game is over, there is nothing to search"
    ))
}

/// The interruption error (Ctrl-C between steps).
pub fn interrupted() -> Error {
    Error::InvalidState("the search was interrupted".into())
}

/// The candidates of `node` in `world`: every edge in a game of perfect information; in one with
/// hidden information the actions legal in this world (edges added for new ones).
fn candidates<G: Game>(node: &mut Node, world: &G, hidden: bool, players: usize) -> Vec<usize> {
    if !hidden {
        return (0..node.edges.len()).collect();
    }
    let mut legal = Vec::new();
    world.legal_actions(&mut legal);
    for &a in &legal {
        node.edge_of(a, players);
    }
    legal
        .iter()
        .map(|&a| {
            node.edges
                .binary_search_by_key(&a, |e| e.action)
                .unwrap_or(0)
        })
        .collect()
}

/// The candidates' priors (renormalised when they are not all the node's edges; uniform, with
/// logits 0, when the first world had none of them) and logits.
fn priors_of(node: &Node, cands: &[usize]) -> (Vec<f64>, Vec<f64>) {
    let mut priors: Vec<f64> = cands.iter().map(|&e| node.edges[e].prior).collect();
    let mut logits: Vec<f64> = cands.iter().map(|&e| node.edges[e].logit).collect();
    if cands.len() != node.edges.len() {
        let sum: f64 = priors.iter().sum();
        if sum > 0.0 {
            priors.iter_mut().for_each(|p| *p /= sum);
        } else {
            priors.fill(1.0 / cands.len() as f64);
            logits.fill(0.0);
        }
    }
    (priors, logits)
}

fn backup(tree: &mut Tree, path: &[(u32, u32)], values: &[f64]) {
    let players = tree.players;
    for &(n, a) in path {
        let node = &mut tree.nodes[n as usize];
        let e = node.edge_of(a, players);
        node.edges[e].n += 1;
        node.edges[e].vl = node.edges[e].vl.saturating_sub(1);
        for (w, v) in node.w[e * players..(e + 1) * players]
            .iter_mut()
            .zip(values)
        {
            *w += v;
        }
    }
}

fn softmax(logits: &[f64]) -> Vec<f64> {
    let m = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = logits.iter().map(|&l| (l - m).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.iter().map(|&x| x / sum).collect()
}

/// The world a root is evaluated in: the state itself, or in a game with hidden information a
/// world drawn for the mover by `SplitMix64(0)` (a function of what the mover knows only, so
/// the evaluation never reads what the mover cannot see, and draws nothing from the search).
fn root_world<G: Game>(state: &G) -> G {
    match (G::hidden_information(), state.current_player()) {
        (Some(_), Some(mover)) => resample(state, mover, &mut SplitMix64::new(0)),
        _ => state.clone(),
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
        let t = self.temperature();
        let mut games = Vec::with_capacity(states.len());
        for state in states {
            games.push(GameSearch {
                tree: Tree::new(),
                rng: rng.clone(),
            });
            rng.skip(self.draws(state, t));
        }
        self.search_at(
            states,
            &mut games,
            evaluator,
            interrupt,
            &vec![t; states.len()],
        )
    }

    /// [`search`](Self::search) with the temperature of each root's chosen move given.
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
        if states.len() != games.len() || states.len() != temperatures.len() {
            return Err(Error::InvalidOption(
                "one tree and one temperature per root".into(),
            ));
        }
        let hidden = G::hidden_information().is_some();
        let reuse = self.config.reuse;
        // The trees, and the roots' evaluation (one call for all roots that need it).
        let mut leaves = Vec::new();
        for (i, (state, game)) in states.iter().zip(games.iter_mut()).enumerate() {
            if state.current_player().is_none() {
                return Err(over("search"));
            }
            let history: Vec<usize> = (0..state.history().len())
                .map(|k| state.history_action(k))
                .collect();
            game.tree.prepare(&history, state.num_players(), reuse);
            if !game.tree.nodes[0].expanded {
                leaves.push(Leaf {
                    game: i,
                    node: 0,
                    state: root_world(state),
                    paths: vec![Vec::new()],
                });
            }
        }
        self.evaluate(leaves, games, evaluator)?;
        // The root's noise, in ascending action id.
        let mut sequences = Vec::with_capacity(states.len());
        for (state, game) in states.iter().zip(games.iter_mut()) {
            let players = game.tree.players;
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            let root = &mut game.tree.nodes[0];
            root.edges.iter_mut().for_each(|e| e.extra = 0.0);
            let mut idx = Vec::with_capacity(legal.len());
            for &a in &legal {
                idx.push(a);
                root.edge_of(a, players);
            }
            let edge = |root: &Node, a: u32| {
                root.edges
                    .binary_search_by_key(&a, |e| e.action)
                    .unwrap_or(0)
            };
            match &self.config.rule {
                Rule::Puct(c) => {
                    if c.dirichlet_fraction > 0.0 {
                        let eta = puct::dirichlet(c.dirichlet_alpha, legal.len(), &mut game.rng);
                        for (&a, x) in idx.iter().zip(eta) {
                            let e = edge(root, a);
                            root.edges[e].extra = x;
                        }
                    }
                    sequences.push(Vec::new());
                }
                Rule::Gumbel(c) => {
                    for &a in &idx {
                        let mut u = uniform(&mut game.rng);
                        if u == 0.0 {
                            u = 1.0 / (1u64 << 53) as f64;
                        }
                        let e = edge(root, a);
                        root.edges[e].extra = c.gumbel_scale * -(-u.ln()).ln();
                    }
                    let k = c.max_considered.min(legal.len());
                    sequences.push(gumbel::considered_visits(
                        k,
                        self.config.simulations as usize,
                    ));
                }
            }
        }
        // The simulations, step by step.
        let sims = self.config.simulations;
        let per_step = self.config.leaves_per_game;
        let mut started = 0u32;
        while started < sims {
            if interrupt() {
                return Err(interrupted());
            }
            let now = per_step.min(sims - started);
            let mut leaves: Vec<Leaf<G>> = Vec::new();
            let mut index: HashMap<(usize, u32), usize> = HashMap::new();
            for (i, (state, game)) in states.iter().zip(games.iter_mut()).enumerate() {
                for j in started..started + now {
                    let world = if hidden {
                        let seed = game.rng.next_u64();
                        let mover = state.current_player().ok_or_else(|| over("search"))?;
                        resample(state, mover, &mut SplitMix64::new(seed))
                    } else {
                        state.clone()
                    };
                    let target = sequences[i].get(j as usize).copied().unwrap_or(0);
                    match self.descend(&mut game.tree, world, hidden, target)? {
                        Descent::Done => {}
                        Descent::Leaf(node, world, path) => match index.get(&(i, node)) {
                            Some(&l) => leaves[l].paths.push(path),
                            None => {
                                index.insert((i, node), leaves.len());
                                leaves.push(Leaf {
                                    game: i,
                                    node,
                                    state: world,
                                    paths: vec![path],
                                });
                            }
                        },
                    }
                }
            }
            self.evaluate(leaves, games, evaluator)?;
            started += now;
        }
        Ok(states
            .iter()
            .zip(games.iter_mut())
            .zip(temperatures)
            .map(|((state, game), &t)| self.result(state, game, t))
            .collect())
    }

    /// One descent from the root of `tree` in `world`.
    fn descend<G: Game>(
        &self,
        tree: &mut Tree,
        mut world: G,
        hidden: bool,
        target: u32,
    ) -> Result<Descent<G>, Error> {
        let players = tree.players;
        let mut node = 0u32;
        let mut path = Vec::new();
        loop {
            if let Some(outcome) = world.outcome() {
                let returns = outcome.returns(players);
                backup(tree, &path, &returns);
                return Ok(Descent::Done);
            }
            if !tree.nodes[node as usize].expanded {
                return Ok(Descent::Leaf(node, world, path));
            }
            let n = &mut tree.nodes[node as usize];
            let cands = candidates(n, &world, hidden, players);
            if cands.is_empty() {
                return Err(Error::InvalidState(
                    "a position that is not over has no legal move".into(),
                ));
            }
            let (priors, logits) = priors_of(n, &cands);
            let pick = match &self.config.rule {
                Rule::Puct(c) => {
                    if node == 0 && c.dirichlet_fraction > 0.0 {
                        let eps = c.dirichlet_fraction;
                        let noisy: Vec<f64> = cands
                            .iter()
                            .zip(&priors)
                            .map(|(&e, &p)| (1.0 - eps) * p + eps * n.edges[e].extra)
                            .collect();
                        puct::select(n, &cands, &noisy, c.c_puct, players)
                    } else {
                        puct::select(n, &cands, &priors, c.c_puct, players)
                    }
                }
                Rule::Gumbel(c) => {
                    let logits = gumbel::shifted(&logits);
                    let sigma = gumbel::sigma(n, &cands, &priors, c, players);
                    if node == 0 {
                        gumbel::select_root(n, &cands, &logits, &sigma, target)
                    } else {
                        gumbel::select_interior(n, &cands, &logits, &sigma)
                    }
                }
            };
            let e = cands[pick];
            n.edges[e].vl += 1;
            let action = n.edges[e].action;
            path.push((node, action));
            let child = n.edges[e].child;
            let mv = world.move_from_action(action as usize)?;
            world.play_for_good(mv);
            node = if child == NONE {
                let c = tree.add();
                tree.nodes[node as usize].edges[e].child = c;
                c
            } else {
                child
            };
        }
    }

    /// Evaluates the leaves (the cache first, then one evaluator call for the rest), expands
    /// their nodes and backs their values up every path that reached them.
    fn evaluate<G: Game, E: Evaluator<G> + ?Sized>(
        &mut self,
        leaves: Vec<Leaf<G>>,
        games: &mut [GameSearch],
        evaluator: &mut E,
    ) -> Result<(), Error> {
        if leaves.is_empty() {
            return Ok(());
        }
        let first = &leaves[0].state;
        let (num_actions, players) = (first.num_actions(), first.num_players());
        let mut legal: Vec<Vec<u32>> = Vec::with_capacity(leaves.len());
        let mut movers = Vec::with_capacity(leaves.len());
        let mut keys = Vec::with_capacity(leaves.len());
        let mut found: Vec<Option<(Vec<f64>, Vec<f64>)>> = Vec::with_capacity(leaves.len());
        for leaf in &leaves {
            let mut actions = Vec::new();
            leaf.state.legal_actions(&mut actions);
            let mover = leaf
                .state
                .current_player()
                .ok_or_else(|| over("evaluate"))?;
            let key = (leaf.state.key(), mover);
            found.push(if self.config.cache {
                self.cache.get(&key).cloned()
            } else {
                None
            });
            legal.push(actions);
            movers.push(mover);
            keys.push(key);
        }
        let misses: Vec<usize> = (0..leaves.len()).filter(|&i| found[i].is_none()).collect();
        let mut nodes_paths = Vec::with_capacity(leaves.len());
        let mut batch = LeafBatch {
            states: Vec::with_capacity(misses.len()),
            observations: Vec::new(),
            observation_shape: first.observation_shape(),
            masks: vec![false; misses.len() * num_actions],
            players: Vec::with_capacity(misses.len()),
            num_actions,
            num_players: players,
        };
        let wants = evaluator.wants_observations();
        let obs_size: usize = batch.observation_shape.iter().product();
        if wants {
            batch.observations = vec![0.0; misses.len() * obs_size];
        }
        for (i, leaf) in leaves.into_iter().enumerate() {
            if found[i].is_none() {
                let row = batch.players.len();
                for &a in &legal[i] {
                    batch.masks[row * num_actions + a as usize] = true;
                }
                if wants {
                    leaf.state.observation(
                        movers[i],
                        &mut batch.observations[row * obs_size..(row + 1) * obs_size],
                    );
                }
                batch.players.push(movers[i]);
                batch.states.push(leaf.state);
            }
            nodes_paths.push((leaf.game, leaf.node, leaf.paths));
        }
        if !misses.is_empty() {
            let out = evaluator.evaluate(&batch)?;
            let rows = check(&out, &batch, &legal, &misses)?;
            for (row, (logits, values)) in rows.into_iter().enumerate() {
                let i = misses[row];
                if self.config.cache {
                    self.cache.insert(keys[i], (logits.clone(), values.clone()));
                }
                found[i] = Some((logits, values));
            }
        }
        for (i, (game, node, paths)) in nodes_paths.into_iter().enumerate() {
            let (logits, values) = found[i].take().unwrap_or_default();
            let tree = &mut games[game].tree;
            let priors = softmax(&logits);
            let n = &mut tree.nodes[node as usize];
            n.player = movers[i];
            n.expanded = true;
            n.raw.clone_from(&values);
            n.edges = legal[i]
                .iter()
                .zip(logits.iter().zip(&priors))
                .map(|(&action, (&logit, &prior))| super::tree::Edge {
                    action,
                    prior,
                    logit,
                    n: 0,
                    vl: 0,
                    child: NONE,
                    extra: 0.0,
                })
                .collect();
            n.w = vec![0.0; legal[i].len() * players];
            for path in paths {
                backup(tree, &path, &values);
            }
        }
        Ok(())
    }

    fn result<G: Game>(&self, state: &G, game: &mut GameSearch, temperature: f64) -> SearchResult {
        let tree = &mut game.tree;
        let players = tree.players;
        let num_actions = state.num_actions();
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let root = &mut tree.nodes[0];
        for &a in &legal {
            root.edge_of(a, players);
        }
        let cands: Vec<usize> = legal
            .iter()
            .map(|&a| {
                root.edges
                    .binary_search_by_key(&a, |e| e.action)
                    .unwrap_or(0)
            })
            .collect();
        let root = &tree.nodes[0];
        let mut visits = vec![0u64; num_actions];
        let mut total = 0u64;
        let mut value = root.raw.clone();
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
        let (priors, logits) = priors_of(root, &cands);
        let mut policy = vec![0.0f32; num_actions];
        let pick = match &self.config.rule {
            Rule::Puct(_) => {
                let n: Vec<u64> = cands.iter().map(|&e| u64::from(root.edges[e].n)).collect();
                let sum: u64 = n.iter().sum();
                for (i, &a) in legal.iter().enumerate() {
                    policy[a as usize] = if sum > 0 {
                        (n[i] as f64 / sum as f64) as f32
                    } else {
                        priors[i] as f32
                    };
                }
                puct::choose(&n, &priors, temperature, &mut game.rng)
            }
            Rule::Gumbel(c) => {
                let logits = gumbel::shifted(&logits);
                let sigma = gumbel::sigma(root, &cands, &priors, c, players);
                let pi = gumbel::improved_policy(&logits, &sigma);
                for (i, &a) in legal.iter().enumerate() {
                    policy[a as usize] = pi[i] as f32;
                }
                gumbel::choose(root, &cands, &logits, &sigma)
            }
        };
        SearchResult {
            action: legal[pick] as usize,
            visits,
            policy,
            value,
        }
    }
}

/// Checks an evaluator's output and returns, per row, the logits of the legal actions and the
/// value vector.
#[allow(clippy::type_complexity)]
fn check<G>(
    out: &Evaluations,
    batch: &LeafBatch<G>,
    legal: &[Vec<u32>],
    misses: &[usize],
) -> Result<Vec<(Vec<f64>, Vec<f64>)>, Error> {
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
    let mut rows = Vec::with_capacity(l);
    for (row, &i) in misses.iter().enumerate() {
        let mut logits = Vec::with_capacity(legal[i].len());
        for &action in &legal[i] {
            let x = out.logits[row * a + action as usize];
            if !x.is_finite() {
                return Err(bad_output(format!(
                    "logit {x} for legal action {action} of leaf {row}"
                )));
            }
            logits.push(f64::from(x));
        }
        let values: Vec<f64> = if per_mover {
            let v = f64::from(out.values[row]);
            let mover = batch.players[row];
            (0..2).map(|s| if s == mover { v } else { -v }).collect()
        } else {
            out.values[row * p..(row + 1) * p]
                .iter()
                .map(|&v| f64::from(v))
                .collect()
        };
        if let Some(v) = values.iter().find(|v| !v.is_finite()) {
            return Err(bad_output(format!("value {v} for leaf {row}")));
        }
        rows.push((logits, values));
    }
    Ok(rows)
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
