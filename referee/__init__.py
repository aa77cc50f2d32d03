"""Referee: a phone-first referee and scorekeeper for physical dice games."""
