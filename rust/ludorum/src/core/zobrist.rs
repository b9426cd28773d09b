//! Zobrist key tables. Keys are part of the published format: each game fills its tables from
//! SplitMix64 seeded with its own constant, in the order its rules page gives.

use super::rng::{mix, GAMMA};

/// `N` keys drawn in order from SplitMix64 seeded with `seed`. A `const fn`, so a game can build
/// its tables at compile time (`static KEYS: [u64; N] = table(SEED);`).
///
/// # Examples
///
/// ```
/// let keys: [u64; 2] = ludorum::core::zobrist::table(0);
/// assert_eq!(keys[0], 0xe220a8397b1dcdaf);
/// ```
pub const fn table<const N: usize>(seed: u64) -> [u64; N] {
    // The same draws as `SplitMix64::new(seed).next_u64()` repeated N times.
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        state = state.wrapping_add(GAMMA);
        out[i] = mix(state);
        i += 1;
    }
    out
}
