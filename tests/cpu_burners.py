"""A crowded core for the tests that check answers do not depend on the load: the runs under
test are confined to one core, where a busy process competes with them. A run with `-j 2` then
has a third of a core per thread, a heavier squeeze than a machine whose every core is busy,
while the machine's other cores stay free for the rest of the suite (the tests need not run
alone). The burner ends by itself after a bounded time (if its test dies) and is stopped when
the block ends in any case.

    with crowded_core() as confine:
        subprocess.run(cmd, preexec_fn=confine)
"""
import contextlib
import os
import subprocess
import sys

BURN_S = 1200  # the burner's own bound


def _pin(cpu):
    return lambda: os.sched_setaffinity(0, {cpu})


@contextlib.contextmanager
def crowded_core():
    cpu = max(os.sched_getaffinity(0))
    code = "import time\nend = time.monotonic() + %d\nwhile time.monotonic() < end: pass\n" % BURN_S
    burner = subprocess.Popen([sys.executable, "-c", code], preexec_fn=_pin(cpu))
    try:
        yield _pin(cpu)
    finally:
        burner.kill()
        burner.wait()
