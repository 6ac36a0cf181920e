//! JSON helpers for serde: numbers written as the CLI always wrote them.

use serde::{Serialize, Serializer};

/// A float written as an integer when it is whole (`22`, not `22.0`), as
/// Rust's `Display` writes it; otherwise the shortest text that reads back
/// the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Float(pub f64);

impl Serialize for Float {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let x = self.0;
        if x.fract() == 0.0 && x.abs() < 9_007_199_254_740_992.0 {
            s.serialize_i64(x as i64)
        } else {
            s.serialize_f64(x)
        }
    }
}

/// `doc` as one line of JSON.
pub fn line(doc: &impl Serialize) -> String {
    let mut out = serde_json::to_string(doc).expect("plain data serializes");
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats() {
        let s = |x| serde_json::to_string(&Float(x)).unwrap();
        assert_eq!(s(22.0), "22");
        assert_eq!(s(0.0), "0");
        assert_eq!(s(0.5444444444444444), "0.5444444444444444");
    }
}
