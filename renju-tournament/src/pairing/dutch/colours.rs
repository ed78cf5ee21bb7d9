//! The colours of a pair once it is made (C.04.3 E): both preferences when they agree,
//! else the stronger one, else alternate from the last round the two had different
//! colours, else the higher-ranked player's preference, else by his pairing number
//! and the initial colour.

use renju_core::Color;

use super::entrants::Field;
use super::weights::preferences_compatible;

/// The colour entrant `player` gets against `opponent`.
pub(super) fn colour_of(field: &Field, player: usize, opponent: usize) -> Color {
    if let Some(colour) = neutral_colour(field, player, opponent) {
        return colour;
    }
    let (p, o) = (&field.entrants[player], &field.entrants[opponent]);
    let player_lower = (field.score(player, 0), std::cmp::Reverse(p.rank))
        < (field.score(opponent, 0), std::cmp::Reverse(o.rank));
    let initial = field.initial_colour;
    match (p.preference, player_lower) {
        (None, true) if o.rank % 2 == 1 => initial,
        (None, true) => initial.opponent(),
        (None, false) if p.rank % 2 == 1 => initial.opponent(),
        (None, false) => initial,
        (Some(_), true) => o.preference.map_or(initial, Color::opponent),
        (Some(mine), false) => mine,
    }
}

/// The colour the rules give `player` by the two players' preferences and histories
/// alone, or `None` when only rank decides.
fn neutral_colour(field: &Field, player: usize, opponent: usize) -> Option<Color> {
    let (p, o) = (&field.entrants[player], &field.entrants[opponent]);
    if preferences_compatible(p.preference, o.preference) {
        return p.preference.or(o.preference.map(Color::opponent));
    }
    if p.absolute_preference() && (p.imbalance > o.imbalance || !o.absolute_preference()) {
        return p.preference;
    }
    if o.absolute_preference() && (o.imbalance > p.imbalance || !p.absolute_preference()) {
        return o.preference.map(Color::opponent);
    }
    if p.strong && !o.strong {
        return p.preference;
    }
    if o.strong && !p.strong {
        return o.preference.map(Color::opponent);
    }
    // Alternate from the most recent round in which the two had different colours.
    let colours = |e: usize| -> Vec<Color> {
        field.entrants[e]
            .past
            .iter()
            .rev()
            .filter(|r| r.played)
            .filter_map(|r| r.colour)
            .collect()
    };
    let (mine, theirs) = (colours(player), colours(opponent));
    let differ = mine.iter().zip(&theirs).find(|(a, b)| a != b);
    differ.map(|(_, &theirs)| theirs)
}
