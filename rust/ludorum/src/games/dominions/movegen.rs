//! Moves and move generation.
//!
//! The legal patterns of an empty cell come from three facts about its neighbours:
//! - **Matching** depends only on which sides require a beam and which forbid one; the
//!   patterns that fit are `SUPERSETS[required] & SUBSETS[!forbidden]` (see
//!   [`board::fitting`]), intersected with the mover's hand.
//! - **Contact** does not depend on the pattern at all: matching fixes the beams towards every
//!   occupied neighbour, so a candidate touches the same pieces and connects to the same groups
//!   whatever its pattern.
//! - **Liberties** depend on the pattern only through whether it beams at an empty neighbour:
//!   which neighbouring groups are captured (an opponent group connected to the cell whose only
//!   liberty is the cell), whether an own group connected to the cell keeps a liberty elsewhere,
//!   and whether a suicide would merge into a living opponent group are facts of the cell.
//!
//! So per cell a handful of group look-ups (liberty counts and the complete-section flag, kept
//! by the state) decide whether the patterns without a beam towards an empty neighbour are
//! legal too; the legal set is one `u64`. Only cells next to a piece (the frontier) can be
//! legal once the board holds a piece.

use super::board::{self, CellSet, CELLS, NEIGHBOURS, OFF_BOARD, PATTERNS};
use super::state::Dominions;
use super::{NUM_ACTIONS, PASS, RESIGN};
use crate::core::game::MoveGen;
use crate::core::rng::SplitMix64;

/// A move: a placement `P@cell`, `pass` or `resign`, stored as its action id (`resign` is
/// 13672, outside the action space).
///
/// Moves order like their action ids: by cell, then pattern; `pass`, then `resign` last.
///
/// # Examples
///
/// ```
/// use ludorum::games::dominions::{board, Move};
/// let mv = Move::place(board::cell_index("i9").unwrap(), 63).unwrap();
/// assert_eq!((mv.cell(), mv.pattern(), mv.action()), (Some(108), Some(63), 108 * 63 + 62));
/// assert_eq!(Move::PASS.action(), 13671);
/// assert_eq!(Move::RESIGN.action(), 13672);
/// assert_eq!(Move::place(0, 64), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// The pass (action 13671).
    pub const PASS: Self = Self(PASS as u16);

    /// The resignation (id 13672, outside the action space).
    pub const RESIGN: Self = Self(RESIGN as u16);

    /// The placement of `pattern` (1..63) on `cell`; `None` when either is out of range.
    pub const fn place(cell: usize, pattern: u8) -> Option<Self> {
        if cell >= CELLS || pattern == 0 || pattern as usize > PATTERNS {
            return None;
        }
        Some(Self::place_unchecked(cell, pattern))
    }

    #[inline(always)]
    pub(super) const fn place_unchecked(cell: usize, pattern: u8) -> Self {
        Self((cell * PATTERNS + pattern as usize - 1) as u16)
    }

    /// The cell of a placement, `None` for `pass` and `resign`.
    #[inline]
    pub const fn cell(self) -> Option<usize> {
        if (self.0 as usize) < PASS {
            Some(self.0 as usize / PATTERNS)
        } else {
            None
        }
    }

    /// The pattern of a placement, `None` for `pass` and `resign`.
    #[inline]
    pub const fn pattern(self) -> Option<u8> {
        if (self.0 as usize) < PASS {
            Some((self.0 as usize % PATTERNS) as u8 + 1)
        } else {
            None
        }
    }

    /// True for `pass`.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.0 as usize == PASS
    }

    /// True for `resign`.
    #[inline]
    pub const fn is_resign(self) -> bool {
        self.0 as usize == RESIGN
    }

    /// The action id: `cell * 63 + pattern − 1`, 13671 for `pass`, 13672 for `resign`.
    #[inline]
    pub const fn action(self) -> usize {
        self.0 as usize
    }

    /// The move with this id: `0..=13672` (13672 is `resign`); `None` beyond.
    pub const fn from_action(action: usize) -> Option<Self> {
        if action <= NUM_ACTIONS {
            Some(Self(action as u16))
        } else {
            None
        }
    }
}

/// Iterates the set bits of a direction mask.
#[inline(always)]
pub(super) fn directions(mut mask: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let d = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(d)
    })
}

/// The index of the `k`-th set bit of `mask` (from 0, lowest first); `k` is below the count.
#[inline(always)]
fn nth_bit(mut mask: u64, k: u32) -> u32 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// Why a pattern does not fit a cell, or why the cell is closed (for error messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// A beam points off the board.
    OffBoard(usize),
    /// A beam meets a neighbour's blank (or a blank meets its beam).
    Mismatch(usize),
    /// No contact: no opponent piece touched, no own complete section extended.
    Contact,
    /// Some group would be left without a liberty.
    Liberty,
}

impl Dominions {
    /// The legal patterns on the empty cell `c` for the player to move (bit p for pattern p),
    /// with `hand` that player's hand; the game runs.
    #[inline(always)]
    pub(super) fn cell_patterns(&self, c: usize, hand: u64) -> u64 {
        let required = self.req[c];
        let blank = self.blank[c];
        let allowed = board::fitting(required, blank | OFF_BOARD[c]) & hand;
        if allowed == 0 {
            return 0;
        }
        match self.openness(c) {
            None => 0,
            Some(true) => allowed,
            Some(false) => {
                let empty = board::ALL_DIRECTIONS & !(required | blank | OFF_BOARD[c]);
                allowed & board::beaming_into(empty)
            }
        }
    }

    /// What the pieces around the empty cell `c` allow, whatever the pattern: `None` when a
    /// placement there has no contact, else whether the patterns that beam at no empty
    /// neighbour are legal too (those that do always give the new group a liberty).
    #[inline(always)]
    pub(super) fn openness(&self, c: usize) -> Option<bool> {
        if self.pieces == 0 {
            // On the empty board every fitting pattern beams at an empty neighbour.
            return Some(true);
        }
        let required = self.req[c];
        let mover = self.to_move;
        let neighbours = &NEIGHBOURS[c];
        let mut contact = false;
        // Some own connected group keeps a liberty besides c.
        let mut own_lives = false;
        // Some own connected group is bonded to an opponent piece (is no complete section).
        let mut own_bonded_out = false;
        let mut opponent_connected = false;
        // Directions of connected opponent groups whose only liberty is c (captured).
        let mut captures = 0u8;
        for d in directions(required | self.blank[c]) {
            let n = usize::from(neighbours[d]);
            let connected = required & (1 << d) != 0;
            if self.colour[n] != mover {
                contact = true;
                if connected {
                    opponent_connected = true;
                    if self.libcount[usize::from(self.gid[n])] == 1 {
                        captures |= 1 << d;
                    }
                }
            } else if connected {
                let g = usize::from(self.gid[n]);
                if self.complete[g] {
                    contact = true;
                } else {
                    own_bonded_out = true;
                }
                own_lives |= self.libcount[g] >= 2;
            }
        }
        if !contact {
            return None;
        }
        Some(if captures != 0 {
            // The merged group keeps a liberty of an own group.
            own_lives || self.captured_touch_free_group(c, captures)
        } else {
            // Either the group keeps a liberty, or a suicide merges it into an opponent group
            // that has one besides c.
            own_lives || opponent_connected || own_bonded_out
        })
    }

    /// True when a group captured by a placement on `c` (the groups of the neighbours in
    /// `captures`) is connected to an own group not connected to `c`: that group has a
    /// liberty other than `c`, which the merged group keeps.
    #[cold]
    fn captured_touch_free_group(&self, c: usize, captures: u8) -> bool {
        for d in directions(captures) {
            let g = usize::from(self.gid[usize::from(NEIGHBOURS[c][d])]);
            if self.complete[g] {
                continue;
            }
            for x in self.members[g].iter() {
                for e in directions(self.req[x]) {
                    let h = usize::from(self.gid[usize::from(NEIGHBOURS[x][e])]);
                    if h != g && !self.libs[h].contains(c) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The cells that may hold a legal placement, ascending: every cell on the empty board,
    /// else the empty cells next to a piece.
    #[inline(always)]
    fn candidate_cells(&self) -> CellSet {
        if self.pieces == 0 {
            let mut all = CellSet([!0; 4]);
            all.0[3] = (1 << (CELLS - 192)) - 1;
            all
        } else {
            self.frontier
        }
    }

    /// Calls `visit(cell, patterns)` for every cell with a legal placement, ascending; the
    /// game runs.
    #[inline(always)]
    fn visit_cells(&self, mut visit: impl FnMut(usize, u64)) {
        let hand = self.hands[usize::from(self.to_move)];
        for c in self.candidate_cells().iter() {
            let patterns = self.cell_patterns(c, hand);
            if patterns != 0 {
                visit(c, patterns);
            }
        }
    }

    /// The number of legal moves (the game runs).
    #[inline]
    pub(super) fn count_moves(&self) -> usize {
        // `pass`, except as the first move: White starts by placing a piece.
        let mut count = usize::from(self.pieces > 0);
        self.visit_cells(|_, patterns| count += patterns.count_ones() as usize);
        count
    }

    /// Why the placement of `p` on the empty cell `c` fails matching, contact or liberties
    /// (`None` when it is legal).
    pub(super) fn refusal(&self, c: usize, p: u8) -> Option<Refusal> {
        let off = p & OFF_BOARD[c];
        if off != 0 {
            return Some(Refusal::OffBoard(off.trailing_zeros() as usize));
        }
        let mismatch = (p & self.blank[c]) | (self.req[c] & !p);
        if mismatch != 0 {
            return Some(Refusal::Mismatch(mismatch.trailing_zeros() as usize));
        }
        match self.openness(c) {
            None => Some(Refusal::Contact),
            Some(true) => None,
            Some(false) => {
                let empty = board::ALL_DIRECTIONS & !(self.req[c] | self.blank[c] | OFF_BOARD[c]);
                (p & empty == 0).then_some(Refusal::Liberty)
            }
        }
    }
}

impl MoveGen for Dominions {
    /// The legal moves in ascending action id (`pass` last); empty once the game is over.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.is_finished() {
            return;
        }
        self.visit_cells(|c, mut patterns| {
            while patterns != 0 {
                moves.push(Move::place_unchecked(c, patterns.trailing_zeros() as u8));
                patterns &= patterns - 1;
            }
        });
        if self.pieces > 0 {
            moves.push(Move::PASS); // not as the first move: White starts by placing a piece
        }
    }

    /// True when `mv` is legal now (`resign` is, while the game runs).
    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        if self.is_finished() {
            return false;
        }
        match (mv.cell(), mv.pattern()) {
            (Some(c), Some(p)) => {
                self.pattern[c] == 0
                    && (self.pieces == 0 || self.frontier.contains(c))
                    && self.cell_patterns(c, self.hands[usize::from(self.to_move)]) & (1 << p) != 0
            }
            _ if mv.is_pass() => self.pieces > 0,
            _ => true,
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
    #[inline]
    fn random_move(&self, rng: &mut SplitMix64) -> Move {
        let mut cells = [0u8; CELLS];
        let mut masks = [0u64; CELLS];
        let mut len = 0;
        let mut total = usize::from(self.pieces > 0); // `pass`, but not as the first move
        self.visit_cells(|c, patterns| {
            cells[len] = c as u8;
            masks[len] = patterns;
            len += 1;
            total += patterns.count_ones() as usize;
        });
        let mut k = rng.below(total) as u32;
        for (&c, &mask) in cells[..len].iter().zip(&masks[..len]) {
            let n = mask.count_ones();
            if k < n {
                return Move::place_unchecked(usize::from(c), nth_bit(mask, k) as u8);
            }
            k -= n;
        }
        Move::PASS
    }

    /// The legal action ids, ascending.
    fn legal_actions(&self, actions: &mut Vec<u32>) {
        actions.clear();
        if self.is_finished() {
            return;
        }
        self.visit_cells(|c, mut patterns| {
            let base = (c * PATTERNS) as u32;
            while patterns != 0 {
                actions.push(base + patterns.trailing_zeros() - 1);
                patterns &= patterns - 1;
            }
        });
        if self.pieces > 0 {
            actions.push(PASS as u32);
        }
    }
}
