"""CPU burners for the tests that check answers do not depend on the load: one busy process per
core, each ending by itself after a bounded time (if its test dies) and stopped when the block
ends in any case."""
import contextlib
import os
import subprocess
import sys

BURN_S = 1200  # each burner's own bound


@contextlib.contextmanager
def cpu_burners():
    code = "import time\nend = time.monotonic() + %d\nwhile time.monotonic() < end: pass\n" % BURN_S
    procs = [subprocess.Popen([sys.executable, "-c", code]) for _ in range(os.cpu_count() or 2)]
    try:
        yield procs
    finally:
        for p in procs:
            p.kill()
        for p in procs:
            p.wait()
