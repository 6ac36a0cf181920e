//! Overflow-checked products of combo weights, fast where they are small.

/// `a * b`, `None` when it overflows: `u64::checked_mul` without its
/// 128-bit product where both factors are below 2^32 (combo weights and
/// their products usually are). WebAssembly has no high-half multiply, so
/// there `checked_mul` is a call to compiler-rt's `__multi3`: 9% of the
/// three-range flop job (QQ+ v TT+ v 99+ on Kh7d2c) in V8. Natively this
/// is a `mul` and a predictable branch either way.
#[inline(always)]
pub(crate) fn checked_mul(a: u64, b: u64) -> Option<u64> {
    if (a | b) >> 32 == 0 {
        Some(a * b)
    } else {
        a.checked_mul(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `checked_mul` is `u64::checked_mul`, on both sides of its fast path.
    #[test]
    fn checked_mul_agrees() {
        let edges = [
            0,
            1,
            2,
            1000,
            (1 << 32) - 1,
            1 << 32,
            (1 << 32) + 1,
            u64::MAX / 3,
            u64::MAX,
        ];
        for &a in &edges {
            for &b in &edges {
                assert_eq!(checked_mul(a, b), a.checked_mul(b), "{a} * {b}");
            }
        }
    }
}
