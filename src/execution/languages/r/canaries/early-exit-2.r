q("no")
