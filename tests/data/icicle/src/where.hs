-- SPDX-License-Identifier: BSD-3-Clause
-- where.hs: a program whose cost-centre tree is known, for --view=icicle
-- and -o FILE.folded (tests/data/icicle/README.md).  Each of 30 rounds
-- keeps (and every tenth lets go of all it kept)
--   - a table built by a call chain: main -> table -> row -> cell;
--   - lists made by two operators with '/' in their names, </> and <//>,
--     and under a hand-placed SCC whose name has a '/' ("io/read");
--   - a list made 303 calls deep (d1 calls d2 ... d303), deeper than the
--     255 cost centres an eventlog keeps of a stack.
module Main (main) where

import Control.Exception (evaluate)
import Control.Monad (forM_)
import Data.IORef
import System.Mem (performGC)

infixr 5 </>
(</>) :: [Int] -> [Int] -> [Int]
xs </> ys = map (+ 1) xs ++ ys
{-# NOINLINE (</>) #-}

infixl 6 <//>
(<//>) :: Int -> Int -> [Int]
a <//> b = [a .. b]
{-# NOINLINE (<//>) #-}

cell :: Int -> Int -> [Int]
cell i j = [i * j .. i * j + 40]
{-# NOINLINE cell #-}

row :: Int -> [[Int]]
row i = [cell i j | j <- [1 .. 20]]
{-# NOINLINE row #-}

table :: Int -> [[[Int]]]
table n = [row i | i <- [1 .. n]]
{-# NOINLINE table #-}

d1 :: Int -> [Int]
d1 n = d2 n
{-# NOINLINE d1 #-}

d2 :: Int -> [Int]
d2 n = d3 n
{-# NOINLINE d2 #-}

d3 :: Int -> [Int]
d3 n = d4 n
{-# NOINLINE d3 #-}

d4 :: Int -> [Int]
d4 n = d5 n
{-# NOINLINE d4 #-}

d5 :: Int -> [Int]
d5 n = d6 n
{-# NOINLINE d5 #-}

d6 :: Int -> [Int]
d6 n = d7 n
{-# NOINLINE d6 #-}

d7 :: Int -> [Int]
d7 n = d8 n
{-# NOINLINE d7 #-}

d8 :: Int -> [Int]
d8 n = d9 n
{-# NOINLINE d8 #-}

d9 :: Int -> [Int]
d9 n = d10 n
{-# NOINLINE d9 #-}

d10 :: Int -> [Int]
d10 n = d11 n
{-# NOINLINE d10 #-}

d11 :: Int -> [Int]
d11 n = d12 n
{-# NOINLINE d11 #-}

d12 :: Int -> [Int]
d12 n = d13 n
{-# NOINLINE d12 #-}

d13 :: Int -> [Int]
d13 n = d14 n
{-# NOINLINE d13 #-}

d14 :: Int -> [Int]
d14 n = d15 n
{-# NOINLINE d14 #-}

d15 :: Int -> [Int]
d15 n = d16 n
{-# NOINLINE d15 #-}

d16 :: Int -> [Int]
d16 n = d17 n
{-# NOINLINE d16 #-}

d17 :: Int -> [Int]
d17 n = d18 n
{-# NOINLINE d17 #-}

d18 :: Int -> [Int]
d18 n = d19 n
{-# NOINLINE d18 #-}

d19 :: Int -> [Int]
d19 n = d20 n
{-# NOINLINE d19 #-}

d20 :: Int -> [Int]
d20 n = d21 n
{-# NOINLINE d20 #-}

d21 :: Int -> [Int]
d21 n = d22 n
{-# NOINLINE d21 #-}

d22 :: Int -> [Int]
d22 n = d23 n
{-# NOINLINE d22 #-}

d23 :: Int -> [Int]
d23 n = d24 n
{-# NOINLINE d23 #-}

d24 :: Int -> [Int]
d24 n = d25 n
{-# NOINLINE d24 #-}

d25 :: Int -> [Int]
d25 n = d26 n
{-# NOINLINE d25 #-}

d26 :: Int -> [Int]
d26 n = d27 n
{-# NOINLINE d26 #-}

d27 :: Int -> [Int]
d27 n = d28 n
{-# NOINLINE d27 #-}

d28 :: Int -> [Int]
d28 n = d29 n
{-# NOINLINE d28 #-}

d29 :: Int -> [Int]
d29 n = d30 n
{-# NOINLINE d29 #-}

d30 :: Int -> [Int]
d30 n = d31 n
{-# NOINLINE d30 #-}

d31 :: Int -> [Int]
d31 n = d32 n
{-# NOINLINE d31 #-}

d32 :: Int -> [Int]
d32 n = d33 n
{-# NOINLINE d32 #-}

d33 :: Int -> [Int]
d33 n = d34 n
{-# NOINLINE d33 #-}

d34 :: Int -> [Int]
d34 n = d35 n
{-# NOINLINE d34 #-}

d35 :: Int -> [Int]
d35 n = d36 n
{-# NOINLINE d35 #-}

d36 :: Int -> [Int]
d36 n = d37 n
{-# NOINLINE d36 #-}

d37 :: Int -> [Int]
d37 n = d38 n
{-# NOINLINE d37 #-}

d38 :: Int -> [Int]
d38 n = d39 n
{-# NOINLINE d38 #-}

d39 :: Int -> [Int]
d39 n = d40 n
{-# NOINLINE d39 #-}

d40 :: Int -> [Int]
d40 n = d41 n
{-# NOINLINE d40 #-}

d41 :: Int -> [Int]
d41 n = d42 n
{-# NOINLINE d41 #-}

d42 :: Int -> [Int]
d42 n = d43 n
{-# NOINLINE d42 #-}

d43 :: Int -> [Int]
d43 n = d44 n
{-# NOINLINE d43 #-}

d44 :: Int -> [Int]
d44 n = d45 n
{-# NOINLINE d44 #-}

d45 :: Int -> [Int]
d45 n = d46 n
{-# NOINLINE d45 #-}

d46 :: Int -> [Int]
d46 n = d47 n
{-# NOINLINE d46 #-}

d47 :: Int -> [Int]
d47 n = d48 n
{-# NOINLINE d47 #-}

d48 :: Int -> [Int]
d48 n = d49 n
{-# NOINLINE d48 #-}

d49 :: Int -> [Int]
d49 n = d50 n
{-# NOINLINE d49 #-}

d50 :: Int -> [Int]
d50 n = d51 n
{-# NOINLINE d50 #-}

d51 :: Int -> [Int]
d51 n = d52 n
{-# NOINLINE d51 #-}

d52 :: Int -> [Int]
d52 n = d53 n
{-# NOINLINE d52 #-}

d53 :: Int -> [Int]
d53 n = d54 n
{-# NOINLINE d53 #-}

d54 :: Int -> [Int]
d54 n = d55 n
{-# NOINLINE d54 #-}

d55 :: Int -> [Int]
d55 n = d56 n
{-# NOINLINE d55 #-}

d56 :: Int -> [Int]
d56 n = d57 n
{-# NOINLINE d56 #-}

d57 :: Int -> [Int]
d57 n = d58 n
{-# NOINLINE d57 #-}

d58 :: Int -> [Int]
d58 n = d59 n
{-# NOINLINE d58 #-}

d59 :: Int -> [Int]
d59 n = d60 n
{-# NOINLINE d59 #-}

d60 :: Int -> [Int]
d60 n = d61 n
{-# NOINLINE d60 #-}

d61 :: Int -> [Int]
d61 n = d62 n
{-# NOINLINE d61 #-}

d62 :: Int -> [Int]
d62 n = d63 n
{-# NOINLINE d62 #-}

d63 :: Int -> [Int]
d63 n = d64 n
{-# NOINLINE d63 #-}

d64 :: Int -> [Int]
d64 n = d65 n
{-# NOINLINE d64 #-}

d65 :: Int -> [Int]
d65 n = d66 n
{-# NOINLINE d65 #-}

d66 :: Int -> [Int]
d66 n = d67 n
{-# NOINLINE d66 #-}

d67 :: Int -> [Int]
d67 n = d68 n
{-# NOINLINE d67 #-}

d68 :: Int -> [Int]
d68 n = d69 n
{-# NOINLINE d68 #-}

d69 :: Int -> [Int]
d69 n = d70 n
{-# NOINLINE d69 #-}

d70 :: Int -> [Int]
d70 n = d71 n
{-# NOINLINE d70 #-}

d71 :: Int -> [Int]
d71 n = d72 n
{-# NOINLINE d71 #-}

d72 :: Int -> [Int]
d72 n = d73 n
{-# NOINLINE d72 #-}

d73 :: Int -> [Int]
d73 n = d74 n
{-# NOINLINE d73 #-}

d74 :: Int -> [Int]
d74 n = d75 n
{-# NOINLINE d74 #-}

d75 :: Int -> [Int]
d75 n = d76 n
{-# NOINLINE d75 #-}

d76 :: Int -> [Int]
d76 n = d77 n
{-# NOINLINE d76 #-}

d77 :: Int -> [Int]
d77 n = d78 n
{-# NOINLINE d77 #-}

d78 :: Int -> [Int]
d78 n = d79 n
{-# NOINLINE d78 #-}

d79 :: Int -> [Int]
d79 n = d80 n
{-# NOINLINE d79 #-}

d80 :: Int -> [Int]
d80 n = d81 n
{-# NOINLINE d80 #-}

d81 :: Int -> [Int]
d81 n = d82 n
{-# NOINLINE d81 #-}

d82 :: Int -> [Int]
d82 n = d83 n
{-# NOINLINE d82 #-}

d83 :: Int -> [Int]
d83 n = d84 n
{-# NOINLINE d83 #-}

d84 :: Int -> [Int]
d84 n = d85 n
{-# NOINLINE d84 #-}

d85 :: Int -> [Int]
d85 n = d86 n
{-# NOINLINE d85 #-}

d86 :: Int -> [Int]
d86 n = d87 n
{-# NOINLINE d86 #-}

d87 :: Int -> [Int]
d87 n = d88 n
{-# NOINLINE d87 #-}

d88 :: Int -> [Int]
d88 n = d89 n
{-# NOINLINE d88 #-}

d89 :: Int -> [Int]
d89 n = d90 n
{-# NOINLINE d89 #-}

d90 :: Int -> [Int]
d90 n = d91 n
{-# NOINLINE d90 #-}

d91 :: Int -> [Int]
d91 n = d92 n
{-# NOINLINE d91 #-}

d92 :: Int -> [Int]
d92 n = d93 n
{-# NOINLINE d92 #-}

d93 :: Int -> [Int]
d93 n = d94 n
{-# NOINLINE d93 #-}

d94 :: Int -> [Int]
d94 n = d95 n
{-# NOINLINE d94 #-}

d95 :: Int -> [Int]
d95 n = d96 n
{-# NOINLINE d95 #-}

d96 :: Int -> [Int]
d96 n = d97 n
{-# NOINLINE d96 #-}

d97 :: Int -> [Int]
d97 n = d98 n
{-# NOINLINE d97 #-}

d98 :: Int -> [Int]
d98 n = d99 n
{-# NOINLINE d98 #-}

d99 :: Int -> [Int]
d99 n = d100 n
{-# NOINLINE d99 #-}

d100 :: Int -> [Int]
d100 n = d101 n
{-# NOINLINE d100 #-}

d101 :: Int -> [Int]
d101 n = d102 n
{-# NOINLINE d101 #-}

d102 :: Int -> [Int]
d102 n = d103 n
{-# NOINLINE d102 #-}

d103 :: Int -> [Int]
d103 n = d104 n
{-# NOINLINE d103 #-}

d104 :: Int -> [Int]
d104 n = d105 n
{-# NOINLINE d104 #-}

d105 :: Int -> [Int]
d105 n = d106 n
{-# NOINLINE d105 #-}

d106 :: Int -> [Int]
d106 n = d107 n
{-# NOINLINE d106 #-}

d107 :: Int -> [Int]
d107 n = d108 n
{-# NOINLINE d107 #-}

d108 :: Int -> [Int]
d108 n = d109 n
{-# NOINLINE d108 #-}

d109 :: Int -> [Int]
d109 n = d110 n
{-# NOINLINE d109 #-}

d110 :: Int -> [Int]
d110 n = d111 n
{-# NOINLINE d110 #-}

d111 :: Int -> [Int]
d111 n = d112 n
{-# NOINLINE d111 #-}

d112 :: Int -> [Int]
d112 n = d113 n
{-# NOINLINE d112 #-}

d113 :: Int -> [Int]
d113 n = d114 n
{-# NOINLINE d113 #-}

d114 :: Int -> [Int]
d114 n = d115 n
{-# NOINLINE d114 #-}

d115 :: Int -> [Int]
d115 n = d116 n
{-# NOINLINE d115 #-}

d116 :: Int -> [Int]
d116 n = d117 n
{-# NOINLINE d116 #-}

d117 :: Int -> [Int]
d117 n = d118 n
{-# NOINLINE d117 #-}

d118 :: Int -> [Int]
d118 n = d119 n
{-# NOINLINE d118 #-}

d119 :: Int -> [Int]
d119 n = d120 n
{-# NOINLINE d119 #-}

d120 :: Int -> [Int]
d120 n = d121 n
{-# NOINLINE d120 #-}

d121 :: Int -> [Int]
d121 n = d122 n
{-# NOINLINE d121 #-}

d122 :: Int -> [Int]
d122 n = d123 n
{-# NOINLINE d122 #-}

d123 :: Int -> [Int]
d123 n = d124 n
{-# NOINLINE d123 #-}

d124 :: Int -> [Int]
d124 n = d125 n
{-# NOINLINE d124 #-}

d125 :: Int -> [Int]
d125 n = d126 n
{-# NOINLINE d125 #-}

d126 :: Int -> [Int]
d126 n = d127 n
{-# NOINLINE d126 #-}

d127 :: Int -> [Int]
d127 n = d128 n
{-# NOINLINE d127 #-}

d128 :: Int -> [Int]
d128 n = d129 n
{-# NOINLINE d128 #-}

d129 :: Int -> [Int]
d129 n = d130 n
{-# NOINLINE d129 #-}

d130 :: Int -> [Int]
d130 n = d131 n
{-# NOINLINE d130 #-}

d131 :: Int -> [Int]
d131 n = d132 n
{-# NOINLINE d131 #-}

d132 :: Int -> [Int]
d132 n = d133 n
{-# NOINLINE d132 #-}

d133 :: Int -> [Int]
d133 n = d134 n
{-# NOINLINE d133 #-}

d134 :: Int -> [Int]
d134 n = d135 n
{-# NOINLINE d134 #-}

d135 :: Int -> [Int]
d135 n = d136 n
{-# NOINLINE d135 #-}

d136 :: Int -> [Int]
d136 n = d137 n
{-# NOINLINE d136 #-}

d137 :: Int -> [Int]
d137 n = d138 n
{-# NOINLINE d137 #-}

d138 :: Int -> [Int]
d138 n = d139 n
{-# NOINLINE d138 #-}

d139 :: Int -> [Int]
d139 n = d140 n
{-# NOINLINE d139 #-}

d140 :: Int -> [Int]
d140 n = d141 n
{-# NOINLINE d140 #-}

d141 :: Int -> [Int]
d141 n = d142 n
{-# NOINLINE d141 #-}

d142 :: Int -> [Int]
d142 n = d143 n
{-# NOINLINE d142 #-}

d143 :: Int -> [Int]
d143 n = d144 n
{-# NOINLINE d143 #-}

d144 :: Int -> [Int]
d144 n = d145 n
{-# NOINLINE d144 #-}

d145 :: Int -> [Int]
d145 n = d146 n
{-# NOINLINE d145 #-}

d146 :: Int -> [Int]
d146 n = d147 n
{-# NOINLINE d146 #-}

d147 :: Int -> [Int]
d147 n = d148 n
{-# NOINLINE d147 #-}

d148 :: Int -> [Int]
d148 n = d149 n
{-# NOINLINE d148 #-}

d149 :: Int -> [Int]
d149 n = d150 n
{-# NOINLINE d149 #-}

d150 :: Int -> [Int]
d150 n = d151 n
{-# NOINLINE d150 #-}

d151 :: Int -> [Int]
d151 n = d152 n
{-# NOINLINE d151 #-}

d152 :: Int -> [Int]
d152 n = d153 n
{-# NOINLINE d152 #-}

d153 :: Int -> [Int]
d153 n = d154 n
{-# NOINLINE d153 #-}

d154 :: Int -> [Int]
d154 n = d155 n
{-# NOINLINE d154 #-}

d155 :: Int -> [Int]
d155 n = d156 n
{-# NOINLINE d155 #-}

d156 :: Int -> [Int]
d156 n = d157 n
{-# NOINLINE d156 #-}

d157 :: Int -> [Int]
d157 n = d158 n
{-# NOINLINE d157 #-}

d158 :: Int -> [Int]
d158 n = d159 n
{-# NOINLINE d158 #-}

d159 :: Int -> [Int]
d159 n = d160 n
{-# NOINLINE d159 #-}

d160 :: Int -> [Int]
d160 n = d161 n
{-# NOINLINE d160 #-}

d161 :: Int -> [Int]
d161 n = d162 n
{-# NOINLINE d161 #-}

d162 :: Int -> [Int]
d162 n = d163 n
{-# NOINLINE d162 #-}

d163 :: Int -> [Int]
d163 n = d164 n
{-# NOINLINE d163 #-}

d164 :: Int -> [Int]
d164 n = d165 n
{-# NOINLINE d164 #-}

d165 :: Int -> [Int]
d165 n = d166 n
{-# NOINLINE d165 #-}

d166 :: Int -> [Int]
d166 n = d167 n
{-# NOINLINE d166 #-}

d167 :: Int -> [Int]
d167 n = d168 n
{-# NOINLINE d167 #-}

d168 :: Int -> [Int]
d168 n = d169 n
{-# NOINLINE d168 #-}

d169 :: Int -> [Int]
d169 n = d170 n
{-# NOINLINE d169 #-}

d170 :: Int -> [Int]
d170 n = d171 n
{-# NOINLINE d170 #-}

d171 :: Int -> [Int]
d171 n = d172 n
{-# NOINLINE d171 #-}

d172 :: Int -> [Int]
d172 n = d173 n
{-# NOINLINE d172 #-}

d173 :: Int -> [Int]
d173 n = d174 n
{-# NOINLINE d173 #-}

d174 :: Int -> [Int]
d174 n = d175 n
{-# NOINLINE d174 #-}

d175 :: Int -> [Int]
d175 n = d176 n
{-# NOINLINE d175 #-}

d176 :: Int -> [Int]
d176 n = d177 n
{-# NOINLINE d176 #-}

d177 :: Int -> [Int]
d177 n = d178 n
{-# NOINLINE d177 #-}

d178 :: Int -> [Int]
d178 n = d179 n
{-# NOINLINE d178 #-}

d179 :: Int -> [Int]
d179 n = d180 n
{-# NOINLINE d179 #-}

d180 :: Int -> [Int]
d180 n = d181 n
{-# NOINLINE d180 #-}

d181 :: Int -> [Int]
d181 n = d182 n
{-# NOINLINE d181 #-}

d182 :: Int -> [Int]
d182 n = d183 n
{-# NOINLINE d182 #-}

d183 :: Int -> [Int]
d183 n = d184 n
{-# NOINLINE d183 #-}

d184 :: Int -> [Int]
d184 n = d185 n
{-# NOINLINE d184 #-}

d185 :: Int -> [Int]
d185 n = d186 n
{-# NOINLINE d185 #-}

d186 :: Int -> [Int]
d186 n = d187 n
{-# NOINLINE d186 #-}

d187 :: Int -> [Int]
d187 n = d188 n
{-# NOINLINE d187 #-}

d188 :: Int -> [Int]
d188 n = d189 n
{-# NOINLINE d188 #-}

d189 :: Int -> [Int]
d189 n = d190 n
{-# NOINLINE d189 #-}

d190 :: Int -> [Int]
d190 n = d191 n
{-# NOINLINE d190 #-}

d191 :: Int -> [Int]
d191 n = d192 n
{-# NOINLINE d191 #-}

d192 :: Int -> [Int]
d192 n = d193 n
{-# NOINLINE d192 #-}

d193 :: Int -> [Int]
d193 n = d194 n
{-# NOINLINE d193 #-}

d194 :: Int -> [Int]
d194 n = d195 n
{-# NOINLINE d194 #-}

d195 :: Int -> [Int]
d195 n = d196 n
{-# NOINLINE d195 #-}

d196 :: Int -> [Int]
d196 n = d197 n
{-# NOINLINE d196 #-}

d197 :: Int -> [Int]
d197 n = d198 n
{-# NOINLINE d197 #-}

d198 :: Int -> [Int]
d198 n = d199 n
{-# NOINLINE d198 #-}

d199 :: Int -> [Int]
d199 n = d200 n
{-# NOINLINE d199 #-}

d200 :: Int -> [Int]
d200 n = d201 n
{-# NOINLINE d200 #-}

d201 :: Int -> [Int]
d201 n = d202 n
{-# NOINLINE d201 #-}

d202 :: Int -> [Int]
d202 n = d203 n
{-# NOINLINE d202 #-}

d203 :: Int -> [Int]
d203 n = d204 n
{-# NOINLINE d203 #-}

d204 :: Int -> [Int]
d204 n = d205 n
{-# NOINLINE d204 #-}

d205 :: Int -> [Int]
d205 n = d206 n
{-# NOINLINE d205 #-}

d206 :: Int -> [Int]
d206 n = d207 n
{-# NOINLINE d206 #-}

d207 :: Int -> [Int]
d207 n = d208 n
{-# NOINLINE d207 #-}

d208 :: Int -> [Int]
d208 n = d209 n
{-# NOINLINE d208 #-}

d209 :: Int -> [Int]
d209 n = d210 n
{-# NOINLINE d209 #-}

d210 :: Int -> [Int]
d210 n = d211 n
{-# NOINLINE d210 #-}

d211 :: Int -> [Int]
d211 n = d212 n
{-# NOINLINE d211 #-}

d212 :: Int -> [Int]
d212 n = d213 n
{-# NOINLINE d212 #-}

d213 :: Int -> [Int]
d213 n = d214 n
{-# NOINLINE d213 #-}

d214 :: Int -> [Int]
d214 n = d215 n
{-# NOINLINE d214 #-}

d215 :: Int -> [Int]
d215 n = d216 n
{-# NOINLINE d215 #-}

d216 :: Int -> [Int]
d216 n = d217 n
{-# NOINLINE d216 #-}

d217 :: Int -> [Int]
d217 n = d218 n
{-# NOINLINE d217 #-}

d218 :: Int -> [Int]
d218 n = d219 n
{-# NOINLINE d218 #-}

d219 :: Int -> [Int]
d219 n = d220 n
{-# NOINLINE d219 #-}

d220 :: Int -> [Int]
d220 n = d221 n
{-# NOINLINE d220 #-}

d221 :: Int -> [Int]
d221 n = d222 n
{-# NOINLINE d221 #-}

d222 :: Int -> [Int]
d222 n = d223 n
{-# NOINLINE d222 #-}

d223 :: Int -> [Int]
d223 n = d224 n
{-# NOINLINE d223 #-}

d224 :: Int -> [Int]
d224 n = d225 n
{-# NOINLINE d224 #-}

d225 :: Int -> [Int]
d225 n = d226 n
{-# NOINLINE d225 #-}

d226 :: Int -> [Int]
d226 n = d227 n
{-# NOINLINE d226 #-}

d227 :: Int -> [Int]
d227 n = d228 n
{-# NOINLINE d227 #-}

d228 :: Int -> [Int]
d228 n = d229 n
{-# NOINLINE d228 #-}

d229 :: Int -> [Int]
d229 n = d230 n
{-# NOINLINE d229 #-}

d230 :: Int -> [Int]
d230 n = d231 n
{-# NOINLINE d230 #-}

d231 :: Int -> [Int]
d231 n = d232 n
{-# NOINLINE d231 #-}

d232 :: Int -> [Int]
d232 n = d233 n
{-# NOINLINE d232 #-}

d233 :: Int -> [Int]
d233 n = d234 n
{-# NOINLINE d233 #-}

d234 :: Int -> [Int]
d234 n = d235 n
{-# NOINLINE d234 #-}

d235 :: Int -> [Int]
d235 n = d236 n
{-# NOINLINE d235 #-}

d236 :: Int -> [Int]
d236 n = d237 n
{-# NOINLINE d236 #-}

d237 :: Int -> [Int]
d237 n = d238 n
{-# NOINLINE d237 #-}

d238 :: Int -> [Int]
d238 n = d239 n
{-# NOINLINE d238 #-}

d239 :: Int -> [Int]
d239 n = d240 n
{-# NOINLINE d239 #-}

d240 :: Int -> [Int]
d240 n = d241 n
{-# NOINLINE d240 #-}

d241 :: Int -> [Int]
d241 n = d242 n
{-# NOINLINE d241 #-}

d242 :: Int -> [Int]
d242 n = d243 n
{-# NOINLINE d242 #-}

d243 :: Int -> [Int]
d243 n = d244 n
{-# NOINLINE d243 #-}

d244 :: Int -> [Int]
d244 n = d245 n
{-# NOINLINE d244 #-}

d245 :: Int -> [Int]
d245 n = d246 n
{-# NOINLINE d245 #-}

d246 :: Int -> [Int]
d246 n = d247 n
{-# NOINLINE d246 #-}

d247 :: Int -> [Int]
d247 n = d248 n
{-# NOINLINE d247 #-}

d248 :: Int -> [Int]
d248 n = d249 n
{-# NOINLINE d248 #-}

d249 :: Int -> [Int]
d249 n = d250 n
{-# NOINLINE d249 #-}

d250 :: Int -> [Int]
d250 n = d251 n
{-# NOINLINE d250 #-}

d251 :: Int -> [Int]
d251 n = d252 n
{-# NOINLINE d251 #-}

d252 :: Int -> [Int]
d252 n = d253 n
{-# NOINLINE d252 #-}

d253 :: Int -> [Int]
d253 n = d254 n
{-# NOINLINE d253 #-}

d254 :: Int -> [Int]
d254 n = d255 n
{-# NOINLINE d254 #-}

d255 :: Int -> [Int]
d255 n = d256 n
{-# NOINLINE d255 #-}

d256 :: Int -> [Int]
d256 n = d257 n
{-# NOINLINE d256 #-}

d257 :: Int -> [Int]
d257 n = d258 n
{-# NOINLINE d257 #-}

d258 :: Int -> [Int]
d258 n = d259 n
{-# NOINLINE d258 #-}

d259 :: Int -> [Int]
d259 n = d260 n
{-# NOINLINE d259 #-}

d260 :: Int -> [Int]
d260 n = d261 n
{-# NOINLINE d260 #-}

d261 :: Int -> [Int]
d261 n = d262 n
{-# NOINLINE d261 #-}

d262 :: Int -> [Int]
d262 n = d263 n
{-# NOINLINE d262 #-}

d263 :: Int -> [Int]
d263 n = d264 n
{-# NOINLINE d263 #-}

d264 :: Int -> [Int]
d264 n = d265 n
{-# NOINLINE d264 #-}

d265 :: Int -> [Int]
d265 n = d266 n
{-# NOINLINE d265 #-}

d266 :: Int -> [Int]
d266 n = d267 n
{-# NOINLINE d266 #-}

d267 :: Int -> [Int]
d267 n = d268 n
{-# NOINLINE d267 #-}

d268 :: Int -> [Int]
d268 n = d269 n
{-# NOINLINE d268 #-}

d269 :: Int -> [Int]
d269 n = d270 n
{-# NOINLINE d269 #-}

d270 :: Int -> [Int]
d270 n = d271 n
{-# NOINLINE d270 #-}

d271 :: Int -> [Int]
d271 n = d272 n
{-# NOINLINE d271 #-}

d272 :: Int -> [Int]
d272 n = d273 n
{-# NOINLINE d272 #-}

d273 :: Int -> [Int]
d273 n = d274 n
{-# NOINLINE d273 #-}

d274 :: Int -> [Int]
d274 n = d275 n
{-# NOINLINE d274 #-}

d275 :: Int -> [Int]
d275 n = d276 n
{-# NOINLINE d275 #-}

d276 :: Int -> [Int]
d276 n = d277 n
{-# NOINLINE d276 #-}

d277 :: Int -> [Int]
d277 n = d278 n
{-# NOINLINE d277 #-}

d278 :: Int -> [Int]
d278 n = d279 n
{-# NOINLINE d278 #-}

d279 :: Int -> [Int]
d279 n = d280 n
{-# NOINLINE d279 #-}

d280 :: Int -> [Int]
d280 n = d281 n
{-# NOINLINE d280 #-}

d281 :: Int -> [Int]
d281 n = d282 n
{-# NOINLINE d281 #-}

d282 :: Int -> [Int]
d282 n = d283 n
{-# NOINLINE d282 #-}

d283 :: Int -> [Int]
d283 n = d284 n
{-# NOINLINE d283 #-}

d284 :: Int -> [Int]
d284 n = d285 n
{-# NOINLINE d284 #-}

d285 :: Int -> [Int]
d285 n = d286 n
{-# NOINLINE d285 #-}

d286 :: Int -> [Int]
d286 n = d287 n
{-# NOINLINE d286 #-}

d287 :: Int -> [Int]
d287 n = d288 n
{-# NOINLINE d287 #-}

d288 :: Int -> [Int]
d288 n = d289 n
{-# NOINLINE d288 #-}

d289 :: Int -> [Int]
d289 n = d290 n
{-# NOINLINE d289 #-}

d290 :: Int -> [Int]
d290 n = d291 n
{-# NOINLINE d290 #-}

d291 :: Int -> [Int]
d291 n = d292 n
{-# NOINLINE d291 #-}

d292 :: Int -> [Int]
d292 n = d293 n
{-# NOINLINE d292 #-}

d293 :: Int -> [Int]
d293 n = d294 n
{-# NOINLINE d293 #-}

d294 :: Int -> [Int]
d294 n = d295 n
{-# NOINLINE d294 #-}

d295 :: Int -> [Int]
d295 n = d296 n
{-# NOINLINE d295 #-}

d296 :: Int -> [Int]
d296 n = d297 n
{-# NOINLINE d296 #-}

d297 :: Int -> [Int]
d297 n = d298 n
{-# NOINLINE d297 #-}

d298 :: Int -> [Int]
d298 n = d299 n
{-# NOINLINE d298 #-}

d299 :: Int -> [Int]
d299 n = d300 n
{-# NOINLINE d299 #-}

d300 :: Int -> [Int]
d300 n = d301 n
{-# NOINLINE d300 #-}

d301 :: Int -> [Int]
d301 n = d302 n
{-# NOINLINE d301 #-}

d302 :: Int -> [Int]
d302 n = d303 n
{-# NOINLINE d302 #-}

d303 :: Int -> [Int]
d303 n = [1 .. n]
{-# NOINLINE d303 #-}


main :: IO ()
main = do
  ref <- newIORef []
  let hold xs = do { _ <- evaluate (sum xs); modifyIORef' ref (xs :) }
  forM_ [1 .. 30 :: Int] $ \r -> do
    hold (concat (concat (table (20 + r))))
    hold ([1 .. 400 * r] </> [1 .. 100])
    hold (1 <//> (300 * r))
    hold ({-# SCC "io/read" #-} [1 .. 200 * r])
    hold (d1 (500 * r))
    if r `mod` 10 == 0 then writeIORef ref [] else return ()
    performGC
  xs <- readIORef ref
  print (length xs, sum (map sum xs) `mod` 1000)
