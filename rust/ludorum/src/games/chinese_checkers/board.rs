//! Geometry of the star board: hole coordinates and names, neighbour and jump tables, and the
//! masks of the six points. Every table is built at compile time. No rules live here.
//!
//! Holes use axial coordinates (q, r), s = −q − r, r growing downwards. The hole index 0..120
//! runs row `a` (r = 8, the bottom tip) first, left to right (smallest q first), then row `b`,
//! and so on up to `q1` (r = −8). A set of holes is a `u128` with bit `i` for hole `i`.

/// Number of holes.
pub const HOLES: usize = 121;

/// Number of rows, lettered `a` (r = 8) to `q` (r = −8).
pub const ROWS: usize = 17;

/// Every hole.
pub const ALL: u128 = (1 << HOLES) - 1;

/// A bit index past the board, never set in a mask of holes: the jump table's "no hole".
pub const OFF_BOARD: u8 = 127;

/// The neighbour directions (dq, dr), in the order the rules page fixes.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// True when (q, r) is a hole of the star.
pub const fn exists(q: i32, r: i32) -> bool {
    let s = -q - r;
    (q >= -4 && r >= -4 && s >= -4) || (q <= 4 && r <= 4 && s <= 4)
}

const fn build_coords() -> [(i8, i8); HOLES] {
    let mut out = [(0, 0); HOLES];
    let mut i = 0;
    let mut r = 8;
    while r >= -8 {
        let mut q = -8;
        while q <= 8 {
            if exists(q, r) {
                out[i] = (q as i8, r as i8);
                i += 1;
            }
            q += 1;
        }
        r -= 1;
    }
    assert!(i == HOLES);
    out
}

/// The axial coordinates (q, r) of every hole, by index.
pub const COORDS: [(i8, i8); HOLES] = build_coords();

/// Slot of (q, r) in a 17 × 17 grid; the caller checks the range.
const fn grid(q: i32, r: i32) -> usize {
    ((r + 8) * 17 + (q + 8)) as usize
}

const fn build_grid() -> [u8; 289] {
    let mut out = [OFF_BOARD; 289];
    let mut i = 0;
    while i < HOLES {
        out[grid(COORDS[i].0 as i32, COORDS[i].1 as i32)] = i as u8;
        i += 1;
    }
    out
}

const GRID: [u8; 289] = build_grid();

/// The index of the hole at (q, r), `None` off the board.
///
/// # Examples
///
/// ```
/// use ludorum::games::chinese_checkers::board;
/// assert_eq!(board::index_of(-4, 8), Some(0));
/// assert_eq!(board::index_of(4, -8), Some(120));
/// assert_eq!(board::index_of(5, 5), None);
/// ```
pub const fn index_of(q: i32, r: i32) -> Option<usize> {
    if q < -8 || q > 8 || r < -8 || r > 8 || !exists(q, r) {
        return None;
    }
    Some(GRID[grid(q, r)] as usize)
}

const fn build_rows() -> [u8; ROWS + 1] {
    // ROW_START[k] = index of the first hole of row k (k = 0 for row `a`); ROW_START[17] = 121.
    let mut out = [0u8; ROWS + 1];
    let mut i = 0;
    while i < HOLES {
        let row = (8 - COORDS[i].1 as i32) as usize;
        out[row + 1] = (i + 1) as u8;
        i += 1;
    }
    out
}

/// Index of the first hole of each row (`a` = 0), with the total 121 at the end.
pub const ROW_START: [u8; ROWS + 1] = build_rows();

/// The name of a hole: its row letter and its number in the row, from 1 at the left.
///
/// # Examples
///
/// ```
/// use ludorum::games::chinese_checkers::board::hole_name;
/// assert_eq!(hole_name(0), "a1");
/// assert_eq!(hole_name(120), "q1");
/// ```
///
/// # Panics
///
/// When `index` is not below [`HOLES`].
pub fn hole_name(index: usize) -> String {
    let row = (8 - i32::from(COORDS[index].1)) as usize;
    let number = index - ROW_START[row] as usize + 1;
    format!("{}{number}", (b'a' + row as u8) as char)
}

/// The index of the hole named `name` (exactly as [`hole_name`] writes it), `None` otherwise.
///
/// # Examples
///
/// ```
/// use ludorum::games::chinese_checkers::board::hole_index;
/// assert_eq!(hole_index("i1"), Some(56));
/// assert_eq!(hole_index("i01"), None);
/// ```
pub fn hole_index(name: &str) -> Option<usize> {
    let bytes = name.as_bytes();
    let (&letter, digits) = bytes.split_first()?;
    if !(b'a'..=b'q').contains(&letter)
        || digits.is_empty()
        || digits.len() > 2
        || digits[0] == b'0'
        || !digits.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    let row = usize::from(letter - b'a');
    let number = digits
        .iter()
        .fold(0usize, |n, d| n * 10 + usize::from(d - b'0'));
    let len = usize::from(ROW_START[row + 1] - ROW_START[row]);
    (number <= len).then(|| usize::from(ROW_START[row]) + number - 1)
}

/// The hole `times` steps from `hole` in direction `d` (backwards when negative), or
/// [`OFF_BOARD`].
const fn step(hole: usize, d: usize, times: i32) -> u8 {
    let q = COORDS[hole].0 as i32 + DIRECTIONS[d].0 * times;
    let r = COORDS[hole].1 as i32 + DIRECTIONS[d].1 * times;
    match index_of(q, r) {
        Some(i) => i as u8,
        None => OFF_BOARD,
    }
}

const fn build_neighbours() -> [u128; HOLES] {
    let mut out = [0u128; HOLES];
    let mut h = 0;
    while h < HOLES {
        let mut d = 0;
        while d < 6 {
            let n = step(h, d, 1);
            if n != OFF_BOARD {
                out[h] |= 1 << n;
            }
            d += 1;
        }
        h += 1;
    }
    out
}

/// The adjacent holes of each hole.
pub static NEIGHBOURS: [u128; HOLES] = build_neighbours();

const fn build_hop_classes() -> [u128; HOLES] {
    let mut out = [0u128; HOLES];
    let mut h = 0;
    while h < HOLES {
        let mut i = 0;
        while i < HOLES {
            if (COORDS[h].0 - COORDS[i].0) % 2 == 0 && (COORDS[h].1 - COORDS[i].1) % 2 == 0 {
                out[h] |= 1 << i;
            }
            i += 1;
        }
        h += 1;
    }
    out
}

/// For each hole, the holes whose coordinates have the same parities as its own: the only
/// holes a hop chain from it can land on, as a hop moves both coordinates by an even amount.
/// A hole's neighbours are never in its class.
pub static HOP_CLASS: [u128; HOLES] = build_hop_classes();

const fn build_jumps() -> [[[u8; 2]; 6]; HOLES] {
    let mut out = [[[OFF_BOARD; 2]; 6]; HOLES];
    let mut h = 0;
    while h < HOLES {
        let mut d = 0;
        while d < 6 {
            let over = step(h, d, 1);
            let landing = step(h, d, 2);
            if over != OFF_BOARD && landing != OFF_BOARD {
                out[h][d] = [over, landing];
            }
            d += 1;
        }
        h += 1;
    }
    out
}

/// For each hole and direction, `[over, landing]`: the adjacent hole a hop passes over and the
/// hole beyond it where it lands; both [`OFF_BOARD`] when the landing is off the board.
pub static JUMPS: [[[u8; 2]; 6]; HOLES] = build_jumps();

const fn build_hops_over() -> [[[u8; 2]; 6]; HOLES] {
    let mut out = [[[OFF_BOARD; 2]; 6]; HOLES];
    let mut x = 0;
    while x < HOLES {
        let mut d = 0;
        while d < 6 {
            let back = step(x, d, -1);
            let ahead = step(x, d, 1);
            if back != OFF_BOARD && ahead != OFF_BOARD {
                out[x][d] = [back, ahead];
            }
            d += 1;
        }
        x += 1;
    }
    out
}

/// For each hole and direction, `[start, landing]` of the hop in that direction over the hole;
/// both [`OFF_BOARD`] when there is none.
pub static HOPS_OVER: [[[u8; 2]; 6]; HOLES] = build_hops_over();

/// Regions of the board by number: 0..5 the points T0..T5, 6 and 7 the wide points of T0 and T3.
const fn in_region(region: usize, q: i32, r: i32, s: i32) -> bool {
    match region {
        0 => r >= 5,
        1 => q <= -5,
        2 => s >= 5,
        3 => r <= -5,
        4 => q >= 5,
        5 => s <= -5,
        6 => r >= 4 && q >= -4 && s >= -4,
        _ => r <= -4 && q <= 4 && s <= 4,
    }
}

const fn region_mask(region: usize) -> u128 {
    let mut out = 0u128;
    let mut i = 0;
    while i < HOLES {
        let q = COORDS[i].0 as i32;
        let r = COORDS[i].1 as i32;
        if in_region(region, q, r, -q - r) {
            out |= 1 << i;
        }
        i += 1;
    }
    out
}

/// The six points (10-hole triangles) T0..T5: bottom (r ≥ 5), lower left (q ≤ −5), upper left
/// (s ≥ 5), top (r ≤ −5), upper right (q ≥ 5), lower right (s ≤ −5). Tk is opposite
/// T(k+3 mod 6).
pub const POINTS: [u128; 6] = [
    region_mask(0),
    region_mask(1),
    region_mask(2),
    region_mask(3),
    region_mask(4),
    region_mask(5),
];

/// The 15-hole triangles of side 5 around T0 (r ≥ 4, q ≥ −4, s ≥ −4) and T3 (r ≤ −4, q ≤ 4,
/// s ≤ 4): the point plus the 5 hexagon holes of the row next to it.
pub const WIDE_POINTS: [u128; 2] = [region_mask(6), region_mask(7)];

/// Bit `index` of a mask.
#[inline(always)]
pub const fn bit(index: usize) -> u128 {
    1 << index
}

const fn build_bits() -> [u128; 128] {
    let mut out = [0; 128];
    let mut i = 0;
    while i < 128 {
        out[i] = bit(i);
        i += 1;
    }
    out
}

static BITS: [u128; 128] = build_bits();

/// [`bit`] from a table, for an index below 128: a load instead of the shifts and selects of a
/// 128-bit shift, which measured faster in the hop table updates.
#[inline(always)]
pub fn bit_of(index: u8) -> u128 {
    BITS[usize::from(index & 127)]
}

/// Calls `visit` with the index of every set bit of `bits`, ascending. By 64-bit halves: a
/// `u128`'s lowest set bit and its clearing take a test and twice the operations, per bit.
#[inline(always)]
pub(super) fn for_each_bit(bits: u128, mut visit: impl FnMut(u32)) {
    for (mut half, offset) in [(bits as u64, 0), ((bits >> 64) as u64, 64)] {
        while half != 0 {
            visit(offset + half.trailing_zeros());
            half &= half - 1;
        }
    }
}
