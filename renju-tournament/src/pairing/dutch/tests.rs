//! The pairing at every width of its weights, and weights moved between layouts.

use std::collections::HashMap;

use super::weights::{edge_weight, EdgeContext};
use super::*;
use crate::pairing::wide::Wide;

/// The field of the round to pair in fixture `name`, its players in order and its layout.
fn round_of(name: &str) -> (Field, Vec<usize>, Layout) {
    let path = format!(
        "{}/../fixtures/tournaments/dutch/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("the fixture reads");
    let t = Tournament::from_trf(&text).expect("the fixture is a TRF");
    let field = Field::read(&t, round_to_pair(&t), None).expect("the round can be read");
    let sorted = players_to_pair(&field).expect("not too many players");
    let layout = Layout::new(&field, &sorted);
    (field, sorted, layout)
}

#[test]
fn every_width_that_holds_the_weights_pairs_alike() {
    for name in [
        "b-before-round-4.trf",
        "b-before-round-9.trf",
        "c-before-round-5.trf",
    ] {
        let (field, sorted, layout) = round_of(name);
        let whole = layout.matching_bits();
        let expected = pair_at_width(&field, &sorted, &layout, whole)
            .expect("the round pairs")
            .expect("the whole round's width holds every bracket");
        for bits in (64..=whole.next_multiple_of(64)).step_by(64) {
            match pair_at_width(&field, &sorted, &layout, bits).expect("the round pairs") {
                Ok(mates) => assert_eq!(mates, expected, "{name} in {bits} bits"),
                Err(needed) => assert!(needed > bits, "{name}: {needed} bits needed"),
            }
        }
        // One word holds no round's weights: the bits needed come back.
        let one_word = brackets::pair_field::<1>(&field, &sorted, &layout).expect("pairs");
        assert!(one_word.is_err_and(|needed| needed > 64), "{name}");
        assert!(
            pair_at_width(&field, &sorted, &layout, layout.bracket_bits_estimate())
                .expect("the round pairs")
                .is_ok_and(|mates| mates == expected),
            "{name}: the first width tried holds its brackets"
        );
    }
}

#[test]
fn a_bracket_too_wide_for_the_words_gives_the_bits_it_needs() {
    let (field, sorted, layout) = round_of("b-before-round-9.trf");
    assert!(
        layout.first_matching_bits() <= 128,
        "the first matching fits two words"
    );
    let two_words = brackets::pair_field::<2>(&field, &sorted, &layout).expect("pairs");
    assert!(
        two_words.is_err_and(|needed| needed > 128),
        "a bracket of several score groups needs more than two words"
    );
}

#[test]
fn a_weight_moved_to_another_layout_is_its_weight_there() {
    let (field, sorted, layout) = round_of("b-before-round-9.trf");
    assert!(layout.weight_bits() < Wide::<16>::BITS);
    let mut scores: Vec<i64> = sorted.iter().map(|&e| field.score(e, 0)).collect();
    scores.dedup();
    let ranks = HashMap::new();
    let context = |lower_in_bracket, lower_in_next| EdgeContext {
        lower_in_bracket,
        lower_in_next,
        bye_score: 0,
        single_downfloater_is_bye: false,
        unplayed_ranks: &ranks,
    };
    let mut moved = 0;
    for (i, &higher) in sorted.iter().enumerate() {
        for &lower in &sorted[i + 1..] {
            let (hs, ls) = (field.score(higher, 0), field.score(lower, 0));
            // Layouts holding both players' scores: theirs alone, and theirs with
            // every other score past them.
            let narrow = layout.keeping(&[hs, ls]);
            let others: Vec<i64> = scores.iter().copied().filter(|&s| s > hs).collect();
            let wide = layout.keeping(&[&[hs, ls][..], &others].concat());
            for ctx in [
                context(true, false),
                context(false, true),
                context(false, false),
            ] {
                let in_narrow: Wide<16> = edge_weight(&field, &narrow, higher, lower, &ctx);
                let in_wide: Wide<16> = edge_weight(&field, &wide, higher, lower, &ctx);
                assert_eq!(narrow.move_weight(in_narrow, &wide), in_wide);
                assert_eq!(wide.move_weight(in_wide, &narrow), in_narrow);
                moved += 1;
            }
        }
    }
    assert!(moved > 1000, "{moved} weights moved");
}
