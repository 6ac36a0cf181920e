//! Arguments from JavaScript, checked before anything is copied.
//!
//! The exports take `JsValue`s, not `&str` or `Vec<String>`: wasm-bindgen's
//! generated glue trusts its caller, and a value that is not a string (an
//! object, `Object.prototype` from a careless `METHODS[key]` lookup, an
//! array-like with a negative `length`) made it call the allocator with
//! `undefined` or `NaN` sizes on a dangling pointer: a "memory access out of
//! bounds" trap that poisons the instance (issue 11, finding 3). Here every
//! value is checked for its type and size first and refused with a clear
//! `Error`, so no input reaches the glue's copying code unchecked.

use wasm_bindgen::{JsCast, JsValue};

/// Longest text accepted, in UTF-16 code units: far beyond any hand, board
/// or range (all 1,326 combos written out are about 8,000), short enough
/// that copying it into the instance can never fail.
pub const MAX_TEXT: u32 = 100_000;

/// Longest list of texts accepted (card codes, hand-class labels).
pub const MAX_LIST: u32 = 1_000;

/// What a value is, for an error message: `"an object"`, `"a number"`.
pub fn kind(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    if js_sys::Array::is_array(value) {
        return "a list".into();
    }
    match value.js_typeof().as_string().as_deref() {
        Some("undefined") => "nothing".into(),
        Some("object") => "an object".into(),
        Some(t) => format!("a {t}"),
        None => "something else".into(),
    }
}

/// The text in `value`, or an error naming `what` it was meant to be.
pub fn text(value: &JsValue, what: &str) -> Result<String, String> {
    if !value.is_string() {
        return Err(format!("{what}: expected text, got {}", kind(value)));
    }
    let s: &js_sys::JsString = value.unchecked_ref();
    let n = s.length();
    if n > MAX_TEXT {
        return Err(format!(
            "{what}: too long ({n} characters; at most {MAX_TEXT})"
        ));
    }
    Ok(value.as_string().unwrap_or_default())
}

/// A list of texts: an array of at most `max` strings. `what(i)` names entry
/// `i` in errors.
pub fn texts(
    value: &JsValue,
    list: &str,
    max: u32,
    what: impl Fn(u32) -> String,
) -> Result<Vec<String>, String> {
    if !js_sys::Array::is_array(value) {
        return Err(format!(
            "{list}: expected a list of texts, got {}",
            kind(value)
        ));
    }
    let array: &js_sys::Array = value.unchecked_ref();
    let n = array.length();
    if n > max {
        return Err(format!("{list}: {n} entries; at most {max}"));
    }
    (0..n).map(|i| text(&array.get(i), &what(i))).collect()
}

/// A whole number in `lo..=hi`, or an error naming `what` it is.
pub fn whole(value: f64, what: &str, lo: u32, hi: u32) -> Result<u32, String> {
    if value.fract() == 0.0 && value >= f64::from(lo) && value <= f64::from(hi) {
        Ok(value as u32)
    } else {
        Err(format!(
            "{what}: {} is not a whole number from {lo} to {hi}",
            number_text(value)
        ))
    }
}

/// `value` as Rust's `{}` writes it (`0.5`, `NaN`, `1e300` in full), but
/// infinity as JS users know it (`Infinity`, `-Infinity`, not `inf`), laid out from JS's shortest round-trip digits, which are
/// Rust's: Rust's own float formatting would add about 15 KB to the wasm.
#[inline(never)]
pub fn number_text(value: f64) -> String {
    if value.is_nan() {
        return "NaN".into();
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    if value.is_infinite() {
        return format!("{sign}Infinity");
    }
    // JS: `123.45`, `0.0000015`, `1.5e-7`, `1e+300` (never a sign for -0).
    let js = js_sys::Number::from(value.abs())
        .to_string_with_radix(10)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default();
    // The value is 0.DIGITS × 10^point, DIGITS without leading zeros.
    let (mut digits, mut point) = (Vec::new(), 0i32);
    let (mut after_point, mut exp, mut exp_sign) = (false, None::<i32>, 1);
    for b in js.bytes() {
        match (b, exp) {
            (b'e', _) => exp = Some(0),
            (b'-', Some(_)) => exp_sign = -1,
            (b'0'..=b'9', Some(e)) => exp = Some(e * 10 + i32::from(b - b'0')),
            (b'.', _) => after_point = true,
            (b'0'..=b'9', None) => {
                point += i32::from(!after_point);
                if b == b'0' && digits.is_empty() {
                    point -= 1;
                } else {
                    digits.push(b);
                }
            }
            _ => {}
        }
    }
    point += exp_sign * exp.unwrap_or(0);
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    let mut out = String::from(sign);
    if digits.is_empty() {
        out.push('0');
        return out;
    }
    if point <= 0 {
        out.push_str("0.");
        (point..0).for_each(|_| out.push('0'));
    }
    for (i, &d) in digits.iter().enumerate() {
        if point > 0 && i as i32 == point {
            out.push('.');
        }
        out.push(char::from(d));
    }
    (digits.len() as i32..point).for_each(|_| out.push('0'));
    out
}
