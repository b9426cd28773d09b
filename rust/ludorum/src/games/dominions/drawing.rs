//! The hexagon as text (`show` in the engine protocol), as `state.render()` draws it in
//! Python: one line per letter, row `q` on top, rows staggered half a cell, each between the
//! names of its first and last cells. A piece is the letter of the colour it shows (`W`, `B`)
//! and its pattern, lower case when reversed (`w8`: Black's 8 showing White); `.` is an empty
//! cell. Below, one line per player: score, pieces showing its colour, how many of those are
//! reversed, pieces in hand (and komi on Black's line).

use super::board::{cell_name, CELLS, COORDS, SIDE};
use super::state::Dominions;

/// Letters (and numbers) of the board.
const SPAN: u8 = 2 * SIDE as u8 - 1;

/// The colours' letters, White's first.
const LETTERS: [char; 2] = ['W', 'B'];

/// The hexagon of `game`, then one line per player.
pub(super) fn board_text(game: &Dominions) -> String {
    let mut lines = Vec::new();
    for row in (0..SPAN).rev() {
        let cells: Vec<usize> = (0..CELLS).filter(|&i| COORDS[i].0 == row).collect();
        let mut text = String::new();
        let mut dot = 0;
        for &i in &cells {
            let (u, v) = (usize::from(COORDS[i].0), usize::from(COORDS[i].1));
            // the dot, or a pattern's first digit, is at column 4v - 2u + 20: four columns a
            // cell along a row, each row two columns left of the row below
            dot = 4 * v + 20 - 2 * u;
            if text.is_empty() {
                text = format!("{:>width$}", cell_name(i), width = dot - 2);
            }
            let token = token(game.cell(i));
            pad(&mut text, if token == "." { dot } else { dot - 1 });
            text += &token;
        }
        pad(&mut text, dot + 1);
        lines.push(format!("{text}  {}", cell_name(cells[cells.len() - 1])));
    }
    let (mut shown, mut reversed) = ([0; 2], [0; 2]);
    for i in 0..CELLS {
        if let Some((_, owner, colour)) = game.cell(i) {
            shown[usize::from(colour)] += 1;
            reversed[usize::from(colour)] += usize::from(owner != colour);
        }
    }
    let (white, black) = game.scores();
    let scores = [number(white), number(black)];
    let width = scores.iter().map(String::len).max().unwrap_or(1);
    for player in 0..2 {
        let mut line = format!(
            "{player} {}  score {:>width$}  on board {:>2}  reversed {:>2}  in hand {:>2}",
            LETTERS[player],
            scores[player],
            shown[player],
            reversed[player],
            game.hand(player).len()
        );
        if player == 1 {
            line += &format!("  komi {}", number(game.komi()));
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// `W63` for White's 63 showing White; lower case (`w8`) for a reversed piece; `.` for none.
fn token(piece: Option<(u8, u8, u8)>) -> String {
    match piece {
        None => ".".to_owned(),
        Some((pattern, owner, colour)) => {
            let letter = LETTERS[usize::from(colour)];
            let letter = if owner == colour {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            format!("{letter}{pattern}")
        }
    }
}

/// Spaces added to `text` up to `width` characters (as Python's `ljust`).
fn pad(text: &mut String, width: usize) {
    while text.chars().count() < width {
        text.push(' ');
    }
}

/// A score or komi without a useless `.0`: `-60`, `6.5`.
fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" || text.is_empty() {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}
