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
    /// One.
    fn one() -> Self;
    /// Whether the value is odd.
    fn is_odd(self) -> bool;
    /// `self + other - less` (a slack: two duals less a weight), which must not be
    /// negative nor past the type's range (`self + other` alone may be).
    fn sum_less(self, other: Self, less: Self) -> Self {
        self + other - less
    }
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
    fn one() -> u128 {
        1
    }
    fn is_odd(self) -> bool {
        self & 1 == 1
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
    #[inline]
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

    /// The value shifted right by `bits`.
    pub(crate) fn shr(self, bits: u32) -> Wide<N> {
        let (words, rest) = ((bits / 64) as usize, bits % 64);
        let mut out = [0u64; N];
        for (i, slot) in out.iter_mut().enumerate().take(N.saturating_sub(words)) {
            let from = i + words;
            *slot = self.0[from] >> rest;
            if rest > 0 && from + 1 < N {
                *slot |= self.0[from + 1] << (64 - rest);
            }
        }
        Wide(out)
    }

    /// The `width` bits from bit `low` up, as a value.
    pub(crate) fn bit_field(self, low: u32, width: u32) -> Wide<N> {
        let mut out = self.shr(low);
        for (i, word) in out.0.iter_mut().enumerate() {
            let start = 64 * i as u32;
            if start >= width {
                *word = 0;
            } else if width - start < 64 {
                *word &= (1u64 << (width - start)) - 1;
            }
        }
        out
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
    #[inline]
    fn cmp(&self, other: &Wide<N>) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Wide<N>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

// The matching adds and subtracts weights in its innermost loops: word by word with a
// carry or borrow flag (`add_with_carry`, `sub_with_borrow`), which the compilers turn
// into one add-with-carry or subtract-with-borrow instruction a word (taking each word's
// sum in 128 bits instead made the 500-player Dutch round 14% slower).
impl<const N: usize> Add for Wide<N> {
    type Output = Wide<N>;
    #[inline]
    fn add(self, other: Wide<N>) -> Wide<N> {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            (*slot, carry) = add_with_carry(self.0[i], other.0[i], carry);
        }
        debug_assert!(!carry, "a weight overflowed its {} bits", Self::BITS);
        Wide(out)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Wide<N>;
    #[inline]
    fn sub(self, other: Wide<N>) -> Wide<N> {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            (*slot, borrow) = sub_with_borrow(self.0[i], other.0[i], borrow);
        }
        debug_assert!(!borrow, "a weight went below zero");
        Wide(out)
    }
}

impl<const N: usize> std::ops::BitOr for Wide<N> {
    type Output = Wide<N>;
    fn bitor(mut self, other: Wide<N>) -> Wide<N> {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word |= other;
        }
        self
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
    fn one() -> Wide<N> {
        Wide::from_u64(1)
    }
    fn is_odd(self) -> bool {
        self.0[0] & 1 == 1
    }
    #[inline]
    fn sum_less(self, other: Wide<N>, less: Wide<N>) -> Wide<N> {
        // The sum's carry out of the top word and the difference's borrow cancel when
        // the result fits, as it must.
        let mut out = [0u64; N];
        let (mut carry, mut borrow) = (false, false);
        for (i, slot) in out.iter_mut().enumerate() {
            let sum;
            (sum, carry) = add_with_carry(self.0[i], other.0[i], carry);
            (*slot, borrow) = sub_with_borrow(sum, less.0[i], borrow);
        }
        debug_assert!(carry == borrow, "a slack out of range");
        Wide(out)
    }
}

/// `a + b + carry` and its carry out (the compilers make it one add-with-carry).
#[inline(always)]
fn add_with_carry(a: u64, b: u64, carry: bool) -> (u64, bool) {
    let (sum, first) = a.overflowing_add(b);
    let (sum, second) = sum.overflowing_add(u64::from(carry));
    (sum, first | second)
}

/// `a - b - borrow` and its borrow out (one subtract-with-borrow).
#[inline(always)]
fn sub_with_borrow(a: u64, b: u64, borrow: bool) -> (u64, bool) {
    let (diff, first) = a.overflowing_sub(b);
    let (diff, second) = diff.overflowing_sub(u64::from(borrow));
    (diff, first | second)
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
            if a + b >= s as u128 {
                let z = wide(u128::from(s));
                prop_assert_eq!(x.sum_less(y, z), wide(a + b - u128::from(s)));
            }
            if a + b >= b.min(a) {
                prop_assert_eq!(x.sum_less(y, wide(a.min(b))), wide(a.max(b)));
            }
            prop_assert_eq!(x.halve(), wide(a >> 1));
            prop_assert_eq!(x.double(), wide(a << 1));
            prop_assert_eq!(Wide::<2>::bit(s), wide(1 << s));
            prop_assert_eq!(x.shr(s), wide(a >> s));
            let width = (s * 7) % 129;
            let mask = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
            prop_assert_eq!(x.bit_field(s, width), wide((a >> s) & mask));
            prop_assert_eq!(x | y, wide(a | b));
        }
    }
}
