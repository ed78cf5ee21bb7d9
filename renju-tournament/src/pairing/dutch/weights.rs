//! The Dutch criteria as one matching weight per pair of players.
//!
//! Each criterion of C.04.3 that compares pairings is a bit field of the weight, the
//! first criterion in the highest bits, each field wide enough that the lower fields
//! summed over a whole matching never carry into it: then the heaviest matching is
//! the best pairing, criterion by criterion. The fields, from the top:
//!
//! 1. the pair may be made at all, plus one for each player who must not take the
//!    bye (completion, C4, and the bye's score, C5);
//! 2. pairs in the current bracket (C6), then their scores, one sub-field per score
//!    group (C7);
//! 3. the same for the next bracket (C8);
//! 4. the unplayed games of the bye's taker (C9);
//! 5. colours: absolute imbalances, absolute preferences, preferences, strong
//!    preferences met (C10–C13);
//! 6. floats repeated from one and two rounds before, then their scores (C14–C21);
//! 7. room below for the generation order of S1 and S2 (exchanges, their numbers,
//!    which players), filled in while the bracket's pairs are decided.

// Field widths are bit counts of player numbers (at most 32 each), summed over score
// groups: far below u32::MAX; weights are built inside the words `Layout::weight_bits`
// sized, and flags add at most 3 into a field of 2 bits or more.
#![allow(clippy::arithmetic_side_effects)]

use std::collections::HashMap;

use renju_core::Color;

use super::entrants::{Field, Float};
use crate::pairing::wide::Wide;

/// The number of bits of `x` (0 for 0).
pub(super) fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// The matching's room above the widest weight: it takes weights below a sixteenth of
/// their type's range.
pub(super) const SPARE_BITS: u32 = 4;

/// The shape of a round's weights, or of one bracket's ([`Layout::keeping`]): the
/// widths of the fields and where each score group's sub-field sits.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    /// Bits for a count of players in one score group (B).
    pub group_bits: u32,
    /// Bits of all score-group sub-fields together (S).
    pub groups_bits: u32,
    /// The offset of each score's sub-field (the lowest score at 0).
    pub group_shift: HashMap<i64, u32>,
    /// The width of each score's sub-field: the bits of its group's size.
    pub group_width: HashMap<i64, u32>,
    /// Rounds completed.
    pub played_rounds: usize,
}

impl Layout {
    /// The layout for players `sorted` (by score, highest first).
    pub fn new(field: &Field, sorted: &[usize]) -> Layout {
        let mut group_width = HashMap::new();
        let (mut largest, mut run) = (0usize, 0usize);
        for (i, &e) in sorted.iter().enumerate().rev() {
            run += 1;
            let score = field.score(e, 0);
            if i == 0 || score < field.score(sorted[i - 1], 0) {
                group_width.insert(score, bits(run));
                largest = largest.max(run);
                run = 0;
            }
        }
        let mut layout = Layout {
            group_bits: bits(largest),
            groups_bits: 0,
            group_shift: HashMap::new(),
            group_width,
            played_rounds: field.played_rounds,
        };
        layout.place_groups();
        layout
    }

    /// The layout of one bracket's weights: the sub-fields of the scores `kept` only
    /// (those of the bracket's players, the only ones its weights and the weights left
    /// from brackets before use), the lowest score at 0 as in the whole round's.
    /// Every other field is as wide: the heaviest matching is the same, in far fewer
    /// bits (the sub-fields of all score groups are most of a late round's weight).
    pub fn keeping(&self, kept: &[i64]) -> Layout {
        let mut layout = Layout {
            group_width: kept.iter().map(|s| (*s, self.group_width[s])).collect(),
            groups_bits: 0,
            group_shift: HashMap::new(),
            ..*self
        };
        layout.place_groups();
        layout
    }

    /// Places the sub-fields side by side, the lowest score at 0.
    fn place_groups(&mut self) {
        let mut scores: Vec<i64> = self.group_width.keys().copied().collect();
        scores.sort_unstable();
        self.groups_bits = 0;
        for score in scores {
            self.group_shift.insert(score, self.groups_bits);
            self.groups_bits += self.group_width[&score];
        }
    }

    /// Weight `w` of this layout in layout `to`, every field moved to its place there.
    /// A sub-field `to` lacks must be zero.
    pub fn move_weight<const N: usize>(&self, w: Wide<N>, to: &Layout) -> Wide<N> {
        let mut m = FieldMover {
            w,
            moved: Wide::from_u64(0),
            from: 0,
            at: 0,
        };
        // From the lowest field up; the top field and any bits above it as they are.
        for field in self.fields_below_top().rev() {
            match field {
                FieldShape::Groups => m.area(self, to),
                _ => m.plain(self.width(field)),
            }
        }
        m.plain(Wide::<N>::BITS - m.from);
        m.moved
    }

    /// The fields below the top one, from the highest down, as [`edge_weight`] builds
    /// them: C6 and C7, C8's flag and sub-fields, C9, the four colour criteria, the
    /// floats' flags and sub-fields for each round looked back at, and the room for
    /// the generation order.
    /// (An iterator, not a list: the weights outside the brackets ask for it once a
    /// pair.)
    fn fields_below_top(&self) -> impl DoubleEndedIterator<Item = FieldShape> {
        let b = self.group_bits;
        let backs = self.played_rounds.min(2) as u32;
        let above_floats = [
            FieldShape::Bits(b),
            FieldShape::Groups,
            FieldShape::Bits(b),
            FieldShape::Groups,
            FieldShape::Unplayed,
            FieldShape::Bits(4 * b + 2 * b * backs),
        ];
        (above_floats.into_iter())
            .chain(std::iter::repeat_n(FieldShape::Groups, 2 * backs as usize))
            .chain(std::iter::once(FieldShape::Bits(3 * b + 1)))
    }

    /// The bits of `field`.
    fn width(&self, field: FieldShape) -> u32 {
        match field {
            FieldShape::Bits(width) => width,
            FieldShape::Groups => self.groups_bits,
            FieldShape::Unplayed => 2 * self.group_bits,
        }
    }

    /// The total of the fields' shifts below the top field.
    fn shifts(&self) -> u32 {
        self.fields_below_top().map(|f| self.width(f)).sum()
    }

    /// The bits the matching needs for weights of this layout: the weights' own and
    /// [`SPARE_BITS`].
    pub fn matching_bits(&self) -> u32 {
        self.weight_bits() + SPARE_BITS
    }

    /// The bits the matching needs for the first matching's weights (completion, the
    /// bye's score by every group's offset; with an even number of players, the
    /// weights outside the brackets).
    pub fn first_matching_bits(&self) -> u32 {
        let completion = 2 + self.groups_bits + 1 + self.group_bits + SPARE_BITS;
        completion.max(self.keeping(&[]).matching_bits())
    }

    /// The bits the matching needs for a bracket's weights with the three widest
    /// groups' sub-fields (most brackets hold one or two scores).
    pub fn bracket_bits_estimate(&self) -> u32 {
        let mut widths: Vec<u32> = self.group_width.values().copied().collect();
        widths.sort_unstable_by(|a, b| b.cmp(a));
        let groups_bits = widths.iter().take(3).sum();
        Layout {
            groups_bits,
            group_shift: HashMap::new(),
            group_width: HashMap::new(),
            ..*self
        }
        .matching_bits()
    }

    /// The weight of a pair outside the bracket and the next score group: its outer
    /// fields in place, every other field empty ([`edge_weight`] for such a pair, in
    /// two shifts).
    pub fn outside_weight<const N: usize>(&self, fields: Option<OuterFields>) -> Wide<N> {
        let Some(OuterFields { top, unplayed }) = fields else {
            return Wide::from_u64(0);
        };
        let fields = self.fields_below_top();
        let below = fields.skip_while(|&f| f != FieldShape::Unplayed).skip(1);
        let below_unplayed = below.map(|f| self.width(f)).sum();
        Wide::from_u64(top).shl(self.shifts()) + Wide::from_u64(unplayed).shl(below_unplayed)
    }

    /// The bits a weight (and the final pairs' weight, all ones) takes.
    pub fn weight_bits(&self) -> u32 {
        self.shifts() + 2
    }

    /// The bit of score `score`'s sub-field.
    fn group_bit<const N: usize>(&self, score: i64) -> Wide<N> {
        // A layout lacking the score is a fault of the pairing: a weight written with
        // a bit of another group's would pair wrongly without a word.
        Wide::bit(self.group_shift[&score])
    }
}

/// A field of a weight below the top one, by its width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FieldShape {
    /// Fields of these many bits together, none by score group.
    Bits(u32),
    /// One sub-field for each score group of the layout.
    Groups,
    /// C9: the unplayed games' ranks, two group counts wide.
    Unplayed,
}

/// A weight being moved from one layout to another, field by field from the lowest.
struct FieldMover<const N: usize> {
    /// The weight in the old layout.
    w: Wide<N>,
    /// The fields moved so far.
    moved: Wide<N>,
    /// Where the next field starts in the old layout and in the new.
    from: u32,
    at: u32,
}

impl<const N: usize> FieldMover<N> {
    /// Moves the next `width` bits as they are.
    fn plain(&mut self, width: u32) {
        self.moved = self.moved | self.w.bit_field(self.from, width).shl(self.at);
        self.from += width;
        self.at += width;
    }

    /// Moves the next score-group sub-fields, from layout `old` to `new`.
    fn area(&mut self, old: &Layout, new: &Layout) {
        for (score, &width) in &old.group_width {
            let field = self.w.bit_field(self.from + old.group_shift[score], width);
            match new.group_shift.get(score) {
                Some(&shift) => self.moved = self.moved | field.shl(self.at + shift),
                None => assert!(field.is_zero(), "a sub-field dropped holds bits"),
            }
        }
        self.from += old.groups_bits;
        self.at += new.groups_bits;
    }
}

/// What the edge weight of a pair depends on beside the two players.
#[derive(Debug, Clone, Copy)]
pub(super) struct EdgeContext<'a> {
    /// The lower player is in the bracket being paired.
    pub lower_in_bracket: bool,
    /// The lower player is in the next score group.
    pub lower_in_next: bool,
    /// The score of the bye's taker (C5), 0 before it is known.
    pub bye_score: i64,
    /// Whether the bracket's single downfloater is the bye's taker (C9 applies).
    pub single_downfloater_is_bye: bool,
    /// The rank of each count of played games among the bye candidates (C9).
    pub unplayed_ranks: &'a HashMap<u32, u64>,
}

/// Whether entrants `a` and `b` may meet: not forbidden (nor met before), and not two
/// players with the same absolute colour preference unless one is a topscorer in the
/// last round.
pub(super) fn compatible(field: &Field, a: usize, b: usize) -> bool {
    if field.forbidden[a].contains(&b) {
        return false;
    }
    let (pa, pb) = (&field.entrants[a], &field.entrants[b]);
    let threshold = field.topscorer_threshold();
    !pa.absolute_preference()
        || !pb.absolute_preference()
        || pa.preference != pb.preference
        || (field.is_last_round()
            && (field.score(a, 0) > threshold || field.score(b, 0) > threshold))
}

/// Whether the preferences can both be met.
pub(super) fn preferences_compatible(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// A candidate for the bye: eligible, and scoring no more than the bye's score.
fn bye_candidate(field: &Field, e: usize, bye_score: i64) -> bool {
    field.eligible_for_bye(e) && field.score(e, 0) <= bye_score
}

/// The fields of a pair's weight that do not depend on the bracket.
#[derive(Debug, Clone, Copy)]
pub(super) struct OuterFields {
    /// The top field: 1, plus one for each player who may not take the bye (C4, C5).
    pub top: u64,
    /// The C9 field: the ranks of the players' unplayed games among the bye's
    /// candidates, when the bracket's single downfloater is the bye's taker.
    pub unplayed: u64,
}

/// The fields of pair `higher`–`lower` that do not depend on the bracket, or `None`
/// when the two may not meet.
pub(super) fn outer_fields(
    field: &Field,
    higher: usize,
    lower: usize,
    ctx: &EdgeContext<'_>,
) -> Option<OuterFields> {
    if !compatible(field, higher, lower) {
        return None;
    }
    let flag = |x: bool| u64::from(x);
    let top = 1
        + flag(!bye_candidate(field, higher, ctx.bye_score))
        + flag(!bye_candidate(field, lower, ctx.bye_score));
    let mut unplayed = 0;
    if ctx.single_downfloater_is_bye {
        let rank = |e: usize| {
            let played = field.entrants[e].played_games;
            ctx.unplayed_ranks.get(&played).copied().unwrap_or(0)
        };
        for e in [higher, lower] {
            if field.score(e, 0) == ctx.bye_score {
                unplayed += rank(e);
            }
        }
    }
    Some(OuterFields { top, unplayed })
}

/// The weight of pairing `higher` with `lower` (entrants, `higher` ranked above).
pub(super) fn edge_weight<const N: usize>(
    field: &Field,
    layout: &Layout,
    higher: usize,
    lower: usize,
    ctx: &EdgeContext<'_>,
) -> Wide<N> {
    let Some(OuterFields { top, unplayed }) = outer_fields(field, higher, lower, ctx) else {
        return Wide::from_u64(0);
    };
    let (b, s) = (layout.group_bits, layout.groups_bits);
    let hs = field.score(higher, 0);
    let flag = |x: bool| u64::from(x);
    let mut w = Wide::<N>::from_u64(top);
    w = w.shl(b).or_low(flag(ctx.lower_in_bracket));
    w = w.shl(s);
    if ctx.lower_in_bracket {
        w += layout.group_bit(hs);
    }
    w = w.shl(b).or_low(flag(ctx.lower_in_next));
    w = w.shl(s);
    if ctx.lower_in_next {
        w += layout.group_bit(hs);
    }
    w = w.shl(2 * b).plus(unplayed);
    w = colour_bits(w, field, lower, higher, ctx.lower_in_bracket, b);
    w = float_bits(w, field, layout, higher, lower, ctx.lower_in_bracket);
    w.shl(3 * b + 1)
}

/// Appends the four colour fields (C10–C13), met when set, for `player` against
/// `opponent`, counted only for pairs inside the bracket.
fn colour_bits<const N: usize>(
    w: Wide<N>,
    field: &Field,
    player: usize,
    opponent: usize,
    in_bracket: bool,
    b: u32,
) -> Wide<N> {
    let (p, o) = (&field.entrants[player], &field.entrants[opponent]);
    let differ = p.preference != o.preference;
    let imbalance_ok = !p.absolute_imbalance() || !o.absolute_imbalance() || differ;
    let absolute_ok = !p.absolute_preference()
        || !o.absolute_preference()
        || differ
        || if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let weaker = if p.imbalance > o.imbalance { o } else { p };
            weaker.repeated != p.preference.map(Color::opponent)
        };
    let preference_ok = preferences_compatible(p.preference, o.preference);
    let strong_ok = (!p.strong && !p.absolute_preference())
        || (!o.strong && !o.absolute_preference())
        || (p.absolute_preference() && o.absolute_preference())
        || differ;
    let mut w = w;
    for met in [imbalance_ok, absolute_ok, preference_ok, strong_ok] {
        w = w.shl(b).or_low(u64::from(in_bracket && met));
    }
    w
}

/// Appends the repeated-float fields (C14–C21) for the pair, counted only for pairs
/// inside the bracket.
fn float_bits<const N: usize>(
    mut w: Wide<N>,
    field: &Field,
    layout: &Layout,
    higher: usize,
    lower: usize,
    in_bracket: bool,
) -> Wide<N> {
    let (b, s) = (layout.group_bits, layout.groups_bits);
    let (hs, ls) = (field.score(higher, 0), field.score(lower, 0));
    let backs: Vec<usize> = (1..=2).filter(|&k| field.played_rounds >= k).collect();
    for &back in &backs {
        w = w.shl(b);
        if in_bracket {
            w = w.or_low(u64::from(field.float(lower, back) == Float::Down));
            w = w.plus(u64::from(
                hs <= ls && field.float(higher, back) == Float::Down,
            ));
        }
        w = w.shl(b);
        if in_bracket {
            let upfloat = hs > ls && field.float(lower, back) == Float::Up;
            w = w.or_low(u64::from(!upfloat));
        }
    }
    for &back in &backs {
        w = w.shl(s);
        if in_bracket {
            if field.float(lower, back) == Float::Down {
                w += layout.group_bit(ls);
            }
            if field.float(higher, back) == Float::Down {
                w += layout.group_bit(hs);
            }
        }
        w = w.shl(s);
        if in_bracket && !(field.float(lower, back) == Float::Up && hs > ls) {
            w += layout.group_bit(hs);
        }
    }
    w
}
