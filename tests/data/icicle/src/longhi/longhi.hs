-- SPDX-License-Identifier: BSD-3-Clause
-- longhi.hs: long -hi names for --view=icicle (tests/data/icicle/README.md).
module Main (main) where

import Control.Exception (evaluate)
import Control.Monad (forM_)
import Data.IORef
import qualified Data.Map.Strict as Map
import System.Mem (performGC)

import Data.Icicle.LongNamedModuleForTheLabels.Internal

main :: IO ()
main = do
  ref <- newIORef []
  forM_ [1 .. 12 :: Int] $ \r -> do
    let recs = buildObservationRecordsWithAVeryDescriptiveName (2000 * r)
        summary = summariseObservationRecordsIntoAMapOfLists recs
    _ <- evaluate (Map.size summary + length recs)
    modifyIORef' ref ((recs, summary) :)
    performGC
  xs <- readIORef ref
  print (length xs, sum [Map.size m | (_, m) <- xs])
