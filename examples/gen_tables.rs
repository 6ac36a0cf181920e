//! Prints `src/eval/tables.rs` as `allin::eval::gen` generates it (the full
//! key search, then the tables). Run by `cargo xtask gen-tables`, which
//! compares the output with the committed file or writes it.

fn main() {
    print!("{}", allin::eval::gen::generate_tables_source());
}
