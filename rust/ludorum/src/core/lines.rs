//! The cache lines of a value, for the prefetch hints of [`Game`](super::game::Game):
//! [`prefetch_state`](super::game::Game::prefetch_state) hands a batched env the lines of the
//! state a step reads, and the env asks the CPU for them ahead. Only addresses are computed
//! here; nothing is read through them.

use std::ops::Range;

/// The size of a cache line.
pub const LINE: usize = 64;

/// Hands `ask` the start of every cache line that holds a byte of `value`, in order: the
/// default of [`Game::prefetch_state`](super::game::Game::prefetch_state). A loop of its own
/// rather than [`each_line_but`] with nothing skipped, which cost a batched env 76 more
/// instructions a So Long Sucker step (1,116 → 1,192, callgrind, 2,048 envs on one thread).
///
/// ```
/// use ludorum::core::lines::each_line;
/// let value = [0u8; 200];
/// let mut lines = 0;
/// each_line(&value, |_| lines += 1);
/// assert!((4..=5).contains(&lines)); // 200 bytes over 4 lines, or 5 if not aligned
/// ```
#[inline(always)]
pub fn each_line<T>(value: &T, mut ask: impl FnMut(*const u8)) {
    let start = std::ptr::from_ref(value).cast::<u8>();
    let skew = start as usize % LINE;
    for offset in (0..std::mem::size_of::<T>() + skew).step_by(LINE) {
        ask(start.wrapping_sub(skew).wrapping_add(offset));
    }
}

/// [`each_line`] but for the lines that hold only bytes of the `skip` ranges of addresses (in
/// any order; sorted here): a game's state leaves out what a step does not read.
///
/// ```
/// use ludorum::core::lines::{each_line_but, LINE};
/// #[repr(C, align(64))]
/// struct State { read: [u8; 64], unread: [u8; 128], also_read: u8 }
/// let state = State { read: [0; 64], unread: [0; 128], also_read: 0 };
/// let unread = state.unread.as_ptr_range();
/// let mut lines = Vec::new();
/// each_line_but(&state, &mut [unread.start as usize..unread.end as usize], |line| {
///     lines.push(line as usize - &state as *const State as usize)
/// });
/// assert_eq!(lines, [0, 3 * LINE]);
/// ```
#[inline(always)]
pub fn each_line_but<T>(value: &T, skip: &mut [Range<usize>], mut ask: impl FnMut(*const u8)) {
    let start = std::ptr::from_ref(value).cast::<u8>();
    let end = start as usize + std::mem::size_of::<T>();
    // pointers made by offsets from `start`, so that they keep its provenance (never read)
    let line = |at: usize| start.wrapping_add(at.wrapping_sub(start as usize));
    skip.sort_unstable_by_key(|range| range.start);
    let first = start as usize;
    let mut at = first / LINE * LINE;
    let mut ranges = skip.iter().peekable();
    while let Some(range) = ranges.next() {
        // ranges that touch are one: a line they share holds no byte of the value's own
        let mut skipped = range.clone();
        while let Some(next) = ranges.next_if(|next| next.start <= skipped.end) {
            skipped.end = skipped.end.max(next.end);
        }
        // a line holding bytes on either side of the skipped ones is asked for
        while at.max(first) < skipped.start.min(end) {
            ask(line(at));
            at += LINE;
        }
        if skipped.end >= end {
            return;
        }
        at = at.max(skipped.end / LINE * LINE);
    }
    while at < end {
        ask(line(at));
        at += LINE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte of a 300-byte value at `offset` within a buffer aligned to a line, but for
    /// those of the `skip` ranges (offsets in the value), is in a line asked for, and no line
    /// asked for holds only skipped bytes or is asked twice; with nothing skipped,
    /// [`each_line`] asks for the same lines.
    fn check(offset: usize, skip: &[Range<usize>]) {
        #[repr(align(64))]
        struct Aligned([u8; 1024]);
        let buffer = Aligned([0; 1024]);
        let base = buffer.0.as_ptr() as usize;
        let value: &[u8; 300] = buffer.0[offset..offset + 300]
            .try_into()
            .expect("300 bytes");
        let mut ranges: Vec<Range<usize>> = skip
            .iter()
            .map(|r| base + offset + r.start..base + offset + r.end)
            .collect();
        let mut lines = Vec::new();
        each_line_but(value, &mut ranges, |line| lines.push(line as usize - base));
        if skip.is_empty() {
            let mut all = Vec::new();
            each_line(value, |line| all.push(line as usize - base));
            assert_eq!(all, lines, "each_line at {offset}");
        }
        assert!(lines.windows(2).all(|w| w[0] < w[1]), "{lines:?} ascend");
        assert!(lines.iter().all(|l| l % LINE == 0));
        for byte in offset..offset + 300 {
            let skipped = skip.iter().any(|r| r.contains(&(byte - offset)));
            let asked = lines.contains(&(byte / LINE * LINE));
            assert!(skipped || asked, "byte {byte} of {skip:?} at {offset}");
        }
        for &line in &lines {
            let all_skipped = (line..line + LINE)
                .filter(|b| (offset..offset + 300).contains(b))
                .all(|b| skip.iter().any(|r| r.contains(&(b - offset))));
            assert!(
                !all_skipped,
                "line {line} holds only skipped bytes: {skip:?} at {offset}"
            );
        }
    }

    #[test]
    // lists of skipped ranges, some of one range
    #[allow(clippy::single_range_in_vec_init)]
    fn the_lines_of_a_value_but_the_skipped_ones() {
        for offset in [0, 1, 63, 64, 100] {
            check(offset, &[]);
            check(offset, &[0..300]);
            check(offset, &[10..200]);
            check(offset, &[128..192, 0..64]);
            check(offset, &[5..5, 64..64, 250..400]);
            check(offset, &[0..100, 50..150, 150..151]);
            check(offset, &[0..32, 32..64, 64..70]);
            check(offset, &[200..300]);
            check(offset, &[250..299]);
        }
    }
}
