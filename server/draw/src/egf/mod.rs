//! OpenGotha 3.52's pairing cost function (the `egf` profile), reproduced term for term from the specification in
//! `shared/reference/opengotha.md`. Pure integer arithmetic.

/// OpenGotha's pairing parameter set (`<PairingParameterSet>`), with the McMahon defaults.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Params {}
