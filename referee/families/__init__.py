"""What a family of games shares, so that each game writes it once: push-your-luck turns
and their exact odds (``pushluck``, ``turn_odds``), and dice laid out on a board or a
square (``grid``, ``boards``) played in rounds (``rounds``).

A family module stands on ``referee.core`` only; the games import it, never the other way.
"""
