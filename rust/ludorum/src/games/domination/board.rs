//! Geometry of the 52-square board: square coordinates and names, and the squares a stack can
//! reach from each square, sorted by index. Every table is built at compile time. No rules
//! live here.
//!
//! Square (x, y) has file x = 0..7 (`a`..`h`) and rank y = 0..7 (`1`..`8`); it is on the board
//! when min(x, 7 − x) + min(y, 7 − y) ≥ 2. The square index 0..51 runs rank by rank from rank
//! 1, files left to right. A set of squares is a `u64` with bit `i` for square `i`.

/// Number of squares.
pub const SQUARES: usize = 52;

/// Every square.
pub const ALL: u64 = (1 << SQUARES) - 1;

/// The tallest stack.
pub const MAX_HEIGHT: usize = 5;

/// The most squares one square can reach (four directions, five squares each).
pub const MAX_TARGETS: usize = 4 * MAX_HEIGHT;

/// True when (x, y) is a square of the board.
pub const fn exists(x: i32, y: i32) -> bool {
    const fn edge(v: i32) -> i32 {
        if v < 7 - v {
            v
        } else {
            7 - v
        }
    }
    x >= 0 && x < 8 && y >= 0 && y < 8 && edge(x) + edge(y) >= 2
}

const fn build_coords() -> [(u8, u8); SQUARES] {
    let mut out = [(0, 0); SQUARES];
    let mut i = 0;
    let mut y = 0;
    while y < 8 {
        let mut x = 0;
        while x < 8 {
            if exists(x, y) {
                out[i] = (x as u8, y as u8);
                i += 1;
            }
            x += 1;
        }
        y += 1;
    }
    assert!(i == SQUARES);
    out
}

/// The coordinates (x, y) of every square, by index.
pub const COORDS: [(u8, u8); SQUARES] = build_coords();

/// Marks a slot of [`GRID`] that is no square.
const NO_SQUARE: u8 = u8::MAX;

const fn build_grid() -> [u8; 64] {
    let mut out = [NO_SQUARE; 64];
    let mut i = 0;
    while i < SQUARES {
        out[COORDS[i].1 as usize * 8 + COORDS[i].0 as usize] = i as u8;
        i += 1;
    }
    out
}

/// Square index by `y * 8 + x`, [`NO_SQUARE`] off the board.
const GRID: [u8; 64] = build_grid();

/// The index of the square at (x, y), `None` off the board.
///
/// # Examples
///
/// ```
/// use ludorum::games::domination::board;
/// assert_eq!(board::index_of(2, 0), Some(0));
/// assert_eq!(board::index_of(5, 7), Some(51));
/// assert_eq!(board::index_of(0, 0), None);
/// ```
pub const fn index_of(x: i32, y: i32) -> Option<usize> {
    if !exists(x, y) {
        return None;
    }
    Some(GRID[(y * 8 + x) as usize] as usize)
}

/// The chess name of a square: file letter and rank digit.
///
/// # Examples
///
/// ```
/// use ludorum::games::domination::board::square_name;
/// assert_eq!(square_name(0), "c1");
/// assert_eq!(square_name(4), "b2");
/// assert_eq!(square_name(51), "f8");
/// ```
///
/// # Panics
///
/// When `index` is not below [`SQUARES`].
pub fn square_name(index: usize) -> String {
    let (x, y) = COORDS[index];
    format!("{}{}", char::from(b'a' + x), char::from(b'1' + y))
}

/// The index of the square named `name` (exactly as [`square_name`] writes it), `None`
/// otherwise.
///
/// # Examples
///
/// ```
/// use ludorum::games::domination::board::square_index;
/// assert_eq!(square_index("c1"), Some(0));
/// assert_eq!(square_index("a1"), None);
/// assert_eq!(square_index("C1"), None);
/// ```
pub fn square_index(name: &str) -> Option<usize> {
    match *name.as_bytes() {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
            index_of(i32::from(file - b'a'), i32::from(rank - b'1'))
        }
        _ => None,
    }
}

/// The number of squares between `a` and `b` along their rank or file, `None` when they share
/// neither (or are the same square).
pub const fn distance(a: usize, b: usize) -> Option<usize> {
    let (ax, ay) = (COORDS[a].0 as i32, COORDS[a].1 as i32);
    let (bx, by) = (COORDS[b].0 as i32, COORDS[b].1 as i32);
    if a == b || (ax != bx && ay != by) {
        return None;
    }
    // Every rank and file is unbroken, so the straight line stays on the board.
    Some(((ax - bx).abs() + (ay - by).abs()) as usize)
}

/// The squares a stack on one square can reach (same rank or file, 1..=5 away), ascending by
/// index, each with its distance.
#[derive(Clone, Copy, Debug)]
pub struct Targets {
    /// How many entries of `list` are used.
    pub len: u8,
    /// `(square, distance)`, ascending by square.
    pub list: [(u8, u8); MAX_TARGETS],
}

const fn build_targets() -> [Targets; SQUARES] {
    let mut out = [Targets {
        len: 0,
        list: [(0, 0); MAX_TARGETS],
    }; SQUARES];
    let mut from = 0;
    while from < SQUARES {
        let mut to = 0;
        while to < SQUARES {
            if let Some(d) = distance(from, to) {
                if d <= MAX_HEIGHT {
                    let t = &mut out[from];
                    t.list[t.len as usize] = (to as u8, d as u8);
                    t.len += 1;
                }
            }
            to += 1;
        }
        from += 1;
    }
    out
}

/// The reachable squares of every square, from which [`REACH`] and [`MOVE_COUNTS`] are built.
const TARGETS_TABLE: [Targets; SQUARES] = build_targets();

/// The targets of every square cut to each height: the squares at most `height` away.
const fn build_reach() -> [[Targets; MAX_HEIGHT + 1]; SQUARES] {
    let mut out = [[Targets {
        len: 0,
        list: [(0, 0); MAX_TARGETS],
    }; MAX_HEIGHT + 1]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let all = &TARGETS_TABLE[s];
        let mut h = 0;
        while h <= MAX_HEIGHT {
            let t = &mut out[s][h];
            let mut i = 0;
            while i < all.len as usize {
                if all.list[i].1 as usize <= h {
                    t.list[t.len as usize] = all.list[i];
                    t.len += 1;
                }
                i += 1;
            }
            h += 1;
        }
        s += 1;
    }
    out
}

/// `REACH[square][height]`: the squares a stack of `height` on `square` reaches, ascending by
/// index (see [`Targets`]); `REACH[square][MAX_HEIGHT]` holds every square within reach of
/// any stack. A move generator walks only these, where a walk of every target that skipped
/// those too far was most of a batched env's listing of the moves.
pub static REACH: [[Targets; MAX_HEIGHT + 1]; SQUARES] = build_reach();

/// Per square and height: the number of stack moves of a stack of that height there, under
/// `up_to` (index 0: the stack lifting k ≥ d travels d) and `exact` (index 1: k = d).
const fn build_counts() -> [[[u8; MAX_HEIGHT + 1]; SQUARES]; 2] {
    let mut out = [[[0; MAX_HEIGHT + 1]; SQUARES]; 2];
    let mut s = 0;
    while s < SQUARES {
        let t = &TARGETS_TABLE[s];
        let mut h = 1;
        while h <= MAX_HEIGHT {
            let mut i = 0;
            while i < t.len as usize {
                let d = t.list[i].1 as usize;
                if d <= h {
                    out[0][s][h] += (h - d + 1) as u8;
                    out[1][s][h] += 1;
                }
                i += 1;
            }
            h += 1;
        }
        s += 1;
    }
    out
}

/// `MOVE_COUNTS[movement][square][height]`: the stack moves of one stack (movement 0 `up_to`,
/// 1 `exact`).
pub static MOVE_COUNTS: [[[u8; MAX_HEIGHT + 1]; SQUARES]; 2] = build_counts();

/// A colour letter as a colour index (`G R B Y` = 0..3), `None` otherwise.
pub const fn colour_of(letter: u8) -> Option<u8> {
    match letter {
        b'G' => Some(0),
        b'R' => Some(1),
        b'B' => Some(2),
        b'Y' => Some(3),
        _ => None,
    }
}

/// The colour letters by colour index.
pub const COLOUR_LETTERS: [u8; 4] = *b"GRBY";

/// An empty square of a layout.
pub const EMPTY: u8 = u8::MAX;

/// Reads a start diagram of the rules page: a line per rank, the rank digit then eight cells
/// (`#` no square, `.` empty, or a colour letter); other lines (the file letters) are skipped
/// and ranks not drawn are empty. Panics (at compile time) when a cell disagrees with the
/// board's shape.
pub const fn parse_layout(text: &str) -> [u8; SQUARES] {
    let b = text.as_bytes();
    let mut out = [EMPTY; SQUARES];
    let mut i = 0;
    while i < b.len() {
        let mut j = i;
        while j < b.len() && b[j] == b' ' {
            j += 1;
        }
        if j < b.len() && b[j] >= b'1' && b[j] <= b'8' {
            let y = (b[j] - b'1') as i32;
            j += 1;
            let mut x = 0;
            while x < 8 {
                while b[j] == b' ' {
                    j += 1;
                }
                let cell = b[j];
                if cell == b'#' {
                    assert!(!exists(x, y), "'#' on a square");
                } else {
                    let Some(square) = index_of(x, y) else {
                        panic!("a cell off the board")
                    };
                    if cell != b'.' {
                        let Some(colour) = colour_of(cell) else {
                            panic!("not a colour letter")
                        };
                        out[square] = colour;
                    }
                }
                j += 1;
                x += 1;
            }
        }
        while j < b.len() && b[j] != b'\n' {
            j += 1;
        }
        i = j + 1;
    }
    out
}
