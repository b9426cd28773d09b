//! Moves and move generation: a destination mask per piece, from the step and hop tables of
//! [`board`](super::board), with the area rules applied as masks.

use super::board::{self, bit, bit_of, HOLES, HOP_CLASS, NEIGHBOURS};
use super::cache::Entry;
use super::hops::HopBoard;
use super::state::{Actions, Area, ChineseCheckers, MAX_PIECES};
use super::PASS;
use crate::core::action_bits;
use crate::core::game::{write_counted, Encoding, MoveGen};
use crate::core::rng::SplitMix64;

/// The hole index a pass stores in both ends.
const NO_HOLE: u8 = u8::MAX;

/// A move: a piece from one hole to another (a step or a hop chain), or a pass.
///
/// Moves order like their action ids (`from * 121 + to`, pass last; and so under `piece_to`,
/// whose ranks grow with the start hole).
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

    /// The action id under `actions="from_to"`: `from * 121 + to`, or [`PASS`] (14641). Under
    /// `piece_to` the id depends on the position: ask the game
    /// ([`Encoding::action`](crate::core::game::Encoding::action)).
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

/// The index of the `k`-th set bit of `mask` (from 0, lowest first); `k` is below the count.
#[inline(always)]
pub(super) fn nth_bit(mut mask: u128, k: usize) -> usize {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

/// Where a player's pieces may land: Start(P), where P may land while its piece (or chain) has
/// not left Start(P) (not Foreign(P)), where once outside (neither Foreign(P) nor Start(P)),
/// and the goal lock's Home(P) (none without the lock). Kept in the state by player, one cache
/// line each: a move's search reads all four, and with a thousand games stepped in turn every
/// line a step touches is a miss (see `docs/performance.md`).
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
pub(super) struct Areas {
    pub(super) start: u128,
    pub(super) inside: u128,
    pub(super) outside: u128,
    pub(super) lock: u128,
}

// One player's areas fill one cache line.
const _: () = assert!(std::mem::size_of::<Areas>() == 64);

/// Every hole the piece on `from` may move to (steps and hop chains) under area mode `MODE`,
/// with the holes whose occupancy that depends on; callers that only want the destinations let
/// the compiler drop the rest.
///
/// The reads are tight: for the start and each hole a chain lands on, its neighbours (steps,
/// and whether a hop has a piece to pass over) and the landings beyond the occupied ones
/// (whether the hop is open). A landing beyond an empty neighbour is not read: no hop goes
/// there until that neighbour fills, and the neighbour is read.
#[inline(always)]
fn search<const MODE: u8>(board: &HopBoard, occupied: u128, areas: Areas, from: usize) -> Entry {
    let [entry] = search_lanes::<MODE, 1>(board, occupied, areas, [from]);
    entry
}

/// `N` [`search`]es at once, one hop of each in turn. A search is a chain of dependent steps
/// (each hop waits on the load of its reach, the next on the hops it found), so a core runs
/// a single one far below its width; independent chains fill the gaps. Four lanes measured
/// best: eight spill registers (see `docs/performance.md`).
#[inline(always)]
fn search_lanes<const MODE: u8, const N: usize>(
    board: &HopBoard,
    occupied: u128,
    areas: Areas,
    froms: [usize; N],
) -> [Entry; N] {
    let mut lanes = froms.map(|from| Search::start::<MODE>(board, occupied, areas, from));
    loop {
        let mut busy = false;
        for lane in &mut lanes {
            if lane.todo != 0 {
                lane.expand::<MODE>(board, areas);
                busy = true;
            }
        }
        if !busy {
            break;
        }
    }
    lanes.map(|lane| lane.finish::<MODE>(occupied, areas))
}

/// A hop-chain search under way (see [`search`]).
///
/// A chain from the start hole lands only in its [`HOP_CLASS`], where none of its neighbours
/// lie: so hops over the start hole (which the moving piece has left) never matter to it, and
/// the neighbours that come with each entry of the [`HopBoard`] fall outside `open`.
struct Search {
    /// The start hole.
    from: usize,
    /// The landings whose hops are still to expand.
    todo: u128,
    /// The empty holes of the start's hop class not landed on yet.
    open: u128,
    /// The holes read so far (see [`search`]).
    reads: u128,
}

impl Search {
    /// A search from `from`, with its first hops to do.
    #[inline(always)]
    fn start<const MODE: u8>(board: &HopBoard, occupied: u128, areas: Areas, from: usize) -> Self {
        let class = HOP_CLASS[from];
        let around = board.around(from);
        let open = class & !occupied;
        let mut todo = around & open & areas.locked(bit_of(from as u8));
        if MODE == STRICT {
            todo &= areas.allowed(bit_of(from as u8));
        }
        Self {
            from,
            todo,
            open: open ^ todo,
            reads: bit_of(from as u8) | around,
        }
    }

    /// Expands the lowest landing still to do.
    #[inline(always)]
    fn expand<const MODE: u8>(&mut self, board: &HopBoard, areas: Areas) {
        let hole = self.todo.trailing_zeros() as usize;
        self.todo &= self.todo - 1;
        let around = board.around(hole);
        self.reads |= around;
        // The goal lock: a chain standing in Home(P) lands only in it (checked at every landing,
        // so a chain that has entered Home(P) never leaves it).
        let mut new = around & self.open & areas.locked(bit_of(hole as u8));
        if MODE == STRICT {
            // A chain that has landed outside its starting area may not land inside it.
            new &= areas.allowed(bit_of(hole as u8));
        }
        self.open ^= new;
        self.todo |= new;
    }

    /// The destinations (steps and hops, under the area rule) and the reads, once nothing is
    /// left to do.
    #[inline(always)]
    fn finish<const MODE: u8>(self, occupied: u128, areas: Areas) -> Entry {
        let steps = NEIGHBOURS[self.from] & !occupied & areas.locked(bit_of(self.from as u8));
        let allowed = areas.allowed(bit_of(self.from as u8));
        // Every empty hole of the class that is no longer open was landed on.
        let hops = HOP_CLASS[self.from] & !occupied & !self.open;
        let destinations = match MODE {
            FREE => steps | hops,
            DEST => (steps | hops) & allowed,
            _ => (steps & allowed) | hops,
        };
        Entry {
            destinations,
            reads: self.reads,
        }
    }
}

impl Areas {
    /// Where a chain that stands on `hole_bit` may land: inside its start area while it has
    /// not left it, else outside.
    #[inline(always)]
    fn allowed(self, hole_bit: u128) -> u128 {
        if self.start & hole_bit != 0 {
            self.inside
        } else {
            self.outside
        }
    }

    /// Where the goal lock lets a piece standing on `hole_bit` land: only in Home(P) when it
    /// stands there, anywhere otherwise (and anywhere without the lock, whose `lock` is empty).
    #[inline(always)]
    fn locked(self, hole_bit: u128) -> u128 {
        if self.lock & hole_bit != 0 {
            self.lock
        } else {
            u128::MAX
        }
    }
}

impl ChineseCheckers {
    /// The destinations of `player`'s piece on `from` under area mode `MODE`, computed now.
    #[inline(always)]
    fn destinations_in<const MODE: u8>(&self, player: usize, from: usize) -> u128 {
        search::<MODE>(&self.hop_board, self.occupied, self.areas[player], from).destinations
    }

    /// The destinations of the piece of the player to move on `from`: the cached mask when it
    /// is still exact, else computed now (`&self` cannot store it).
    #[inline(always)]
    fn cached_destinations<const MODE: u8>(&self, player: usize, from: usize) -> u128 {
        match self.cache.get(player, from) {
            Some(destinations) => destinations,
            None => self.destinations_in::<MODE>(player, from),
        }
    }

    /// Computes and stores the missing cache entries of the player to move, so that the
    /// `&self` generators that follow read masks instead of searching.
    #[inline(always)]
    fn fill_cache_in<const MODE: u8>(&mut self) {
        let player = usize::from(self.to_move);
        let mut stale = self.cache.stale(player);
        let mut change = 0;
        // Stale pieces by groups of up to 4, interleaved (see `search_lanes`).
        while stale != 0 {
            change += match stale.count_ones() {
                4.. => self.search_into::<MODE, 4>(&mut stale, player),
                2..=3 => self.search_into::<MODE, 2>(&mut stale, player),
                _ => self.search_into::<MODE, 1>(&mut stale, player),
            };
        }
        self.cache.filled(player, change);
    }

    /// Searches the lowest `N` pieces of `stale` (which has that many) of `player`, stores
    /// their entries and takes them out of `stale`; returns by how much that changed the
    /// player's number of moves.
    #[inline(always)]
    fn search_into<const MODE: u8, const N: usize>(
        &mut self,
        stale: &mut u32,
        player: usize,
    ) -> i32 {
        let mut numbers = [0usize; N];
        for number in &mut numbers {
            *number = stale.trailing_zeros() as usize;
            *stale &= *stale - 1;
        }
        let froms = numbers.map(|number| self.cache.hole(player, number));
        let entries =
            search_lanes::<MODE, N>(&self.hop_board, self.occupied, self.areas[player], froms);
        let mut change = 0;
        for (number, entry) in numbers.into_iter().zip(entries) {
            change += self.cache.store(player, number, entry);
        }
        change
    }

    /// Fills the destination cache for the player to move (see [`Self::fill_cache_in`]).
    #[inline(always)]
    pub(super) fn fill_cache(&mut self) {
        match self.area() {
            Area::Free => self.fill_cache_in::<FREE>(),
            Area::Dest => self.fill_cache_in::<DEST>(),
            Area::Strict => self.fill_cache_in::<STRICT>(),
        }
    }

    /// Calls `visit(from, destinations)` for every piece of the player to move, by ascending
    /// start hole.
    #[inline(always)]
    fn visit_in<const MODE: u8>(&self, visit: &mut impl FnMut(usize, u128)) {
        let player = usize::from(self.to_move);
        board::for_each_bit(self.boards[player], |from| {
            let from = from as usize;
            visit(from, self.cached_destinations::<MODE>(player, from));
        });
    }

    /// Calls `put` with the action id of every legal move but the pass, ascending (the game
    /// runs).
    #[inline(always)]
    fn visit_ids(&self, mut put: impl FnMut(u32)) {
        // The base of each piece's ids: its start hole (`from_to`) or its rank (`piece_to`).
        let piece_to = self.actions == Actions::PieceTo;
        let mut rank = 0;
        self.visit_pieces(|from, targets| {
            let base = (if piece_to { rank } else { from } * HOLES) as u32;
            rank += 1;
            board::for_each_bit(targets, |to| put(base + to));
        });
    }

    #[inline(always)]
    fn visit_pieces(&self, mut visit: impl FnMut(usize, u128)) {
        match self.area() {
            Area::Free => self.visit_in::<FREE>(&mut visit),
            Area::Dest => self.visit_in::<DEST>(&mut visit),
            Area::Strict => self.visit_in::<STRICT>(&mut visit),
        }
    }

    /// Every hole the piece of `player` on `from` may move to under `area`, with the goal lock
    /// when `lock` and the game has it.
    pub(super) fn destinations(&self, area: Area, lock: bool, player: usize, from: usize) -> u128 {
        let mut areas = self.areas[player];
        if !lock {
            areas.lock = 0;
        }
        let (board, occupied) = (&self.hop_board, self.occupied);
        match area {
            Area::Free => search::<FREE>(board, occupied, areas, from).destinations,
            Area::Dest => search::<DEST>(board, occupied, areas, from).destinations,
            Area::Strict => search::<STRICT>(board, occupied, areas, from).destinations,
        }
    }

    /// The destinations of `player`'s piece on `from` under the game's own area rule, from the
    /// cache when it holds them.
    fn own_destinations(&self, player: usize, from: usize) -> u128 {
        match self.area() {
            Area::Free => self.cached_destinations::<FREE>(player, from),
            Area::Dest => self.cached_destinations::<DEST>(player, from),
            Area::Strict => self.cached_destinations::<STRICT>(player, from),
        }
    }

    /// The number of moves other than the pass.
    pub(super) fn count_moves(&self) -> usize {
        if let Some(moves) = self.cache.moves(usize::from(self.to_move)) {
            return moves;
        }
        let mut count = 0;
        self.visit_pieces(|_, targets| count += targets.count_ones() as usize);
        count
    }
}

/// Legal moves from the per-piece destination cache.
impl MoveGen for ChineseCheckers {
    /// The legal moves in ascending action id; empty once the game is over.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.is_finished() {
            return;
        }
        self.visit_pieces(|from, targets| {
            board::for_each_bit(targets, |to| moves.push(Move::between(from, to as usize)));
        });
        if moves.is_empty() {
            moves.push(Move::PASS);
        }
    }

    /// True when `mv` is legal now.
    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        if self.is_finished() {
            return false;
        }
        let player = usize::from(self.to_move);
        match (mv.from(), mv.to()) {
            (Some(from), Some(to)) => {
                self.boards[player] & bit(from) != 0
                    && self.own_destinations(player, from) & bit(to) != 0
            }
            _ => self.count_moves() == 0,
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.is_finished() {
            return 0;
        }
        self.count_moves().max(1)
    }

    /// `legal_moves()[rng.below(n)]` without building the list.
    #[inline(always)]
    fn random_move(&self, rng: &mut SplitMix64) -> Move {
        let player = usize::from(self.to_move);
        if let Some(total) = self.cache.moves(player) {
            // The usual case after `play_unchecked`: every count is at hand.
            let mut k = rng.below(total.max(1));
            if total == 0 {
                return Move::PASS;
            }
            let mut froms = self.boards[player];
            loop {
                let from = froms.trailing_zeros() as usize;
                froms &= froms - 1;
                let n = self.cache.count(player, from);
                if k < n {
                    let destinations = self.cache.destinations(player, from);
                    return Move::between(from, nth_bit(destinations, k));
                }
                k -= n;
            }
        }
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
                return Move::between(from, nth_bit(targets, k));
            }
            k -= n;
        }
        unreachable!("k is below the number of moves")
    }

    /// The legal action ids, ascending.
    fn legal_actions(&self, actions: &mut Vec<u32>) {
        actions.clear();
        if self.is_finished() {
            return;
        }
        match self.cache.moves(usize::from(self.to_move)) {
            // the cache knows the number of moves after a move
            Some(moves) => write_counted(actions, moves, |ids| self.visit_ids(|id| ids.put(id))),
            None => self.visit_ids(|id| actions.push(id)),
        }
        if actions.is_empty() {
            actions.push(self.num_actions() as u32 - 1);
        }
    }

    const ACTION_BITS: bool = true;

    /// The legal `piece_to` ids as bits: each piece's destinations at its rank's 121 ids, which
    /// a batched env keeps in place of the list (`docs/performance.md`, "VecEnv: legal actions
    /// as bits"). The `from_to` ids are left to the list: their rows of 14,642 entries hold a
    /// few dozen.
    fn legal_action_bits(&self, words: &mut [u64]) -> bool {
        if self.actions != Actions::PieceTo {
            return false;
        }
        if self.is_finished() {
            return true;
        }
        let (mut rank, mut any) = (0, 0);
        self.visit_pieces(|_, targets| {
            action_bits::set_run(words, targets, rank * HOLES);
            rank += 1;
            any |= targets;
        });
        if any == 0 {
            action_bits::set_run(words, 1, self.num_actions() - 1);
        }
        true
    }
}

#[cfg(test)]
impl ChineseCheckers {
    /// Panics unless every cache entry taken for exact, and every hop set, equals a fresh
    /// computation.
    pub(super) fn assert_cache_exact(&self) {
        for player in 0..crate::core::game::Game::num_players(self) {
            let mut total = 0;
            let mut pieces = self.boards[player];
            while pieces != 0 {
                let from = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let fresh = self.destinations(self.area(), true, player, from);
                total += fresh.count_ones() as usize;
                if let Some(cached) = self.cache.get(player, from) {
                    assert_eq!(cached, fresh, "player {player}, piece on {from}");
                }
            }
            if let Some(moves) = self.cache.moves(player) {
                assert_eq!(moves, total, "moves of player {player}");
                let mut pieces = self.boards[player];
                while pieces != 0 {
                    let from = pieces.trailing_zeros() as usize;
                    pieces &= pieces - 1;
                    let fresh = self.destinations(self.area(), true, player, from);
                    assert_eq!(self.cache.destinations(player, from), fresh);
                    assert_eq!(self.cache.count(player, from), fresh.count_ones() as usize);
                }
            }
        }
        for hole in 0..HOLES {
            assert_eq!(
                self.hop_board.around(hole),
                super::board::NEIGHBOURS[hole] | super::hops::reach_from(self.occupied, hole),
                "neighbours and reach of {hole}"
            );
        }
    }

    /// True when the player to move has every destination mask cached.
    pub(super) fn cache_is_filled(&self) -> bool {
        self.cache.moves(usize::from(self.to_move)).is_some()
    }
}
