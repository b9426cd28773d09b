//! Geometry: cells, mines, palisade slots and territories as bitboards over the 40 cells.

/// Number of cells (8 columns × 5 rows).
pub const CELLS: usize = 40;
/// Number of palisade slots.
pub const SLOTS: usize = 67;
/// Number of gold mines.
pub const MINES: usize = 8;
/// The mine cells in mine order: d1, b2, f2, h2, a4, e4, c5, g5.
pub const MINE_CELLS: [usize; MINES] = [3, 9, 13, 15, 24, 28, 34, 38];
/// Every cell.
pub const ALL: u64 = (1 << CELLS) - 1;

const fn mine_mask() -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < MINES {
        m |= 1 << MINE_CELLS[i];
        i += 1;
    }
    m
}

/// The mine cells as a bitboard.
pub const MINES_MASK: u64 = mine_mask();
/// The land cells (not a mine).
pub const LAND: u64 = ALL & !MINES_MASK;

/// The mine index of a cell, if it is a mine.
pub fn mine_of(cell: usize) -> Option<usize> {
    MINE_CELLS.iter().position(|&c| c == cell)
}

/// The two cells a slot separates, lower index first.
pub const fn slot_cells(slot: usize) -> (usize, usize) {
    if slot < 35 {
        let (y, x) = (slot / 7, slot % 7);
        (8 * y + x, 8 * y + x + 1)
    } else {
        let c = slot - 35;
        (c, c + 8)
    }
}

/// The slot between two cells, if they are orthogonal neighbours (any order).
pub fn slot_between(a: usize, b: usize) -> Option<usize> {
    let (a, b) = (a.min(b), a.max(b));
    if b >= CELLS {
        return None;
    }
    if b == a + 1 && a % 8 != 7 {
        Some(7 * (a / 8) + a % 8)
    } else if b == a + 8 {
        Some(35 + a)
    } else {
        None
    }
}

/// Name of a cell: `a1`..`h5`.
pub fn cell_name(cell: usize) -> String {
    format!(
        "{}{}",
        char::from(b'a' + (cell % 8) as u8),
        char::from(b'1' + (cell / 8) as u8)
    )
}

/// The cell of a name `a1`..`h5`.
pub fn cell_index(name: &str) -> Option<usize> {
    match name.as_bytes() {
        &[x @ b'a'..=b'h', y @ b'1'..=b'5'] => {
            Some(usize::from(y - b'1') * 8 + usize::from(x - b'a'))
        }
        _ => None,
    }
}

/// Passable edges: bit c of `right` when c and c + 1 are joined, of `down` when c and c + 8 are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edges {
    /// Cells joined to their right neighbour.
    pub right: u64,
    /// Cells joined to the neighbour below.
    pub down: u64,
}

const fn open_right() -> u64 {
    let mut m = 0u64;
    let mut c = 0;
    while c < CELLS {
        if c % 8 != 7 {
            m |= 1 << c;
        }
        c += 1;
    }
    m
}

impl Edges {
    /// No palisades.
    pub const OPEN: Self = Self {
        right: open_right(),
        down: (1 << 32) - 1,
    };

    /// The edges with a palisade on `slot` removed.
    #[inline(always)]
    pub const fn without(self, slot: usize) -> Self {
        if slot < 35 {
            let c = slot_cells(slot).0;
            Self {
                right: self.right & !(1 << c),
                down: self.down,
            }
        } else {
            Self {
                right: self.right,
                down: self.down & !(1 << (slot - 35)),
            }
        }
    }

    /// One step of growth of the set `f` along open edges.
    #[inline(always)]
    fn grow(self, f: u64) -> u64 {
        f | ((f & self.right) << 1)
            | ((f >> 1) & self.right)
            | ((f & self.down) << 8)
            | ((f >> 8) & self.down)
    }

    /// The territory of `cell`.
    pub fn territory(self, cell: usize) -> u64 {
        let mut f = 1u64 << cell;
        loop {
            let g = self.grow(f);
            if g == f {
                return f;
            }
            f = g;
        }
    }

    /// True when the territory of `cell` has fewer than 4 cells.
    #[inline]
    pub fn small(self, cell: usize) -> bool {
        let mut f = 1u64 << cell;
        loop {
            let g = self.grow(f);
            if g.count_ones() >= 4 {
                return false;
            }
            if g == f {
                return true;
            }
            f = g;
        }
    }

    /// Every territory, ordered by smallest cell.
    pub fn territories(self) -> Vec<u64> {
        let mut out = Vec::new();
        let mut left = ALL;
        while left != 0 {
            let t = self.territory(left.trailing_zeros() as usize);
            out.push(t);
            left &= !t;
        }
        out
    }
}
