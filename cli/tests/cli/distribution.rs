//! `allin distribution` against `allin equity`, a scenario per line of
//! `tests/data/distribution.txt`: the weighted mean of the combos is the
//! player's equity (to 1e-9 when exact, within 4 standard errors when
//! sampled), and the shares and buckets sum to 1.

use crate::check::{check_expected, split_args, Mismatch};
use crate::{allin, text};
use serde_json::Value;

fn json(args: &[&str]) -> Result<Value, String> {
    let out = allin(args, b"");
    if !out.status.success() {
        return Err(format!("{args:?}: {}", text(&out.stderr)));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| format!("{args:?}: {e}"))
}

fn num(v: &Value, what: &str) -> Result<f64, String> {
    v.as_f64()
        .ok_or_else(|| format!("{what} is not a number: {v}"))
}

fn case(input: &str, expected: &str) -> Result<(), Mismatch> {
    let args = split_args(input)?;
    let mut dist: Vec<&str> = vec!["distribution", "--json"];
    dist.extend(args.iter().map(String::as_str));
    let d = json(&dist)?;
    // `allin equity` on the same scenario: no --player; exact when it can be.
    let mut player = 1usize;
    let mut eq: Vec<&str> = vec!["equity", "--json"];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--player" => {
                player = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("bad --player")?;
            }
            "--trials" => {
                it.next();
            }
            a => eq.push(a),
        }
    }
    let e = json(&eq)?;
    let want = num(&e["players"][player - 1]["equity"], "equity")?;
    let mean = num(&d["mean"], "mean")?;
    let exact = d["exact"] == Value::Bool(true);
    let points = d["points"].as_array().ok_or("no points")?;
    let got = format!(
        "{} {}",
        points.len(),
        if exact { "exact" } else { "sampled" }
    );
    if got != expected {
        return Err(Mismatch::actual(expected, got));
    }
    let tolerance = if exact {
        1e-9
    } else {
        let se = num(&d["stderr"], "stderr")?;
        let se_equity = e["players"][player - 1]["stderr"].as_f64().unwrap_or(0.0);
        4.0 * (se * se + se_equity * se_equity).sqrt()
    };
    if (mean - want).abs() > tolerance {
        return Err(
            format!("mean {mean} but allin equity says {want} (tolerance {tolerance})").into(),
        );
    }
    let sum = |xs: &[Value], key: &str| -> Result<f64, String> {
        xs.iter().map(|x| num(&x[key], key)).sum()
    };
    let shares = sum(points, "share")?;
    let buckets = sum(d["buckets"].as_array().ok_or("no buckets")?, "share")?;
    // The mean again, from the points as printed.
    let again: f64 = points
        .iter()
        .map(|p| Ok(num(&p["share"], "share")? * num(&p["equity"], "equity")?))
        .sum::<Result<f64, String>>()?;
    for (what, x, tol) in [
        ("shares", shares, 1e-9),
        ("buckets", buckets, 1e-9),
        ("mean of the points", again - mean + 1.0, 1e-9),
    ] {
        if (x - 1.0).abs() > tol {
            return Err(format!("{what}: {x}").into());
        }
    }
    Ok(())
}

#[test]
fn distributions_agree_with_equity() {
    // The repository's tests/data/, not cli/tests/data/.
    check_expected("../../../tests/data/distribution.txt", case);
}
