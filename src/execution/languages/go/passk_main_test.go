// passk's TestMain for a Go program's tests (go.ts testMain), a second test file in the program's
// package: it writes the end event (through passkguard.End) only when every listed test was
// entered and the run passed, and refuses a run whose test flags or list were tampered with.
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// Placeholders:
//   {{PACKAGE}}  the program's package name
//   {{GUARD}}    the import path of the passkguard package (guard.go)
//   {{TESTS}}    the listed tests, one `		{Name: "TestX", F: TestX},` line each (may be empty)

package {{PACKAGE}}

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"testing"
	"unsafe"

	passkguard "{{GUARD}}"
)

func TestMain(m *testing.M) {
	flag.Parse()
	if !passkFlagsAsSet() {
		passkRefuse("test-flags")
	}
	entered := passkRun(m, []testing.InternalTest{
{{TESTS}}	})
	code := m.Run()
	for _, ok := range entered {
		if !ok {
			passkRefuse("tests-skipped")
		}
	}
	if code == 0 && passkFlagsAsSet() {
		passkguard.End()
	}
	os.Exit(code)
}

func passkRefuse(reason string) {
	fmt.Fprintln(os.Stderr, "passk: tamper: "+reason)
	os.Exit(3)
}

// The test flags hold passk's values (-test.timeout=0, the rest defaults): a program that set
// -test.run=^$, -test.list or -test.count=0 from its package initialisation (os.Args, flag.Set,
// a flag's Value) would run no test.
func passkFlagsAsSet() bool {
	chosen := true
	flag.Visit(func(f *flag.Flag) { chosen = chosen && f.Name == "test.timeout" })
	want := map[string]string{"test.run": "", "test.list": "", "test.count": "1",
		"test.short": "false", "test.failfast": "false", "test.cpu": "", "test.shuffle": "off",
		"test.timeout": "0s", "test.bench": "", "test.fuzz": ""}
	for name, value := range want {
		if f := flag.Lookup(name); f != nil && f.Value.String() != value {
			chosen = false
		}
	}
	return chosen
}

// Makes m run the listed tests (then any other the generated main knows), each noting that it
// was entered in the returned slice, a local of TestMain's.
func passkRun(m *testing.M, listed []testing.InternalTest) []bool {
	field := reflect.ValueOf(m).Elem().FieldByName("tests")
	slot := (*[]testing.InternalTest)(unsafe.Pointer(field.UnsafeAddr()))
	seen := map[string]bool{}
	for _, test := range listed {
		seen[test.Name] = true
	}
	for _, test := range *slot {
		if !seen[test.Name] {
			seen[test.Name] = true
			listed = append(listed, test)
		}
	}
	entered := make([]bool, len(listed))
	run := make([]testing.InternalTest, len(listed))
	for i, test := range listed {
		i, f := i, test.F
		run[i] = testing.InternalTest{Name: test.Name, F: func(t *testing.T) {
			entered[i] = true
			f(t)
		}}
	}
	*slot = run
	return entered
}
