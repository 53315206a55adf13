package main

import (
	"testing"
	"time"
)

func TestSleep(t *testing.T) {
	time.Sleep({{SECONDS}} * time.Second)
}
