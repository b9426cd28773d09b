//! Gumbel MuZero (mctx's `gumbel_muzero_policy`): the considered-visit sequence of sequential
//! halving, completed Q-values, root and interior selection.

use super::tree::Node;
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

/// `σ(a) = (c_visit + max N) · c_scale · q̃(a)` per candidate: completed Q (the mixed value for
/// unvisited actions), rescaled to `[0, 1]` over the candidates.
pub(crate) fn sigma(
    node: &Node,
    cands: &[usize],
    priors: &[f64],
    config: &GumbelConfig,
    players: usize,
) -> Vec<f64> {
    let p = node.player;
    let visits: Vec<u32> = cands.iter().map(|&e| node.visits(e)).collect();
    let qs: Vec<Option<f64>> = cands.iter().map(|&e| node.q(e, p, players)).collect();
    let n: u64 = visits.iter().map(|&v| u64::from(v)).sum();
    let raw = node.raw[p];
    let probs: Vec<f64> = priors.iter().map(|&x| x.max(f64::MIN_POSITIVE)).collect();
    let sum_probs: f64 = (0..cands.len())
        .filter(|&i| visits[i] > 0)
        .map(|i| probs[i])
        .sum();
    let mixed = if n == 0 {
        raw
    } else {
        let weighted: f64 = (0..cands.len())
            .filter_map(|i| qs[i].map(|q| probs[i] * q / sum_probs))
            .sum();
        (raw + n as f64 * weighted) / (1.0 + n as f64)
    };
    let completed: Vec<f64> = qs.iter().map(|q| q.unwrap_or(mixed)).collect();
    let min = completed.iter().copied().fold(f64::INFINITY, f64::min);
    let max = completed.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let max_visits = visits.iter().copied().max().unwrap_or(0);
    let scale = (config.c_visit + f64::from(max_visits)) * config.c_scale;
    completed
        .iter()
        .map(|&q| scale * ((q - min) / (max - min).max(1e-8)))
        .collect()
}

/// `l'(a) = l(a) - max l` over the candidates.
pub(crate) fn shifted(logits: &[f64]) -> Vec<f64> {
    let max = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    logits.iter().map(|&l| l - max).collect()
}

/// `π'`: the softmax of `l' + σ` over the candidates.
pub(crate) fn improved_policy(logits: &[f64], sigma: &[f64]) -> Vec<f64> {
    let z: Vec<f64> = logits.iter().zip(sigma).map(|(l, s)| l + s).collect();
    let max = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = z.iter().map(|&x| (x - max).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.iter().map(|&x| x / sum).collect()
}

/// Interior selection: the candidate maximising `π'(a) - N(a) / (1 + n)` (ties: lowest id).
pub(crate) fn select_interior(
    node: &Node,
    cands: &[usize],
    logits: &[f64],
    sigma: &[f64],
) -> usize {
    let pi = improved_policy(logits, sigma);
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
    node: &Node,
    cands: &[usize],
    logits: &[f64],
    sigma: &[f64],
    target: u32,
) -> usize {
    let visits: Vec<u32> = cands.iter().map(|&e| node.visits(e)).collect();
    let wanted = if visits.contains(&target) {
        target
    } else {
        visits
            .iter()
            .copied()
            .filter(|&v| v > target)
            .min()
            .unwrap_or_else(|| visits.iter().copied().min().unwrap_or(0))
    };
    let mut best = None;
    let mut best_score = f64::NEG_INFINITY;
    for (i, &e) in cands.iter().enumerate() {
        if visits[i] != wanted {
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
pub(crate) fn choose(node: &Node, cands: &[usize], logits: &[f64], sigma: &[f64]) -> usize {
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
