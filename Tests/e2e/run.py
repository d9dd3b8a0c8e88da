#!/usr/bin/python3
"""Runs Pinform's end-to-end tests: every Tests/e2e/test_*.py, with the standard unittest.

    PINFORM_BIN=.build/debug/pinform /usr/bin/python3 Tests/e2e/run.py [-k PATTERN]

scripts/test sets PINFORM_BIN, a display and a session bus. The last line printed is
"e2e: N passed, N failed" (", N skipped" when some were skipped, ", N known to fail" for the
tests known_failures.py lists); the exit code is 0 only when no test failed and at least one ran.

A test listed in known_failures.py still runs; its failure is counted apart ("known to fail"),
and when it passes the run counts it as passed and says to take it out of the list.
"""
import argparse
import os
import sys
import time
import unittest

from known_failures import KNOWN_FAILURES

HERE = os.path.dirname(os.path.abspath(__file__))


class TimedResult(unittest.TextTestResult):
    """Keeps each test's wall time, so that the slowest can be listed after the run."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.durations = []
        self._started = {}

    def startTest(self, test):
        self._started[test.id()] = time.monotonic()
        super().startTest(test)

    def stopTest(self, test):
        started = self._started.pop(test.id(), None)
        if started is not None:
            self.durations.append((time.monotonic() - started, test.id()))
        super().stopTest(test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._print_now("FAIL", test)

    def addError(self, test, err):
        super().addError(test, err)
        self._print_now("ERROR", test)

    def _print_now(self, kind, test):
        """The traceback at once, as well as in the summary: a long run's log shows why a test
        failed while the rest still runs."""
        self.stream.writeln(f"\n{kind} now: {test.id()}\n{self.errors[-1][1] if kind == 'ERROR' else self.failures[-1][1]}")
        self.stream.flush()


def tests_in(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from tests_in(item)
        else:
            yield item


def mark_known_failures(suite):
    """Marks each test of KNOWN_FAILURES as expected to fail; returns the ids marked. A name in the
    list that no test has is an error: the list says what it means."""
    marked = set()
    for test in tests_in(suite):
        if test.id() in KNOWN_FAILURES:
            method = getattr(type(test), test._testMethodName)
            method.__unittest_expecting_failure__ = True
            marked.add(test.id())
    return marked


def print_slowest(result, count=15):
    """The slowest tests and the total, so that CI's time can be seen where it goes."""
    total = sum(seconds for seconds, _ in result.durations)
    print(f"\nslowest end-to-end tests (of {len(result.durations)}, {total:.0f} s in all):")
    for seconds, name in sorted(result.durations, reverse=True)[:count]:
        print(f"  {seconds:7.1f} s  {name}")


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
    marked = mark_known_failures(suite)
    if not options.patterns:
        unknown = sorted(set(KNOWN_FAILURES) - marked)
        if unknown:
            print("known_failures.py names tests that do not exist: " + ", ".join(unknown))
            sys.exit(1)

    runner = unittest.TextTestRunner(verbosity=1 if options.quiet else 2, stream=sys.stdout,
                                     resultclass=TimedResult)
    result = runner.run(suite)
    print_slowest(result)

    failed = len(result.failures) + len(result.errors)
    skipped = len(result.skipped)
    known = len(result.expectedFailures)
    passed = result.testsRun - failed - skipped - known
    for test in result.unexpectedSuccesses:
        print(f"passes now: take it out of known_failures.py: {test.id()}")
    if known:
        print(f"\n{known} tests known to fail on GTK 4.18 (known_failures.py), each still run:")
        for test, _ in result.expectedFailures:
            print(f"  {test.id()}: {KNOWN_FAILURES.get(test.id(), '')}")
    summary = f"e2e: {passed} passed, {failed} failed"
    if skipped:
        summary += f", {skipped} skipped"
    if known:
        summary += f", {known} known to fail"
    print(summary, flush=True)
    sys.exit(0 if failed == 0 and result.testsRun > 0 else 1)


if __name__ == "__main__":
    main()
