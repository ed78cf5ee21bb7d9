"""Engines: matches between Gomocup engines and the conformance of an engine's rules.

match() plays a match between engines (the Gomocup protocol), refereed by the live
referee (renju.referee), and gives a MatchResult (its games as MatchGame, scores,
pairs, SPRT, crosstable); MatchSettings are its settings. conform() checks an engine's
or a library's forbidden-move judgements against the library's on positions
(random_positions gives the random ones) and gives a ConformReport.
"""

from ._renju import (
    ConformReport,
    MatchEngine,
    MatchGame,
    MatchPair,
    MatchResult,
    MatchScore,
    MatchSettings,
    MatchSprt,
    conform,
    match,
    random_positions,
)

__all__ = [
    "match", "MatchSettings", "MatchResult", "MatchGame", "MatchEngine", "MatchPair",
    "MatchScore", "MatchSprt", "conform", "random_positions", "ConformReport",
]
