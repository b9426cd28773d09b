//! The game state: marks as two cell sets, play and undo with an incremental Zobrist key, the
//! end of the game (three in a row, board full), and the [`Game`] impl.

use serde_json::{Map, Value};

use super::board::{self, CELLS, FULL};
use super::movegen::Move;
use crate::core::error::Error;
use crate::core::facts::Facts;
use crate::core::observation::{write_all, write_bits, Layout};
use crate::core::options::Options;
use crate::core::outcome::Outcome;
use crate::core::zobrist;
use crate::prelude::*;

/// Seed of the Zobrist tables: the bytes of `"TICTACTO"`.
pub const ZOBRIST_SEED: u64 = 0x5449_4354_4143_544F;

/// 18 mark keys (player 0..1 outer, cell 0..8 inner), then 2 turn keys (player 0..1).
static ZOBRIST: [u64; 2 * CELLS + 2] = zobrist::table(ZOBRIST_SEED);

#[inline(always)]
fn mark_key(player: usize, cell: usize) -> u64 {
    ZOBRIST[player * CELLS + cell]
}

#[inline(always)]
fn turn_key(player: usize) -> u64 {
    ZOBRIST[2 * CELLS + player]
}

/// What tic-tac-toe declares about itself.
pub(super) const FACTS: &Facts = &Facts {
    name: "tic_tac_toe",
    class_name: "TicTacToe",
    summary: "three in a row on a 3×3 grid (2 players); solved: perfect play draws",
    players: &[2],
    options: &[],
    hidden_information: false,
    seeded: false,
    // Every game ends within 9 plies.
    simulation_max_plies: None,
    reasons: &["three in a row", "board full"],
    bench: &[""],
    bench_perft: &[("", 9)],
    openspiel: Some("tic_tac_toe"),
    // At most nine plies: rollouts to the end.
    search: crate::core::facts::SearchFacts {
        rollout_plies: None,
        exploration: 1.4,
        strength_options: "",
    },
};

/// The reasons of [`FACTS`], by the state's result code.
const WIN_REASON: &str = "three in a row";
const DRAW_REASON: &str = "board full";

/// The result code: the game runs.
const RUNNING: u8 = 0;
/// The result code of a draw; `WON + p` is a win of player `p`.
const DRAWN: u8 = 1;
const WON: u8 = 2;

/// A game of tic-tac-toe.
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::games::tic_tac_toe::TicTacToe;
/// let mut game = TicTacToe::new(&Default::default()).unwrap();
/// game.play(game.parse_move("b2").unwrap()).unwrap();
/// assert_eq!(game.board()[4], Some(0));
/// assert_eq!(game.current_player(), Some(1));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TicTacToe {
    /// The cells each player marked.
    marks: [u16; 2],
    /// The player to move; after the last move of a finished game, the other player.
    to_move: u8,
    /// [`RUNNING`], [`DRAWN`] or `WON + winner`.
    result: u8,
    /// Moves played: the first `plies` entries of `moves`.
    plies: u8,
    moves: [Move; CELLS],
    key: u64,
}

impl TicTacToe {
    /// The start position.
    fn start() -> Self {
        Self {
            marks: [0; 2],
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
            *slot = (0..2u8).find(|&p| self.marks[usize::from(p)] >> cell & 1 != 0);
        }
        out
    }

    /// The cells `player` marked, bit `i` for cell `i`.
    pub fn marks(&self, player: usize) -> u16 {
        self.marks[player]
    }

    /// The empty cells while the game runs; none once it is over.
    #[inline(always)]
    pub(super) fn open_cells(&self) -> u16 {
        if self.result == RUNNING {
            !(self.marks[0] | self.marks[1]) & FULL
        } else {
            0
        }
    }
}

impl Game for TicTacToe {
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
        let cell = mv.cell();
        self.marks[mover] |= 1 << cell;
        self.key ^= mark_key(mover, cell) ^ turn_key(0) ^ turn_key(1);
        self.moves[usize::from(self.plies)] = mv;
        self.plies += 1;
        self.to_move ^= 1;
        if board::holds_line(self.marks[mover]) {
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
        self.marks[mover] &= !(1 << mv.cell());
        self.key ^= mark_key(mover, mv.cell()) ^ turn_key(0) ^ turn_key(1);
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
        for (player, &marks) in self.marks.iter().enumerate() {
            for cell in 0..CELLS {
                if marks >> cell & 1 != 0 {
                    key ^= mark_key(player, cell);
                }
            }
        }
        key
    }

    fn history(&self) -> &[Move] {
        &self.moves[..usize::from(self.plies)]
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![3, 3, 3]
    }

    fn observation_layout(&self) -> Layout {
        let mut layout = Layout::default();
        layout.each("marks of player", 2, 1.0);
        layout.plane("to move");
        layout
    }

    fn observation(&self, player: usize, out: &mut [f32]) {
        let (marks, to_move) = out.split_at_mut(2 * CELLS);
        for (k, plane) in marks.chunks_exact_mut(CELLS).enumerate() {
            write_bits(u64::from(self.marks[player ^ k]), plane);
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
        format!("{} is already marked", board::cell_name(mv.cell()))
    }
}
