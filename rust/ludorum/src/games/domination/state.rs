//! The game state: options and setup, play and undo with incremental Zobrist keys, overflow,
//! skipped players and the end of the game, and the [`Game`] impl.

use serde_json::{json, Map, Value};

use super::board::{self, COLOUR_LETTERS, EMPTY, MAX_HEIGHT, SQUARES};
use super::movegen::{Move, MoveKind, HAND, RESERVE};
use crate::core::error::Error;
use crate::core::facts::{
    Facts, OptionDefault, OptionKind, OptionSpec, FIRST_PLAYER, MAX_PLIES, SEED,
};
use crate::core::for_good::{KeyAndUndo, PlaysForGood};
use crate::core::observation::Layout;
use crate::core::options::Options;
use crate::core::outcome::Outcome;
use crate::core::rng::SplitMix64;
use crate::core::stack::Stack;
use crate::core::zobrist;
use crate::prelude::*;

/// Seed of the Zobrist tables: the bytes of `"DOMINATE"`.
pub const ZOBRIST_SEED: u64 = 0x444F_4D49_4E41_5445;

/// The most reserve pieces a player can hold (its whole colour, 2 players).
const MAX_RESERVE: usize = 18;

/// Where each part of the table starts: 1040 stack keys (square outer, level, colour inner),
/// 72 reserve keys (player outer, count 1..18 inner), 4 opening-piece keys, 4 turn keys.
const RESERVE_KEYS_AT: usize = SQUARES * MAX_HEIGHT * 4;
const OPENING_KEYS_AT: usize = RESERVE_KEYS_AT + 4 * MAX_RESERVE;
const TURN_KEYS_AT: usize = OPENING_KEYS_AT + 4;
const KEY_COUNT: usize = TURN_KEYS_AT + 4;

static ZOBRIST: [u64; KEY_COUNT] = zobrist::table(ZOBRIST_SEED);

const fn build_reserve_keys() -> [[u64; MAX_RESERVE + 1]; 4] {
    let keys: [u64; KEY_COUNT] = zobrist::table(ZOBRIST_SEED);
    let mut out = [[0; MAX_RESERVE + 1]; 4];
    let mut p = 0;
    while p < 4 {
        let mut n = 1;
        while n <= MAX_RESERVE {
            out[p][n] = keys[RESERVE_KEYS_AT + p * MAX_RESERVE + n - 1];
            n += 1;
        }
        p += 1;
    }
    out
}

/// Reserve keys by player and count, with 0 for an empty reserve (which is not in the key).
static RESERVE_KEYS: [[u64; MAX_RESERVE + 1]; 4] = build_reserve_keys();

#[inline(always)]
fn stack_key(square: usize, level: usize, colour: u32) -> u64 {
    ZOBRIST[(square * MAX_HEIGHT + level) * 4 + colour as usize]
}

#[inline(always)]
fn opening_key(player: usize) -> u64 {
    ZOBRIST[OPENING_KEYS_AT + player]
}

#[inline(always)]
fn turn_key(player: usize) -> u64 {
    ZOBRIST[TURN_KEYS_AT + player]
}

/// The 2-player start (rules page), one piece per listed square.
const LAYOUT_2: &str = "
     a b c d e f g h
  7  # G G R R G G #
  6  . R R G G R R .
  5  . G G R R G G .
  4  . R R G G R R .
  3  . G G R R G G .
  2  # R R G G R R #
";

/// The 3-player start (rules page); each player also holds one opening piece.
const LAYOUT_3: &str = "
     a b c d e f g h
  7  # G G R R B B #
  6  . R R B B G G .
  5  . B B G G R R .
  4  . G G R R B B .
  3  . R R B B G G .
  2  # B B G G R R #
";

/// The 4-player start (rules page): green south, red west, blue north, yellow east.
const LAYOUT_4: &str = "
     a b c d e f g h
  8  # # R R Y B # #
  7  # B B B Y B Y #
  6  R R R R Y B Y B
  5  B B B B Y B Y B
  4  G R G R G G G G
  3  G R G R Y Y Y Y
  2  # R G R G G G #
  1  # # G R Y Y # #
";

/// The start layouts by player count − 2: the colour on each square, or [`EMPTY`].
pub(super) static LAYOUTS: [[u8; SQUARES]; 3] = [
    board::parse_layout(LAYOUT_2),
    board::parse_layout(LAYOUT_3),
    board::parse_layout(LAYOUT_4),
];

/// What Domination declares about itself.
pub(super) const FACTS: &Facts = &Facts {
    name: "domination",
    class_name: "Domination",
    summary: "Sackson's Focus: move stacks, capture from the bottom, keep reserves (2-4 players)",
    players: &[2, 3, 4],
    options: &[
        OptionSpec {
            name: "players",
            kind: OptionKind::IntChoice(&[2, 3, 4]),
            nullable: false,
            default: OptionDefault::Int(2),
            doc: "number of players",
        },
        OptionSpec {
            name: "movement",
            kind: OptionKind::StrChoice(&["up_to", "exact"]),
            nullable: false,
            default: OptionDefault::Str("up_to"),
            doc: "a stack of k pieces travels up to k squares, or exactly k",
        },
        FIRST_PLAYER,
        SEED,
        MAX_PLIES,
    ],
    hidden_information: false,
    seeded: true,
    // Random games end, but take ~14,000 plies on average and up to ~80,000.
    simulation_max_plies: Some(100_000),
    reasons: &["last player able to move", "ply limit"],
    bench: &[
        "players=2,movement=up_to",
        "players=2,movement=exact",
        "players=3,movement=up_to",
        "players=3,movement=exact",
        "players=4,movement=up_to",
        "players=4,movement=exact",
    ],
    bench_perft: &[
        ("players=2,first_player=0", 4),
        ("players=4,first_player=0", 4),
    ],
    openspiel: None,
    // Random games last ~14,000 plies, and the evaluation (the pieces each player controls and
    // keeps in reserve) reads a position well: short rollouts, then the evaluation.
    search: crate::core::facts::SearchFacts {
        rollout_plies: Some(20),
        exploration: 1.4,
        strength_options: "",
    },
};

/// How far a lifted stack travels (the `movement` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Movement {
    /// A stack of k pieces travels 1..=k squares.
    UpTo,
    /// A stack of k pieces travels exactly k squares.
    Exact,
}

impl Movement {
    /// The option value: `"up_to"` or `"exact"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::UpTo => "up_to",
            Self::Exact => "exact",
        }
    }
}

/// What undo needs beyond the move and the key before it: the mover, and the pieces overflow
/// removed from the bottom of the destination.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub(super) mover: u8,
    /// How many pieces overflow removed.
    pub(super) removed_count: u8,
    /// Their colours, 2 bits each, the lowest first.
    removed: u16,
}

/// The low `2 * levels` bits: the bottom `levels` pieces of a packed stack.
#[inline(always)]
const fn levels_mask(levels: usize) -> u32 {
    (1 << (2 * levels)) - 1
}

/// A game of Domination (Sid Sackson's Focus).
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::{games::domination::Domination};
/// let options = serde_json::json!({"players": 4}).as_object().unwrap().clone();
/// let game = Domination::new(&options).unwrap();
/// assert_eq!(game.num_players(), 4);
/// assert_eq!(game.stack(0), vec![0], "c1 holds one green piece");
/// assert_eq!((game.reserve(0), game.captured(0), game.in_hand(0)), (0, 0, false));
/// ```
#[derive(Clone, Debug)]
pub struct Domination {
    players: u8,
    pub(super) movement: Movement,
    first_player: Option<u8>,
    seed: u64,
    max_plies: Option<u32>,
    /// Per square: the colours bottom to top, 2 bits each, the bottom in the lowest bits.
    pub(super) stacks: [u16; SQUARES],
    /// Per square: the stack height, 0..=5.
    pub(super) heights: [u8; SQUARES],
    /// Per player: the squares whose stack it controls (its colour on top).
    pub(super) controls: [u64; 4],
    /// Every square holding a stack.
    pub(super) occupied: u64,
    pub(super) reserves: [u8; 4],
    /// Per colour: the pieces captured (removed by overflow on another player's move).
    captured: [u8; 4],
    /// Per player: still holds its opening piece (3 players).
    pub(super) in_hand: [bool; 4],
    /// The player to move; once the game is over, the player who would move next.
    pub(super) to_move: u8,
    outcome: Option<Outcome>,
    history: Stack<Move>,
    /// The Zobrist key (stale after moves played for good), and one undo record per move of
    /// `history` since the last move played for good.
    pub(super) keys: KeyAndUndo<Undo>,
}

impl Domination {
    fn setup(
        players: usize,
        movement: Movement,
        first_player: Option<usize>,
        seed: u64,
        max_plies: Option<u32>,
    ) -> Self {
        let capacity = max_plies.map_or(256, |n| n.min(4096) as usize);
        let to_move = first_player.unwrap_or_else(|| SplitMix64::new(seed).below(players));
        let mut game = Self {
            players: players as u8,
            movement,
            first_player: first_player.map(|p| p as u8),
            seed,
            max_plies,
            stacks: [0; SQUARES],
            heights: [0; SQUARES],
            controls: [0; 4],
            occupied: 0,
            reserves: [0; 4],
            captured: [0; 4],
            in_hand: [false; 4],
            to_move: to_move as u8,
            outcome: None,
            history: Stack::with_capacity(capacity),
            keys: KeyAndUndo::with_capacity(capacity),
        };
        for (square, &colour) in LAYOUTS[players - 2].iter().enumerate() {
            if colour != EMPTY {
                game.stacks[square] = u16::from(colour);
                game.heights[square] = 1;
                game.controls[usize::from(colour)] |= 1 << square;
                game.occupied |= 1 << square;
            }
        }
        if players == 3 {
            game.in_hand[..3].fill(true);
        }
        game.rekey();
        game
    }

    /// The pieces of each colour at the start (on the board and in hand).
    pub fn start_count(&self) -> u32 {
        match self.players {
            2 => 18,
            _ => 13,
        }
    }

    /// The stack on `square`: colours (`0..4` = G R B Y, the player index) bottom to top,
    /// empty for an empty square.
    ///
    /// # Panics
    ///
    /// When `square` is not below [`SQUARES`].
    pub fn stack(&self, square: usize) -> Vec<u8> {
        let packed = self.stacks[square];
        (0..usize::from(self.heights[square]))
            .map(|level| (packed >> (2 * level)) as u8 & 3)
            .collect()
    }

    /// The player controlling the stack on `square` (its top colour), `None` when empty.
    pub fn controller(&self, square: usize) -> Option<usize> {
        (0..4).find(|&p| self.controls[p] & (1 << square) != 0)
    }

    /// The reserve pieces of `player`.
    pub fn reserve(&self, player: usize) -> u32 {
        u32::from(self.reserves[player])
    }

    /// The pieces of `player`'s colour captured so far.
    pub fn captured(&self, player: usize) -> u32 {
        u32::from(self.captured[player])
    }

    /// True while `player` holds its opening piece (3 players, before its first move).
    pub fn in_hand(&self, player: usize) -> bool {
        self.in_hand[player]
    }

    /// The movement rule.
    pub fn movement(&self) -> Movement {
        self.movement
    }

    /// The ply limit, if any.
    pub fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    /// True when `player` can act: it controls a stack, has reserve pieces or holds its
    /// opening piece.
    pub fn can_act(&self, player: usize) -> bool {
        self.controls[player] != 0 || self.reserves[player] != 0 || self.in_hand[player]
    }

    #[inline(always)]
    pub(super) fn is_finished(&self) -> bool {
        self.outcome.is_some()
    }

    /// Takes the top `lift` pieces off the mover's stack on `from`; returns them packed.
    #[inline(always)]
    fn lift<const KEEP: bool>(&mut self, from: usize, lift: usize, mover: usize) -> u32 {
        let height = usize::from(self.heights[from]);
        let packed = u32::from(self.stacks[from]);
        let base = height - lift;
        let pieces = packed >> (2 * base);
        if KEEP {
            for j in 0..lift {
                self.keys
                    .xor(stack_key(from, base + j, (pieces >> (2 * j)) & 3));
            }
        }
        let rest = packed & levels_mask(base);
        self.stacks[from] = rest as u16;
        self.heights[from] = base as u8;
        let bit = 1u64 << from;
        self.controls[mover] &= !bit;
        if base > 0 {
            self.controls[(rest >> (2 * (base - 1))) as usize] |= bit;
        } else {
            self.occupied &= !bit;
        }
        pieces
    }

    /// Puts `pieces` (packed, `count` of them, the mover's colour on top) onto `to`, then
    /// applies overflow; returns the removed pieces and their count.
    #[inline(always)]
    fn drop<const KEEP: bool>(
        &mut self,
        to: usize,
        pieces: u32,
        count: usize,
        mover: usize,
    ) -> (u16, u8) {
        let height = usize::from(self.heights[to]);
        let packed = u32::from(self.stacks[to]);
        let bit = 1u64 << to;
        if height > 0 {
            self.controls[(packed >> (2 * (height - 1))) as usize] &= !bit;
        }
        self.controls[mover] |= bit;
        self.occupied |= bit;
        let combined = packed | (pieces << (2 * height));
        let total = height + count;
        if total <= MAX_HEIGHT {
            if KEEP {
                for j in 0..count {
                    self.keys
                        .xor(stack_key(to, height + j, (pieces >> (2 * j)) & 3));
                }
            }
            self.stacks[to] = combined as u16;
            self.heights[to] = total as u8;
            return (0, 0);
        }
        // Every level shifts down: take the whole old stack out of the key, put the new in.
        let removed_count = total - MAX_HEIGHT;
        let kept = combined >> (2 * removed_count);
        if KEEP {
            for j in 0..height {
                self.keys.xor(stack_key(to, j, (packed >> (2 * j)) & 3));
            }
            for j in 0..MAX_HEIGHT {
                self.keys.xor(stack_key(to, j, (kept >> (2 * j)) & 3));
            }
        }
        self.stacks[to] = kept as u16;
        self.heights[to] = MAX_HEIGHT as u8;
        let removed = combined & levels_mask(removed_count);
        let mut own = 0;
        for j in 0..removed_count {
            let colour = ((removed >> (2 * j)) & 3) as usize;
            if colour == mover {
                own += 1;
            } else {
                self.captured[colour] += 1;
            }
        }
        if own > 0 {
            let n = usize::from(self.reserves[mover]);
            if KEEP {
                self.keys
                    .xor(RESERVE_KEYS[mover][n] ^ RESERVE_KEYS[mover][n + own]);
            }
            self.reserves[mover] += own as u8;
        }
        (removed as u16, removed_count as u8)
    }

    /// Sets the control and occupancy bits of `square` from its stack.
    #[inline(always)]
    fn refresh_square(&mut self, square: usize) {
        let bit = 1u64 << square;
        for controls in &mut self.controls {
            *controls &= !bit;
        }
        let height = usize::from(self.heights[square]);
        if height == 0 {
            self.occupied &= !bit;
        } else {
            let top = (self.stacks[square] >> (2 * (height - 1))) & 3;
            self.controls[usize::from(top)] |= bit;
            self.occupied |= bit;
        }
    }

    /// The players who can act, bit `p` for player `p`.
    #[inline(always)]
    fn able_players(&self) -> u8 {
        let mut able = 0;
        for p in 0..usize::from(self.players) {
            if self.can_act(p) {
                able |= 1 << p;
            }
        }
        able
    }

    /// The turn after `mover`'s move: a win when only the mover can act, else the next able
    /// player in seat order, and the ply limit.
    #[inline(always)]
    fn end_turn<const KEEP: bool>(&mut self, mover: usize) {
        let able = self.able_players();
        debug_assert!(able & (1 << mover) != 0, "the mover can act after its move");
        if able.count_ones() == 1 {
            self.outcome = Some(Outcome::win(mover, "last player able to move"));
            return;
        }
        let players = usize::from(self.players);
        let mut next = mover;
        loop {
            next = if next + 1 == players { 0 } else { next + 1 };
            if able & (1 << next) != 0 {
                break;
            }
        }
        if KEEP {
            self.keys.xor(turn_key(mover) ^ turn_key(next));
        }
        self.to_move = next as u8;
        if self
            .max_plies
            .is_some_and(|n| self.history.len() as u64 >= u64::from(n))
        {
            self.outcome = Some(Outcome::draw("ply limit"));
        }
    }

    /// A game of these options with the given stacks (square name, colour letters bottom to
    /// top), reserves, opening pieces and player to move, and no history.
    #[cfg(test)]
    pub(super) fn with_position(
        &self,
        stacks: &[(&str, &str)],
        reserves: &[u8],
        in_hand: &[bool],
        to_move: usize,
    ) -> Self {
        let mut game = self.clone();
        game.history.clear();
        game.outcome = None;
        game.stacks = [0; SQUARES];
        game.heights = [0; SQUARES];
        for &(name, letters) in stacks {
            let square = board::square_index(name).expect("a square");
            assert!(letters.len() <= MAX_HEIGHT);
            for (level, &letter) in letters.as_bytes().iter().enumerate() {
                let colour = board::colour_of(letter).expect("a colour letter");
                game.stacks[square] |= u16::from(colour) << (2 * level);
            }
            game.heights[square] = letters.len() as u8;
        }
        for square in 0..SQUARES {
            game.refresh_square(square);
        }
        game.reserves = [0; 4];
        game.reserves[..reserves.len()].copy_from_slice(reserves);
        game.in_hand = [false; 4];
        game.in_hand[..in_hand.len()].copy_from_slice(in_hand);
        game.captured = [0; 4];
        game.to_move = to_move as u8;
        game.rekey();
        game
    }
}

impl PlaysForGood for Domination {
    type Record = Undo;

    #[inline(always)]
    fn key_and_undo(&self) -> &KeyAndUndo<Undo> {
        &self.keys
    }

    #[inline(always)]
    fn key_and_undo_mut(&mut self) -> &mut KeyAndUndo<Undo> {
        &mut self.keys
    }

    /// Plays `mv`; with `KEEP`, keeping the incremental key and the undo record (not for
    /// [`Game::play_for_good`], whose random games never read them).
    #[inline(always)]
    fn play_move<const KEEP: bool>(&mut self, mv: Move) {
        let mover = usize::from(self.to_move);
        let key = self.keys.raw_key();
        let pieces = match mv.source() {
            RESERVE => {
                let n = usize::from(self.reserves[mover]);
                if KEEP {
                    self.keys
                        .xor(RESERVE_KEYS[mover][n] ^ RESERVE_KEYS[mover][n - 1]);
                }
                self.reserves[mover] -= 1;
                mover as u32
            }
            HAND => {
                self.in_hand[mover] = false;
                if KEEP {
                    self.keys.xor(opening_key(mover));
                }
                mover as u32
            }
            from => self.lift::<KEEP>(usize::from(from), mv.lift(), mover),
        };
        let (removed, removed_count) = self.drop::<KEEP>(mv.to(), pieces, mv.lift(), mover);
        self.history.push(mv);
        if KEEP {
            self.keys.push(
                key,
                Undo {
                    mover: mover as u8,
                    removed_count,
                    removed,
                },
            );
        }
        self.end_turn::<KEEP>(mover);
    }
}

impl Game for Domination {
    fn board_text(&self, _viewer: Option<usize>) -> Option<String> {
        Some(super::drawing::board_text(self))
    }

    const FACTS: &'static Facts = FACTS;

    fn new(options: &Map<String, Value>) -> Result<Self, Error> {
        let checked = Options::new(FACTS, options)?;
        let players = checked.int("players")?.expect("players has a default") as usize;
        let movement = match checked.str("movement")? {
            "up_to" => Movement::UpTo,
            _ => Movement::Exact,
        };
        let first_player = checked.first_player(players)?;
        let seed = checked.seed()?;
        let max_plies = checked.int("max_plies")?.map(|n| n as u32);
        Ok(Self::setup(
            players,
            movement,
            first_player,
            seed,
            max_plies,
        ))
    }

    fn restart(&self, seed: u64) -> Self {
        Self::setup(
            usize::from(self.players),
            self.movement,
            self.first_player.map(usize::from),
            seed,
            self.max_plies,
        )
    }

    fn options(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("players".into(), json!(self.players));
        map.insert("movement".into(), json!(self.movement.name()));
        map.insert("first_player".into(), json!(self.first_player));
        map.insert("seed".into(), json!(self.seed));
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
        self.play_keeping(mv);
    }

    #[inline(always)]
    fn play_for_good(&mut self, mv: Move) {
        self.play_forgetting(mv);
    }

    fn undo(&mut self) -> Option<Move> {
        // No record: the start, or a move played for good. The key comes back with it.
        let undo = self.keys.pop()?;
        let mv = self.history.pop().expect("a move per undo record");
        let mover = usize::from(undo.mover);
        let to = mv.to();
        let lift = mv.lift();
        let removed_count = usize::from(undo.removed_count);
        // The destination as it was after the drop and before overflow.
        let full = (u32::from(self.stacks[to]) << (2 * removed_count)) | u32::from(undo.removed);
        let total = usize::from(self.heights[to]) + removed_count;
        for j in 0..removed_count {
            let colour = ((undo.removed >> (2 * j)) & 3) as usize;
            if colour == mover {
                self.reserves[mover] -= 1;
            } else {
                self.captured[colour] -= 1;
            }
        }
        let base = total - lift;
        let pieces = full >> (2 * base);
        self.stacks[to] = (full & levels_mask(base)) as u16;
        self.heights[to] = base as u8;
        self.refresh_square(to);
        match mv.source() {
            RESERVE => self.reserves[mover] += 1,
            HAND => self.in_hand[mover] = true,
            from => {
                let from = usize::from(from);
                let height = usize::from(self.heights[from]);
                self.stacks[from] |= (pieces << (2 * height)) as u16;
                self.heights[from] = (height + lift) as u8;
                self.refresh_square(from);
            }
        }
        self.to_move = mover as u8;
        self.outcome = None;
        Some(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[inline]
    fn key(&self) -> u64 {
        self.current_key()
    }

    fn key_from_scratch(&self) -> u64 {
        let mut key = turn_key(usize::from(self.to_move));
        for square in 0..SQUARES {
            let packed = u32::from(self.stacks[square]);
            for level in 0..usize::from(self.heights[square]) {
                key ^= stack_key(square, level, (packed >> (2 * level)) & 3);
            }
        }
        for p in 0..usize::from(self.players) {
            key ^= RESERVE_KEYS[p][usize::from(self.reserves[p])];
            if self.in_hand[p] {
                key ^= opening_key(p);
            }
        }
        key
    }

    fn history(&self) -> &[Move] {
        &self.history
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![7 * self.num_players() + 1, SQUARES]
    }

    fn observation_layout(&self) -> Layout {
        let n = self.num_players();
        let mut layout = Layout::default();
        for level in 0..MAX_HEIGHT {
            layout.each(&format!("level {level} piece of player"), n, 1.0);
        }
        layout.each("reserve of player", n, 52.0);
        layout.each("opening piece held by player", n, 1.0);
        layout.plane("to move");
        layout
    }

    fn observation(&self, player: usize, out: &mut [f32]) {
        let players = self.num_players();
        let plane = |index: usize| index * SQUARES..(index + 1) * SQUARES;
        // Every plane is written whole, a square at a time and without a branch on the stacks
        // (a batched env writes an observation at every step, and a loop over each stack's
        // pieces mispredicted its height at most squares).
        for level in 0..MAX_HEIGHT {
            // each square's colour + 1 at this level, 0 above its stack: worked out once for
            // the level's planes, a byte a square
            let mut codes = [0u8; SQUARES];
            let squares = self.stacks.iter().zip(&self.heights);
            for (code, (&stack, &height)) in codes.iter_mut().zip(squares) {
                let colour = ((stack >> (2 * level)) & 3) as u8 + 1;
                *code = u8::from(usize::from(height) > level) * colour;
            }
            for k in 0..players {
                // colour `player + k`'s plane of this level: planes are relative to `player`
                let colour = ((player + k) % players) as u8 + 1;
                let row = &mut out[plane(level * players + k)];
                for (entry, &code) in row.iter_mut().zip(&codes) {
                    *entry = f32::from(u8::from(code == colour));
                }
            }
        }
        let flag = |on: bool| if on { 1.0 } else { 0.0 };
        for k in 0..players {
            let owner = (player + k) % players;
            out[plane(5 * players + k)].fill(f32::from(self.reserves[owner]));
            out[plane(6 * players + k)].fill(flag(self.in_hand[owner]));
        }
        out[plane(7 * players)].fill(flag(self.current_player() == Some(player)));
    }

    fn json_fields(&self, fields: &mut Map<String, Value>) {
        let players = self.num_players();
        let board: Vec<Value> = (0..SQUARES)
            .map(|square| {
                let letters: String = self
                    .stack(square)
                    .iter()
                    .map(|&c| char::from(COLOUR_LETTERS[usize::from(c)]))
                    .collect();
                Value::String(letters)
            })
            .collect();
        fields.insert("board".into(), Value::Array(board));
        fields.insert("reserves".into(), json!(&self.reserves[..players]));
        fields.insert("captured".into(), json!(&self.captured[..players]));
        fields.insert("in_hand".into(), json!(&self.in_hand[..players]));
    }

    fn why_illegal(&self, mv: Move) -> String {
        let player = usize::from(self.to_move);
        let to = board::square_name(mv.to());
        match mv.kind() {
            MoveKind::Placement if !self.in_hand[player] => "you hold no opening piece".into(),
            MoveKind::Placement => format!("{to} is not empty"),
            _ if self.in_hand[player] => {
                "you must first place your opening piece on an empty square".into()
            }
            MoveKind::Reserve => "you have no reserve pieces".into(),
            MoveKind::Stack => {
                let from = mv.from().expect("a stack move has a start square");
                let name = board::square_name(from);
                let height = usize::from(self.heights[from]);
                let lift = mv.lift();
                let d = board::distance(from, mv.to()).expect("a well-formed stack move");
                if height == 0 {
                    format!("there is no stack on {name}")
                } else if self.controls[player] & (1 << from) == 0 {
                    format!("the stack on {name} is not yours")
                } else if lift > height {
                    format!("the stack on {name} is only {height} high")
                } else {
                    let (pieces, squares) = if lift == 1 {
                        ("piece", "square")
                    } else {
                        ("pieces", "squares")
                    };
                    let rule = match self.movement {
                        Movement::Exact => "exactly",
                        Movement::UpTo => "at most",
                    };
                    format!("{lift} lifted {pieces} must move {rule} {lift} {squares}, not {d}")
                }
            }
        }
    }
}
