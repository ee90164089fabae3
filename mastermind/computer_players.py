"""The computer players' names, read by the engine (which plays them) and by the modes (which seat
them among people), so that neither needs the other: the engine knows no match.

>>> COMPUTER_PLAYERS
('HAL9000', 'VIKI')
"""

COMPUTER_PLAYERS = ("HAL9000", "VIKI")
"""The computer players' names: HAL9000 the strongest codebreaker, VIKI a weaker one."""
