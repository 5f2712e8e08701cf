//! OpenGotha 3.52's pairing cost function (the `egf` profile), reproduced term for term from the specification in
//! `shared/reference/opengotha.md`. Pure integer arithmetic.

mod params;

pub use params::{Decimal, DuddMode, Params, SeedSystem};
