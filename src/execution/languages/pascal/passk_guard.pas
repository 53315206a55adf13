// passk's unit for Pascal programs (pascal.ts), loaded before the program's uses clause (fpc
// -Fapassk_guard). Its initialization reads the nonce's pipe into a variable of its
// implementation section (no program can name it) and keeps the AssertErrorProc the program
// starts with. passk_end, called by the statement passk adds before the main block's final
// `end.`, writes the end event only if AssertErrorProc is still that one (a program that
// replaced it, so that a failed Assert does nothing, prints the tamper mark and exits 1).
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// Placeholders: NONCE_FD, RESULT_FD in double braces (the worker's fds).

unit passk_guard;

interface

procedure passk_end;

implementation

// SysUtils' initialization installs its own AssertErrorProc (raising EAssertionFailed): with a
// program that has a uses clause (pascal.ts defines PASSK_USES) it is initialized first, so the
// handler kept is the one the program's tests will call.
{$IFDEF PASSK_USES}
uses SysUtils;
{$ENDIF}

var
  passk_nonce: string;
  passk_assert: CodePointer;

procedure passk_end;
var
  passk_out: Text;
begin
  if CodePointer(AssertErrorProc) <> passk_assert then
  begin
    Write(StdErr, 'passk: tamper: assert-rebound', #10);
    Halt(1);
  end;
  if passk_nonce = '' then Exit;
  Flush(Output);
  Assign(passk_out, '/proc/self/fd/{{RESULT_FD}}');
  Rewrite(passk_out);
  Write(passk_out, '{"n": "', passk_nonce, '", "e": "end"}', #10);
  Close(passk_out);
end;

procedure passk_take_nonce;
var
  passk_in: Text;
begin
  passk_nonce := '';
  Assign(passk_in, '/proc/self/fd/{{NONCE_FD}}');
  {$I-}
  Reset(passk_in);
  if IOResult <> 0 then Exit;
  ReadLn(passk_in, passk_nonce);
  Close(passk_in);
  {$I+}
end;

initialization
  passk_assert := CodePointer(AssertErrorProc);
  passk_take_nonce;
end.
