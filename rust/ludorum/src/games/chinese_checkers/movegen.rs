//! Moves and move generation: a destination mask per piece, from the step and hop tables of
//! [`board`](super::board), with the area rules applied as masks.

use super::board::{bit, ALL, HOLES, JUMPS, LANDINGS, NEIGHBOURS};
use super::state::{Area, Cells, ChineseCheckers, MAX_PIECES};
use super::PASS;
use crate::core::rng::SplitMix64;

/// The hole index a pass stores in both ends.
const NO_HOLE: u8 = u8::MAX;

/// A move: a piece from one hole to another (a step or a hop chain), or a pass.
///
/// Moves order like their action ids (`from * 121 + to`, pass last).
///
/// # Examples
///
/// ```
/// use ludorum::games::chinese_checkers::{Move, PASS};
/// let mv = Move::new(4, 13).unwrap();
/// assert_eq!((mv.from(), mv.to(), mv.action()), (Some(4), Some(13), 4 * 121 + 13));
/// assert_eq!(Move::PASS.action(), PASS);
/// assert_eq!(Move::new(4, 4), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: u8,
    to: u8,
}

impl Move {
    /// The pass, legal exactly when the player to move has no other move.
    pub const PASS: Self = Self {
        from: NO_HOLE,
        to: NO_HOLE,
    };

    /// The move from hole `from` to hole `to`; `None` unless both are holes and they differ.
    pub const fn new(from: usize, to: usize) -> Option<Self> {
        if from < HOLES && to < HOLES && from != to {
            Some(Self {
                from: from as u8,
                to: to as u8,
            })
        } else {
            None
        }
    }

    /// A move between two holes that the caller knows to differ.
    #[inline(always)]
    pub(super) const fn between(from: usize, to: usize) -> Self {
        Self {
            from: from as u8,
            to: to as u8,
        }
    }

    /// True for the pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.from == NO_HOLE
    }

    /// The start hole, `None` for the pass.
    pub const fn from(self) -> Option<usize> {
        if self.is_pass() {
            None
        } else {
            Some(self.from as usize)
        }
    }

    /// The end hole, `None` for the pass.
    pub const fn to(self) -> Option<usize> {
        if self.is_pass() {
            None
        } else {
            Some(self.to as usize)
        }
    }

    /// The action id: `from * 121 + to`, or [`PASS`] (14641).
    #[inline]
    pub const fn action(self) -> usize {
        if self.is_pass() {
            PASS
        } else {
            self.from as usize * HOLES + self.to as usize
        }
    }

    /// The move with this action id; `None` outside `0..14642` or when start and end agree.
    pub const fn from_action(action: usize) -> Option<Self> {
        if action == PASS {
            Some(Self::PASS)
        } else {
            Self::new(action / HOLES, action % HOLES)
        }
    }
}

/// Area modes as const parameters, so that each mode gets its own inner loop.
const FREE: u8 = 0;
const DEST: u8 = 1;
const STRICT: u8 = 2;

/// The holes one hop from `hole` reaches: over an occupied neighbour to the empty hole beyond.
#[inline(always)]
fn hops_from(hole: usize, cells: &Cells) -> u128 {
    let (mut low, mut high) = (0u64, 0u64);
    for &[over, landing] in &JUMPS[hole] {
        // OFF_BOARD (127) is neither a stone nor a landing, so missing jumps add nothing.
        let ok = cells[usize::from(over & 127)] & (cells[usize::from(landing & 127)] >> 1);
        // Accumulate in registers: `landing >> 6` picks the half without a memory round trip.
        let hit = u64::from(ok) << (landing & 63);
        let in_high = u64::from(landing >> 6).wrapping_neg();
        low |= hit & !in_high;
        high |= hit & in_high;
    }
    u128::from(low) | (u128::from(high) << 64)
}

impl ChineseCheckers {
    /// Every hole the piece of `player` on `from` may move to (steps and hop chains), under
    /// area mode `MODE`.
    #[inline(always)]
    fn destinations_in<const MODE: u8>(&self, player: usize, from: usize) -> u128 {
        let from_bit = bit(from);
        let empty = ALL & !self.occupied;
        let start = self.start[player];
        let inside = self.land_inside[player];
        let outside = self.land_outside[player];
        let ring = NEIGHBOURS[from];
        let steps = ring & empty;
        let allowed = if start & from_bit != 0 {
            inside
        } else {
            outside
        };
        // The hop test uses the board with the moving piece in place: that piece's hole is no
        // landing either way, and the hops over it are dropped below.
        // A hop needs an occupied neighbour (some step blocked) and an empty hole two away:
        // cheap tests that skip the hop tables for lone pieces and for pieces inside a crowd.
        let mut todo = if steps != ring && LANDINGS[from] & empty != 0 {
            hops_from(from, &self.cells)
        } else {
            0
        };
        if MODE == STRICT {
            todo &= allowed;
        }
        let mut reached = from_bit | todo;
        while todo != 0 {
            let hole = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let mut new = hops_from(hole, &self.cells) & !reached;
            if ring & bit(hole) != 0 {
                // Two neighbours of the start hole are a hop apart only over the start hole,
                // which the moving piece has left.
                new &= !ring;
            }
            if MODE == STRICT {
                // A chain that has landed outside its starting area may not land inside it.
                new &= if start & bit(hole) != 0 {
                    inside
                } else {
                    outside
                };
            }
            reached |= new;
            todo |= new;
        }
        let hops = reached ^ from_bit;
        if MODE == FREE {
            return steps | hops;
        }
        if MODE == DEST {
            (steps | hops) & allowed
        } else {
            (steps & allowed) | hops
        }
    }

    /// Calls `visit(from, destinations)` for every piece of the player to move, by ascending
    /// start hole.
    #[inline(always)]
    fn visit_in<const MODE: u8>(&self, visit: &mut impl FnMut(usize, u128)) {
        let player = usize::from(self.to_move);
        let mut pieces = self.boards[player];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            visit(from, self.destinations_in::<MODE>(player, from));
        }
    }

    #[inline(always)]
    fn visit_pieces(&self, mut visit: impl FnMut(usize, u128)) {
        match self.area() {
            Area::Free => self.visit_in::<FREE>(&mut visit),
            Area::Dest => self.visit_in::<DEST>(&mut visit),
            Area::Strict => self.visit_in::<STRICT>(&mut visit),
        }
    }

    /// Every hole the piece of `player` on `from` may move to under `area`.
    pub(super) fn destinations(&self, area: Area, player: usize, from: usize) -> u128 {
        match area {
            Area::Free => self.destinations_in::<FREE>(player, from),
            Area::Dest => self.destinations_in::<DEST>(player, from),
            Area::Strict => self.destinations_in::<STRICT>(player, from),
        }
    }

    /// The legal moves in ascending action id; empty once the game is over.
    pub(super) fn generate(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.is_finished() {
            return;
        }
        self.visit_pieces(|from, mut targets| {
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                moves.push(Move::between(from, to));
            }
        });
        if moves.is_empty() {
            moves.push(Move::PASS);
        }
    }

    /// The legal action ids, ascending.
    pub(super) fn generate_actions(&self, actions: &mut Vec<u32>) {
        actions.clear();
        if self.is_finished() {
            return;
        }
        self.visit_pieces(|from, mut targets| {
            let base = (from * HOLES) as u32;
            while targets != 0 {
                actions.push(base + targets.trailing_zeros());
                targets &= targets - 1;
            }
        });
        if actions.is_empty() {
            actions.push(PASS as u32);
        }
    }

    /// The number of moves other than the pass.
    pub(super) fn count_moves(&self) -> usize {
        let mut count = 0;
        self.visit_pieces(|_, targets| count += targets.count_ones() as usize);
        count
    }

    /// `legal_moves()[rng.below(n)]` without building the list.
    pub(super) fn pick_random(&self, rng: &mut SplitMix64) -> Move {
        let mut masks = [0u128; MAX_PIECES];
        let mut pieces = 0;
        let mut total = 0;
        self.visit_pieces(|_, targets| {
            masks[pieces] = targets;
            pieces += 1;
            total += targets.count_ones() as usize;
        });
        // A forced pass still draws a number.
        let mut k = rng.below(total.max(1));
        if total == 0 {
            return Move::PASS;
        }
        let mut froms = self.boards[usize::from(self.to_move)];
        for &targets in &masks[..pieces] {
            let from = froms.trailing_zeros() as usize;
            froms &= froms - 1;
            let n = targets.count_ones() as usize;
            if k < n {
                let mut targets = targets;
                for _ in 0..k {
                    targets &= targets - 1;
                }
                return Move::between(from, targets.trailing_zeros() as usize);
            }
            k -= n;
        }
        unreachable!("k is below the number of moves")
    }

    /// True when `mv` is legal now.
    pub(super) fn is_legal_move(&self, mv: Move) -> bool {
        if self.is_finished() {
            return false;
        }
        let player = usize::from(self.to_move);
        match (mv.from(), mv.to()) {
            (Some(from), Some(to)) => {
                self.boards[player] & bit(from) != 0
                    && self.destinations(self.area(), player, from) & bit(to) != 0
            }
            _ => self.count_moves() == 0,
        }
    }
}
