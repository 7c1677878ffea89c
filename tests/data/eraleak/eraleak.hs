-- SPDX-License-Identifier: BSD-3-Clause
{-# LANGUAGE CPP, BangPatterns #-}
-- eraleak: an old era alive at the end.  The program works in eras (set
-- with setUserEra, as a server would per batch of requests): era 1 loads
-- a table it keeps all run (as it should), each later era builds a
-- working set and drops it when the era ends, and era 3 also puts its
-- results into a cache that is never emptied (the leak).  Built with
-- -DFIXED the cache is emptied when era 4 begins.
module Main (main) where

import Control.Exception (evaluate)
import Control.Monad (forM_, when)
import Data.IORef
import Data.List (foldl')
import qualified Data.Map.Strict as M
import GHC.Profiling.Eras (setUserEra)
import System.Environment (getArgs)
import System.Mem (performGC)

-- The table era 1 loads and every era reads: about 0.5 MB.
table :: M.Map Int Int
table = M.fromList [(k, k * 3) | k <- [1 .. 8000]]

-- Short-lived work, so that an era lasts several censuses.
churn :: Int -> Int
churn k = foldl' (+) 0 (map (* 3) [1 .. k])

-- One era's work: a map built over a few steps, read, then dropped.
work :: Int -> Int -> Int -> IO (M.Map Int Int)
work busy era steps = go M.empty 0
  where
    go !m s
      | s == steps = return m
      | otherwise = do
          let m' = foldl' (\acc k -> M.insert k (k + era) acc) m
                          [s * 500 + 1 .. s * 500 + 500]
          _ <- evaluate (M.size m' + churn busy)
          go m' (s + 1)

main :: IO ()
main = do
  args <- getArgs
  let busy = case args of
        (a : _) -> read a
        [] -> 100000
  setUserEra 1
  _ <- evaluate (M.size table)
  cache <- newIORef M.empty
  forM_ [2 .. 8 :: Int] $ \era -> do
    setUserEra (fromIntegral era)
#ifdef FIXED
    when (era == 4) $ writeIORef cache M.empty
#endif
    m <- work busy era 40
    when (era == 3) $ do
      let kept = M.map (* 2) m
      _ <- evaluate (M.foldl' (+) 0 kept)
      modifyIORef' cache (M.union kept)
    s <- readIORef cache
    _ <- evaluate (M.size m + M.size s + M.findWithDefault 0 era table)
    performGC
  -- A last, quiet era: the work is done, the program winds down (only
  -- short-lived work), so the last censuses show what it still holds.
  setUserEra 9
  forM_ [1 .. 20 :: Int] $ \i -> evaluate (churn (busy + i))
  c <- readIORef cache
  print (M.size c, M.size table)
