// A Go batch member's test list (go-batch.ts): its tests, now in a plain file of its package,
// run as subtests of PasskTests, which the batch's main test file calls.
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// Placeholders:
//   {{PACKAGE}}  the member's package name (passk_mN)
//   {{RUNS}}     one `\tt.Run("TestX", TestX)` line per test

package {{PACKAGE}}

import "testing"

func PasskTests(t *testing.T) {
{{RUNS}}}
