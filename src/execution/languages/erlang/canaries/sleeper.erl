-module(sleeper).
-export([test/0]).

test() ->
    timer:sleep({{MILLISECONDS}}),
    ok.
