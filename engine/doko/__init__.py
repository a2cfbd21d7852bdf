"""Doppelkopf: rules engine, bots and scoring for five rule presets.

Pure standard-library Python, so it runs unchanged in CPython and Pyodide.
"""

__version__ = "0.1.0"
