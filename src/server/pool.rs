//! The worker pool: a fixed number of threads that run the library's synchronous, CPU-bound
//! calls, fed by a bounded queue.
//!
//! A fixed pool rather than tokio's blocking pool: the finders' caches are thread-local
//! (bounded per thread, see `stepwise::cache`), so a fixed set of long-lived threads keeps them
//! warm from request to request and bounds their memory by the number of workers. A job is
//! admitted while fewer than `workers + queue` are admitted and not finished, counted exactly;
//! one more is refused at once ([`PoolError::Busy`]), never left waiting. A job's place is given
//! back before its result is, so a client that has its answer finds the place free. Each job
//! runs under `catch_unwind`: a panic becomes [`PoolError::Panicked`] for its request and the
//! worker goes on with the next job. A job runs under a [`Cancel`] that is raised when its
//! request goes away before the result (the client closed the connection: the server drops
//! the request's future), so the library's work stops at its next check and the worker is free.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};

use stepwise::budget::Cancel;
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send + 'static>;

/// Why a job gave no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PoolError {
    /// Every worker was busy and the queue full.
    Busy,
    /// The job panicked; the message, when it was a string.
    Panicked(String),
    /// The pool is shutting down.
    Closed,
}

/// A fixed set of worker threads and the bounded queue in front of them.
pub struct Pool {
    sender: SyncSender<Job>,
    /// Jobs admitted and not finished: running or waiting.
    admitted: Arc<AtomicUsize>,
    workers: usize,
    queue: usize,
}

/// Raises a job's [`Cancel`] when dropped while armed: the request's future was dropped
/// before its result came.
struct CancelOnDrop(Option<Cancel>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(cancel) = self.0.take() {
            cancel.cancel();
        }
    }
}

/// An admitted job's place; dropping it gives the place back.
struct Place(Arc<AtomicUsize>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Pool {
    /// Starts `workers` threads (at least one) behind a queue of `queue` waiting jobs (0: a job
    /// is taken only when a worker is free to start it).
    pub fn new(workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        // Room for every admitted job: admission, not the channel, is the bound.
        let (sender, receiver) = sync_channel::<Job>(workers.saturating_add(queue));
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..workers {
            let receiver = Arc::clone(&receiver);
            std::thread::Builder::new()
                .name(format!("stepwise-worker-{i}"))
                .spawn(move || work(&receiver))
                .expect("a worker thread starts");
        }
        Pool {
            sender,
            admitted: Arc::new(AtomicUsize::new(0)),
            workers,
            queue,
        }
    }

    /// The number of worker threads.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// The most jobs that may wait for a worker.
    pub fn queue(&self) -> usize {
        self.queue
    }

    /// Runs `job` on a worker and waits (asynchronously) for its result; refused at once when
    /// the queue is full.
    pub async fn run<T, F>(&self, job: F) -> Result<T, PoolError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let limit = self.workers.saturating_add(self.queue);
        let admitted = self
            .admitted
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < limit).then_some(n + 1)
            });
        if admitted.is_err() {
            return Err(PoolError::Busy);
        }
        let place = Place(Arc::clone(&self.admitted));
        let (tell, told) = oneshot::channel();
        let cancel = Cancel::new();
        let mut on_drop = CancelOnDrop(Some(cancel.clone()));
        let wrapped: Job = Box::new(move || {
            if cancel.is_cancelled() {
                // Its request went away while it waited: nothing to do.
                drop(place);
                return;
            }
            let in_force = cancel.enter();
            let result = catch_unwind(AssertUnwindSafe(job)).map_err(|panic| {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".to_string());
                PoolError::Panicked(message)
            });
            drop(in_force);
            drop(place);
            // The request may have gone (the client closed the connection): nobody to tell.
            let _ = tell.send(result);
        });
        match self.sender.try_send(wrapped) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(PoolError::Busy),
            Err(TrySendError::Disconnected(_)) => return Err(PoolError::Closed),
        }
        let result = told.await.unwrap_or(Err(PoolError::Closed));
        // The result is in: nothing left to cancel.
        on_drop.0 = None;
        result
    }
}

/// A worker's loop: take the next job, run it, until the pool is dropped.
fn work(receiver: &Mutex<Receiver<Job>>) {
    loop {
        // The lock is held only while waiting for a job, never while running one.
        let job = {
            let Ok(receiver) = receiver.lock() else {
                return;
            };
            match receiver.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        };
        job();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a runtime")
    }

    #[test]
    fn jobs_run_and_a_panic_leaves_the_worker_serving() {
        let pool = Pool::new(1, 1);
        runtime().block_on(async {
            assert_eq!(pool.run(|| 6 * 7).await, Ok(42));
            let panicked = pool.run(|| -> u8 { panic!("boom") }).await;
            assert_eq!(panicked, Err(PoolError::Panicked("boom".to_string())));
            let id = 7;
            let panicked = pool.run(move || -> u8 { panic!("job {id}") }).await;
            assert_eq!(panicked, Err(PoolError::Panicked("job 7".to_string())));
            // The one worker is still there.
            assert_eq!(pool.run(|| "after").await, Ok("after"));
        });
    }

    #[test]
    fn a_place_is_free_again_when_its_result_is_in() {
        let pool = Pool::new(1, 0);
        runtime().block_on(async {
            for i in 0..200 {
                assert_eq!(pool.run(move || i).await, Ok(i));
            }
        });
    }

    #[test]
    fn a_dropped_request_cancels_its_work() {
        let pool = Pool::new(1, 0);
        let (started_tx, started_rx) = std::sync::mpsc::channel();
        let (ended_tx, ended_rx) = std::sync::mpsc::channel();
        runtime().block_on(async {
            let job = pool.run(move || {
                started_tx.send(()).unwrap();
                // Library work checks the deadline; this loop stands in for it.
                let started = std::time::Instant::now();
                while !stepwise::deadline::expired() {
                    assert!(
                        started.elapsed() < Duration::from_secs(10),
                        "never cancelled"
                    );
                    std::thread::sleep(Duration::from_millis(1));
                }
                ended_tx.send(started.elapsed()).unwrap();
            });
            // The request's future goes once the job has started.
            let waited = tokio::time::timeout(Duration::from_millis(200), job).await;
            assert!(waited.is_err(), "the job runs until cancelled");
        });
        started_rx.recv_timeout(Duration::from_secs(1)).unwrap();
        let took = ended_rx
            .recv_timeout(Duration::from_secs(5))
            .expect("cancelled");
        assert!(took < Duration::from_secs(2), "{took:?}");
        // The worker is free again once the cancelled job has returned, just after it said so.
        let freed_by = std::time::Instant::now() + Duration::from_secs(2);
        runtime().block_on(async {
            loop {
                match pool.run(|| 1).await {
                    Err(PoolError::Busy) if std::time::Instant::now() < freed_by => {
                        tokio::time::sleep(Duration::from_millis(5)).await;
                    }
                    answer => break assert_eq!(answer, Ok(1)),
                }
            }
        });
    }

    #[test]
    fn a_full_queue_refuses_at_once() {
        let pool = Arc::new(Pool::new(1, 0));
        let (started_tx, started_rx) = std::sync::mpsc::channel();
        let (release_tx, release_rx) = std::sync::mpsc::channel::<()>();
        let busy = {
            let pool = Arc::clone(&pool);
            std::thread::spawn(move || {
                runtime().block_on(pool.run(move || {
                    started_tx.send(()).unwrap();
                    release_rx.recv_timeout(Duration::from_secs(10)).ok();
                    1
                }))
            })
        };
        started_rx.recv_timeout(Duration::from_secs(10)).unwrap();
        // The one worker is busy and no job may wait.
        assert_eq!(runtime().block_on(pool.run(|| 2)), Err(PoolError::Busy));
        release_tx.send(()).unwrap();
        assert_eq!(busy.join().unwrap(), Ok(1));
    }
}
