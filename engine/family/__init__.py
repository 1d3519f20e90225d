"""The family of Crazy Eights games beside ``sce2`` (RULES-FAMILY.md): ``sce``, ``classic``,
``openspiel`` and ``layout``, as rulesets read by one general N-player engine.

``sce2`` keeps its own fast engine (``eights.engine``); here it is only a ruleset name.
"""

from eights.engine.family.deal import deal, start
from eights.engine.family.match import FamilyMatchResult, play_family_deal, play_family_match, random_family_strategy
from eights.engine.family.moves import FamilyMove
from eights.engine.family.notation import compact_family, family_from_json, family_to_json, parse_family
from eights.engine.family.perft import perft
from eights.engine.family.position import FamilyPosition
from eights.engine.family.record import FamilyDealRecord, record_events
from eights.engine.family.rules import apply_chance, apply_move, chance_outcomes, legal_moves
from eights.engine.family.ruleset import Ruleset, RulesetError, at_deal, parse_rules
from eights.engine.family.scoring import payoffs

__all__ = [
    "FamilyDealRecord", "FamilyMatchResult", "FamilyMove", "FamilyPosition", "Ruleset", "RulesetError", "apply_chance", "apply_move",
    "at_deal", "chance_outcomes", "compact_family", "deal", "family_from_json", "family_to_json", "legal_moves",
    "parse_family", "parse_rules", "payoffs", "perft", "play_family_deal", "play_family_match",
    "random_family_strategy", "record_events", "start",
]
