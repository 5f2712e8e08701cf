//! The role matrix: which terminal role may do which class of request ([`allows`]), which class each command of
//! the register is ([`required`]), and who is asking ([`Caller`]). One table for every door: the application core
//! checks each command against it on the write path, gRPC checks its reads, and the desk pages ask it which
//! buttons a terminal sees. Knows no door: no tonic, no HTTP.

use crate::domain::{Command, Role};

/// Who is asking: a terminal's name and role, from its token (or the public board's fixed caller).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// The token's terminal name.
    pub terminal: String,
    /// The token's role.
    pub role: Role,
}

impl Caller {
    /// Refuses unless the role allows `action`.
    pub fn require(&self, action: Action) -> Result<(), Denied> {
        if allows(self.role, action) {
            Ok(())
        } else {
            Err(Denied {
                role: self.role,
                action,
            })
        }
    }

    /// May this caller see private contact data?
    pub fn sees_private(&self) -> bool {
        allows(self.role, Action::ReadPrivate)
    }

    /// May this caller see what a participant owes and paid (the desks that take money, the treasurer)?
    pub fn sees_money(&self) -> bool {
        allows(self.role, Action::TakePayment) || allows(self.role, Action::ReadMoney)
    }
}

/// A role that does not allow what it asked for. Each door words it (gRPC `PERMISSION_DENIED`, a 403 page).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a {} terminal may not {}", role.as_str(), action.describe())]
pub struct Denied {
    /// The caller's role.
    pub role: Role,
    /// What it may not do.
    pub action: Action,
}

/// The class of request a command is, so the one role check on the write path covers every door.
pub fn required(cmd: &Command) -> Action {
    use Action::*;
    match cmd {
        Command::UpdateEvent { .. }
        | Command::CreateTournament { .. }
        | Command::UpdateTournament { .. }
        | Command::SetRegistrationOpen { .. } => Configure,
        Command::RegisterParticipant { .. }
        | Command::UpdateParticipant { .. }
        | Command::EnterTournament { .. }
        | Command::LeaveTournament { .. }
        | Command::UndoRegistration { .. }
        | Command::SetRounds { .. }
        | Command::CheckIn { .. } => Register,
        Command::Withdraw { .. } | Command::Reinstate { .. } => Withdraw,
        Command::RecordPayment { .. } => TakePayment,
        Command::CreateToken { .. }
        | Command::RevokeToken { .. }
        | Command::ResetDirectorToken { .. } => ManageTokens,
        Command::RecordVenueChange { .. } => ManageVenue,
        Command::SetEntryOptions { .. }
        | Command::ChangeRank { .. }
        | Command::NumberPlayers { .. }
        | Command::DrawRound { .. }
        | Command::SplitKnockout { .. }
        | Command::ImportRound { .. }
        | Command::PublishRound { .. }
        | Command::EditRound { .. }
        | Command::CloseRound { .. }
        | Command::MoveRoundStart { .. } => Direct,
        Command::RecordLadderGame { .. } | Command::ReportResult { .. } => EnterResults,
        Command::RefereeReport { .. } => Referee,
        Command::SubmitSlip { .. } => SubmitSlip,
        Command::ResolveSlip { .. } => ResolveSlips,
        Command::LoadRatings { .. } => LoadRatings,
        Command::IssueCodes { .. } => IssueCodes,
        Command::SelfCheckIn { .. } | Command::PlayerReport { .. } => SelfService,
    }
}

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
    /// Send a change slip about a player (the public board's "something wrong?" form).
    SubmitSlip,
    /// List change slips and accept or reject them.
    ResolveSlips,
    /// Load rating lists (a part at a time).
    LoadRatings,
    /// Issue players' personal codes (a new one replaces the old).
    IssueCodes,
    /// A player's own check-in or result, with their personal code (the public board's player pages).
    SelfService,
    /// See and change the machines of a quorum venue (add, promote, remove).
    ManageVenue,
    /// Take a participant's payment (money at the desk, a transfer, a prepayment, a waiver).
    TakePayment,
    /// Read the money reports: takings, levy, budget.
    ReadMoney,
}

impl Action {
    /// Every action, the matrix's columns.
    pub const ALL: [Action; 19] = [
        Action::Read,
        Action::ReadPrivate,
        Action::Register,
        Action::Configure,
        Action::ManageTokens,
        Action::Watch,
        Action::Replicate,
        Action::Direct,
        Action::EnterResults,
        Action::Referee,
        Action::Withdraw,
        Action::SubmitSlip,
        Action::ResolveSlips,
        Action::LoadRatings,
        Action::IssueCodes,
        Action::SelfService,
        Action::ManageVenue,
        Action::TakePayment,
        Action::ReadMoney,
    ];
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
            Action::SubmitSlip => "send change slips",
            Action::ResolveSlips => "see, accept or reject change slips",
            Action::LoadRatings => "load rating lists",
            Action::IssueCodes => "issue players' personal codes",
            Action::SelfService => "act for a player with their personal code",
            Action::ManageVenue => "see or change the venue's machines",
            Action::TakePayment => "take payments",
            Action::ReadMoney => "read the money reports",
        }
    }
}

/// Does `role` allow `action`?
pub fn allows(role: Role, action: Action) -> bool {
    use Action::*;
    match role {
        Role::Director => true,
        Role::Registration | Role::LateDesk => {
            matches!(
                action,
                Read | ReadPrivate | Register | Watch | Withdraw | TakePayment
            )
        }
        Role::Treasurer => matches!(action, Read | Watch | TakePayment | ReadMoney),
        Role::Results => matches!(action, Read | Watch | EnterResults),
        Role::Referee => matches!(action, Read | Watch | Referee | Withdraw),
        Role::Viewer => matches!(action, Read | Watch),
        Role::Replica => matches!(action, Read | ReadPrivate | Watch | Replicate),
        Role::Public => matches!(action, Read | SubmitSlip | SelfService),
        Role::System => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every role, the matrix's rows.
    const ROLES: [Role; 10] = [
        Role::Director,
        Role::Treasurer,
        Role::Registration,
        Role::LateDesk,
        Role::Results,
        Role::Referee,
        Role::Viewer,
        Role::Replica,
        Role::System,
        Role::Public,
    ];

    #[test]
    fn a_refusal_names_the_role_and_what_it_may_not_do() {
        let viewer = Caller {
            terminal: "screen-1".into(),
            role: Role::Viewer,
        };
        let denied = viewer.require(Action::EnterResults).unwrap_err();
        assert_eq!(
            denied.to_string(),
            "a viewer terminal may not enter results"
        );
        assert!(viewer.require(Action::Read).is_ok());
    }

    #[test]
    fn each_command_needs_the_class_of_the_desk_that_sends_it() {
        use crate::domain::{ParticipantId, TokenId, TournamentId};
        let (id, tournament, expected) = (ParticipantId(1), TournamentId(1), None);
        let cases = [
            (
                Command::CheckIn {
                    id,
                    tournament: Some(tournament),
                    expected,
                },
                Action::Register,
            ),
            (
                Command::Withdraw {
                    id,
                    tournament,
                    expected,
                },
                Action::Withdraw,
            ),
            (
                Command::Reinstate {
                    id,
                    tournament,
                    expected,
                },
                Action::Withdraw,
            ),
            (
                Command::PublishRound {
                    tournament,
                    round: 1,
                },
                Action::Direct,
            ),
            (
                Command::CloseRound {
                    tournament,
                    round: 1,
                },
                Action::Direct,
            ),
            (
                Command::RevokeToken { id: TokenId(2) },
                Action::ManageTokens,
            ),
            (
                Command::SetRegistrationOpen {
                    id: tournament,
                    open: false,
                    expected,
                },
                Action::Configure,
            ),
        ];
        for (cmd, action) in cases {
            assert_eq!(required(&cmd), action, "{}", cmd.name());
        }
        // The referee withdraws a player who leaves, as a registration desk may; neither directs.
        assert!(
            allows(Role::Referee, Action::Withdraw) && allows(Role::Registration, Action::Withdraw)
        );
    }

    fn roles_allowed(action: Action) -> Vec<Role> {
        ROLES.into_iter().filter(|r| allows(*r, action)).collect()
    }

    #[test]
    fn only_the_director_configures_and_manages_tokens() {
        for action in [Action::Configure, Action::ManageTokens] {
            assert_eq!(roles_allowed(action), vec![Role::Director], "{action:?}");
        }
    }

    #[test]
    fn contact_data_is_for_director_desks_and_standby_only() {
        assert_eq!(
            roles_allowed(Action::ReadPrivate),
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
        assert!(allows(Role::Public, Action::Read));
    }

    #[test]
    fn the_public_board_only_reads_sends_slips_and_acts_with_a_players_code() {
        let public: Vec<Action> = Action::ALL
            .into_iter()
            .filter(|a| allows(Role::Public, *a))
            .collect();
        assert_eq!(
            public,
            vec![Action::Read, Action::SubmitSlip, Action::SelfService]
        );
        assert_eq!(
            roles_allowed(Action::SelfService),
            vec![Role::Director, Role::Public],
            "no desk token acts for a player"
        );
        assert_eq!(roles_allowed(Action::IssueCodes), vec![Role::Director]);
        assert_eq!(
            roles_allowed(Action::SubmitSlip),
            vec![Role::Director, Role::Public]
        );
    }

    #[test]
    fn only_the_director_sees_and_resolves_slips() {
        assert_eq!(roles_allowed(Action::ResolveSlips), vec![Role::Director]);
    }

    #[test]
    fn only_the_director_loads_rating_lists() {
        assert_eq!(roles_allowed(Action::LoadRatings), vec![Role::Director]);
    }

    #[test]
    fn the_system_role_is_allowed_nothing() {
        for action in Action::ALL {
            assert!(!allows(Role::System, action), "{action:?}");
        }
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
            for desk in [
                Role::Registration,
                Role::LateDesk,
                Role::Replica,
                Role::Public,
            ] {
                assert!(!allows(desk, action), "{desk:?} {action:?}");
            }
        }
    }
}
