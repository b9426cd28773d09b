//! Move notation: `63@i9` (pattern 63 on i9), `pass`, `resign`.

use std::fmt;

use super::board::{self, COORDS};
use super::movegen::Move;
use super::{Dominions, NUM_ACTIONS};
use crate::core::error::Error;
use crate::core::game::Encoding;

impl fmt::Display for Move {
    /// `63@i9`, `pass` or `resign`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.cell(), self.pattern()) {
            (Some(c), Some(p)) => {
                let (u, v) = COORDS[c];
                write!(f, "{p}@{}{}", char::from(b'a' + u), v + 1)
            }
            _ if self.is_pass() => f.write_str("pass"),
            _ => f.write_str("resign"),
        }
    }
}

/// Parses `P@cell` (P in 1..63 without leading zero, a cell `a1`..`q17`), `pass` or `resign`,
/// exactly (lower case, no spaces).
///
/// # Errors
///
/// [`Error::InvalidMove`] when the text names no move.
pub(super) fn parse_move(text: &str) -> Result<Move, Error> {
    match text {
        "pass" => return Ok(Move::PASS),
        "resign" => return Ok(Move::RESIGN),
        _ => {}
    }
    let Some((pattern, cell)) = text.split_once('@') else {
        return Err(Error::invalid_move(
            text,
            "expected a placement such as '63@i9', 'pass' or 'resign'",
        ));
    };
    let pattern = match pattern.as_bytes() {
        [b'1'..=b'9'] | [b'1'..=b'6', b'0'..=b'9'] => pattern.parse::<u8>().ok(),
        _ => None,
    }
    .filter(|&p| (1..=63).contains(&p))
    .ok_or_else(|| {
        Error::invalid_move(
            text,
            format!("the pattern must be a number from 1 to 63, got '{pattern}'"),
        )
    })?;
    let cell = board::cell_index(cell).ok_or_else(|| {
        Error::invalid_move(
            text,
            format!("'{cell}' is not a cell (a1 to q17, letter and number at most 8 apart)"),
        )
    })?;
    Ok(Move::place(cell, pattern).expect("a cell and a pattern"))
}

impl Encoding for Dominions {
    type Move = Move;

    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_from_action(&self, action: usize) -> Result<Move, Error> {
        Move::from_action(action).ok_or_else(|| {
            Error::invalid_move(
                action.to_string(),
                format!("action ids run from 0 to {}", NUM_ACTIONS - 1),
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
