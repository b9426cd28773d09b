//! Move notation: `<from>-<to>` with hole names (`e5-f4`), and `pass`.

use std::fmt;

use super::board::{self, COORDS, ROW_START};
use super::movegen::Move;
use super::{ChineseCheckers, NUM_ACTIONS};
use crate::core::error::Error;
use crate::core::game::Encoding;

/// Writes a hole name without allocating.
fn write_hole(f: &mut fmt::Formatter<'_>, hole: usize) -> fmt::Result {
    let row = (8 - i32::from(COORDS[hole].1)) as usize;
    let number = hole - usize::from(ROW_START[row]) + 1;
    write!(f, "{}{number}", char::from(b'a' + row as u8))
}

impl fmt::Display for Move {
    /// `e5-f4`, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.to()) {
            (Some(from), Some(to)) => {
                write_hole(f, from)?;
                f.write_str("-")?;
                write_hole(f, to)
            }
            _ => f.write_str("pass"),
        }
    }
}

/// Action ids: `from * 121 + to`, the pass 14641; notation `e5-f4` or `pass`.
impl Encoding for ChineseCheckers {
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
                "start and end hole are the same".to_string()
            } else {
                format!("action ids run from 0 to {}", NUM_ACTIONS - 1)
            };
            Error::invalid_move(action.to_string(), reason)
        })
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }

    /// Parses `<from>-<to>` or `pass`, exactly (lower case, no spaces).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidMove`] when the text names no move: not two hole names joined by `-`, or
    /// the same hole twice.
    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        if text == "pass" {
            return Ok(Move::PASS);
        }
        let Some((from, to)) = text.split_once('-') else {
            return Err(Error::invalid_move(
                text,
                "expected two hole names joined by '-' (such as 'e5-f4'), or 'pass'",
            ));
        };
        let hole = |name: &str| {
            board::hole_index(name).ok_or_else(|| {
                Error::invalid_move(
                    text,
                    format!("'{name}' is not a hole (rows a..q, numbered from 1)"),
                )
            })
        };
        let (from, to) = (hole(from)?, hole(to)?);
        Move::new(from, to)
            .ok_or_else(|| Error::invalid_move(text, "the start and end hole are the same"))
    }
}
