"""The bots and what they build on: observations played out, searched and solved,
the deal review, engine speed. Above :mod:`doko.game`."""
