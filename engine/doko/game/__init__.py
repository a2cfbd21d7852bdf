"""The game itself: cards, rules, the state of a deal and its actions, scoring,
records. Imports nothing of the other subpackages."""
