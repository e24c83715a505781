# Runs every `test_*` function of the mpcase_*.py files and prints one line
# each: "PASS module.name" or "FAIL module.name: error", then "SUMMARY p f".
# run.mjs calls main() on the MicroPython VM; tests/firmware reads the lines.

import os
import sys

import casekit


def _error(e):
    if casekit.MICROPYTHON:
        import io
        buf = io.StringIO()
        sys.print_exception(e, buf)
        return buf.getvalue()
    import traceback
    return "".join(traceback.format_exception(type(e), e, e.__traceback__))


def case_modules(folder):
    names = [f[:-3] for f in os.listdir(folder) if f.startswith("mpcase_") and f.endswith(".py")]
    names.sort()
    return names


def main(folder="/"):
    passed = 0
    failed = 0
    for modname in case_modules(folder):
        mod = __import__(modname)
        for name in sorted(n for n in dir(mod) if n.startswith("test_")):
            try:
                getattr(mod, name)()
            except Exception as e:   # an AssertionError or a firmware error: both fail
                failed += 1
                text = _error(e).strip().split("\n")
                print("FAIL %s.%s: %s" % (modname, name, text[-1]))
                for t in text:
                    print("  | " + t)
            else:
                passed += 1
                print("PASS %s.%s" % (modname, name))
    print("SUMMARY %d %d" % (passed, failed))
    return failed == 0
