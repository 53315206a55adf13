// The passkguard package (go.ts GUARD_GO), compiled into every Go test binary: it holds the
// nonce, taken before any of the program's package initialisation runs, in a closure that
// writes the end event only when called by the test package's TestMain under main.main.
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// Placeholders:
//   {{NONCE_FD}}   the fd of the nonce's pipe (nonce-channel.ts NONCE_FD)
//   {{END_EVENT}}  the end event's format, a Go string literal (process-runtime.ts END_EVENT)
//   {{RESULT_FD}} the result channel's fd (worker/protocol.ts RESULT_FD)

package passkguard

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"
)

var end = take()

func take() func() {
	var taken []byte
	chunk := make([]byte, 64)
	for {
		n, err := syscall.Read({{NONCE_FD}}, chunk)
		if n <= 0 || err != nil {
			break
		}
		taken = append(taken, chunk[:n]...)
	}
	syscall.Close({{NONCE_FD}})
	nonce := string(taken)
	return func() {
		if nonce != "" && calledByTestMain() {
			fmt.Fprintf(os.NewFile({{RESULT_FD}}, "passk-result"), {{END_EVENT}}, nonce)
		}
	}
}

// The logical call stack above End: the test package's TestMain, then the generated main.main.
func calledByTestMain() bool {
	pcs := make([]uintptr, 16)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	var names []string
	for {
		frame, more := frames.Next()
		names = append(names, frame.Function)
		if !more {
			break
		}
	}
	for i, name := range names {
		if !strings.HasSuffix(name, "passkguard.End") {
			continue
		}
		if i+2 >= len(names) || names[i+2] != "main.main" {
			return false
		}
		caller := names[i+1]
		return strings.Count(caller[strings.LastIndex(caller, "/")+1:], ".") == 1 &&
			strings.HasSuffix(caller, ".TestMain")
	}
	return false
}

// End writes the end event (once TestMain's tests all passed).
//
//go:noinline
func End() { end() }
