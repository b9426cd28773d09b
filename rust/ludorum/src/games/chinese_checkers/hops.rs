//! The board as the move generator reads it: a byte per hole, and the single hops from every
//! hole, kept exact one changed hole at a time.
//!
//! Hop chains are searches over single hops (over an adjacent piece to the empty hole beyond).
//! Finding the hops from a hole takes six probes of the cells, and a search needs them for
//! every hole it lands on, while a move changes at most 24 single hops (12 over or onto each of
//! its two holes). So the hops of every hole are kept in a table, and a piece leaving or
//! reaching a hole updates just the hops that go over it or land on it.

use super::board::{bit, bit_of, HOLES, HOPS_ONTO, HOPS_OVER, JUMPS};

/// A cell holding a piece.
const STONE: u8 = 1;

/// An empty cell.
const EMPTY: u8 = 2;

/// The cells and hops of a position.
#[derive(Clone)]
pub(super) struct HopBoard {
    /// A byte per hole: [`STONE`] or [`EMPTY`], and 0 past the last hole, so that a hop test
    /// is two byte loads (`cells[over] & cells[landing] >> 1`). 256 long, so that any `u8`
    /// index (such as `OFF_BOARD`) needs neither a mask nor a bounds check.
    cells: [u8; 256],
    /// `hops[h]`: the holes one hop from `h` reaches, with the board as it is (the piece on
    /// `h`, if any, in place). Index `OFF_BOARD` (127) is scratch space for the updates of
    /// hops that do not exist (the tables pad with it).
    hops: [u128; 128],
}

impl HopBoard {
    /// The board with pieces on the `occupied` holes.
    pub(super) fn new(occupied: u128) -> Self {
        let mut board = Self {
            cells: [0; 256],
            hops: [0; 128],
        };
        for hole in 0..HOLES {
            board.cells[hole] = if occupied & bit(hole) != 0 {
                STONE
            } else {
                EMPTY
            };
        }
        for hole in 0..HOLES {
            board.hops[hole] = board.hops_from(hole);
        }
        board
    }

    /// The holes one hop from `hole` reaches: over an occupied neighbour to the empty hole
    /// beyond.
    #[inline(always)]
    pub(super) fn hops(&self, hole: usize) -> u128 {
        self.hops[hole]
    }

    /// [`hops`](Self::hops) computed from the cells.
    pub(super) fn hops_from(&self, hole: usize) -> u128 {
        let mut out = 0;
        for &[over, landing] in &JUMPS[hole] {
            // OFF_BOARD is neither a stone nor a landing, so missing jumps add nothing.
            let ok = self.cells[usize::from(over)] & (self.cells[usize::from(landing)] >> 1);
            if ok != 0 {
                out |= bit(usize::from(landing));
            }
        }
        out
    }

    /// A piece leaves `hole`: hops over it vanish, hops onto it appear (where a piece stands
    /// between).
    #[inline(always)]
    pub(super) fn leave(&mut self, hole: u8) {
        self.cells[usize::from(hole)] = EMPTY;
        // Every index is below 128 (`& 127` spares the bounds checks); the missing hops of the
        // tables update the scratch entry at `OFF_BOARD`, with bits that nothing reads.
        for d in 0..6 {
            let [start, landing] = HOPS_OVER[usize::from(hole)][d];
            self.hops[usize::from(start & 127)] &= !bit_of(landing);
            let [start, over] = HOPS_ONTO[usize::from(hole)][d];
            let stone = u128::from(self.cells[usize::from(over)] & STONE);
            self.hops[usize::from(start & 127)] |= bit_of(hole) & stone.wrapping_neg();
        }
    }

    /// A piece reaches `hole`: hops onto it vanish, hops over it appear (where the hole beyond
    /// is empty).
    #[inline(always)]
    pub(super) fn arrive(&mut self, hole: u8) {
        self.cells[usize::from(hole)] = STONE;
        for d in 0..6 {
            let [start, _] = HOPS_ONTO[usize::from(hole)][d];
            self.hops[usize::from(start & 127)] &= !bit_of(hole);
            let [start, landing] = HOPS_OVER[usize::from(hole)][d];
            let empty = u128::from(self.cells[usize::from(landing)] >> 1);
            self.hops[usize::from(start & 127)] |= bit_of(landing) & empty.wrapping_neg();
        }
    }
}

impl std::fmt::Debug for HopBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The position shows elsewhere; this is derived from it.
        f.debug_struct("HopBoard").finish_non_exhaustive()
    }
}
