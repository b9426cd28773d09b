//! Move notation: the name of the cell, `a1` .. `c3`; action ids are cell indices.

use std::fmt;

use super::board::{self, CELLS};
use super::movegen::Move;
use super::TicTacToe;
use crate::core::error::Error;
use crate::core::game::Encoding;

impl fmt::Display for Move {
    /// The cell name, e.g. `b2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (column, row) = (self.cell() % 3, 3 - self.cell() / 3);
        write!(f, "{}{row}", char::from(b'a' + column as u8))
    }
}

/// Parses a cell name exactly (a lower-case letter `a`..`c` and a digit `1`..`3`).
///
/// # Errors
///
/// [`Error::InvalidMove`] when the text names no cell.
pub(super) fn parse_move(text: &str) -> Result<Move, Error> {
    board::cell_index(text).and_then(Move::new).ok_or_else(|| {
        Error::invalid_move(
            text,
            "expected a cell name: a letter a..c and a digit 1..3, such as 'b2'",
        )
    })
}

/// Action id = cell index (0..8), OpenSpiel's ids; notation = the cell name.
impl Encoding for TicTacToe {
    type Move = Move;

    fn num_actions(&self) -> usize {
        CELLS
    }

    #[inline]
    fn action(&self, mv: Move) -> usize {
        mv.cell()
    }

    fn move_from_action(&self, action: usize) -> Result<Move, Error> {
        Move::new(action).ok_or_else(|| {
            Error::invalid_move(
                action.to_string(),
                format!("action ids run from 0 to {}", CELLS - 1),
            )
        })
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        parse_move(text)
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }
}
