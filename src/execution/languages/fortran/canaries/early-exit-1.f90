program main
  implicit none
  call exit(0)
  call assert(.false.)
contains
  subroutine assert(condition)
    logical, intent(in) :: condition
    if (.not. condition) error stop 'Assertion failed!'
  end subroutine assert
end program main
