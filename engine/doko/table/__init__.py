"""A table over many deals: series, tournament draws and evenings. Above
:mod:`doko.game` and :mod:`doko.bots`."""
