{$ASSERTIONS ON}
function add(a, b: integer): integer;
begin
  add := a - b;
end;

begin
  Assert(add(1, 1) = 2, 'Test case 1 failed');
end.
