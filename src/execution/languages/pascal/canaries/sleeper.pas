uses SysUtils;

begin
  Sleep({{MILLISECONDS}});
end.
