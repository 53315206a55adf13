# An exit from inside a function the tests call (CoffeeScript wraps the file in a function).

check = ->
  process.reallyExit 0
check()
throw new Error 'Test case 1 failed'
