package canary

func Value() int { return 1 }
