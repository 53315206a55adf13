-module(early).
-export([test/0]).

test() ->
    erlang:halt(0),
    true = false,
    ok.
