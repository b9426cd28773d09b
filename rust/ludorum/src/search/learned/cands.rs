//! The candidates of a node: the actions a selection rule chooses among, each with its edge, its
//! prior and its logit shifted so that the largest is 0.
//!
//! In a game of perfect information they are all of the node's edges, read in place
//! ([`AllEdges`]: no copy, no indirection, the logits' maximum kept on the node since its
//! expansion). With hidden information they are the edges of the actions legal in the world of
//! the descent, their priors renormalised, copied into buffers ([`Listed`]). The selection rules
//! are generic over the two, so that each is written once and the common case costs nothing.

use super::tree::NodeRef;

/// What a selection rule reads of its candidates; `i` counts candidates in ascending action id.
pub(crate) trait Cands {
    /// Number of candidates.
    fn len(&self) -> usize;
    /// The edge (within the node) of candidate `i`.
    fn edge(&self, i: usize) -> usize;
    /// The prior of candidate `i`.
    fn prior(&self, node: &NodeRef<'_>, i: usize) -> f64;
    /// `l(i) - max l` over the candidates.
    fn logit(&self, node: &NodeRef<'_>, i: usize) -> f64;
}

/// Every edge of the node, as expanded.
pub(crate) struct AllEdges {
    pub len: usize,
    /// The largest logit of the node's edges.
    pub max_logit: f64,
}

impl Cands for AllEdges {
    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn edge(&self, i: usize) -> usize {
        i
    }

    #[inline]
    fn prior(&self, node: &NodeRef<'_>, i: usize) -> f64 {
        node.edges[i].prior
    }

    #[inline]
    fn logit(&self, node: &NodeRef<'_>, i: usize) -> f64 {
        node.edges[i].logit - self.max_logit
    }
}

/// Candidates listed by edge, with their priors and shifted logits beside them.
pub(crate) struct Listed<'a> {
    pub edges: &'a [usize],
    pub priors: &'a [f64],
    /// Already shifted.
    pub logits: &'a [f64],
}

impl Cands for Listed<'_> {
    #[inline]
    fn len(&self) -> usize {
        self.edges.len()
    }

    #[inline]
    fn edge(&self, i: usize) -> usize {
        self.edges[i]
    }

    #[inline]
    fn prior(&self, _: &NodeRef<'_>, i: usize) -> f64 {
        self.priors[i]
    }

    #[inline]
    fn logit(&self, _: &NodeRef<'_>, i: usize) -> f64 {
        self.logits[i]
    }
}

/// The largest of `logits` (`-inf` for none).
pub(crate) fn max_logit(logits: impl Iterator<Item = f64>) -> f64 {
    logits.fold(f64::NEG_INFINITY, f64::max)
}

/// The listed candidates' priors (renormalised when they are not all the node's edges; uniform,
/// with logits 0, when the first world had none of them) and shifted logits, into `priors` and
/// `logits`.
pub(crate) fn listed_priors(
    node: &NodeRef<'_>,
    cands: &[usize],
    priors: &mut Vec<f64>,
    logits: &mut Vec<f64>,
) {
    priors.clear();
    logits.clear();
    priors.extend(cands.iter().map(|&e| node.edges[e].prior));
    logits.extend(cands.iter().map(|&e| node.edges[e].logit));
    if cands.len() != node.edges.len() {
        let sum: f64 = priors.iter().sum();
        if sum > 0.0 {
            priors.iter_mut().for_each(|p| *p /= sum);
        } else {
            priors.fill(1.0 / cands.len() as f64);
            logits.fill(0.0);
        }
    }
    let max = max_logit(logits.iter().copied());
    logits.iter_mut().for_each(|l| *l -= max);
}
