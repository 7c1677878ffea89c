-- SPDX-License-Identifier: BSD-3-Clause
-- A module with a long name, in a deep source path, whose closures have
-- long names and long types: the -hi icicle's long labels.
module Data.Icicle.LongNamedModuleForTheLabels.Internal
  ( AccumulatedObservationRecord (..)
  , buildObservationRecordsWithAVeryDescriptiveName
  , summariseObservationRecordsIntoAMapOfLists
  ) where

import qualified Data.Map.Strict as Map

data AccumulatedObservationRecord = AccumulatedObservationRecordConstructor
  { observationIdentifierNumber :: !Int
  , observationMeasuredValues   :: [Either String Integer]
  }

buildObservationRecordsWithAVeryDescriptiveName :: Int -> [AccumulatedObservationRecord]
buildObservationRecordsWithAVeryDescriptiveName n =
  [ AccumulatedObservationRecordConstructor i [if even j then Right (fromIntegral (i * j)) else Left (show j) | j <- [1 .. 8 :: Int]]
  | i <- [1 .. n] ]

summariseObservationRecordsIntoAMapOfLists
  :: [AccumulatedObservationRecord] -> Map.Map (Either String Integer) [Maybe (Int, Double)]
summariseObservationRecordsIntoAMapOfLists rs =
  Map.fromListWith (++)
    [ (v, [Just (observationIdentifierNumber r, fromIntegral (observationIdentifierNumber r) / 3)])
    | r <- rs, v <- take 2 (observationMeasuredValues r) ]
