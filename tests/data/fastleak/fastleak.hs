-- SPDX-License-Identifier: BSD-3-Clause
-- fastleak: each step adds a 20,000-Int list to a list held in an IORef,
-- which nothing reads until the end: the heap grows for the whole run,
-- and the program exits holding it (the RTS's census at exit is empty).
import Control.Exception (evaluate)
import Data.IORef
import System.Environment (getArgs)

main :: IO ()
main = do
  args <- getArgs
  let steps = case args of (n:_) -> read n; _ -> 300 :: Int
  ref <- newIORef []
  let step i = do
        let chunk = [i * 100000 + k | k <- [1 .. 20000 :: Int]]
        _ <- evaluate (sum chunk)
        modifyIORef' ref (chunk :)
  mapM_ step [1 .. steps]
  xs <- readIORef ref
  print (length xs)
