"""Makes the shared helpers beside this file (clirun, contract_deals, ...) importable
from every test folder, and the build tools from the project root.

Engine and command-line tests need nothing more; the browser fixtures (Playwright, a
built dist/) live in ``tests/browser/conftest.py`` and load only for those tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
