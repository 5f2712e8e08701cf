//! Every role × every RPC: the allowed cells succeed, the forbidden ones are refused with `PERMISSION_DENIED`
//! and change nothing. Calls without a valid token are `UNAUTHENTICATED`; a revoked token stops working at once.
//! The director can never be locked out: a failed first start leaves a way in, the last director token cannot be
//! revoked, and `tengen-server token reset` on the server machine replaces a lost one.
//!
//! The expected table is written out here from the matrix in `server/src/auth/role.rs`, and a check without a
//! server pins it to that matrix, so a change to either must be made on purpose.

use tengen_tests::{code_of, enter, meta, pb, player, tls_channel, Bearer, Desk, Venue};
use tonic::{Code, Status};

/// A class of RPC, as the role matrix sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Read,
    ReadPrivate,
    Register,
    Configure,
    ManageTokens,
    Watch,
    Replicate,
    /// Withdraw or reinstate: desks, and the referee (a player leaving the tournament).
    Withdraw,
    /// List, accept and reject change slips from the public board: the director only (see
    /// `change_slips_are_for_the_director_only`; no slip can be sent over gRPC, so it is not in `RPCS`).
    ResolveSlips,
    /// WhoAmI: any authenticated caller.
    Anyone,
}

const ROLES: [pb::Role; 7] = [
    pb::Role::Director,
    pb::Role::Registration,
    pb::Role::LateDesk,
    pb::Role::Results,
    pb::Role::Referee,
    pb::Role::Viewer,
    pb::Role::Replica,
];

/// The expected matrix.
fn allowed(role: pb::Role, class: Class) -> bool {
    use pb::Role::*;
    use Class::*;
    matches!(
        (role, class),
        (_, Anyone)
            | (Director, _)
            | (
                Registration | LateDesk,
                Read | ReadPrivate | Register | Watch | Withdraw
            )
            | (Referee, Read | Watch | Withdraw)
            | (Results | Viewer, Read | Watch)
            | (Replica, Read | ReadPrivate | Watch | Replicate)
    )
}

#[test]
fn the_expected_table_is_the_servers_matrix() {
    use tengen_server::auth::{allows, Action};
    use tengen_server::domain::Role;
    let roles = [
        (pb::Role::Director, Role::Director),
        (pb::Role::Registration, Role::Registration),
        (pb::Role::LateDesk, Role::LateDesk),
        (pb::Role::Results, Role::Results),
        (pb::Role::Referee, Role::Referee),
        (pb::Role::Viewer, Role::Viewer),
        (pb::Role::Replica, Role::Replica),
    ];
    let classes = [
        (Class::Read, Action::Read),
        (Class::ReadPrivate, Action::ReadPrivate),
        (Class::Register, Action::Register),
        (Class::Configure, Action::Configure),
        (Class::ManageTokens, Action::ManageTokens),
        (Class::Watch, Action::Watch),
        (Class::Replicate, Action::Replicate),
        (Class::Withdraw, Action::Withdraw),
        (Class::ResolveSlips, Action::ResolveSlips),
    ];
    for (wire, role) in roles {
        for (class, action) in classes {
            assert_eq!(
                allowed(wire, class),
                allows(role, action),
                "{wire:?} × {class:?}"
            );
        }
    }
}

/// Every RPC of the API, in an order in which each one can succeed for a role that may call it.
#[derive(Debug, Clone, Copy)]
enum Rpc {
    GetEvent,
    ListTournaments,
    GetParticipant,
    FindParticipants,
    ListParticipants,
    Status,
    WhoAmI,
    Watch,
    RegisterParticipant,
    UpdateParticipant,
    EnterTournament,
    SetRounds,
    CheckIn,
    Withdraw,
    Reinstate,
    LeaveTournament,
    UpdateEvent,
    CreateTournament,
    UpdateTournament,
    SetRegistrationOpen,
    CreateToken,
    ListTokens,
    RevokeToken,
}

const RPCS: [Rpc; 23] = [
    Rpc::GetEvent,
    Rpc::ListTournaments,
    Rpc::GetParticipant,
    Rpc::FindParticipants,
    Rpc::ListParticipants,
    Rpc::Status,
    Rpc::WhoAmI,
    Rpc::Watch,
    Rpc::RegisterParticipant,
    Rpc::UpdateParticipant,
    Rpc::EnterTournament,
    Rpc::SetRounds,
    Rpc::CheckIn,
    Rpc::Withdraw,
    Rpc::Reinstate,
    Rpc::LeaveTournament,
    Rpc::UpdateEvent,
    Rpc::CreateTournament,
    Rpc::UpdateTournament,
    Rpc::SetRegistrationOpen,
    Rpc::CreateToken,
    Rpc::ListTokens,
    Rpc::RevokeToken,
];

impl Rpc {
    fn class(self) -> Class {
        use Rpc::*;
        match self {
            GetEvent | ListTournaments | GetParticipant | FindParticipants | ListParticipants
            | Status => Class::Read,
            WhoAmI => Class::Anyone,
            Watch => Class::Watch,
            RegisterParticipant | UpdateParticipant | EnterTournament | SetRounds | CheckIn
            | LeaveTournament => Class::Register,
            Withdraw | Reinstate => Class::Withdraw,
            UpdateEvent | CreateTournament | UpdateTournament | SetRegistrationOpen => {
                Class::Configure
            }
            CreateToken | ListTokens | RevokeToken => Class::ManageTokens,
        }
    }

    fn mutates(self) -> bool {
        matches!(
            self.class(),
            Class::Register | Class::Configure | Class::Withdraw
        ) || matches!(self, Rpc::CreateToken | Rpc::RevokeToken)
    }
}

/// What one role's run works on, prepared by the director.
struct Fixture {
    main: u64,
    side: u64,
    config: u64,
    participant: u64,
    doomed_token: u64,
    label: String,
}

fn ok<T>(r: Result<tonic::Response<T>, Status>) -> Result<(), Status> {
    r.map(|_| ())
}

async fn call(rpc: Rpc, desk: &Desk, director: &Desk, fx: &Fixture) -> Result<(), Status> {
    let mut reg = desk.register.clone();
    let mut admin = desk.admin.clone();
    let entry = |tournament_id| pb::EntryRequest {
        meta: meta(),
        participant_id: fx.participant,
        tournament_id,
        expected_revision: 0,
    };
    match rpc {
        Rpc::GetEvent => ok(reg.get_event(pb::GetEventRequest {}).await),
        Rpc::ListTournaments => ok(reg.list_tournaments(pb::ListTournamentsRequest {}).await),
        Rpc::GetParticipant => desk.get(fx.participant).await.map(|_| ()),
        Rpc::FindParticipants => desk.find("Role").await.map(|_| ()),
        Rpc::ListParticipants => desk.list_all().await.map(|_| ()),
        Rpc::Status => desk.status().await.map(|_| ()),
        Rpc::WhoAmI => desk.who_am_i().await.map(|_| ()),
        Rpc::Watch => {
            let mut s = desk.watch(1).await?;
            s.message()
                .await?
                .ok_or_else(|| Status::internal("empty log"))
                .map(|_| ())
        }
        Rpc::RegisterParticipant => desk
            .register_player(player("Newcomer", &fx.label, "9k"), vec![enter(fx.main)])
            .await
            .map(|_| ()),
        Rpc::UpdateParticipant => {
            let current = director.get(fx.participant).await?;
            let fields = pb::ParticipantFields {
                notes: format!("edited by {}", fx.label),
                ..current.fields.unwrap()
            };
            desk.update_player(fx.participant, current.revision, fields)
                .await
                .map(|_| ())
        }
        Rpc::EnterTournament => ok(reg
            .enter_tournament(pb::EnterTournamentRequest {
                meta: meta(),
                participant_id: fx.participant,
                entry: Some(enter(fx.side)),
                expected_revision: 0,
            })
            .await),
        Rpc::SetRounds => ok(reg
            .set_rounds(pb::SetRoundsRequest {
                meta: meta(),
                participant_id: fx.participant,
                tournament_id: fx.main,
                rounds: vec![1, 2],
                expected_revision: 0,
            })
            .await),
        Rpc::CheckIn => ok(reg.check_in(entry(fx.main)).await),
        Rpc::Withdraw => ok(reg.withdraw(entry(fx.main)).await),
        Rpc::Reinstate => {
            // Reinstating needs a withdrawn entry: the director withdraws first when this role could not.
            let p = director.get(fx.participant).await?;
            let main = p
                .entries
                .iter()
                .find(|e| e.tournament_id == fx.main)
                .map(|e| e.status);
            if main != Some(pb::EntryStatus::Withdrawn as i32) {
                director.register.clone().withdraw(entry(fx.main)).await?;
            }
            ok(reg.reinstate(entry(fx.main)).await)
        }
        Rpc::LeaveTournament => {
            let p = director.get(fx.participant).await?;
            if !p.entries.iter().any(|e| e.tournament_id == fx.side) {
                director
                    .register
                    .clone()
                    .enter_tournament(pb::EnterTournamentRequest {
                        meta: meta(),
                        participant_id: fx.participant,
                        entry: Some(enter(fx.side)),
                        expected_revision: 0,
                    })
                    .await?;
            }
            ok(reg.leave_tournament(entry(fx.side)).await)
        }
        Rpc::UpdateEvent => ok(reg
            .update_event(pb::UpdateEventRequest {
                meta: meta(),
                event: Some(pb::EventInfo {
                    name: format!("Congress ({})", fx.label),
                    country: "FR".into(),
                    ..Default::default()
                }),
                expected_revision: 0,
            })
            .await),
        Rpc::CreateTournament => desk
            .create_tournament(&format!("Side {}", fx.label), 3)
            .await
            .map(|_| ()),
        Rpc::UpdateTournament => {
            let current = director
                .register
                .clone()
                .list_tournaments(pb::ListTournamentsRequest {})
                .await?
                .into_inner()
                .tournaments
                .into_iter()
                .find(|t| t.id == fx.config)
                .ok_or_else(|| Status::internal("config tournament missing"))?;
            ok(reg
                .update_tournament(pb::UpdateTournamentRequest {
                    meta: meta(),
                    id: fx.config,
                    expected_revision: current.revision,
                    settings: Some(pb::TournamentSettings {
                        name: format!("Renamed by {}", fx.label),
                        rounds: 4,
                        pairing_system: "swiss".into(),
                        ..Default::default()
                    }),
                })
                .await)
        }
        Rpc::SetRegistrationOpen => ok(reg
            .set_registration_open(pb::SetRegistrationOpenRequest {
                meta: meta(),
                tournament_id: fx.config,
                open: true,
                expected_revision: 0,
            })
            .await),
        Rpc::CreateToken => desk
            .create_token(&format!("made-by-{}", fx.label), pb::Role::Viewer)
            .await
            .map(|_| ()),
        Rpc::ListTokens => ok(admin.list_tokens(pb::ListTokensRequest {}).await),
        Rpc::RevokeToken => desk.revoke_token(fx.doomed_token).await.map(|_| ()),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_role_may_call_exactly_what_the_matrix_allows() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let main = director.create_tournament("Main", 5).await?.id;
    let side = director.create_tournament("Side", 3).await?.id;
    let mut cells = 0;
    for role in ROLES {
        let label = format!("{role:?}");
        let desk = venue.desk(&format!("desk-{label}"), role).await?;
        let config = director
            .create_tournament(&format!("Config {label}"), 3)
            .await?
            .id;
        let fields = pb::ParticipantFields {
            email: format!("{label}@example.org"),
            phone: "+44 20 7946 0000".into(),
            ..player("Role", &label, "3k")
        };
        let participant = director
            .register_player(fields, vec![enter(main)])
            .await?
            .id;
        let doomed_token = director
            .create_token(&format!("doomed-{label}"), pb::Role::Viewer)
            .await?
            .0
            .id;
        let fx = Fixture {
            main,
            side,
            config,
            participant,
            doomed_token,
            label: label.clone(),
        };
        for rpc in RPCS {
            let before_seq = director.last_seq().await?;
            let before = director.get(participant).await?;
            let result = call(rpc, &desk, &director, &fx).await;
            // `call` may let the director prepare (e.g. withdraw before a reinstate): measure from there.
            if allowed(role, rpc.class()) {
                assert!(result.is_ok(), "{role:?} may call {rpc:?}, got {result:?}");
            } else {
                assert_eq!(
                    code_of(&result),
                    Code::PermissionDenied,
                    "{role:?} must not call {rpc:?}: {result:?}"
                );
                let prepared = matches!(rpc, Rpc::Reinstate | Rpc::LeaveTournament);
                if !prepared {
                    assert_eq!(
                        director.last_seq().await?,
                        before_seq,
                        "refused {rpc:?} by {role:?} wrote to the log"
                    );
                    assert_eq!(
                        director.get(participant).await?,
                        before,
                        "refused {rpc:?} by {role:?} changed the player"
                    );
                }
            }
            if !rpc.mutates() && allowed(role, rpc.class()) {
                assert_eq!(
                    director.last_seq().await?,
                    before_seq,
                    "{rpc:?} is a read but wrote to the log"
                );
            }
            cells += 1;
        }
        // Reads and the log: private data and stored bytes only where the matrix says.
        let seen = desk.get(participant).await?.fields.unwrap();
        assert_eq!(
            !seen.email.is_empty(),
            allowed(role, Class::ReadPrivate),
            "{role:?} email: {seen:?}"
        );
        assert_eq!(
            !seen.phone.is_empty(),
            allowed(role, Class::ReadPrivate),
            "{role:?} phone"
        );
        let first = desk.watch(1).await?.message().await?.unwrap();
        assert_eq!(
            !first.payload.is_empty(),
            allowed(role, Class::Replicate),
            "{role:?} log payload"
        );
        let who = desk.who_am_i().await?;
        assert_eq!(
            (who.name.as_str(), who.role),
            (format!("desk-{label}").as_str(), role as i32)
        );
    }
    assert_eq!(cells, ROLES.len() * RPCS.len());
    Ok(())
}

/// For forbidden Reinstate/LeaveTournament the director prepared the state inside `call`; the refusal itself must
/// still change nothing, so check those two cells with the preparation done beforehand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_entry_changes_leave_the_entry_as_it_was() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let main = director.create_tournament("Main", 5).await?.id;
    let p = director
        .register_player(player("Kept", "As Is", "2k"), vec![enter(main)])
        .await?;
    let entry = |meta| pb::EntryRequest {
        meta,
        participant_id: p.id,
        tournament_id: main,
        expected_revision: 0,
    };
    director.register.clone().withdraw(entry(meta())).await?;
    for (name, role) in [
        ("screen", pb::Role::Viewer),
        ("results", pb::Role::Results),
        ("ref", pb::Role::Referee),
        ("standby", pb::Role::Replica),
    ] {
        let desk = venue.desk(name, role).await?;
        let before_seq = director.last_seq().await?;
        let before = director.get(p.id).await?;
        // The referee may reinstate a player who left (and withdraw one who leaves); the others may not.
        if role != pb::Role::Referee {
            let r = desk.register.clone().reinstate(entry(meta())).await;
            assert_eq!(code_of(&r), Code::PermissionDenied, "{role:?} reinstate");
        }
        let r = desk.register.clone().leave_tournament(entry(meta())).await;
        assert_eq!(code_of(&r), Code::PermissionDenied, "{role:?} leave");
        let r = desk.register.clone().check_in(entry(meta())).await;
        assert_eq!(code_of(&r), Code::PermissionDenied, "{role:?} check in");
        assert_eq!(director.last_seq().await?, before_seq);
        assert_eq!(director.get(p.id).await?, before);
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_without_a_valid_token_are_unauthenticated_and_change_nothing() -> anyhow::Result<()>
{
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let before = director.last_seq().await?;
    let channel = tls_channel(&venue.url(), venue.ca_pem()?, "localhost").await?;
    let bad = [
        ("no header", Bearer::none()),
        (
            "unknown token",
            Bearer::token("tgn_0000000000000000000000000000000000000000000000000000000000000000"),
        ),
        ("empty bearer", Bearer::raw("Bearer ")),
        // Issue 13: the header must read `Bearer <token>`; the bare secret is refused like a wrong one.
        (
            "director token without the Bearer prefix",
            Bearer::raw(venue.director_token()),
        ),
        ("basic auth", Bearer::raw("Basic ZGlyZWN0b3I6c2VjcmV0")),
        (
            "director token, mangled",
            Bearer::token(&format!("{}x", venue.director_token())),
        ),
    ];
    for (what, bearer) in bad {
        let mut reg =
            pb::register_client::RegisterClient::with_interceptor(channel.clone(), bearer.clone());
        let mut admin =
            pb::admin_client::AdminClient::with_interceptor(channel.clone(), bearer.clone());
        let mut log = pb::log_client::LogClient::with_interceptor(channel.clone(), bearer);
        let r = reg
            .register_participant(pb::RegisterParticipantRequest {
                meta: meta(),
                fields: Some(player("Sneaky", "Intruder", "5k")),
                ..Default::default()
            })
            .await;
        assert_eq!(code_of(&r), Code::Unauthenticated, "{what}: register {r:?}");
        let r = reg
            .list_participants(pb::ListParticipantsRequest::default())
            .await;
        assert_eq!(code_of(&r), Code::Unauthenticated, "{what}: list");
        let r = admin
            .create_token(pb::CreateTokenRequest {
                meta: meta(),
                name: "evil".into(),
                role: pb::Role::Director as i32,
            })
            .await;
        assert_eq!(code_of(&r), Code::Unauthenticated, "{what}: create token");
        let r = admin.who_am_i(pb::WhoAmIRequest {}).await;
        assert_eq!(code_of(&r), Code::Unauthenticated, "{what}: who am i");
        let r = log.watch(pb::WatchRequest { from_seq: 1 }).await;
        assert_eq!(code_of(&r), Code::Unauthenticated, "{what}: watch");
    }
    assert_eq!(director.last_seq().await?, before);
    assert!(director.list_all().await?.is_empty());
    // The scheme's case does not matter (RFC 6750).
    let lower = Bearer::raw(&format!("bearer {}", venue.director_token()));
    let who = pb::admin_client::AdminClient::with_interceptor(channel, lower)
        .who_am_i(pb::WhoAmIRequest {})
        .await?
        .into_inner();
    assert_eq!(who.role, pb::Role::Director as i32);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_token_is_refused_at_once() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let (info, secret) = director
        .create_token("desk-2", pb::Role::Registration)
        .await?;
    assert!(!secret.is_empty(), "the secret is shown once, on creation");
    let desk = venue.connect("desk-2", &secret).await?;
    desk.register_player(player("Before", "Revocation", "5k"), vec![])
        .await?;
    let mut watching = desk.watch(1).await?;
    assert!(watching.message().await?.is_some());

    let revoked = director.revoke_token(info.id).await?;
    assert!(revoked.revoked);
    let before = director.last_seq().await?;
    let r = desk
        .register_player(player("After", "Revocation", "5k"), vec![])
        .await;
    assert_eq!(code_of(&r), Code::Unauthenticated, "{r:?}");
    assert_eq!(code_of(&desk.who_am_i().await), Code::Unauthenticated);
    assert_eq!(code_of(&desk.list_all().await), Code::Unauthenticated);
    assert_eq!(code_of(&desk.watch(1).await), Code::Unauthenticated);
    // A fresh connection with the same secret is refused too.
    let again = venue.connect("desk-2", &secret).await?;
    assert_eq!(code_of(&again.who_am_i().await), Code::Unauthenticated);
    assert_eq!(director.last_seq().await?, before);
    let listed = director
        .admin
        .clone()
        .list_tokens(pb::ListTokensRequest {})
        .await?
        .into_inner()
        .tokens;
    let t = listed.iter().find(|t| t.id == info.id).unwrap();
    assert!(
        t.revoked && t.name == "desk-2",
        "the director's list shows it revoked: {t:?}"
    );
    // The other terminals are unaffected.
    let other = venue.desk("desk-3", pb::Role::Registration).await?;
    other
        .register_player(player("Still", "Working", "5k"), vec![])
        .await?;
    Ok(())
}

/// Change slips come from the anonymous public board; only the director sees them and accepts or rejects them.
/// Every other token is refused both RPCs with `PERMISSION_DENIED` and nothing is written; the director's calls
/// pass the role check (an unknown slip is `NOT_FOUND`). No token can be given the public board's role.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn change_slips_are_for_the_director_only() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let main = director.create_tournament("Main", 5).await?.id;
    director
        .register_player(player("Slip", "Subject", "4k"), vec![enter(main)])
        .await?;
    let list = |desk: &Desk, tournament_id| {
        let mut reg = desk.register.clone();
        async move {
            reg.list_slips(pb::ListSlipsRequest {
                tournament_id,
                include_resolved: true,
            })
            .await
            .map(|r| r.into_inner().slips)
        }
    };
    let resolve = |desk: &Desk, accept: bool| {
        let mut reg = desk.register.clone();
        async move {
            reg.resolve_slip(pb::ResolveSlipRequest {
                meta: meta(),
                slip_id: 1,
                accept,
                reason: if accept {
                    String::new()
                } else {
                    "not so".into()
                },
                expected_revision: 0,
            })
            .await
        }
    };
    for role in ROLES.into_iter().filter(|r| *r != pb::Role::Director) {
        let desk = venue.desk(&format!("slips-{role:?}"), role).await?;
        let before = director.last_seq().await?;
        for tournament in [0, main] {
            let r = list(&desk, tournament).await;
            assert_eq!(
                code_of(&r),
                Code::PermissionDenied,
                "{role:?} lists slips: {r:?}"
            );
        }
        for accept in [true, false] {
            let r = resolve(&desk, accept).await;
            assert_eq!(
                code_of(&r),
                Code::PermissionDenied,
                "{role:?} resolves a slip: {r:?}"
            );
        }
        assert_eq!(
            director.last_seq().await?,
            before,
            "{role:?}: refused calls wrote"
        );
    }
    assert!(list(&director, 0).await?.is_empty());
    assert!(list(&director, main).await?.is_empty());
    assert_eq!(code_of(&list(&director, 99).await), Code::NotFound);
    let before = director.last_seq().await?;
    for accept in [true, false] {
        let r = resolve(&director, accept).await;
        assert_eq!(
            code_of(&r),
            Code::NotFound,
            "the director resolves slip 1: {r:?}"
        );
    }
    let public = director.create_token("board", pb::Role::Public).await;
    assert_eq!(code_of(&public), Code::InvalidArgument, "{public:?}");
    assert_eq!(director.last_seq().await?, before, "nothing was written");
    Ok(())
}

/// The ids of the director tokens that still work, from the director's token list.
async fn working_director_tokens(director: &Desk) -> anyhow::Result<Vec<u64>> {
    let tokens = director
        .admin
        .clone()
        .list_tokens(pb::ListTokensRequest {})
        .await?
        .into_inner()
        .tokens;
    Ok(tokens
        .iter()
        .filter(|t| t.role == pb::Role::Director as i32 && !t.revoked)
        .map(|t| t.id)
        .collect())
}

/// Issue 13: the last director token that works cannot be revoked (that would lock everyone out for good); the
/// refusal says how to get past it. With a second director token the first may go.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_13_the_last_director_token_cannot_be_revoked() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let [first] = working_director_tokens(&director).await?[..] else {
        anyhow::bail!("one director token after the first start");
    };
    let before = director.last_seq().await?;
    let refused = director.revoke_token(first).await.unwrap_err();
    assert_eq!(refused.code(), Code::FailedPrecondition, "{refused:?}");
    assert!(
        refused.message().contains("last director token")
            && refused.message().contains("tengen-server token reset"),
        "{}",
        refused.message()
    );
    assert_eq!(director.last_seq().await?, before, "nothing was written");
    assert_eq!(code_of(&director.who_am_i().await), Code::Ok);

    let (second, secret) = director
        .create_token("director-2", pb::Role::Director)
        .await?;
    director.revoke_token(first).await?;
    assert_eq!(code_of(&director.who_am_i().await), Code::Unauthenticated);
    let director2 = venue.connect("director-2", &secret).await?;
    let r = director2.revoke_token(second.id).await;
    assert_eq!(code_of(&r), Code::FailedPrecondition, "{r:?}");
    assert_eq!(working_director_tokens(&director2).await?, vec![second.id]);
    Ok(())
}

/// Issue 13, the reproduction: a first start that cannot write `director.token` (a directory in its way) fails
/// and commits nothing; once the obstacle is gone the next start makes a working director token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_13_a_failed_first_start_never_locks_the_director_out() -> anyhow::Result<()> {
    let mut venue = Venue::unstarted()?;
    let in_the_way = venue.data_dir().join("director.token");
    std::fs::create_dir_all(&in_the_way)?;
    let failed = venue
        .restart()
        .await
        .expect_err("a first start that cannot write director.token fails");
    assert!(
        format!("{failed:#}").contains("director token"),
        "the failure names the token file: {failed:#}"
    );
    std::fs::remove_dir(&in_the_way)?;
    // `restart` waits until director.token holds a token the server accepts as the director's.
    venue.restart().await?;
    let director = venue.director().await?;
    assert_eq!(working_director_tokens(&director).await?.len(), 1);
    let first_entry = director.read_log(1).await?.remove(0);
    assert_eq!(first_entry.terminal, "server");
    assert!(
        venue.logs().contains("director token (shown once"),
        "the token is printed once"
    );
    Ok(())
}

/// Issue 13: server logs going to a file (here: the harness's log file, not a terminal) carry no ANSI colour
/// codes, whatever NO_COLOR says (the harness unsets it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_13_server_logs_off_a_terminal_have_no_colour_codes() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    director.create_tournament("Main", 5).await?;
    let logs = venue.logs();
    assert!(
        logs.contains("committed"),
        "the log lines are there: {logs}"
    );
    assert!(!logs.contains('\u{1b}'), "no escape codes: {logs:?}");
    Ok(())
}

/// Runs `tengen-server token reset --data DIR`: exit success, stdout, stderr.
fn token_reset(venue: &Venue) -> anyhow::Result<(bool, String, String)> {
    let out = std::process::Command::new(tengen_tests::server_binary()?)
        .args(["token", "reset", "--data"])
        .arg(venue.data_dir())
        .env_remove("TENGEN_DATA")
        .output()?;
    Ok((
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// Issue 13: `tengen-server token reset` on the server machine replaces a lost director token: refused while the
/// server runs, then (server stopped) every director token is revoked, a new one is written and printed, other
/// terminals keep working, and the log records the reset like any change.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_13_token_reset_replaces_a_lost_director_token() -> anyhow::Result<()> {
    let mut venue = Venue::start().await?;
    let director = venue.director().await?;
    let old = venue.director_token().to_string();
    let (_, spare) = director
        .create_token("spare-director", pb::Role::Director)
        .await?;
    let (_, desk_secret) = director
        .create_token("reg-1", pb::Role::Registration)
        .await?;
    let before = director.last_seq().await?;

    let (ok, _, stderr) = token_reset(&venue)?;
    assert!(!ok, "refused while the server holds the data directory");
    assert!(stderr.contains("stop the server"), "{stderr}");
    assert_eq!(director.last_seq().await?, before, "nothing was written");
    assert_eq!(code_of(&director.who_am_i().await), Code::Ok);

    venue.kill9()?;
    std::fs::remove_file(venue.data_dir().join("director.token"))?; // lost
    let (ok, stdout, stderr) = token_reset(&venue)?;
    assert!(ok, "{stdout}{stderr}");
    assert!(stdout.contains("revoked 2 director token(s)"), "{stdout}");
    let new = std::fs::read_to_string(venue.data_dir().join("director.token"))?
        .trim()
        .to_string();
    assert!(new.starts_with("tgn_") && new != old, "{new}");
    assert!(stdout.contains(&new), "the new token is printed: {stdout}");

    venue.restart().await?; // waits until the new director.token is accepted as the director's
    let director = venue.director().await?;
    for stale in [&old, &spare] {
        let r = venue.connect("stale", stale).await?.who_am_i().await;
        assert_eq!(code_of(&r), Code::Unauthenticated, "{r:?}");
    }
    let desk = venue.connect("reg-1", &desk_secret).await?;
    desk.register_player(player("Still", "Working", "5k"), vec![])
        .await?;
    let log = director.read_log(before + 1).await?;
    let reset = &log[before as usize];
    assert_eq!(reset.terminal, "offline-reset");
    let kinds: Vec<&str> = reset.events.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(kinds, ["TokenRevoked", "TokenRevoked", "TokenCreated"]);
    assert_eq!(working_director_tokens(&director).await?.len(), 1);
    Ok(())
}
