-- leaky: a table held through a long quiet stretch, a list kept whole by
-- two consumers, then a quiet end.
module Main (main) where

import qualified Data.Map as M
import Data.List (foldl')

table :: Int -> M.Map Int [Int]
table n = M.fromList [(k, [k .. k + 10]) | k <- [1 .. n]]

average :: [Double] -> Double
average xs = sum xs / fromIntegral (length xs)

total :: M.Map Int [Int] -> Int
total = M.foldr (\v acc -> acc + sum v) 0

quiet :: Int -> Int
quiet n = foldl' (\a k -> (a * 31 + k) `mod` 1000003) 7 [1 .. n]

banner :: String
banner = "leaky, second build"

keep :: Int -> [Int]
keep n = [1 .. n]

main :: IO ()
main = do
  putStrLn banner
  let ks = keep 3000
  print (length ks)
  let m = table 30000
  print (total m)
  print (quiet 8000000)
  print (average [fromIntegral (quiet 40 + k) | k <- [1 .. 300000]])
  print (quiet 4000000 + M.size m)
  print (quiet 3000000)
  print (sum ks)
