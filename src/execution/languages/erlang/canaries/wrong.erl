-module(wrong).
-export([add/2, test/0]).

add(A, B) -> A - B.

test() ->
    2 = add(1, 1),
    ok.
