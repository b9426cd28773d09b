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

/// The neighbours of an empty cell, by colour (bit k for colour k): some neighbour shows it;
/// some connected neighbour's group is a complete section, or is not (is bonded to the other
/// colour); some connected group keeps a liberty besides the cell. `atari`: the directions of
/// connected groups whose only liberty is the cell, colour 1 in the high byte.
#[derive(Clone, Copy, Default)]
struct Surroundings {
    present: u8,
    connected: u8,
    complete: u8,
    bonded_out: u8,
    lives: u8,
    atari: u16,
}

impl Dominions {
    /// The legal patterns on the empty cell `c` for the player to move (bit p for pattern p),
    /// with `hand` that player's hand; the game runs.
    #[inline(always)]
    pub(super) fn cell_patterns(&self, c: usize, hand: u64) -> u64 {
        self.patterns_for(c, self.to_move, hand).0
    }

    /// The legal patterns on the empty cell `c` for `mover` with `hand`, and whether they
    /// depend on a capture (see [`cache`](super::cache)).
    #[inline(always)]
    pub(super) fn patterns_for(&self, c: usize, mover: u8, hand: u64) -> (u64, bool) {
        let allowed = self.fitting(c) & hand;
        if allowed == 0 {
            return (0, false);
        }
        let (open, volatile) = self.openness(c, mover);
        (self.open_patterns(c, allowed, open), volatile)
    }

    /// The patterns that fit the empty cell `c`: beams where its neighbours beam at it, none
    /// where they show a blank or where the board ends.
    #[inline(always)]
    fn fitting(&self, c: usize) -> u64 {
        board::fitting(self.req[c], self.blank[c] | OFF_BOARD[c])
    }

    /// Those of the fitting patterns `allowed` on `c` that [`openness`](Self::openness) lets
    /// through.
    #[inline(always)]
    fn open_patterns(&self, c: usize, allowed: u64, open: Option<bool>) -> u64 {
        match open {
            None => 0,
            Some(true) => allowed,
            Some(false) => {
                let empty = board::ALL_DIRECTIONS & !(self.req[c] | self.blank[c] | OFF_BOARD[c]);
                allowed & board::beaming_into(empty)
            }
        }
    }

    /// What the pieces around the empty cell `c` allow `mover`, whatever the pattern: `None`
    /// when a placement there has no contact, else whether the patterns that beam at no empty
    /// neighbour are legal too (those that do always give the new group a liberty). The flag
    /// says whether the answer looked beyond the neighbours' groups (a capture).
    #[inline(always)]
    pub(super) fn openness(&self, c: usize, mover: u8) -> (Option<bool>, bool) {
        if self.pieces == 0 {
            // On the empty board every fitting pattern beams at an empty neighbour.
            return (Some(true), false);
        }
        self.answer(c, &self.surroundings(c), usize::from(mover))
    }

    /// The neighbours of the empty cell `c` (a piece is on the board), read once into facts
    /// by colour, from which [`answer`](Self::answer) decides for either player.
    #[inline(always)]
    fn surroundings(&self, c: usize) -> Surroundings {
        let required = self.req[c];
        let neighbours = &NEIGHBOURS[c];
        let mut s = Surroundings::default();
        for d in directions(required | self.blank[c]) {
            let n = usize::from(neighbours[d]);
            let colour = self.colour[n] & 1;
            let bit = 1 << colour;
            s.present |= bit;
            if required & (1 << d) != 0 {
                let g = usize::from(self.gid[n]);
                let libs = self.libcount[g];
                s.connected |= bit;
                if self.complete[g] {
                    s.complete |= bit;
                } else {
                    s.bonded_out |= bit;
                }
                s.lives |= u8::from(libs >= 2) << colour;
                s.atari |= u16::from(libs == 1) << (d + 8 * usize::from(colour));
            }
        }
        s
    }

    /// [`openness`](Self::openness) of `c` for `mover`, from its [`surroundings`](Self::surroundings).
    #[inline(always)]
    fn answer(&self, c: usize, s: &Surroundings, mover: usize) -> (Option<bool>, bool) {
        let (own, other) = (1u8 << mover, 2u8 >> mover);
        // Contact: an opponent piece touched, or an own complete section extended.
        if (s.present & other) | (s.complete & own) == 0 {
            return (None, false);
        }
        let own_lives = s.lives & own != 0;
        let captures = (s.atari >> (8 * (mover ^ 1))) as u8;
        if captures != 0 {
            // The merged group keeps a liberty of an own group.
            return (
                Some(own_lives || self.captured_touch_free_group(c, captures)),
                !own_lives,
            );
        }
        // Either the group keeps a liberty, or a suicide merges it into an opponent group that
        // has one besides c.
        (
            Some(own_lives || s.connected & other != 0 || s.bonded_out & own != 0),
            false,
        )
    }

    /// Fills the pattern cache (see [`cache`](super::cache)), so that the `&self` generators
    /// that follow read masks; the game runs and has a piece.
    #[inline]
    pub(super) fn fill_cache(&mut self) {
        let Some((dirty, volatile)) = self.cache.stale(&self.frontier) else {
            return;
        };
        dirty.for_each(|c| self.refresh(c));
        if volatile.is_empty() {
            return;
        }
        // A volatile cell's capture test reads only the section of a captured group (a
        // connected neighbour's group with one liberty; were it another, the cell would be
        // dirty): a placement elsewhere (the last move; an undo marks them all dirty) leaves
        // it as it is, and so does a placement that joined no section.
        let placed = crate::core::game::Game::history(self)
            .last()
            .and_then(|mv| mv.cell());
        let section = placed
            .map(|p| self.section_root(p))
            .filter(|&root| self.section_size[root] > 1);
        volatile.for_each(|c| {
            let touched = section.is_some_and(|root| {
                directions(self.req[c]).any(|d| {
                    let n = usize::from(NEIGHBOURS[c][d]);
                    self.libcount[usize::from(self.gid[n])] == 1 && self.section_root(n) == root
                })
            });
            if touched {
                self.refresh(c);
            } else {
                self.cache.keep(c);
            }
        });
    }

    /// Recomputes and stores the masks of the frontier cell `c` for both players.
    #[inline(always)]
    fn refresh(&mut self, c: usize) {
        let allowed = self.fitting(c);
        // Both players from one read of the neighbours.
        let surroundings = (allowed != 0).then(|| self.surroundings(c));
        for player in 0..2 {
            let (open, volatile) = match &surroundings {
                Some(s) => self.answer(c, s, player),
                None => (None, false),
            };
            let patterns = self.open_patterns(c, allowed, open);
            self.cache.store(player, c, patterns, volatile);
        }
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
            CellSet::ALL
        } else {
            self.frontier
        }
    }

    /// Calls `visit(cell, patterns)` for every cell with a legal placement, ascending; the
    /// game runs.
    #[inline(always)]
    fn visit_cells(&self, mut visit: impl FnMut(usize, u64)) {
        let player = usize::from(self.to_move);
        let hand = self.hands[player];
        if self.pieces > 0 && self.cache.is_exact() {
            // The usual case after `play_unchecked`: every mask is at hand.
            let cached = &self.cache.patterns[player];
            self.frontier.for_each(|c| {
                let patterns = cached[c] & hand;
                if patterns != 0 {
                    visit(c, patterns);
                }
            });
            return;
        }
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
        match self.openness(c, self.to_move).0 {
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
    #[inline(always)]
    fn random_move(&self, rng: &mut SplitMix64) -> Move {
        let player = usize::from(self.to_move);
        if self.pieces > 0 && self.cache.is_exact() {
            // The usual case after `play_unchecked`: count from the cached masks by word of
            // the frontier, then walk only the word that holds the drawn move (no lists).
            let (cached, hand) = (&self.cache.patterns[player], self.hands[player]);
            let mut by_word = [0u32; 4];
            self.frontier
                .for_each(|c| by_word[c / 64] += (cached[c] & hand).count_ones());
            let total = 1 + by_word.iter().sum::<u32>(); // and `pass`
            let mut k = rng.below(total as usize) as u32;
            for (w, &count) in by_word.iter().enumerate() {
                if k >= count {
                    k -= count;
                    continue;
                }
                let mut word = CellSet::EMPTY;
                word.0[w] = self.frontier.0[w];
                let drawn = word.find_map(|c| {
                    let mask = cached[c] & hand;
                    let n = mask.count_ones();
                    if k < n {
                        return Some(Move::place_unchecked(c, nth_bit(mask, k) as u8));
                    }
                    k -= n;
                    None
                });
                return drawn.expect("k is below the count of its word");
            }
            return Move::PASS;
        }
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

#[cfg(test)]
impl Dominions {
    /// The same position with an empty cache, so that the generators compute every mask.
    pub(super) fn clone_without_cache(&self) -> Self {
        let mut fresh = self.clone();
        fresh.cache = super::cache::PatternCache::new();
        fresh
    }

    /// Panics unless every pattern mask the cache takes for exact equals a fresh computation,
    /// for both players.
    pub(super) fn assert_cache_exact(&self) {
        if self.pieces == 0 || !self.cache.is_exact() {
            return;
        }
        for player in 0..2u8 {
            for c in self.frontier.iter() {
                let fresh = self.patterns_for(c, player, board::ALL_PATTERNS).0;
                assert_eq!(
                    self.cache.patterns[usize::from(player)][c],
                    fresh,
                    "player {player}, cell {}",
                    board::cell_name(c)
                );
            }
        }
    }
}
