"""Adapters to the research ecosystems: OpenSpiel, PettingZoo and Gymnasium.

Each is a thin layer over the engine's numbers (``parlour.engine.numbers``:
action ids, legal masks, and each game's ``encoding.py``), installed with
``pip install 'parlour[research]'``.  Nothing in the rest of Parlour imports
this package, so the core needs none of those libraries.  See docs/research.md.
"""
