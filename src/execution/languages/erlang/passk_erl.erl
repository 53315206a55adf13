%% passk's runner for Erlang programs (erlang.ts), compiled beside the program's module. McEval
%% runs `erl -noshell -s <module> test -s init stop`: passk runs `-s passk_erl run <module>`
%% instead, which reads the nonce's pipe to its end before any of the module's code is loaded,
%% calls <module>:test() as McEval's -s does, and only when it returns writes the end event with
%% the nonce (none when it was empty). A crash in test/0 ends erl with status 1 as in McEval; a
%% halt before test/0 returns leaves no end event. Placeholders: {{NONCE_FD}}, {{RESULT_FD}}.

-module(passk_erl).
-export([run/1]).

-spec run([atom()]) -> ok.
run([Module]) ->
    Nonce = read_all("/proc/self/fd/{{NONCE_FD}}"),
    Module:test(),
    write_end(Nonce).

%% The whole content of the file at Path (a pipe read to its end), or <<>> when it cannot be read.
-spec read_all(string()) -> binary().
read_all(Path) ->
    case file:open(Path, [read, raw, binary]) of
        {ok, File} ->
            Text = read_chunks(File, []),
            ok = file:close(File),
            Text;
        {error, _} ->
            <<>>
    end.

-spec read_chunks(file:io_device(), [binary()]) -> binary().
read_chunks(File, Acc) ->
    case file:read(File, 4096) of
        {ok, Chunk} -> read_chunks(File, [Chunk | Acc]);
        _ -> iolist_to_binary(lists:reverse(Acc))
    end.

-spec write_end(binary()) -> ok.
write_end(<<>>) ->
    ok;
write_end(Nonce) ->
    {ok, Out} = file:open("/proc/self/fd/{{RESULT_FD}}", [write, raw, binary]),
    ok = file:write(Out, [<<"{\"n\": \"">>, Nonce, <<"\", \"e\": \"end\"}\n">>]),
    ok = file:close(Out).
