//! The layout of a game's observation: the name and bounds of every plane (or, for a flat
//! observation, every slice) along its first axis, as the game's rules page writes it.
//!
//! Each game writes its layout beside the code that writes the observation
//! ([`Game::observation_layout`](super::game::Game::observation_layout)); the bindings hand it
//! to Python as `state.observation_spec()`, and the pure-Python twin asks the engine for it, so
//! the layout is written once.

/// Entries `start..stop` of the observation's first axis, what they mean, and the least and
/// greatest value they take.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// What the entries are, in the rules page's words (`"to move"`, `"pieces of player +1"`).
    pub name: String,
    /// The first entry.
    pub start: usize,
    /// One past the last entry.
    pub stop: usize,
    /// The least value.
    pub low: f32,
    /// The greatest value.
    pub high: f32,
}

/// The parts of an observation, built in order along the first axis.
///
/// # Examples
///
/// ```
/// use ludorum::core::observation::Layout;
/// let mut layout = Layout::default();
/// layout.each("pieces of player", 2, 1.0);
/// layout.plane("to move");
/// assert_eq!(layout.len(), 3);
/// assert_eq!(layout.parts()[1].name, "pieces of player +1");
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    parts: Vec<Part>,
}

impl Layout {
    /// Adds a part of `size` entries with values in `low..=high`.
    pub fn add(&mut self, name: impl Into<String>, size: usize, low: f32, high: f32) {
        let start = self.len();
        self.parts.push(Part {
            name: name.into(),
            start,
            stop: start + size,
            low,
            high,
        });
    }

    /// Adds one entry (a plane) with values in `0..=1`.
    pub fn plane(&mut self, name: impl Into<String>) {
        self.add(name, 1, 0.0, 1.0);
    }

    /// Adds one entry with values in `0..=high`.
    pub fn upto(&mut self, name: impl Into<String>, high: f32) {
        self.add(name, 1, 0.0, high);
    }

    /// Adds one entry per relative seat `k` in `0..count`, named `"<name> +k"`, with values in
    /// `0..=high` (seat `+0` is the viewer).
    pub fn each(&mut self, name: &str, count: usize, high: f32) {
        for k in 0..count {
            self.upto(format!("{name} +{k}"), high);
        }
    }

    /// The number of entries of the first axis covered so far.
    pub fn len(&self) -> usize {
        self.parts.last().map_or(0, |p| p.stop)
    }

    /// True before the first part.
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// The parts, in order.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }
}

/// Rows of `W` entries by the bits they show, one row for each of the `R = 2^W` values of `W`
/// bits: entry `k` of row `n` is 1 where bit `k` of `n` is set, 0 elsewhere. A plane of 0s and
/// 1s is written a few entries at a time from such a table, one array assignment a row.
///
/// # Examples
///
/// ```
/// use ludorum::core::observation::bit_rows;
/// const ROWS: [[f32; 3]; 8] = bit_rows();
/// assert_eq!(ROWS[0b101], [1.0, 0.0, 1.0]);
/// assert_eq!(ROWS[0], [0.0; 3]);
/// ```
pub const fn bit_rows<const W: usize, const R: usize>() -> [[f32; W]; R] {
    assert!(R == 1 << W, "one row for each value of the bits");
    let mut rows = [[0.0; W]; R];
    let mut n = 0;
    while n < R {
        let mut k = 0;
        while k < W {
            if n >> k & 1 != 0 {
                rows[n][k] = 1.0;
            }
            k += 1;
        }
        n += 1;
    }
    rows
}

/// Four entries of a plane by the nibble of bits they show.
static NIBBLES: [[f32; 4]; 16] = bit_rows();

/// Writes every entry of `plane` (at most 64): 1 where the bit of `bits` at its index is set, 0
/// elsewhere. A batched env writes an observation at every step, over the last one: this writes
/// four entries at a time from a table, with no branch per entry and no separate clearing pass
/// (a loop over the set bits after zeroing the plane cost Connect Four nearly half of a step).
///
/// # Examples
///
/// ```
/// use ludorum::core::observation::write_bits;
/// let mut plane = [0.5f32; 6];
/// write_bits(0b100101, &mut plane);
/// assert_eq!(plane, [1.0, 0.0, 1.0, 0.0, 0.0, 1.0]);
/// ```
#[inline]
pub fn write_bits(bits: u64, plane: &mut [f32]) {
    debug_assert!(plane.len() <= 64, "a plane of {} entries", plane.len());
    // whole arrays assigned: `copy_from_slice` and `fill` were calls, not inlined, per entry
    let (quads, tail) = plane.as_chunks_mut::<4>();
    let mut rest = bits;
    for quad in quads {
        *quad = NIBBLES[(rest & 15) as usize];
        rest >>= 4;
    }
    let last = &NIBBLES[(rest & 15) as usize];
    for (entry, &value) in tail.iter_mut().zip(last) {
        *entry = value;
    }
}

/// Writes `value` into every entry of `plane`, as one loop the compiler unrolls and vectorizes
/// in place (`<[f32]>::fill` was a call per plane in a batched env's step).
///
/// # Examples
///
/// ```
/// use ludorum::core::observation::write_all;
/// let mut plane = [0.5f32; 5];
/// write_all(1.0, &mut plane);
/// assert_eq!(plane, [1.0; 5]);
/// ```
#[inline]
pub fn write_all(value: f32, plane: &mut [f32]) {
    for entry in plane {
        *entry = value;
    }
}
