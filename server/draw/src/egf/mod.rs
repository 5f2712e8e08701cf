//! OpenGotha 3.52's pairing cost function (the `egf` profile), reproduced term for term from the specification in
//! `shared/reference/opengotha.md` and checked against OpenGotha's own per-pair cost dumps. Pure integer
//! arithmetic: where OpenGotha computes with doubles, [`jdouble`] replays IEEE 754 binary64 on integers.

mod costs;
pub mod jdouble;
mod params;

pub use costs::{det_random, Costs, PlayerInfo};
pub use params::{Decimal, DuddMode, Params, PlacementCrit, SeedSystem};
