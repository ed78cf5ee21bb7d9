//! Unsigned integers of a fixed number of 64-bit words, for matching weights that hold
//! more criteria than 128 bits do.
//!
//! A Dutch Swiss weight packs one bit field per criterion and per score group, which
//! for a large field runs to hundreds or thousands of bits. [`Wide`] is the plain
//! unsigned integer of `N` words that the matching needs: addition, subtraction,
//! shifts, comparison, with no multiplication. The pairing picks the smallest `N` that
//! holds its round's weights (see [`WeightValue`]).

// Word indices stay below N and shifts below 64 (checked by the branches); carries and
// borrows go through `overflowing_*` and are asserted away in debug builds.
#![allow(clippy::arithmetic_side_effects)]

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// What the matching asks of a weight: an unsigned integer with addition, subtraction,
/// doubling and halving, none of which may overflow for the weights it is given.
pub(crate) trait WeightValue:
    Copy + Ord + std::fmt::Debug + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign
{
    /// Zero.
    const ZERO: Self;
    /// Twice the value.
    fn double(self) -> Self;
    /// Half the value, rounded down.
    fn halve(self) -> Self;
}

impl WeightValue for u128 {
    const ZERO: u128 = 0;
    #[allow(clippy::arithmetic_side_effects)] // the matching bounds its weights
    fn double(self) -> u128 {
        self * 2
    }
    fn halve(self) -> u128 {
        self >> 1
    }
}

/// An unsigned integer of `N` 64-bit words, the least significant first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Wide<const N: usize>([u64; N]);

impl<const N: usize> Wide<N> {
    /// The number of bits held.
    pub(crate) const BITS: u32 = 64 * N as u32;

    /// A small value.
    pub(crate) fn from_u64(value: u64) -> Wide<N> {
        let mut words = [0; N];
        words[0] = value;
        Wide(words)
    }

    /// Whether the value is zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The value shifted left by `bits` (bits past the top are lost: callers size `N`).
    pub(crate) fn shl(self, bits: u32) -> Wide<N> {
        let (words, rest) = ((bits / 64) as usize, bits % 64);
        let mut out = [0u64; N];
        for i in (words..N).rev() {
            let from = i - words;
            out[i] = self.0[from] << rest;
            if rest > 0 && from > 0 {
                out[i] |= self.0[from - 1] >> (64 - rest);
            }
        }
        Wide(out)
    }

    /// `2^bit`.
    pub(crate) fn bit(bit: u32) -> Wide<N> {
        Wide::from_u64(1).shl(bit)
    }

    /// The value plus a small one.
    pub(crate) fn plus(self, small: u64) -> Wide<N> {
        self + Wide::from_u64(small)
    }

    /// The value minus a small one (which must not exceed it).
    pub(crate) fn minus(self, small: u64) -> Wide<N> {
        self - Wide::from_u64(small)
    }

    /// The value with the low word's bits `small` set.
    pub(crate) fn or_low(mut self, small: u64) -> Wide<N> {
        self.0[0] |= small;
        self
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Wide<N>) -> Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Wide<N>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Wide<N>;
    fn add(self, other: Wide<N>) -> Wide<N> {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (sum, c1) = self.0[i].overflowing_add(other.0[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *slot = sum;
            carry = c1 || c2;
        }
        debug_assert!(!carry, "a weight overflowed its {} bits", Self::BITS);
        Wide(out)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Wide<N>;
    fn sub(self, other: Wide<N>) -> Wide<N> {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (diff, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
            *slot = diff;
            borrow = b1 || b2;
        }
        debug_assert!(!borrow, "a weight went below zero");
        Wide(out)
    }
}

impl<const N: usize> AddAssign for Wide<N> {
    fn add_assign(&mut self, other: Wide<N>) {
        *self = *self + other;
    }
}

impl<const N: usize> SubAssign for Wide<N> {
    fn sub_assign(&mut self, other: Wide<N>) {
        *self = *self - other;
    }
}

impl<const N: usize> WeightValue for Wide<N> {
    const ZERO: Wide<N> = Wide([0; N]);
    fn double(self) -> Wide<N> {
        self.shl(1)
    }
    fn halve(self) -> Wide<N> {
        let mut out = [0u64; N];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.0[i] >> 1;
            if i + 1 < N {
                *slot |= self.0[i + 1] << 63;
            }
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn wide(v: u128) -> Wide<2> {
        Wide([v as u64, (v >> 64) as u64])
    }

    proptest! {
        #[test]
        fn agrees_with_u128(a in 0u128..(1 << 126), b in 0u128..(1 << 126), s in 0u32..128) {
            let (x, y) = (wide(a), wide(b));
            prop_assert_eq!(x + y, wide(a + b));
            prop_assert_eq!(x.cmp(&y), a.cmp(&b));
            if a >= b {
                prop_assert_eq!(x - y, wide(a - b));
            }
            prop_assert_eq!(x.shl(s), wide(a << s));
            prop_assert_eq!(x.halve(), wide(a >> 1));
            prop_assert_eq!(x.double(), wide(a << 1));
            prop_assert_eq!(Wide::<2>::bit(s), wide(1 << s));
        }
    }
}
