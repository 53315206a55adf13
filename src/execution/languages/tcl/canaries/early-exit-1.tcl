exit 0
error "Test case 1 Failed"
