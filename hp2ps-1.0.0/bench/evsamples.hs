-- SPDX-License-Identifier: BSD-3-Clause
-- evsamples: what ghc-events makes of an eventlog's heap profile, for
-- bench/run.sh to time beside hp2ps.  It decodes every event and counts
-- the heap censuses and their entries (the work any reader of the log
-- must do); it draws nothing.
--
--   ghc -O2 bench/evsamples.hs -o evsamples   (needs ghc-events:
--                                              Debian's libghc-ghc-events-dev)
--   evsamples PROG.eventlog
import GHC.RTS.Events
import System.Environment (getArgs)
import Data.List (foldl')

main :: IO ()
main = do
  [path] <- getArgs
  r <- readEventLogFromFile path
  case r of
    Left e -> error e
    Right (EventLog _ (Data evs)) -> do
      let (c, n) = foldl' count (0 :: Int, 0 :: Int) evs
      c `seq` n `seq` putStrLn (show c ++ " censuses, " ++ show n ++ " entries")
  where
    count (c, n) ev = case evSpec ev of
      HeapProfSampleBegin {} -> (c + 1, n)
      HeapBioProfSampleBegin {} -> (c + 1, n)
      HeapProfSampleString {} -> (c, n + 1)
      HeapProfSampleCostCentre {} -> (c, n + 1)
      _ -> (c, n)
