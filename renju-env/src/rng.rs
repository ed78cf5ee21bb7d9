//! The random numbers of an environment: SplitMix64, small, fast and the same on every
//! platform, so that a seed gives the same games everywhere.

/// A SplitMix64 generator.
///
/// ```
/// use renju_env::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The generator's state: [`Rng::new`] of it goes on with the same numbers.
    pub fn state(self) -> u64 {
        self.state
    }

    /// The generator of game `index` of an environment seeded with `seed`.
    pub fn for_game(seed: u64, index: usize) -> Rng {
        let mut mixer = Rng::new(seed ^ (index as u64).wrapping_mul(0xA076_1D64_78BD_642F));
        Rng::new(mixer.next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift (bias below 2^-32 for boards).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }
}
