"""The server's request bodies as declared models: ``/openapi.json`` and ``/docs``
describe each, and a body is checked against its model before anything is stored.

Every model refuses unknown fields and text that cannot be written out (a lone
surrogate such as ``"\\ud800"``, which JSON can carry but UTF-8 cannot), and
:func:`explain` turns a model's refusal into one line that names the field, what it
must be and what was given.

>>> TimePolicy.from_json({"claim_seconds": None, "hands": 2}).hands
2
>>> TimePolicy.from_json({}).away  # a policy stored before ``away``: the old behaviour
'bot'
>>> TimePolicy.from_json({"away": "bot_hand"}).away
'bot_hand'
>>> TimePolicy.from_json({"claim_seconds": -1})
Traceback (most recent call last):
...
ValueError: claim_seconds must be greater than or equal to 0, not -1
>>> TimePolicy.from_json({"speed": 1})
Traceback (most recent call last):
...
ValueError: unknown time policy field(s): speed
>>> TableRequest.check({"names": ["x\\ud800"]})
Traceback (most recent call last):
...
ValueError: names.0 holds text that cannot be written out (a lone surrogate): 'x\\ud800'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from parlour.core.errors import ParlourError

MAX_SECONDS = 3600
MAX_WAIT = 60
"""The longest a request to make a table waits for a table of bots alone to finish."""


class Unwritable(ParlourError, ValueError):
    """Text that cannot be encoded (a lone surrogate)."""


def check_text(value: Any, where: str = "") -> None:
    """Raise :class:`Unwritable` if ``value`` (any JSON value) holds a string, key or
    value, that UTF-8 cannot encode, naming where.

    >>> check_text({"a": ["ok", "\\udc80"]})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.server.models.Unwritable: a.1 holds text that cannot be written out (...): '\\udc80'
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            at = f"{where} holds" if where else "the request holds"
            raise Unwritable(
                f"{at} text that cannot be written out (a lone surrogate): {value!r}"
            ) from None
    elif isinstance(value, dict):
        for k, v in value.items():
            check_text(k, where)
            check_text(v, f"{where}.{k}" if where else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            check_text(v, f"{where}.{i}" if where else str(i))


class Body(BaseModel):
    """A request body: no unknown field, no unwritable text, strict types (``"5"`` is
    not a number, ``true`` is not 1)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="before")
    @classmethod
    def _writable(cls, data: Any) -> Any:
        check_text(data)
        return data

    @classmethod
    def check(cls, data: Any) -> Any:
        """``data`` as this model, or ValueError with one line saying what is wrong."""
        try:
            return cls.model_validate(data)
        except ValidationError as e:
            raise ValueError(explain(e)) from None


def explain(error: ValidationError, where: str = "") -> str:
    """The first problem of a model's refusal in one line (see the module's examples)."""
    return explain_errors(error.errors(include_url=False), where)


def explain_errors(errors: Sequence[Any], where: str = "") -> str:
    """:func:`explain` for the errors of a refusal as pydantic lists them (a request
    body's start with ``body``, which is left out).

    >>> explain_errors([{"type": "missing", "loc": ("body", "rules"), "msg": "Field required"}])
    'rules is missing'
    """
    first = errors[0]
    loc_parts = tuple(first["loc"])
    if loc_parts[:1] == ("body",):
        loc_parts = loc_parts[1:]
    loc = ".".join(str(part) for part in loc_parts)
    kind = first["type"]
    if kind == "extra_forbidden":
        inner = [str(e["loc"][-1]) for e in errors if e["type"] == "extra_forbidden"]
        owner = "time policy " if loc_parts[:1] == ("policy",) else where
        return f"unknown {owner}field(s): {', '.join(sorted(inner))}"
    message = str(first["msg"])
    if kind == "value_error":
        return message.removeprefix("Value error, ")
    if kind == "missing":
        return f"{loc} is missing"
    message = message.replace("Input should be", "must be")
    if not loc:
        return f"the request {message}"
    return f"{loc} {message}, not {first.get('input')!r}"


Away = Literal["wait", "bot", "bot_hand"]
"""Who plays the seat of a person who is away (see ``TimePolicy.away``)."""


class TimePolicy(Body):
    """A table's time policy (the time policy of a table)."""

    claim_seconds: float | None = Field(
        10.0,
        ge=0,
        le=MAX_SECONDS,
        description="How long a claim window waits for a person who has not answered "
        "(then they pass); null: as long as it takes.",
    )
    pause_seconds: float = Field(
        1.0,
        ge=0,
        le=MAX_SECONDS,
        description="Every claim window lasts at least this long, whatever anyone holds.",
    )
    pause_alone: float = Field(
        0.0, ge=0, le=MAX_SECONDS, description="The pause when one person plays bots."
    )
    turn_seconds: float | None = Field(
        None, ge=0, le=MAX_SECONDS, description="A turn's clock (null: none)."
    )
    bank_seconds: float = Field(
        0.0, ge=0, le=MAX_SECONDS, description="A time bank per player and hand."
    )
    absence_seconds: float = Field(
        60.0,
        ge=0,
        le=MAX_SECONDS,
        description="How long a person may be away (their page closed) before a bot "
        "plays their seat, as ``away`` says.",
    )
    away: Away = Field(
        "bot",
        description="Who plays the seat of a person who is away: ``wait``: nobody, the "
        "table waits for them; ``bot``: a bot, ``absence_seconds`` after they left, until "
        "they return; ``bot_hand``: a bot, ``absence_seconds`` after they left, for the "
        "rest of that hand only (the next hand waits for them). A new table's default is "
        "``bot_hand``; a policy stored without it (a table made before it) reads as "
        "``bot``.",
    )
    spectator_delay: float = Field(
        0.0, ge=0, le=MAX_SECONDS, description="Spectators see the table this much later."
    )
    hand_pause_seconds: float = Field(
        15.0,
        ge=0,
        le=MAX_SECONDS,
        description="After a hand, the next starts when every person asks, or after this.",
    )
    hands: int | None = Field(
        None, ge=1, le=1000, description="Play only this many hands (null: the whole match)."
    )
    bots_asked: Literal["when_able", "always"] = Field(
        "always",
        description="Ask a bot's seat in a claim window only when it can claim, or always.",
    )
    bot_seconds: float = Field(
        1.0,
        ge=0,
        le=MAX_SECONDS,
        description="At a table of bots alone, the time between two moves (0: at once, "
        "a slice at a time).",
    )

    @classmethod
    def from_json(cls, data: Any) -> TimePolicy:
        """The policy ``data`` gives (None: the defaults); ValueError naming what is
        wrong."""
        if data is None:
            return cls.model_validate({})
        if not isinstance(data, dict):
            raise ValueError(f"the time policy is an object, not {data!r}")
        try:
            return cls.model_validate(data)
        except ValidationError as e:
            raise ValueError(explain(e, "time policy ")) from None

    def to_json(self) -> dict[str, Any]:
        return self.model_dump()


class TableRequest(Body):
    """A new table (POST /api/tables)."""

    rules: str | None = Field(
        None, max_length=64, description="The rule system (GET /api/rules lists them)."
    )
    options: dict[str, Any] | None = Field(
        None, description="The rule system's options (GET /api/rules lists them)."
    )
    seats: list[str] | None = Field(
        None,
        max_length=8,
        description='"human" or a bot\'s name for each player (default: you and greedy bots).',
    )
    names: list[str] | None = Field(None, max_length=8, description="The players' names.")
    policy: TimePolicy | None = Field(None, description="The time policy: every field optional.")
    wait_seconds: float = Field(
        0.0,
        ge=0,
        le=MAX_WAIT,
        description="For a table of bots alone: wait this long for it to finish before "
        "answering (status says whether it did).",
    )


class TableLink(BaseModel):
    player: int
    name: str
    url: str


class TableMade(BaseModel):
    """A table made: its id, the seed's commitment, the links and its status."""

    id: str
    commitment: str
    links: list[TableLink]
    spectator: str
    status: Literal["running", "finished"]


NEW_TABLE_AWAY: Away = "bot_hand"
"""The ``away`` of a table made without one: a bot stands in for a person who left
only for the rest of the hand, so a match is never played to its end for someone who
is not there (a club's expectation) unless its policy says so."""


__all__ = [
    "MAX_WAIT",
    "NEW_TABLE_AWAY",
    "Away",
    "Body",
    "TableMade",
    "TableRequest",
    "TimePolicy",
    "Unwritable",
    "check_text",
    "explain",
    "explain_errors",
]
