;; RGBA -> yuv420p with 128-bit SIMD: the same arithmetic as rgbaToYuv420p in
;; rgba-to-yuv420p.ts (BT.601 limited range, 16-bit fixed point, chroma the rounded mean of each
;; 2x2 block), so both give the same bytes. Eight pixels of two rows a step (t0 t1 over b0 b1,
;; four pixels a vector, one i32 lane each with R in the low byte): the width must be a multiple
;; of 8 and the height even (the caller checks). Written out without helper functions: V8 does
;; not inline them, and the calls made it slower than the plain TypeScript.
;;
;; `npm run build:wasm` (wabt) compiles it into rgba-to-yuv420p-wasm.ts; a unit test compiles it
;; again and compares, so the committed binary is always this source.
(module
  (memory (export "memory") 1)

  (func (export "convert") (param $src i32) (param $dst i32) (param $width i32) (param $height i32)
    (local $row i32) (local $x i32) (local $stride i32)
    (local $top i32) (local $bottom i32) (local $yTop i32) (local $yBottom i32)
    (local $u i32) (local $v i32)
    (local $t0 v128) (local $t1 v128) (local $b0 v128) (local $b1 v128) (local $s0 v128) (local $s1 v128) (local $r v128) (local $g v128) (local $b v128) (local $c v128) (local $zero v128) (local $rt0 v128) (local $gt0 v128) (local $bt0 v128) (local $rt1 v128) (local $gt1 v128) (local $bt1 v128) (local $rb0 v128) (local $gb0 v128) (local $bb0 v128) (local $rb1 v128) (local $gb1 v128) (local $bb1 v128) (local $yr v128) (local $yg v128) (local $yb v128) (local $ur v128) (local $ug v128) (local $ub v128) (local $vr v128) (local $vg v128) (local $vb v128) (local $yOffset v128) (local $cOffset v128)
    (local.set $yr (v128.const i32x4 16829 16829 16829 16829))
    (local.set $yg (v128.const i32x4 33039 33039 33039 33039))
    (local.set $yb (v128.const i32x4 6416 6416 6416 6416))
    (local.set $ur (v128.const i32x4 -9714 -9714 -9714 -9714))
    (local.set $ug (v128.const i32x4 -19070 -19070 -19070 -19070))
    (local.set $ub (v128.const i32x4 28784 28784 28784 28784))
    (local.set $vr (v128.const i32x4 28784 28784 28784 28784))
    (local.set $vg (v128.const i32x4 -24103 -24103 -24103 -24103))
    (local.set $vb (v128.const i32x4 -4681 -4681 -4681 -4681))
    (local.set $yOffset (v128.const i32x4 1081344 1081344 1081344 1081344))
    (local.set $cOffset (v128.const i32x4 33685504 33685504 33685504 33685504))
    (local.set $stride (i32.shl (local.get $width) (i32.const 2)))
    (local.set $u (i32.add (local.get $dst) (i32.mul (local.get $width) (local.get $height))))
    (local.set $v
      (i32.add (local.get $u)
               (i32.mul (i32.shr_u (local.get $width) (i32.const 1))
                        (i32.shr_u (local.get $height) (i32.const 1)))))
    (local.set $row (i32.const 0))
    (block $rowsDone
      (loop $rows
        (br_if $rowsDone (i32.ge_u (local.get $row) (local.get $height)))
        (local.set $top (i32.add (local.get $src) (i32.mul (local.get $row) (local.get $stride))))
        (local.set $bottom (i32.add (local.get $top) (local.get $stride)))
        (local.set $yTop (i32.add (local.get $dst) (i32.mul (local.get $row) (local.get $width))))
        (local.set $yBottom (i32.add (local.get $yTop) (local.get $width)))
        (local.set $x (i32.const 0))
        (block $pixelsDone
          (loop $pixels
            (br_if $pixelsDone (i32.ge_u (local.get $x) (local.get $width)))
            (local.set $t0 (v128.load (local.get $top)))
            (local.set $t1 (v128.load offset=16 (local.get $top)))
            (local.set $b0 (v128.load (local.get $bottom)))
            (local.set $b1 (v128.load offset=16 (local.get $bottom)))
            ;; each pixel's R, G and B
            (local.set $rt0 (v128.and (local.get $t0) (v128.const i32x4 255 255 255 255)))
            (local.set $gt0 (v128.and (i32x4.shr_u (local.get $t0) (i32.const 8)) (v128.const i32x4 255 255 255 255)))
            (local.set $bt0 (v128.and (i32x4.shr_u (local.get $t0) (i32.const 16)) (v128.const i32x4 255 255 255 255)))
            (local.set $rt1 (v128.and (local.get $t1) (v128.const i32x4 255 255 255 255)))
            (local.set $gt1 (v128.and (i32x4.shr_u (local.get $t1) (i32.const 8)) (v128.const i32x4 255 255 255 255)))
            (local.set $bt1 (v128.and (i32x4.shr_u (local.get $t1) (i32.const 16)) (v128.const i32x4 255 255 255 255)))
            (local.set $rb0 (v128.and (local.get $b0) (v128.const i32x4 255 255 255 255)))
            (local.set $gb0 (v128.and (i32x4.shr_u (local.get $b0) (i32.const 8)) (v128.const i32x4 255 255 255 255)))
            (local.set $bb0 (v128.and (i32x4.shr_u (local.get $b0) (i32.const 16)) (v128.const i32x4 255 255 255 255)))
            (local.set $rb1 (v128.and (local.get $b1) (v128.const i32x4 255 255 255 255)))
            (local.set $gb1 (v128.and (i32x4.shr_u (local.get $b1) (i32.const 8)) (v128.const i32x4 255 255 255 255)))
            (local.set $bb1 (v128.and (i32x4.shr_u (local.get $b1) (i32.const 16)) (v128.const i32x4 255 255 255 255)))
            ;; Y of both rows, eight bytes each
            (v128.store64_lane 0 (local.get $yTop)
              (i8x16.narrow_i16x8_u (i16x8.narrow_i32x4_u (i32x4.shr_u (i32x4.add (i32x4.add (i32x4.mul (local.get $rt0) (local.get $yr)) (i32x4.mul (local.get $gt0) (local.get $yg)))
                                      (i32x4.add (i32x4.mul (local.get $bt0) (local.get $yb)) (local.get $yOffset))) (i32.const 16))
                (i32x4.shr_u (i32x4.add (i32x4.add (i32x4.mul (local.get $rt1) (local.get $yr)) (i32x4.mul (local.get $gt1) (local.get $yg)))
                                      (i32x4.add (i32x4.mul (local.get $bt1) (local.get $yb)) (local.get $yOffset))) (i32.const 16))) (local.get $zero)))
            (v128.store64_lane 0 (local.get $yBottom)
              (i8x16.narrow_i16x8_u (i16x8.narrow_i32x4_u (i32x4.shr_u (i32x4.add (i32x4.add (i32x4.mul (local.get $rb0) (local.get $yr)) (i32x4.mul (local.get $gb0) (local.get $yg)))
                                      (i32x4.add (i32x4.mul (local.get $bb0) (local.get $yb)) (local.get $yOffset))) (i32.const 16))
                (i32x4.shr_u (i32x4.add (i32x4.add (i32x4.mul (local.get $rb1) (local.get $yr)) (i32x4.mul (local.get $gb1) (local.get $yg)))
                                      (i32x4.add (i32x4.mul (local.get $bb1) (local.get $yb)) (local.get $yOffset))) (i32.const 16))) (local.get $zero)))
            ;; R, G and B summed over each 2x2 block: rows added, then horizontal neighbours
            (local.set $s0 (i32x4.add (local.get $rt0) (local.get $rb0)))
            (local.set $s1 (i32x4.add (local.get $rt1) (local.get $rb1)))
            (local.set $r
              (i32x4.add (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $s0) (local.get $s1))
                         (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $s0) (local.get $s1))))
            (local.set $s0 (i32x4.add (local.get $gt0) (local.get $gb0)))
            (local.set $s1 (i32x4.add (local.get $gt1) (local.get $gb1)))
            (local.set $g
              (i32x4.add (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $s0) (local.get $s1))
                         (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $s0) (local.get $s1))))
            (local.set $s0 (i32x4.add (local.get $bt0) (local.get $bb0)))
            (local.set $s1 (i32x4.add (local.get $bt1) (local.get $bb1)))
            (local.set $b
              (i32x4.add (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $s0) (local.get $s1))
                         (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $s0) (local.get $s1))))
            ;; U and V of the four blocks, four bytes each
            (local.set $c (i32x4.shr_s (i32x4.add (i32x4.add (i32x4.mul (local.get $r) (local.get $ur)) (i32x4.mul (local.get $g) (local.get $ug)))
                                      (i32x4.add (i32x4.mul (local.get $b) (local.get $ub)) (local.get $cOffset))) (i32.const 18)))
            (v128.store32_lane 0 (local.get $u)
              (i8x16.narrow_i16x8_u (i16x8.narrow_i32x4_u (local.get $c) (local.get $zero)) (local.get $zero)))
            (local.set $c (i32x4.shr_s (i32x4.add (i32x4.add (i32x4.mul (local.get $r) (local.get $vr)) (i32x4.mul (local.get $g) (local.get $vg)))
                                      (i32x4.add (i32x4.mul (local.get $b) (local.get $vb)) (local.get $cOffset))) (i32.const 18)))
            (v128.store32_lane 0 (local.get $v)
              (i8x16.narrow_i16x8_u (i16x8.narrow_i32x4_u (local.get $c) (local.get $zero)) (local.get $zero)))
            (local.set $top (i32.add (local.get $top) (i32.const 32)))
            (local.set $bottom (i32.add (local.get $bottom) (i32.const 32)))
            (local.set $yTop (i32.add (local.get $yTop) (i32.const 8)))
            (local.set $yBottom (i32.add (local.get $yBottom) (i32.const 8)))
            (local.set $u (i32.add (local.get $u) (i32.const 4)))
            (local.set $v (i32.add (local.get $v) (i32.const 4)))
            (local.set $x (i32.add (local.get $x) (i32.const 8)))
            (br $pixels)))
        (local.set $row (i32.add (local.get $row) (i32.const 2)))
        (br $rows)))))
