//! Move notation: the column's number, a single digit `1` to `7`; action ids are the column's
//! number − 1.

use std::fmt;

use super::board::WIDTH;
use super::movegen::Move;
use super::ConnectFour;
use crate::core::error::Error;
use crate::core::game::Encoding;

impl fmt::Display for Move {
    /// The column's number, `1` to `7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.column() + 1)
    }
}

/// Parses a column number exactly: one digit `1` to `7`, nothing else.
///
/// # Errors
///
/// [`Error::InvalidMove`] when the text names no column.
pub(super) fn parse_move(text: &str) -> Result<Move, Error> {
    match *text.as_bytes() {
        [digit @ b'1'..=b'7'] => Move::new(usize::from(digit - b'1')),
        _ => None,
    }
    .ok_or_else(|| {
        Error::invalid_move(
            text,
            "expected a column number: a single digit 1..7, such as '4'",
        )
    })
}

/// Action id = column − 1 (0..6), OpenSpiel's and PettingZoo's ids; notation = the column's
/// number.
impl Encoding for ConnectFour {
    type Move = Move;

    fn num_actions(&self) -> usize {
        WIDTH
    }

    #[inline]
    fn action(&self, mv: Move) -> usize {
        mv.column()
    }

    fn move_from_action(&self, action: usize) -> Result<Move, Error> {
        Move::new(action).ok_or_else(|| {
            Error::invalid_move(
                action.to_string(),
                format!("action ids run from 0 to {}", WIDTH - 1),
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
