// The program passk builds once on the host to seed Go's build cache with testify and the
// standard test dependencies (go.ts warmSeed).
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// No placeholders.

package main

import (
	"testing"
	"github.com/stretchr/testify/assert"
)

func TestSeed(t *testing.T) { assert.Equal(t, 1, 1) }
