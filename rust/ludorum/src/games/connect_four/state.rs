//! The game state: one bitboard per player and the height of each column, play and undo with
//! an incremental Zobrist key, the end of the game (four in a row, board full), and the
//! [`Game`] impl.

use serde_json::{Map, Value};

use super::board::{self, BITS, CELLS, HEIGHT, WIDTH};
use super::movegen::Move;
use crate::core::error::Error;
use crate::core::facts::Facts;
use crate::core::observation::{bit_rows, write_all, Layout};
use crate::core::options::Options;
use crate::core::outcome::Outcome;
use crate::core::zobrist;
use crate::prelude::*;

/// Seed of the Zobrist tables: the bytes of `"CONNECT4"`.
pub const ZOBRIST_SEED: u64 = 0x434F_4E4E_4543_5434;

/// 84 disc keys (player 0..1 outer, cell index 0..41 inner), then 2 turn keys (player 0..1).
const ZOBRIST: [u64; 2 * CELLS + 2] = zobrist::table(ZOBRIST_SEED);

const fn build_disc_keys() -> [[u64; BITS]; 2] {
    let mut out = [[0; BITS]; 2];
    let mut player = 0;
    while player < 2 {
        let mut cell = 0;
        while cell < CELLS {
            out[player][board::bit_of_cell(cell)] = ZOBRIST[player * CELLS + cell];
            cell += 1;
        }
        player += 1;
    }
    out
}

/// The disc keys of [`ZOBRIST`] by player and bitboard bit (0 for the bits above the columns).
static DISC_KEYS: [[u64; BITS]; 2] = build_disc_keys();

#[inline(always)]
fn disc_key(player: usize, bit: usize) -> u64 {
    DISC_KEYS[player][bit]
}

/// A row of a plane of discs by the row's bits ([`board::row_of`]): entry `c` is 1 where bit
/// `c` is set.
static ROWS: [[f32; WIDTH]; 1 << WIDTH] = bit_rows();

#[inline(always)]
const fn turn_key(player: usize) -> u64 {
    ZOBRIST[2 * CELLS + player]
}

/// What Connect Four declares about itself.
pub(super) const FACTS: &Facts = &Facts {
    name: "connect_four",
    class_name: "ConnectFour",
    summary: "drop discs to line up four on a 7×6 grid (2 players); solved: the first player wins",
    players: &[2],
    options: &[],
    hidden_information: false,
    seeded: false,
    // Every game ends within 42 plies.
    simulation_max_plies: None,
    reasons: &["four in a row", "board full"],
    bench: &[""],
    bench_perft: &[("", 8)],
    openspiel: Some("connect_four"),
    // At most 42 plies: rollouts to the end.
    search: crate::core::facts::SearchFacts {
        rollout_plies: None,
        exploration: 1.4,
        strength_options: "",
    },
};

const WIN_REASON: &str = "four in a row";
const DRAW_REASON: &str = "board full";

/// The result code: the game runs.
const RUNNING: u8 = 0;
/// The result code of a draw; `WON + p` is a win of player `p`.
const DRAWN: u8 = 1;
const WON: u8 = 2;

/// Every column, as a column set (bit c for column c + 1).
const ALL_COLUMNS: u8 = (1 << WIDTH) - 1;

/// A game of Connect Four.
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::games::connect_four::{board, ConnectFour};
/// let mut game = ConnectFour::new(&Default::default()).unwrap();
/// for text in ["4", "4", "5"] {
///     game.play(game.parse_move(text).unwrap()).unwrap();
/// }
/// let cells = game.board();
/// let at = |name| cells[board::cell_index(name).unwrap()];
/// assert_eq!((at("d1"), at("d2"), at("e1"), at("e2")), (Some(0), Some(1), Some(0), None));
/// assert_eq!(game.heights(), [0, 0, 0, 2, 1, 0, 0]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ConnectFour {
    /// Each player's discs, as bitboards (see [`board`]).
    discs: [u64; 2],
    /// The discs in each column.
    heights: [u8; WIDTH],
    /// The columns that are not full, bit c for column c + 1.
    open: u8,
    /// The player to move; after the last move of a finished game, the other player.
    to_move: u8,
    /// [`RUNNING`], [`DRAWN`] or `WON + winner`.
    result: u8,
    /// Moves played: the first `plies` entries of `moves`.
    plies: u8,
    moves: [Move; CELLS],
    key: u64,
}

impl ConnectFour {
    /// The start position.
    fn start() -> Self {
        Self {
            discs: [0; 2],
            heights: [0; WIDTH],
            open: ALL_COLUMNS,
            to_move: 0,
            result: RUNNING,
            plies: 0,
            moves: [Move::lowest(1); CELLS],
            key: turn_key(0),
        }
    }

    /// The owner of every cell, by cell index (`None` for an empty cell).
    pub fn board(&self) -> [Option<u8>; CELLS] {
        let mut out = [None; CELLS];
        for (cell, slot) in out.iter_mut().enumerate() {
            let bit = board::bit_of_cell(cell);
            *slot = (0..2u8).find(|&p| self.discs[usize::from(p)] >> bit & 1 != 0);
        }
        out
    }

    /// `player`'s discs as a bitboard (bit `7 * (column - 1) + (row - 1)`, see [`board`]).
    #[inline]
    pub fn discs(&self, player: usize) -> u64 {
        self.discs[player]
    }

    /// The number of discs in each column, column 1 first.
    pub fn heights(&self) -> [u8; WIDTH] {
        self.heights
    }

    /// The columns that take a disc while the game runs (bit c for column c + 1); none once it
    /// is over.
    #[inline(always)]
    pub(super) fn open_columns(&self) -> u8 {
        if self.result == RUNNING {
            self.open
        } else {
            0
        }
    }
}

impl Game for ConnectFour {
    fn board_text(&self, _viewer: Option<usize>) -> Option<String> {
        Some(super::drawing::board_text(self))
    }

    const FACTS: &'static Facts = FACTS;

    fn new(options: &Map<String, Value>) -> Result<Self, Error> {
        Options::new(FACTS, options)?;
        Ok(Self::start())
    }

    fn restart(&self, _seed: u64) -> Self {
        Self::start()
    }

    fn options(&self) -> Map<String, Value> {
        Map::new()
    }

    fn num_players(&self) -> usize {
        2
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        (self.result == RUNNING).then_some(usize::from(self.to_move))
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Move) {
        let mover = usize::from(self.to_move);
        let column = mv.column();
        let height = usize::from(self.heights[column]);
        let bit = board::bit_at(column, height);
        self.discs[mover] |= 1 << bit;
        self.heights[column] += 1;
        if height + 1 == HEIGHT {
            self.open &= !(1 << column);
        }
        self.key ^= disc_key(mover, bit) ^ turn_key(0) ^ turn_key(1);
        self.moves[usize::from(self.plies)] = mv;
        self.plies += 1;
        self.to_move ^= 1;
        if board::four_in_a_row(self.discs[mover]) {
            self.result = WON + mover as u8;
        } else if usize::from(self.plies) == CELLS {
            self.result = DRAWN;
        }
    }

    fn undo(&mut self) -> Option<Move> {
        self.plies = self.plies.checked_sub(1)?;
        let mv = self.moves[usize::from(self.plies)];
        self.to_move ^= 1;
        let mover = usize::from(self.to_move);
        let column = mv.column();
        self.heights[column] -= 1;
        let bit = board::bit_at(column, usize::from(self.heights[column]));
        self.discs[mover] &= !(1 << bit);
        self.open |= 1 << column;
        self.key ^= disc_key(mover, bit) ^ turn_key(0) ^ turn_key(1);
        self.result = RUNNING;
        Some(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.result {
            RUNNING => None,
            DRAWN => Some(Outcome::draw(DRAW_REASON)),
            won => Some(Outcome::win(usize::from(won - WON), WIN_REASON)),
        }
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    fn key_from_scratch(&self) -> u64 {
        let mut key = turn_key(usize::from(self.to_move));
        for (cell, owner) in self.board().iter().enumerate() {
            if let Some(player) = owner {
                key ^= ZOBRIST[usize::from(*player) * CELLS + cell];
            }
        }
        key
    }

    fn history(&self) -> &[Move] {
        &self.moves[..usize::from(self.plies)]
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![3, HEIGHT, WIDTH]
    }

    fn observation_layout(&self) -> Layout {
        let mut layout = Layout::default();
        layout.each("discs of player", 2, 1.0);
        layout.plane("to move");
        layout
    }

    fn observation(&self, player: usize, out: &mut [f32]) {
        let (discs, to_move) = out.split_at_mut(2 * CELLS);
        for (k, plane) in discs.chunks_exact_mut(CELLS).enumerate() {
            let discs = self.discs[player ^ k];
            // A row at a time from its seven bits: fewer instructions than gathering the
            // plane's bits first and writing them four entries at a time.
            let (rows, _) = plane.as_chunks_mut::<WIDTH>();
            for (row, entries) in rows.iter_mut().enumerate() {
                *entries = ROWS[board::row_of(discs, row)];
            }
        }
        let on = self.current_player() == Some(player);
        write_all(if on { 1.0 } else { 0.0 }, to_move);
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
        if self.result != RUNNING {
            return "the game is over".into();
        }
        format!("column {mv} is full")
    }
}
