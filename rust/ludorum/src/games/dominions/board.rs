//! Geometry of the hexagon of side 9 and the pattern tables: cell coordinates and names,
//! neighbours by direction, the sides that face off the board, a set of cells, and the masks
//! of patterns that fit given beams. Every table is built at compile time. No rules live here.
//!
//! Cell (u, v) has letter u = 0..16 (`a`..`q`) and number v + 1; it exists when
//! |u − v| ≤ 8. The cell index 0..216 runs by letter, then by number. Directions are bits
//! 0..5 (N, NW, SW, S, SE, NE); the opposite of bit k is bit (k + 3) mod 6. A set of patterns
//! is a `u64` with bit p for pattern p (1..63).

/// Number of cells.
pub const CELLS: usize = 217;

/// The side of the hexagon, in cells.
pub const SIDE: i32 = 9;

/// Number of patterns (1..63).
pub const PATTERNS: usize = 63;

/// Every direction (all six beams).
pub const ALL_DIRECTIONS: u8 = 63;

/// Every pattern 1..63 as a pattern set (bit p).
pub const ALL_PATTERNS: u64 = !1;

/// Marks a missing neighbour in [`NEIGHBOURS`].
pub const NONE: u8 = u8::MAX;

/// The step (du, dv) of each direction bit: N, NW, SW, S, SE, NE.
pub const STEPS: [(i32, i32); 6] = [(1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0), (0, 1)];

/// The direction names by bit.
pub const DIRECTION_NAMES: [&str; 6] = ["N", "NW", "SW", "S", "SE", "NE"];

/// The opposite of direction bit `k` (0..5).
#[inline(always)]
pub const fn opposite(k: usize) -> usize {
    if k < 3 {
        k + 3
    } else {
        k - 3
    }
}

/// True when (u, v) is a cell.
pub const fn exists(u: i32, v: i32) -> bool {
    u >= 0 && v >= 0 && u < 2 * SIDE - 1 && v < 2 * SIDE - 1 && (u - v).abs() < SIDE
}

/// The lowest number index v of letter u.
const fn v_min(u: i32) -> i32 {
    if u > SIDE - 1 {
        u - (SIDE - 1)
    } else {
        0
    }
}

const fn build_column_starts() -> [u8; 17] {
    let mut out = [0u8; 17];
    let mut u = 0;
    let mut next = 0;
    while u < 17 {
        out[u as usize] = next as u8;
        let v_max = if u + SIDE - 1 < 16 { u + SIDE - 1 } else { 16 };
        next += v_max - v_min(u) + 1;
        u += 1;
    }
    assert!(next as usize == CELLS);
    out
}

/// The index of the first cell of each letter.
const COLUMN_STARTS: [u8; 17] = build_column_starts();

/// The index of the cell (u, v), `None` off the board.
///
/// # Examples
///
/// ```
/// use ludorum::games::dominions::board;
/// assert_eq!(board::index_of(0, 0), Some(0));
/// assert_eq!(board::index_of(1, 0), Some(9));
/// assert_eq!(board::index_of(8, 8), Some(108), "i9, the centre");
/// assert_eq!(board::index_of(0, 9), None);
/// ```
pub const fn index_of(u: i32, v: i32) -> Option<usize> {
    if !exists(u, v) {
        return None;
    }
    Some(COLUMN_STARTS[u as usize] as usize + (v - v_min(u)) as usize)
}

const fn build_coords() -> [(u8, u8); CELLS] {
    let mut out = [(0, 0); CELLS];
    let mut u = 0;
    while u < 17 {
        let mut v = 0;
        while v < 17 {
            if let Some(i) = index_of(u, v) {
                out[i] = (u as u8, v as u8);
            }
            v += 1;
        }
        u += 1;
    }
    out
}

/// The coordinates (u, v) of every cell, by index.
pub const COORDS: [(u8, u8); CELLS] = build_coords();

const fn build_neighbours() -> [[u8; 6]; CELLS] {
    let mut out = [[NONE; 6]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (u, v) = (COORDS[i].0 as i32, COORDS[i].1 as i32);
        let mut d = 0;
        while d < 6 {
            if let Some(n) = index_of(u + STEPS[d].0, v + STEPS[d].1) {
                out[i][d] = n as u8;
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// The neighbour of each cell in each direction bit, [`NONE`] off the board.
pub static NEIGHBOURS: [[u8; 6]; CELLS] = build_neighbours();

const fn build_off_board() -> [u8; CELLS] {
    let neighbours = build_neighbours();
    let mut out = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 6 {
            if neighbours[i][d] == NONE {
                out[i] |= 1 << d;
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// Per cell: the directions whose neighbour is off the board (a piece there needs blanks).
pub static OFF_BOARD: [u8; CELLS] = build_off_board();

/// The name of a cell: letter and number, e.g. `i9`.
///
/// # Examples
///
/// ```
/// use ludorum::games::dominions::board::cell_name;
/// assert_eq!(cell_name(0), "a1");
/// assert_eq!(cell_name(9), "b1");
/// assert_eq!(cell_name(108), "i9");
/// assert_eq!(cell_name(216), "q17");
/// ```
///
/// # Panics
///
/// When `index` is not below [`CELLS`].
pub fn cell_name(index: usize) -> String {
    let (u, v) = COORDS[index];
    format!("{}{}", char::from(b'a' + u), v + 1)
}

/// The index of the cell named `name`, written exactly as [`cell_name`] writes it (lower
/// case, no leading zero); `None` otherwise.
///
/// # Examples
///
/// ```
/// use ludorum::games::dominions::board::cell_index;
/// assert_eq!(cell_index("a1"), Some(0));
/// assert_eq!(cell_index("q17"), Some(216));
/// assert_eq!(cell_index("a10"), None, "|u − v| > 8");
/// assert_eq!(cell_index("a01"), None);
/// ```
pub fn cell_index(name: &str) -> Option<usize> {
    let bytes = name.as_bytes();
    let (&letter, digits) = bytes.split_first()?;
    if !(b'a'..=b'q').contains(&letter) {
        return None;
    }
    let number = match *digits {
        [d @ b'1'..=b'9'] => d - b'0',
        [b'1', d @ b'0'..=b'7'] => 10 + d - b'0',
        _ => return None,
    };
    index_of(i32::from(letter - b'a'), i32::from(number) - 1)
}

const fn build_supersets() -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut r = 0;
    while r < 64 {
        let mut p = 1;
        while p < 64 {
            if p & r == r {
                out[r] |= 1 << p;
            }
            p += 1;
        }
        r += 1;
    }
    out
}

const fn build_subsets() -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut m = 0;
    while m < 64 {
        let mut p = 1;
        while p < 64 {
            if p & !m == 0 {
                out[m] |= 1 << p;
            }
            p += 1;
        }
        m += 1;
    }
    out
}

/// `SUPERSETS[r]`: the patterns with a beam on every side of `r`.
pub static SUPERSETS: [u64; 64] = build_supersets();

/// `SUBSETS[m]`: the patterns with beams only on sides of `m`.
pub static SUBSETS: [u64; 64] = build_subsets();

/// The patterns that fit sides that require beams `required` and forbid beams `forbidden`
/// (disjoint direction sets): a beam on every required side, a blank on every forbidden one.
///
/// # Examples
///
/// ```
/// use ludorum::games::dominions::board::fitting;
/// assert_eq!(fitting(0, 0).count_ones(), 63);
/// assert_eq!(fitting(0, 4 | 8 | 16).count_ones(), 7, "a corner");
/// assert_eq!(fitting(1, 2).count_ones(), 16, "N beam, NW blank");
/// ```
#[inline(always)]
pub fn fitting(required: u8, forbidden: u8) -> u64 {
    SUPERSETS[usize::from(required)] & SUBSETS[usize::from(ALL_DIRECTIONS & !forbidden)]
}

/// The patterns with at least one beam among the sides `sides`.
#[inline(always)]
pub fn beaming_into(sides: u8) -> u64 {
    ALL_PATTERNS & !SUBSETS[usize::from(ALL_DIRECTIONS & !sides)]
}

/// A set of cells: bit i of word i / 64 for cell i.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet(pub [u64; 4]);

impl CellSet {
    /// No cell.
    pub const EMPTY: Self = Self([0; 4]);

    /// Every cell of the board.
    pub const ALL: Self = Self([!0, !0, !0, (1 << (CELLS - 192)) - 1]);

    /// The set of one cell.
    #[inline(always)]
    pub fn single(cell: usize) -> Self {
        let mut set = Self::EMPTY;
        set.insert(cell);
        set
    }

    /// Adds a cell.
    #[inline(always)]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell >> 6] |= 1 << (cell & 63);
    }

    /// Removes a cell.
    #[inline(always)]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell >> 6] &= !(1 << (cell & 63));
    }

    /// True when `cell` is in the set.
    #[inline(always)]
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell >> 6] & (1 << (cell & 63)) != 0
    }

    /// True when the set has no cell.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// The number of cells.
    #[inline(always)]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The cells in both sets.
    #[inline(always)]
    pub fn intersection(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        out
    }

    /// Calls `f` on every cell, ascending (see [`find_map`](Self::find_map)).
    #[inline(always)]
    pub fn for_each(&self, mut f: impl FnMut(usize)) {
        self.find_map(|cell| {
            f(cell);
            None::<()>
        });
    }

    /// The first `Some` that `f` gives, calling it on the cells in ascending order: a loop per
    /// word, which compiles to tighter code than the iterator in the hottest loops.
    #[inline(always)]
    pub fn find_map<T>(&self, mut f: impl FnMut(usize) -> Option<T>) -> Option<T> {
        for (w, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                if let Some(found) = f(w * 64 + bits.trailing_zeros() as usize) {
                    return Some(found);
                }
                bits &= bits - 1;
            }
        }
        None
    }

    /// Adds every cell of `other`.
    #[inline(always)]
    pub fn union_with(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    /// The cells, ascending.
    #[inline(always)]
    pub fn iter(self) -> CellIter {
        CellIter {
            words: self.0,
            word: 0,
        }
    }
}

/// The cells of a [`CellSet`], ascending.
pub struct CellIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for CellIter {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}
