module Main where

-- A wrong answer whose check only prints: McEval fails it by 'fail' in the output.
main :: IO ()
main = putStrLn (if 1 + 1 == (3 :: Int) then "Pass" else "Test FAILED")
