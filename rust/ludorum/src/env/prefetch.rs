//! Software prefetch of the envs a step comes to next.
//!
//! A step of a thousand envs goes through memory far larger than a core's caches (a Chinese
//! Checkers state is 7 KB), so every env's state and mask row are out of the caches when their
//! turn comes. The hardware prefetcher follows the observation rows, which are written in
//! order, but not the lines a move reads in a state, nor the mask entries of the legal actions
//! that are cleared and set: each was a miss the step waited for. While env `k` is stepped,
//! the state and the mask lines of env `k + AHEAD` are asked for, so that they have arrived
//! when its turn comes (`docs/performance.md` has the measurements).
//!
//! This is the engine's one `unsafe` call: the x86 prefetch intrinsic is `unsafe` as it takes
//! an address, though it neither reads into the program nor faults. Elsewhere it is a no-op.

/// How many envs ahead of the one being stepped its memory is asked for: two envs' work
/// (a microsecond or more with large states) covers the time a line takes to come.
pub(super) const AHEAD: usize = 2;

/// The largest state asked for, whole. A larger one (Dominions' 20 KB) is not: a step reads a
/// small part of it, and asking for its first 8 KB made the step 8% slower.
const STATE_BYTES: usize = 8 * 1024;

/// The size of a cache line.
const LINE: usize = 64;

/// Asks the CPU to bring the cache line holding `address` into its caches.
#[inline(always)]
#[allow(unsafe_code)]
fn line<T>(address: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint: it reads nothing the program sees and never faults,
    // whatever the address, so any pointer, dangling or not, is sound here.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(address.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// Asks for the lines of `value`, unless it is larger than [`STATE_BYTES`] or fits in a line
/// (tic-tac-toe's: the envs are walked in order, and the hardware follows them).
#[inline(always)]
pub(super) fn value<T>(value: &T) {
    let bytes = std::mem::size_of::<T>();
    if bytes <= LINE || bytes > STATE_BYTES {
        return;
    }
    let start = std::ptr::from_ref(value).cast::<u8>();
    // from the line `start` is in, so that the last line is not left out
    let skew = start as usize % LINE;
    for offset in (0..bytes + skew).step_by(LINE) {
        line(start.wrapping_sub(skew).wrapping_add(offset));
    }
}

/// The longest list of entries whose lines are asked for: a few dozen lines at most. The
/// hundreds of legal actions of a Dominions position cost more to walk (6% of its step's
/// instructions) and to fetch than their misses did (its step was 16% slower).
const ENTRIES: usize = 64;

/// Asks for the lines of the entries `at` of the row that starts at `row` (ascending indices,
/// so that a line holding several is asked for once), unless they are more than [`ENTRIES`].
#[inline(always)]
pub(super) fn entries<T>(row: *const T, at: &[u32]) {
    if at.len() > ENTRIES {
        return;
    }
    let mut last = usize::MAX;
    for &i in at {
        let address = row.wrapping_add(i as usize);
        if address as usize / LINE != last {
            last = address as usize / LINE;
            line(address);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefetch_reads_nothing_and_never_faults() {
        // a state of several lines, one of a line, one of more than STATE_BYTES
        value(&[7u8; 1000]);
        value(&[7u8; 8]);
        value(&[0u64; 2048]);
        // addresses nothing is at: a read there would fault
        entries(std::ptr::null::<bool>(), &[0, 1, 64, 1 << 20]);
        entries(usize::MAX as *const bool, &[0, 3]);
        let row = [true; 300];
        entries(row.as_ptr(), &(0..300).collect::<Vec<_>>());
        assert!(row.iter().all(|&b| b));
    }
}
