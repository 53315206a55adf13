package canary

import "testing"

func TestValue(t *testing.T) {
	if Value() != 2 {
		t.Fatal("wrong")
	}
}
