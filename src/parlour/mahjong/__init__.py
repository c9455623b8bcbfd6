"""Mahjong: tiles, melds, hand shapes, tables, sessions, scoring and the rule systems.

The names, one per concept, in code and in JSON:

* ``rules`` in JSON is only ever a rule system's name (``"mcr"``, ``"xiamen"``): in a
  situation, a server table, a card observation and a card record. Mahjong records and
  the store keep their older field ``ruleset`` for the same name.
* a *ruleset* is the object a table asks (:class:`~parlour.mahjong.ruleset.Ruleset`,
  ``Table.ruleset``; ``Table.rules`` is an older name);
* the *session rules* run a match of hands (:class:`~parlour.mahjong.session.SessionRules`,
  ``Session.session_rules`` and the argument ``session_rules``; ``rules`` is an older
  name of both);
* the *ruleset state* is the ruleset's own state of one hand, a dataclass it makes
  (``table.state``, from ``Ruleset.new_state``), and, in a seat's observation, its facts of
  the hand that the seat may see (``"ruleset_state"``, from ``Ruleset.observe``; read back
  with :func:`~parlour.mahjong.ruleset.ruleset_state`, which also reads an observation
  saved with them under ``"rules"``);
* the *prevailing* wind (or value) is ``Table.prevailing``, ``Session.prevailing`` and
  ``HandSummary.prevailing`` (``prevalent`` is an older name of each); a situation's field
  stays ``round_wind``, version-1 records and ``HandSummary.to_json`` keep ``prevalent``,
  and MCR's fan keeps its rulebook name, Prevalent Wind.
"""
