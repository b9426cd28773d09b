//! The root-major search: with an evaluator that runs in Rust and scores each leaf on its own
//! (the built-ins, [`Evaluator::for_thread`]), nothing asks every root to take each simulation
//! step together. The roots are searched a group at a time through all their simulations, so
//! that the group's trees stay in the core's nearest caches from one step to the next (a batch of
//! 1024 Connect Four roots grows about 10 MB of trees, beyond a core's L2; a group of [`GROUP`]
//! roots, about 40 KB), and with threads each takes the next group of its own run of groups as it
//! finishes one, then the next of the other threads' runs: no thread waits for another between
//! steps, and two threads write their results into rows far apart.
//!
//! A group goes through the jobs of the step-major search (`batch.rs`) in the same order, each
//! of its roots with its own tree and generator, and its leaves are scored alone, which for an
//! evaluator that scores each leaf on its own gives every leaf the scores of a call for all the
//! roots. The evaluation cache is not read: the root-major search is taken only with the
//! `uniform` evaluator, which never reads nor fills the cache in either search, or with the
//! cache off. So every root's result is the step-major search's.
//!
//! With the uniform evaluator and one descent per step, a root needs none of the step's
//! bookkeeping (the leaves kept for a call, their legal actions and movers copied out and back):
//! each descent's leaf is expanded as soon as it is reached ([`search_alone`]), as the next step
//! of the step-major search would have expanded it before its descent.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::batch::{
    backup, descend, descent, evaluate, interrupted, jobs, noise, over, plant, result, root_world,
    uniform_edges, Cache, Ctx, GameSearch, Job, Part, Scratch,
};
use super::rows::RowsMut;
use super::tree::Tree;
use super::{Evaluator, LeafBatch};
use crate::core::error::Error;
use crate::core::game::Game;

/// Roots searched together: few enough that their trees stay in a core's L1 and L2 caches
/// (groups of 1 to 4 roots searched fastest, 16 to 256 about a fifth slower, all 1024 roots of
/// a batch a third slower: `docs/performance.md`), and a few rather than one so that two threads
/// seldom write beside each other.
pub(super) const GROUP: usize = 4;

/// Descents between two checks for an interruption (the check takes Python's lock).
const CHECK_EVERY: u64 = 4096;

/// Descents of one root between two questions to `stop` in the search of a root alone.
const STOP_EVERY: u32 = 16;

/// How long the calling thread, its groups done, waits for the others between two checks for
/// an interruption.
const WAIT: Duration = Duration::from_millis(10);

/// How long the calling thread spins for the other threads' last groups before it yields its
/// core between looks.
const SPIN: Duration = Duration::from_micros(200);

/// Counts a helper thread done when dropped: at the end of its work or in a panic's unwinding.
struct Done<'a>(&'a AtomicUsize);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

/// A group of consecutive roots, with what their search needs and the results it makes.
struct Group<'a, G> {
    states: &'a [G],
    games: &'a mut [GameSearch],
    sequences: &'a [usize],
    temperatures: &'a [f64],
    /// Where their results go.
    rows: RowsMut<'a>,
}

/// What every thread reads.
pub(super) struct Plan<'p> {
    pub ctx: &'p Ctx<'p>,
    pub simulations: u32,
    /// Trees kept from the last search are reused (the config's `reuse`).
    pub reuse: bool,
    /// The caller keeps the trees; otherwise they are grown in the thread's own
    /// ([`Scratch::trees`]) and the callers' are left as they were.
    pub kept: bool,
    pub per_step: u32,
    /// A leaf batch of the game's shape, for each thread's calls.
    pub num_actions: usize,
    pub observation_shape: &'p [usize],
}

/// A thread's run of consecutive groups: the next one to take, and the end. Each on cache lines
/// of its own: a thread takes from its own run until it is done, from the others' only then.
#[repr(align(128))]
struct Run {
    next: AtomicUsize,
    end: usize,
}

/// What the threads share: the groups, each thread's run of them, whether to stop, the first
/// failure.
struct Shared<'a, G> {
    groups: Vec<Mutex<Option<Group<'a, G>>>>,
    runs: Vec<Run>,
    stop: AtomicBool,
    /// The failure of the lowest group that failed.
    failure: Mutex<Option<(usize, Error)>>,
}

impl<G> Shared<'_, G> {
    fn fail(&self, group: usize, error: Error) {
        self.stop.store(true, Ordering::Relaxed);
        let mut failure = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
        if failure.as_ref().is_none_or(|(g, _)| group < *g) {
            *failure = Some((group, error));
        }
    }
}

/// Searches every root, a group at a time, on `evaluators.len()` threads (this one and one
/// spawned per further evaluator), each root's result written into its row of `rows`. `interrupt` is
/// asked on this thread every [`CHECK_EVERY`] descents or so.
///
/// # Errors
///
/// As the step-major search: a root's error (of the lowest group that failed), the
/// evaluator's, or an interruption.
#[allow(clippy::too_many_arguments)]
pub(super) fn run<G: Game>(
    states: &[G],
    games: &mut [GameSearch],
    sequences: &[usize],
    temperatures: &[f64],
    scratch: &mut [Scratch],
    evaluators: Vec<Box<dyn Evaluator<G> + Send + '_>>,
    plan: &Plan<'_>,
    interrupt: &mut dyn FnMut() -> bool,
    rows: RowsMut<'_>,
) -> Result<(), Error> {
    let groups: Vec<Mutex<Option<Group<'_, G>>>> = states
        .chunks(GROUP)
        .zip(games.chunks_mut(GROUP))
        .zip(sequences.chunks(GROUP))
        .zip(temperatures.chunks(GROUP))
        .zip(rows.chunks(GROUP))
        .map(|((((states, games), sequences), temperatures), rows)| {
            Mutex::new(Some(Group {
                states,
                games,
                sequences,
                temperatures,
                rows,
            }))
        })
        .collect();
    let threads = evaluators.len().min(scratch.len()).max(1);
    let share = |t: usize| groups.len() * t / threads;
    let runs = (0..threads)
        .map(|t| Run {
            next: AtomicUsize::new(share(t)),
            end: share(t + 1),
        })
        .collect();
    let shared = Shared {
        groups,
        runs,
        stop: AtomicBool::new(false),
        failure: Mutex::new(None),
    };
    let mut interrupted_here = false;
    let mut evaluators = evaluators.into_iter();
    let mut scratch = scratch.iter_mut();
    let (Some(mut lead), Some(lead_scratch)) = (evaluators.next(), scratch.next()) else {
        return Ok(());
    };
    let helpers_done = AtomicUsize::new(0);
    // The other threads are the engine's pool (`core::pool`), awake a moment after a search for
    // the next one: a thread started per search waits for its core, which on a virtual machine
    // whose host is busy can take a millisecond of a 3 ms search.
    crate::core::pool::in_place_scope(|scope| {
        let helpers = threads - 1;
        for (t, (mut evaluator, scratch)) in evaluators.zip(scratch).enumerate() {
            let (shared, helpers_done) = (&shared, &helpers_done);
            scope.spawn(move || {
                // counted done even if it panics, so that the caller's wait ends and the scope
                // hands the panic on
                let _done = Done(helpers_done);
                work(shared, t + 1, plan, scratch, &mut *evaluator, &mut |_| {
                    shared.stop.load(Ordering::Relaxed)
                });
            });
        }
        let mut since = CHECK_EVERY;
        let mut check = |descents: u64| {
            since += descents;
            if since >= CHECK_EVERY {
                since = 0;
                if interrupt() {
                    interrupted_here = true;
                    shared.stop.store(true, Ordering::Relaxed);
                }
            }
            shared.stop.load(Ordering::Relaxed)
        };
        work(&shared, 0, plan, lead_scratch, &mut *lead, &mut check);
        // The other threads' last groups: waited for awake (a thread put to sleep waits for its
        // core to wake it too), still ready to stop them on an interruption.
        let waiting = Instant::now();
        let mut asked = Instant::now();
        while helpers_done.load(Ordering::Acquire) < helpers {
            if asked.elapsed() >= WAIT {
                asked = Instant::now();
                check(CHECK_EVERY);
            }
            if waiting.elapsed() < SPIN {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    });
    if interrupted_here {
        return Err(interrupted());
    }
    match shared
        .failure
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// Thread `thread`'s work: groups taken from its run, then from the others', until none is
/// left or `stop` says to stop (asked before each simulation step with the step's descents).
fn work<G: Game>(
    shared: &Shared<'_, G>,
    thread: usize,
    plan: &Plan<'_>,
    scratch: &mut Scratch,
    evaluator: &mut (dyn Evaluator<G> + Send + '_),
    stop: &mut dyn FnMut(u64) -> bool,
) {
    let ctx = plan.ctx;
    let jobs = jobs(plan.simulations, plan.per_step);
    let mut batch = LeafBatch {
        states: Vec::new(),
        observations: Vec::new(),
        observation_shape: plan.observation_shape.to_vec(),
        masks: Vec::new(),
        players: Vec::new(),
        num_actions: plan.num_actions,
        num_players: ctx.players,
    };
    // Never read: the root-major search runs with the cache off or an evaluator that skips it.
    let mut cache = Cache::new();
    let mut part = Part::new(&[], &mut [], &[], scratch);
    let threads = shared.runs.len();
    let mut runs = (0..threads).map(|k| &shared.runs[(thread + k) % threads]);
    let mut run = runs.next();
    while let Some(from) = run {
        let g = from.next.fetch_add(1, Ordering::Relaxed);
        if g >= from.end {
            run = runs.next();
            continue;
        }
        let Some(slot) = shared.groups.get(g) else {
            return;
        };
        let Some(mut group) = slot.lock().unwrap_or_else(PoisonError::into_inner).take() else {
            return;
        };
        let roots = group.states.len() as u64;
        if ctx.uniform && plan.per_step == 1 {
            match search_group_alone(ctx, plan, &mut group, part.scratch(), stop) {
                Ok(true) => continue,
                Ok(false) => return,
                Err(e) => {
                    shared.fail(g, e);
                    return;
                }
            }
        }
        take_trees(plan, group.states, group.games, part.scratch());
        part.regroup(
            group.states,
            std::mem::take(&mut group.games),
            group.sequences,
        );
        let mut searched = Ok(true);
        for &job in &jobs {
            if let Job::Step { now, .. } = job {
                if stop(roots * u64::from(now)) {
                    searched = Ok(false);
                    break;
                }
            }
            part.work(job, ctx);
            if let Some(e) = part.error.take() {
                searched = Err(e);
                break;
            }
            if !matches!(job, Job::Finish) {
                if let Err(e) = evaluate(ctx, &mut batch, &mut cache, &mut [&mut part], evaluator) {
                    searched = Err(e);
                    break;
                }
            }
        }
        let games = part.regroup(&[], &mut [], &[]);
        match searched {
            Ok(true) => {
                results(ctx, &mut group, games, part.scratch());
                give_trees(plan, games, part.scratch());
            }
            Ok(false) => return,
            Err(e) => {
                shared.fail(g, e);
                return;
            }
        }
    }
}

/// The results of a group's roots, searched with `games`, into its rows.
fn results<G: Game>(
    ctx: &Ctx<'_>,
    group: &mut Group<'_, G>,
    games: &mut [GameSearch],
    scratch: &mut Scratch,
) {
    for (i, ((state, game), &t)) in group
        .states
        .iter()
        .zip(games.iter_mut())
        .zip(group.temperatures)
        .enumerate()
    {
        result(ctx.rule, state, game, t, scratch, group.rows.row(i));
    }
}

/// Makes the trees of a group's roots ready for their search, on the thread that searches them:
/// when the caller does not keep them, the thread's own trees take the roots' place (they were
/// the thread's last group's, still in its caches; the roots' are left as they were).
fn take_trees<G: Game>(
    plan: &Plan<'_>,
    states: &[G],
    games: &mut [GameSearch],
    scratch: &mut Scratch,
) {
    let Scratch { history, trees, .. } = scratch;
    if !plan.kept && trees.len() < games.len() {
        trees.resize_with(games.len(), Tree::default);
    }
    for (i, (state, game)) in states.iter().zip(games.iter_mut()).enumerate() {
        if !plan.kept {
            std::mem::swap(&mut game.tree, &mut trees[i]);
            game.tree.recycle();
        }
        plant(state, &mut game.tree, plan.simulations, plan.reuse, history);
    }
}

/// Gives the thread's own trees back after a group's search (the roots get theirs back).
fn give_trees(plan: &Plan<'_>, games: &mut [GameSearch], scratch: &mut Scratch) {
    if !plan.kept {
        for (game, tree) in games.iter_mut().zip(scratch.trees.iter_mut()) {
            std::mem::swap(&mut game.tree, tree);
        }
    }
}

/// The search of a group's roots with the uniform evaluator and one descent per step, one root
/// after the other, each root's result written as soon as it is searched. False when `stop`
/// stopped it.
///
/// A root is searched in a tree and a generator held on this thread's stack (the tree taken
/// from the root, or with trees the caller does not keep, the thread's own): a tree's header
/// (its arenas' pointers and lengths, written at every new node) in the roots' array would sit
/// in a cache line beside the header of a root another thread is searching.
fn search_group_alone<G: Game>(
    ctx: &Ctx<'_>,
    plan: &Plan<'_>,
    group: &mut Group<'_, G>,
    scratch: &mut Scratch,
    stop: &mut dyn FnMut(u64) -> bool,
) -> Result<bool, Error> {
    if !plan.kept && scratch.trees.is_empty() {
        scratch.trees.push(Tree::default());
    }
    let roots = group.states.iter().zip(group.games.iter_mut());
    for (i, ((state, game), (&at, &t))) in roots
        .zip(group.sequences.iter().zip(group.temperatures))
        .enumerate()
    {
        let home = if plan.kept {
            &mut game.tree
        } else {
            &mut scratch.trees[0]
        };
        let mut own = GameSearch {
            tree: std::mem::take(home),
            rng: game.rng.clone(),
        };
        if !plan.kept {
            own.tree.recycle();
        }
        plant(
            state,
            &mut own.tree,
            plan.simulations,
            plan.reuse,
            &mut scratch.history,
        );
        let sequence = ctx.sequences.get(at).map(|(_, s)| s.as_slice());
        let searched = search_alone(
            ctx,
            plan.simulations,
            state,
            &mut own,
            sequence,
            scratch,
            stop,
        );
        if let Ok(true) = searched {
            result(ctx.rule, state, &mut own, t, scratch, group.rows.row(i));
        }
        game.rng = own.rng;
        if plan.kept {
            game.tree = own.tree;
        } else {
            scratch.trees[0] = own.tree;
        }
        if !matches!(searched, Ok(true)) {
            return searched;
        }
    }
    Ok(true)
}

/// The search of one root with the uniform evaluator and one descent per step: each leaf expanded
/// (values 0, uniform priors) and backed up as soon as it is reached. False when `stop` (asked
/// before every [`STOP_EVERY`] simulations) stopped it.
fn search_alone<G: Game>(
    ctx: &Ctx<'_>,
    simulations: u32,
    state: &G,
    game: &mut GameSearch,
    sequence: Option<&[u32]>,
    scratch: &mut Scratch,
    stop: &mut dyn FnMut(u64) -> bool,
) -> Result<bool, Error> {
    scratch.leaf_values.clear();
    scratch.leaf_values.resize(ctx.players, 0.0);
    if !game.tree.nodes[0].expanded {
        expand_uniform(&mut game.tree, 0, &root_world(state), scratch)?;
    }
    state.legal_actions(&mut scratch.legal);
    noise(ctx.rule, &scratch.legal, &mut scratch.cands, game);
    for j in 0..simulations {
        // Asked for the next few descents at once: the check is a call through a pointer.
        if j % STOP_EVERY == 0 && stop(u64::from(STOP_EVERY.min(simulations - j))) {
            return Ok(false);
        }
        let (mut world, target) = descent(ctx, state, game, sequence, j)?;
        scratch.paths.clear();
        // The world is played on in place: returned from the descent it was a copy of a
        // state just written a byte at a time, which stalled on its stores.
        let reached = descend(
            ctx.rule,
            scratch,
            &mut game.tree,
            &mut world,
            ctx.hidden,
            target,
        )?;
        if let Some(node) = reached {
            expand_uniform(&mut game.tree, node, &world, scratch)?;
            backup(&mut game.tree, &scratch.paths, &scratch.leaf_values);
        }
    }
    Ok(true)
}

/// Expands `node` of `tree` in `world` as the uniform evaluator scores it.
fn expand_uniform<G: Game>(
    tree: &mut Tree,
    node: u32,
    world: &G,
    scratch: &mut Scratch,
) -> Result<(), Error> {
    world.legal_actions(&mut scratch.legal);
    let mover = world.current_player().ok_or_else(|| over("evaluate"))?;
    let (edges, max) = uniform_edges(&scratch.legal);
    tree.expand(node, mover, &scratch.leaf_values, edges, max);
    Ok(())
}
