// The in-process server that http_api and kakuro_api fuzz, included by both (`include!`): the
// binary's server and CLI modules by path, and `serve`, which runs it as the fuzzing setup
// wants it.

#[allow(dead_code, unused_imports)]
#[path = "../../src/cli/mod.rs"]
mod cli;
#[allow(dead_code, unused_imports)]
#[path = "../../src/server/mod.rs"]
mod server;

/// Serves on `addr` with one worker and a tenth of a second per request.
fn serve(addr: std::net::SocketAddr) {
    let served = server::serve(server::Config {
        addr,
        workers: 1,
        queue: 4,
        // Small, so that an input that starts a long search costs a tenth of a second.
        timeout: std::time::Duration::from_millis(100),
        cache_bytes: Some(16 << 20),
        max_connections: 16,
        read_timeout: std::time::Duration::from_secs(5),
    });
    // It serves until the process ends; an address it cannot bind is the setup's failure.
    if let Err(e) = served {
        panic!("the fuzzing server stopped: {e}");
    }
}
