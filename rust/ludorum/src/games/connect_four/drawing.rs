//! The grid as text (`show` in the engine protocol), as `state.render()` draws it in Python:
//! row 6 on top, row numbers on the left, and below the column numbers, which are the moves;
//! `X` is player 0 (red), `O` player 1 (yellow).

use super::board::{HEIGHT, WIDTH};
use super::state::ConnectFour;

/// The grid of `game`, one line per row, then the column numbers.
pub(super) fn board_text(game: &ConnectFour) -> String {
    let board = game.board();
    let mut lines = Vec::new();
    for row in (0..HEIGHT).rev() {
        let cells: Vec<&str> = (0..WIDTH)
            .map(|column| match board[WIDTH * row + column] {
                None => ".",
                Some(0) => "X",
                Some(_) => "O",
            })
            .collect();
        lines.push(format!("{}  {}", row + 1, cells.join(" ")));
    }
    let columns: Vec<String> = (1..=WIDTH).map(|c| c.to_string()).collect();
    lines.push(format!("   {}", columns.join(" ")));
    lines.join("\n")
}
