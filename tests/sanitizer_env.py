"""The environment of the many short triage processes of a test: LeakSanitizer's scan at exit
costs a sanitizer build about a tenth of a second per process, most of the time of thousands of
short runs. Those skip it; the tests that run each command a few times keep it, and find leaks."""
import os


def without_leak_check(env=None):
    env = dict(os.environ if env is None else env)
    kept = [o for o in env.get('ASAN_OPTIONS', '').split(':') if o and not o.startswith('detect_leaks')]
    env['ASAN_OPTIONS'] = ':'.join(kept + ['detect_leaks=0'])
    return env
