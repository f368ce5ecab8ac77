//! The count of a checked graph: a product multiplies its children's counts (they are over
//! disjoint variables), a sum adds its children's, each scaled by 2 per variable of the sum
//! its child does not mention, and the root's count is scaled likewise to all the
//! formula's variables.

use num_bigint::BigUint;

/// A node as checked: product or sum, its children, its variables (sorted).
#[derive(Debug)]
pub(crate) struct Node {
    pub product: bool,
    pub children: Vec<i32>,
    pub deps: Vec<u32>,
    /// Its count over `deps`, once counted.
    pub count: Option<BigUint>,
}

/// Counts every node in `order` (children before their parents) and returns the
/// root's count over `variables` variables.
pub(crate) fn count(
    nodes: &mut [Option<Node>],
    order: &[usize],
    first: u32,
    root: i32,
    variables: u32,
) -> BigUint {
    for &i in order {
        let Some(node) = &nodes[i] else { continue };
        let child = |c: i32| -> (BigUint, usize) {
            let v = c.unsigned_abs();
            if v < first {
                (BigUint::from(1u8), 1)
            } else {
                let n = nodes[(v - first) as usize].as_ref().expect("checked child");
                (n.count.clone().expect("counted before"), n.deps.len())
            }
        };
        let value = if node.product {
            node.children
                .iter()
                .fold(BigUint::from(1u8), |acc, &c| acc * child(c).0)
        } else {
            node.children.iter().fold(BigUint::from(0u8), |acc, &c| {
                let (n, size) = child(c);
                acc + (n << (node.deps.len() - size))
            })
        };
        nodes[i].as_mut().expect("present").count = Some(value);
    }
    let r = nodes[(root.unsigned_abs() - first) as usize]
        .as_ref()
        .expect("root checked");
    r.count.clone().expect("counted") << (variables as usize - r.deps.len())
}
