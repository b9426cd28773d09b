//! The results of a batch of searches as rows of four flat arrays, written in place by the
//! threads that searched the roots: no allocation per root, and arrays a binding hands over as
//! they are (`search_many` makes its numpy arrays of them without copying).

use super::SearchResult;

/// The outcomes of a batch of searches, one row per root, in the roots' order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchRows {
    /// Entries per row of `visits` and `policies`: the game's action ids.
    pub num_actions: usize,
    /// Entries per row of `values`: the game's seats.
    pub num_players: usize,
    /// The chosen action id of each root.
    pub actions: Vec<usize>,
    /// Root visits per action id, `num_actions` per root.
    pub visits: Vec<u64>,
    /// The policy target per action id (0 for illegal ones), `num_actions` per root.
    pub policies: Vec<f32>,
    /// The root's value estimate per seat, `num_players` per root.
    pub values: Vec<f64>,
}

impl SearchRows {
    /// `roots` rows of zeros.
    pub(crate) fn zeroed(roots: usize, num_actions: usize, num_players: usize) -> Self {
        Self {
            num_actions,
            num_players,
            actions: vec![0; roots],
            visits: vec![0; roots * num_actions],
            policies: vec![0.0; roots * num_actions],
            values: vec![0.0; roots * num_players],
        }
    }

    /// Rows held.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// True when no row is held.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// Row `i` as a [`SearchResult`].
    ///
    /// # Panics
    ///
    /// When `i >= self.len()`.
    pub fn row(&self, i: usize) -> SearchResult {
        let (a, p) = (self.num_actions, self.num_players);
        SearchResult {
            action: self.actions[i],
            visits: self.visits[i * a..(i + 1) * a].to_vec(),
            policy: self.policies[i * a..(i + 1) * a].to_vec(),
            value: self.values[i * p..(i + 1) * p].to_vec(),
        }
    }

    /// Every row as a [`SearchResult`].
    pub fn into_results(self) -> Vec<SearchResult> {
        (0..self.len()).map(|i| self.row(i)).collect()
    }

    /// All the rows, to write.
    pub(crate) fn as_mut(&mut self) -> RowsMut<'_> {
        RowsMut {
            num_actions: self.num_actions,
            num_players: self.num_players,
            actions: &mut self.actions,
            visits: &mut self.visits,
            policies: &mut self.policies,
            values: &mut self.values,
        }
    }
}

/// Consecutive rows of a [`SearchRows`], to write.
pub(crate) struct RowsMut<'a> {
    num_actions: usize,
    num_players: usize,
    actions: &'a mut [usize],
    visits: &'a mut [u64],
    policies: &'a mut [f32],
    values: &'a mut [f64],
}

/// One row, to write.
pub(crate) struct RowMut<'a> {
    pub action: &'a mut usize,
    pub visits: &'a mut [u64],
    pub policy: &'a mut [f32],
    pub value: &'a mut [f64],
}

impl<'a> RowsMut<'a> {
    /// The rows split into runs of `size` rows (the last may be shorter).
    pub fn chunks(mut self, size: usize) -> impl Iterator<Item = RowsMut<'a>> {
        let (a, p) = (self.num_actions, self.num_players);
        std::iter::from_fn(move || {
            if self.actions.is_empty() {
                return None;
            }
            let n = size.max(1).min(self.actions.len());
            let (actions, rest) = std::mem::take(&mut self.actions).split_at_mut(n);
            self.actions = rest;
            let (visits, rest) = std::mem::take(&mut self.visits).split_at_mut(n * a);
            self.visits = rest;
            let (policies, rest) = std::mem::take(&mut self.policies).split_at_mut(n * a);
            self.policies = rest;
            let (values, rest) = std::mem::take(&mut self.values).split_at_mut(n * p);
            self.values = rest;
            Some(RowsMut {
                num_actions: a,
                num_players: p,
                actions,
                visits,
                policies,
                values,
            })
        })
    }

    /// Row `i` of these.
    pub fn row(&mut self, i: usize) -> RowMut<'_> {
        let (a, p) = (self.num_actions, self.num_players);
        RowMut {
            action: &mut self.actions[i],
            visits: &mut self.visits[i * a..(i + 1) * a],
            policy: &mut self.policies[i * a..(i + 1) * a],
            value: &mut self.values[i * p..(i + 1) * p],
        }
    }
}
