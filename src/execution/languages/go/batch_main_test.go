// The main test file of a Go compile batch (go-batch.ts): each member is a package of its own,
// whose tests run as subtests of one Test_<member> here, skipped unless PASSK_MEMBER names it.
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// No placeholders of passk's; the worker fills, when it writes the batch (languages/kit/batch.ts),
// {items}, the members' import lines, and {arms}, their Test_<member> functions.

package main

import (
	"os"
	"testing"
{items})

var passkMember = os.Getenv("PASSK_MEMBER")

func init() { os.Unsetenv("PASSK_MEMBER") }
{arms}