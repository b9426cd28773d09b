//! PUCT (AlphaZero): the selection rule, the root's Dirichlet noise, the chosen move.

use super::cands::Cands;
use super::tree::NodeRef;
use crate::core::rng::SplitMix64;

/// The candidate maximising `Q_p(a) + c_puct · P(a) · sqrt(n) / (1 + N(a))` (`Q = 0` when
/// unvisited); candidates ascend by action id, so a tie goes to the lowest id. With `noise`
/// `ε`, the prior is the root's `(1 - ε) · P(a) + ε · η(a)`.
pub(crate) fn select<C: Cands>(
    node: &NodeRef<'_>,
    cands: &C,
    c: f64,
    players: usize,
    noise: Option<f64>,
) -> usize {
    let p = node.player;
    let n: u64 = (0..cands.len())
        .map(|i| u64::from(node.visits(cands.edge(i))))
        .sum();
    let sqrt_n = (n as f64).sqrt();
    let mut best = 0;
    let mut best_u = f64::NEG_INFINITY;
    for i in 0..cands.len() {
        let e = cands.edge(i);
        let prior = match noise {
            Some(eps) => (1.0 - eps) * cands.prior(node, i) + eps * node.extra[e],
            None => cands.prior(node, i),
        };
        let q = node.q(e, p, players).unwrap_or(0.0);
        let u = q + c * prior * sqrt_n / (1.0 + f64::from(node.visits(e)));
        if u > best_u {
            best_u = u;
            best = i;
        }
    }
    best
}

/// `Dir(α)` over `k` actions, drawn from a generator seeded by one draw of the search's
/// (so that the search's stream advances by exactly one draw whatever the gamma sampler does).
pub(crate) fn dirichlet(alpha: f64, k: usize, rng: &mut SplitMix64) -> Vec<f64> {
    let mut sub = SplitMix64::new(rng.next_u64());
    let mut eta: Vec<f64> = (0..k).map(|_| gamma(alpha, &mut sub)).collect();
    let sum: f64 = eta.iter().sum();
    if sum > 0.0 && sum.is_finite() {
        eta.iter_mut().for_each(|x| *x /= sum);
    } else {
        eta.fill(1.0 / k as f64);
    }
    eta
}

fn open_uniform(rng: &mut SplitMix64) -> f64 {
    ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64)
}

fn normal(rng: &mut SplitMix64) -> f64 {
    let (u, v) = (open_uniform(rng), open_uniform(rng));
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// Gamma(α, 1) by Marsaglia and Tsang (α < 1 through `Gamma(α + 1) · U^(1/α)`).
fn gamma(alpha: f64, rng: &mut SplitMix64) -> f64 {
    if alpha < 1.0 {
        return gamma(alpha + 1.0, rng) * open_uniform(rng).powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = open_uniform(rng);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// The chosen root candidate: with `temperature` 0 the most visited (ties: the highest prior,
/// then the lowest id); else one drawn `∝ N^(1/τ)` by one uniform draw, the first candidate
/// whose cumulative probability exceeds it. The weights are computed as `(N / max N)^(1/τ)`
/// (the same distribution, without overflow).
pub(crate) fn choose(
    visits: &[u64],
    priors: &[f64],
    temperature: f64,
    rng: &mut SplitMix64,
) -> usize {
    if temperature > 0.0 {
        let u = super::uniform(rng);
        let max = visits.iter().copied().max().unwrap_or(0);
        if max > 0 {
            let weights: Vec<f64> = visits
                .iter()
                .map(|&n| (n as f64 / max as f64).powf(1.0 / temperature))
                .collect();
            let total: f64 = weights.iter().sum();
            let mut cumulative = 0.0;
            for (i, w) in weights.iter().enumerate() {
                cumulative += w / total;
                if cumulative > u {
                    return i;
                }
            }
            // Rounding left the sum below u: the last action with any weight.
            return weights.iter().rposition(|&w| w > 0.0).unwrap_or(0);
        }
    }
    let mut best = 0;
    for i in 1..visits.len() {
        if (visits[i], priors[i]) > (visits[best], priors[best]) {
            best = i;
        }
    }
    best
}
