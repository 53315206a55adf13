program main
  implicit none
  call assert(add(1, 1) == 2)
contains
  subroutine assert(condition)
    logical, intent(in) :: condition
    if (.not. condition) then
      write(*, *) 'Assertion failed!'
      stop
    end if
  end subroutine assert
  integer function add(a, b)
    integer, intent(in) :: a, b
    add = a - b
  end function add
end program main
