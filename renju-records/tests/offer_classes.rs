//! `offer_classes` (the distance-bucketed fast path) against `offers_equivalent` compared
//! two by two, on random positions of four stones, both equivalences.

use proptest::prelude::*;
use renju_core::{Color, Point};
use renju_records::opening::{offer_classes, offers_equivalent, OfferEquivalence};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn classes_are_the_pairwise_equivalence(
        cells in prop::collection::btree_set((4u8..11, 4u8..11), 4),
        board in any::<bool>(),
        symmetric in any::<bool>(),
    ) {
        let size = 15;
        let mut cells: Vec<(u8, u8)> = cells.into_iter().collect();
        if symmetric {
            // Mirror the first two stones about the centre column: many equal offers.
            cells[2] = (14 - cells[0].0, cells[0].1);
            cells[3] = (14 - cells[1].0, cells[1].1);
        }
        let colors = [Color::Black, Color::White, Color::Black, Color::White];
        let mut stones: Vec<(Point, Color)> = Vec::new();
        for (&(x, y), &c) in cells.iter().zip(&colors) {
            let p = Point::new(x, y).unwrap();
            if stones.iter().all(|&(q, _)| q != p) {
                stones.push((p, c));
            }
        }
        let points: Vec<Point> = (0..size)
            .flat_map(|y| (0..size).map(move |x| Point::new(x, y).unwrap()))
            .filter(|p| stones.iter().all(|&(q, _)| q != *p))
            .step_by(3)
            .collect();
        let rule = if board { OfferEquivalence::Board } else { OfferEquivalence::Shape };
        let classes = offer_classes(&stones, &points, rule, size);
        for i in 0..points.len() {
            for j in i + 1..points.len() {
                let same = offers_equivalent(&stones, points[i], points[j], rule, size);
                prop_assert_eq!(classes[i] == classes[j], same, "{} {}", points[i], points[j]);
            }
        }
    }
}
