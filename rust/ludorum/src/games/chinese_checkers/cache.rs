//! A cache of each piece's destination mask, kept across moves.
//!
//! Random play spends most of its time expanding hop chains, yet a move changes only two
//! holes, and most pieces' chains never look at them. So each piece's destination mask is kept
//! with the holes its search read ("reads"), and a turn recomputes only the pieces a move could
//! affect. The cache is exact (it gives what a fresh search would) and kept by `&mut` methods
//! only (play, undo), as the `&self` generators cannot store anything.
//!
//! Entries are kept per player and piece, and refreshed only for the player to move
//! ("filled"). Each player's pieces are numbered once, at the start, and a piece keeps its
//! number as it moves. Rather than visiting every entry on each move, each player keeps the
//! holes changed since its last fill and checks an entry against them when it is used. An
//! entry is exact when its reads miss those holes: it was exact at the last fill (which
//! checked or recomputed every piece of `player`), and nothing it read has changed since. The
//! entry of a piece that moved since is never taken for exact: its start hole, always among
//! the reads, is among the changed holes.
//!
//! The numbering is what makes the check cheap: a fill tests the reads of a fixed array of
//! entries, with no walk over the bits of the player's holes (a chain of dependent steps, and
//! a mispredicted branch for every stale piece, which cost a quarter of a 2-player ply).

use std::ops::Range;

use super::board::{bit_of, ALL, OFF_BOARD};
use super::state::MAX_PIECES;

/// Piece numbers in the arrays the stale scan reads: [`MAX_PIECES`] rounded up to a whole
/// number of vector registers.
const NUMBERS: usize = 16;

/// One piece's destinations and the holes their computation read.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) destinations: u128,
    pub(super) reads: u128,
}

/// One player's reads by piece number: the low and high 64 bits of each in two arrays, so that
/// the stale scan compiles to vector compares (+6% at 2 players). Aligned to a cache line, so
/// that a scan reads four lines, not six: with a thousand games stepped in turn, every line a
/// step touches is a miss (see `docs/performance.md`).
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Reads {
    low: [u64; NUMBERS],
    high: [u64; NUMBERS],
}

// One player's reads fill four cache lines.
const _: () = assert!(std::mem::size_of::<Reads>() == 4 * 64);

/// One player's destination masks by piece number, aligned to a cache line (ten pieces' masks,
/// 160 bytes, fill three lines).
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Masks([u128; MAX_PIECES]);

/// Destination masks by piece (numbered at the start by ascending hole, see the module), with
/// each player's changed holes since it last filled them.
#[derive(Clone)]
pub(super) struct DestinationCache {
    /// Per player: the holes changed since that player's last fill; every hole before the
    /// first, so that no entry is taken for exact until it was filled.
    changed: [u128; 6],
    /// Per player: its number of moves (pass aside) at its last fill, exact while nothing
    /// changed since.
    moves: [u16; 6],
    /// Per player and piece: the holes its entry read (none for a number with no piece).
    reads: [Reads; 6],
    /// Per player and piece: its number of destinations at its last store, exact while its
    /// entry is. A store computes from it the change in the player's number of moves, and
    /// random play reads it every turn (counting bits is slow without `popcnt`).
    counts: [[u8; MAX_PIECES]; 6],
    /// Per player and piece: its destinations at its last store, exact while its entry is.
    /// By piece number rather than by hole, so that a player's masks share three cache lines
    /// rather than taking one each on lines spread over the board's 2 KB: with a thousand
    /// games stepped in turn, every line a step touches is a miss. The walk of `random_move`
    /// in hole order finds the number in `piece`, which the check of an entry reads anyway.
    destinations: [Masks; 6],
    /// The number of the piece on each hole (whoever owns it).
    piece: [u8; 128],
    /// Per player and piece: its hole.
    holes: [[u8; MAX_PIECES]; 6],
}

impl DestinationCache {
    /// A cache with nothing in it, for the players' pieces on `boards`.
    pub(super) fn new(boards: &[u128; 6]) -> Self {
        let mut cache = Self {
            changed: [ALL; 6],
            moves: [0; 6],
            reads: [Reads::default(); 6],
            counts: [[0; MAX_PIECES]; 6],
            destinations: [Masks::default(); 6],
            piece: [0; 128],
            holes: [[OFF_BOARD; MAX_PIECES]; 6],
        };
        for (player, &board) in boards.iter().enumerate() {
            let mut pieces = board;
            let mut number = 0;
            while pieces != 0 {
                let hole = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                cache.piece[hole] = number as u8;
                cache.holes[player][number] = hole as u8;
                cache.reads[player].low[number] = u64::MAX;
                cache.reads[player].high[number] = u64::MAX;
                number += 1;
            }
        }
        cache
    }

    /// Records that `player`'s piece went from `from` to `to` (a move, or an undo the other
    /// way).
    #[inline(always)]
    pub(super) fn note_move(&mut self, player: usize, from: usize, to: usize) {
        let number = self.piece[from];
        self.piece[to] = number;
        self.holes[player][usize::from(number)] = to as u8;
        let changed = bit_of(from as u8) | bit_of(to as u8);
        for holes in &mut self.changed {
            *holes |= changed;
        }
    }

    /// The addresses of the entries of every seat but `player` (their reads and destinations,
    /// most of the cache's bytes): a step fills and reads the cache of the seat to move
    /// next alone, so a batched env need not ask for the others ahead.
    pub(super) fn others(&self, player: usize) -> [Range<usize>; 4] {
        fn bytes<T>(entries: &[T]) -> Range<usize> {
            let range = entries.as_ptr_range();
            range.start as usize..range.end as usize
        }
        [
            bytes(&self.reads[..player]),
            bytes(&self.reads[player + 1..]),
            bytes(&self.destinations[..player]),
            bytes(&self.destinations[player + 1..]),
        ]
    }

    /// The addresses of `player`'s reads and destinations.
    #[cfg(test)]
    pub(super) fn entries_of(&self, player: usize) -> [Range<usize>; 2] {
        let reads = std::ptr::from_ref(&self.reads[player]) as usize;
        let masks = std::ptr::from_ref(&self.destinations[player]) as usize;
        [
            reads..reads + std::mem::size_of::<Reads>(),
            masks..masks + std::mem::size_of::<Masks>(),
        ]
    }

    /// The cached destinations of `player`'s piece on `hole`, if still exact.
    #[inline(always)]
    pub(super) fn get(&self, player: usize, hole: usize) -> Option<u128> {
        let number = usize::from(self.piece[hole]);
        let reads = &self.reads[player];
        let reads = u128::from(reads.low[number]) | u128::from(reads.high[number]) << 64;
        (reads & self.changed[player] == 0).then_some(self.destinations[player].0[number])
    }

    /// The number of moves of `player` (pass aside), if every entry of its pieces is exact.
    #[inline(always)]
    pub(super) fn moves(&self, player: usize) -> Option<usize> {
        (self.changed[player] == 0).then_some(usize::from(self.moves[player]))
    }

    /// The number of destinations of the (exact) entry of `player`'s piece on `hole`.
    #[inline(always)]
    pub(super) fn count(&self, player: usize, hole: usize) -> usize {
        usize::from(self.counts[player][usize::from(self.piece[hole])])
    }

    /// The destinations of the (exact) entry of `player`'s piece on `hole`.
    #[inline(always)]
    pub(super) fn destinations(&self, player: usize, hole: usize) -> u128 {
        self.destinations[player].0[usize::from(self.piece[hole])]
    }

    /// Starts a fill of `player`: returns the numbers of its pieces without an exact entry
    /// (bit `n` for piece `n`), which the caller must [`store`](Self::store), then call
    /// [`filled`](Self::filled).
    #[inline(always)]
    pub(super) fn stale(&self, player: usize) -> u32 {
        let changed = self.changed[player];
        // Nothing changed since the last fill (a fill again after a pass, say).
        if changed == 0 {
            return 0;
        }
        let (low, high) = (changed as u64, (changed >> 64) as u64);
        let reads = &self.reads[player];
        let hits: [bool; NUMBERS] =
            std::array::from_fn(|n| (reads.low[n] & low) | (reads.high[n] & high) != 0);
        let mut stale = 0;
        for (number, hit) in hits.into_iter().enumerate() {
            stale |= u32::from(hit) << number;
        }
        stale
    }

    /// The hole of `player`'s piece `number`.
    #[inline(always)]
    pub(super) fn hole(&self, player: usize, number: usize) -> usize {
        usize::from(self.holes[player][number])
    }

    /// Stores the exact entry of `player`'s piece `number`; returns by how much that changed
    /// the player's number of moves, for [`filled`](Self::filled) to add (summed by the caller
    /// rather than here, which would chain every store through one counter in memory).
    #[inline(always)]
    pub(super) fn store(&mut self, player: usize, number: usize, entry: Entry) -> i32 {
        // At most 120 destinations: the other holes.
        let count = entry.destinations.count_ones() as u8;
        let change = i32::from(count) - i32::from(self.counts[player][number]);
        self.counts[player][number] = count;
        self.destinations[player].0[number] = entry.destinations;
        let reads = &mut self.reads[player];
        reads.low[number] = entry.reads as u64;
        reads.high[number] = (entry.reads >> 64) as u64;
        change
    }

    /// Ends the fill: every piece of `player` now has an exact entry, and its number of moves
    /// changed by `change` (the sum of what `store` returned).
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
