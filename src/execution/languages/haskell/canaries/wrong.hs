module Main where

add :: Int -> Int -> Int
add a b = a - b

main :: IO ()
main = do
  if add 1 1 == 2 then putStrLn "ok" else error "Test failed"
