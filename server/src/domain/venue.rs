//! A change of the venue's machines as Tengen's log records it (issue 30). Raft's membership holds the machines
//! themselves; this is the hash-chained account of who changed them, when and from which terminal. Plain data;
//! must not know Raft or touch the register.

use super::error::Rejected;
use serde::{Deserialize, Serialize};

/// The longest machine address kept (the same bound Raft's membership change checks).
const ADDRESS_MAX: usize = 200;

/// What the director did to the venue's machines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum VenueChange {
    /// Machine `node` joined at `address` as a learner (a read replica).
    AddLearner {
        /// Its number.
        node: u64,
        /// Its address, as the others reach it.
        address: String,
    },
    /// Learner `node` became a voter.
    Promote {
        /// Its number.
        node: u64,
    },
    /// Machine `node` left the venue.
    Remove {
        /// Its number.
        node: u64,
    },
}

impl VenueChange {
    /// The machine it concerns.
    pub fn node(&self) -> u64 {
        match self {
            VenueChange::AddLearner { node, .. }
            | VenueChange::Promote { node }
            | VenueChange::Remove { node } => *node,
        }
    }

    /// A machine number from 1 and, when adding, an address that fits.
    pub fn validate(&self) -> Result<(), Rejected> {
        if self.node() == 0 {
            return Err(Rejected::Invalid {
                field: "node",
                message: "machines are numbered from 1".into(),
            });
        }
        if let VenueChange::AddLearner { address, .. } = self {
            if address.is_empty() || address.chars().count() > ADDRESS_MAX {
                return Err(Rejected::Invalid {
                    field: "address",
                    message: format!(
                        "give the machine's address in at most {ADDRESS_MAX} characters"
                    ),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_names_a_machine_from_1_and_an_address_that_fits() {
        let add = |address: &str| VenueChange::AddLearner {
            node: 4,
            address: address.into(),
        };
        assert!(add("https://10.0.0.4:7443").validate().is_ok());
        assert!(add("").validate().is_err());
        assert!(add(&"a".repeat(201)).validate().is_err());
        assert!(VenueChange::Promote { node: 0 }.validate().is_err());
        assert!(VenueChange::Remove { node: 2 }.validate().is_ok());
        let json = serde_json::to_string(&VenueChange::Promote { node: 4 }).unwrap_or_default();
        assert_eq!(json, r#"{"action":"promote","node":4}"#);
    }
}
