//! Moves and move generation: stack moves from the sorted target lists of
//! [`board`](super::board), reserve moves and opening placements; counts and random picks
//! from the per-stack move counts without building a list.

use super::board::{self, ALL, MAX_HEIGHT, MOVE_COUNTS, REACH, SQUARES};
use super::state::{Domination, Movement};
use super::{PLACEMENT_BASE, RESERVE_BASE};
use crate::core::game::{write_counted, MoveGen};
use crate::core::rng::SplitMix64;

/// The `from` of a reserve move.
pub(super) const RESERVE: u8 = SQUARES as u8;

/// The `from` of an opening placement.
pub(super) const HAND: u8 = SQUARES as u8 + 1;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Lift the top pieces of an own stack and move them along a rank or file (`c4-c6:2`).
    Stack,
    /// Put a reserve piece on any square (`+e5`).
    Reserve,
    /// Put the opening piece on an empty square (`*e5`, 3 players, first turn).
    Placement,
}

/// A move: a stack move, a reserve move or an opening placement.
///
/// Moves order like their action ids: stack moves by (from, to, lift), then reserve moves,
/// then placements, each by square.
///
/// # Examples
///
/// ```
/// use ludorum::games::domination::{Move, MoveKind};
/// let mv = Move::stack(0, 1, 1).unwrap();
/// assert_eq!((mv.kind(), mv.from(), mv.to(), mv.lift()), (MoveKind::Stack, Some(0), 1, 1));
/// assert_eq!(mv.action(), (0 * 52 + 1) * 5);
/// assert_eq!(Move::reserve(3).unwrap().action(), 13520 + 3);
/// assert_eq!(Move::stack(0, 4, 1), None, "c1 and b2 share no line");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The start square, or [`RESERVE`] or [`HAND`].
    from: u8,
    to: u8,
    /// Pieces lifted (1 for reserve moves and placements).
    lift: u8,
}

impl Move {
    /// The stack move lifting `lift` pieces from `from` to `to`; `None` unless it is well
    /// formed: both squares exist, differ and share a rank or file, and 1 ≤ lift ≤ 5.
    pub const fn stack(from: usize, to: usize, lift: usize) -> Option<Self> {
        if from >= SQUARES || to >= SQUARES || lift == 0 || lift > MAX_HEIGHT {
            return None;
        }
        if board::distance(from, to).is_none() {
            return None;
        }
        Some(Self {
            from: from as u8,
            to: to as u8,
            lift: lift as u8,
        })
    }

    /// A stack move the caller knows to be well formed.
    #[inline(always)]
    pub(super) const fn stack_unchecked(from: usize, to: usize, lift: usize) -> Self {
        Self {
            from: from as u8,
            to: to as u8,
            lift: lift as u8,
        }
    }

    /// The reserve move onto `square`; `None` off the board.
    pub const fn reserve(square: usize) -> Option<Self> {
        if square < SQUARES {
            Some(Self::reserve_unchecked(square))
        } else {
            None
        }
    }

    #[inline(always)]
    pub(super) const fn reserve_unchecked(square: usize) -> Self {
        Self {
            from: RESERVE,
            to: square as u8,
            lift: 1,
        }
    }

    /// The opening placement onto `square`; `None` off the board.
    pub const fn placement(square: usize) -> Option<Self> {
        if square < SQUARES {
            Some(Self::placement_unchecked(square))
        } else {
            None
        }
    }

    #[inline(always)]
    pub(super) const fn placement_unchecked(square: usize) -> Self {
        Self {
            from: HAND,
            to: square as u8,
            lift: 1,
        }
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.from {
            RESERVE => MoveKind::Reserve,
            HAND => MoveKind::Placement,
            _ => MoveKind::Stack,
        }
    }

    /// The start square of a stack move, `None` for the other kinds.
    #[inline]
    pub const fn from(self) -> Option<usize> {
        if self.from < RESERVE {
            Some(self.from as usize)
        } else {
            None
        }
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> usize {
        self.to as usize
    }

    /// The number of pieces moved: k for a stack move, 1 otherwise.
    #[inline]
    pub const fn lift(self) -> usize {
        self.lift as usize
    }

    /// The raw start field (a square, [`RESERVE`] or [`HAND`]).
    #[inline(always)]
    pub(super) const fn source(self) -> u8 {
        self.from
    }

    /// The action id: `(from * 52 + to) * 5 + (lift − 1)` for a stack move, `13520 + to` for a
    /// reserve move, `13572 + to` for a placement.
    #[inline]
    pub const fn action(self) -> usize {
        match self.from {
            RESERVE => RESERVE_BASE + self.to as usize,
            HAND => PLACEMENT_BASE + self.to as usize,
            from => {
                (from as usize * SQUARES + self.to as usize) * MAX_HEIGHT + self.lift as usize - 1
            }
        }
    }

    /// The move with this action id; `None` outside `0..13624` or for a stack move that is not
    /// well formed.
    pub const fn from_action(action: usize) -> Option<Self> {
        if action < RESERVE_BASE {
            let lift = action % MAX_HEIGHT + 1;
            let pair = action / MAX_HEIGHT;
            Self::stack(pair / SQUARES, pair % SQUARES, lift)
        } else if action < PLACEMENT_BASE {
            Self::reserve(action - RESERVE_BASE)
        } else if action < PLACEMENT_BASE + SQUARES {
            Self::placement(action - PLACEMENT_BASE)
        } else {
            None
        }
    }
}

impl Movement {
    /// Index into [`MOVE_COUNTS`].
    #[inline(always)]
    const fn table(self) -> usize {
        match self {
            Self::UpTo => 0,
            Self::Exact => 1,
        }
    }
}

/// The index of the `k`-th set bit of `mask` (from 0, lowest first); `k` is below the count.
#[inline(always)]
fn nth_bit(mut mask: u64, k: usize) -> usize {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

impl Domination {
    /// Calls `visit` with every legal move in ascending action id (none once the game is over).
    #[inline(always)]
    fn visit_moves(&self, mut visit: impl FnMut(Move)) {
        if self.is_finished() {
            return;
        }
        let player = usize::from(self.to_move);
        if self.in_hand[player] {
            let mut empty = ALL & !self.occupied;
            while empty != 0 {
                visit(Move::placement_unchecked(empty.trailing_zeros() as usize));
                empty &= empty - 1;
            }
            return;
        }
        let exact = self.movement == Movement::Exact;
        let mut own = self.controls[player];
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            let height = self.heights[from];
            let targets = &REACH[from][usize::from(height)];
            for &(to, d) in &targets.list[..usize::from(targets.len)] {
                if exact {
                    visit(Move::stack_unchecked(from, usize::from(to), usize::from(d)));
                } else {
                    for lift in d..=height {
                        visit(Move::stack_unchecked(
                            from,
                            usize::from(to),
                            usize::from(lift),
                        ));
                    }
                }
            }
        }
        if self.reserves[player] > 0 {
            for square in 0..SQUARES {
                visit(Move::reserve_unchecked(square));
            }
        }
    }

    /// The number of stack moves of the stack on `square` (controlled by the player to move).
    #[inline(always)]
    fn stack_move_count(&self, square: usize) -> usize {
        usize::from(MOVE_COUNTS[self.movement.table()][square][usize::from(self.heights[square])])
    }

    /// The number of legal moves of the player to move (the game runs).
    #[inline]
    pub(super) fn count_moves(&self) -> usize {
        let player = usize::from(self.to_move);
        if self.in_hand[player] {
            return (ALL & !self.occupied).count_ones() as usize;
        }
        let mut count = 0;
        let mut own = self.controls[player];
        while own != 0 {
            count += self.stack_move_count(own.trailing_zeros() as usize);
            own &= own - 1;
        }
        if self.reserves[player] > 0 {
            count += SQUARES;
        }
        count
    }
}

impl MoveGen for Domination {
    /// The legal moves in ascending action id; empty once the game is over.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.visit_moves(|mv| moves.push(mv));
    }

    /// True when `mv` is legal now.
    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        if self.is_finished() {
            return false;
        }
        let player = usize::from(self.to_move);
        let to = mv.to();
        match mv.kind() {
            MoveKind::Placement => self.in_hand[player] && self.occupied & (1 << to) == 0,
            MoveKind::Reserve => !self.in_hand[player] && self.reserves[player] > 0,
            MoveKind::Stack => {
                let from = usize::from(mv.source());
                let lift = mv.lift();
                let height = usize::from(self.heights[from]);
                let d = board::distance(from, to).unwrap_or(usize::MAX);
                !self.in_hand[player]
                    && self.controls[player] & (1 << from) != 0
                    && lift <= height
                    && match self.movement {
                        Movement::UpTo => d <= lift,
                        Movement::Exact => d == lift,
                    }
            }
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.is_finished() {
            return 0;
        }
        self.count_moves()
    }

    /// `legal_moves()[rng.below(n)]` without building the list (the game runs).
    #[inline(always)]
    fn random_move(&self, rng: &mut SplitMix64) -> Move {
        let player = usize::from(self.to_move);
        let total = self.count_moves();
        let mut k = rng.below(total);
        if self.in_hand[player] {
            return Move::placement_unchecked(nth_bit(ALL & !self.occupied, k));
        }
        let mut own = self.controls[player];
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            let n = self.stack_move_count(from);
            if k >= n {
                k -= n;
                continue;
            }
            let height = self.heights[from];
            let targets = &REACH[from][usize::from(height)];
            for &(to, d) in &targets.list[..usize::from(targets.len)] {
                let here = match self.movement {
                    Movement::Exact => 1,
                    Movement::UpTo => usize::from(height - d) + 1,
                };
                if k < here {
                    return Move::stack_unchecked(from, usize::from(to), usize::from(d) + k);
                }
                k -= here;
            }
            unreachable!("k is below the stack's move count");
        }
        Move::reserve_unchecked(k)
    }

    /// The legal action ids, ascending.
    fn legal_actions(&self, actions: &mut Vec<u32>) {
        let count = self.count_legal_moves();
        write_counted(actions, count, |ids| {
            self.visit_moves(|mv| ids.put(mv.action() as u32));
        });
    }
}
