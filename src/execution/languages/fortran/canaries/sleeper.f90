program main
  ! Spins for {{MILLISECONDS}} ms of its own CPU time (cpu_time), not of wall time: the limit
  ! counts the program's own time, so on a loaded machine a wall-time spin could end before it.
  implicit none
  real :: start, now
  call cpu_time(start)
  do
    call cpu_time(now)
    if ((now - start) * 1000 >= {{MILLISECONDS}}) exit
  end do
end program main
