package main

import "testing"

func add(a, b int) int { return a - b }

func TestAdd(t *testing.T) {
	if add(1, 1) != 2 {
		t.Fatal("wrong")
	}
}
