"""Tournaments: several games between several players, with a table at the end."""
