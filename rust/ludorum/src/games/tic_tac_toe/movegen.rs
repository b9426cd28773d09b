//! Moves and move generation: every empty cell, while the game runs.

use super::board::CELLS;
use super::state::TicTacToe;
use crate::core::game::MoveGen;
use crate::core::rng::SplitMix64;

/// A move: the cell it marks, stored as its index (which is also its action id).
///
/// # Examples
///
/// ```
/// use ludorum::games::tic_tac_toe::Move;
/// let mv = Move::new(4).unwrap();
/// assert_eq!((mv.cell(), mv.to_string()), (4, "b2".to_string()));
/// assert_eq!(Move::new(9), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The move on cell `index` (0..8); `None` off the grid.
    pub const fn new(index: usize) -> Option<Self> {
        if index < CELLS {
            Some(Self(index as u8))
        } else {
            None
        }
    }

    /// The cell index, also the action id.
    #[inline(always)]
    pub const fn cell(self) -> usize {
        self.0 as usize
    }

    /// The move on the lowest cell of a non-empty set.
    #[inline(always)]
    pub(super) const fn lowest(set: u16) -> Self {
        Self(set.trailing_zeros() as u8)
    }
}

/// The cell of the `k`-th set bit of `set` (from 0, lowest first); `k` is below the count.
#[inline(always)]
fn nth_cell(mut set: u16, k: usize) -> Move {
    for _ in 0..k {
        set &= set - 1;
    }
    Move::lowest(set)
}

impl MoveGen for TicTacToe {
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let mut empty = self.open_cells();
        while empty != 0 {
            moves.push(Move::lowest(empty));
            empty &= empty - 1;
        }
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.open_cells() >> mv.cell() & 1 != 0
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.open_cells().count_ones() as usize
    }

    #[inline(always)]
    fn random_move(&self, rng: &mut SplitMix64) -> Move {
        let empty = self.open_cells();
        nth_cell(empty, rng.below(empty.count_ones() as usize))
    }

    fn legal_actions(&self, actions: &mut Vec<u32>) {
        actions.clear();
        let mut empty = self.open_cells();
        while empty != 0 {
            actions.push(empty.trailing_zeros());
            empty &= empty - 1;
        }
    }
}
