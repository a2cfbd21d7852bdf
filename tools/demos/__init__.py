"""The rules demos of engine/doko/demos/*.json and the code that builds them.

Each demo is a finished deal with a topic (basics, special-games,
announcements, specials, house), titles and one line in German and English,
and ``expects``: the narration events (doko.explain) the demo is about, which
tests/engine/test_demos.py checks on every run; ``moment``, the step where the
event it is about is told (the spec's ``moment``, else its first expect), and
``start``, where the viewer opens: a trick or so before the moment. Demos come from three sources:

- records of tests/records/scripted (games checked by an independent checker);
- a seeded search: deals dealt by seed, played by the standard bots, with a
  reservation scripted where the demo needs one, kept when the replay shows
  the wanted event (the first seed that does, so the output is stable);
- a found deal with an announcement added: the same cards played, the word said
  before the announcer's first card, replayed through the rules again.

Every demo is replayed by the engine before it is written. House-rule demos
need the options of the house rules; while the engine lacks an option, its
demos are reported as missing and not written (never faked).

The modules: spec (what a demo is), picks (tests on a replay, scripted
reservations), search (the seeded search), output (writing, --stats), one module
per family of demos (basics, tables, weddings, solos, poverty, throwing,
announcements, specials, house_cards, house_solos, house_deals), catalog (all of
them, in search order) and run (the whole build).
"""
