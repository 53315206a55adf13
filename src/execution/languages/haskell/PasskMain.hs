-- passk's main module for Haskell programs (haskell.ts): ghc builds the program's module Main
-- with `-main-is PasskMain`, so this main runs and calls the program's. It reads the nonce's pipe
-- to its end before any of the program's code runs, runs the program's main with its stdout in a
-- file (copied to the real stdout afterwards), and writes the end event only when that main
-- returns: an exit (`exitSuccess`, a failed `error`) is an exception that skips it. McEval fails
-- a program whose stdout holds 'fail' in any case: so does this main (a line on stderr, status 1).
-- Placeholders: {{NONCE_FD}}, {{RESULT_FD}}.

module PasskMain (main) where

import Control.Exception (IOException, finally, try)
import Control.Monad (unless, when)
import Data.Char (toLower)
import Data.List (isInfixOf)
import GHC.IO.Handle (hDuplicate, hDuplicateTo)
import qualified Main as Program
import System.Exit (ExitCode (ExitFailure), exitWith)
import System.IO

main :: IO ()
main = do
  nonce <- readAll "/proc/self/fd/{{NONCE_FD}}"
  output <- capture Program.main
  when ("fail" `isInfixOf` map toLower output) $ do
    hPutStrLn stderr "passk-haskell: the program's output says it failed"
    exitWith (ExitFailure 1)
  unless (null nonce) $
    appendFile "/proc/self/fd/{{RESULT_FD}}" ("{\"n\": \"" ++ nonce ++ "\", \"e\": \"end\"}\n")

capture :: IO () -> IO String
capture action = do
  saved <- hDuplicate stdout
  file <- openFile "passk_stdout.txt" WriteMode
  hDuplicateTo file stdout
  hClose file
  action `finally` restore saved
  readAll "passk_stdout.txt"

restore :: Handle -> IO ()
restore saved = do
  hFlush stdout
  hDuplicateTo saved stdout
  hClose saved
  readAll "passk_stdout.txt" >>= putStr
  hFlush stdout

readAll :: FilePath -> IO String
readAll path = do
  result <- try (readFile path) :: IO (Either IOException String)
  let text = either (const "") id result
  length text `seq` return text
