//! Moves as action ids, and the legal move generator.

use super::board::{slot_cells, Edges, CELLS, SLOTS};
use super::state::Armadora;

/// First single-palisade action.
pub const SINGLE_BASE: usize = 5 * CELLS;
/// First pair action.
pub const PAIR_BASE: usize = SINGLE_BASE + SLOTS;
/// The pass action.
pub const PASS: usize = PAIR_BASE + SLOTS * (SLOTS - 1) / 2;
/// Size of the action space: 2479.
pub const NUM_ACTIONS: usize = PASS + 1;

/// The first slot of each pair action index (pair − PAIR_BASE), built at compile time.
static PAIRS: [(u8, u8); PASS - PAIR_BASE] = build_pairs();

const fn build_pairs() -> [(u8, u8); PASS - PAIR_BASE] {
    let mut out = [(0u8, 0u8); PASS - PAIR_BASE];
    let mut i = 0;
    let mut a = 0;
    while a < SLOTS {
        let mut b = a + 1;
        while b < SLOTS {
            out[i] = (a as u8, b as u8);
            i += 1;
            b += 1;
        }
        a += 1;
    }
    out
}

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A warrior of strength 1..=5 on a cell.
    Warrior {
        /// The strength.
        strength: u8,
        /// The cell.
        cell: u8,
    },
    /// One palisade.
    Single(u8),
    /// Two palisades on slots a < b.
    Pair(u8, u8),
    /// Pass (final).
    Pass,
}

/// A move, stored as its action id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub(super) u16);

impl Move {
    /// The move of an action id, if in range.
    pub fn from_action(action: usize) -> Option<Self> {
        (action < NUM_ACTIONS).then_some(Self(action as u16))
    }

    /// The action id.
    #[inline]
    pub fn action(self) -> usize {
        usize::from(self.0)
    }

    /// A warrior move (strength 1..=5).
    pub fn warrior(strength: u8, cell: usize) -> Self {
        Self((usize::from(strength - 1) * CELLS + cell) as u16)
    }

    /// One palisade.
    pub fn single(slot: usize) -> Self {
        Self((SINGLE_BASE + slot) as u16)
    }

    /// Two palisades, a < b.
    pub fn pair(a: usize, b: usize) -> Self {
        debug_assert!(a < b && b < SLOTS);
        Self((PAIR_BASE + a * SLOTS - a * (a + 1) / 2 + (b - a - 1)) as u16)
    }

    /// Pass.
    pub const PASS: Self = Self(PASS as u16);

    /// What the move does.
    #[inline]
    pub fn kind(self) -> MoveKind {
        let a = usize::from(self.0);
        if a < SINGLE_BASE {
            MoveKind::Warrior {
                strength: (a / CELLS + 1) as u8,
                cell: (a % CELLS) as u8,
            }
        } else if a < PAIR_BASE {
            MoveKind::Single((a - SINGLE_BASE) as u8)
        } else if a < PASS {
            let (x, y) = PAIRS[a - PAIR_BASE];
            MoveKind::Pair(x, y)
        } else {
            MoveKind::Pass
        }
    }
}

/// True when placing `slot` on `edges` (from a position whose territories all have 4 cells or
/// more) leaves a territory under 4 cells; `after` is the edges with the slot placed.
#[inline]
fn splits_small(after: Edges, slot: usize) -> bool {
    let (a, b) = slot_cells(slot);
    after.small(a) || after.small(b)
}

impl Armadora {
    /// The legal moves of the player to move, ascending (see [`Game::legal_moves`]).
    pub(super) fn generate(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let Some(p) = self.to_move_now() else {
            return;
        };
        let free = self.free_cells();
        for s in 0..5u8 {
            if self.supplies[p][usize::from(s)] > 0 {
                let mut f = free;
                while f != 0 {
                    let c = f.trailing_zeros() as usize;
                    f &= f - 1;
                    moves.push(Move::warrior(s + 1, c));
                }
            }
        }
        if self.palisades_left > 0 {
            let edges = self.edges;
            // Slots whose palisade alone is legal; a pair needs both (walls only split).
            let mut ok = 0u128;
            for slot in 0..SLOTS {
                if self.palisades & (1u128 << slot) == 0 && !splits_small(edges.without(slot), slot)
                {
                    ok |= 1u128 << slot;
                    moves.push(Move::single(slot));
                }
            }
            if self.palisades_left >= 2 {
                for a in 0..SLOTS {
                    if ok & (1u128 << a) == 0 {
                        continue;
                    }
                    let ea = edges.without(a);
                    let (a0, a1) = slot_cells(a);
                    for b in a + 1..SLOTS {
                        if ok & (1u128 << b) == 0 {
                            continue;
                        }
                        let e = ea.without(b);
                        let (b0, b1) = slot_cells(b);
                        if !(e.small(a0) || e.small(a1) || e.small(b0) || e.small(b1)) {
                            moves.push(Move::pair(a, b));
                        }
                    }
                }
            }
        }
        moves.push(Move::PASS);
    }

    /// True when `mv` is legal now (without generating the list).
    pub(super) fn legal_now(&self, mv: Move) -> bool {
        let Some(p) = self.to_move_now() else {
            return false;
        };
        match mv.kind() {
            MoveKind::Warrior { strength, cell } => {
                self.supplies[p][usize::from(strength - 1)] > 0
                    && self.free_cells() & (1 << cell) != 0
            }
            MoveKind::Single(s) => {
                let s = usize::from(s);
                self.palisades_left >= 1
                    && self.palisades & (1u128 << s) == 0
                    && !splits_small(self.edges.without(s), s)
            }
            MoveKind::Pair(a, b) => {
                let (a, b) = (usize::from(a), usize::from(b));
                if self.palisades_left < 2 || self.palisades & ((1u128 << a) | (1u128 << b)) != 0 {
                    return false;
                }
                let e = self.edges.without(a).without(b);
                !(splits_small(e, a) || splits_small(e, b))
            }
            MoveKind::Pass => true,
        }
    }
}
