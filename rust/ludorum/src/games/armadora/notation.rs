//! Move notation: `3@c3` (warrior), `c2-d2` or `c2-d2 e4-e5` (palisades), `pass`; with the
//! advanced rules also `mage c3`, `goblin 2@c3`, `orc c2-d2`, `elf c3` and `reinforce c3`.

use super::board::{cell_index, cell_name, slot_between, slot_cells};
use super::movegen::ADVANCED_NUM_ACTIONS;
use super::movegen::{Move, MoveKind};
use super::{Armadora, NUM_ACTIONS};
use crate::core::error::Error;
use crate::core::game::Encoding;

/// The notation of a slot: its two cells, lower first.
pub fn slot_name(slot: usize) -> String {
    let (a, b) = slot_cells(slot);
    format!("{}-{}", cell_name(a), cell_name(b))
}

/// The notation of a move.
pub fn notation(mv: Move) -> String {
    match mv.kind() {
        MoveKind::Warrior { strength, cell } => {
            format!("{strength}@{}", cell_name(usize::from(cell)))
        }
        MoveKind::Single(s) => slot_name(usize::from(s)),
        MoveKind::Pair(a, b) => format!(
            "{} {}",
            slot_name(usize::from(a)),
            slot_name(usize::from(b))
        ),
        MoveKind::Pass => "pass".into(),
        MoveKind::Mage(c) => format!("mage {}", cell_name(usize::from(c))),
        MoveKind::Goblin { strength, cell } => {
            format!("goblin {strength}@{}", cell_name(usize::from(cell)))
        }
        MoveKind::Orc(s) => format!("orc {}", slot_name(usize::from(s))),
        MoveKind::Elf(c) => format!("elf {}", cell_name(usize::from(c))),
        MoveKind::Reinforce(c) => format!("reinforce {}", cell_name(usize::from(c))),
    }
}

/// A warrior `3@c3`: strength and cell.
fn parse_warrior(text: &str, s: &str, c: &str) -> Result<(u8, usize), Error> {
    let strength = match s.as_bytes() {
        &[d @ b'1'..=b'5'] => d - b'0',
        _ => {
            return Err(Error::invalid_move(
                text,
                format!("a warrior's strength is 1 to 5, got '{s}'"),
            ))
        }
    };
    let cell = cell_index(c)
        .ok_or_else(|| Error::invalid_move(text, format!("'{c}' is not a cell (a..h, 1..5)")))?;
    Ok((strength, cell))
}

/// The advanced rules' moves (`mage c3`, `goblin 2@c3`, `orc c2-d2`, `elf c3`, `reinforce
/// c3`); `None` when `text` starts with none of the five words.
fn parse_advanced(text: &str) -> Option<Result<Move, Error>> {
    let (word, rest) = text.split_once(' ')?;
    let cell = || {
        cell_index(rest).ok_or_else(|| {
            Error::invalid_move(text, format!("'{rest}' is not a cell (a..h, 1..5)"))
        })
    };
    Some(match word {
        "mage" => cell().map(Move::mage),
        "elf" => cell().map(Move::elf),
        "reinforce" => cell().map(Move::reinforce),
        "goblin" => match rest.split_once('@') {
            Some((s, c)) => parse_warrior(text, s, c).map(|(s, c)| Move::goblin(s, c)),
            None => Err(Error::invalid_move(text, "expected 'goblin 2@c3'")),
        },
        "orc" if !rest.contains(' ') => parse_slot(text, rest).map(Move::orc),
        "orc" => Err(Error::invalid_move(text, "the orc places one palisade")),
        _ => return None,
    })
}

fn parse_slot(text: &str, part: &str) -> Result<usize, Error> {
    let (a, b) = part.split_once('-').ok_or_else(|| {
        Error::invalid_move(text, "expected '3@c3', 'c2-d2', 'c2-d2 e4-e5' or 'pass'")
    })?;
    let cell = |name: &str| {
        cell_index(name).ok_or_else(|| {
            Error::invalid_move(text, format!("'{name}' is not a cell (a..h, 1..5)"))
        })
    };
    let (a, b) = (cell(a)?, cell(b)?);
    if a >= b {
        return Err(Error::invalid_move(
            text,
            "a slot is written by its two cells, lower index first",
        ));
    }
    slot_between(a, b)
        .ok_or_else(|| Error::invalid_move(text, "the two cells are not orthogonal neighbours"))
}

/// Parses a move (syntax only).
///
/// # Errors
///
/// [`Error::InvalidMove`] when the text names no move (with `advanced` false, the advanced
/// rules' moves name none).
pub fn parse_move(text: &str, advanced: bool) -> Result<Move, Error> {
    if text == "pass" {
        return Ok(Move::PASS);
    }
    if let Some(parsed) = parse_advanced(text) {
        if !advanced {
            return Err(Error::invalid_move(
                text,
                "powers and reinforcements need rules='advanced'",
            ));
        }
        return parsed;
    }
    if let Some((s, c)) = text.split_once('@') {
        let (strength, cell) = parse_warrior(text, s, c)?;
        return Ok(Move::warrior(strength, cell));
    }
    let parts: Vec<&str> = text.split(' ').collect();
    match parts[..] {
        [one] => Ok(Move::single(parse_slot(text, one)?)),
        [one, two] => {
            let (a, b) = (parse_slot(text, one)?, parse_slot(text, two)?);
            if a >= b {
                return Err(Error::invalid_move(
                    text,
                    "two palisades are two different slots in ascending slot id",
                ));
            }
            Ok(Move::pair(a, b))
        }
        _ => Err(Error::invalid_move(
            text,
            "expected '3@c3', 'c2-d2', 'c2-d2 e4-e5' or 'pass'",
        )),
    }
}

impl Encoding for Armadora {
    type Move = Move;

    fn num_actions(&self) -> usize {
        if self.is_advanced() {
            ADVANCED_NUM_ACTIONS
        } else {
            NUM_ACTIONS
        }
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_from_action(&self, action: usize) -> Result<Move, Error> {
        let n = self.num_actions();
        Move::from_action(action)
            .filter(|_| action < n)
            .ok_or_else(|| {
                Error::invalid_move(
                    action.to_string(),
                    format!("action ids run from 0 to {}", n - 1),
                )
            })
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        parse_move(text, self.is_advanced())
    }

    fn notation(&self, mv: Move) -> String {
        notation(mv)
    }
}
