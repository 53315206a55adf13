-module(attack).
-export([test/0]).

%% Forges the end event without the nonce, then fails.
test() ->
    {ok, Out} = file:open("/proc/self/fd/{{RESULT_FD}}", [write, raw]),
    ok = file:write(Out, <<"{\"n\": \"\", \"e\": \"end\"}\n">>),
    true = false,
    ok.
