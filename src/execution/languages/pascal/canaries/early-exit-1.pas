{$ASSERTIONS ON}
begin
  Halt(0);
  Assert(1 = 2, 'Test case 1 failed');
end.
