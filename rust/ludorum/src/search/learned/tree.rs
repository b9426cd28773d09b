//! The search tree: nodes in one arena, edges keyed by action id (ascending), a value sum per
//! seat on every edge.

pub(crate) const NONE: u32 = u32::MAX;

/// One edge: an action of its node.
#[derive(Clone, Debug)]
pub(crate) struct Edge {
    pub action: u32,
    /// The prior of the world that expanded the node (0 for an action that world did not have).
    pub prior: f64,
    /// The logit of that world (`-inf` for an action it did not have).
    pub logit: f64,
    pub n: u32,
    /// Pending descents through the edge (virtual loss).
    pub vl: u32,
    pub child: u32,
    /// Root only, for the search under way: the Dirichlet noise `η(a)` (PUCT) or the Gumbel
    /// `g(a)`.
    pub extra: f64,
}

/// One node.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub player: usize,
    /// Evaluated (priors and `raw` set); a node is created unexpanded.
    pub expanded: bool,
    pub raw: Vec<f64>,
    pub edges: Vec<Edge>,
    /// `edges.len() × players`: the value sums.
    pub w: Vec<f64>,
}

impl Node {
    fn new() -> Self {
        Self {
            player: 0,
            expanded: false,
            raw: Vec::new(),
            edges: Vec::new(),
            w: Vec::new(),
        }
    }

    /// The index of the edge of `action`, added (prior 0, logit `-inf`) when missing.
    pub fn edge_of(&mut self, action: u32, players: usize) -> usize {
        match self.edges.binary_search_by_key(&action, |e| e.action) {
            Ok(i) => i,
            Err(i) => {
                self.edges.insert(
                    i,
                    Edge {
                        action,
                        prior: 0.0,
                        logit: f64::NEG_INFINITY,
                        n: 0,
                        vl: 0,
                        child: NONE,
                        extra: 0.0,
                    },
                );
                let at = i * players;
                self.w.splice(at..at, std::iter::repeat_n(0.0, players));
                i
            }
        }
    }

    /// Visits of edge `e` counting pending descents.
    #[inline]
    pub fn visits(&self, e: usize) -> u32 {
        self.edges[e].n + self.edges[e].vl
    }

    /// `Q_p(e)` counting pending descents as value -1 for the mover (`None` when unvisited).
    #[inline]
    pub fn q(&self, e: usize, p: usize, players: usize) -> Option<f64> {
        let edge = &self.edges[e];
        let n = edge.n + edge.vl;
        if n == 0 {
            return None;
        }
        let mut w = self.w[e * players + p];
        if p == self.player {
            w -= f64::from(edge.vl);
        }
        Some(w / f64::from(n))
    }
}

/// A search tree, with the history (action ids) of the position at its root.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    pub(crate) nodes: Vec<Node>,
    pub(crate) players: usize,
    pub(crate) history: Vec<usize>,
}

impl Tree {
    /// An empty tree.
    pub fn new() -> Self {
        Self::default()
    }

    /// Nodes held.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when nothing is held.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub(crate) fn add(&mut self) -> u32 {
        self.nodes.push(Node::new());
        (self.nodes.len() - 1) as u32
    }

    /// Makes the tree's root the position whose history is `history`: with `reuse`, the
    /// subtree reached by the moves played since the last root, when the tree has them; a
    /// fresh root otherwise.
    pub(crate) fn prepare(&mut self, history: &[usize], players: usize, reuse: bool) {
        let mut node = if reuse
            && !self.nodes.is_empty()
            && self.players == players
            && history.starts_with(&self.history)
        {
            Some(0u32)
        } else {
            None
        };
        if let Some(mut n) = node {
            for &action in &history[self.history.len()..] {
                let found = self.nodes[n as usize]
                    .edges
                    .binary_search_by_key(&(action as u32), |e| e.action)
                    .ok()
                    .map(|e| self.nodes[n as usize].edges[e].child)
                    .filter(|&c| c != NONE);
                match found {
                    Some(c) => n = c,
                    None => {
                        node = None;
                        break;
                    }
                }
            }
            if node.is_some() {
                node = Some(n);
            }
        }
        self.players = players;
        self.history = history.to_vec();
        match node {
            Some(0) => {}
            Some(root) => self.reroot(root),
            None => {
                self.nodes.clear();
                self.add();
            }
        }
    }

    /// Keeps only the subtree of `root`, which becomes node 0.
    fn reroot(&mut self, root: u32) {
        let mut old = std::mem::take(&mut self.nodes);
        let mut map = vec![NONE; old.len()];
        let mut order = vec![root];
        map[root as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            let n = order[i] as usize;
            for e in &old[n].edges {
                if e.child != NONE {
                    map[e.child as usize] = order.len() as u32;
                    order.push(e.child);
                }
            }
            i += 1;
        }
        self.nodes = order
            .iter()
            .map(|&n| {
                let mut node = std::mem::replace(&mut old[n as usize], Node::new());
                for e in &mut node.edges {
                    if e.child != NONE {
                        e.child = map[e.child as usize];
                    }
                }
                node
            })
            .collect();
    }
}
