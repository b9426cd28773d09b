//! Geometry of the grid of 7 columns and 6 rows: cell indices and names, the bitboard layout,
//! the 69 lines of four, and the four-in-a-row test by shifts. No rules live here.
//!
//! The **cell index** 0..41 of the rules page runs the bottom row first, left to right:
//! index = `7 * (row - 1) + (column - 1)`. The engine keeps each player's discs in a `u64`
//! **bitboard** whose bit `7 * (column - 1) + (row - 1)` is the cell: each column takes 7 bits,
//! 6 for its cells and a seventh always empty above them, so that shifting by 1 (up), 7 (right),
//! 6 (down-right) or 8 (up-right) never carries a line from one column into the next.

/// Columns.
pub const WIDTH: usize = 7;

/// Rows.
pub const HEIGHT: usize = 6;

/// Number of cells.
pub const CELLS: usize = WIDTH * HEIGHT;

/// Bits per column in a bitboard: the cells and the empty bit above them.
pub const STRIDE: usize = HEIGHT + 1;

/// Bits in a bitboard, the bits above the columns included.
pub const BITS: usize = WIDTH * STRIDE;

/// Every cell, as a bitboard.
pub const ALL: u64 = {
    let mut all = 0;
    let mut column = 0;
    while column < WIDTH {
        all |= ((1 << HEIGHT) - 1) << (column * STRIDE);
        column += 1;
    }
    all
};

/// The bitboard bit of the cell in `column` and `row` (both from 0).
#[inline(always)]
pub const fn bit_at(column: usize, row: usize) -> usize {
    column * STRIDE + row
}

/// The bitboard bit of cell `index`.
///
/// # Examples
///
/// ```
/// use ludorum::games::connect_four::board::{bit_of_cell, cell_of_bit};
/// assert_eq!(bit_of_cell(0), 0); // a1
/// assert_eq!(bit_of_cell(7), 1); // a2
/// assert_eq!(bit_of_cell(3), 21); // d1
/// assert_eq!(cell_of_bit(21), Some(3));
/// assert_eq!(cell_of_bit(6), None); // above column a
/// ```
#[inline(always)]
pub const fn bit_of_cell(index: usize) -> usize {
    bit_at(index % WIDTH, index / WIDTH)
}

/// The cell index of a bitboard bit, `None` for the bits above the columns.
pub const fn cell_of_bit(bit: usize) -> Option<usize> {
    let (column, row) = (bit / STRIDE, bit % STRIDE);
    if column < WIDTH && row < HEIGHT {
        Some(row * WIDTH + column)
    } else {
        None
    }
}

/// The bit of each column's lowest cell: one bit every [`STRIDE`].
const BOTTOMS: u64 = {
    let mut bottoms = 0;
    let mut column = 0;
    while column < WIDTH {
        bottoms |= 1 << bit_at(column, 0);
        column += 1;
    }
    bottoms
};

/// Multiplied by one row of [`BOTTOMS`], moves column `c`'s bit to bit `ROW_AT + c`: its
/// factor is `2^(ROW_AT + c - STRIDE * c)`. The other products land on other bits (`STRIDE * c'
/// - (STRIDE - 1) * c` differ for every pair), so nothing carries into the row.
const ROW_AT: usize = (WIDTH - 1) * (STRIDE - 1);
const GATHER: u64 = {
    let mut factor = 0;
    let mut column = 0;
    while column < WIDTH {
        factor |= 1 << (ROW_AT - (STRIDE - 1) * column);
        column += 1;
    }
    factor
};

/// Row `row` of the bitboard `discs` (counted from the bottom), bit `c` for column `c`: the
/// row's seven cells in the order of the observation's planes (cell `row * 7 + column`),
/// gathered by one multiplication.
///
/// # Examples
///
/// ```
/// use ludorum::games::connect_four::board::{bit_at, row_of};
/// let discs = 1 << bit_at(0, 1) | 1 << bit_at(3, 1) | 1 << bit_at(6, 5); // a2 d2 g6
/// assert_eq!(row_of(discs, 1), 0b1001);
/// assert_eq!(row_of(discs, 5), 1 << 6);
/// assert_eq!(row_of(discs, 0), 0);
/// ```
#[inline(always)]
pub const fn row_of(discs: u64, row: usize) -> usize {
    ((discs >> row & BOTTOMS).wrapping_mul(GATHER) >> ROW_AT & ((1 << WIDTH) - 1)) as usize
}

/// True when the bitboard `discs` holds four discs in a line.
///
/// # Examples
///
/// ```
/// use ludorum::games::connect_four::board::{bit_at, four_in_a_row};
/// let row = (0..4).fold(0, |b, c| b | 1 << bit_at(c + 2, 0)); // c1 d1 e1 f1
/// assert!(four_in_a_row(row));
/// let diagonal = (0..4).fold(0, |b, k| b | 1 << bit_at(k + 3, 3 - k)); // d4 e3 f2 g1
/// assert!(four_in_a_row(diagonal));
/// assert!(!four_in_a_row(row & !(1 << bit_at(4, 0))));
/// ```
#[inline(always)]
pub const fn four_in_a_row(discs: u64) -> bool {
    // Up, right, down-right, up-right.
    let pairs = discs & (discs >> 1);
    if pairs & (pairs >> 2) != 0 {
        return true;
    }
    let pairs = discs & (discs >> STRIDE);
    if pairs & (pairs >> (2 * STRIDE)) != 0 {
        return true;
    }
    let pairs = discs & (discs >> (STRIDE - 1));
    if pairs & (pairs >> (2 * (STRIDE - 1))) != 0 {
        return true;
    }
    let pairs = discs & (discs >> (STRIDE + 1));
    pairs & (pairs >> (2 * (STRIDE + 1))) != 0
}

/// Number of lines of four cells on the grid.
pub const LINE_COUNT: usize = 69;

const fn build_lines() -> [u64; LINE_COUNT] {
    let mut out = [0u64; LINE_COUNT];
    let mut n = 0;
    // (column step, row step): right, up, up-right, down-right.
    let steps: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut s = 0;
    while s < 4 {
        let (dc, dr) = steps[s];
        let mut row = 0;
        while row < HEIGHT as i32 {
            let mut column = 0;
            while column < WIDTH as i32 {
                let (end_c, end_r) = (column + 3 * dc, row + 3 * dr);
                if end_c >= 0 && end_c < WIDTH as i32 && end_r >= 0 && end_r < HEIGHT as i32 {
                    let mut line = 0;
                    let mut k = 0;
                    while k < 4 {
                        line |= 1 << bit_at((column + k * dc) as usize, (row + k * dr) as usize);
                        k += 1;
                    }
                    out[n] = line;
                    n += 1;
                }
                column += 1;
            }
            row += 1;
        }
        s += 1;
    }
    assert!(n == LINE_COUNT);
    out
}

/// The 69 lines of four cells, as bitboards: 24 horizontal, 21 vertical, 12 of each diagonal.
pub static LINES: [u64; LINE_COUNT] = build_lines();

/// The name of cell `index`: the column's letter and the row, e.g. `d1` (index 3).
///
/// # Examples
///
/// ```
/// use ludorum::games::connect_four::board::cell_name;
/// assert_eq!(cell_name(0), "a1");
/// assert_eq!(cell_name(7), "a2");
/// assert_eq!(cell_name(41), "g6");
/// ```
///
/// # Panics
///
/// When `index` is not below [`CELLS`].
pub fn cell_name(index: usize) -> String {
    assert!(index < CELLS, "cell index {index} is off the grid");
    let (column, row) = (index % WIDTH, index / WIDTH + 1);
    format!("{}{row}", char::from(b'a' + column as u8))
}

/// The index of the cell named `name` (`a1` .. `g6`, exactly), `None` otherwise.
///
/// # Examples
///
/// ```
/// use ludorum::games::connect_four::board::cell_index;
/// assert_eq!(cell_index("d1"), Some(3));
/// assert_eq!(cell_index("g6"), Some(41));
/// assert_eq!(cell_index("h1"), None);
/// assert_eq!(cell_index("a7"), None);
/// ```
pub fn cell_index(name: &str) -> Option<usize> {
    match *name.as_bytes() {
        [column @ b'a'..=b'g', row @ b'1'..=b'6'] => {
            Some(WIDTH * usize::from(row - b'1') + usize::from(column - b'a'))
        }
        _ => None,
    }
}
