//! The benches' argument reading (`cargo bench --bench NAME -- --flag value`), shared by path.

/// The value after `flag` in `args`, if the flag is there with one.
pub fn value_of(args: &[String], flag: &str) -> Option<String> {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1))
        .cloned()
}
