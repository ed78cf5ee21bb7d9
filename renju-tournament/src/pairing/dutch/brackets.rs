//! The Dutch round, bracket by bracket, as a sequence of maximum-weight matchings.
//!
//! Every player to be paired is a vertex of one graph. A first matching decides
//! whether the round can be paired at all (C1–C4) and the lowest score the bye can go
//! to (C5). Then, score group by score group from the top, the edges of the bracket
//! and of the next score group take the weights of [`super::weights`], and the
//! bracket's decisions are fixed one at a time, in the order the Dutch rules generate
//! candidates: which moved-down players are paired, their opponents, how many and
//! which players S1 and S2 exchange, then S1's opponents in order. Each decision
//! raises the weight of the choice the generation order prefers by less than any
//! criterion is worth and solves again: the heaviest matching then takes it exactly
//! when it costs no criterion. Fixed pairs keep their edge alone.
//!
//! The weights of a bracket hold the score-group sub-fields of its own players' scores
//! only ([`Layout::keeping`]; every other group's are zero in every weight while it is
//! paired), so at each bracket every weight is written again in the bracket's layout:
//! the same heaviest matchings, in a third of the words in a late round of a large
//! field (the matching's time grows with them).

// Vertex indices and counts stay below the players to pair (at most MAX_DUTCH_PLAYERS),
// and every weight fits its words: the first matching and each bracket check their
// layout's `Layout::matching_bits` against them, and the raises added here stay inside
// the lowest field's room.
#![allow(clippy::arithmetic_side_effects)]

use std::collections::HashMap;

use super::entrants::Field;
use super::weights::{compatible, edge_weight, outer_fields, EdgeContext, Layout};
use super::DutchError;
use crate::pairing::matching::IncrementalMatching;
use crate::pairing::wide::Wide;

/// The weights of every pair of vertices and the current optimum over them.
struct Graph<const N: usize> {
    n: usize,
    /// The matching, repaired after each round of weight changes.
    matching: IncrementalMatching<Wide<N>>,
    /// Each vertex's mate in the last solution, itself when unmatched.
    mate: Vec<usize>,
    /// Vertices whose pair is fixed for good.
    fixed: Vec<bool>,
    /// Vertices whose fixed pair weighs 1 (as any layout has it).
    unit_pair: Vec<bool>,
}

impl<const N: usize> Graph<N> {
    fn new(n: usize) -> Graph<N> {
        Graph {
            n,
            matching: IncrementalMatching::new(n),
            mate: (0..n).collect(),
            fixed: vec![false; n],
            unit_pair: vec![false; n],
        }
    }

    /// Sets the weight of edge `a`–`b`, `a` being the vertex whose edges change.
    fn set(&mut self, a: usize, b: usize, w: Wide<N>) {
        debug_assert!(
            !self.fixed[a] && !self.fixed[b],
            "a fixed pair's edges never change"
        );
        self.matching.set(a, b, w);
    }

    /// The weight of edge `a`–`b` as last set.
    fn weight(&self, a: usize, b: usize) -> Wide<N> {
        self.matching.weight(a, b)
    }

    /// Gives fixed pair `a`–`b` weight 1, once (any weight keeps it: it is the only
    /// edge of either, and its weight then stands in every layout).
    fn weigh_fixed_pair(&mut self, a: usize, b: usize) {
        if !self.unit_pair[a] {
            self.matching.set(a, b, Wide::from_u64(1));
            self.unit_pair[a] = true;
            self.unit_pair[b] = true;
        }
    }

    /// Solves the matching again after the weights changed.
    fn solve(&mut self) {
        self.matching.solve();
        for v in 0..self.n {
            self.mate[v] = self.matching.mate(v).unwrap_or(v);
        }
    }

    /// Keeps pair `a`–`b` for good: every other edge of theirs gone, so that every
    /// later optimum keeps it.
    fn fix_pair(&mut self, a: usize, b: usize) {
        // Pairs fixed before had their edges to these two zeroed already.
        let open: Vec<usize> = (0..self.n)
            .filter(|&v| v != a && v != b && !self.fixed[v])
            .collect();
        for v in open {
            self.set(a, v, Wide::from_u64(0));
            self.set(b, v, Wide::from_u64(0));
        }
        self.fixed[a] = true;
        self.fixed[b] = true;
    }
}

/// The pairing of the players `sorted` (entrants by score, then rank) with weights of
/// `N` words: each vertex's mate (itself for the bye), or `Err` with the bits the
/// first matching's or a bracket's weights need when `N` words are too few.
pub(super) fn pair_field<const N: usize>(
    field: &Field,
    sorted: &[usize],
    layout: &Layout,
) -> Result<Result<Vec<usize>, u32>, DutchError> {
    // The first matching's weights: completion by every group's offset, or (an even
    // number of players) the weights outside the brackets.
    let first = layout.first_matching_bits();
    if first > Wide::<N>::BITS {
        return Ok(Err(first));
    }
    let mut round = Round::<N>::new(field, sorted, layout);
    round.first_matching()?;
    Ok(round.brackets().map(|()| round.pairs))
}

/// The state of one round's pairing.
struct Round<'a, const N: usize> {
    field: &'a Field,
    sorted: &'a [usize],
    /// The round's layout, every score group's sub-fields in it (the first matching's).
    full: &'a Layout,
    /// The layout of the bracket being paired (see [`Layout::keeping`]).
    layout: Layout,
    graph: Graph<N>,
    bye_score: i64,
    single_downfloater_is_bye: bool,
    /// `single_downfloater_is_bye` as the first matching left it, which the weights of
    /// the pairs outside the brackets keep.
    outside_single_downfloater_is_bye: bool,
    /// The sub-fields' width of the layout the weights outside the brackets were last
    /// written in (they hold no sub-field, and stand as they are in a layout as wide).
    outside_groups_bits: Option<u32>,
    unplayed_ranks: HashMap<u32, u64>,
    /// The final mate of each vertex (itself when unpaired).
    pairs: Vec<usize>,
}

impl<'a, const N: usize> Round<'a, N> {
    fn new(field: &'a Field, sorted: &'a [usize], layout: &'a Layout) -> Round<'a, N> {
        let n = sorted.len();
        Round {
            field,
            sorted,
            full: layout,
            // The weights outside the brackets (the first matching's with an even
            // number of players) use no sub-field.
            layout: layout.keeping(&[]),
            graph: Graph::new(n),
            bye_score: 0,
            single_downfloater_is_bye: false,
            outside_single_downfloater_is_bye: false,
            outside_groups_bits: None,
            unplayed_ranks: HashMap::new(),
            pairs: (0..n).collect(),
        }
    }

    /// The accelerated score of vertex `v`.
    fn score(&self, v: usize) -> i64 {
        self.field.score(self.sorted[v], 0)
    }

    /// The weight of vertices `higher` (above) and `lower` in the given roles.
    fn weight(&self, higher: usize, lower: usize, in_bracket: bool, in_next: bool) -> Wide<N> {
        let ctx = EdgeContext {
            lower_in_bracket: in_bracket,
            lower_in_next: in_next,
            bye_score: self.bye_score,
            single_downfloater_is_bye: self.single_downfloater_is_bye,
            unplayed_ranks: &self.unplayed_ranks,
        };
        edge_weight(
            self.field,
            &self.layout,
            self.sorted[higher],
            self.sorted[lower],
            &ctx,
        )
    }

    /// The weight of a pair outside the bracket and the next score group.
    fn outside_weight(&self, higher: usize, lower: usize) -> Wide<N> {
        let ctx = EdgeContext {
            lower_in_bracket: false,
            lower_in_next: false,
            bye_score: self.bye_score,
            single_downfloater_is_bye: self.outside_single_downfloater_is_bye,
            unplayed_ranks: &self.unplayed_ranks,
        };
        let (h, l) = (self.sorted[higher], self.sorted[lower]);
        let w = self
            .layout
            .outside_weight(outer_fields(self.field, h, l, &ctx));
        debug_assert_eq!(w, edge_weight(self.field, &self.layout, h, l, &ctx));
        w
    }

    /// The weight that only asks for a complete pairing, the bye to an eligible player
    /// of the lowest score possible (an odd number of players).
    fn completion_weight(&self, a: usize, b: usize) -> Wide<N> {
        let (ea, eb) = (self.sorted[a], self.sorted[b]);
        if !compatible(self.field, ea, eb) {
            return Wide::from_u64(0);
        }
        let layout = self.full;
        let shift =
            |v: usize| u64::from(layout.group_shift.get(&self.score(v)).copied().unwrap_or(0));
        let top = u64::from(!self.field.eligible_for_bye(ea))
            + u64::from(!self.field.eligible_for_bye(eb))
            + 1;
        Wide::from_u64(top)
            .shl(layout.groups_bits)
            .plus(shift(a) + shift(b))
            .shl(layout.group_bits)
            .or_low(u64::from(self.score(a) >= self.score(0)))
    }

    /// The first matching: can the round be paired, and the bye's score (C4, C5).
    fn first_matching(&mut self) -> Result<(), DutchError> {
        let n = self.sorted.len();
        let odd = n % 2 == 1;
        for a in 0..n {
            for b in 0..a {
                let w = if odd {
                    self.completion_weight(a, b)
                } else {
                    self.weight(b, a, false, false)
                };
                self.graph.set(a, b, w);
            }
        }
        self.graph.solve();
        let unmatched: Vec<usize> = (0..n).filter(|&v| self.graph.mate[v] == v).collect();
        let complete = unmatched.len() <= 1
            && unmatched
                .iter()
                .all(|&v| self.field.eligible_for_bye(self.sorted[v]));
        if !complete {
            return Err(DutchError::NoValidPairing);
        }
        if !odd {
            return Ok(());
        }
        self.bye_score = self.score(unmatched[0]);
        let top = self.score(0);
        self.single_downfloater_is_bye = self.bye_score >= top
            && (0..n)
                .take_while(|&v| self.score(v) >= top)
                .all(|v| self.score(self.graph.mate[v]) >= top);
        let mut counts: Vec<u32> = (0..n)
            .filter(|&v| self.score(v) == self.bye_score)
            .map(|v| self.field.entrants[self.sorted[v]].played_games)
            .collect();
        counts.sort_unstable_by(|x, y| y.cmp(x));
        for (rank, played) in counts.into_iter().enumerate() {
            self.unplayed_ranks.insert(played, rank as u64);
        }
        self.outside_single_downfloater_is_bye = self.single_downfloater_is_bye;
        Ok(())
    }

    /// The brackets from the top score group down; records the decided pairs. `Err`
    /// with the bits needed when a bracket's weights do not fit `N` words.
    fn brackets(&mut self) -> Result<(), u32> {
        let n = self.sorted.len();
        if n == 0 {
            return Ok(());
        }
        let top = self.score(0);
        let mut next = (0..n).take_while(|&v| self.score(v) >= top).count();
        let mut b = Bracket {
            vertices: (0..next).collect(),
            moved_down: 0,
            first_vertex: 0,
            group_end: 0,
            group_end_vertex: 0,
            next_group_start: 0,
            base: Vec::new(),
            matched: vec![false; n],
        };
        while b.vertices.len() > 1 || next != n {
            b.group_end = b.vertices.len();
            b.group_end_vertex = b.first_vertex + (b.group_end - b.moved_down);
            b.next_group_start = next;
            while next < n && self.score(next) >= self.score(b.next_group_start) {
                b.vertices.push(next);
                next += 1;
            }
            self.relayout(&b)?;
            self.install_base_weights(&mut b);
            self.graph.solve();
            self.choose_moved_down(&mut b);
            self.choose_moved_down_opponents(&mut b);
            self.pair_remainder(&mut b);
            self.carry_over(&mut b);
        }
        Ok(())
    }

    /// Gives every pair its weight in the layout of bracket `b` (the sub-fields of the
    /// scores of its players and of the next score group's, [`Layout::keeping`]), but
    /// the pairs of the bracket and the next score group, which
    /// [`Round::install_base_weights`] weighs next: a fixed pair weight 1, two
    /// moved-down players the weight they have, moved; every other pair its weight
    /// outside the brackets (unless the last layout's sub-fields were as wide: then
    /// they stand). Only what changes is set, so that the matching is repaired, not
    /// solved again, where little changed. `Err` with the bits the layout needs when
    /// `N` words are too few.
    fn relayout(&mut self, b: &Bracket<N>) -> Result<(), u32> {
        let mut scores: Vec<i64> = b.vertices.iter().map(|&v| self.score(v)).collect();
        scores.sort_unstable();
        scores.dedup();
        let layout = self.full.keeping(&scores);
        let bits = layout.matching_bits();
        if bits > Wide::<N>::BITS {
            return Err(bits);
        }
        let old = std::mem::replace(&mut self.layout, layout);
        let n = self.sorted.len();
        // Each vertex's place in the bracket's list, if it has one.
        let mut place = vec![None; n];
        for (p, &v) in b.vertices.iter().enumerate() {
            place[v] = Some(p);
        }
        let moved_down = |v: usize| place[v].is_some_and(|p| p < b.moved_down);
        // A player outside the bracket and the next score group was outside before.
        let outside_unchanged = self.outside_groups_bits == Some(self.layout.groups_bits);
        self.outside_groups_bits = Some(self.layout.groups_bits);
        for a in 1..n {
            for v in 0..a {
                if self.graph.fixed[a] || self.graph.fixed[v] {
                    if self.pairs[a] == v {
                        self.graph.weigh_fixed_pair(a, v);
                    }
                } else if moved_down(a) && moved_down(v) {
                    let w = old.move_weight(self.graph.weight(a, v), &self.layout);
                    self.graph.set(a, v, w);
                } else if (place[a].is_none() || place[v].is_none()) && !outside_unchanged {
                    let w = self.outside_weight(v, a);
                    self.graph.set(a, v, w);
                }
            }
        }
        Ok(())
    }
}

/// One bracket with the next score group behind it, by position in `vertices`.
struct Bracket<const N: usize> {
    /// The vertices: moved-down players, residents, then the next score group.
    vertices: Vec<usize>,
    /// How many of `vertices` moved down into the bracket (they come first).
    moved_down: usize,
    /// The first vertex of the bracket's own score group.
    first_vertex: usize,
    /// The position where the next score group starts (the bracket's end).
    group_end: usize,
    /// The vertex where the next score group starts.
    group_end_vertex: usize,
    /// The vertex of the next score group's first player (`n` when none).
    next_group_start: usize,
    /// The base weights, `base[larger][smaller]` by position, for `larger` from
    /// `moved_down` on.
    base: Vec<Vec<Wide<N>>>,
    /// Vertices whose pair is decided.
    matched: Vec<bool>,
}

impl<const N: usize> Bracket<N> {
    /// Whether vertex `m` (a mate) is in the bracket's own score group.
    fn in_group(&self, m: usize) -> bool {
        m >= self.first_vertex && m < self.group_end_vertex
    }
}

impl<const N: usize> Round<'_, N> {
    /// The bracket's weights: every pair with its lower player among the residents or
    /// the next score group.
    fn install_base_weights(&mut self, b: &mut Bracket<N>) {
        let len = b.vertices.len();
        b.base = vec![Vec::new(); len];
        for larger in b.moved_down..len {
            let row: Vec<Wide<N>> = (0..larger)
                .map(|smaller| {
                    let in_bracket = larger < b.group_end;
                    self.weight(
                        b.vertices[smaller],
                        b.vertices[larger],
                        in_bracket,
                        !in_bracket,
                    )
                })
                .collect();
            for (smaller, &w) in row.iter().enumerate() {
                self.graph.set(b.vertices[larger], b.vertices[smaller], w);
            }
            b.base[larger] = row;
        }
    }

    /// The remainder weight: the base weight raised for the generation order
    /// (fewest exchanges, then the smallest numbers exchanged).
    fn remainder_weight(
        &self,
        b: &Bracket<N>,
        smaller: usize,
        larger: usize,
        smaller_index: usize,
        remainder_pairs: usize,
    ) -> Wide<N> {
        let w = b.base[larger][smaller];
        if w.is_zero() {
            return w;
        }
        let gb = self.layout.group_bits;
        let in_s1 = u64::from(smaller_index < remainder_pairs);
        (w + Wide::from_u64(in_s1).shl(2 * gb + 1)).minus(2 * smaller_index as u64)
    }

    /// Which moved-down players are paired in the bracket: as many as can be, the
    /// highest first (C6, C7).
    fn choose_moved_down(&mut self, b: &mut Bracket<N>) {
        let mut group_score = i64::MAX;
        let (mut remaining, mut remaining_matched) = (0usize, 0usize);
        for p in 0..b.moved_down {
            let score = self.score(b.vertices[p]);
            if p == 0 || score < group_score {
                group_score = score;
                remaining = 0;
                remaining_matched = 0;
                for m in p..b.moved_down {
                    if self.score(b.vertices[m]) < group_score {
                        break;
                    }
                    remaining += 1;
                    if b.in_group(self.graph.mate[b.vertices[m]]) {
                        remaining_matched += 1;
                    }
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            let v = b.vertices[p];
            if remaining <= remaining_matched {
                b.matched[v] = true;
                continue;
            }
            remaining -= 1;
            if !b.in_group(self.graph.mate[v]) {
                for o in b.moved_down..b.group_end {
                    let w = b.base[o][p];
                    if !w.is_zero() {
                        self.graph.set(v, b.vertices[o], w.or_low(1));
                    }
                }
                self.graph.solve();
            }
            if b.in_group(self.graph.mate[v]) {
                b.matched[v] = true;
                remaining_matched -= 1;
                let bump = (b.group_end - b.moved_down) as u64;
                for o in b.moved_down..b.group_end {
                    let w = b.base[o][p];
                    if !w.is_zero() {
                        self.graph.set(v, b.vertices[o], w.or_low(bump).plus(1));
                    }
                }
            }
        }
    }

    /// The opponents of the moved-down players paired: the highest-ranked first, each
    /// against the highest resident that costs no criterion.
    fn choose_moved_down_opponents(&mut self, b: &mut Bracket<N>) {
        for p in 0..b.moved_down {
            let v = b.vertices[p];
            if !b.matched[v] {
                continue;
            }
            let mut addend = b.vertices.len() as u64;
            for o in (b.moved_down..b.group_end).rev() {
                let ov = b.vertices[o];
                if b.matched[ov] {
                    continue;
                }
                let w = b.base[o][p];
                if !w.is_zero() {
                    self.graph.set(v, ov, w.plus(addend));
                    addend += 1;
                }
            }
            self.settle(b, v);
        }
    }
}

impl<const N: usize> Round<'_, N> {
    /// Whether vertex `v` is the upper player of a pair inside the bracket (an S1
    /// player, in the rules' words).
    fn leads_pair(&self, b: &Bracket<N>, v: usize) -> bool {
        let m = self.graph.mate[v];
        m > v && m < b.group_end_vertex
    }

    /// Pairs the residents left after the moved-down players: the number of pairs,
    /// the fewest exchanges between S1 and S2 with the smallest numbers, which players
    /// are exchanged, then S1's opponents in order.
    fn pair_remainder(&mut self, b: &mut Bracket<N>) {
        let mut remainder = Vec::new();
        let mut pairs = 0usize;
        for p in b.moved_down..b.group_end {
            let v = b.vertices[p];
            let mate = self.graph.mate[v];
            if mate < b.first_vertex {
                continue;
            }
            remainder.push(p);
            if mate < v {
                pairs += 1;
            }
        }
        self.install_remainder_weights(b, &remainder, pairs);
        self.graph.solve();
        let exchanges = remainder[..pairs]
            .iter()
            .filter(|&&p| !self.leads_pair(b, b.vertices[p]))
            .count();
        self.choose_s1_exchanges(b, &remainder, pairs, exchanges);
        self.choose_s2_exchanges(b, &remainder, pairs, exchanges);
        self.fix_exchanges(b, &remainder);
        self.choose_s1_opponents(b, &remainder);
    }

    /// Every pair of the remainder at its remainder weight.
    fn install_remainder_weights(&mut self, b: &Bracket<N>, remainder: &[usize], pairs: usize) {
        for (j, &o) in remainder.iter().enumerate() {
            for (i, &p) in remainder[..j].iter().enumerate() {
                let w = self.remainder_weight(b, p, o, i, pairs);
                self.graph.set(b.vertices[p], b.vertices[o], w);
            }
        }
    }

    /// S1's players to exchange, the lowest first where an exchange costs nothing.
    fn choose_s1_exchanges(
        &mut self,
        b: &mut Bracket<N>,
        remainder: &[usize],
        pairs: usize,
        exchanges: usize,
    ) {
        let mut left = exchanges;
        let mut at = pairs;
        while at > 0 && left > 0 {
            at -= 1;
            let (p, v) = (remainder[at], b.vertices[remainder[at]]);
            if self.leads_pair(b, v) {
                for &o in &remainder[at + 1..] {
                    let w = self.remainder_weight(b, p, o, at, pairs);
                    if !w.is_zero() {
                        self.graph.set(v, b.vertices[o], w.minus(1));
                    }
                }
                self.graph.solve();
            }
            let exchanged = !self.leads_pair(b, v);
            left -= usize::from(exchanged);
            for &o in &remainder[at + 1..] {
                if exchanged {
                    b.base[o][p] = Wide::from_u64(0);
                }
                let w = self.remainder_weight(b, p, o, at, pairs);
                self.graph.set(v, b.vertices[o], w);
            }
        }
    }

    /// S2's players to exchange, the highest first where an exchange costs nothing.
    fn choose_s2_exchanges(
        &mut self,
        b: &mut Bracket<N>,
        remainder: &[usize],
        pairs: usize,
        exchanges: usize,
    ) {
        let mut left = exchanges;
        let mut at = pairs;
        while at < remainder.len() && left > 1 {
            let (p, v) = (remainder[at], b.vertices[remainder[at]]);
            let already = self.leads_pair(b, v);
            if !already {
                for &o in &remainder[at + 1..] {
                    let w = self.remainder_weight(b, p, o, at, pairs);
                    if !w.is_zero() {
                        self.graph.set(v, b.vertices[o], w.plus(1));
                    }
                }
                self.graph.solve();
            }
            if self.leads_pair(b, v) {
                left -= 1;
                for &o in &remainder[..at] {
                    b.base[p][o] = Wide::from_u64(0);
                    self.graph.set(v, b.vertices[o], Wide::from_u64(0));
                }
                for o in b.group_end..b.vertices.len() {
                    b.base[o][p] = Wide::from_u64(0);
                    self.graph.set(v, b.vertices[o], Wide::from_u64(0));
                }
            }
            if !already {
                for &o in &remainder[at + 1..] {
                    let w = self.remainder_weight(b, p, o, at, pairs);
                    self.graph.set(v, b.vertices[o], w);
                }
            }
            at += 1;
        }
    }

    /// Keeps the exchanges chosen: only S1 players may lead a pair, only with S2.
    fn fix_exchanges(&mut self, b: &mut Bracket<N>, remainder: &[usize]) {
        for (i, &p) in remainder.iter().enumerate() {
            let v = b.vertices[p];
            for &o in &remainder[i + 1..] {
                let ov = b.vertices[o];
                if !self.leads_pair(b, v) || self.leads_pair(b, ov) {
                    b.base[o][p] = Wide::from_u64(0);
                }
                self.graph.set(v, ov, b.base[o][p]);
            }
        }
    }

    /// S1's opponents, S1 in order, each against the highest S2 player that costs no
    /// criterion.
    fn choose_s1_opponents(&mut self, b: &mut Bracket<N>, remainder: &[usize]) {
        for &p in remainder {
            let v = b.vertices[p];
            if !self.leads_pair(b, v) {
                continue;
            }
            let mut addend = 0u64;
            for &o in remainder.iter().rev() {
                let ov = b.vertices[o];
                if o <= p || b.matched[ov] {
                    continue;
                }
                let w = b.base[o][p];
                if !w.is_zero() {
                    self.graph.set(v, ov, w.plus(addend));
                }
                addend += 1;
            }
            self.settle(b, v);
        }
    }

    /// Solves with `v`'s raised weights and fixes `v` with the mate the optimum gives it.
    fn settle(&mut self, b: &mut Bracket<N>, v: usize) {
        self.graph.solve();
        let mate = self.graph.mate[v];
        b.matched[v] = true;
        b.matched[mate] = true;
        self.graph.fix_pair(v, mate);
    }

    /// Records the bracket's pairs; the players left unpaired move down into the next
    /// bracket, the next score group its residents.
    fn carry_over(&mut self, b: &mut Bracket<N>) {
        let n = self.sorted.len();
        let next_score = (b.next_group_start < n).then(|| self.score(b.next_group_start));
        let mut single = n % 2 == 1 && next_score.is_some_and(|s| self.bye_score >= s);
        let mut vertices = Vec::new();
        let mut moved_down = 0;
        for (p, &v) in b.vertices.iter().enumerate() {
            let mate = self.graph.mate[v];
            if p < b.group_end && b.matched[v] {
                self.pairs[v] = mate;
                self.pairs[mate] = v;
                continue;
            }
            vertices.push(v);
            if p < b.group_end {
                moved_down += 1;
            }
            if single && next_score.is_some_and(|s| self.score(mate) < s) {
                single = false;
            }
        }
        self.single_downfloater_is_bye = single;
        b.vertices = vertices;
        b.moved_down = moved_down;
        b.first_vertex = b.group_end_vertex;
    }
}
