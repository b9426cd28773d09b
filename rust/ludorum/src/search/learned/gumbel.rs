//! Gumbel MuZero (mctx's `gumbel_muzero_policy`): the considered-visit sequence of sequential
//! halving, completed Q-values, root and interior selection.

use super::cands::Cands;
use super::tree::NodeRef;
use super::GumbelConfig;

/// mctx's `get_sequence_of_considered_visits(k, simulations)`: the visit count the root's
/// chosen action must have at each simulation.
pub fn considered_visits(k: usize, simulations: usize) -> Vec<u32> {
    if k <= 1 {
        return (0..simulations as u32).collect();
    }
    let log2max = (k as f64).log2().ceil() as usize;
    let mut sequence = Vec::with_capacity(simulations);
    let mut visits = vec![0u32; k];
    let mut m = k;
    while sequence.len() < simulations {
        let extra = (simulations / (log2max * m)).max(1);
        for _ in 0..extra {
            sequence.extend_from_slice(&visits[..m]);
            visits[..m].iter_mut().for_each(|v| *v += 1);
        }
        m = (m / 2).max(2);
    }
    sequence.truncate(simulations);
    sequence
}

/// The larger of two numbers that are never NaN (Q-values, priors, `l' + σ`): one comparison,
/// where `f64::max` spends several instructions on NaN. Where the two are zeros of opposite
/// signs either may be returned, as with `f64::max`; no result depends on the zero's sign (it
/// only ever reaches a difference with a nonzero number, an exponential, or a comparison).
#[inline(always)]
fn larger(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// The smaller of two numbers that are never NaN (as [`larger`]).
#[inline(always)]
fn smaller(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

/// `σ(a) = (c_visit + max N) · c_scale · q̃(a)` per candidate, written into `out`: completed
/// Q (the mixed value for unvisited actions), rescaled to `[0, 1]` over the candidates. Returns
/// the candidates' visits `Σ N(a)` (pending descents counted) and the `σ`s (the first
/// `cands.len()` of `out`).
pub(crate) fn sigma<'o, C: Cands>(
    node: &NodeRef<'_>,
    cands: &C,
    config: &GumbelConfig,
    players: usize,
    out: &'o mut Vec<f64>,
) -> (u64, &'o [f64]) {
    let (completion, qs) = completion(node, cands, config, players, out);
    qs.iter_mut().for_each(|q| *q = completion.sigma(*q));
    (completion.n, qs)
}

/// What turns a candidate's Q into its `σ`, from one pass over the candidates.
struct Completion {
    /// The candidates' visits `Σ N(a)`.
    n: u64,
    min: f64,
    range: f64,
    scale: f64,
    /// The `σ` of every unvisited candidate (that of the mixed value): computed once.
    sigma_mixed: f64,
}

impl Completion {
    /// The `σ` of a candidate whose Q is `q` (NaN: unvisited).
    #[inline(always)]
    fn sigma(&self, q: f64) -> f64 {
        if q.is_nan() {
            self.sigma_mixed
        } else {
            self.scale * ((q - self.min) / self.range)
        }
    }
}

/// Each candidate's Q (NaN for the unvisited), written into `out`, and what turns them into
/// `σ`s. The selections compute only the `σ`s they read, and the interior one only as part of
/// `l' + σ`.
///
/// `out` keeps its length from call to call (it only grows): a node's candidates are the first
/// `cands.len()` entries, so no call fills the buffer before writing it.
#[inline(always)]
fn completion<'o, C: Cands>(
    node: &NodeRef<'_>,
    cands: &C,
    config: &GumbelConfig,
    players: usize,
    out: &'o mut Vec<f64>,
) -> (Completion, &'o mut [f64]) {
    let p = node.player;
    let k = cands.len();
    if out.len() < k {
        out.resize(k, 0.0);
    }
    let out = &mut out[..k];
    // One pass for the visits, each visited candidate's Q and the visited Qs' range (min and
    // max do not depend on order).
    let mut n = 0u64;
    let mut max_visits = 0u32;
    let mut sum_probs = 0.0;
    let (mut min, mut max) = (f64::INFINITY, f64::NEG_INFINITY);
    let mut unvisited = false;
    for (i, q) in out.iter_mut().enumerate() {
        let e = cands.edge(i);
        let edge = &node.edges[e];
        let v = edge.n + edge.vl;
        n += u64::from(v);
        max_visits = max_visits.max(v);
        if v > 0 {
            sum_probs += larger(cands.prior(node, i), f64::MIN_POSITIVE);
            // The mover's own mean, pending descents counted as value -1.
            *q = edge.pending_q(|| node.w[e * players + p]);
            min = smaller(min, *q);
            max = larger(max, *q);
        } else {
            *q = f64::NAN;
            unvisited = true;
        }
    }
    let mut mixed = f64::NAN;
    if unvisited {
        let raw = node.raw[p];
        mixed = if n == 0 {
            raw
        } else {
            let mut weighted = 0.0;
            for (i, &q) in out.iter().enumerate() {
                if !q.is_nan() {
                    weighted += larger(cands.prior(node, i), f64::MIN_POSITIVE) * q / sum_probs;
                }
            }
            (raw + n as f64 * weighted) / (1.0 + n as f64)
        };
        min = smaller(min, mixed);
        max = larger(max, mixed);
    }
    let scale = (config.c_visit + f64::from(max_visits)) * config.c_scale;
    let range = (max - min).max(1e-8);
    let completion = Completion {
        n,
        min,
        range,
        scale,
        sigma_mixed: scale * ((mixed - min) / range),
    };
    (completion, out)
}

/// `exp(x - max)` in place of each `x`; returns their sum (the softmax's denominator).
#[inline(always)]
fn exps_in_place(xs: &mut [f64], max: f64) -> f64 {
    let mut sum = 0.0;
    // Candidates with the same `l' + σ` (the unvisited ones of equal logit, such as every
    // unvisited candidate under a uniform model, share one `σ`) share one exponential.
    let (mut last, mut last_exp) = (f64::NAN, f64::NAN);
    for x in xs.iter_mut() {
        if *x != last {
            last = *x;
            last_exp = (*x - max).exp();
        }
        *x = last_exp;
        sum += *x;
    }
    sum
}

/// `π'`: the softmax of `l' + σ` over the candidates, written into `out`.
pub(crate) fn improved_policy<C: Cands>(
    node: &NodeRef<'_>,
    cands: &C,
    sigma: &[f64],
    out: &mut Vec<f64>,
) {
    out.clear();
    let mut max = f64::NEG_INFINITY;
    out.extend(sigma.iter().enumerate().map(|(i, s)| {
        let x = cands.logit(node, i) + s;
        max = larger(max, x);
        x
    }));
    let sum = exps_in_place(out, max);
    out.iter_mut().for_each(|x| *x /= sum);
}

/// Interior selection: the candidate maximising `π'(a) - N(a) / (1 + n)` (ties: lowest id),
/// where `π'` is the softmax of `l' + σ` and `n` the candidates' visits; `buffer` is room for
/// the candidates' Qs, then `l' + σ`, then `π'`.
pub(crate) fn select_interior<C: Cands>(
    node: &NodeRef<'_>,
    cands: &C,
    config: &GumbelConfig,
    players: usize,
    buffer: &mut Vec<f64>,
) -> usize {
    if unvisited_and_flat(node, cands) {
        return 0;
    }
    let (completion, xs) = completion(node, cands, config, players, buffer);
    let mut max = f64::NEG_INFINITY;
    for (i, x) in xs.iter_mut().enumerate() {
        *x = completion.sigma(*x) + cands.logit(node, i);
        max = larger(max, *x);
    }
    let sum = exps_in_place(xs, max);
    let n = completion.n;
    let mut best = 0;
    let mut best_score = f64::NEG_INFINITY;
    for (i, &x) in xs.iter().enumerate() {
        let v = node.visits(cands.edge(i));
        // An unvisited candidate's `N(a) / (1 + n)` is +0, which subtracts nothing.
        let score = if v == 0 {
            x / sum
        } else {
            x / sum - f64::from(v) / (1.0 + n as f64)
        };
        if score > best_score {
            best_score = score;
            best = i;
        }
    }
    best
}

/// No candidate is visited and their logits are equal (every leaf's first selection under a
/// uniform model): then every candidate has the same `l' + σ` (each `σ` is the mixed value's),
/// hence the same `π'` and the same score, and the first wins the tie. The interior selection
/// returns it without computing them; a visited candidate usually comes first (ties go to the
/// lowest id), which ends this pass at once.
#[inline(always)]
fn unvisited_and_flat<C: Cands>(node: &NodeRef<'_>, cands: &C) -> bool {
    let Some(first) = (cands.len() > 0).then(|| cands.logit(node, 0).to_bits()) else {
        return false;
    };
    (0..cands.len())
        .all(|i| node.visits(cands.edge(i)) == 0 && cands.logit(node, i).to_bits() == first)
}

/// `max(-1e9, g + l' + σ)` of candidate `i`, whose `σ` is `sigma`.
#[inline]
fn score<C: Cands>(node: &NodeRef<'_>, cands: &C, sigma: f64, i: usize) -> f64 {
    larger(
        node.extra[cands.edge(i)] + cands.logit(node, i) + sigma,
        -1e9,
    )
}

/// Root selection at target visit count `target`: among candidates with `N(a) = target`, the
/// one maximising `max(-1e9, g + l' + σ)` (ties: lowest id). When no candidate has exactly
/// `target` visits (a reused tree's root, or virtual loss), the candidates with the smallest
/// count above `target` take their place, or failing those the least visited. `buffer` is
/// room for the candidates' Qs; only the `σ`s of the candidates in the running are computed.
pub(crate) fn select_root<C: Cands>(
    node: &NodeRef<'_>,
    cands: &C,
    config: &GumbelConfig,
    players: usize,
    buffer: &mut Vec<f64>,
    target: u32,
) -> usize {
    let (completion, qs) = completion(node, cands, config, players, buffer);
    // The best of the candidates with `wanted` visits (`None`: there are none).
    let best_at = |wanted: u32| {
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for (i, &q) in qs.iter().enumerate() {
            if node.visits(cands.edge(i)) != wanted {
                continue;
            }
            let score = score(node, cands, completion.sigma(q), i);
            if best.is_none() || score > best_score {
                best_score = score;
                best = Some(i);
            }
        }
        best
    };
    best_at(target)
        .or_else(|| {
            let visits = || (0..cands.len()).map(|i| node.visits(cands.edge(i)));
            let wanted = visits()
                .filter(|&v| v > target)
                .min()
                .unwrap_or_else(|| visits().min().unwrap_or(0));
            best_at(wanted)
        })
        .unwrap_or(0)
}

/// The chosen move: among the candidates with the most visits, the one maximising
/// `g + l' + σ` (ties: lowest id); `sigma` has one `σ` per candidate.
pub(crate) fn choose<C: Cands>(node: &NodeRef<'_>, cands: &C, sigma: &[f64]) -> usize {
    let most = (0..cands.len())
        .map(|i| node.edges[cands.edge(i)].n)
        .max()
        .unwrap_or(0);
    let mut best = None;
    let mut best_score = f64::NEG_INFINITY;
    for (i, &s) in sigma.iter().enumerate() {
        if node.edges[cands.edge(i)].n != most {
            continue;
        }
        let score = score(node, cands, s, i);
        if best.is_none() || score > best_score {
            best_score = score;
            best = Some(i);
        }
    }
    best.unwrap_or(0)
}
