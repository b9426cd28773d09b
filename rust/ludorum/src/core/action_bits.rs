//! Legal action ids as bits: bit `id % 64` of word `id / 64` for each id of the action space.
//!
//! A game whose legal moves come as runs of bits (Armadora's palisade pairs, a Chinese
//! Checkers piece's destinations) can hand them to a batched env this way
//! ([`MoveGen::legal_action_bits`](super::game::MoveGen::legal_action_bits)) rather than as a
//! list of ids: the env then writes its mask row from the bits, eight entries a byte, checks an
//! action with one bit and draws a random one by count, and keeps a few hundred bytes an env
//! rather than a list of up to thousands of ids.

/// The words that hold one bit for each of `num_actions` ids.
///
/// # Examples
///
/// ```
/// use ludorum::core::action_bits::words_for;
/// assert_eq!((words_for(64), words_for(1211), words_for(2479)), (1, 19, 39));
/// ```
pub fn words_for(num_actions: usize) -> usize {
    num_actions.div_ceil(64)
}

/// Sets in `words` the bits of the ids `base + b` for each set bit `b` of `bits`; bits past
/// the end of `words` must be clear.
///
/// # Examples
///
/// ```
/// use ludorum::core::action_bits::set_run;
/// let mut words = [0u64; 3];
/// set_run(&mut words, 0b101 | 1 << 70, 60);
/// assert_eq!(words, [1 << 60 | 1 << 62, 0, 1 << 2]);
/// ```
#[inline(always)]
pub fn set_run(words: &mut [u64], bits: u128, base: usize) {
    let (first, shift) = (base / 64, (base % 64) as u32);
    // the run moved to its place spans up to three words
    let moved = bits << shift;
    let top = bits.checked_shr(128 - shift).unwrap_or(0);
    let parts = [moved as u64, (moved >> 64) as u64, top as u64];
    for (word, part) in words.iter_mut().skip(first).zip(parts) {
        *word |= part;
    }
}

/// The number of ids set.
///
/// # Examples
///
/// ```
/// use ludorum::core::action_bits::count;
/// assert_eq!(count(&[0b1010, 1 << 3]), 3);
/// ```
#[inline]
pub fn count(words: &[u64]) -> usize {
    words.iter().map(|w| w.count_ones() as usize).sum()
}

/// The `k`-th id set, ascending (`k` below [`count`]).
///
/// # Examples
///
/// ```
/// use ludorum::core::action_bits::nth;
/// assert_eq!(nth(&[0b1010, 1 << 3], 2), 64 + 3);
/// ```
#[inline]
pub fn nth(words: &[u64], mut k: usize) -> u32 {
    for (index, &word) in words.iter().enumerate() {
        let here = word.count_ones() as usize;
        if k < here {
            let mut rest = word;
            for _ in 0..k {
                rest &= rest - 1;
            }
            return (index * 64) as u32 + rest.trailing_zeros();
        }
        k -= here;
    }
    debug_assert!(false, "fewer ids than {k}");
    0
}

/// Whether `id` is set (false past the end of `words`).
///
/// # Examples
///
/// ```
/// use ludorum::core::action_bits::contains;
/// let words = [0b1010, 1 << 3];
/// assert!(contains(&words, 67) && !contains(&words, 2) && !contains(&words, 4000));
/// ```
#[inline(always)]
pub fn contains(words: &[u64], id: usize) -> bool {
    words.get(id / 64).is_some_and(|w| w >> (id % 64) & 1 == 1)
}

/// Writes the whole `mask` row from `words`: `true` where the id is set.
///
/// # Examples
///
/// ```
/// use ludorum::core::action_bits::write_mask;
/// let mut mask = [true; 10];
/// write_mask(&[0b10_0000_0101], &mut mask);
/// assert_eq!(mask, [true, false, true, false, false, false, false, false, false, true]);
/// ```
#[inline]
pub fn write_mask(words: &[u64], mask: &mut [bool]) {
    debug_assert!(
        words.len() >= words_for(mask.len()),
        "too few words for the row"
    );
    // whole arrays assigned from a table, eight entries a byte of the bits
    let (octets, tail) = mask.as_chunks_mut::<8>();
    let mut words = words.iter().copied();
    let mut rest = 0;
    for group in octets.chunks_mut(8) {
        rest = words.next().unwrap_or(0);
        for octet in group {
            *octet = OCTETS[(rest & 0xff) as usize];
            rest >>= 8;
        }
    }
    // after a whole word the tail's bits open the next one; else they follow in this one
    if octets.len() % 8 == 0 {
        rest = words.next().unwrap_or(0);
    }
    for (entry, &value) in tail.iter_mut().zip(&OCTETS[(rest & 0xff) as usize]) {
        *entry = value;
    }
}

/// For each byte: its bits as eight entries of a mask, lowest first.
static OCTETS: [[bool; 8]; 256] = octets();

const fn octets() -> [[bool; 8]; 256] {
    let mut table = [[false; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[byte][bit] = byte >> bit & 1 == 1;
            bit += 1;
        }
        byte += 1;
    }
    table
}
