//! Learned models inside the search: PUCT (AlphaZero) and Gumbel MuZero's root, driven by an
//! [`Evaluator`] (a neural network behind Python, or a built-in), generic over [`Game`], with
//! `N` roots searched together and one evaluator call per simulation step for all their leaves.
//!
//! `docs/search-spec.md` is the specification; this module implements it to the letter. Where
//! it leaves a choice open, the choice is written on the item that makes it.

mod batch;
mod cands;
mod crew;
mod gumbel;
mod pipeline;
mod puct;
mod root_major;
mod rows;
mod tree;

#[cfg(test)]
mod tests;

pub use batch::{selfplay, GameSearch, LearnedSearch, SelfPlay, SelfPlayConfig};
pub use gumbel::considered_visits;
pub use rows::SearchRows;
pub use tree::Tree;

use crate::core::error::Error;
use crate::core::game::Game;

/// The leaves of one evaluator call: row `i` is a position seen by `players[i]`, its mover.
pub struct LeafBatch<G> {
    /// The leaf positions (worlds sampled for the mover in games with hidden information):
    /// for evaluators that read the game itself ([`GameEvaluation`]).
    pub states: Vec<G>,
    /// `len × obs_size`, flat: `states[i].observation(players[i])` (empty when the evaluator
    /// says it needs none).
    pub observations: Vec<f32>,
    /// The shape of one observation.
    pub observation_shape: Vec<usize>,
    /// `len × num_actions`: the legal actions of each leaf.
    pub masks: Vec<bool>,
    /// The player to move at each leaf.
    pub players: Vec<usize>,
    /// Size of the action space.
    pub num_actions: usize,
    /// Number of players.
    pub num_players: usize,
}

impl<G> LeafBatch<G> {
    /// Number of leaves.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// True when there is no leaf.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }
}

/// What an evaluator returns for a batch of `L` leaves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evaluations {
    /// `L × num_actions`, flat (entries of illegal actions are ignored).
    pub logits: Vec<f32>,
    /// `L × num_players`, flat, per seat; or, in a two-player game, `L` values for the mover.
    pub values: Vec<f32>,
}

/// A model that scores leaves: priors (as logits) and a value per seat.
pub trait Evaluator<G: Game> {
    /// Whether [`LeafBatch::observations`] must be filled (the built-ins read nothing).
    fn wants_observations(&self) -> bool {
        true
    }

    /// Whether every leaf is scored logits 0 and values 0 whatever it is (the built-in
    /// `uniform`): the search then makes no batch and no call, its leaves' arrays already
    /// holding those zeros.
    fn is_uniform(&self) -> bool {
        false
    }

    /// A copy of this evaluator for a thread of its own, when it runs in Rust and scores each
    /// leaf on its own, whatever else is in its batch (the built-ins). The search then takes its
    /// roots a group at a time through all their simulations, threads taking groups as they go
    /// (the root-major search), rather than stepping every root together from one call to the
    /// next. `None` (the default): the evaluator is called once per simulation step for all the
    /// roots' leaves (a Python model).
    fn for_thread(&self) -> Option<Box<dyn Evaluator<G> + Send>> {
        None
    }

    /// Scores a batch of leaves.
    ///
    /// # Errors
    ///
    /// Whatever the model fails with; the search stops and returns it.
    fn evaluate(&mut self, batch: &LeafBatch<G>) -> Result<Evaluations, Error>;
}

/// The built-in `uniform` evaluator: logits 0, values 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uniform;

impl<G: Game> Evaluator<G> for Uniform {
    fn wants_observations(&self) -> bool {
        false
    }

    fn is_uniform(&self) -> bool {
        true
    }

    fn for_thread(&self) -> Option<Box<dyn Evaluator<G> + Send>> {
        Some(Box::new(Uniform))
    }

    fn evaluate(&mut self, batch: &LeafBatch<G>) -> Result<Evaluations, Error> {
        Ok(Evaluations {
            logits: vec![0.0; batch.len() * batch.num_actions],
            values: vec![0.0; batch.len() * batch.num_players],
        })
    }
}

/// The built-in `evaluation` evaluator: logits 0, values from the game's
/// [`Evaluation::evaluate`](crate::Evaluation::evaluate) (in games with hidden information, of
/// the world sampled for the mover).
#[derive(Clone, Copy, Debug, Default)]
pub struct GameEvaluation;

impl<G: Game> Evaluator<G> for GameEvaluation {
    fn wants_observations(&self) -> bool {
        false
    }

    fn for_thread(&self) -> Option<Box<dyn Evaluator<G> + Send>> {
        Some(Box::new(GameEvaluation))
    }

    fn evaluate(&mut self, batch: &LeafBatch<G>) -> Result<Evaluations, Error> {
        let p = batch.num_players;
        let mut values = vec![0.0f64; p];
        let mut out = Vec::with_capacity(batch.len() * p);
        for state in &batch.states {
            values.fill(0.0);
            state.evaluate(&mut values);
            out.extend(values.iter().map(|&v| v as f32));
        }
        Ok(Evaluations {
            logits: vec![0.0; batch.len() * batch.num_actions],
            values: out,
        })
    }
}

/// PUCT's settings (AlphaZero).
#[derive(Clone, Debug, PartialEq)]
pub struct PuctConfig {
    /// The exploration constant (1.25).
    pub c_puct: f64,
    /// Dirichlet concentration of the root noise (0.3).
    pub dirichlet_alpha: f64,
    /// Weight of the root noise (0 for an agent's play, 0.25 for self-play).
    pub dirichlet_fraction: f64,
    /// 0: the most visited move; `τ > 0`: a move drawn `∝ N^(1/τ)`.
    pub temperature: f64,
}

impl Default for PuctConfig {
    fn default() -> Self {
        Self {
            c_puct: 1.25,
            dirichlet_alpha: 0.3,
            dirichlet_fraction: 0.0,
            temperature: 0.0,
        }
    }
}

/// Gumbel MuZero's settings (mctx's `gumbel_muzero_policy`).
#[derive(Clone, Debug, PartialEq)]
pub struct GumbelConfig {
    /// Root actions considered by sequential halving (16).
    pub max_considered: usize,
    /// `c_visit` of the completed-Q transform (50).
    pub c_visit: f64,
    /// `c_scale` of the completed-Q transform (0.1).
    pub c_scale: f64,
    /// Scale of the root's Gumbel noise (1; 0 for none: the draws are made all the same, as
    /// mctx multiplies its noise by the scale).
    pub gumbel_scale: f64,
}

impl Default for GumbelConfig {
    fn default() -> Self {
        Self {
            max_considered: 16,
            c_visit: 50.0,
            c_scale: 0.1,
            gumbel_scale: 1.0,
        }
    }
}

/// The selection rule of a learned search.
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    /// PUCT at every node.
    Puct(PuctConfig),
    /// Sequential halving with Gumbel noise at the root, the completed-Q policy below.
    Gumbel(GumbelConfig),
}

/// A learned search's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedConfig {
    /// The selection rule.
    pub rule: Rule,
    /// Simulations per search (after the root's evaluation).
    pub simulations: u32,
    /// Descents per search and step before the evaluator call (virtual loss when above 1).
    pub leaves_per_game: u32,
    /// Keep the subtree of the position searched next.
    pub reuse: bool,
    /// Keep evaluations keyed by `(key, player to move)`.
    pub cache: bool,
    /// Threads sharing the roots of a batched search (each root's search is the same
    /// whatever the number: the evaluator is still called once per step, on the calling
    /// thread).
    pub threads: usize,
    /// Split the roots in two halves and search one (on a thread of its own) while the
    /// evaluator scores the other's leaves, so that the search's time hides behind the
    /// evaluator's: two evaluator calls per step, each of half the leaves, and the same
    /// results as one call for a deterministic evaluator that scores each leaf alone.
    pub pipeline: bool,
}

impl LearnedConfig {
    /// A fresh config with the rule's defaults.
    pub fn new(rule: Rule, simulations: u32) -> Self {
        Self {
            rule,
            simulations,
            leaves_per_game: 1,
            reuse: true,
            cache: false,
            threads: 1,
            pipeline: false,
        }
    }

    /// # Errors
    ///
    /// [`Error::InvalidOption`] for a setting out of range.
    pub fn validate(&self) -> Result<(), Error> {
        let bad = |what: String| Err(Error::InvalidOption(what));
        if self.leaves_per_game == 0 {
            return bad("leaves_per_game must be at least 1".into());
        }
        if self.threads == 0 {
            return bad("threads must be at least 1".into());
        }
        if self.pipeline && self.threads > 1 {
            return bad(format!(
                "pipeline searches on one thread beside the evaluator's calls: threads must be \
                 1 with it, got {}",
                self.threads
            ));
        }
        match &self.rule {
            Rule::Puct(c) => {
                if !(c.c_puct.is_finite() && c.c_puct >= 0.0) {
                    return bad(format!("c_puct must be a number >= 0, got {}", c.c_puct));
                }
                if !(c.dirichlet_alpha.is_finite() && c.dirichlet_alpha > 0.0) {
                    return bad(format!(
                        "dirichlet_alpha must be a number > 0, got {}",
                        c.dirichlet_alpha
                    ));
                }
                if !(0.0..=1.0).contains(&c.dirichlet_fraction) {
                    return bad(format!(
                        "dirichlet_fraction must be in [0, 1], got {}",
                        c.dirichlet_fraction
                    ));
                }
                if !(c.temperature.is_finite() && c.temperature >= 0.0) {
                    return bad(format!(
                        "temperature must be a number >= 0, got {}",
                        c.temperature
                    ));
                }
            }
            Rule::Gumbel(c) => {
                if c.max_considered == 0 {
                    return bad("max_considered must be at least 1".into());
                }
                for (name, v) in [
                    ("c_visit", c.c_visit),
                    ("c_scale", c.c_scale),
                    ("gumbel_scale", c.gumbel_scale),
                ] {
                    if !(v.is_finite() && v >= 0.0) {
                        return bad(format!("{name} must be a number >= 0, got {v}"));
                    }
                }
            }
        }
        Ok(())
    }
}

/// The outcome of one search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The chosen action id.
    pub action: usize,
    /// Root visits per action id (`num_actions` entries).
    pub visits: Vec<u64>,
    /// The spec's policy target per action id (`num_actions` entries, 0 for illegal ones).
    pub policy: Vec<f32>,
    /// The root's value estimate per seat: `(raw + Σ W(a)) / (1 + Σ N(a))`.
    pub value: Vec<f64>,
}

/// The error of bad evaluator output.
pub(crate) fn bad_output(what: impl Into<String>) -> Error {
    Error::InvalidOption(format!("bad evaluator output: {}", what.into()))
}

/// A uniform draw in `[0, 1)`: `(next_u64() >> 11) · 2^-53`.
pub(crate) fn uniform(rng: &mut crate::core::rng::SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}
