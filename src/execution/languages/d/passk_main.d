// passk's unit tester for D programs (d.ts): druntime reports a unittest's failure on stdout,
// which passk does not keep, so this module's tester says on stderr whether it was an assert (a
// failed test) or another Throwable (an error), and skips `main` after a failure.
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// No placeholders.

module passk_main;
import core.exception : AssertError;
import core.runtime : Runtime, UnitTestResult;
import core.stdc.stdio : fprintf, stderr;

shared static this()
{
    Runtime.extendedModuleUnitTester = &passkUnitTester;
}

UnitTestResult passkUnitTester()
{
    UnitTestResult result;
    foreach (m; ModuleInfo)
    {
        if (m is null) continue;
        auto test = m.unitTest;
        if (test is null) continue;
        ++result.executed;
        try
        {
            test();
            ++result.passed;
        }
        catch (AssertError e)
        {
            fprintf(stderr, "passk-d: AssertError@%.*s(%d): %.*s\n", cast(int) e.file.length, e.file.ptr, cast(int) e.line, cast(int) e.msg.length, e.msg.ptr);
        }
        catch (Throwable e)
        {
            auto name = typeid(e).name;
            fprintf(stderr, "passk-d: %.*s@%.*s(%d): %.*s\n", cast(int) name.length, name.ptr, cast(int) e.file.length, e.file.ptr, cast(int) e.line, cast(int) e.msg.length, e.msg.ptr);
        }
    }
    result.runMain = result.passed == result.executed;
    result.summarize = false;
    return result;
}

