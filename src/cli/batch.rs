//! An ordered parallel map over a stream: the batch engine of `rate` (and of any command that
//! turns each puzzle of a large input into one output record).
//!
//! Owns [`ordered_map`]. The calling thread reads the input and writes the outputs; `jobs`
//! worker threads run the per-item work. The calling thread keeps at most `window` items in
//! flight (read but not yet written), so memory stays flat however long the input is, and a
//! reorder buffer of that size hands outputs to `write` in input order. The input iterator and
//! `write` stay on the calling thread, so neither needs to be `Send` (stdin readers, locked
//! stdout). With one job the work runs inline, without threads.
//!
//! Plain std threads and channels: the work is coarse (micro- to milliseconds per item), so a
//! work-stealing pool would buy nothing, and a dependency less is worth more here.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::Mutex;

/// How many items each worker may have in flight by default: enough that a slow item at the
/// head of the window leaves the other workers busy for a while, small enough to stay flat.
pub const WINDOW_PER_JOB: usize = 64;

/// The number of workers to use by default: every core the process may use.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Applies `work` to every item of `items` on `jobs` threads and calls `write` with each output
/// in input order, with at most `window` items read and not yet written at any time. When
/// `write` breaks (the reader of the output went away), nothing more is read and the items in
/// flight are dropped.
///
/// A panic in `work` is raised again on the calling thread when its item's turn to be written
/// comes, as it would have been without threads.
pub fn ordered_map<I, O, W, F>(
    items: impl Iterator<Item = I>,
    jobs: usize,
    window: usize,
    work: W,
    mut write: F,
) where
    I: Send,
    O: Send,
    W: Fn(I) -> O + Sync,
    F: FnMut(O) -> ControlFlow<()>,
{
    let window = window.max(1);
    if jobs <= 1 {
        for item in items {
            if write(work(item)).is_break() {
                return;
            }
        }
        return;
    }
    let (work_tx, work_rx) = mpsc::channel::<(usize, I)>();
    let (done_tx, done_rx) = mpsc::channel::<(usize, std::thread::Result<O>)>();
    // Workers take the next item in turn; the lock is held only while receiving.
    let work_rx = Mutex::new(work_rx);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let (work_rx, work) = (&work_rx, &work);
            scope.spawn(move || loop {
                let next = work_rx.lock().map(|rx| rx.recv());
                let Ok(Ok((index, item))) = next else { break };
                let output = catch_unwind(AssertUnwindSafe(|| work(item)));
                if done_tx.send((index, output)).is_err() {
                    break;
                }
            });
        }
        drop(done_tx);
        let mut reorder = Reorder::new(window);
        let mut items = items.enumerate();
        let mut exhausted = false;
        let mut stopped = false;
        loop {
            // Read while the window has room; then wait for one output and write what is ready.
            while !exhausted && reorder.in_flight() < window {
                match items.next() {
                    Some((index, item)) => {
                        reorder.sent();
                        // The workers outlive this loop, so the send cannot fail.
                        let _ = work_tx.send((index, item));
                    }
                    None => exhausted = true,
                }
            }
            if reorder.in_flight() == 0 {
                break;
            }
            let Ok((index, output)) = done_rx.recv() else {
                unreachable!("workers stop only once the work channel is closed")
            };
            reorder.done(index, output);
            while let Some(output) = reorder.next_ready() {
                match output {
                    Ok(_) if stopped => {}
                    Ok(output) => {
                        if write(output).is_break() {
                            stopped = true;
                            exhausted = true;
                        }
                    }
                    Err(panic) => {
                        drop(work_tx);
                        resume_unwind(panic)
                    }
                }
            }
        }
        drop(work_tx);
    });
}

/// The outputs that came back early, waiting for those before them.
struct Reorder<O> {
    /// Slot `k` holds the output of item `next + k` once it is done.
    slots: VecDeque<Option<O>>,
    /// Index of the next item to write.
    next: usize,
    /// Items sent and not yet written.
    pending: usize,
}

impl<O> Reorder<O> {
    fn new(window: usize) -> Reorder<O> {
        Reorder {
            slots: VecDeque::with_capacity(window),
            next: 0,
            pending: 0,
        }
    }

    fn in_flight(&self) -> usize {
        self.pending
    }

    fn sent(&mut self) {
        self.pending += 1;
    }

    fn done(&mut self, index: usize, output: O) {
        let offset = index - self.next;
        while self.slots.len() <= offset {
            self.slots.push_back(None);
        }
        self.slots[offset] = Some(output);
    }

    fn next_ready(&mut self) -> Option<O> {
        let output = self.slots.front_mut()?.take()?;
        self.slots.pop_front();
        self.next += 1;
        self.pending -= 1;
        Some(output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// A small deterministic generator, so the sleeps differ per item without a dependency.
    fn jitter(i: usize) -> u64 {
        let mut x = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^= x >> 29;
        x % 3000
    }

    #[test]
    fn outputs_come_in_input_order_with_random_work_times() {
        for jobs in [1, 2, 3, 8] {
            let mut got = Vec::new();
            ordered_map(
                0..300usize,
                jobs,
                16,
                |i| {
                    std::thread::sleep(Duration::from_micros(jitter(i)));
                    i * 2
                },
                |o| {
                    got.push(o);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(
                got,
                (0..300).map(|i| i * 2).collect::<Vec<_>>(),
                "{jobs} jobs"
            );
        }
    }

    #[test]
    fn no_more_than_the_window_is_in_flight() {
        let read = AtomicUsize::new(0);
        let written = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        let window = 10;
        // Counting reads in the iterator and writes in the writer measures exactly what the
        // bound promises: read but not yet written.
        let items = (0..500usize).inspect(|_| {
            let in_flight =
                read.fetch_add(1, Ordering::SeqCst) + 1 - written.load(Ordering::SeqCst);
            most.fetch_max(in_flight, Ordering::SeqCst);
        });
        ordered_map(
            items,
            4,
            window,
            |i| {
                // Item 0 is slow: the others pile up behind it in the reorder buffer.
                let micros = if i == 0 { 50_000 } else { jitter(i) / 10 };
                std::thread::sleep(Duration::from_micros(micros));
                i
            },
            |_| {
                written.fetch_add(1, Ordering::SeqCst);
                ControlFlow::Continue(())
            },
        );
        assert_eq!(written.load(Ordering::SeqCst), 500);
        let most = most.load(Ordering::SeqCst);
        assert!(most <= window, "{most} items in flight, window {window}");
        assert_eq!(most, window, "the slow first item should fill the window");
    }

    #[test]
    fn a_break_in_the_writer_stops_reading() {
        for jobs in [1, 3] {
            let read = AtomicUsize::new(0);
            let mut got = Vec::new();
            let items = (0..10_000usize).inspect(|_| {
                read.fetch_add(1, Ordering::SeqCst);
            });
            ordered_map(
                items,
                jobs,
                8,
                |i| i,
                |o| {
                    got.push(o);
                    if o == 5 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!(got, vec![0, 1, 2, 3, 4, 5]);
            assert!(read.load(Ordering::SeqCst) <= 6 + 8, "{jobs} jobs");
        }
    }

    #[test]
    fn empty_input_writes_nothing() {
        let mut got: Vec<usize> = Vec::new();
        ordered_map(
            std::iter::empty::<usize>(),
            4,
            8,
            |i| i,
            |o| {
                got.push(o);
                ControlFlow::Continue(())
            },
        );
        assert!(got.is_empty());
    }

    #[test]
    fn a_panic_in_the_work_reaches_the_caller() {
        let result = std::panic::catch_unwind(|| {
            ordered_map(
                0..50usize,
                3,
                8,
                |i| if i == 20 { panic!("boom") } else { i },
                |_| ControlFlow::Continue(()),
            )
        });
        assert!(result.is_err());
    }
}
