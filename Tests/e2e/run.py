#!/usr/bin/python3
"""Runs Pinform's end-to-end tests: every Tests/e2e/test_*.py, with the standard unittest.

    PINFORM_BIN=.build/debug/pinform /usr/bin/python3 Tests/e2e/run.py [-k PATTERN]

scripts/test sets PINFORM_BIN, a display and a session bus. The last line printed is
"e2e: N passed, N failed" (", N skipped" when some were skipped); the exit code is 0 only when
no test failed and at least one ran.
"""
import argparse
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-k", dest="patterns", action="append", default=[],
                        help="only run tests whose name contains this substring (repeatable)")
    parser.add_argument("-q", "--quiet", action="store_true", help="one character per test")
    options = parser.parse_args()

    # The tests import pinform_e2e from this folder.
    sys.path.insert(0, HERE)
    loader = unittest.TestLoader()
    if options.patterns:
        loader.testNamePatterns = [f"*{p}*" for p in options.patterns]
    suite = loader.discover(HERE, pattern="test_*.py", top_level_dir=HERE)

    runner = unittest.TextTestRunner(verbosity=1 if options.quiet else 2, stream=sys.stdout)
    result = runner.run(suite)

    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped
    summary = f"e2e: {passed} passed, {failed} failed"
    if skipped:
        summary += f", {skipped} skipped"
    print(summary, flush=True)
    sys.exit(0 if failed == 0 and result.testsRun > 0 else 1)


if __name__ == "__main__":
    main()
