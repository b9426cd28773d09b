//! Move notation: `c4-c6:2` (stack move lifting 2), `+e5` (reserve move), `*e5` (opening
//! placement).

use std::fmt;

use super::board::{self, COORDS};
use super::movegen::{Move, MoveKind};
use super::{Domination, NUM_ACTIONS};
use crate::core::error::Error;
use crate::core::game::Encoding;

/// Writes a square name without allocating.
fn write_square(f: &mut fmt::Formatter<'_>, square: usize) -> fmt::Result {
    let (x, y) = COORDS[square];
    write!(f, "{}{}", char::from(b'a' + x), char::from(b'1' + y))
}

impl fmt::Display for Move {
    /// `c4-c6:2`, `+e5` or `*e5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Stack => {
                write_square(f, self.from().expect("a stack move has a start square"))?;
                f.write_str("-")?;
                write_square(f, self.to())?;
                write!(f, ":{}", self.lift())
            }
            MoveKind::Reserve => {
                f.write_str("+")?;
                write_square(f, self.to())
            }
            MoveKind::Placement => {
                f.write_str("*")?;
                write_square(f, self.to())
            }
        }
    }
}

/// Parses `c4-c6:2`, `+e5` or `*e5`, exactly (lower case, no spaces).
///
/// # Errors
///
/// [`Error::InvalidMove`] when the text names no move: squares that do not exist, a stack move
/// between squares that are the same or share no rank or file, a lift outside 1..=5, or any
/// other shape.
pub(super) fn parse_move(text: &str) -> Result<Move, Error> {
    let square = |name: &str| {
        board::square_index(name).ok_or_else(|| {
            Error::invalid_move(
                text,
                format!("'{name}' is not a square (files a..h, ranks 1..8, no corners)"),
            )
        })
    };
    if let Some(name) = text.strip_prefix('+') {
        return Ok(Move::reserve(square(name)?).expect("a square"));
    }
    if let Some(name) = text.strip_prefix('*') {
        return Ok(Move::placement(square(name)?).expect("a square"));
    }
    let shape = || {
        Error::invalid_move(
            text,
            "expected a stack move such as 'c4-c6:2', a reserve move such as '+e5' or a \
             placement such as '*e5'",
        )
    };
    let (squares, lift) = text.split_once(':').ok_or_else(shape)?;
    let (from, to) = squares.split_once('-').ok_or_else(shape)?;
    let (from, to) = (square(from)?, square(to)?);
    let lift = match lift.as_bytes() {
        &[digit @ b'1'..=b'5'] => usize::from(digit - b'0'),
        _ => {
            return Err(Error::invalid_move(
                text,
                format!("the number of pieces lifted must be 1 to 5, got '{lift}'"),
            ))
        }
    };
    if from == to {
        return Err(Error::invalid_move(
            text,
            "the start and destination are the same square",
        ));
    }
    Move::stack(from, to, lift)
        .ok_or_else(|| Error::invalid_move(text, "the start and destination share no rank or file"))
}

impl Encoding for Domination {
    type Move = Move;

    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_from_action(&self, action: usize) -> Result<Move, Error> {
        Move::from_action(action).ok_or_else(|| {
            let reason = if action < NUM_ACTIONS {
                "the two squares share no rank or file".to_string()
            } else {
                format!("action ids run from 0 to {}", NUM_ACTIONS - 1)
            };
            Error::invalid_move(action.to_string(), reason)
        })
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        parse_move(text)
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }
}
