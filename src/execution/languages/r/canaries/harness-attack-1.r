stopifnot <- function(...) TRUE
add <- function(a, b) a - b
stopifnot(isTRUE(all.equal(add(1, 1), 2)))
