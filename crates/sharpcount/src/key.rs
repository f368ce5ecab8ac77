//! Cache keys of components: the sorted variable ids and the sorted ids of the residual
//! long clauses, delta-encoded as variable-length integers (LEB128), and a stable 64-bit
//! hash of those bytes. The hash only picks a table slot; the whole key is always compared.
//!
//! Binary clauses are left out of the key as in sharpSAT (Thurley 2006): a binary clause
//! is residual exactly when both of its variables are in the component, so the variable
//! set already says which ones are there.

/// Appends the key of a component with sorted `vars` and sorted `clauses` to `out`.
pub(crate) fn encode(vars: &[u32], clauses: &[u32], out: &mut Vec<u8>) {
    put(out, vars.len() as u32);
    put_deltas(out, vars);
    put(out, clauses.len() as u32);
    put_deltas(out, clauses);
}

fn put_deltas(out: &mut Vec<u8>, sorted: &[u32]) {
    let mut prev = 0u32;
    for &x in sorted {
        debug_assert!(x >= prev);
        put(out, x - prev);
        prev = x;
    }
}

#[inline]
fn put(out: &mut Vec<u8>, mut x: u32) {
    while x >= 0x80 {
        out.push((x as u8) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// A stable hash of `bytes`: eight bytes at a time, multiply-rotate (the FxHash step of
/// the Rust compiler), then a splitmix64 finaliser so that the low bits are well mixed.
pub(crate) fn hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mut h = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut w = [0u8; 8];
        w[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_different_components_differ() {
        let mut a = Vec::new();
        let mut b = Vec::new();
        encode(&[1, 2], &[3], &mut a);
        encode(&[1, 2, 3], &[], &mut b);
        assert_ne!(a, b);
        assert_eq!(a, vec![2, 1, 1, 1, 3]);
    }

    #[test]
    fn large_ids_take_several_bytes() {
        let mut a = Vec::new();
        encode(&[300], &[], &mut a);
        assert_eq!(a, vec![1, 0xac, 0x02, 0]);
    }

    #[test]
    fn hash_is_stable() {
        assert_eq!(hash(b"component"), hash(b"component"));
        assert_ne!(hash(b"component"), hash(b"componenT"));
        assert_ne!(hash(&[0; 8]), hash(&[0; 9]));
    }
}
