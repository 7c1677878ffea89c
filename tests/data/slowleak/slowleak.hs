-- SPDX-License-Identifier: BSD-3-Clause
{-# LANGUAGE CPP, BangPatterns #-}
-- slowleak: the leak a picture hides.  A Data.Map grows all run (about
-- 300x, to half a megabyte) beside a flat 60 MB buffer, a 2 MB spike
-- that is built, held a while and released, and steady churn.
--
-- Built with -DFIXED the map is bounded (the oldest keys are dropped),
-- so nothing grows; built with -DEXTRA two more top-level functions come
-- first, so the RTS numbers the cost-centre stacks differently (a
-- recompile of the same program).
module Main (main) where

import Control.Exception (evaluate)
import Control.Monad (foldM)
import Data.Array.Unboxed (UArray, listArray, (!))
import Data.List (foldl')
import qualified Data.Map.Strict as M
import System.Environment (getArgs)

#ifdef EXTRA
banner :: String
banner = "slowleak, the second build"

extraTable :: [Int]
extraTable = [1 .. 10]
#endif

-- 60 MB of unboxed Ints, held from the start to the end.
buffer :: Int -> UArray Int Int
buffer n = listArray (0, n - 1) [0 ..]

-- Short-lived work each step: a list made and folded away.
churn :: Int -> Int
churn k = foldl' (+) 0 (map (* 3) [1 .. k])

-- The map: each step adds keys.  Fixed, it keeps only the newest ones.
grow :: Int -> M.Map Int Int -> M.Map Int Int
grow step m = trim (foldl' (\acc k -> M.insert k (k * 7) acc) m keys)
  where
    keys = [step * perStep + 1000 .. step * perStep + 1000 + perStep - 1]
#ifdef FIXED
    trim acc = if M.size acc > 24 then trim (M.deleteMin acc) else acc
#else
    trim acc = acc
#endif

perStep :: Int
perStep = 16

-- The spike: a list of n Ints built whole (its length is taken first),
-- held over a few steps, then dropped.
spike :: Int -> [Int]
spike n = [1 .. n]

main :: IO ()
main = do
  args <- getArgs
  let spikeInts = case args of
        (a : _) -> read a
        [] -> 50000
      steps = 400 :: Int
#ifdef EXTRA
  putStrLn banner
#endif
  let buf = buffer 7500000
  _ <- evaluate (buf ! 7499999)
  let loop (!m, held, !acc) step = do
        let m' = grow step m
        _ <- evaluate (M.size m')
        held' <-
          if step == 150
            then do
              let xs = spike spikeInts
              _ <- evaluate (length xs)
              return (Just xs)
            else
              if step == 200
                then do
                  _ <- evaluate (maybe 0 sum held)
                  return Nothing
                else return held
        let !c = churn 250000
        return (m', held', acc + c)
  (m, _, total) <- foldM loop (M.fromList [(k, k) | k <- [1 .. 20]], Nothing, 0) [1 .. steps]
  print (M.size m, total `mod` 1000, buf ! 1234567)
#ifdef EXTRA
  print (sum extraTable)
#endif
