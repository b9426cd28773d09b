//! Errors of the engine. Syntax errors and legality errors are different variants, as are bad
//! states and bad options; the Python bindings map each to its own exception class.

use std::fmt;

/// Everything that can go wrong with input from outside the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The text or action id does not name a move of this game.
    InvalidMove {
        /// The input as given.
        input: String,
        /// Why it does not parse.
        reason: String,
    },
    /// The move is well formed but not legal in this position.
    IllegalMove {
        /// The move in notation.
        notation: String,
        /// Why it is not legal.
        reason: String,
    },
    /// A JSON state is malformed or inconsistent.
    InvalidState(String),
    /// An unknown option or a value out of range.
    InvalidOption(String),
}

impl Error {
    /// An [`Error::InvalidMove`].
    pub fn invalid_move(input: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::InvalidMove {
            input: input.into(),
            reason: reason.into(),
        }
    }

    /// An [`Error::IllegalMove`].
    pub fn illegal_move(notation: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::IllegalMove {
            notation: notation.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidMove { input, reason } => write!(f, "invalid move '{input}': {reason}"),
            Self::IllegalMove { notation, reason } => {
                write!(f, "illegal move '{notation}': {reason}")
            }
            Self::InvalidState(msg) | Self::InvalidOption(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for Error {}
