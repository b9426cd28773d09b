//! A cache of each frontier cell's legal patterns, per player, kept across moves.
//!
//! Random play spends most of its time deciding, for every empty cell next to a piece, which
//! patterns are legal there, yet a move changes few of those answers. Without the hand, the
//! legal patterns of a cell `x` for a player are a function of `x`'s own sides (which sides
//! require a beam, which forbid one) and of one "signature" per occupied neighbour: the colour
//! its group shows, whether that group has zero, one or more liberties, and whether it is a
//! complete section (see [`Signature`]). The one exception is a placement that captures: it
//! also asks whether a captured group touches an own group with another liberty, which looks
//! further than the neighbours, but never beyond the section of the captured group (the groups
//! it touches are bonded to it). Cells where that question arises are "volatile": recomputed at
//! every fill after a placement into the section of one of their connected neighbours in atari
//! (the groups a capture test reads; a change of any other neighbour's signature marks the cell
//! dirty anyway), and after every undo.
//!
//! So a move marks as changed ("dirty") the cells next to the placed piece (their sides and
//! the frontier change) and the cells next to every group whose signature changed; groups
//! only merge, so the groups a move saved for undo are all it can have changed. The state
//! fills the cache after each move (`&mut self`), recomputing the dirty and volatile cells for
//! both players at once (the neighbours are read once), so that the `&self` generators read
//! masks. Undo only marks. The cache is exact while nothing is dirty.

use super::board::{CellSet, CELLS, NEIGHBOURS, NONE};

/// What the legal patterns of an empty cell read from an occupied neighbour: its colour, its
/// group's liberties (none, one, more) and whether that group is a complete section.
pub(super) type Signature = (u8, u8, bool);

/// The signature of a group with this colour, liberty count and completeness.
#[inline(always)]
pub(super) fn signature(colour: u8, libcount: u8, complete: bool) -> Signature {
    (colour, libcount.min(2), complete)
}

const fn build_around() -> [CellSet; CELLS] {
    let mut out = [CellSet([0; 4]); CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut d = 0;
        while d < 6 {
            let n = NEIGHBOURS[c][d];
            if n != NONE {
                let n = n as usize;
                out[c].0[n >> 6] |= 1 << (n & 63);
            }
            d += 1;
        }
        c += 1;
    }
    out
}

/// The neighbours of each cell, as a set.
pub(super) static AROUND: [CellSet; CELLS] = build_around();

/// The cells next to any of `cells`.
#[inline(always)]
pub(super) fn around(cells: CellSet) -> CellSet {
    let mut out = CellSet::EMPTY;
    for x in cells.iter() {
        out.union_with(&AROUND[x]);
    }
    out
}

/// Legal patterns (without the hand) of the frontier cells, per player.
#[derive(Clone)]
pub(super) struct PatternCache {
    /// Per player and cell: the legal patterns on that cell, the hand aside, while exact.
    pub(super) patterns: [[u64; CELLS]; 2],
    /// The cells whose patterns may have changed since the last fill; every cell before the
    /// first, so that nothing is taken for exact before it was filled.
    dirty: CellSet,
    /// The cells whose patterns, for either player, depend on more than their neighbours (a
    /// capture).
    volatile: CellSet,
}

impl PatternCache {
    /// A cache with nothing in it.
    pub(super) fn new() -> Self {
        Self {
            patterns: [[0; CELLS]; 2],
            dirty: CellSet::ALL,
            volatile: CellSet::EMPTY,
        }
    }

    /// Records that the patterns of `cells` may have changed.
    #[inline(always)]
    pub(super) fn mark(&mut self, cells: &CellSet) {
        self.dirty.union_with(cells);
    }

    /// True when every pattern mask on the frontier is exact, for both players.
    #[inline(always)]
    pub(super) fn is_exact(&self) -> bool {
        self.dirty.is_empty()
    }

    /// Starts a fill on `frontier`: returns the dirty cells, whose masks the caller must
    /// [`store`](Self::store) for both players, and the volatile cells that are not dirty,
    /// which it must store or [`keep`](Self::keep); `None` when nothing changed since the last
    /// fill.
    #[inline(always)]
    pub(super) fn stale(&mut self, frontier: &CellSet) -> Option<(CellSet, CellSet)> {
        if self.dirty.is_empty() {
            return None;
        }
        let dirty = self.dirty.intersection(frontier);
        let mut volatile = self.volatile.intersection(frontier);
        for (v, d) in volatile.0.iter_mut().zip(dirty.0) {
            *v &= !d;
        }
        self.dirty = CellSet::EMPTY;
        self.volatile = CellSet::EMPTY;
        Some((dirty, volatile))
    }

    /// Keeps the masks of a volatile cell that the last move cannot have changed.
    #[inline(always)]
    pub(super) fn keep(&mut self, cell: usize) {
        self.volatile.insert(cell);
    }

    /// Marks every volatile cell dirty (an undo: the fill after it cannot tell what changed).
    #[inline(always)]
    pub(super) fn mark_volatile(&mut self) {
        self.dirty.union_with(&self.volatile);
    }

    /// Stores the patterns of `player` on `cell`, with whether they depend on a capture.
    #[inline(always)]
    pub(super) fn store(&mut self, player: usize, cell: usize, patterns: u64, volatile: bool) {
        self.patterns[player][cell] = patterns;
        if volatile {
            self.volatile.insert(cell);
        }
    }
}

impl std::fmt::Debug for PatternCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Derived data, not part of the position.
        f.debug_struct("PatternCache").finish_non_exhaustive()
    }
}
