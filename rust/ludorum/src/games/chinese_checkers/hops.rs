//! The hop table the move generator reads: for every hole, the landings of the hops over an
//! occupied neighbour, kept exact one changed hole at a time.
//!
//! Hop chains are searches over single hops (over an adjacent piece to the empty hole beyond).
//! Finding the hops from a hole takes six probes of the cells, and a search needs them for
//! every hole it lands on. So each hole keeps its "reach": the landings beyond its occupied
//! neighbours, whether the landing is empty or not. The hops are then `reach & empty`, one
//! AND. A piece leaving or reaching a hole `x` flips one landing in the reach of each hole
//! that hops over `x` (at most six), and nothing else: the landings' own occupancy is not
//! stored. The reach also gives the search tight read sets: a hop's landing matters only
//! when a piece stands between (see [`search`](super::movegen)).
//!
//! Each hole's entry holds its neighbours too. A search reads both for every hole it lands
//! on (steps and read sets need the neighbours), and they never share a bit with the reach:
//! landings are in the hole's [`HOP_CLASS`](super::board::HOP_CLASS), neighbours never. So
//! one load gives both, and the class mask tells them apart.

use super::board::{bit, bit_of, HOPS_OVER, JUMPS, NEIGHBOURS};

/// The reach of every hole of a position, with its neighbours.
#[derive(Clone)]
pub(super) struct HopBoard {
    /// `around[h]`: the neighbours of `h`, and the landings of the hops from `h` over an
    /// occupied neighbour. Index `OFF_BOARD` (127) is scratch space for the updates of hops
    /// that do not exist (the tables pad with it).
    around: [u128; 128],
}

impl HopBoard {
    /// The board with pieces on the `occupied` holes.
    pub(super) fn new(occupied: u128) -> Self {
        let mut board = Self { around: [0; 128] };
        for (hole, neighbours) in NEIGHBOURS.iter().enumerate() {
            board.around[hole] = neighbours | reach_from(occupied, hole);
        }
        board
    }

    /// The neighbours of `hole` and the landings of the hops from it over an occupied
    /// neighbour, empty or not (the part in its hop class).
    #[inline(always)]
    pub(super) fn around(&self, hole: usize) -> u128 {
        self.around[hole]
    }

    /// A piece leaves or reaches hole `x`: the hops over `x` appear or vanish from the reach
    /// of the holes behind it.
    #[inline(always)]
    pub(super) fn toggle(&mut self, x: u8) {
        // Every index is below 128 (`& 127` spares the bounds checks); the missing hops of the
        // table update the scratch entry at `OFF_BOARD`, with bits that nothing reads.
        for &[start, landing] in &HOPS_OVER[usize::from(x)] {
            self.around[usize::from(start & 127)] ^= bit_of(landing);
        }
    }
}

/// The landings of the hops from `hole` over an occupied neighbour, computed from the
/// occupancy.
pub(super) fn reach_from(occupied: u128, hole: usize) -> u128 {
    let mut out = 0;
    for &[over, landing] in &JUMPS[hole] {
        // A missing jump pads with OFF_BOARD, a hole no piece occupies.
        if occupied & bit(usize::from(over)) != 0 {
            out |= bit(usize::from(landing));
        }
    }
    out
}

impl std::fmt::Debug for HopBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The position shows elsewhere; this is derived from it.
        f.debug_struct("HopBoard").finish_non_exhaustive()
    }
}
