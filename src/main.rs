//! The `stepwise` binary: parses the arguments and hands over, the commands to [`cli`] and
//! `serve` to [`server`]. The only place that names both: the command line and the server are
//! two front ends on the library's contract (`stepwise::answer`), and neither uses the other.

mod allocator;
mod cli;
mod purge_delay;
#[cfg(feature = "server")]
mod server;

use clap::{Parser, Subcommand};

/// Each step is built from a handful of small vectors and a sentence; mimalloc serves those
/// small allocations much faster than the system allocator (see `cargo bench --bench rate`),
/// and faster still asked the plain way (see [`allocator`]).
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

#[derive(Parser, Debug)]
#[command(
    name = "stepwise",
    version,
    about = "Human-style Sudoku solver, hint engine and difficulty rater",
    after_help = "Every command reads puzzles from arguments (a file path or a puzzle string), -f FILE, or standard input; --input-format forces how they are read, --format (or --json) chooses what is written.\n\nExamples:\n  stepwise solve examples/puzzles.txt\n  stepwise explain '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........'\n  cat puzzles.txt | stepwise check --json"
)]
struct Stepwise {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    #[command(flatten)]
    Cli(cli::Command),
    /// Serve the JSON API over HTTP (check, solve, explain, hint, rate, analyze, generate, the
    /// technique catalog), on loopback by default.
    #[cfg(feature = "server")]
    #[command(
        after_help = "Endpoints (JSON in, JSON out; POST bodies need Content-Type: application/json):\n  POST /api/check /api/solve /api/explain /api/rate /api/analyze /api/hint /api/generate\n  POST /solve (a JSON puzzle record, returned with its solution)\n  GET /api/techniques, /api/techniques/SLUG, /healthz, / (a page)\nRequests carry the puzzle as {\"puzzle\": \"...\"} in any format the CLI reads, and options by the CLI's names (profile, techniques, level, count, seed, timeout...).\n\nExamples:\n  stepwise serve\n  stepwise serve --addr 127.0.0.1:0 --workers 2 --queue 8 --timeout 5\n  curl -s -H 'Content-Type: application/json' -d '{\"puzzle\": \"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\", \"level\": \"nudge\"}' http://127.0.0.1:8080/api/hint\n\nThe first line of standard output is `listening on http://ADDRESS`. Limits: bodies up to 64 KiB (413), --timeout per request (504), --workers at once and --queue waiting (503). See SECURITY.md before listening beyond loopback.\n\nExit code: 0 when stopped by Ctrl-C or SIGTERM, 1 when the address cannot be bound."
    )]
    Serve(cli::ServeArgs),
}

fn main() {
    purge_delay::give_memory_back_sooner();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(command) = cli::parse_one_command(&args) {
        std::process::exit(cli::run(command));
    }
    let code = match Stepwise::try_parse_from(&args) {
        Ok(Stepwise { command }) => match command {
            Command::Cli(command) => cli::run(command),
            #[cfg(feature = "server")]
            Command::Serve(args) => serve(&args),
        },
        Err(e) => {
            // Help and version are not errors; clap picks the stream and the code.
            let _ = e.print();
            if e.use_stderr() {
                cli::EXIT_USAGE
            } else {
                cli::EXIT_OK
            }
        }
    };
    std::process::exit(code);
}

/// `stepwise serve`: the server until a signal (exit 0), or the reason it could not start or
/// failed (exit 1). A limit not given is the server's default; workers default to the cores, as
/// the commands' `--jobs` does.
#[cfg(feature = "server")]
fn serve(args: &cli::ServeArgs) -> i32 {
    let config = server::Config {
        addr: args.addr,
        workers: args.workers.unwrap_or_else(cli::default_jobs),
        queue: args.queue.unwrap_or(server::DEFAULT_QUEUE),
        timeout: args.timeout.unwrap_or(server::DEFAULT_TIMEOUT),
        cache_bytes: args.cache.bytes(),
        max_connections: args
            .max_connections
            .unwrap_or(server::DEFAULT_MAX_CONNECTIONS),
        read_timeout: args.read_timeout.unwrap_or(server::DEFAULT_READ_TIMEOUT),
    };
    match server::serve(config) {
        Ok(()) => cli::EXIT_OK,
        Err(message) => {
            eprintln!("error: {message}");
            cli::EXIT_FAILED
        }
    }
}

// Here rather than in `allocator.rs`: the benches include that file by path, where a test
// module would be compiled (as `cfg(test)`) without its tests and warn.
#[cfg(test)]
mod allocator_tests {
    use crate::allocator::Allocator;
    use std::alloc::{GlobalAlloc, Layout};

    /// Every layout gets a block of its alignment that keeps what is written in it, zeroed
    /// when asked, through growing and shrinking reallocations.
    #[test]
    fn blocks_keep_their_alignment_and_contents() {
        for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [1, 3, 8, 15, 16, 24, 40, 100, 1000, 70_000] {
                let layout = Layout::from_size_align(size, align).expect("a layout");
                // SAFETY: the layouts are non-zero in size; each block is written within its
                // size and freed once with the layout it has then.
                unsafe {
                    let zeroed = Allocator.alloc_zeroed(layout);
                    assert_eq!(zeroed as usize % align, 0, "zeroed {size} {align}");
                    assert!((0..size).all(|i| *zeroed.add(i) == 0));
                    Allocator.dealloc(zeroed, layout);
                    let block = Allocator.alloc(layout);
                    assert_eq!(block as usize % align, 0, "{size} {align}");
                    for i in 0..size {
                        *block.add(i) = (i % 251) as u8;
                    }
                    let grown = Allocator.realloc(block, layout, size * 3);
                    assert_eq!(grown as usize % align, 0, "grown {size} {align}");
                    assert!((0..size).all(|i| *grown.add(i) == (i % 251) as u8));
                    let grown_layout = Layout::from_size_align(size * 3, align).expect("a layout");
                    let shrunk = Allocator.realloc(grown, grown_layout, size.div_ceil(2));
                    assert_eq!(shrunk as usize % align, 0, "shrunk {size} {align}");
                    assert!((0..size.div_ceil(2)).all(|i| *shrunk.add(i) == (i % 251) as u8));
                    let shrunk_layout =
                        Layout::from_size_align(size.div_ceil(2), align).expect("a layout");
                    Allocator.dealloc(shrunk, shrunk_layout);
                }
            }
        }
    }
}

#[cfg(test)]
mod one_command_tests {
    use super::{Command, Stepwise};
    use clap::{CommandFactory, Parser};
    use std::ffi::OsString;

    fn argv(line: &str) -> Vec<OsString> {
        std::iter::once("stepwise")
            .chain(line.split(' '))
            .map(OsString::from)
            .collect()
    }

    /// The arguments a command takes, and those of its subcommands, as clap names them.
    fn shape(command: &clap::Command) -> Vec<String> {
        let mut ids: Vec<String> = command
            .get_arguments()
            .map(|a| format!("{}:{:?}", a.get_id(), a.get_long()))
            .collect();
        for sub in command.get_subcommands() {
            ids.extend(
                shape(sub)
                    .into_iter()
                    .map(|id| format!("{} {id}", sub.get_name())),
            );
        }
        ids.sort();
        ids
    }

    /// Every command but `serve` is built on its own, with the same arguments as in the whole
    /// tree (a command missing from `cli::parse_one_command` would be parsed the slow way, an
    /// argument missing from it wrongly).
    #[test]
    fn each_command_built_alone_takes_the_same_arguments() {
        let whole = Stepwise::command();
        let mut built = 0;
        for command in whole.get_subcommands() {
            let name = command.get_name();
            if name == "serve" {
                continue;
            }
            let alone = crate::cli::parse_one_command(&argv(&format!("{name} --help")));
            assert!(alone.is_none(), "help is left to the whole tree");
            let mut only = clap::Command::new("stepwise")
                .subcommand(crate::cli::one_command(name).expect("every command listed"));
            only.build();
            let mut whole = Stepwise::command();
            whole.build();
            let in_whole = whole.find_subcommand(name).expect("the command");
            let alone = only.find_subcommand(name).expect("the command");
            assert_eq!(shape(in_whole), shape(alone), "{name}");
            built += 1;
        }
        assert!(built >= 12, "only {built} commands");
    }

    /// The same command lines parse to the same commands either way; help, version, errors and
    /// `serve` are left to the whole tree.
    #[test]
    fn one_command_parses_as_the_whole_tree_does() {
        for line in [
            "rate --jobs 1 --format csv --profile se examples/puzzles.txt",
            "rate --timeout 0.5 -j 2 a.txt b.txt",
            "explain --board --verbose --techniques x-wing,naked-single PUZZLE",
            "solve --engine dlx --all --shape latin:3 123......",
            "generate --level hard --symmetry rotational --count 5 --seed 1",
            "check --json -",
            "hint --level nudge -f state.txt",
            "kakuro solve examples/kakuro.txt",
            "bench engines --per-level 20",
            "techniques --json x-wing",
        ] {
            let args = argv(line);
            let alone = crate::cli::parse_one_command(&args).expect(line);
            let Ok(Stepwise {
                command: Command::Cli(whole),
            }) = Stepwise::try_parse_from(&args)
            else {
                panic!("the whole tree parses {line}");
            };
            assert_eq!(format!("{alone:?}"), format!("{whole:?}"), "{line}");
        }
        for line in [
            "rate --help",
            "rate --jobs",
            "rate --profile nosuch x.txt",
            "rate --no-such-option",
            "--version",
            "serve --addr 127.0.0.1:0",
            "nosuch",
        ] {
            assert!(
                crate::cli::parse_one_command(&argv(line)).is_none(),
                "{line}"
            );
        }
    }
}

#[cfg(all(test, feature = "server"))]
mod tests {
    use clap::CommandFactory;

    /// `serve --help` names each limit's default in words; they must be the server's.
    #[test]
    fn serve_help_names_the_server_defaults() {
        let mut command = super::Stepwise::command();
        let serve = command
            .find_subcommand_mut("serve")
            .expect("a serve command");
        let help = serve.render_long_help().to_string();
        let defaults = [
            ("--queue", server_default(super::server::DEFAULT_QUEUE)),
            (
                "--max-connections",
                server_default(super::server::DEFAULT_MAX_CONNECTIONS),
            ),
            (
                "--timeout",
                server_default(super::server::DEFAULT_TIMEOUT.as_secs_f64()),
            ),
            (
                "--read-timeout",
                server_default(super::server::DEFAULT_READ_TIMEOUT.as_secs_f64()),
            ),
        ];
        for (option, default) in defaults {
            let at = help
                .find(&format!("{option} <"))
                .expect("the option in the help");
            let text = &help[at..];
            let end = text[1..].find("\n  -").map_or(text.len(), |e| e + 1);
            assert!(
                text[..end].replace('\n', " ").contains(&default),
                "{option} should say `{default}`:\n{}",
                &text[..end]
            );
        }
    }

    fn server_default(value: impl std::fmt::Display) -> String {
        format!("default {value}")
    }
}
