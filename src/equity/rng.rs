//! A small, fast, seedable PRNG (xoshiro256++ seeded by splitmix64).
//!
//! The core never draws entropy itself: seeds always come from the caller.

/// splitmix64 step: also used to derive independent seeds.
#[inline]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// xoshiro256++ (Blackman and Vigna, public domain algorithm).
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator fully determined by `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut sm = seed;
        Rng {
            s: [
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
            ],
        }
    }

    /// The generator for chunk `index` of a job seeded with `seed`: streams
    /// for different chunks are derived independently.
    pub fn for_chunk(seed: u64, index: u64) -> Rng {
        let mut sm = seed ^ 0xA11_1A11_u64.rotate_left(17);
        let a = splitmix64(&mut sm);
        let mut sm = a ^ index.wrapping_mul(0xD134_2543_DE82_EF95);
        Rng::new(splitmix64(&mut sm))
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = (s[0].wrapping_add(s[3])).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// Uniform in `0..n` (`n > 0`), without modulo bias (Lemire's method).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        loop {
            let x = self.next_u64() >> 32;
            let m = x * n as u64;
            let low = m as u32;
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 32) as u32;
            }
        }
    }

    /// Uniform in `0..n` (`n > 0`) for a 64-bit bound, without bias
    /// (rejection of the draws above the largest multiple of `n`).
    #[inline]
    pub fn below_u64(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        if let Ok(small) = u32::try_from(n) {
            return u64::from(self.below(small));
        }
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// Uniform in `0..n` (`n > 0`) for a 128-bit bound, without bias (the
    /// draw keeps as many bits as `n - 1` has and is redone when too big).
    pub fn below_u128(&mut self, n: u128) -> u128 {
        debug_assert!(n > 0);
        if let Ok(small) = u64::try_from(n) {
            return u128::from(self.below_u64(small));
        }
        let bits = 128 - (n - 1).leading_zeros();
        loop {
            let x =
                (u128::from(self.next_u64()) << 64 | u128::from(self.next_u64())) >> (128 - bits);
            if x < n {
                return x;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_uniform_enough() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        assert_eq!(a.next_u64(), b.next_u64());
        assert_ne!(
            Rng::for_chunk(1, 0).next_u64(),
            Rng::for_chunk(1, 1).next_u64()
        );
        let mut counts = [0u32; 7];
        let mut r = Rng::new(7);
        for _ in 0..70_000 {
            counts[r.below(7) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn wide_bounds_are_uniform_enough() {
        let mut r = Rng::new(9);
        let n = 3 * (1u64 << 62);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[(r.below_u64(n) / (1 << 62)) as usize] += 1;
        }
        let n = 3 * (1u128 << 100);
        for _ in 0..30_000 {
            counts[(r.below_u128(n) >> 100) as usize] += 1;
        }
        for c in counts {
            assert!((19_000..21_000).contains(&c), "{counts:?}");
        }
        assert!(r.below_u64(5) < 5 && r.below_u128(1) == 0);
    }
}
