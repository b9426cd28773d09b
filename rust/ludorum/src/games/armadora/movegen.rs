//! Moves as action ids, and the legal move generator.

use super::board::{self, slot_cells, Edges, CELLS, SLOTS};
use super::state::{Armadora, Reinforcement, ELF, GOBLIN, MAGE, ORC};
use crate::core::action_bits;
use crate::core::game::MoveGen;
use crate::core::rng::SplitMix64;

/// First single-palisade action.
pub const SINGLE_BASE: usize = 5 * CELLS;
/// First pair action.
pub const PAIR_BASE: usize = SINGLE_BASE + SLOTS;
/// The pass action.
pub const PASS: usize = PAIR_BASE + SLOTS * (SLOTS - 1) / 2;
/// Size of the action space with `rules="base"`: 2479.
pub const NUM_ACTIONS: usize = PASS + 1;

// The advanced rules' ids follow the base game's (the rules page, *Action ids (advanced)*):
// mage = 2479 + cell; goblin = 2519 + (strength − 1) * 40 + cell; orc = 2719 + slot;
// elf = 2786 + cell; reinforce = 2826 + cell; 2866 ids in all.
/// First Mage action (look at a cell).
pub const MAGE_BASE: usize = NUM_ACTIONS;
/// First Goblin action (a face-up warrior).
pub const GOBLIN_BASE: usize = MAGE_BASE + CELLS;
/// First Orc action (one extra palisade).
pub const ORC_BASE: usize = GOBLIN_BASE + 5 * CELLS;
/// First Elf action (an arrow).
pub const ELF_BASE: usize = ORC_BASE + SLOTS;
/// First reinforcement action.
pub const REINFORCE_BASE: usize = ELF_BASE + CELLS;
/// Size of the action space with `rules="advanced"`: 2866.
pub const ADVANCED_NUM_ACTIONS: usize = REINFORCE_BASE + CELLS;

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
    /// Mage: look at the warrior of a cell (a power).
    Mage(u8),
    /// Goblin: a face-up warrior of strength 1..=5 on a cell (a power).
    Goblin {
        /// The strength.
        strength: u8,
        /// The cell.
        cell: u8,
    },
    /// Orc: one extra palisade on a slot (a power).
    Orc(u8),
    /// Elf: an arrow on the warrior of a cell (a power).
    Elf(u8),
    /// The reinforcement token on the mover's warrior of a cell (an action).
    Reinforce(u8),
}

impl MoveKind {
    /// True for the four race powers (a ply that does not end the turn).
    #[inline]
    pub fn is_power(self) -> bool {
        matches!(
            self,
            Self::Mage(_) | Self::Goblin { .. } | Self::Orc(_) | Self::Elf(_)
        )
    }
}

/// A move, stored as its action id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub(super) u16);

impl Move {
    /// The move of an action id, if in range of the advanced action space (the base game's
    /// is its first [`NUM_ACTIONS`] ids).
    pub fn from_action(action: usize) -> Option<Self> {
        (action < ADVANCED_NUM_ACTIONS).then_some(Self(action as u16))
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

    /// The Mage looks at `cell`.
    pub fn mage(cell: usize) -> Self {
        Self((MAGE_BASE + cell) as u16)
    }

    /// The Goblin's face-up warrior (strength 1..=5).
    pub fn goblin(strength: u8, cell: usize) -> Self {
        Self((GOBLIN_BASE + usize::from(strength - 1) * CELLS + cell) as u16)
    }

    /// The Orc's extra palisade.
    pub fn orc(slot: usize) -> Self {
        Self((ORC_BASE + slot) as u16)
    }

    /// The Elf's arrow on `cell`.
    pub fn elf(cell: usize) -> Self {
        Self((ELF_BASE + cell) as u16)
    }

    /// The reinforcement token on `cell`.
    pub fn reinforce(cell: usize) -> Self {
        Self((REINFORCE_BASE + cell) as u16)
    }

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
        } else if a == PASS {
            MoveKind::Pass
        } else if a < GOBLIN_BASE {
            MoveKind::Mage((a - MAGE_BASE) as u8)
        } else if a < ORC_BASE {
            let g = a - GOBLIN_BASE;
            MoveKind::Goblin {
                strength: (g / CELLS + 1) as u8,
                cell: (g % CELLS) as u8,
            }
        } else if a < ELF_BASE {
            MoveKind::Orc((a - ORC_BASE) as u8)
        } else if a < REINFORCE_BASE {
            MoveKind::Elf((a - ELF_BASE) as u8)
        } else {
            MoveKind::Reinforce((a - REINFORCE_BASE) as u8)
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

/// A connected set of 1 to 3 cells: the slots with one cell inside, and those joining its cells.
#[derive(Clone, Copy)]
struct Poly {
    boundary: u128,
    internal: u128,
}

/// Number of connected sets of 1 to 3 cells: 40 cells, 67 dominoes, 166 trominoes.
const NPOLY: usize = CELLS + SLOTS + 166;

/// Every connected set of 1 to 3 cells, built at compile time.
///
/// Given a position whose territories all have 4 cells or more (always so after legal play),
/// placing the palisades of a set `P` of free slots leaves a territory `T` under 4 cells exactly
/// when `T` is one of these sets with its internal slots free (a territory of up to 3 cells is
/// joined by a spanning path, and with at most 3 cells every joining slot is on that path) and
/// its free boundary slots non-empty (else `T` is a territory already) and all in `P`. Hence a
/// single `a` is illegal iff some set has free boundary `{a}`, and a pair `a < b` of legal
/// singles is illegal iff some set has free boundary exactly `{a, b}` (a free boundary of `{a}`
/// or `{b}` alone would make a single illegal).
static POLYS: [Poly; NPOLY] = build_polys();

const fn boundary_of(cells: u64) -> u128 {
    let mut m = 0u128;
    let mut s = 0;
    while s < SLOTS {
        let (a, b) = slot_cells(s);
        if (cells >> a) & 1 != (cells >> b) & 1 {
            m |= 1u128 << s;
        }
        s += 1;
    }
    m
}

const fn build_polys() -> [Poly; NPOLY] {
    let mut out = [Poly {
        boundary: 0,
        internal: 0,
    }; NPOLY];
    let mut i = 0;
    let mut c = 0;
    while c < CELLS {
        out[i] = Poly {
            boundary: boundary_of(1u64 << c),
            internal: 0,
        };
        i += 1;
        c += 1;
    }
    let mut s = 0;
    while s < SLOTS {
        let (a, b) = slot_cells(s);
        out[i] = Poly {
            boundary: boundary_of((1u64 << a) | (1u64 << b)),
            internal: 1u128 << s,
        };
        i += 1;
        s += 1;
    }
    // Trominoes: a middle cell and two of its slots (each tromino has one middle cell).
    c = 0;
    while c < CELLS {
        let mut s1 = 0;
        while s1 < SLOTS {
            let (p, q) = slot_cells(s1);
            if p == c || q == c {
                let o1 = if p == c { q } else { p };
                let mut s2 = s1 + 1;
                while s2 < SLOTS {
                    let (r, t) = slot_cells(s2);
                    if r == c || t == c {
                        let o2 = if r == c { t } else { r };
                        out[i] = Poly {
                            boundary: boundary_of((1u64 << c) | (1u64 << o1) | (1u64 << o2)),
                            internal: (1u128 << s1) | (1u128 << s2),
                        };
                        i += 1;
                    }
                    s2 += 1;
                }
            }
            s1 += 1;
        }
        c += 1;
    }
    assert!(i == NPOLY);
    out
}

const ALL_SLOTS: u128 = (1u128 << SLOTS) - 1;

/// The palisade moves of a position: legal singles and the illegal pairs among them.
pub(super) struct PalisadeMoves {
    /// Slots whose single palisade is legal.
    pub singles: u128,
    /// Illegal pairs of legal singles, as action ids, ascending, distinct.
    bad: [u16; NPOLY],
    nbad: usize,
    /// Whether pairs may be played at all.
    pairs_allowed: bool,
}

impl PalisadeMoves {
    /// The number of legal pairs.
    #[inline]
    pub fn pair_count(&self) -> usize {
        if !self.pairs_allowed {
            return 0;
        }
        let n = self.singles.count_ones() as usize;
        n * n.saturating_sub(1) / 2 - self.nbad
    }

    /// The illegal pairs, ascending.
    #[inline]
    fn bad(&self) -> &[u16] {
        &self.bad[..self.nbad]
    }

    /// The `k`-th legal pair (ascending), `k < pair_count()`.
    pub fn nth_pair(&self, mut k: usize) -> Move {
        let bad = self.bad();
        let mut bi = 0;
        let mut l = self.singles;
        while l != 0 {
            let a = l.trailing_zeros() as usize;
            l &= l - 1;
            let above = l.count_ones() as usize;
            // Illegal pairs starting with `a`.
            let first = Move::pair(a, a + 1).0;
            let last = Move::pair(a, SLOTS - 1).0;
            while bi < bad.len() && bad[bi] < first {
                bi += 1;
            }
            let mut bj = bi;
            while bj < bad.len() && bad[bj] <= last {
                bj += 1;
            }
            let count = above - (bj - bi);
            if k < count {
                let mut m = l;
                loop {
                    let b = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let mv = Move::pair(a, b);
                    if bad[bi..bj].contains(&mv.0) {
                        continue;
                    }
                    if k == 0 {
                        return mv;
                    }
                    k -= 1;
                }
            }
            k -= count;
            bi = bj;
        }
        unreachable!("k < pair_count()")
    }
}

/// The `k`-th set bit of `m` (which has more than `k`).
#[inline]
fn nth_bit(mut m: u64, k: usize) -> usize {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros() as usize
}

impl Armadora {
    /// The legal palisade moves (see [`POLYS`] for why this is exact).
    pub(super) fn palisade_moves(&self) -> PalisadeMoves {
        let mut out = PalisadeMoves {
            singles: 0,
            bad: [0; NPOLY],
            nbad: 0,
            pairs_allowed: self.palisades_left >= 2,
        };
        if self.palisades_left == 0 {
            return out;
        }
        let taken = self.palisades;
        let free = ALL_SLOTS & !taken;
        let mut singles = free;
        // the polyominoes with two open slots, by index, so that the list zeroed at each call
        // is 0.8 KB rather than 6 KB of `u128`s
        let mut cand = [0u16; NPOLY];
        let mut nc = 0;
        for (i, p) in POLYS.iter().enumerate() {
            if p.internal & taken != 0 {
                continue;
            }
            let open = p.boundary & free;
            match open.count_ones() {
                1 => singles &= !open,
                2 => {
                    cand[nc] = i as u16;
                    nc += 1;
                }
                _ => {}
            }
        }
        out.singles = singles;
        if out.pairs_allowed {
            for &i in &cand[..nc] {
                let open = POLYS[usize::from(i)].boundary & free;
                if open & !singles == 0 {
                    let a = open.trailing_zeros() as usize;
                    let b = 127 - open.leading_zeros() as usize;
                    out.bad[out.nbad] = Move::pair(a, b).0;
                    out.nbad += 1;
                }
            }
            let bad = &mut out.bad[..out.nbad];
            bad.sort_unstable();
            let mut w = 0;
            for r in 0..bad.len() {
                if r == 0 || bad[r] != bad[w - 1] {
                    bad[w] = bad[r];
                    w += 1;
                }
            }
            out.nbad = w;
        }
        out
    }

    /// The number of warrior strengths the player to move `p` still has.
    #[inline]
    fn strengths_left(&self, p: usize) -> usize {
        self.supplies[p].iter().filter(|&&n| n > 0).count()
    }

    /// True when `p` (to move) may use a power of `race` now: advanced rules, its race, a
    /// token left, no power yet this turn.
    #[inline]
    fn may_use_power(&self, p: usize, race: u8) -> bool {
        self.is_advanced() && self.race(p) == race && self.powers_left(p) > 0 && !self.power_used()
    }

    /// The cells the Mage `p` may look at: opponents' face-down warriors it has not looked at.
    fn mage_targets(&self, p: usize) -> u64 {
        self.opponents_of(p) & !self.face_up_mask() & !self.looks_mask(p)
    }

    /// The cells the Elf `p` may shoot at: opponents' warriors with fewer than 2 arrows, in an
    /// open territory where, once a territory is closed, `p` has a warrior (before that, any
    /// opponent's warrior on the open board).
    fn elf_targets(&self, p: usize) -> u64 {
        let own = if self.territory_closed() {
            self.warriors_of(p)
        } else {
            board::ALL
        };
        let free = self.free_cells();
        let mut out = 0;
        let mut m = self.opponents_of(p);
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            let t = self.edges.territory(c);
            if self.arrows(c) < 2 && t & own != 0 && t & free != 0 {
                out |= 1 << c;
            }
        }
        out
    }

    /// The cells of `p`'s warriors its reinforcement may go on (token held, the territory
    /// condition of the `reinforcement` option).
    fn reinforce_targets(&self, p: usize) -> u64 {
        if !self.holds_reinforcement(p) {
            return 0;
        }
        let mut out = 0;
        let mut m = self.warriors_of(p);
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            let ok = match self.reinforcement_rule() {
                Reinforcement::Open => self.is_open(c),
                Reinforcement::Full => !self.is_open(c),
                Reinforcement::Any => true,
            };
            if ok {
                out |= 1 << c;
            }
        }
        out
    }

    /// Appends the advanced rules' legal moves of `p`, ascending: powers, then reinforcements.
    fn advanced_moves(&self, p: usize, visit: &mut impl FnMut(Move)) {
        let push_cells = |visit: &mut dyn FnMut(Move), mut m: u64, f: fn(usize) -> Move| {
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                visit(f(c));
            }
        };
        if self.may_use_power(p, MAGE) {
            push_cells(visit, self.mage_targets(p), Move::mage);
        }
        if self.may_use_power(p, GOBLIN) {
            for s in 1..=5u8 {
                if self.supplies[p][usize::from(s - 1)] > 0 {
                    let mut f = self.free_cells();
                    while f != 0 {
                        let c = f.trailing_zeros() as usize;
                        f &= f - 1;
                        visit(Move::goblin(s, c));
                    }
                }
            }
        }
        if self.may_use_power(p, ORC) && self.palisades_left > 0 {
            let mut l = self.palisade_moves().singles;
            while l != 0 {
                let a = l.trailing_zeros() as usize;
                l &= l - 1;
                visit(Move::orc(a));
            }
        }
        if self.may_use_power(p, ELF) {
            push_cells(visit, self.elf_targets(p), Move::elf);
        }
        push_cells(visit, self.reinforce_targets(p), Move::reinforce);
    }

    /// The legal list, for the advanced rules' count and random pick.
    fn list(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }
}

impl Armadora {
    /// Calls `run(bits, base)` with the legal moves of the player to move, ascending, in runs:
    /// the moves `base + b` for each set bit `b` of `bits`, each run above the one before (the
    /// advanced rules' moves one at a time). The one walk behind the move list and the action
    /// ids. In runs because a batched env asks for the ids at every step, often two thousand
    /// of them (the pairs of palisades), and a run of bits becomes ids in a few instructions
    /// each, where a call per move cost about twenty.
    fn visit_runs(&self, mut run: impl FnMut(u128, usize)) {
        let Some(p) = self.to_move_now() else {
            return;
        };
        let free = u128::from(self.free_cells());
        for s in 0..5 {
            if self.supplies[p][s] > 0 {
                run(free, Move::warrior(s as u8 + 1, 0).action());
            }
        }
        if self.palisades_left > 0 {
            let pm = self.palisade_moves();
            run(pm.singles, SINGLE_BASE);
            if pm.pairs_allowed {
                let bad = pm.bad();
                let mut bi = 0;
                let mut l = pm.singles;
                while l != 0 {
                    let a = l.trailing_zeros() as usize;
                    l &= l - 1;
                    if l == 0 {
                        break; // no partner above `a`
                    }
                    // the pairs (a, b) for b above a: ids `base + b`, less the illegal ones,
                    // which come in id order
                    let base = Move::pair(a, a + 1).action() - (a + 1);
                    let mut row = l;
                    while bi < bad.len() && usize::from(bad[bi]) < base + SLOTS {
                        row &= !(1u128 << (usize::from(bad[bi]) - base));
                        bi += 1;
                    }
                    run(row, base);
                }
            }
        }
        run(1, PASS);
        if self.is_advanced() {
            self.advanced_moves(p, &mut |mv: Move| run(1, mv.action()));
        }
    }
}

/// Writes `base + b` into `ids` from index `at` for each set bit `b` of `bits`, ascending, and
/// returns the index after the last.
///
/// A byte of the bits at a time, without a branch on its bits: the byte's positions come from
/// a table, and eight ids are written whatever it holds, of which the next byte's overwrite
/// those past its own (the list keeps eight entries of room past `at` meanwhile). A walk over
/// the bits took a mispredicted branch where each run of ids ended. The list is written over,
/// not cleared and pushed to: a resize (a call to `memset`) zeroes only what it lacks beyond
/// the last list's length, and [`MoveGen::legal_actions`] cuts it to its ids at the end.
#[inline(always)]
fn write_ids(ids: &mut Vec<u32>, at: usize, bits: u128, base: usize) -> usize {
    let end = at + bits.count_ones() as usize;
    if ids.len() < end + 8 {
        ids.resize(end + 8, 0);
    }
    // a slice, so that the list's pointer and length are not read again at each byte
    let ids = ids.as_mut_slice();
    let (mut at, mut first, mut rest) = (at, base as u32, bits);
    while rest != 0 {
        let byte = (rest & 0xff) as u8;
        let positions = &POSITIONS[usize::from(byte)];
        for (id, &position) in ids[at..at + 8].iter_mut().zip(positions) {
            *id = first + u32::from(position);
        }
        at += byte.count_ones() as usize;
        first += 8;
        rest >>= 8;
    }
    end
}

/// For each byte: the positions of its set bits, ascending (then 0s).
static POSITIONS: [[u8; 8]; 256] = positions();

const fn positions() -> [[u8; 8]; 256] {
    let mut table = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut count) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte][count] = bit as u8;
                count += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
}

impl MoveGen for Armadora {
    /// The legal moves of the player to move, ascending (see [`MoveGen::legal_moves`]).
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.visit_runs(|mut bits, base| {
            while bits != 0 {
                moves.push(Move((base + bits.trailing_zeros() as usize) as u16));
                bits &= bits - 1;
            }
        });
    }

    /// The legal action ids, ascending, without the move list.
    fn legal_actions(&self, actions: &mut Vec<u32>) {
        let mut end = 0;
        self.visit_runs(|bits, base| end = write_ids(actions, end, bits, base));
        actions.truncate(end);
    }

    const ACTION_BITS: bool = true;

    /// The legal action ids as bits, from the same runs: a batched env keeps these rather
    /// than a list of up to two thousand ids.
    fn legal_action_bits(&self, words: &mut [u64]) -> bool {
        self.visit_runs(|bits, base| action_bits::set_run(words, bits, base));
        true
    }

    /// True when `mv` is legal now (without generating the list).
    fn is_legal(&self, mv: Move) -> bool {
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
            MoveKind::Mage(c) => {
                self.may_use_power(p, MAGE) && self.mage_targets(p) & (1 << c) != 0
            }
            MoveKind::Goblin { strength, cell } => {
                self.may_use_power(p, GOBLIN)
                    && self.supplies[p][usize::from(strength - 1)] > 0
                    && self.free_cells() & (1 << cell) != 0
            }
            MoveKind::Orc(s) => {
                let s = usize::from(s);
                self.may_use_power(p, ORC)
                    && self.palisades_left >= 1
                    && self.palisades & (1u128 << s) == 0
                    && !splits_small(self.edges.without(s), s)
            }
            MoveKind::Elf(c) => self.may_use_power(p, ELF) && self.elf_targets(p) & (1 << c) != 0,
            MoveKind::Reinforce(c) => self.reinforce_targets(p) & (1 << c) != 0,
        }
    }

    /// The number of legal moves (exact, without the list).
    fn count_legal_moves(&self) -> usize {
        let Some(p) = self.to_move_now() else {
            return 0;
        };
        if self.is_advanced() {
            return self.list().len();
        }
        let w = self.strengths_left(p) * self.free_cells().count_ones() as usize;
        let pm = self.palisade_moves();
        w + pm.singles.count_ones() as usize + pm.pair_count() + 1
    }

    /// `legal_moves()[rng.below(n)]` with one draw, without the list. Only while the game runs.
    #[inline(always)]
    fn random_move(&self, rng: &mut SplitMix64) -> Move {
        let p = self.to_move_now().expect("the game runs");
        if self.is_advanced() {
            let moves = self.list();
            return moves[rng.below(moves.len())];
        }
        let free = self.free_cells();
        let nf = free.count_ones() as usize;
        let w = self.strengths_left(p) * nf;
        let pm = self.palisade_moves();
        let ns = pm.singles.count_ones() as usize;
        let np = pm.pair_count();
        let mut k = rng.below(w + ns + np + 1);
        if k < w {
            let (mut i, cell) = (k / nf, nth_bit(free, k % nf));
            for s in 0..5u8 {
                if self.supplies[p][usize::from(s)] > 0 {
                    if i == 0 {
                        return Move::warrior(s + 1, cell);
                    }
                    i -= 1;
                }
            }
            unreachable!("k < w");
        }
        k -= w;
        if k < ns {
            let mut m = pm.singles;
            for _ in 0..k {
                m &= m - 1;
            }
            return Move::single(m.trailing_zeros() as usize);
        }
        k -= ns;
        if k < np {
            return pm.nth_pair(k);
        }
        Move::PASS
    }
}
