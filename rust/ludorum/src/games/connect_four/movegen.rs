//! Moves and move generation: every column that is not full, while the game runs.

use super::board::WIDTH;
use super::state::ConnectFour;
use crate::core::game::MoveGen;
use crate::core::rng::SplitMix64;

/// A move: the column the disc drops into, stored as `column - 1` (which is also its action
/// id).
///
/// # Examples
///
/// ```
/// use ludorum::games::connect_four::Move;
/// let mv = Move::new(3).unwrap();
/// assert_eq!((mv.column(), mv.to_string()), (3, "4".to_string()));
/// assert_eq!(Move::new(7), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The move into column `index` + 1 (`index` 0..6); `None` beyond.
    pub const fn new(index: usize) -> Option<Self> {
        if index < WIDTH {
            Some(Self(index as u8))
        } else {
            None
        }
    }

    /// The column's index from 0 (column number − 1), also the action id.
    #[inline(always)]
    pub const fn column(self) -> usize {
        self.0 as usize
    }

    /// The move into the lowest column of a non-empty column set.
    #[inline(always)]
    pub(super) const fn lowest(columns: u8) -> Self {
        Self(columns.trailing_zeros() as u8)
    }
}

/// The move into the `k`-th column of `columns` (from 0, lowest first); `k` is below the count.
#[inline(always)]
fn nth_column(mut columns: u8, k: usize) -> Move {
    for _ in 0..k {
        columns &= columns - 1;
    }
    Move::lowest(columns)
}

/// The action ids of a set of open columns (bit `c` for column `c`), lowest first, padded to
/// seven, and how many there are.
static OPEN_IDS: [([u32; WIDTH], u8); 1 << WIDTH] = {
    let mut table = [([0; WIDTH], 0); 1 << WIDTH];
    let mut open = 0;
    while open < 1 << WIDTH {
        let (mut column, mut count) = (0, 0);
        while column < WIDTH {
            if open >> column & 1 != 0 {
                table[open].0[count] = column as u32;
                count += 1;
            }
            column += 1;
        }
        table[open].1 = count as u8;
        open += 1;
    }
    table
};

impl MoveGen for ConnectFour {
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let mut open = self.open_columns();
        while open != 0 {
            moves.push(Move::lowest(open));
            open &= open - 1;
        }
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.open_columns() >> mv.column() & 1 != 0
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.open_columns().count_ones() as usize
    }

    #[inline(always)]
    fn random_move(&self, rng: &mut SplitMix64) -> Move {
        let open = self.open_columns();
        nth_column(open, rng.below(open.count_ones() as usize))
    }

    fn legal_actions(&self, actions: &mut Vec<u32>) {
        // The open columns' ids from a table by the set of open columns: one copy of seven
        // ids and a truncation, where a push per column checked the list's room each time.
        let (ids, count) = &OPEN_IDS[usize::from(self.open_columns()) & ((1 << WIDTH) - 1)];
        actions.clear();
        actions.extend_from_slice(ids);
        actions.truncate(usize::from(*count));
    }
}
