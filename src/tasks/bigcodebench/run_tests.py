# passk's BigCodeBench harness: runs the task's TestCases as upstream's unsafe_execute does (see
# program.ts, which reads this file and documents it). No placeholders. It follows the task's
# tests, which define TestCases; the line below tells the linters so (passk leaves this header out).
TestCases = __import__("unittest").TestCase
# err[1] is the exception unittest caught (pyright types exc_info loosely):
# pyright: reportGeneralTypeIssues=false
# --- passk: the program text starts on the next line ---

def __passk_run_test_cases():
    import unittest

    class Result(unittest.TestResult):
        first = None

        def addFailure(self, test, err):
            super().addFailure(test, err)
            self.first = self.first or ("failure", test, err)

        def addError(self, test, err):
            super().addError(test, err)
            self.first = self.first or ("error", test, err)

    result = Result()
    unittest.TestLoader().loadTestsFromTestCase(TestCases).run(result)
    if result.first is not None:
        kind, test, err = result.first
        name = test.id().split(".")[-1]
        issues = len(result.failures) + len(result.errors)
        if kind == "failure":
            raise AssertionError("%s (%d failures and errors in %d tests): %s" % (name, issues, result.testsRun, err[1]))
        raise err[1]


__passk_run_test_cases()
