module Main where

import Control.Concurrent (threadDelay)

main :: IO ()
main = threadDelay ({{MILLISECONDS}} * 1000)
