//! A cache of each piece's destination mask, kept across moves.
//!
//! Random play spends most of its time expanding hop chains, yet a move changes only two
//! holes, and most pieces' chains never look at them. So each piece's destination mask is kept
//! with the holes its search read ("reads"), and a turn recomputes only the pieces a move could
//! affect. The cache is exact (it gives what a fresh search would) and kept by `&mut` methods
//! only (play, undo), as the `&self` generators cannot store anything.
//!
//! Entries are keyed by hole and refreshed only for the player to move ("filled"). Rather than
//! visiting every entry on each move, each player keeps the holes changed since its last fill
//! and checks an entry against them when it is used. An entry of `player` on `hole` is exact when its
//! reads miss those holes: it was exact at the last fill (which checked or recomputed every
//! piece of `player`), and nothing it read has changed since. An entry of a hole that `player`
//! did not hold at its last fill is never taken for exact: the piece arrived since, so `hole`
//! itself, always among the reads, is among the changed holes. This also covers the owner
//! (whose area masks the result depends on): it can only change with the hole.

use super::board::{bit_of, ALL, HOLES};

/// One piece's destinations and the holes their computation read.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) destinations: u128,
    pub(super) reads: u128,
}

/// Destination masks by hole, with each player's changed holes since it last filled them.
#[derive(Clone)]
pub(super) struct DestinationCache {
    /// Per player: the holes changed since that player's last fill; every hole before the
    /// first, so that no entry is taken for exact until it was filled.
    changed: [u128; 6],
    /// Per player: its number of moves (pass aside) at its last fill, exact while nothing
    /// changed since.
    moves: [u16; 6],
    entries: [Entry; HOLES],
    /// The number of destinations of each entry: counting bits is slow without `popcnt` (not
    /// in the baseline x86-64 target), and random play needs the counts every turn.
    counts: [u8; HOLES],
}

impl DestinationCache {
    /// A cache with nothing in it.
    pub(super) const fn new() -> Self {
        Self {
            changed: [ALL; 6],
            moves: [0; 6],
            entries: [Entry {
                destinations: 0,
                reads: ALL,
            }; HOLES],
            counts: [0; HOLES],
        }
    }

    /// Records that a move (or its undo) changed the occupancy of the `changed` holes.
    #[inline(always)]
    pub(super) fn note_move(&mut self, changed: u128) {
        for holes in &mut self.changed {
            *holes |= changed;
        }
    }

    /// The cached destinations of `player`'s piece on `hole`, if still exact.
    #[inline(always)]
    pub(super) fn get(&self, player: usize, hole: usize) -> Option<u128> {
        let entry = &self.entries[hole];
        (entry.reads & self.changed[player] == 0).then_some(entry.destinations)
    }

    /// The number of moves of `player` (pass aside), if every entry of its pieces is exact.
    #[inline(always)]
    pub(super) fn moves(&self, player: usize) -> Option<usize> {
        (self.changed[player] == 0).then_some(usize::from(self.moves[player]))
    }

    /// The number of destinations of the (exact) entry on `hole`.
    #[inline(always)]
    pub(super) fn count(&self, hole: usize) -> usize {
        usize::from(self.counts[hole])
    }

    /// The cached destinations on `hole`, exact or not (see [`count`](Self::count)).
    #[inline(always)]
    pub(super) fn destinations(&self, hole: usize) -> u128 {
        self.entries[hole].destinations
    }

    /// Starts a fill of `player`'s `pieces` (a mask of holes): returns those without an exact
    /// entry, which the caller must [`store`](Self::store), then call
    /// [`filled`](Self::filled).
    #[inline(always)]
    pub(super) fn stale(&mut self, player: usize, pieces: u128) -> u128 {
        let changed = self.changed[player];
        // Nothing changed since the last fill (a fill again after a pass, say).
        if changed == 0 {
            return 0;
        }
        let (mut scan, mut stale, mut moves) = (pieces, 0, 0);
        while scan != 0 {
            let hole = scan.trailing_zeros() as usize;
            scan &= scan - 1;
            // Counted as if exact; `store` corrects the count of the stale ones.
            moves += u16::from(self.counts[hole]);
            if self.entries[hole].reads & changed != 0 {
                stale |= bit_of(hole as u8);
            }
        }
        self.moves[player] = moves;
        stale
    }

    /// Stores the exact entry of a piece of the player being filled on `hole`; returns by how
    /// much its number of moves changed, for [`filled`](Self::filled) to add (summed by the
    /// caller rather than here, which would chain every store through one counter in memory).
    #[inline(always)]
    pub(super) fn store(&mut self, hole: usize, entry: Entry) -> i32 {
        // At most 120 destinations: the other holes.
        let count = entry.destinations.count_ones() as u8;
        let change = i32::from(count) - i32::from(self.counts[hole]);
        self.counts[hole] = count;
        self.entries[hole] = entry;
        change
    }

    /// Ends the fill: every piece of `player` now has an exact entry, and its number of moves
    /// changed by `change` since [`stale`](Self::stale) (the sum of what `store` returned).
    #[inline(always)]
    pub(super) fn filled(&mut self, player: usize, change: i32) {
        self.changed[player] = 0;
        self.moves[player] = (i32::from(self.moves[player]) + change) as u16;
    }
}

impl std::fmt::Debug for DestinationCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Derived data, not part of the position.
        f.debug_struct("DestinationCache").finish_non_exhaustive()
    }
}
