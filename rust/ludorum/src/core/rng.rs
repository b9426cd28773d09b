//! SplitMix64, the one RNG of ludorum (seeded setup, random agents, simulations).

/// The increment of SplitMix64's state per output.
pub(crate) const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function of a state (`const`, so that key tables can be built at
/// compile time).
#[inline]
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Sebastiano Vigna's SplitMix64.
///
/// # Examples
///
/// ```
/// let mut rng = ludorum::SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xe220a8397b1dcdaf);
/// assert!(rng.below(6) < 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64-bit output.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix(self.state)
    }

    /// Skips `n` draws: afterwards the generator is where `n` calls of
    /// [`next_u64`](Self::next_u64) would have left it (the learned searches give each root of a
    /// batch the stream it would have had searched alone).
    #[inline]
    pub fn skip(&mut self, n: u64) {
        self.state = self.state.wrapping_add(GAMMA.wrapping_mul(n));
    }

    /// A uniform pick in `0..n`: `(next_u64() * n) >> 64`, the rule docs/design.md fixes so that
    /// every backend draws the same numbers.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}
