//! Move notation: `<from>-<to>` with hole names (`e5-f4`), and `pass`.

use std::fmt;

use super::board::{self, bit, COORDS, HOLES, ROW_START};
use super::movegen::{nth_bit, Move};
use super::state::Actions;
use super::{ChineseCheckers, NUM_ACTIONS};
use crate::core::error::Error;
use crate::core::game::{Encoding, Game};

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

/// Action ids (the `actions` option): `from * 121 + to` and the pass 14641 (`from_to`), or
/// `k * 121 + to` with k the rank of the moving piece among the mover's pieces by hole index and
/// the pass `pieces * 121` (`piece_to`); notation `e5-f4` or `pass`.
impl Encoding for ChineseCheckers {
    type Move = Move;

    fn num_actions(&self) -> usize {
        match self.actions {
            Actions::FromTo => NUM_ACTIONS,
            Actions::PieceTo => self.piece_pass() + 1,
        }
    }

    #[inline]
    fn action(&self, mv: Move) -> usize {
        match self.actions {
            Actions::FromTo => mv.action(),
            Actions::PieceTo => self.piece_action(self.boards[usize::from(self.to_move)], mv),
        }
    }

    fn move_from_action(&self, action: usize) -> Result<Move, Error> {
        let num_actions = self.num_actions();
        self.decode(action).ok_or_else(|| {
            let reason = if action < num_actions {
                "start and end hole are the same".to_string()
            } else {
                format!("action ids run from 0 to {}", num_actions - 1)
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
    /// the same hole twice. Under `piece_to`, [`Error::IllegalMove`] when the start hole holds
    /// no piece of the mover: the move has no action id.
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
        let mv = Move::new(from, to)
            .ok_or_else(|| Error::invalid_move(text, "the start and end hole are the same"))?;
        if self.actions == Actions::PieceTo
            && self.boards[usize::from(self.to_move)] & bit(from) == 0
        {
            let reason = if self.is_finished() {
                "the game is over".to_string()
            } else {
                self.why_illegal(mv)
            };
            return Err(Error::illegal_move(text, reason));
        }
        Ok(mv)
    }
}

impl ChineseCheckers {
    /// The move of `action`, if it names one (not necessarily legal).
    #[inline(always)]
    pub(super) fn decode(&self, action: usize) -> Option<Move> {
        match self.actions {
            _ if action >= self.num_actions() => None,
            Actions::FromTo => Move::from_action(action),
            Actions::PieceTo if action == self.piece_pass() => Some(Move::PASS),
            Actions::PieceTo => {
                let pieces = self.boards[usize::from(self.to_move)];
                Move::new(nth_bit(pieces, action / HOLES), action % HOLES)
            }
        }
    }

    /// The pass under `piece_to`: `pieces * 121`.
    #[inline(always)]
    fn piece_pass(&self) -> usize {
        self.pieces_per_player() * HOLES
    }

    /// The `piece_to` id of `mv` when the mover's pieces are `pieces`: the rank of its start
    /// hole among them times 121, plus its end hole. (A start hole that holds none of them
    /// counts the pieces below it: no legal move starts there, and `parse_move` refuses it.)
    #[inline(always)]
    pub(super) fn piece_action(&self, pieces: u128, mv: Move) -> usize {
        match (mv.from(), mv.to()) {
            (Some(from), Some(to)) => (pieces & (bit(from) - 1)).count_ones() as usize * HOLES + to,
            _ => self.piece_pass(),
        }
    }
}
