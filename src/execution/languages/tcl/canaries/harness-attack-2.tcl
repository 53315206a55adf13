# The same, with the original hidden first (no command is deleted).

interp hide {} error
proc error {args} {}
if {1 != 2} { error "Test case 1 Failed" }
