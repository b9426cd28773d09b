//! The search tree: nodes, edges and value sums in three flat arenas, so that growing a tree
//! allocates nothing per node (a fresh tree only grows its arenas, a reused one keeps their
//! capacity). A node's edges are a slice of the edge arena, ascending by action id, with a value
//! sum per seat beside each edge.

pub(crate) const NONE: u32 = u32::MAX;

/// One edge: an action of its node.
#[derive(Clone, Debug)]
pub(crate) struct Edge {
    pub action: u32,
    pub n: u32,
    /// Pending descents through the edge (virtual loss).
    pub vl: u32,
    pub child: u32,
    /// The prior of the world that expanded the node (0 for an action that world did not have).
    pub prior: f64,
    /// The logit of that world (`-inf` for an action it did not have).
    pub logit: f64,
    /// The node's mover's mean value `w / n`, divided at each visit ([`Tree::visit`]) rather
    /// than at each selection that reads it (the same division, so the same bits); read only
    /// while no descent is pending through the edge.
    pub q: f64,
}

impl Edge {
    pub fn new(action: u32, prior: f64, logit: f64) -> Self {
        Self {
            action,
            n: 0,
            vl: 0,
            child: NONE,
            prior,
            logit,
            q: 0.0,
        }
    }

    /// The mover's `Q` counting pending descents as value -1 (`w` gives the mover's value
    /// sum, read only when a descent is pending): the kept mean when none is.
    #[inline(always)]
    pub fn pending_q(&self, w: impl FnOnce() -> f64) -> f64 {
        if self.vl == 0 {
            self.q
        } else {
            (w() - f64::from(self.vl)) / f64::from(self.n + self.vl)
        }
    }
}

/// One node: where its edges lie in the arena.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub player: u32,
    /// Evaluated (priors and `raw` set); a node is created unexpanded.
    pub expanded: bool,
    /// The first edge in the arena.
    pub first: u32,
    /// Edges held.
    pub len: u32,
    /// Arena slots reserved for the node's edges (a node whose edges outgrow them moves them
    /// to the arena's end: only in games with hidden information, where a world can show an
    /// action the node's first world did not have).
    pub cap: u32,
    /// The largest logit of the edges the node was expanded with (each descent shifts the
    /// logits by it: kept rather than found again).
    pub max_logit: f64,
}

/// A node's data, borrowed: what the selection rules read.
pub(crate) struct NodeRef<'a> {
    pub player: usize,
    pub raw: &'a [f64],
    pub edges: &'a [Edge],
    /// `edges.len() × players`: the value sums.
    pub w: &'a [f64],
    /// The root's noise per edge ([`Tree::root_extra`]); empty for any other node.
    pub extra: &'a [f64],
}

impl NodeRef<'_> {
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
        if p == self.player {
            return Some(edge.pending_q(|| self.w[e * players + p]));
        }
        Some(self.w[e * players + p] / f64::from(n))
    }
}

/// A search tree, with the history (action ids) of the position at its root.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    pub(crate) nodes: Vec<Node>,
    pub(crate) edges: Vec<Edge>,
    /// `edges.len() × players`.
    pub(crate) w: Vec<f64>,
    /// `nodes.len() × players`: each node's own value (`raw`).
    pub(crate) raw: Vec<f64>,
    /// Root only, for the search under way, beside each of node 0's edges: the Dirichlet noise
    /// `η(a)` (PUCT) or the Gumbel `g(a)`. Kept apart from the edges because no other node has
    /// any: every edge is 8 bytes smaller, and the descents, bound by memory, read fewer
    /// cache lines.
    pub(crate) root_extra: Vec<f64>,
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

    /// Room for `nodes` nodes of about `edges` edges each.
    pub(crate) fn reserve(&mut self, nodes: usize, edges: usize) {
        self.nodes.reserve(nodes);
        self.raw.reserve(nodes * self.players);
        self.edges.reserve(nodes * edges);
        self.w.reserve(nodes * edges * self.players);
    }

    fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.w.clear();
        self.raw.clear();
        self.root_extra.clear();
    }

    /// Empties the tree for a search of another position, keeping its arenas' memory (a fresh
    /// tree would fault in new pages for every search).
    pub(crate) fn recycle(&mut self) {
        self.clear();
        self.history.clear();
    }

    pub(crate) fn add(&mut self) -> u32 {
        self.nodes.push(Node {
            player: 0,
            expanded: false,
            first: 0,
            len: 0,
            cap: 0,
            max_logit: f64::NEG_INFINITY,
        });
        self.raw.extend(std::iter::repeat_n(0.0, self.players));
        (self.nodes.len() - 1) as u32
    }

    /// Node `n`, borrowed.
    #[inline(always)]
    pub(crate) fn node(&self, n: u32) -> NodeRef<'_> {
        let node = self.nodes[n as usize];
        let (first, len, p) = (node.first as usize, node.len as usize, self.players);
        NodeRef {
            player: node.player as usize,
            raw: &self.raw[n as usize * p..(n as usize + 1) * p],
            edges: &self.edges[first..first + len],
            w: &self.w[first * p..(first + len) * p],
            extra: if n == 0 { &self.root_extra } else { &[] },
        }
    }

    /// Expands node `n`: its mover, its value and its edges (ascending by action), whose largest
    /// logit is `max_logit` (known to the caller, which computed the priors from the logits).
    pub(crate) fn expand(
        &mut self,
        n: u32,
        player: usize,
        raw: &[f64],
        edges: impl ExactSizeIterator<Item = Edge>,
        max_logit: f64,
    ) {
        let p = self.players;
        let first = self.edges.len() as u32;
        let len = edges.len() as u32;
        self.edges.extend(edges);
        self.w.extend(std::iter::repeat_n(0.0, len as usize * p));
        self.raw[n as usize * p..(n as usize + 1) * p].copy_from_slice(raw);
        self.nodes[n as usize] = Node {
            player: player as u32,
            expanded: true,
            first,
            len,
            cap: len,
            max_logit,
        };
        if n == 0 {
            self.root_extra.clear();
            self.root_extra.resize(len as usize, 0.0);
        }
    }

    /// The index (within node `n`) of the edge of `action`.
    #[inline]
    pub(crate) fn find(&self, n: u32, action: u32) -> Option<usize> {
        let node = self.nodes[n as usize];
        self.edges[node.first as usize..(node.first + node.len) as usize]
            .binary_search_by_key(&action, |e| e.action)
            .ok()
    }

    /// The index (within node `n`) of the edge of `action`, added (prior 0, logit `-inf`)
    /// when missing.
    pub(crate) fn edge_of(&mut self, n: u32, action: u32) -> usize {
        let node = self.nodes[n as usize];
        let (first, len, p) = (node.first as usize, node.len as usize, self.players);
        let at = match self.edges[first..first + len].binary_search_by_key(&action, |e| e.action) {
            Ok(i) => return i,
            Err(i) => i,
        };
        let first = if node.len == node.cap {
            // Full: the edges move to the arena's end, with room to grow.
            let cap = (len * 2).max(4);
            let to = self.edges.len();
            self.edges.extend_from_within(first..first + len);
            self.edges
                .extend(std::iter::repeat_n(Edge::new(0, 0.0, 0.0), cap - len));
            self.w.extend_from_within(first * p..(first + len) * p);
            self.w.extend(std::iter::repeat_n(0.0, (cap - len) * p));
            let node = &mut self.nodes[n as usize];
            node.first = to as u32;
            node.cap = cap as u32;
            to
        } else {
            first
        };
        self.edges[first + at..=first + len].rotate_right(1);
        self.edges[first + at] = Edge::new(action, 0.0, f64::NEG_INFINITY);
        self.w[(first + at) * p..(first + len + 1) * p].rotate_right(p);
        self.w[(first + at) * p..(first + at + 1) * p].fill(0.0);
        self.nodes[n as usize].len += 1;
        if n == 0 {
            self.root_extra.insert(at, 0.0);
        }
        at
    }

    /// Adds `values` to the edge of `action` of node `n` and counts the visit (a pending
    /// descent ends), and keeps the mover's mean value. The edge was at `hint` when a descent
    /// went through it; it is still there unless an edge was added before it since (hidden
    /// information), and only then is it looked up.
    #[inline]
    pub(crate) fn visit(&mut self, n: u32, action: u32, hint: u32, values: &[f64]) {
        let mut node = self.nodes[n as usize];
        let mut at = (node.first + hint) as usize;
        if hint >= node.len || self.edges.get(at).is_none_or(|e| e.action != action) {
            let e = self.edge_of(n, action);
            node = self.nodes[n as usize];
            at = node.first as usize + e;
        }
        let p = self.players;
        let edge = &mut self.edges[at];
        edge.n += 1;
        edge.vl = edge.vl.saturating_sub(1);
        let w = &mut self.w[at * p..(at + 1) * p];
        for (w, v) in w.iter_mut().zip(values) {
            *w += v;
        }
        if let Some(&mine) = w.get(node.player as usize) {
            edge.q = mine / f64::from(edge.n);
        }
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
                let found = self
                    .find(n, action as u32)
                    .map(|e| self.node(n).edges[e].child)
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
        self.history.clear();
        self.history.extend_from_slice(history);
        match node {
            Some(0) => {}
            Some(root) => self.reroot(root),
            None => {
                self.clear();
                self.add();
            }
        }
    }

    /// Keeps only the subtree of `root`, which becomes node 0.
    fn reroot(&mut self, root: u32) {
        let p = self.players;
        let mut map = vec![NONE; self.nodes.len()];
        let mut order = vec![root];
        map[root as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            for e in self.node(order[i]).edges {
                if e.child != NONE {
                    map[e.child as usize] = order.len() as u32;
                    order.push(e.child);
                }
            }
            i += 1;
        }
        let mut kept = Tree {
            players: p,
            history: std::mem::take(&mut self.history),
            ..Tree::default()
        };
        kept.reserve(order.len(), 0);
        for &n in &order {
            let node = self.nodes[n as usize];
            let (first, len) = (node.first as usize, node.len as usize);
            kept.nodes.push(Node {
                first: kept.edges.len() as u32,
                cap: node.len,
                ..node
            });
            kept.raw
                .extend_from_slice(&self.raw[n as usize * p..(n as usize + 1) * p]);
            kept.edges
                .extend(self.edges[first..first + len].iter().map(|e| {
                    let mut e = e.clone();
                    if e.child != NONE {
                        e.child = map[e.child as usize];
                    }
                    e
                }));
            kept.w
                .extend_from_slice(&self.w[first * p..(first + len) * p]);
        }
        kept.root_extra.resize(kept.nodes[0].len as usize, 0.0);
        *self = kept;
    }
}
