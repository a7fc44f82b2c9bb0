//! `rate_many`: an iterator over Python strings that rates them on worker threads and yields
//! the records in input order, as `stepwise rate` writes its rows.
//!
//! The Python iterable is read on the caller's thread (it needs the GIL), at most a window of
//! inputs ahead of the next answer (`WINDOW_PER_JOB` per worker, as the CLI's batch), so a
//! bank of millions streams in constant memory. The workers never touch Python: each takes an
//! input, parses it, calls `stepwise::rate_puzzle` with the settings given and sends the record
//! back serialized (JSON, or the CLI's CSV row). Waiting for an answer releases the GIL and
//! polls for Ctrl-C; an interrupt, an error from the iterable, `close()` or dropping the
//! iterator raises the shared [`Cancel`] flag, which ends the ratings in flight at their next
//! deadline check and the workers before their next input.

use std::collections::BTreeMap;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyString};

use stepwise::budget::Cancel;
use stepwise::format::parse_puzzle;
use stepwise::RateRecord;

use crate::{default_jobs, format_of, rate_settings, POLL};

/// Inputs read ahead per worker: enough to keep every worker busy behind a slow puzzle, the
/// same window as the CLI's batch.
const WINDOW_PER_JOB: usize = 64;

/// One answer: the input's place and its record, serialized.
type Answer = (usize, String);

/// The iterator `stepwise.rate_many` returns.
#[pyclass(module = "stepwise._native")]
pub struct RateMany {
    /// The inputs not read yet; `None` once exhausted or stopped.
    source: Option<Py<PyIterator>>,
    /// Where the workers take their inputs; dropped (closing the queue) when `source` ends.
    inputs: Option<Sender<Answer>>,
    // In a mutex only because a pyclass must be `Sync`; only the caller's thread takes it.
    answers: Mutex<Receiver<Answer>>,
    /// Answers that came before their turn.
    early: BTreeMap<usize, String>,
    /// Inputs handed to the workers, and answers given back.
    sent: usize,
    given: usize,
    window: usize,
    workers: Vec<JoinHandle<()>>,
    cancel: Cancel,
}

impl RateMany {
    /// Stops everything: no more inputs, the ratings in flight end, the workers exit.
    fn stop(&mut self) {
        self.cancel.cancel();
        self.source = None;
        self.inputs = None;
        self.early.clear();
    }
}

impl Drop for RateMany {
    fn drop(&mut self) {
        // The workers see the flag and the closed queue and exit on their own; nothing here
        // waits for them.
        self.stop();
    }
}

#[pymethods]
impl RateMany {
    #[new]
    #[pyo3(signature = (puzzles, jobs=None, format=None, profile=None, techniques=vec![], no_uniqueness=false, timeout=None, cache_mb=None, csv=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        puzzles: &Bound<'_, PyAny>,
        jobs: Option<usize>,
        format: Option<&str>,
        profile: Option<&str>,
        techniques: Vec<String>,
        no_uniqueness: bool,
        timeout: Option<f64>,
        cache_mb: Option<usize>,
        csv: bool,
    ) -> PyResult<RateMany> {
        let settings = Arc::new(rate_settings(
            profile,
            &techniques,
            no_uniqueness,
            timeout,
            cache_mb,
        )?);
        let format = format_of(format)?;
        let jobs = match jobs {
            None => default_jobs(),
            Some(0) => return Err(PyValueError::new_err("jobs must be at least 1")),
            Some(n) => n,
        };
        let source = puzzles.try_iter()?.unbind();
        let (input_sender, input_receiver) = mpsc::channel::<Answer>();
        let input_receiver = Arc::new(Mutex::new(input_receiver));
        let (answer_sender, answers) = mpsc::channel::<Answer>();
        let cancel = Cancel::new();
        let mut workers = Vec::with_capacity(jobs);
        for _ in 0..jobs {
            let inputs = Arc::clone(&input_receiver);
            let answers = answer_sender.clone();
            let settings = Arc::clone(&settings);
            let cancel = cancel.clone();
            let worker = std::thread::Builder::new()
                .name("stepwise-rate".into())
                .spawn(move || {
                    let _in_force = cancel.enter();
                    loop {
                        // The lock is held only while taking one input.
                        let next = inputs.lock().map(|queue| queue.recv());
                        let Ok(Ok((index, text))) = next else { return };
                        if cancel.is_cancelled() {
                            return;
                        }
                        let record = match parse_puzzle(&text, format) {
                            Ok(puzzle) => stepwise::rate_puzzle(
                                &stepwise::explain::grid_of(&puzzle),
                                &settings,
                            ),
                            Err(e) => RateRecord::unreadable(text, e.to_string()),
                        };
                        let answer = if csv {
                            record.to_csv()
                        } else {
                            serde_json::to_string(&record).expect("records serialize")
                        };
                        if answers.send((index, answer)).is_err() {
                            return;
                        }
                    }
                })
                .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
            workers.push(worker);
        }
        Ok(RateMany {
            source: Some(source),
            inputs: Some(input_sender),
            answers: Mutex::new(answers),
            early: BTreeMap::new(),
            sent: 0,
            given: 0,
            window: jobs.saturating_mul(WINDOW_PER_JOB),
            workers,
            cancel,
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next record in input order (a JSON object, or a CSV row with `csv=True`).
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<String>> {
        loop {
            if let Err(e) = self.read_ahead(py) {
                self.stop();
                return Err(e);
            }
            if let Some(answer) = self.early.remove(&self.given) {
                self.given += 1;
                return Ok(Some(answer));
            }
            if self.given == self.sent && self.source.is_none() {
                return Ok(None);
            }
            let answers = &self.answers;
            match py.allow_threads(|| match answers.lock() {
                Ok(answers) => answers.recv_timeout(POLL),
                Err(_) => Err(RecvTimeoutError::Disconnected),
            }) {
                Ok((index, answer)) => {
                    self.early.insert(index, answer);
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        self.stop();
                        return Err(interrupt);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.stop();
                    return Err(PyRuntimeError::new_err(
                        "internal error: a rating worker stopped (please report the input)",
                    ));
                }
            }
        }
    }

    /// Stops the run: the inputs are not read further, the ratings in flight end and the
    /// worker threads exit before this returns; the iterator is then exhausted.
    fn close(&mut self, py: Python<'_>) {
        self.stop();
        let workers = std::mem::take(&mut self.workers);
        py.allow_threads(|| {
            for worker in workers {
                let _ = worker.join();
            }
        });
        // Nothing more will be given.
        self.sent = self.given;
    }

    /// How many inputs were read and handed to the workers so far.
    #[getter]
    fn read(&self) -> usize {
        self.sent
    }
}

impl RateMany {
    /// Reads inputs until the window is full or the source ends.
    fn read_ahead(&mut self, py: Python<'_>) -> PyResult<()> {
        while self.sent - self.given < self.window {
            let Some(source) = &self.source else {
                return Ok(());
            };
            let mut iterator = source.bind(py).clone();
            let Some(item) = iterator.next() else {
                // The queue closes; the workers exit when it is empty.
                self.source = None;
                self.inputs = None;
                return Ok(());
            };
            let item = item?;
            let text = item
                .downcast::<PyString>()
                .map_err(|_| {
                    PyTypeError::new_err(format!(
                        "rate_many takes puzzles as str, got {} at position {}",
                        item.get_type()
                            .name()
                            .map_or_else(|_| "?".to_string(), |n| n.to_string()),
                        self.sent
                    ))
                })?
                .extract::<String>()?;
            if let Some(inputs) = &self.inputs {
                // The workers hold the receiver until they exit, which only stop() causes.
                let _ = inputs.send((self.sent, text));
            }
            self.sent += 1;
        }
        Ok(())
    }
}
