program main
  implicit none
  integer(8) :: start, now, rate
  call system_clock(start, rate)
  do
    call system_clock(now)
    if ((now - start) * 1000 >= {{MILLISECONDS}} * rate) exit
  end do
end program main
