package canary

import "time"

func Value() int { time.Sleep({{SECONDS}} * time.Second); return 2 }
