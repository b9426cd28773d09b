//! Gumbel MuZero (mctx's `gumbel_muzero_policy`): the considered-visit sequence of sequential
//! halving, completed Q-values, root and interior selection.

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

/// `σ(a) = (c_visit + max N) · c_scale · q̃(a)` per candidate, written into `out`: completed
/// Q (the mixed value for unvisited actions), rescaled to `[0, 1]` over the candidates.
pub(crate) fn sigma(
    node: &NodeRef<'_>,
    cands: &[usize],
    priors: &[f64],
    config: &GumbelConfig,
    players: usize,
    out: &mut Vec<f64>,
) {
    let p = node.player;
    // One pass for the visits and each visited candidate's Q (NaN for the unvisited, filled
    // with the mixed value below).
    out.clear();
    let mut n = 0u64;
    let mut max_visits = 0u32;
    let mut sum_probs = 0.0;
    for (i, &e) in cands.iter().enumerate() {
        let edge = &node.edges[e];
        let v = edge.n + edge.vl;
        n += u64::from(v);
        max_visits = max_visits.max(v);
        if v > 0 {
            sum_probs += priors[i].max(f64::MIN_POSITIVE);
            let mut w = node.w[e * players + p];
            if p == node.player {
                w -= f64::from(edge.vl);
            }
            out.push(w / f64::from(v));
        } else {
            out.push(f64::NAN);
        }
    }
    let raw = node.raw[p];
    let mixed = if n == 0 {
        raw
    } else {
        let mut weighted = 0.0;
        for (i, &q) in out.iter().enumerate() {
            if !q.is_nan() {
                weighted += priors[i].max(f64::MIN_POSITIVE) * q / sum_probs;
            }
        }
        (raw + n as f64 * weighted) / (1.0 + n as f64)
    };
    let (mut min, mut max) = (f64::INFINITY, f64::NEG_INFINITY);
    for q in out.iter_mut() {
        if q.is_nan() {
            *q = mixed;
        }
        min = min.min(*q);
        max = max.max(*q);
    }
    let scale = (config.c_visit + f64::from(max_visits)) * config.c_scale;
    let range = (max - min).max(1e-8);
    out.iter_mut()
        .for_each(|q| *q = scale * ((*q - min) / range));
}

/// `l'(a) = l(a) - max l` over the candidates, in place.
pub(crate) fn shift(logits: &mut [f64]) {
    let max = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    logits.iter_mut().for_each(|l| *l -= max);
}

/// `π'`: the softmax of `l' + σ` over the candidates, written into `out`.
pub(crate) fn improved_policy(logits: &[f64], sigma: &[f64], out: &mut Vec<f64>) {
    out.clear();
    out.extend(logits.iter().zip(sigma).map(|(l, s)| l + s));
    let max = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    out.iter_mut().for_each(|x| *x = (*x - max).exp());
    let sum: f64 = out.iter().sum();
    out.iter_mut().for_each(|x| *x /= sum);
}

/// Interior selection: the candidate maximising `π'(a) - N(a) / (1 + n)` (ties: lowest id);
/// `pi` is room for `π'`.
pub(crate) fn select_interior(
    node: &NodeRef<'_>,
    cands: &[usize],
    logits: &[f64],
    sigma: &[f64],
    pi: &mut Vec<f64>,
) -> usize {
    improved_policy(logits, sigma, pi);
    let n: u64 = cands.iter().map(|&e| u64::from(node.visits(e))).sum();
    let mut best = 0;
    let mut best_score = f64::NEG_INFINITY;
    for (i, &e) in cands.iter().enumerate() {
        let score = pi[i] - f64::from(node.visits(e)) / (1.0 + n as f64);
        if score > best_score {
            best_score = score;
            best = i;
        }
    }
    best
}

/// Root selection at target visit count `target`: among candidates with `N(a) = target`, the
/// one maximising `max(-1e9, g + l' + σ)` (ties: lowest id). When no candidate has exactly
/// `target` visits (a reused tree's root, or virtual loss), the candidates with the smallest
/// count above `target` take their place, or failing those the least visited.
pub(crate) fn select_root(
    node: &NodeRef<'_>,
    cands: &[usize],
    logits: &[f64],
    sigma: &[f64],
    target: u32,
) -> usize {
    let visits = || cands.iter().map(|&e| node.visits(e));
    let wanted = if visits().any(|v| v == target) {
        target
    } else {
        visits()
            .filter(|&v| v > target)
            .min()
            .unwrap_or_else(|| visits().min().unwrap_or(0))
    };
    let mut best = None;
    let mut best_score = f64::NEG_INFINITY;
    for (i, &e) in cands.iter().enumerate() {
        if node.visits(e) != wanted {
            continue;
        }
        let score = (node.edges[e].extra + logits[i] + sigma[i]).max(-1e9);
        if best.is_none() || score > best_score {
            best_score = score;
            best = Some(i);
        }
    }
    best.unwrap_or(0)
}

/// The chosen move: among the candidates with the most visits, the one maximising
/// `g + l' + σ` (ties: lowest id).
pub(crate) fn choose(node: &NodeRef<'_>, cands: &[usize], logits: &[f64], sigma: &[f64]) -> usize {
    let most = cands.iter().map(|&e| node.edges[e].n).max().unwrap_or(0);
    let mut best = None;
    let mut best_score = f64::NEG_INFINITY;
    for (i, &e) in cands.iter().enumerate() {
        if node.edges[e].n != most {
            continue;
        }
        let score = (node.edges[e].extra + logits[i] + sigma[i]).max(-1e9);
        if best.is_none() || score > best_score {
            best_score = score;
            best = Some(i);
        }
    }
    best.unwrap_or(0)
}
