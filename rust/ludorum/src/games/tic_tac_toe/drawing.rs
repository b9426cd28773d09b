//! The grid as text (`show` in the engine protocol), as `state.render()` draws it in Python:
//! row 3 on top, row numbers on the left, column letters below; `X` is player 0, `O` player 1.

use super::board::CELLS;
use super::state::TicTacToe;

/// The grid of `game`, one line per row and the separators between them, then the columns.
pub(super) fn board_text(game: &TicTacToe) -> String {
    let board = game.board();
    let mut lines = Vec::new();
    for r in 0..3 {
        // cell 3r + c is column c of row 3 - r: the top row first
        let cells: Vec<&str> = (0..3)
            .map(|c| match board[3 * r + c] {
                None => ".",
                Some(0) => "X",
                Some(_) => "O",
            })
            .collect();
        lines.push(format!("{}   {}", 3 - r, cells.join(" | ")));
        if r < 2 {
            lines.push("   ---+---+---".to_owned());
        }
    }
    lines.push("    a   b   c".to_owned());
    debug_assert_eq!(board.len(), CELLS);
    lines.join("\n")
}
