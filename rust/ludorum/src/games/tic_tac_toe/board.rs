//! Geometry of the 3×3 grid: cell indices and names, the eight lines, and a table of the mark
//! sets that hold a line. No rules live here.
//!
//! The cell index 0..8 runs the top row first, left to right: index = `3 * (3 - row) + column`
//! (column `a` = 0), so `a3` = 0, `b2` = 4 and `c1` = 8. A set of cells is a `u16` with bit `i`
//! for cell `i`.

/// Number of cells.
pub const CELLS: usize = 9;

/// Every cell, as a set.
pub const FULL: u16 = (1 << CELLS) - 1;

/// The eight lines as cell sets: the three rows (top first), the three columns (`a` first),
/// then the diagonals `a3`-`c1` and `c3`-`a1`.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const fn build_wins() -> [u64; 8] {
    let mut out = [0u64; 8];
    let mut set = 0;
    while set < 1 << CELLS {
        let mut k = 0;
        while k < LINES.len() {
            if set & LINES[k] as usize == LINES[k] as usize {
                out[set >> 6] |= 1 << (set & 63);
            }
            k += 1;
        }
        set += 1;
    }
    out
}

/// Bit `s` is set when the cell set `s` (0..511) holds a whole line.
static WINS: [u64; 8] = build_wins();

/// True when the cell set `marks` holds a whole line.
///
/// # Examples
///
/// ```
/// use ludorum::games::tic_tac_toe::board::holds_line;
/// assert!(holds_line(0b001_010_100)); // c3, b2, a1
/// assert!(!holds_line(0b011_000_011));
/// ```
#[inline(always)]
pub fn holds_line(marks: u16) -> bool {
    let marks = usize::from(marks & FULL);
    WINS[marks >> 6] >> (marks & 63) & 1 != 0
}

/// The name of cell `index`: column letter and row digit.
///
/// # Examples
///
/// ```
/// use ludorum::games::tic_tac_toe::board::cell_name;
/// assert_eq!(cell_name(0), "a3");
/// assert_eq!(cell_name(4), "b2");
/// assert_eq!(cell_name(8), "c1");
/// ```
///
/// # Panics
///
/// When `index` is not below [`CELLS`].
pub fn cell_name(index: usize) -> String {
    assert!(index < CELLS, "cell index {index} is off the grid");
    let (column, row) = (index % 3, 3 - index / 3);
    format!("{}{row}", char::from(b'a' + column as u8))
}

/// The index of the cell named `name` (`a1` .. `c3`, exactly), `None` otherwise.
///
/// # Examples
///
/// ```
/// use ludorum::games::tic_tac_toe::board::cell_index;
/// assert_eq!(cell_index("a3"), Some(0));
/// assert_eq!(cell_index("c1"), Some(8));
/// assert_eq!(cell_index("A1"), None);
/// assert_eq!(cell_index("a4"), None);
/// ```
pub fn cell_index(name: &str) -> Option<usize> {
    match *name.as_bytes() {
        [column @ b'a'..=b'c', row @ b'1'..=b'3'] => {
            Some(3 * usize::from(b'3' - row) + usize::from(column - b'a'))
        }
        _ => None,
    }
}
