//! The generator's random numbers: the crate's one seeded stream ([`crate::csp::rng`]), its
//! SplitMix64 step ([`Rng::for_attempt`]).

pub(crate) use crate::csp::rng::Rng;
