//! The board as text (`show` in the engine protocol), as `state.render()` draws it in Python:
//! rank 8 on top, every stack as its colour letters bottom to top, right-aligned in a field
//! five wide so that the controlling pieces line up; `.` an empty square and `#` a cut corner.
//! Below, one line per player: the stacks it controls, its reserve, its captured pieces, and
//! its opening piece in a 3-player game.

use super::board::{index_of, COLOUR_LETTERS, MAX_HEIGHT, SQUARES};
use super::state::Domination;
use crate::core::game::Game;

/// The board of `game`, then one line per player.
pub(super) fn board_text(game: &Domination) -> String {
    let mut lines = Vec::new();
    for y in (0..8).rev() {
        let cells: Vec<String> = (0..8)
            .map(|x| {
                let cell = match index_of(x, y) {
                    None => "#".to_owned(),
                    Some(square) => {
                        let stack = game.stack(square);
                        let letters: String =
                            stack.iter().map(|&c| letter(usize::from(c))).collect();
                        if letters.is_empty() {
                            ".".to_owned()
                        } else {
                            letters
                        }
                    }
                };
                format!("{cell:>MAX_HEIGHT$}")
            })
            .collect();
        lines.push(format!("{}  {}  {}", y + 1, cells.join(" "), y + 1));
    }
    let files: Vec<String> = ('a'..='h').map(|f| format!("{f:>MAX_HEIGHT$}")).collect();
    lines.push(format!("   {}", files.join(" ")));
    let players = game.num_players();
    let opening = players == 3 || (0..players).any(|p| game.in_hand(p));
    for player in 0..players {
        let stacks = (0..SQUARES)
            .filter(|&s| game.controller(s) == Some(player))
            .count();
        let mut line = format!(
            "{player} {}  stacks {stacks:>2}  reserve {:>2}  captured {:>2}",
            letter(player),
            game.reserve(player),
            game.captured(player)
        );
        if opening {
            line += &format!("  in hand {}", u8::from(game.in_hand(player)));
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// A colour's letter (`G R B Y`: players 0 to 3).
fn letter(player: usize) -> char {
    char::from(COLOUR_LETTERS[player])
}
