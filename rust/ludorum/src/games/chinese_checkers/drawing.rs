//! The star as text (`show` in the engine protocol), as `state.render()` draws it in Python:
//! row `q` on top, each row between its letter and its last hole's name, holes staggered by
//! half a cell so that the six directions read as on the board; a piece is its owner's digit
//! and an empty hole `.`.

use super::board::{hole_name, COORDS, ROWS, ROW_START};
use super::state::ChineseCheckers;

/// Columns of a row: `2q + r` runs from -12 to 12 on rows `e` and `m`.
const WIDTH: usize = 25;

/// The star of `game`, one line per row, row `q` first.
pub(super) fn board_text(game: &ChineseCheckers) -> String {
    let board = game.board();
    let mut lines = Vec::with_capacity(ROWS);
    for row in (0..ROWS).rev() {
        let mut cells = [' '; WIDTH];
        let holes = usize::from(ROW_START[row])..usize::from(ROW_START[row + 1]);
        for i in holes.clone() {
            let (q, r) = (i32::from(COORDS[i].0), i32::from(COORDS[i].1));
            cells[(2 * q + r + 12) as usize] = match board[i] {
                None => '.',
                Some(owner) => char::from(b'0' + owner),
            };
        }
        let letter = char::from(b'a' + row as u8);
        let cells: String = cells.iter().collect();
        lines.push(format!("{letter}  {cells}  {}", hole_name(holes.end - 1)));
    }
    lines.join("\n")
}
