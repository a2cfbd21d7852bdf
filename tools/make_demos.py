"""Write engine/doko/demos/*.json: rules demos, one per rule worth showing.

The demos and the code that finds and writes them are the package tools/demos/
(its __init__ says how a demo is made); this script only reads the arguments.

Run: PYTHONPATH=engine python tools/make_demos.py [--only ID ...]
     PYTHONPATH=engine python tools/make_demos.py --stats  (demos per topic, narration share)
"""

from __future__ import annotations

import sys

from demos.output import stats
from demos.run import main

if __name__ == "__main__":
    if sys.argv[1:2] == ["--stats"]:
        stats()
        raise SystemExit(0)
    raise SystemExit(main(sys.argv[2:] if sys.argv[1:2] == ["--only"] else []))
