//! The one error type of the library (being written).

/// Every way reading or checking a puzzle can fail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {}
