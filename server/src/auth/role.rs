//! The role matrix: which terminal role may do which class of request. One table, checked by every RPC.

use crate::domain::Role;

/// A class of request, as the role matrix sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Read the register (without private contact data).
    Read,
    /// See email and phone.
    ReadPrivate,
    /// Register, edit, enter, check in, withdraw, reinstate participants.
    Register,
    /// Change the event, tournaments, registration open/closed.
    Configure,
    /// Create, list and revoke tokens.
    ManageTokens,
    /// Stream the log.
    Watch,
    /// Receive the stored log bytes (standby servers).
    Replicate,
    /// Number players, draw, publish, edit and close rounds, change ranks and entry options.
    Direct,
    /// Enter game results.
    EnterResults,
    /// Report no-shows, late starts and disputes.
    Referee,
    /// Withdraw a player who leaves the tournament, or reinstate one who returns.
    Withdraw,
}

impl Action {
    /// Words for a refusal message ("a viewer terminal may not …").
    pub fn describe(self) -> &'static str {
        match self {
            Action::Read => "read the register",
            Action::ReadPrivate => "see contact details",
            Action::Register => "register or change participants",
            Action::Configure => "change the event or tournament settings",
            Action::ManageTokens => "manage terminal tokens",
            Action::Watch => "watch the log",
            Action::Replicate => "replicate the log",
            Action::Direct => "draw, publish, edit or close rounds",
            Action::EnterResults => "enter results",
            Action::Referee => "make referee reports",
            Action::Withdraw => "withdraw or reinstate players",
        }
    }
}

/// Does `role` allow `action`?
pub fn allows(role: Role, action: Action) -> bool {
    use Action::*;
    match role {
        Role::Director => true,
        Role::Registration | Role::LateDesk => {
            matches!(action, Read | ReadPrivate | Register | Watch | Withdraw)
        }
        Role::Results => matches!(action, Read | Watch | EnterResults),
        Role::Referee => matches!(action, Read | Watch | Referee | Withdraw),
        Role::Viewer => matches!(action, Read | Watch),
        Role::Replica => matches!(action, Read | ReadPrivate | Watch | Replicate),
        Role::System => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_director_configures_and_manages_tokens() {
        for role in [
            Role::Registration,
            Role::LateDesk,
            Role::Results,
            Role::Referee,
            Role::Viewer,
            Role::Replica,
        ] {
            assert!(!allows(role, Action::Configure), "{role:?}");
            assert!(!allows(role, Action::ManageTokens), "{role:?}");
        }
        assert!(
            allows(Role::Director, Action::Configure)
                && allows(Role::Director, Action::ManageTokens)
        );
    }

    #[test]
    fn contact_data_is_for_director_desks_and_standby_only() {
        let can: Vec<Role> = [
            Role::Director,
            Role::Registration,
            Role::LateDesk,
            Role::Results,
            Role::Referee,
            Role::Viewer,
            Role::Replica,
        ]
        .into_iter()
        .filter(|r| allows(*r, Action::ReadPrivate))
        .collect();
        assert_eq!(
            can,
            vec![
                Role::Director,
                Role::Registration,
                Role::LateDesk,
                Role::Replica
            ]
        );
    }

    #[test]
    fn everyone_but_the_system_reads() {
        assert!(!allows(Role::System, Action::Read));
        assert!(allows(Role::Viewer, Action::Read) && !allows(Role::Viewer, Action::Register));
    }

    #[test]
    fn results_desks_enter_results_but_do_not_direct() {
        assert!(allows(Role::Results, Action::EnterResults));
        assert!(!allows(Role::Results, Action::Direct));
        assert!(!allows(Role::Results, Action::Referee));
    }

    #[test]
    fn the_referee_only_makes_referee_reports() {
        assert!(allows(Role::Referee, Action::Referee));
        assert!(!allows(Role::Referee, Action::EnterResults));
        assert!(!allows(Role::Referee, Action::Direct));
    }

    #[test]
    fn viewers_neither_enter_results_nor_referee_and_the_director_does_all() {
        for action in [Action::Direct, Action::EnterResults, Action::Referee] {
            assert!(!allows(Role::Viewer, action), "{action:?}");
            assert!(allows(Role::Director, action), "{action:?}");
            for desk in [Role::Registration, Role::LateDesk, Role::Replica] {
                assert!(!allows(desk, action), "{desk:?} {action:?}");
            }
        }
    }
}
