//! The game state: options and setup, play and undo with incremental Zobrist keys, the end of
//! the game (home filled, home blocked, threefold repetition, ply limit), and the [`Game`] impl.

use serde_json::{json, Map, Value};

use super::board::{self, bit, ALL, HOLES, POINTS, WIDE_POINTS};
use super::cache::DestinationCache;
use super::hops::HopBoard;
use super::movegen::{Areas, Move};
use crate::core::error::Error;
use crate::core::facts::{Facts, OptionDefault, OptionKind, OptionSpec, MAX_PLIES};
use crate::core::lines::each_line_but;
use crate::core::observation::{write_all, write_bits, Layout};
use crate::core::options::Options;
use crate::core::outcome::Outcome;
use crate::core::stack::Stack;
use crate::core::zobrist;
use crate::prelude::*;

/// Seed of the Zobrist tables: the bytes of `"CHECKERS"`.
pub const ZOBRIST_SEED: u64 = 0x4348_4543_4B45_5253;

/// 726 piece keys (player 0..5 outer, hole 0..120 inner), then 6 turn keys (player 0..5).
static ZOBRIST: [u64; 6 * HOLES + 6] = zobrist::table(ZOBRIST_SEED);

#[inline(always)]
fn piece_key(player: usize, hole: usize) -> u64 {
    ZOBRIST[player * HOLES + hole]
}

#[inline(always)]
fn turn_key(player: usize) -> u64 {
    ZOBRIST[6 * HOLES + player]
}

/// The most pieces a player has.
pub(super) const MAX_PIECES: usize = 15;

/// The points the players start on, in turn order, by player count.
fn seats(players: usize) -> &'static [usize] {
    match players {
        2 => &[0, 3],
        3 => &[0, 2, 4],
        4 => &[0, 1, 3, 4],
        _ => &[0, 1, 2, 3, 4, 5],
    }
}

/// What Chinese Checkers declares about itself.
pub(super) const FACTS: &Facts = &Facts {
    name: "chinese_checkers",
    class_name: "ChineseCheckers",
    summary: "race your pieces across the star by steps and hop chains (2, 3, 4 or 6 players)",
    players: &[2, 3, 4, 6],
    options: &[
        OptionSpec {
            name: "players",
            kind: OptionKind::IntChoice(&[2, 3, 4, 6]),
            nullable: false,
            default: OptionDefault::Int(2),
            doc: "number of players",
        },
        OptionSpec {
            name: "pieces",
            kind: OptionKind::IntChoice(&[10, 15]),
            nullable: false,
            default: OptionDefault::Derived("15 with 2 players, 10 otherwise"),
            doc: "pieces per player (15 only with 2 players, in the wide points)",
        },
        OptionSpec {
            name: "area",
            kind: OptionKind::StrChoice(&["dest", "strict", "free"]),
            nullable: false,
            default: OptionDefault::Str("dest"),
            doc: "where pieces may land: not in foreign points (dest), nor hop through them \
                  (strict), or anywhere (free)",
        },
        OptionSpec {
            name: "anti_block",
            kind: OptionKind::StrChoice(&["none", "full"]),
            nullable: false,
            default: OptionDefault::Str("none"),
            doc: "full: a home filled by anyone, with one own piece in it, also wins",
        },
        OptionSpec {
            name: "goal_lock",
            kind: OptionKind::Bool,
            nullable: false,
            default: OptionDefault::Bool(false),
            doc: "True: a piece in its home moves only within it (checked at every landing of \
                  a hop chain)",
        },
        OptionSpec {
            name: "actions",
            kind: OptionKind::StrChoice(&["from_to", "piece_to"]),
            nullable: false,
            default: OptionDefault::Str("from_to"),
            doc: "the action encoding: from * 121 + to (from_to), or the rank of the moving \
                  piece by hole * 121 + to (piece_to, a smaller action space)",
        },
        MAX_PLIES,
    ],
    hidden_information: false,
    seeded: false,
    // A random game practically never fills a home.
    simulation_max_plies: Some(1000),
    reasons: &["home filled", "home blocked", "repetition", "ply limit"],
    bench: &[
        "players=2,pieces=10,area=free,max_plies=1000",
        "players=3,pieces=10,area=free,max_plies=1000",
        "players=4,pieces=10,area=free,max_plies=1000",
        "players=6,pieces=10,area=free,max_plies=1000",
    ],
    bench_perft: &[
        ("players=2,pieces=15,area=dest", 4),
        ("pieces=10,area=free", 5),
    ],
    openspiel: Some("chinese_checkers"),
    // Random play need not end (pieces shuffle back and forth) and the evaluation (the distance
    // still to go) tells progress well: short rollouts, then the evaluation.
    search: crate::core::facts::SearchFacts {
        rollout_plies: Some(10),
        exploration: 1.4,
        // A random player's pieces left in the searcher's home block it until the ply limit
        // (a draw); with `anti_block=full` a full home with another's piece in it wins.
        strength_options: "anti_block=full",
    },
};

/// Fewest buckets of the repetition counting table (a power of two).
const MIN_BUCKETS: usize = 512;

/// Where pieces may land (the `area` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    /// The end hole is not in a foreign point, nor in the starting area once the piece has
    /// left it. Landings inside a chain are not checked.
    Dest,
    /// The `dest` tests at every landing of a chain.
    Strict,
    /// No restriction (OpenSpiel's rules).
    Free,
}

impl Area {
    /// The option value: `"dest"`, `"strict"` or `"free"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Dest => "dest",
            Self::Strict => "strict",
            Self::Free => "free",
        }
    }
}

/// How moves are numbered (the `actions` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actions {
    /// `from * 121 + to`, the pass 14641: one action space for every configuration.
    FromTo,
    /// `k * 121 + to`, k the rank of the moving piece among the mover's pieces by hole index;
    /// the pass `pieces * 121`.
    PieceTo,
}

impl Actions {
    /// The option value: `"from_to"` or `"piece_to"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::FromTo => "from_to",
            Self::PieceTo => "piece_to",
        }
    }
}

/// A game of Chinese Checkers.
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::{games::chinese_checkers::ChineseCheckers};
/// let options = serde_json::json!({"players": 3}).as_object().unwrap().clone();
/// let game = ChineseCheckers::new(&options).unwrap();
/// assert_eq!((game.num_players(), game.pieces_per_player()), (3, 10));
/// assert_eq!(game.board()[0], Some(0));
/// ```
#[derive(Clone, Debug)]
pub struct ChineseCheckers {
    players: u8,
    pieces: u8,
    area: Area,
    anti_block: bool,
    goal_lock: bool,
    pub(super) actions: Actions,
    max_plies: Option<u32>,
    /// Start(P), the holes P starts on, and where P may land (see [`Areas`]); the lock is
    /// Home(P) with `goal_lock=True` (a piece standing there lands only there), else empty.
    pub(super) areas: [Areas; 6],
    /// Home(P): the holes P must fill.
    home: [u128; 6],
    /// The holes of each player's pieces.
    pub(super) boards: [u128; 6],
    /// Every occupied hole.
    pub(super) occupied: u128,
    /// `occupied` as the move generator reads it, with the single hops from every hole.
    pub(super) hop_board: HopBoard,
    /// The seat whose turn it is; after the last move of a finished game, the next seat.
    pub(super) to_move: u8,
    pub(super) key: u64,
    outcome: Option<Outcome>,
    history: Stack<Move>,
    /// `keys[i]` = the key at the start of turn `i` (`keys[0]` the starting position).
    pub(super) keys: Stack<u64>,
    /// How many of `keys` fall in each bucket (low bits of the key): only a bucket holding
    /// three keys can hold a threefold repetition, so the exact scan is rare.
    pub(super) buckets: Vec<u16>,
    /// The destinations of pieces, kept across moves (see [`cache`](super::cache)): filled
    /// for the player to move after every move, as the `&self` generators cannot fill it.
    pub(super) cache: DestinationCache,
}

impl ChineseCheckers {
    fn setup(
        players: usize,
        pieces: usize,
        area: Area,
        anti_block: bool,
        goal_lock: bool,
        actions: Actions,
        max_plies: Option<u32>,
    ) -> Self {
        let mut home = [0; 6];
        let mut areas = [Areas::default(); 6];
        for (player, &point) in seats(players).iter().enumerate() {
            let start;
            (start, home[player]) = if pieces == 15 {
                (WIDE_POINTS[player], WIDE_POINTS[1 - player])
            } else {
                (POINTS[point], POINTS[(point + 3) % 6])
            };
            let foreign = POINTS
                .iter()
                .filter(|&&p| p & (start | home[player]) == 0)
                .fold(0, |acc, &p| acc | p);
            let (inside, outside) = match area {
                Area::Free => (ALL, ALL),
                _ => (ALL & !foreign, ALL & !foreign & !start),
            };
            let lock = if goal_lock { home[player] } else { 0 };
            areas[player] = Areas {
                start,
                inside,
                outside,
                lock,
            };
        }
        let start = areas.map(|a| a.start);
        let capacity = max_plies.map_or(256, |n| n.min(4096) as usize) + 1;
        let occupied = start.iter().fold(0, |acc, &b| acc | b);
        let mut game = Self {
            players: players as u8,
            pieces: pieces as u8,
            area,
            anti_block,
            goal_lock,
            actions,
            max_plies,
            areas,
            home,
            boards: start,
            occupied,
            hop_board: HopBoard::new(occupied),
            to_move: 0,
            key: 0,
            outcome: None,
            history: Stack::with_capacity(capacity),
            keys: Stack::with_capacity(capacity),
            buckets: vec![0; MIN_BUCKETS],
            cache: DestinationCache::new(&start),
        };
        game.key = game.key_from_scratch();
        game.keys.push(game.key);
        game.buckets[game.key as usize & (MIN_BUCKETS - 1)] += 1;
        game.fill_cache();
        game
    }

    /// The owner of every hole, by hole index (`None` for an empty hole).
    pub fn board(&self) -> [Option<u8>; HOLES] {
        let mut out = [None; HOLES];
        for (player, &pieces) in self.boards[..self.num_players()].iter().enumerate() {
            let mut pieces = pieces;
            while pieces != 0 {
                out[pieces.trailing_zeros() as usize] = Some(player as u8);
                pieces &= pieces - 1;
            }
        }
        out
    }

    /// The holes of `player`'s pieces, bit `i` for hole `i`.
    pub fn pieces(&self, player: usize) -> u128 {
        self.boards[player]
    }

    /// Start(P), the holes `player` starts on.
    pub fn start_area(&self, player: usize) -> u128 {
        self.areas[player].start
    }

    /// Home(P), the holes `player` must fill.
    pub fn home(&self, player: usize) -> u128 {
        self.home[player]
    }

    /// Pieces per player (15 or 10).
    pub fn pieces_per_player(&self) -> usize {
        usize::from(self.pieces)
    }

    /// The area rule.
    pub fn area(&self) -> Area {
        self.area
    }

    /// True with `goal_lock=True`: a piece in its home moves only within it.
    pub fn goal_lock(&self) -> bool {
        self.goal_lock
    }

    /// How moves are numbered (the `actions` option).
    pub fn actions(&self) -> Actions {
        self.actions
    }

    /// True with `anti_block = full`.
    pub fn anti_block(&self) -> bool {
        self.anti_block
    }

    /// The ply limit, if any.
    pub fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    #[inline(always)]
    pub(super) fn is_finished(&self) -> bool {
        self.outcome.is_some()
    }

    /// The seat after the one to move.
    #[inline(always)]
    fn next_seat(&self) -> usize {
        let mover = usize::from(self.to_move);
        if mover + 1 == usize::from(self.players) {
            0
        } else {
            mover + 1
        }
    }

    /// What playing `mv` changes in the key: the piece's holes and the seat to move (as
    /// `play_unchecked` changes it).
    #[inline(always)]
    fn key_change(&self, mv: Move) -> u64 {
        let mover = usize::from(self.to_move);
        let turn = turn_key(mover) ^ turn_key(self.next_seat());
        match (mv.from(), mv.to()) {
            (Some(from), Some(to)) => turn ^ piece_key(mover, from) ^ piece_key(mover, to),
            _ => turn,
        }
    }

    #[inline(always)]
    pub(super) fn bucket(&self, key: u64) -> usize {
        key as usize & (self.buckets.len() - 1)
    }

    /// Records the key of the new turn; returns how many recorded keys share its bucket.
    #[inline(always)]
    fn record_key(&mut self) -> u16 {
        self.keys.push(self.key);
        if self.keys.len() * 4 > self.buckets.len() {
            self.rebuild_buckets(self.buckets.len() * 2);
        }
        let bucket = self.bucket(self.key);
        self.buckets[bucket] += 1;
        self.buckets[bucket]
    }

    #[cold]
    fn rebuild_buckets(&mut self, size: usize) {
        self.buckets.clear();
        self.buckets.resize(size, 0);
        // The caller counts the newest key.
        for &key in &self.keys[..self.keys.len() - 1] {
            let bucket = key as usize & (size - 1);
            self.buckets[bucket] += 1;
        }
    }

    /// True when the current key occurred at least twice before (the exact test).
    #[cold]
    fn is_third_occurrence(&self) -> bool {
        let (&key, earlier) = self.keys.split_last().expect("the start key is recorded");
        // Counted to the end rather than stopped at the second match: most calls are bucket
        // collisions with no match at all, and the full count compiles to a vector loop.
        earlier.iter().filter(|&&k| k == key).count() >= 2
    }

    /// The end of the game after `mover`'s move, in the order of the rules page.
    #[inline(always)]
    fn outcome_after(&self, mover: usize, bucket_count: u16) -> Option<Outcome> {
        let home = self.home[mover];
        let own = self.boards[mover] & home;
        if own == home {
            return Some(Outcome::win(mover, "home filled"));
        }
        if self.anti_block && self.occupied & home == home && own != 0 {
            return Some(Outcome::win(mover, "home blocked"));
        }
        if bucket_count >= 3 && self.is_third_occurrence() {
            return Some(Outcome::draw("repetition"));
        }
        if self
            .max_plies
            .is_some_and(|n| self.history.len() as u64 >= u64::from(n))
        {
            return Some(Outcome::draw("ply limit"));
        }
        None
    }

    /// A game of these options with `boards` as the position and `to_move` to play, and no
    /// history (for tests of positions that take long to reach).
    #[cfg(test)]
    pub(super) fn with_position(&self, boards: &[u128], to_move: usize) -> Self {
        let mut game = Self::setup(
            self.num_players(),
            self.pieces_per_player(),
            self.area,
            self.anti_block,
            self.goal_lock,
            self.actions,
            self.max_plies,
        );
        game.boards = [0; 6];
        game.boards[..boards.len()].copy_from_slice(boards);
        game.occupied = boards.iter().fold(0, |acc, &b| acc | b);
        game.hop_board = HopBoard::new(game.occupied);
        game.to_move = to_move as u8;
        game.key = game.key_from_scratch();
        game.keys.clear();
        game.buckets.fill(0);
        game.keys.push(game.key);
        let bucket = game.bucket(game.key);
        game.buckets[bucket] = 1;
        game.cache = DestinationCache::new(&game.boards);
        game.fill_cache();
        game
    }
}

impl Game for ChineseCheckers {
    fn board_text(&self, _viewer: Option<usize>) -> Option<String> {
        Some(super::drawing::board_text(self))
    }

    const FACTS: &'static Facts = FACTS;

    fn new(options: &Map<String, Value>) -> Result<Self, Error> {
        let options = Options::new(FACTS, options)?;
        let players = options.int("players")?.expect("players has a default");
        let pieces = options
            .int("pieces")?
            .unwrap_or(if players == 2 { 15 } else { 10 });
        if pieces == 15 && players != 2 {
            return Err(Error::InvalidOption(format!(
                "pieces must be 10 with {players} players (15 only with 2 players), got 15"
            )));
        }
        let area = match options.str("area")? {
            "dest" => Area::Dest,
            "strict" => Area::Strict,
            _ => Area::Free,
        };
        let anti_block = options.str("anti_block")? == "full";
        let goal_lock = options.bool("goal_lock")?;
        let actions = match options.str("actions")? {
            "piece_to" => Actions::PieceTo,
            _ => Actions::FromTo,
        };
        let max_plies = options.int("max_plies")?.map(|n| n as u32);
        Ok(Self::setup(
            players as usize,
            pieces as usize,
            area,
            anti_block,
            goal_lock,
            actions,
            max_plies,
        ))
    }

    fn restart(&self, _seed: u64) -> Self {
        Self::setup(
            usize::from(self.players),
            usize::from(self.pieces),
            self.area,
            self.anti_block,
            self.goal_lock,
            self.actions,
            self.max_plies,
        )
    }

    fn options(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("players".into(), json!(self.players));
        map.insert("pieces".into(), json!(self.pieces));
        map.insert("area".into(), json!(self.area.name()));
        map.insert(
            "anti_block".into(),
            json!(if self.anti_block { "full" } else { "none" }),
        );
        // Written only when in use, so that a game without it keeps its options and JSON.
        if self.goal_lock {
            map.insert("goal_lock".into(), json!(true));
        }
        if self.actions == Actions::PieceTo {
            map.insert("actions".into(), json!(self.actions.name()));
        }
        map.insert("max_plies".into(), json!(self.max_plies));
        map
    }

    fn num_players(&self) -> usize {
        usize::from(self.players)
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
        let mover = usize::from(self.to_move);
        // the key changed in place as `key_change` computes it for `prefetch_move` (a test
        // checks that they agree): through `key_change`, random playouts took 1.4% more
        // instructions
        if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
            let change = bit(from) | bit(to);
            self.boards[mover] ^= change;
            self.occupied ^= change;
            self.hop_board.toggle(from as u8);
            self.hop_board.toggle(to as u8);
            self.key ^= piece_key(mover, from) ^ piece_key(mover, to);
            self.cache.note_move(mover, from, to);
        }
        let next = self.next_seat();
        self.key ^= turn_key(mover) ^ turn_key(next);
        self.to_move = next as u8;
        self.history.push(mv);
        let bucket_count = self.record_key();
        self.outcome = self.outcome_after(mover, bucket_count);
        // Filled now, while `&mut self`, for the generators that follow; not once it is over.
        if self.outcome.is_none() {
            self.fill_cache();
        }
    }

    /// Every line but the destination caches of the seats other than the one to move next,
    /// which a step neither fills nor reads: 2.2 of 6.3 KB with two players, more with
    /// three or four.
    #[inline(always)]
    fn prefetch_state(&self, ask: impl FnMut(*const u8)) {
        each_line_but(self, &mut self.cache.others(self.next_seat()), ask);
    }

    /// Beside the history's end, the end of the keys and the repetition count's bucket of the
    /// key after the move: a table of up to 8 KB on the heap, one random line of it a move.
    #[inline(always)]
    fn prefetch_move(&self, action: usize, mut ask: impl FnMut(*const u8)) {
        // the default's end of the history, then the end of the keys
        ask(self.history.as_ptr_range().end.cast());
        ask(self.keys.as_ptr_range().end.cast());
        if let Some(mv) = self.decode(action) {
            let key = self.key ^ self.key_change(mv);
            ask(self.buckets.as_ptr().wrapping_add(self.bucket(key)).cast());
        }
    }

    fn undo(&mut self) -> Option<Move> {
        let mv = self.history.pop()?;
        let key = self.keys.pop().expect("one key per ply and the start");
        let bucket = self.bucket(key);
        self.buckets[bucket] -= 1;
        let mover = usize::from(self.to_move.checked_sub(1).unwrap_or(self.players - 1));
        if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
            let change = bit(from) | bit(to);
            self.boards[mover] ^= change;
            self.occupied ^= change;
            self.hop_board.toggle(to as u8);
            self.hop_board.toggle(from as u8);
            // Only forget: refilling here would cost search work that the caller (perft's
            // next move, say) may throw away again.
            self.cache.note_move(mover, to, from);
        }
        self.to_move = mover as u8;
        self.key = *self.keys.last().expect("the start key stays");
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
        for (player, &pieces) in self.boards.iter().enumerate() {
            let mut pieces = pieces;
            while pieces != 0 {
                key ^= piece_key(player, pieces.trailing_zeros() as usize);
                pieces &= pieces - 1;
            }
        }
        key
    }

    fn history(&self) -> &[Move] {
        &self.history
    }

    /// Under `piece_to` the rank the moving piece had then: its player's pieces before that
    /// ply are the current ones with that ply and the player's later ones taken back (the
    /// mover of ply `i` is seat `i mod players`).
    fn history_action(&self, index: usize) -> usize {
        let mv = self.history[index];
        if self.actions == Actions::FromTo {
            return mv.action();
        }
        let players = self.num_players();
        let mut pieces = self.boards[index % players];
        for played in self.history[index..].iter().step_by(players) {
            if let (Some(from), Some(to)) = (played.from(), played.to()) {
                pieces ^= bit(from) | bit(to);
            }
        }
        self.piece_action(pieces, mv)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![self.num_players() + 1, HOLES]
    }

    fn observation_layout(&self) -> Layout {
        let mut layout = Layout::default();
        for k in 0..self.num_players() {
            layout.plane(format!("pieces of player +{k}"));
        }
        layout.plane("to move");
        layout
    }

    fn observation(&self, player: usize, out: &mut [f32]) {
        let players = self.num_players();
        // Every entry written once, from the bits by 64-bit halves (no clearing pass).
        for k in 0..players {
            let (low, high) = out[k * HOLES..(k + 1) * HOLES].split_at_mut(64);
            let pieces = self.boards[(player + k) % players];
            write_bits(pieces as u64, low);
            write_bits((pieces >> 64) as u64, high);
        }
        let to_move = if self.current_player() == Some(player) {
            1.0
        } else {
            0.0
        };
        write_all(to_move, &mut out[players * HOLES..(players + 1) * HOLES]);
    }

    fn json_fields(&self, fields: &mut Map<String, Value>) {
        let board: String = self
            .board()
            .iter()
            .map(|owner| owner.map_or('.', |p| char::from(b'0' + p)))
            .collect();
        fields.insert("board".into(), Value::String(board));
    }

    fn why_illegal(&self, mv: Move) -> String {
        let player = usize::from(self.to_move);
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            return "pass is legal only when there is no other move".into();
        };
        let (from_name, to_name) = (board::hole_name(from), board::hole_name(to));
        if self.occupied & bit(from) == 0 {
            return format!("there is no piece on {from_name}");
        }
        if self.boards[player] & bit(from) == 0 {
            return format!("the piece on {from_name} is not yours");
        }
        if self.occupied & bit(to) != 0 {
            return format!("{to_name} is occupied");
        }
        if self.destinations(Area::Free, false, player, from) & bit(to) == 0 {
            return format!("no step or hop chain leads from {from_name} to {to_name}");
        }
        if self.destinations(self.area, false, player, from) & bit(to) != 0 {
            return format!(
                "the goal lock keeps the piece on {from_name} in its home: no step or hop chain \
                 to {to_name} stays in it once there"
            );
        }
        format!(
            "the area rule '{}' forbids moving from {from_name} to {to_name}",
            self.area.name()
        )
    }
}
