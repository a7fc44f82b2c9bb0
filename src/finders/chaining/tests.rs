//! Unit tests of the chaining rules on real positions.
