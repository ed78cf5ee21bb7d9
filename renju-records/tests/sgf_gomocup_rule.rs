//! SGF from Gomocup's managers (c-gomoku-cli, Piskvork) names its rule by the number of
//! `INFO rule` (`RU[4]`): read as the rule it numbers.

use renju_core::RuleSet;
use renju_records::Format;

fn rule_of(ru: &str) -> Option<RuleSet> {
    let text = format!("(;FF[4]GM[4]SZ[15]RU[{ru}];B[hh];W[hi])");
    let games = Format::Sgf.read(text.as_bytes(), None);
    let game = games.into_iter().next().unwrap().unwrap();
    game.rule_set
}

#[test]
fn gomocup_rule_numbers_are_read() {
    assert_eq!(rule_of("4"), Some(RuleSet::Renju));
    assert_eq!(rule_of("0"), Some(RuleSet::Freestyle));
    assert_eq!(rule_of("1"), Some(RuleSet::Standard));
    assert_eq!(rule_of("8"), Some(RuleSet::Caro));
    // The continuous-game bit changes no rule of a single game.
    assert_eq!(rule_of("6"), Some(RuleSet::Renju));
    assert_eq!(rule_of("renju"), Some(RuleSet::Renju));
    assert_eq!(rule_of("3000"), None);
}

#[test]
fn a_gomocup_renju_record_validates() {
    let text = "(;FF[4]GM[4]SZ[15]RU[4];B[hh];W[hi];B[ih])";
    let game = Format::Sgf
        .read(text.as_bytes(), None)
        .into_iter()
        .next()
        .unwrap()
        .unwrap();
    let report = game.validate(&renju_records::ValidationOptions::default());
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.severity != renju_records::Severity::Error),
        "{:?}",
        report.findings
    );
}
