//! The random numbers of an environment: the workspace's one SplitMix64 generator
//! ([`renju_records::random::SplitMix64`]), small, fast and the same on every platform,
//! so that a seed gives the same games everywhere.

/// The environment's generator: game `i` of an environment seeded with `seed` draws
/// from [`Rng::nth_stream`]`(seed, i)`, and a random move is drawn by
/// [`Rng::below_by_multiply_shift`].
///
/// ```
/// use renju_env::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below_by_multiply_shift(10) < 10);
/// ```
pub type Rng = renju_records::random::SplitMix64;
