//! The workspace's one random generator, SplitMix64 (Steele, Lea and Flood, 2014),
//! written out with no dependency so that a seed gives the same numbers on every
//! platform and in every version: the engine's random positions and shuffled openings,
//! the environments' random moves and, later, the drawing of lots of a tournament all
//! draw from it.
//!
//! ```
//! use renju_records::random::SplitMix64;
//!
//! let mut a = SplitMix64::new(7);
//! let mut b = SplitMix64::new(7);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below_by_remainder(10) < 10);
//! assert!(a.below_by_multiply_shift(10) < 10);
//! ```

/// The golden-ratio increment of SplitMix64's state.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The odd constant that spreads a stream index over the 64 bits of a seed.
const STREAM_MIX: u64 = 0xA076_1D64_78BD_642F;

/// A SplitMix64 generator. Its whole state is one `u64` ([`SplitMix64::state`]):
/// [`SplitMix64::new`] of the state goes on with the same numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The generator's state: [`SplitMix64::new`] of it goes on with the same numbers.
    pub fn state(self) -> u64 {
        self.state
    }

    /// The generator of stream `index` of `seed` (game `index` of a seeded environment):
    /// the index is mixed into the seed, and the first output of that mix seeds the
    /// stream, so that neighbouring indices give unrelated streams.
    pub fn nth_stream(seed: u64, index: u64) -> SplitMix64 {
        let mut mixer = SplitMix64::new(seed ^ index.wrapping_mul(STREAM_MIX));
        SplitMix64::new(mixer.next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`) by the remainder of the next output: a bias below
    /// `n / 2^64`, and the same on every platform.
    ///
    /// # Panics
    ///
    /// When `n` is 0.
    pub fn below_by_remainder(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A number in `0..n` (`n > 0`) with no bias at all, by rejection: outputs below
    /// `2^64 mod n` (computed as `n.wrapping_neg() % n`) are drawn again, and the first
    /// one at or above it gives its remainder by `n`. The outputs kept are a whole
    /// multiple of `n` values, so every remainder is equally likely; fewer than one
    /// draw in two is rejected, whatever `n`. The drawing of lots uses it.
    ///
    /// ```
    /// use renju_records::random::SplitMix64;
    ///
    /// let mut rng = SplitMix64::new(42);
    /// assert!(rng.below_unbiased(7) < 7);
    /// ```
    ///
    /// # Panics
    ///
    /// When `n` is 0.
    pub fn below_unbiased(&mut self, n: u64) -> u64 {
        let rejected_below = n.wrapping_neg() % n;
        loop {
            let x = self.next_u64();
            if x >= rejected_below {
                return x % n;
            }
        }
    }

    /// A number in `0..n` (`n > 0`) by multiply-shift of the next output's high 32 bits:
    /// no division, a bias below `n / 2^32`.
    pub fn below_by_multiply_shift(&mut self, n: u32) -> u32 {
        // The product of two numbers below 2^32 fits in 64 bits, and shifted right by
        // 32 it is below n.
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unbiased_draws_reject_the_outputs_below_the_remainder() {
        // n = 2^63 + 1: 2^64 mod n = 2^63 - 1, so outputs below it are drawn again.
        let n = (1u64 << 63) + 1;
        let mut rng = SplitMix64::new(0);
        let mut reference = SplitMix64::new(0);
        let x = rng.below_unbiased(n);
        let kept = std::iter::repeat_with(|| reference.next_u64())
            .find(|&v| v >= (1u64 << 63) - 1)
            .map(|v| v % n);
        assert_eq!(Some(x), kept);
        assert_eq!(rng, reference);
    }

    #[test]
    fn the_reference_outputs_are_given() {
        // The first outputs for seed 0 in the authors' reference implementation.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn each_draw_gives_the_streams_seeded_runs_were_recorded_with() {
        // Seeded matches, random positions and environments replay these numbers: a
        // change here changes their games.
        let mut rng = SplitMix64::new(42);
        let by_remainder: Vec<u64> = (0..8).map(|_| rng.below_by_remainder(15)).collect();
        assert_eq!(by_remainder, [13, 1, 3, 9, 10, 12, 10, 8]);
        let mut rng = SplitMix64::new(42);
        let by_shift: Vec<u32> = (0..8).map(|_| rng.below_by_multiply_shift(225)).collect();
        assert_eq!(by_shift, [166, 35, 62, 77, 8, 195, 49, 180]);
        let mut rng = SplitMix64::new(42);
        let unbiased: Vec<u64> = (0..8).map(|_| rng.below_unbiased(15)).collect();
        assert_eq!(unbiased, [13, 1, 3, 9, 10, 12, 10, 8]);
        let mut stream = SplitMix64::nth_stream(42, 3);
        assert_eq!(stream.state(), 0x075D_9062_51F0_CF07);
        assert_eq!(stream.next_u64(), 0xD1EE_5BB9_A96E_D7A2);
    }
}
