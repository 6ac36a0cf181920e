"""allin's one error for bad input: :class:`InputError`."""


class InputError(ValueError):
    """Bad input, with the engine's own message.

    ``field`` names the argument it belongs to (``"players"``,
    ``"players[1]"`` for the second hand, ``"board"``, ``"dead"``,
    ``"game"``, ``"rules"``, ``"method"``, ``"trials"``, ``"time_budget"``,
    ``"cards"``, …); ``message`` is what the engine said (as the CLI and
    the JS API say it).
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(field, message)
        self.field = field
        self.message = message

    def __str__(self) -> str:
        return self.message
