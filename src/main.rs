//! The `stepwise` command line: parses arguments and hands over to [`cli`].

mod cli;
#[cfg(feature = "server")]
mod server;

/// Each step is built from a handful of small vectors and a sentence; mimalloc serves those
/// small allocations much faster than the system allocator (see `cargo bench --bench rate`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(cli::run());
}
