program main
  implicit none
  call finish()
  if (1 /= 2) error stop 'Assertion failed!'
contains
  subroutine finish()
    stop
  end subroutine finish
end program main
