//! Software prefetch of the envs a step comes to next.
//!
//! A step of a thousand envs goes through memory far larger than a core's caches (a Chinese
//! Checkers state is 7 KB), so every env's state and mask row are out of the caches when their
//! turn comes. The hardware prefetcher follows the observation rows, which are written in
//! order, but not the lines a move reads in a state, nor the mask entries of the legal actions
//! that are cleared and set: each was a miss the step waited for. While env `k` is stepped,
//! the lines of env `k + AHEAD`'s state that a step reads
//! ([`Game::prefetch_state`](crate::Game::prefetch_state)) and the mask lines of its legal
//! actions are asked for, and what the move of env `k + 1` will write outside its state (its
//! history's end, a table on the heap: [`Game::prefetch_move`](crate::Game::prefetch_move)),
//! so that they have arrived when its turn comes, where one thread's envs have more of that
//! memory than the caches hold ([`Plan`]; `docs/performance.md` has the measurements).
//!
//! This is the engine's one `unsafe` call: the x86 prefetch intrinsic is `unsafe` as it takes
//! an address, though it neither reads into the program nor faults. Elsewhere it is a no-op.

use crate::core::lines::LINE;

/// How many envs ahead of the one being stepped its memory is asked for: two envs' work
/// (a microsecond or more with large states) covers the time a line takes to come.
pub(super) const AHEAD: usize = 2;

/// The memory of one kind (states, or mask rows) that one thread's envs must exceed for it to
/// be asked for: twice the L2 of a core of the machine measured (1 MiB). Below it, that memory
/// is still in the caches from the last step, and asking for it only costs the instructions:
/// 4-5.5% of a Chinese Checkers step with 32 envs (224 KB of states), 6-11% of a `from_to`
/// step with 128 (0.9 MB of states, 1.9 MB of mask rows), 2-4% of a Connect Four or So Long
/// Sucker step with 1,024. Above it the prefetch paid: 4% of a Chinese Checkers step with 512
/// envs, 13-15% with 1,024 (`docs/performance.md`).
const FAR_BYTES: usize = 2 << 20;

/// What a step asks for ahead, chosen once a call from how much memory one thread's envs walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Plan {
    /// The lines of the next envs' states that a step reads
    /// ([`Game::prefetch_state`](crate::Game::prefetch_state)).
    pub(super) states: bool,
    /// The mask lines of the next envs' listed entries (within the limits of [`entries`]).
    pub(super) masks: bool,
    /// What the next env's move writes outside its state
    /// ([`Game::prefetch_move`](crate::Game::prefetch_move)): asked for wherever the envs'
    /// states or mask rows exceed the caches, as its lines then do too; where they do not,
    /// nothing is asked for (it costs the instructions alone: 21 more a tic-tac-toe step of
    /// 546).
    pub(super) moves: bool,
}

impl Plan {
    /// The plan for `envs` envs on one thread, each with a state of `state_bytes` and a mask
    /// row of `row_bytes`. A state is asked for only if larger than a cache line (tic-tac-toe's
    /// is not: the envs are walked in order, and the hardware follows them) and at most
    /// [`STATE_BYTES`].
    pub(super) fn new(envs: usize, state_bytes: usize, row_bytes: usize) -> Self {
        let state_sized = LINE < state_bytes && state_bytes <= STATE_BYTES;
        let states = state_sized && envs.saturating_mul(state_bytes) > FAR_BYTES;
        let masks = envs.saturating_mul(row_bytes) > FAR_BYTES;
        let moves = envs.saturating_mul(state_bytes) > FAR_BYTES || masks;
        Self {
            states,
            masks,
            moves,
        }
    }
}

/// The largest state asked for, whole. A larger one (Dominions' 20 KB) is not: a step reads a
/// small part of it, and asking for its first 8 KB made the step 8% slower.
const STATE_BYTES: usize = 8 * 1024;

/// Asks the CPU to bring the cache line holding `address` into its caches.
#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn line<T>(address: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint: it reads nothing the program sees and never faults,
    // whatever the address, so any pointer, dangling or not, is sound here.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(address.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
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
        // lines of no value at all
        line(std::ptr::null::<u8>());
        line(usize::MAX as *const u8);
        // addresses nothing is at: a read there would fault
        entries(std::ptr::null::<bool>(), &[0, 1, 64, 1 << 20]);
        entries(usize::MAX as *const bool, &[0, 3]);
        let row = [true; 300];
        entries(row.as_ptr(), &(0..300).collect::<Vec<_>>());
        assert!(row.iter().all(|&b| b));
    }

    #[test]
    fn only_memory_beyond_the_caches_is_asked_for() {
        let plan = |states, masks| Plan {
            states,
            masks,
            moves: states || masks,
        };
        // Chinese Checkers (7 KB states; `from_to` rows of 14,642 entries, `piece_to` 1,211)
        assert_eq!(Plan::new(32, 6_976, 14_642), plan(false, false));
        assert_eq!(Plan::new(128, 6_976, 14_642), plan(false, false));
        assert_eq!(Plan::new(512, 6_976, 1_211), plan(true, false));
        assert_eq!(Plan::new(1024, 6_976, 14_642), plan(true, true));
        // Domination: small states, large sparse rows
        assert_eq!(Plan::new(1024, 320, 13_624), plan(false, true));
        // Connect Four, So Long Sucker
        assert_eq!(Plan::new(1024, 80, 7), plan(false, false));
        assert_eq!(Plan::new(1024, 1_480, 149), plan(false, false));
        // a state within a line, or beyond STATE_BYTES (Dominions' 20 KB), however many envs
        assert_eq!(Plan::new(1 << 20, 24, 9), plan(false, true));
        assert_eq!(Plan::new(1024, 19_792, 13_672), plan(false, true));
        // a state beyond STATE_BYTES is not asked for, but what a move writes outside it is
        let far = Plan::new(1024, 19_792, 9);
        assert_eq!((far.states, far.masks, far.moves), (false, false, true));
        // no overflow
        assert_eq!(Plan::new(usize::MAX, 1_000, 2), plan(true, true));
    }
}
