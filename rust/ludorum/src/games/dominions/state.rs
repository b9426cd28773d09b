//! The game state: options, placement and its resolution (capture, suicide) on incrementally
//! kept groups and sections, passes, resignation, scoring, undo, and the [`Game`] impl.
//!
//! What the state keeps so that move generation needs no flood fill:
//! - per empty or occupied cell, the sides whose neighbour beams at it (`req`) and the sides
//!   whose occupied neighbour shows a blank to it (`blank`); for an occupied cell `req` is
//!   exactly its connections;
//! - the frontier: the empty cells next to a piece;
//! - groups by id (the id is a cell of the group): each cell's group id, and per group its
//!   cells, its liberties, their count and whether it is a complete section;
//! - sections as a union-find with sizes (sections only ever merge), so that a group is a
//!   complete section exactly when it is as large as its section.
//!
//! Groups never split (a reversal turns a whole group), so a move only merges groups. Undo
//! restores the groups a move touched from copies saved before they changed, and takes back
//! the section unions it logged.

use serde_json::{json, Map, Value};

use super::board::{self, CellSet, CELLS, NEIGHBOURS, OFF_BOARD, PATTERNS};
use super::cache::{around, signature, PatternCache, AROUND};
use super::movegen::{directions, Move, Refusal};
use crate::core::error::Error;
use crate::core::facts::{Facts, OptionDefault, OptionKind, OptionSpec, MAX_PLIES};
use crate::core::observation::Layout;
use crate::core::options::Options;
use crate::core::outcome::Outcome;
use crate::core::stack::Stack;
use crate::core::zobrist;
use crate::prelude::*;

/// Seed of the Zobrist tables: the bytes of `"DOMINION"`.
pub const ZOBRIST_SEED: u64 = 0x444F_4D49_4E49_4F4E;

/// Where each part of the table starts: 27,342 piece keys (cell outer, pattern 1..63, colour
/// inner), 126 hand keys (player outer, pattern inner), 2 turn keys, 1 pass key.
const HAND_KEYS_AT: usize = CELLS * PATTERNS * 2;
const TURN_KEYS_AT: usize = HAND_KEYS_AT + 2 * PATTERNS;
const PASS_KEY_AT: usize = TURN_KEYS_AT + 2;
const KEY_COUNT: usize = PASS_KEY_AT + 1;

static ZOBRIST: [u64; KEY_COUNT] = zobrist::table(ZOBRIST_SEED);

#[inline(always)]
fn piece_key(cell: usize, pattern: u8, colour: u8) -> u64 {
    ZOBRIST[(cell * PATTERNS + usize::from(pattern) - 1) * 2 + usize::from(colour)]
}

#[inline(always)]
fn hand_key(player: usize, pattern: u8) -> u64 {
    ZOBRIST[HAND_KEYS_AT + player * PATTERNS + usize::from(pattern) - 1]
}

#[inline(always)]
fn turn_key(player: usize) -> u64 {
    ZOBRIST[TURN_KEYS_AT + player]
}

#[inline(always)]
fn pass_key() -> u64 {
    ZOBRIST[PASS_KEY_AT]
}

/// What Dominions declares about itself.
pub(super) const FACTS: &Facts = &Facts {
    name: "dominions",
    class_name: "Dominions",
    summary: "Freeling's territory game of beams and patterns on a hexagon (2 players)",
    players: &[2],
    options: &[
        OptionSpec {
            name: "komi",
            kind: OptionKind::Float,
            nullable: false,
            default: OptionDefault::Float(0.0),
            doc: "points added to Black's territory",
        },
        MAX_PLIES,
    ],
    hidden_information: false,
    seeded: false,
    // Random games end by two passes within ~135 plies (126 pieces in all).
    simulation_max_plies: None,
    reasons: &["territory", "ply limit", "resignation"],
    bench: &[""],
    bench_perft: &[("", 3)],
    openspiel: None,
    // Random games run until the board is full (~150 plies) and the evaluation (the score if the
    // game ended now) reads a position well: rollouts cut at 30 plies, then the evaluation.
    search: crate::core::facts::SearchFacts {
        rollout_plies: Some(30),
        exploration: 1.4,
        strength_options: "",
    },
};

/// Marks an empty cell in `colour` and `owner`.
const NO_PLAYER: u8 = 2;

/// A group as it was before a move changed it.
#[derive(Clone, Copy, Debug)]
struct SavedGroup {
    id: u8,
    colour: u8,
    libcount: u8,
    complete: bool,
    members: CellSet,
    libs: CellSet,
}

/// What undo needs beyond the move.
#[derive(Clone, Copy, Debug)]
struct Undo {
    key: u64,
    last_pass: bool,
    shown: [u8; 2],
    /// How many entries of `saved` and `unions` the move added.
    saved: u16,
    unions: u8,
}

/// A game of Dominions (Christian Freeling).
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::{games::dominions::{board, Dominions}};
/// let mut game = Dominions::new(&Default::default()).unwrap();
/// game.play(game.parse_move("63@i9").unwrap()).unwrap();
/// game.play(game.parse_move("8@j10").unwrap()).unwrap();
/// // A suicide: j10 turned white and joined i9.
/// assert_eq!(game.cell(board::cell_index("j10").unwrap()), Some((8, 1, 0)));
/// assert_eq!(game.scores(), (-60.0, -62.0));
/// ```
#[derive(Clone, Debug)]
pub struct Dominions {
    komi: f64,
    max_plies: Option<u32>,
    /// Per cell: the pattern, 0 when empty.
    pub(super) pattern: [u8; CELLS],
    /// Per cell: the player whose set the piece comes from.
    owner: [u8; CELLS],
    /// Per cell: the colour the piece shows.
    pub(super) colour: [u8; CELLS],
    /// Per cell: the sides whose neighbour beams at it.
    pub(super) req: [u8; CELLS],
    /// Per cell: the sides whose neighbour is a piece with a blank towards it.
    pub(super) blank: [u8; CELLS],
    /// The empty cells next to a piece.
    pub(super) frontier: CellSet,
    /// Pieces on the board.
    pub(super) pieces: u8,
    /// Per occupied cell: its group's id.
    pub(super) gid: [u8; CELLS],
    /// Per group id: its cells.
    pub(super) members: [CellSet; CELLS],
    /// Per group id: its liberties.
    pub(super) libs: [CellSet; CELLS],
    /// Per group id: the number of its liberties.
    pub(super) libcount: [u8; CELLS],
    /// Per group id: no piece of its section shows the other colour.
    pub(super) complete: [bool; CELLS],
    /// Sections: union-find parents and sizes (at roots).
    section_parent: [u8; CELLS],
    pub(super) section_size: [u8; CELLS],
    /// Per player: bit p while pattern p is in hand.
    pub(super) hands: [u64; 2],
    /// Pieces showing each colour.
    shown: [u8; 2],
    /// The player to move; once the game is over, the player who would move next.
    pub(super) to_move: u8,
    last_pass: bool,
    key: u64,
    outcome: Option<Outcome>,
    history: Stack<Move>,
    undos: Stack<Undo>,
    saved: Stack<SavedGroup>,
    /// Section roots attached under another root, in order.
    unions: Stack<u8>,
    /// The legal patterns of the frontier cells, kept across moves.
    pub(super) cache: PatternCache,
}

impl Dominions {
    fn setup(komi: f64, max_plies: Option<u32>) -> Self {
        let capacity = max_plies.map_or(256, |n| n.min(4096) as usize);
        let mut game = Self {
            komi,
            max_plies,
            pattern: [0; CELLS],
            owner: [NO_PLAYER; CELLS],
            colour: [NO_PLAYER; CELLS],
            // Off-board sides count as neither: they are in `OFF_BOARD`.
            req: [0; CELLS],
            blank: [0; CELLS],
            frontier: CellSet::EMPTY,
            pieces: 0,
            gid: [0; CELLS],
            members: [CellSet::EMPTY; CELLS],
            libs: [CellSet::EMPTY; CELLS],
            libcount: [0; CELLS],
            complete: [false; CELLS],
            section_parent: [0; CELLS],
            section_size: [0; CELLS],
            hands: [board::ALL_PATTERNS; 2],
            shown: [0; 2],
            to_move: 0,
            last_pass: false,
            key: 0,
            outcome: None,
            history: Stack::with_capacity(capacity),
            undos: Stack::with_capacity(capacity),
            saved: Stack::with_capacity(capacity),
            unions: Stack::with_capacity(capacity),
            cache: PatternCache::new(),
        };
        game.key = game.key_from_scratch();
        game
    }

    /// The piece on cell `index`: `(pattern, owner, colour)`, `None` when empty.
    ///
    /// # Panics
    ///
    /// When `index` is not below [`CELLS`].
    pub fn cell(&self, index: usize) -> Option<(u8, u8, u8)> {
        match self.pattern[index] {
            0 => None,
            p => Some((p, self.owner[index], self.colour[index])),
        }
    }

    /// The patterns `player` still holds, ascending.
    pub fn hand(&self, player: usize) -> Vec<u8> {
        (1..=PATTERNS as u8)
            .filter(|&p| self.hands[player] & (1 << p) != 0)
            .collect()
    }

    /// The territories `(white, black)`: pieces showing the colour minus patterns in hand,
    /// plus komi for Black.
    pub fn scores(&self) -> (f64, f64) {
        let territory = |p: usize| f64::from(self.shown[p]) - f64::from(self.hands[p].count_ones());
        (territory(0), territory(1) + self.komi)
    }

    /// True when the last move was a pass.
    pub fn last_was_pass(&self) -> bool {
        self.last_pass
    }

    /// The komi added to Black's territory.
    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// The ply limit, if any.
    pub fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    #[inline(always)]
    pub(super) fn is_finished(&self) -> bool {
        self.outcome.is_some()
    }

    /// The root of the section of the occupied cell `x`.
    #[inline(always)]
    pub(super) fn section_root(&self, mut x: usize) -> usize {
        while usize::from(self.section_parent[x]) != x {
            x = usize::from(self.section_parent[x]);
        }
        x
    }

    /// Joins the sections of the occupied cells `a` and `b`.
    #[inline(always)]
    fn join_sections(&mut self, a: usize, b: usize) {
        let (a, b) = (self.section_root(a), self.section_root(b));
        if a == b {
            return;
        }
        let (root, child) = if self.section_size[a] >= self.section_size[b] {
            (a, b)
        } else {
            (b, a)
        };
        self.section_parent[child] = root as u8;
        self.section_size[root] += self.section_size[child];
        self.unions.push(child as u8);
    }

    /// Saves group `g` as it is, unless this move (whose saves start at `from`) already did.
    #[inline(always)]
    fn save(&mut self, g: usize, from: usize) {
        if self.saved[from..].iter().any(|s| usize::from(s.id) == g) {
            return;
        }
        self.saved.push(SavedGroup {
            id: g as u8,
            colour: self.colour[g],
            libcount: self.libcount[g],
            complete: self.complete[g],
            members: self.members[g],
            libs: self.libs[g],
        });
    }

    /// Merges groups `a` and `b` (of one colour); returns the id that survives.
    #[inline(always)]
    fn merge(&mut self, a: usize, b: usize, from: usize) -> usize {
        if a == b {
            return a;
        }
        self.save(a, from);
        self.save(b, from);
        let (big, small) = if self.members[a].len() >= self.members[b].len() {
            (a, b)
        } else {
            (b, a)
        };
        let cells = self.members[small];
        for x in cells.iter() {
            self.gid[x] = big as u8;
        }
        self.members[big].union_with(&cells);
        let libs = self.libs[small];
        self.libs[big].union_with(&libs);
        self.libcount[big] = self.libs[big].len() as u8;
        big
    }

    /// Turns every piece of group `g` to colour `to`.
    #[inline(always)]
    fn reverse(&mut self, g: usize, to: u8, from: usize) {
        self.save(g, from);
        let back = to ^ 1;
        let cells = self.members[g];
        for x in cells.iter() {
            let p = self.pattern[x];
            self.key ^= piece_key(x, p, back) ^ piece_key(x, p, to);
            self.colour[x] = to;
        }
        let n = cells.len() as u8;
        self.shown[usize::from(back)] -= n;
        self.shown[usize::from(to)] += n;
    }

    /// Puts pattern `p` on the empty cell `c` for the player to move and resolves captures
    /// and suicide (the move is legal).
    fn place(&mut self, c: usize, p: u8) {
        let mover = self.to_move;
        let from = self.saved.len();
        let connections = self.req[c];
        debug_assert_eq!(
            p & (connections | self.blank[c] | OFF_BOARD[c]),
            connections
        );
        let free = p & !(connections | self.blank[c]);
        let neighbours = &NEIGHBOURS[c];
        for (d, &n) in neighbours.iter().enumerate() {
            if n == board::NONE {
                continue;
            }
            let n = usize::from(n);
            let back = 1 << board::opposite(d);
            if p & (1 << d) != 0 {
                self.req[n] |= back;
            } else {
                self.blank[n] |= back;
            }
            if self.pattern[n] == 0 {
                self.frontier.insert(n);
            }
        }
        self.frontier.remove(c);
        self.pattern[c] = p;
        self.owner[c] = mover;
        self.colour[c] = mover;
        self.hands[usize::from(mover)] &= !(1 << p);
        self.key ^= hand_key(usize::from(mover), p) ^ piece_key(c, p, mover);
        self.shown[usize::from(mover)] += 1;
        self.pieces += 1;
        // The new piece is a group of its own, with a liberty at each beam into an empty cell.
        self.gid[c] = c as u8;
        self.members[c] = CellSet::single(c);
        let mut libs = CellSet::EMPTY;
        for d in directions(free) {
            libs.insert(usize::from(neighbours[d]));
        }
        self.libs[c] = libs;
        self.libcount[c] = free.count_ones() as u8;
        self.complete[c] = true;
        self.section_parent[c] = c as u8;
        self.section_size[c] = 1;
        // Connected groups lose the liberty c.
        let mut own = [0u8; 6];
        let mut own_len = 0;
        let mut opponents = [0u8; 6];
        let mut opponents_len = 0;
        for d in directions(connections) {
            let n = usize::from(neighbours[d]);
            self.join_sections(c, n);
            let g = self.gid[n];
            let (list, len) = if self.colour[n] == mover {
                (&mut own, &mut own_len)
            } else {
                (&mut opponents, &mut opponents_len)
            };
            if !list[..*len].contains(&g) {
                list[*len] = g;
                *len += 1;
                let g = usize::from(g);
                self.save(g, from);
                self.libs[g].remove(c);
                self.libcount[g] -= 1;
            }
        }
        let mut star = c;
        for &g in &own[..own_len] {
            star = self.merge(star, usize::from(g), from);
        }
        let captured = opponents[..opponents_len]
            .iter()
            .any(|&g| self.libcount[usize::from(g)] == 0);
        if captured {
            // Reverse every captured group, then merge it and the own groups connected to it.
            let mut reversed = CellSet::EMPTY;
            for &g in &opponents[..opponents_len] {
                let g = usize::from(g);
                if self.libcount[g] == 0 {
                    reversed.union_with(&self.members[g]);
                    self.reverse(g, mover, from);
                    star = self.merge(star, g, from);
                }
            }
            for x in reversed.iter() {
                for d in directions(self.req[x]) {
                    let g = usize::from(self.gid[usize::from(NEIGHBOURS[x][d])]);
                    star = self.merge(star, g, from);
                }
            }
        } else if self.libcount[star] == 0 {
            // Suicide: the group turns and joins the opponent groups connected to it.
            let cells = self.members[star];
            self.reverse(star, mover ^ 1, from);
            for x in cells.iter() {
                for d in directions(self.req[x]) {
                    let g = usize::from(self.gid[usize::from(NEIGHBOURS[x][d])]);
                    star = self.merge(star, g, from);
                }
            }
        }
        debug_assert!(self.libcount[star] > 0, "a legal move leaves liberties");
        let section = self.section_root(c);
        self.complete[star] = self.members[star].len() == u32::from(self.section_size[section]);
        for &g in &opponents[..opponents_len] {
            let g = usize::from(g);
            if usize::from(self.gid[g]) != star {
                self.complete[g] = false;
            }
        }
        self.undos.last_mut().expect("pushed by play").saved = (self.saved.len() - from) as u16;
        self.mark_changed(c, from);
    }

    /// Marks the cells whose legal patterns a placement on `c` (or its undo) may change: those
    /// next to `c`, and those next to a group saved since `from` whose signature differs from
    /// the one its cells have now (see [`cache`](super::cache)).
    #[inline(always)]
    fn mark_changed(&mut self, c: usize, from: usize) {
        let mut changed = AROUND[c];
        changed.insert(c);
        for s in &self.saved[from..] {
            let before = signature(s.colour, s.libcount, s.complete);
            let g = usize::from(self.gid[usize::from(s.id)]);
            let now = signature(self.colour[g], self.libcount[g], self.complete[g]);
            if before != now {
                changed.union_with(&around(s.members));
            }
        }
        self.cache.mark(&changed);
    }

    /// Takes back the placement of `p` on `c`, by the player `mover`.
    fn unplace(&mut self, c: usize, p: u8, mover: u8, undo: &Undo) {
        let from = self.saved.len() - usize::from(undo.saved);
        // Before the groups go back: each saved group's cells now belong to the group of its
        // id, and will show the saved signature again. Sections split, which the fill after a
        // placement cannot see: the volatile cells are recomputed.
        self.mark_changed(c, from);
        self.cache.mark_volatile();
        for i in (from..self.saved.len()).rev() {
            let s = self.saved[i];
            let g = usize::from(s.id);
            self.members[g] = s.members;
            self.libs[g] = s.libs;
            self.libcount[g] = s.libcount;
            self.complete[g] = s.complete;
            for x in s.members.iter() {
                self.gid[x] = s.id;
                self.colour[x] = s.colour;
            }
        }
        self.saved.truncate(from);
        for _ in 0..undo.unions {
            let child = usize::from(self.unions.pop().expect("logged by place"));
            let root = usize::from(self.section_parent[child]);
            self.section_size[root] -= self.section_size[child];
            self.section_parent[child] = child as u8;
        }
        self.pattern[c] = 0;
        self.owner[c] = NO_PLAYER;
        self.colour[c] = NO_PLAYER;
        self.hands[usize::from(mover)] |= 1 << p;
        self.pieces -= 1;
        for (d, &n) in NEIGHBOURS[c].iter().enumerate() {
            if n == board::NONE {
                continue;
            }
            let n = usize::from(n);
            let back = !(1 << board::opposite(d));
            if p & (1 << d) != 0 {
                self.req[n] &= back;
            } else {
                self.blank[n] &= back;
            }
            if self.pattern[n] == 0 && self.req[n] | self.blank[n] == 0 {
                self.frontier.remove(n);
            }
        }
        if self.req[c] | self.blank[c] != 0 {
            self.frontier.insert(c);
        }
    }

    /// The outcome by territory.
    fn scored(&self, reason: &'static str) -> Outcome {
        let (white, black) = self.scores();
        if white > black {
            Outcome::win(0, reason)
        } else if black > white {
            Outcome::win(1, reason)
        } else {
            Outcome::draw(reason)
        }
    }
}

impl Game for Dominions {
    fn board_text(&self, _viewer: Option<usize>) -> Option<String> {
        Some(super::drawing::board_text(self))
    }

    const FACTS: &'static Facts = FACTS;

    fn new(options: &Map<String, Value>) -> Result<Self, Error> {
        let checked = Options::new(FACTS, options)?;
        let komi = checked.float("komi")?;
        let max_plies = checked.int("max_plies")?.map(|n| n as u32);
        Ok(Self::setup(komi, max_plies))
    }

    fn restart(&self, _seed: u64) -> Self {
        Self::setup(self.komi, self.max_plies)
    }

    fn options(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("komi".into(), json!(self.komi));
        map.insert("max_plies".into(), json!(self.max_plies));
        map
    }

    fn num_players(&self) -> usize {
        2
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        match self.outcome {
            None => Some(usize::from(self.to_move)),
            Some(_) => None,
        }
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Move) {
        let mover = self.to_move;
        self.undos.push(Undo {
            key: self.key,
            last_pass: self.last_pass,
            shown: self.shown,
            saved: 0,
            unions: 0,
        });
        let unions = self.unions.len();
        if let (Some(c), Some(p)) = (mv.cell(), mv.pattern()) {
            self.place(c, p);
            self.undos.last_mut().expect("just pushed").unions = (self.unions.len() - unions) as u8;
        }
        self.history.push(mv);
        let next = mover ^ 1;
        self.to_move = next;
        self.key ^= turn_key(usize::from(mover)) ^ turn_key(usize::from(next));
        let was_pass = self.last_pass;
        self.last_pass = mv.is_pass();
        if self.last_pass {
            self.key ^= pass_key();
        }
        if was_pass {
            self.key ^= pass_key();
        }
        if mv.is_resign() {
            self.outcome = Some(Outcome::win(usize::from(next), "resignation"));
        } else if was_pass && mv.is_pass() {
            self.outcome = Some(self.scored("territory"));
        } else if self
            .max_plies
            .is_some_and(|n| self.history.len() as u64 >= u64::from(n))
        {
            self.outcome = Some(self.scored("ply limit"));
        }
        // Filled now, while `&mut self`, for the generators that follow; not once it is over.
        if self.outcome.is_none() && self.pieces > 0 {
            self.fill_cache();
        }
    }

    fn undo(&mut self) -> Option<Move> {
        let mv = self.history.pop()?;
        let undo = self.undos.pop().expect("one undo record per move");
        let mover = self.to_move ^ 1;
        if let (Some(c), Some(p)) = (mv.cell(), mv.pattern()) {
            self.unplace(c, p, mover, &undo);
        }
        self.to_move = mover;
        self.key = undo.key;
        self.last_pass = undo.last_pass;
        self.shown = undo.shown;
        self.outcome = None;
        Some(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    fn key_from_scratch(&self) -> u64 {
        let mut key = turn_key(usize::from(self.to_move));
        if self.last_pass {
            key ^= pass_key();
        }
        for c in 0..CELLS {
            if self.pattern[c] != 0 {
                key ^= piece_key(c, self.pattern[c], self.colour[c]);
            }
        }
        for player in 0..2 {
            for p in self.hand(player) {
                key ^= hand_key(player, p);
            }
        }
        key
    }

    fn history(&self) -> &[Move] {
        &self.history
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![18, CELLS]
    }

    fn observation_layout(&self) -> Layout {
        let mut layout = Layout::default();
        for k in 0..2 {
            layout.plane(format!("pieces of colour +{k}"));
            for beam in 0..6 {
                layout.plane(format!("beam {beam} of colour +{k}"));
            }
        }
        layout.plane("to move");
        layout.plane("last move passed");
        layout.plane("hand of colour +0");
        layout.plane("hand of colour +1");
        layout
    }

    fn observation(&self, player: usize, out: &mut [f32]) {
        // The piece and beam planes are written whole, a cell at a time and without a branch
        // on the board (a batched env writes an observation at every step, and a loop over
        // each piece's beams mispredicted at most cells).
        for (k, planes) in out[..14 * CELLS].chunks_exact_mut(7 * CELLS).enumerate() {
            // colour +k: +0 is `player`'s own
            let colour = ((player + k) % 2) as u8;
            // each cell's pattern where the piece is of this colour, else 0: worked out once
            // for the colour's seven planes
            let mut patterns = [0u8; CELLS];
            let cells = self.pattern.iter().zip(&self.colour);
            for (mine, (&pattern, &owner)) in patterns.iter_mut().zip(cells) {
                *mine = u8::from(owner == colour) * pattern;
            }
            for (j, row) in planes.chunks_exact_mut(CELLS).enumerate() {
                // the piece plane (any beam), then one beam's
                let beams = if j == 0 {
                    board::ALL_DIRECTIONS
                } else {
                    1 << (j - 1)
                };
                for (entry, &pattern) in row.iter_mut().zip(&patterns) {
                    *entry = f32::from(u8::from(pattern & beams != 0));
                }
            }
        }
        let flag = |on: bool| if on { 1.0 } else { 0.0 };
        out[14 * CELLS..15 * CELLS].fill(flag(self.current_player() == Some(player)));
        out[15 * CELLS..16 * CELLS].fill(flag(self.last_pass));
        for (k, plane) in [16, 17].into_iter().enumerate() {
            let hand = self.hands[(player + k) % 2];
            let row = &mut out[plane * CELLS..(plane + 1) * CELLS];
            // entry i is pattern i + 1 (bit i + 1 of the hand), with no branch on the hand
            for (i, entry) in row[..PATTERNS].iter_mut().enumerate() {
                *entry = ((hand >> (i + 1)) & 1) as f32;
            }
            row[PATTERNS..].fill(0.0);
        }
    }

    fn json_fields(&self, fields: &mut Map<String, Value>) {
        let board: Vec<Value> = (0..CELLS)
            .map(|c| match self.cell(c) {
                None => Value::Null,
                Some((p, owner, colour)) => json!([p, owner, colour]),
            })
            .collect();
        fields.insert("board".into(), Value::Array(board));
        fields.insert("hands".into(), json!([self.hand(0), self.hand(1)]));
    }

    fn why_illegal(&self, mv: Move) -> String {
        if mv.is_pass() && self.pieces == 0 && !self.is_finished() {
            return "the first move is a placement: White may not pass before any piece is placed"
                .into();
        }
        let (Some(c), Some(p)) = (mv.cell(), mv.pattern()) else {
            return "the game is over".into();
        };
        let name = board::cell_name(c);
        if self.pattern[c] != 0 {
            return format!("{name} is occupied");
        }
        if self.hands[usize::from(self.to_move)] & (1 << p) == 0 {
            return format!("pattern {p} is not in your hand");
        }
        match self.refusal(c, p) {
            Some(Refusal::OffBoard(d)) => format!(
                "the {} beam of {p} at {name} points off the board",
                board::DIRECTION_NAMES[d]
            ),
            Some(Refusal::Mismatch(d)) => format!(
                "the {} side of {p} at {name} does not match its neighbour",
                board::DIRECTION_NAMES[d]
            ),
            Some(Refusal::Contact) => format!(
                "{name} touches no piece of the opponent's colour and extends no own group \
                 that is a complete section"
            ),
            Some(Refusal::Liberty) => "it would leave a group without a liberty".into(),
            None => "not a legal move in this position".into(),
        }
    }
}
