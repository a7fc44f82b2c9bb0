//! The `stepwise` command line: parses arguments and hands over to [`cli`].

mod cli;

fn main() {
    std::process::exit(cli::run());
}
