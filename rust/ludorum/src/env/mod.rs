//! Batched environments for reinforcement learning: [`VecEnv`] steps `num_envs` games of one
//! configuration in one call, writing observations, rewards, ends, action masks and players to
//! move into buffers the caller owns and reuses, over threads. It is generic over [`Game`], and
//! [`BatchEnv`] is its object-safe face, made from an erased game by
//! [`DynGame::vec_env`](crate::core::dyn_game::DynGame::vec_env) (so by name through the one
//! dispatch, [`dyn_game::new`](crate::core::dyn_game::new)). Stepping stays monomorphised: one
//! indirect call per batch step, none per env or move.
//!
//! Seeding: episode `k` of env `i` of an env seeded `s` starts from [`episode_seed`]`(s, i, k)`
//! (the game's setup, its sampler and its opponents), so a run is the same whatever the thread
//! count.
//!
//! # Examples
//!
//! ```
//! use ludorum::env::{Autoreset, BatchEnv, Config, Outputs, VecEnv};
//! use ludorum::games::chinese_checkers::ChineseCheckers;
//! let options = serde_json::json!({"pieces": 10, "area": "free"});
//! let config = Config { num_envs: 4, ..Config::default() };
//! let mut env = VecEnv::<ChineseCheckers>::new(options.as_object().unwrap(), config).unwrap();
//! let mut buffers = env.buffers();
//! env.reset(None, None, &mut buffers.outputs()).unwrap();
//! let mut actions = vec![0i64; 4];
//! for _ in 0..10 {
//!     env.sample_actions(&mut actions);
//!     env.step(&actions, &mut buffers.outputs()).unwrap();
//! }
//! assert!(buffers.current_player.iter().all(|&p| p == 0 || p == 1));
//! ```

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{Map, Value};

use crate::core::action_bits;
use crate::core::batch::restart_from;
use crate::core::error::Error;
use crate::core::game::Game;
use crate::core::rng::{mix, GAMMA};
use crate::search::{Agent, AgentSpec};

mod draw;
mod obs;
mod pace;
mod prefetch;
#[cfg(test)]
mod tests;

use draw::Legal;
use obs::Element;
pub use obs::{ObsBuffer, ObsDtype, Observations};

/// What happens to an env whose episode ended, in Gymnasium 1.x's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Autoreset {
    /// The step after the end resets the env: its action is ignored, its reward is 0 and its
    /// observation the new episode's first.
    NextStep,
    /// The step that ends an episode also resets the env: the observation returned is the new
    /// episode's first, and the last one of the ended episode goes to `final_obs`.
    SameStep,
    /// No automatic reset: the caller resets ended envs with a mask; stepping one is an error.
    Disabled,
}

impl Autoreset {
    /// The mode named `next_step`, `same_step` or `disabled`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another name.
    pub fn parse(text: &str) -> Result<Self, Error> {
        match text {
            "next_step" => Ok(Self::NextStep),
            "same_step" => Ok(Self::SameStep),
            "disabled" => Ok(Self::Disabled),
            _ => Err(Error::InvalidOption(format!(
                "autoreset must be one of 'next_step', 'same_step', 'disabled', got '{text}'"
            ))),
        }
    }
}

/// How a [`VecEnv`] is set up, besides the game's options.
#[derive(Clone, Debug)]
pub struct Config {
    /// How many games are stepped together.
    pub num_envs: usize,
    /// The seed of episode 0 of every env (see [`episode_seed`]).
    pub seed: u64,
    /// Threads for a step (never more than envs); 1 steps in the caller's thread.
    pub threads: usize,
    /// See [`Autoreset`].
    pub autoreset: Autoreset,
    /// With opponents, the env is single-agent: the learner plays seat `learner` and every
    /// other seat is played inside the step by these agents (one spec for all, or one a seat);
    /// the step returns only at the learner's turns, with the learner's reward.
    pub opponents: Option<Vec<AgentSpec>>,
    /// The learner's seat when there are opponents.
    pub learner: usize,
    /// Opponent seats played from outside the engine (a Python policy, a learned search): the
    /// step stops at their turns, showing their observation and mask, and
    /// [`BatchEnv::play_outside`] gives their moves. Their entries of `opponents` are unused.
    pub outside: Vec<usize>,
    /// The element type of the observations (see [`ObsDtype`]); the outputs of every call
    /// hold it.
    pub obs_dtype: ObsDtype,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            num_envs: 1,
            seed: 0,
            threads: 1,
            autoreset: Autoreset::NextStep,
            opponents: None,
            learner: 0,
            outside: Vec::new(),
            obs_dtype: ObsDtype::Float32,
        }
    }
}

/// The seed of episode `k` of env `i` of an env seeded `seed`: a SplitMix64 mix of the three,
/// so that neighbouring envs and episodes are unrelated.
pub fn episode_seed(seed: u64, i: u64, k: u64) -> u64 {
    mix(seed ^ mix(i.wrapping_add(1).wrapping_mul(GAMMA)) ^ mix(k.wrapping_add(1) ^ 0x5EED))
}

// The sampler and the opponents of an episode draw from generators apart from the setup's.
const SAMPLER_SALT: u64 = 0x5A4D_504C_4552_0001;
const OPPONENT_SALT: u64 = 0x4F50_504F_4E45_4E54;

/// The buffers a step writes into, as slices of the caller's arrays (row-major, one row per
/// env). `final_obs` is written only with [`Autoreset::SameStep`], for the envs whose episode
/// ended in the step (`ended` true).
pub struct Outputs<'a> {
    /// `num_envs × observation size`: each env's observation for the player it waits for, in
    /// the env's [`ObsDtype`].
    pub obs: Observations<'a>,
    /// `num_envs × players` (or `num_envs × 1` with opponents: the learner's).
    pub rewards: &'a mut [f32],
    /// Whether the step ended the episode by the rules.
    pub terminated: &'a mut [bool],
    /// Whether the step ended the episode at the ply limit (the rules' "ply limit" reason).
    pub truncated: &'a mut [bool],
    /// `num_envs × num_actions`: the legal actions now (all false once an episode is over).
    pub mask: &'a mut [bool],
    /// The player to move (the learner with opponents), −1 once the episode is over.
    pub current_player: &'a mut [i32],
    /// Whether the env's episode ended in this step (and, with `SameStep`, was reset).
    pub ended: &'a mut [bool],
    /// `num_envs × observation size`: the last observation of an episode ended in this step.
    pub final_obs: Observations<'a>,
}

/// Owned buffers of the right sizes, for Rust callers and tests.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Buffers {
    /// See [`Outputs::obs`].
    pub obs: ObsBuffer,
    /// See [`Outputs::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Outputs::terminated`].
    pub terminated: Vec<bool>,
    /// See [`Outputs::truncated`].
    pub truncated: Vec<bool>,
    /// See [`Outputs::mask`].
    pub mask: Vec<bool>,
    /// See [`Outputs::current_player`].
    pub current_player: Vec<i32>,
    /// See [`Outputs::ended`].
    pub ended: Vec<bool>,
    /// See [`Outputs::final_obs`].
    pub final_obs: ObsBuffer,
}

impl Buffers {
    /// A copy of what `out` holds.
    fn copy_of(out: &Outputs<'_>) -> Self {
        Self {
            obs: out.obs.to_buffer(),
            rewards: out.rewards.to_vec(),
            terminated: out.terminated.to_vec(),
            truncated: out.truncated.to_vec(),
            mask: out.mask.to_vec(),
            current_player: out.current_player.to_vec(),
            ended: out.ended.to_vec(),
            final_obs: out.final_obs.to_buffer(),
        }
    }

    /// Writes this copy back into `out`.
    fn copy_into(&self, out: &mut Outputs<'_>) {
        out.obs.load(&self.obs);
        out.rewards.copy_from_slice(&self.rewards);
        out.terminated.copy_from_slice(&self.terminated);
        out.truncated.copy_from_slice(&self.truncated);
        out.mask.copy_from_slice(&self.mask);
        out.current_player.copy_from_slice(&self.current_player);
        out.ended.copy_from_slice(&self.ended);
        out.final_obs.load(&self.final_obs);
    }

    /// Slices of every buffer, for one call.
    pub fn outputs(&mut self) -> Outputs<'_> {
        Outputs {
            obs: self.obs.as_mut(),
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            mask: &mut self.mask,
            current_player: &mut self.current_player,
            ended: &mut self.ended,
            final_obs: self.final_obs.as_mut(),
        }
    }
}

/// The sizes of a batched env, which its buffers follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Games stepped together.
    pub num_envs: usize,
    /// Players of each game.
    pub num_players: usize,
    /// The size of the action space.
    pub num_actions: usize,
    /// The shape of one observation.
    pub observation: Vec<usize>,
    /// Rewards per env: the players, or 1 with opponents.
    pub reward_width: usize,
}

impl Shape {
    /// Floats in one observation.
    pub fn observation_size(&self) -> usize {
        self.observation.iter().product()
    }
}

/// A batched env of any game, as the bindings hold it.
pub trait BatchEnv: Send {
    /// The sizes of the buffers.
    fn shape(&self) -> &Shape;
    /// The options of the games, as `G::options` gives them.
    fn options(&self) -> Map<String, Value>;
    /// Starts new episodes: every env, or those where `mask` is true. With a `seed`, the env is
    /// reseeded and every reset env starts its episode 0 of that seed; without, each reset env
    /// starts its next episode. Writes every output (rewards 0, no end) for the reset envs.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] when `mask` has the wrong length; nothing is reset then.
    fn reset(
        &mut self,
        seed: Option<u64>,
        mask: Option<&[bool]>,
        out: &mut Outputs<'_>,
    ) -> Result<(), Error>;
    /// Plays one action per env (ignored for an env that the step resets).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidMove`] or [`Error::IllegalMove`] naming the env and the action when an
    /// action is not legal in its env, or an ended env is stepped with `Disabled`; no env of
    /// the batch is stepped then.
    fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<(), Error>;
    /// Plays the moves of the [`Config::outside`] seats: one action per env, used by the envs
    /// whose player to move is such a seat (the others ignore theirs), then the opponents'
    /// replies as in a step. The envs' step outputs are completed, not cleared.
    ///
    /// # Errors
    ///
    /// As [`step`](Self::step): an action not legal in an env that waits for it; no env is
    /// stepped then.
    fn play_outside(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<(), Error>;
    /// Whether an opponent searches (an MCTS agent), so that a reset, step or play from
    /// outside may take long: the bindings then call the `_until` forms, which a stop ends.
    fn searches(&self) -> bool;
    /// [`reset`](Self::reset) that gives up soon after `stop` is set: `Ok(false)`, and every
    /// env and output is as it was before the call (the search under way ends early and its
    /// move is dropped).
    ///
    /// # Errors
    ///
    /// As [`reset`](Self::reset).
    fn reset_until(
        &mut self,
        seed: Option<u64>,
        mask: Option<&[bool]>,
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
    ) -> Result<bool, Error>;
    /// [`step`](Self::step) that gives up soon after `stop` is set: `Ok(false)`, and every env
    /// and output is as it was before the step.
    ///
    /// # Errors
    ///
    /// As [`step`](Self::step).
    fn step_until(
        &mut self,
        actions: &[i64],
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
    ) -> Result<bool, Error>;
    /// [`play_outside`](Self::play_outside) that gives up soon after `stop` is set:
    /// `Ok(false)`, and every env and output is as it was before the call.
    ///
    /// # Errors
    ///
    /// As [`play_outside`](Self::play_outside).
    fn play_outside_until(
        &mut self,
        actions: &[i64],
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
    ) -> Result<bool, Error>;
    /// One uniformly random legal action per env (0 for an env waiting for its reset), from
    /// each episode's own generator.
    fn sample_actions(&mut self, actions: &mut [i64]);
    /// Env `i`'s game as the referee's JSON fields (`G::json_fields`, with `moves` and
    /// `options`), for inspection and tests.
    fn game_json(&self, i: usize) -> Map<String, Value>;
    /// The episode env `i` is playing (0 for the first after a seeded reset).
    fn episode(&self, i: usize) -> u64;
}

/// One env: its game, episode, generators and the legal actions its mask row holds.
#[derive(Clone)]
struct Slot<G: Game> {
    game: G,
    /// Whether a reset has started an episode here since the last seeded reset.
    started: bool,
    episode: u64,
    /// Whether the episode is over and waits for its reset (`NextStep`, `Disabled`).
    over: bool,
    opponents: Vec<Agent<G>>,
    /// The actions set in this env's mask row, to clear them at the next write (empty where
    /// the game writes its legal actions as bits).
    legal: Vec<u32>,
    /// The legal actions as bits ([`action_bits`]) where the game writes them (see
    /// [`VecEnv::native_bits`]), in place of `legal`; else empty.
    bits: Vec<u64>,
    /// The player whose view an over episode shows: its last mover.
    last_mover: usize,
}

/// `num_envs` games of `G` stepped together; see the [module](self) documentation.
pub struct VecEnv<G: Game> {
    start: G,
    config: Config,
    shape: Shape,
    slots: Vec<Slot<G>>,
    /// Each env's generator of random legal actions for `sample_actions` (see [`draw`]).
    draws: Vec<draw::Draw>,
    /// Each env's next random legal action, where its `draws` entry says it was made ahead.
    ahead: Vec<i64>,
    /// Each env's legal actions as bits, where the game has at most [`FEW_ACTIONS`] ids (0
    /// otherwise, and once an episode is over): the check of a step's actions reads this array
    /// rather than every env's state and legal list.
    legal_bits: Vec<u64>,
    /// Whether the game writes its legal actions as bits ([`MoveGen::legal_action_bits`]),
    /// which each env keeps in place of a list of ids: its mask row is then written whole from
    /// them, eight entries a byte, its action checked by one bit and its random action drawn
    /// by count.
    ///
    /// [`MoveGen::legal_action_bits`]: crate::core::game::MoveGen::legal_action_bits
    native_bits: bool,
    /// The `sample_actions` calls so far.
    samples: u64,
    /// Whether every env's next draw was made ahead (in `ahead`): the next `sample_actions`
    /// is then a copy of `ahead`. Found by the threads that step the envs, each over its own.
    ready: bool,
    /// Whether `reset` was called: a step before it is an error.
    reset_done: bool,
    /// What steps cost on one thread and shared, to choose between them per call.
    pace: pace::Pace,
}

impl<G: Game> VecEnv<G> {
    /// A batched env of `config.num_envs` games of `options`, not reset yet.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for bad options, no envs, a learner seat the game has not, or
    /// a count of opponents that is neither one nor one a seat.
    pub fn new(options: &Map<String, Value>, config: Config) -> Result<Self, Error> {
        Self::with_start(G::new(options)?, config)
    }

    /// A batched env of `config.num_envs` games that start where `start` does (a game at its
    /// start, its options validated when it was made), not reset yet.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for no envs, a learner seat the game has not, a count of
    /// opponents that is neither one nor one a seat, or an [`ObsDtype`] whose range the
    /// observation leaves.
    pub fn with_start(start: G, config: Config) -> Result<Self, Error> {
        let players = start.num_players();
        if !config.outside.is_empty() && config.opponents.is_none() {
            return Err(Error::InvalidOption(
                "seats played from outside are opponents: give opponents too".into(),
            ));
        }
        config.obs_dtype.check(&start.observation_layout())?;
        if config.num_envs == 0 {
            return Err(Error::InvalidOption(
                "num_envs must be a positive integer, got 0".into(),
            ));
        }
        if let Some(opponents) = &config.opponents {
            if config.learner >= players {
                return Err(Error::InvalidOption(format!(
                    "learner must be a seat from 0 to {}, got {}",
                    players - 1,
                    config.learner
                )));
            }
            if opponents.len() != 1 && opponents.len() != players {
                return Err(Error::InvalidOption(format!(
                    "opponents must be one agent or one a seat ({players}), got {}",
                    opponents.len()
                )));
            }
            if let Some(&seat) = config
                .outside
                .iter()
                .find(|&&s| s >= players || s == config.learner)
            {
                return Err(Error::InvalidOption(format!(
                    "an opponent seat played from outside must be a seat from 0 to {} other \
                     than the learner's, got {seat}",
                    players - 1
                )));
            }
        }
        let shape = Shape {
            num_envs: config.num_envs,
            num_players: players,
            num_actions: start.num_actions(),
            observation: start.observation_shape(),
            reward_width: if config.opponents.is_some() {
                1
            } else {
                players
            },
        };
        let words = action_bits::words_for(start.num_actions());
        let native_bits = G::ACTION_BITS && start.legal_action_bits(&mut vec![0; words]);
        let slots = (0..config.num_envs)
            .map(|_| Slot {
                game: start.clone(),
                started: false,
                episode: 0,
                over: true,
                opponents: Vec::new(),
                legal: Vec::new(),
                bits: vec![0; if native_bits { words } else { 0 }],
                last_mover: 0,
            })
            .collect();
        Ok(Self {
            draws: vec![draw::Draw::new(0); config.num_envs],
            ahead: vec![0; config.num_envs],
            legal_bits: vec![0; config.num_envs],
            native_bits,
            samples: 0,
            ready: false,
            start,
            config,
            shape,
            slots,
            reset_done: false,
            pace: pace::Pace::default(),
        })
    }

    /// Buffers of the sizes this env writes.
    pub fn buffers(&self) -> Buffers {
        let s = &self.shape;
        let n = s.num_envs;
        Buffers {
            obs: self.config.obs_dtype.zeros(n * s.observation_size()),
            rewards: vec![0.0; n * s.reward_width],
            terminated: vec![false; n],
            truncated: vec![false; n],
            mask: vec![false; n * s.num_actions],
            current_player: vec![-1; n],
            ended: vec![false; n],
            final_obs: self.config.obs_dtype.zeros(n * s.observation_size()),
        }
    }

    /// Checks every env with `check` and, when none fails, runs `work` on every env with its
    /// rows of the outputs, over the configured threads or on the caller's alone, whichever
    /// the steps before found cheaper (see [`pace`]). A call that plays `actions` (one an env)
    /// adds its own cost to that record, and asks for the memory of each env's move ahead.
    ///
    /// # Errors
    ///
    /// The error of the first env (by index) that `check` fails; no env is run then.
    fn for_each_env<E: Element, C, F>(
        &mut self,
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
        actions: Option<&[i64]>,
        check: C,
        work: F,
    ) -> Result<(), Error>
    where
        C: Fn(&Context<'_, G>, usize, &Slot<G>, u64) -> Result<(), Error> + Sync,
        F: Fn(&Context<'_, G>, usize, &mut Slot<G>, Rows<'_, E>) + Sync,
    {
        let envs = self.shape.num_envs;
        let may_share = self.config.threads > 1 && envs > CHUNK;
        let share = may_share && self.pace.share(envs);
        let start = Instant::now();
        let threads = if share { self.config.threads } else { 1 };
        let done = self.run_envs::<E, C, F>(out, stop, threads, actions, check, work);
        if actions.is_some() && may_share && done.is_ok() {
            self.pace.record(share, start.elapsed(), envs);
        }
        done
    }

    /// Checks every env with `check` and, when none fails, runs `work` on every env with its
    /// rows of the outputs, over `threads` threads.
    fn run_envs<E: Element, C, F>(
        &mut self,
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
        threads: usize,
        actions: Option<&[i64]>,
        check: C,
        work: F,
    ) -> Result<(), Error>
    where
        C: Fn(&Context<'_, G>, usize, &Slot<G>, u64) -> Result<(), Error> + Sync,
        F: Fn(&Context<'_, G>, usize, &mut Slot<G>, Rows<'_, E>) + Sync,
    {
        let shape = &self.shape;
        let context = Context {
            start: &self.start,
            config: &self.config,
            shape,
            native_bits: self.native_bits,
            stop,
            samples: self.samples,
        };
        let n = shape.num_envs;
        let threads = threads.clamp(1, n);
        // the envs one thread walks: a thread's home range, the chunks it takes aside
        let plan = prefetch::Plan::new(
            n.div_ceil(threads),
            std::mem::size_of::<G>(),
            shape.num_actions,
        );
        let obs_size = shape.observation_size();
        let parts = Parts {
            slots: &mut self.slots,
            draws: &mut self.draws,
            ahead: &mut self.ahead,
            legal_bits: &mut self.legal_bits,
            obs: &mut E::entries(&mut out.obs).expect("outputs of the call's dtype")
                [..n * obs_size],
            rewards: &mut out.rewards[..n * shape.reward_width],
            terminated: &mut out.terminated[..n],
            truncated: &mut out.truncated[..n],
            mask: &mut out.mask[..n * shape.num_actions],
            current_player: &mut out.current_player[..n],
            ended: &mut out.ended[..n],
            final_obs: &mut E::entries(&mut out.final_obs).expect("of the call's dtype")
                [..n * obs_size],
        };
        let check_part = |first: usize, part: &Parts<'_, G, E>| -> Result<(), Error> {
            let mut slots = part.slots.iter().zip(part.legal_bits.iter()).enumerate();
            slots.try_for_each(|(k, (slot, &bits))| check(&context, first + k, slot, bits))
        };
        // whether every env of the part has its next draw made ahead
        let run = |first: usize, part: Parts<'_, G, E>| -> bool {
            let mut ready = true;
            let mut scratch = if E::CONVERTS {
                vec![0.0; obs_size]
            } else {
                Vec::new()
            };
            // where the envs' mask rows are, for the prefetch (never read through)
            let masks = part.mask.as_ptr();
            // rows by exact chunks: one bounds check a buffer and call, none an env
            let draws = part.draws.iter_mut().zip(part.ahead.iter_mut());
            let rows = (draws.zip(part.legal_bits.iter_mut()))
                .zip(part.obs.chunks_exact_mut(obs_size))
                .zip(part.rewards.chunks_exact_mut(shape.reward_width))
                .zip(part.terminated.iter_mut().zip(part.truncated.iter_mut()))
                .zip(part.mask.chunks_exact_mut(shape.num_actions))
                .zip(part.current_player.iter_mut().zip(part.ended.iter_mut()))
                .zip(part.final_obs.chunks_exact_mut(obs_size));
            for (k, row) in rows.enumerate() {
                // one test an env where nothing is asked for (envs within the caches)
                if plan.moves {
                    let next = k + prefetch::AHEAD;
                    if let Some(ahead) = part.slots.get(next) {
                        if plan.states {
                            ahead.game.prefetch_state(prefetch::line);
                        }
                        // a row cleared whole is written in order, which the hardware follows
                        if plan.masks && !clears_whole(shape.num_actions, &ahead.legal) {
                            let row = masks.wrapping_add(next * shape.num_actions);
                            prefetch::entries(row, &ahead.legal);
                        }
                    }
                    // the memory outside its state that the next env's move will write
                    if let (Some(actions), Some(after)) = (actions, part.slots.get(k + 1)) {
                        after
                            .game
                            .prefetch_move(actions[first + k + 1] as usize, prefetch::line);
                    }
                }
                let slot = &mut part.slots[k];
                let (
                    (((((((draw, next), legal_bits), obs), rewards), flags), mask), players),
                    final_obs,
                ) = row;
                let (terminated, truncated) = flags;
                let (current_player, ended) = players;
                let rows = Rows {
                    draw: &mut *draw,
                    next,
                    legal_bits,
                    obs,
                    scratch: &mut scratch,
                    rewards,
                    terminated,
                    truncated,
                    mask,
                    current_player,
                    ended,
                    final_obs,
                };
                work(&context, first + k, slot, rows);
                ready &= draw.is_ahead(context.samples);
            }
            ready
        };
        if threads == 1 {
            check_part(0, &parts)?;
            self.ready = run(0, parts);
            return Ok(());
        }
        // Chunks of CHUNK envs. Each thread has a home range of them, which it works from
        // its start and on every call, so that its envs' states and rows stay in its core's
        // cache from one step to the next (a shared list handed each env to whichever thread
        // came first, and every step moved half the envs' memory from core to core); a thread
        // done with its range takes the others' chunks from their ends, so one that starts
        // late, or whose envs cost more (resets, long move lists), does not hold the step up.
        // CHUNK envs' flags fill whole cache lines, so threads do not write the same line.
        // The actions are checked the same way, every chunk before any is run: checked on the
        // calling thread, the helpers' envs came to the caller's core at every step and went
        // back, which made them cost a helper twice what they cost the caller.
        let mut chunks = Vec::with_capacity(n.div_ceil(CHUNK));
        let mut rest = parts;
        let mut first = 0;
        while !rest.slots.is_empty() {
            let take = CHUNK.min(rest.slots.len());
            let (part, tail) = rest.split(take, shape);
            chunks.push(Mutex::new(Chunk {
                checked: false,
                first,
                part: Some(part),
            }));
            rest = tail;
            first += take;
        }
        let threads = threads.min(chunks.len());
        let home = |t: usize| t * chunks.len() / threads..(t + 1) * chunks.len() / threads;
        let order = |t: usize| {
            let others = (1..threads).map(move |k| (t + k) % threads);
            home(t).chain(others.flat_map(move |o| home(o).rev()))
        };
        let checked = AtomicUsize::new(0);
        // the error of the env with the lowest index, as a check on one thread finds it
        let failed: Mutex<Option<(usize, Error)>> = Mutex::new(None);
        let check_chunk = |i: usize| {
            // a chunk locked now is being checked by another thread, which counts it
            let Ok(mut chunk) = chunks[i].try_lock() else {
                return;
            };
            if std::mem::replace(&mut chunk.checked, true) {
                return;
            }
            if let Some(Err(error)) = chunk
                .part
                .as_ref()
                .map(|part| check_part(chunk.first, part))
            {
                // chunks are disjoint ranges, checked in order within
                let mut failed = failed.lock().unwrap_or_else(PoisonError::into_inner);
                if failed
                    .as_ref()
                    .is_none_or(|(other, _)| *other > chunk.first)
                {
                    *failed = Some((chunk.first, error));
                }
            }
            drop(chunk);
            checked.fetch_add(1, Ordering::Release);
        };
        let unready = AtomicBool::new(false);
        let claim = |i: usize| {
            let mut chunk = chunks[i].lock().unwrap_or_else(PoisonError::into_inner);
            let first = chunk.first;
            if let Some(part) = chunk.part.take() {
                drop(chunk);
                if !run(first, part) {
                    unready.store(true, Ordering::Relaxed);
                }
            }
        };
        let all_checked = || {
            // a thread checking a chunk is done within a microsecond unless its core was
            // taken from it: then this one gives its own core up rather than spin
            let spin = Instant::now();
            while checked.load(Ordering::Acquire) < chunks.len() {
                if spin.elapsed() < SPIN_FOR_HELPERS {
                    std::hint::spin_loop();
                } else {
                    std::thread::yield_now();
                }
            }
            failed
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .is_none()
        };
        let helped = AtomicUsize::new(0);
        let work = |t: usize| {
            order(t).for_each(check_chunk);
            if all_checked() {
                order(t).for_each(claim);
            }
        };
        // The helpers come from the engine's pool (`core::pool`), whose threads outlive a
        // step and stay awake for the next one: a scoped thread started and joined per step
        // costs ~40 µs on a quiet 2-core machine, half of a whole step of 1,024 Connect Four
        // envs (~85 µs).
        crate::core::pool::in_place_scope(|scope| {
            for t in 1..threads {
                let (work, helped) = (&work, &helped);
                scope.spawn(move || {
                    work(t);
                    helped.fetch_add(1, Ordering::Release);
                });
            }
            work(0);
            // A helper still on its last chunk is waited for spinning: the scope's own wait
            // sleeps, and waking from it costs as much as waking a helper.
            let spin = Instant::now();
            while helped.load(Ordering::Acquire) < threads - 1 && spin.elapsed() < SPIN_FOR_HELPERS
            {
                std::hint::spin_loop();
            }
        });
        match failed.into_inner().unwrap_or_else(PoisonError::into_inner) {
            Some((_, error)) => Err(error),
            None => {
                self.ready = !unready.into_inner();
                Ok(())
            }
        }
    }
}

/// A chunk of envs of a call over threads: whether its actions were checked, and its envs
/// until a thread takes them to run.
struct Chunk<'a, G: Game, E> {
    checked: bool,
    first: usize,
    part: Option<Parts<'a, G, E>>,
}

/// Envs a thread takes at a time in a step over threads.
const CHUNK: usize = 64;

/// How long a thread spins for the others (their checks, or the caller for the helpers'
/// last envs) before it gives its core up.
const SPIN_FOR_HELPERS: Duration = Duration::from_micros(50);

/// What every env's work reads.
struct Context<'a, G: Game> {
    start: &'a G,
    config: &'a Config,
    shape: &'a Shape,
    /// [`VecEnv::native_bits`].
    native_bits: bool,
    /// Set to give up: the opponents' searches end early, and the call's changes are undone.
    stop: &'a AtomicBool,
    /// The `sample_actions` calls so far, which the draws made ahead are for.
    samples: u64,
}

/// Contiguous envs and their rows of every output.
struct Parts<'a, G: Game, E> {
    slots: &'a mut [Slot<G>],
    draws: &'a mut [draw::Draw],
    ahead: &'a mut [i64],
    legal_bits: &'a mut [u64],
    obs: &'a mut [E],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    mask: &'a mut [bool],
    current_player: &'a mut [i32],
    ended: &'a mut [bool],
    final_obs: &'a mut [E],
}

impl<'a, G: Game, E> Parts<'a, G, E> {
    /// The first `k` envs and the rest.
    fn split(self, k: usize, shape: &Shape) -> (Self, Self) {
        let obs = shape.observation_size();
        let (slots, slots_rest) = self.slots.split_at_mut(k);
        let (d, d_rest) = self.draws.split_at_mut(k);
        let (a, a_rest) = self.ahead.split_at_mut(k);
        let (b, b_rest) = self.legal_bits.split_at_mut(k);
        let (o, o_rest) = self.obs.split_at_mut(k * obs);
        let (r, r_rest) = self.rewards.split_at_mut(k * shape.reward_width);
        let (te, te_rest) = self.terminated.split_at_mut(k);
        let (tr, tr_rest) = self.truncated.split_at_mut(k);
        let (m, m_rest) = self.mask.split_at_mut(k * shape.num_actions);
        let (c, c_rest) = self.current_player.split_at_mut(k);
        let (e, e_rest) = self.ended.split_at_mut(k);
        let (f, f_rest) = self.final_obs.split_at_mut(k * obs);
        (
            Parts {
                slots,
                draws: d,
                ahead: a,
                legal_bits: b,
                obs: o,
                rewards: r,
                terminated: te,
                truncated: tr,
                mask: m,
                current_player: c,
                ended: e,
                final_obs: f,
            },
            Parts {
                slots: slots_rest,
                draws: d_rest,
                ahead: a_rest,
                legal_bits: b_rest,
                obs: o_rest,
                rewards: r_rest,
                terminated: te_rest,
                truncated: tr_rest,
                mask: m_rest,
                current_player: c_rest,
                ended: e_rest,
                final_obs: f_rest,
            },
        )
    }
}

/// One env's rows of every output.
struct Rows<'a, E> {
    draw: &'a mut draw::Draw,
    /// The env's entry of the draws made ahead.
    next: &'a mut i64,
    /// The env's entry of [`VecEnv`]'s `legal_bits`.
    legal_bits: &'a mut u64,
    obs: &'a mut [E],
    /// The thread's row of `f32` for a game to write an observation into, where `obs` holds
    /// another dtype (empty where it does not).
    scratch: &'a mut [f32],
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    mask: &'a mut [bool],
    current_player: &'a mut i32,
    ended: &'a mut bool,
    final_obs: &'a mut [E],
}

impl<G: Game> Context<'_, G> {
    /// Starts episode `episode` of env `i` and plays the opponents up to the learner's turn.
    fn start_episode(&self, i: usize, slot: &mut Slot<G>, draw: &mut draw::Draw, episode: u64) {
        let seed = episode_seed(self.config.seed, i as u64, episode);
        restart_from(self.start, seed, &mut slot.game);
        slot.episode = episode;
        slot.over = false;
        *draw = draw::Draw::new(seed ^ SAMPLER_SALT);
        slot.opponents = match &self.config.opponents {
            None => Vec::new(),
            Some(specs) => specs
                .iter()
                .map(|spec| spec.offset(seed ^ OPPONENT_SALT).build())
                .collect(),
        };
        slot.last_mover = self.config.learner;
        self.play_opponents(slot);
    }

    /// With opponents, plays their moves until the learner or a seat played from outside is
    /// to move, or the game is over.
    fn play_opponents(&self, slot: &mut Slot<G>) {
        if self.config.opponents.is_none() {
            return;
        }
        while let Some(player) = slot.game.current_player() {
            if player == self.config.learner || self.config.outside.contains(&player) {
                break;
            }
            let agent = if slot.opponents.len() == 1 { 0 } else { player };
            let mv = slot.opponents[agent].choose_until(&slot.game, self.stop);
            if self.stop.load(Ordering::Relaxed) {
                return; // given up: the call restores the envs
            }
            slot.game.play_for_good(mv);
        }
    }

    /// The seat whose view an env shows: the player to move (the learner with opponents, or a
    /// seat played from outside that the env waits for), or the last mover once the game is
    /// over.
    fn viewer(&self, slot: &Slot<G>) -> usize {
        match (&self.config.opponents, slot.game.current_player()) {
            (Some(_), Some(player)) if self.config.outside.contains(&player) => player,
            (Some(_), _) => self.config.learner,
            (None, Some(player)) => player,
            (None, None) => slot.last_mover,
        }
    }

    /// Writes the observation, mask and player to move of env `slot` into its rows.
    fn observe<E: Element>(&self, slot: &mut Slot<G>, rows: &mut Rows<'_, E>) {
        E::observe(&slot.game, self.viewer(slot), rows.obs, rows.scratch);
        if G::ACTION_BITS && self.native_bits {
            self.observe_bits(slot, rows);
            return;
        }
        clear_mask(rows.mask, &slot.legal);
        match slot.game.current_player() {
            Some(player) => {
                slot.game.legal_actions(&mut slot.legal);
                if self.shape.num_actions <= FEW_ACTIONS {
                    let mut bits = 0;
                    for &a in &slot.legal {
                        rows.mask[a as usize] = true;
                        bits |= 1 << a;
                    }
                    *rows.legal_bits = bits;
                } else {
                    for &a in &slot.legal {
                        rows.mask[a as usize] = true;
                    }
                }
                *rows.current_player = player as i32;
            }
            None => {
                slot.legal.clear();
                *rows.legal_bits = 0;
                *rows.current_player = -1;
            }
        }
        rows.draw
            .prepare(Legal::Ids(&slot.legal), self.samples, rows.next);
    }

    /// [`observe`](Self::observe)'s mask and player to move, from the bits of a game that
    /// writes them (see [`VecEnv::native_bits`]). Out of line, so that the step of a game that
    /// lists its ids is compiled as without it.
    #[inline(never)]
    fn observe_bits<E: Element>(&self, slot: &mut Slot<G>, rows: &mut Rows<'_, E>) {
        for word in &mut slot.bits {
            *word = 0;
        }
        let player = slot.game.current_player();
        if player.is_some() {
            slot.game.legal_action_bits(&mut slot.bits);
        }
        action_bits::write_mask(&slot.bits, rows.mask);
        *rows.current_player = player.map_or(-1, |p| p as i32);
        rows.draw
            .prepare(Legal::Bits(&slot.bits), self.samples, rows.next);
    }

    /// Clears the step's flags and rewards of env rows that have not ended.
    fn quiet<E>(rows: &mut Rows<'_, E>) {
        // only the rewards of an end are not 0: a test is cheaper than a call to `memset`,
        // which a fill of a row of two or three floats became
        for reward in rows.rewards.iter_mut().filter(|r| **r != 0.0) {
            *reward = 0.0;
        }
        *rows.terminated = false;
        *rows.truncated = false;
        *rows.ended = false;
    }

    /// Plays `action` (checked legal) in env `i` and writes its rows.
    fn step_env<E: Element>(
        &self,
        i: usize,
        slot: &mut Slot<G>,
        action: i64,
        rows: &mut Rows<'_, E>,
    ) {
        Self::quiet(rows);
        if slot.over {
            // NextStep: the step after the end resets the env and ignores its action.
            self.start_episode(i, slot, rows.draw, slot.episode + 1);
            self.observe(slot, rows);
            return;
        }
        self.play(i, slot, action, rows);
    }

    /// Plays `action` (checked legal) in env `i`, then the opponents' replies, and writes its
    /// rows: the end of the episode (and, with `SameStep`, the next one's start) or the next
    /// turn the env waits for.
    fn play<E: Element>(&self, i: usize, slot: &mut Slot<G>, action: i64, rows: &mut Rows<'_, E>) {
        let mv = slot
            .game
            .move_from_action(action as usize)
            .expect("actions are checked before any env is stepped");
        slot.last_mover = slot.game.current_player().unwrap_or(0);
        // An env never takes a move back (`VecEnv.game` replays the actions).
        slot.game.play_for_good(mv);
        if self.config.opponents.is_some() {
            self.play_opponents(slot);
        }
        let Some(outcome) = slot.game.outcome() else {
            self.observe(slot, rows);
            return;
        };
        // written without the `Vec` of `returns`: an allocation an episode was a twentieth of
        // a tic-tac-toe step
        match &self.config.opponents {
            Some(_) => rows.rewards[0] = outcome.return_of(self.config.learner) as f32,
            None => {
                for (p, r) in rows.rewards.iter_mut().enumerate() {
                    *r = outcome.return_of(p) as f32;
                }
            }
        }
        let truncated = outcome.reason == "ply limit";
        *rows.truncated = truncated;
        *rows.terminated = !truncated;
        *rows.ended = true;
        self.observe(slot, rows);
        match self.config.autoreset {
            Autoreset::SameStep => {
                rows.final_obs.copy_from_slice(rows.obs);
                self.start_episode(i, slot, rows.draw, slot.episode + 1);
                self.observe(slot, rows);
            }
            Autoreset::NextStep | Autoreset::Disabled => slot.over = true,
        }
    }
}

/// Runs `$call`, in which `E` is the element type of the observations of `$out` (an
/// [`Outputs`]): the stepping code is compiled once for each.
macro_rules! by_dtype {
    ($out:expr, $call:expr) => {
        match $out.obs.dtype() {
            ObsDtype::Float32 => {
                type E = f32;
                $call
            }
            ObsDtype::Uint8 => {
                type E = u8;
                $call
            }
        }
    };
}

/// The calls of [`BatchEnv`], with the flag that gives them up.
impl<G: Game> VecEnv<G> {
    /// Whether `out`'s observations are of the env's dtype: an error before anything changes.
    fn check_outputs(&self, out: &Outputs<'_>) -> Result<(), Error> {
        let dtype = self.config.obs_dtype;
        if out.obs.dtype() == dtype && out.final_obs.dtype() == dtype {
            return Ok(());
        }
        Err(Error::InvalidOption(format!(
            "the env writes {dtype:?} observations; the outputs hold {:?} and {:?}",
            out.obs.dtype(),
            out.final_obs.dtype()
        )))
    }

    fn reset_with<E: Element>(
        &mut self,
        seed: Option<u64>,
        mask: Option<&[bool]>,
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
    ) -> Result<(), Error> {
        self.check_outputs(out)?;
        if let Some(mask) = mask {
            if mask.len() != self.shape.num_envs {
                return Err(Error::InvalidOption(format!(
                    "the reset mask must have one entry per env ({}), got {}",
                    self.shape.num_envs,
                    mask.len()
                )));
            }
        }
        if let Some(seed) = seed {
            self.config.seed = seed;
            for slot in &mut self.slots {
                slot.started = false;
            }
        }
        self.reset_done = true;
        let anything = |_: &Context<'_, G>, _, _: &Slot<G>, _| Ok(());
        self.for_each_env::<E, _, _>(out, stop, None, anything, |context, i, slot, mut rows| {
            if mask.is_some_and(|m| !m[i]) {
                return;
            }
            Context::<G>::quiet(&mut rows);
            // Episodes count from 0 after a seeded reset (and the first); an unseeded reset
            // starts each env's next episode.
            let episode = if slot.started { slot.episode + 1 } else { 0 };
            context.start_episode(i, slot, rows.draw, episode);
            slot.started = true;
            context.observe(slot, &mut rows);
        })
    }

    fn step_with<E: Element>(
        &mut self,
        actions: &[i64],
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
    ) -> Result<(), Error> {
        self.check_outputs(out)?;
        check_count("step", actions, self.shape.num_envs)?;
        if !self.reset_done {
            return Err(Error::InvalidOption("call reset() before step()".into()));
        }
        let legal = |context: &Context<'_, G>, i, slot: &Slot<G>, bits| {
            check_action(context, i, slot, bits, actions[i])
        };
        let step = |context: &Context<'_, G>, i, slot: &mut Slot<G>, mut rows: Rows<'_, E>| {
            context.step_env(i, slot, actions[i], &mut rows);
        };
        self.for_each_env::<E, _, _>(out, stop, Some(actions), legal, step)
    }

    fn play_outside_with<E: Element>(
        &mut self,
        actions: &[i64],
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
    ) -> Result<(), Error> {
        self.check_outputs(out)?;
        check_count("play_outside", actions, self.shape.num_envs)?;
        let legal = |context: &Context<'_, G>, i, slot: &Slot<G>, bits| {
            if !waits_outside(&context.config.outside, slot) {
                return Ok(());
            }
            check_action(context, i, slot, bits, actions[i])
        };
        let play = |context: &Context<'_, G>, i, slot: &mut Slot<G>, mut rows: Rows<'_, E>| {
            if waits_outside(&context.config.outside, slot) {
                context.play(i, slot, actions[i], &mut rows);
            }
        };
        self.for_each_env::<E, _, _>(out, stop, Some(actions), legal, play)
    }

    /// Runs `call`, and when `stop` was set by its end puts every env and output back as
    /// they were before it: `Ok(false)`. The copy costs little beside the searches that make a
    /// call long enough to stop.
    fn undone_if_stopped(
        &mut self,
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
        call: impl FnOnce(&mut Self, &mut Outputs<'_>) -> Result<(), Error>,
    ) -> Result<bool, Error> {
        let slots = self.slots.clone();
        let draws = self.draws.clone();
        let ahead = self.ahead.clone();
        let legal_bits = self.legal_bits.clone();
        let ready = self.ready;
        let reset_done = self.reset_done;
        let seed = self.config.seed;
        let saved = Buffers::copy_of(out);
        call(self, out)?;
        if !stop.load(Ordering::Relaxed) {
            return Ok(true);
        }
        self.slots = slots;
        self.draws = draws;
        self.ahead = ahead;
        self.legal_bits = legal_bits;
        self.ready = ready;
        self.reset_done = reset_done;
        self.config.seed = seed;
        saved.copy_into(out);
        Ok(false)
    }
}

impl<G: Game> BatchEnv for VecEnv<G> {
    fn shape(&self) -> &Shape {
        &self.shape
    }

    fn options(&self) -> Map<String, Value> {
        self.start.options()
    }

    fn reset(
        &mut self,
        seed: Option<u64>,
        mask: Option<&[bool]>,
        out: &mut Outputs<'_>,
    ) -> Result<(), Error> {
        by_dtype!(
            out,
            self.reset_with::<E>(seed, mask, out, &AtomicBool::new(false))
        )
    }

    fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<(), Error> {
        by_dtype!(
            out,
            self.step_with::<E>(actions, out, &AtomicBool::new(false))
        )
    }

    fn play_outside(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<(), Error> {
        by_dtype!(
            out,
            self.play_outside_with::<E>(actions, out, &AtomicBool::new(false))
        )
    }

    fn searches(&self) -> bool {
        self.config
            .opponents
            .iter()
            .flatten()
            .any(|spec| matches!(spec, AgentSpec::Mcts(_)))
    }

    fn reset_until(
        &mut self,
        seed: Option<u64>,
        mask: Option<&[bool]>,
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
    ) -> Result<bool, Error> {
        self.undone_if_stopped(out, stop, |env, out| {
            by_dtype!(out, env.reset_with::<E>(seed, mask, out, stop))
        })
    }

    fn step_until(
        &mut self,
        actions: &[i64],
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
    ) -> Result<bool, Error> {
        self.undone_if_stopped(out, stop, |env, out| {
            by_dtype!(out, env.step_with::<E>(actions, out, stop))
        })
    }

    fn play_outside_until(
        &mut self,
        actions: &[i64],
        out: &mut Outputs<'_>,
        stop: &AtomicBool,
    ) -> Result<bool, Error> {
        self.undone_if_stopped(out, stop, |env, out| {
            by_dtype!(out, env.play_outside_with::<E>(actions, out, stop))
        })
    }

    fn sample_actions(&mut self, actions: &mut [i64]) {
        let (slots, native_bits) = (&self.slots, self.native_bits);
        // an env over has no legal actions (`observe`)
        let legal = |i: usize| {
            if G::ACTION_BITS && native_bits {
                Legal::Bits(&slots[i].bits)
            } else {
                Legal::Ids(&slots[i].legal)
            }
        };
        draw::take_all(
            &mut self.draws,
            &self.ahead,
            &mut self.samples,
            std::mem::take(&mut self.ready),
            legal,
            actions,
        );
    }

    fn game_json(&self, i: usize) -> Map<String, Value> {
        let game = &self.slots[i].game;
        let mut fields = Map::new();
        fields.insert("options".into(), Value::Object(game.options()));
        let moves = (0..game.history().len())
            .map(|k| Value::from(game.history_action(k)))
            .collect();
        fields.insert("actions".into(), Value::Array(moves));
        game.json_fields(&mut fields);
        fields
    }

    fn episode(&self, i: usize) -> u64 {
        self.slots[i].episode
    }
}

/// A mask row at most this many times as long as its list of set entries is cleared whole: a
/// few wide stores cost less than a store and a bounds check per entry of the list.
const CLEAR_WHOLE: usize = 32;

/// Whether a mask row of `len` entries whose set entries are `set` is cleared whole.
#[inline(always)]
fn clears_whole(len: usize, set: &[u32]) -> bool {
    len <= CLEAR_WHOLE * set.len()
}

/// Clears a mask row whose set entries are `set`: the whole row when it is short against the
/// list (tic-tac-toe, Connect Four, Armadora, Dominions, Chinese Checkers' `piece_to` ids),
/// else the listed entries (the 14,642 `from_to` ids of Chinese Checkers, with a few dozen
/// legal).
#[inline]
fn clear_mask(mask: &mut [bool], set: &[u32]) {
    if clears_whole(mask.len(), set) {
        mask.fill(false);
    } else {
        for &a in set {
            mask[a as usize] = false;
        }
    }
}

/// The most action ids of a game whose envs' legal actions are kept as bits too (tic-tac-toe's
/// 9, Connect Four's 7): the check of the actions before a step then reads one word an env
/// rather than the env's state and legal list, a pass that took about a seventh of a
/// one-thread tic-tac-toe step (6 of 45 µs for 1,024 envs).
const FEW_ACTIONS: usize = 64;

/// Whether `call` was given one action per env.
fn check_count(call: &str, actions: &[i64], n: usize) -> Result<(), Error> {
    if actions.len() == n {
        return Ok(());
    }
    Err(Error::InvalidOption(format!(
        "{call} needs one action per env ({n}), got {}",
        actions.len()
    )))
}

/// Whether env `slot` waits for the move of a seat played from outside.
fn waits_outside<G: Game>(outside: &[usize], slot: &Slot<G>) -> bool {
    !slot.over
        && slot
            .game
            .current_player()
            .is_some_and(|p| outside.contains(&p))
}

/// Whether env `i` (`slot`, whose entry of `legal_bits` is `bits`) may play `action` now; the
/// error names the env and the action.
#[inline]
fn check_action<G: Game>(
    context: &Context<'_, G>,
    i: usize,
    slot: &Slot<G>,
    bits: u64,
    action: i64,
) -> Result<(), Error> {
    let few = context.shape.num_actions <= FEW_ACTIONS;
    // An env over has no legal actions, so bits need not ask `over` (and the bits of a few
    // need not read the env at all); the lists are ascending (`MoveGen::legal_actions`).
    let legal = match u32::try_from(action) {
        Ok(a) if few => a < 64 && bits >> a & 1 == 1,
        Ok(a) if G::ACTION_BITS && context.native_bits => {
            action_bits::contains(&slot.bits, a as usize)
        }
        Ok(a) => slot.legal.binary_search(&a).is_ok() && !slot.over,
        Err(_) => false,
    };
    if legal {
        return Ok(());
    }
    why_not_legal(i, slot, action, context.config.autoreset)
}

/// [`check_action`] for an action that is not in the env's legal list: whether the env
/// resets in this step instead, or the error.
#[cold]
fn why_not_legal<G: Game>(
    i: usize,
    slot: &Slot<G>,
    action: i64,
    autoreset: Autoreset,
) -> Result<(), Error> {
    if slot.over {
        return match autoreset {
            Autoreset::Disabled => Err(Error::InvalidOption(format!(
                "env {i} has ended its episode: reset it first (autoreset='disabled'); no env \
                 was stepped"
            ))),
            _ => Ok(()),
        };
    }
    let in_range = usize::try_from(action)
        .ok()
        .filter(|&a| a < slot.game.num_actions());
    let Some(a) = in_range else {
        return Err(Error::invalid_move(
            action.to_string(),
            format!(
                "env {i}: action ids are 0..{}; no env was stepped",
                slot.game.num_actions() - 1
            ),
        ));
    };
    let reason = format!("env {i}, action {a}: not legal now; no env was stepped");
    Err(match slot.game.move_from_action(a) {
        Ok(mv) => Error::illegal_move(slot.game.notation(mv), reason),
        Err(_) => Error::invalid_move(a.to_string(), reason),
    })
}
