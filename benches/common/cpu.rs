//! CPU time for the benches: this process's, or that of its waited-for children (a peer
//! program run as a child process), shared by path.

#![allow(dead_code)] // (each bench uses a part)
use std::time::Instant;

/// This process.
pub const SELF: i32 = 0;
/// Its children (and theirs) once waited for.
pub const CHILDREN: i32 = -1;

/// CPU seconds (user and system) of this process (`who` = [`SELF`]) or of its waited-for
/// children ([`CHILDREN`]); `None` off Linux.
#[cfg(target_os = "linux")]
pub fn cpu_seconds(who: i32) -> Option<f64> {
    #[repr(C)]
    struct Timeval {
        seconds: i64,
        micros: i64,
    }
    #[repr(C)]
    struct Rusage {
        user: Timeval,
        system: Timeval,
        rest: [i64; 14],
    }
    extern "C" {
        fn getrusage(who: i32, usage: *mut Rusage) -> i32;
    }
    let zero = || Timeval {
        seconds: 0,
        micros: 0,
    };
    let mut usage = Rusage {
        user: zero(),
        system: zero(),
        rest: [0; 14],
    };
    // SAFETY: getrusage writes one struct rusage through a valid pointer to a local of its
    // layout (two timevals and fourteen longs on Linux).
    let status = unsafe { getrusage(who, &mut usage) };
    let seconds = |t: &Timeval| t.seconds as f64 + t.micros as f64 / 1e6;
    (status == 0).then(|| seconds(&usage.user) + seconds(&usage.system))
}

#[cfg(not(target_os = "linux"))]
pub fn cpu_seconds(_who: i32) -> Option<f64> {
    None
}

/// Runs `f`; its value, wall seconds and CPU seconds of `who` (the wall time without them).
pub fn timed<T>(who: i32, f: impl FnOnce() -> T) -> (T, f64, f64) {
    let cpu_start = cpu_seconds(who);
    let start = Instant::now();
    let value = f();
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu_start.zip(cpu_seconds(who)).map_or(wall, |(a, b)| b - a);
    (value, wall, cpu)
}
