//! The `Register` service: the event, tournaments and participants, and the change slips players send about their
//! entries from the public board (a slip is accepted through the register's normal participant update).

use super::convert::{self, fields_from_pb, participant_to_pb, settings_from_pb};
use super::{
    any_revision, invalid, participant_answer, read_rpc, tournament_answer, write_rpc, Core,
    Decoded, Target,
};
use crate::auth::{caller, Action, Caller};
use crate::domain::{
    Command, EnterSpec, ParticipantId, Rejected, Revision, SlipId, Subject, TournamentId,
};
use std::sync::Arc;
use tengen_proto::v1 as pb;
use tengen_proto::v1::register_server::Register;
use tonic::{Request, Response, Status};

/// Default and maximum page sizes.
const FIND_DEFAULT: usize = 20;
const FIND_MAX: usize = 500;
const LIST_MAX: usize = 1000;

/// Serves `tengen.v1.Register`.
pub struct RegisterService {
    core: Arc<Core>,
}

impl RegisterService {
    /// A service over the shared core.
    pub fn new(core: Arc<Core>) -> Self {
        RegisterService { core }
    }
}

fn rounds(list: Vec<u32>) -> Option<Vec<u32>> {
    (!list.is_empty()).then_some(list)
}

fn enter_spec(e: pb::EnterSpec) -> EnterSpec {
    EnterSpec {
        tournament: TournamentId(e.tournament_id),
        rounds: rounds(e.rounds),
    }
}

/// The command a `RegisterParticipant` request asks for, and its meta (also what a dry run checks).
pub(crate) fn register_command(
    r: pb::RegisterParticipantRequest,
) -> Result<(Option<pb::RequestMeta>, Command), Status> {
    let cmd = Command::RegisterParticipant {
        fields: fields_from_pb(r.fields).map_err(invalid)?,
        enter: r.enter.into_iter().map(enter_spec).collect(),
        check_in: r.check_in,
        different_person: r.different_person,
    };
    Ok((r.meta, cmd))
}

impl RegisterService {
    /// A command about one participant's entry (leave, check in, withdraw, reinstate), answered with the
    /// participant.
    async fn participant_command(
        &self,
        req: Request<pb::EntryRequest>,
        make: impl FnOnce(ParticipantId, TournamentId, Option<Revision>) -> Command,
    ) -> Result<Response<pb::Participant>, Status> {
        let decode = |_: &Caller, r: pb::EntryRequest| {
            let id = ParticipantId(r.participant_id);
            let tournament = TournamentId(r.tournament_id);
            let cmd = make(id, tournament, any_revision(r.expected_revision));
            Ok(Decoded::new(r.meta, cmd, Target::Participant(id)))
        };
        write_rpc(&self.core, req, decode, participant_answer).await
    }
}

#[tonic::async_trait]
impl Register for RegisterService {
    async fn get_event(
        &self,
        req: Request<pb::GetEventRequest>,
    ) -> Result<Response<pb::EventInfo>, Status> {
        let decode = |_: &Caller, _: pb::GetEventRequest| Ok(());
        read_rpc(&self.core, req, decode, |s, ()| {
            Ok(convert::event_to_pb(&s.event))
        })
    }

    async fn update_event(
        &self,
        req: Request<pb::UpdateEventRequest>,
    ) -> Result<Response<pb::EventInfo>, Status> {
        let decode = |_: &Caller, r: pb::UpdateEventRequest| {
            let cmd = Command::UpdateEvent {
                event: convert::event_from_pb(r.event).map_err(invalid)?,
                expected: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Event))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            match outcome.subject {
                Some(Subject::Event(e)) => Ok(convert::event_to_pb(&e)),
                _ => Err(Status::internal(
                    "the command did not answer with the event",
                )),
            }
        })
        .await
    }

    async fn create_tournament(
        &self,
        req: Request<pb::CreateTournamentRequest>,
    ) -> Result<Response<pb::Tournament>, Status> {
        let decode = |_: &Caller, r: pb::CreateTournamentRequest| {
            // Left unset, double entry is decided by the writer (on for the event's first tournament), so the
            // command a retry sends is the one first sent, whatever tournaments were created in between.
            let double_entry_unset = r
                .settings
                .as_ref()
                .and_then(|s| s.scoring.as_ref())
                .is_none_or(|sc| sc.double_entry.is_none());
            let cmd = Command::CreateTournament {
                settings: settings_from_pb(r.settings, false).map_err(invalid)?,
                double_entry_unset,
            };
            Ok(Decoded::new(r.meta, cmd, Target::None))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            tournament_answer(&outcome)
        })
        .await
    }

    async fn update_tournament(
        &self,
        req: Request<pb::UpdateTournamentRequest>,
    ) -> Result<Response<pb::Tournament>, Status> {
        let decode = |_: &Caller, r: pb::UpdateTournamentRequest| {
            let id = TournamentId(r.id);
            let double_entry = self
                .core
                .read(|s| convert::double_entry_default(s, Some(id)))?;
            let cmd = Command::UpdateTournament {
                id,
                expected: Revision(r.expected_revision),
                settings: settings_from_pb(r.settings, double_entry).map_err(invalid)?,
            };
            Ok(Decoded::new(r.meta, cmd, Target::Tournament(id)))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            tournament_answer(&outcome)
        })
        .await
    }

    async fn set_registration_open(
        &self,
        req: Request<pb::SetRegistrationOpenRequest>,
    ) -> Result<Response<pb::Tournament>, Status> {
        let decode = |_: &Caller, r: pb::SetRegistrationOpenRequest| {
            let id = TournamentId(r.tournament_id);
            let cmd = Command::SetRegistrationOpen {
                id,
                open: r.open,
                expected: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Tournament(id)))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            tournament_answer(&outcome)
        })
        .await
    }

    async fn move_round_start(
        &self,
        req: Request<pb::MoveRoundStartRequest>,
    ) -> Result<Response<pb::Tournament>, Status> {
        let decode = |_: &Caller, r: pb::MoveRoundStartRequest| {
            let id = TournamentId(r.tournament_id);
            let cmd = Command::MoveRoundStart {
                id,
                round: r.round,
                start: r.start,
                expected: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Tournament(id)))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            tournament_answer(&outcome)
        })
        .await
    }

    async fn list_tournaments(
        &self,
        req: Request<pb::ListTournamentsRequest>,
    ) -> Result<Response<pb::ListTournamentsResponse>, Status> {
        let decode = |_: &Caller, _: pb::ListTournamentsRequest| Ok(());
        read_rpc(&self.core, req, decode, |s, ()| {
            let tournaments = s
                .tournaments
                .values()
                .map(convert::tournament_to_pb)
                .collect();
            Ok(pb::ListTournamentsResponse { tournaments })
        })
    }

    async fn register_participant(
        &self,
        req: Request<pb::RegisterParticipantRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        let decode = |_: &Caller, r| {
            let (meta, cmd) = register_command(r)?;
            Ok(Decoded::new(meta, cmd, Target::None))
        };
        write_rpc(&self.core, req, decode, participant_answer).await
    }

    type CheckRegistrationsStream = super::dry_run::Checks;

    async fn check_registrations(
        &self,
        req: Request<tonic::Streaming<pb::RegisterParticipantRequest>>,
    ) -> Result<Response<Self::CheckRegistrationsStream>, Status> {
        let caller = caller(&req)?;
        caller.require(Action::Register)?;
        let checks = super::dry_run::check_registrations(&self.core, caller, req.into_inner())?;
        Ok(Response::new(checks))
    }

    async fn update_participant(
        &self,
        req: Request<pb::UpdateParticipantRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        let decode = |caller: &Caller, r: pb::UpdateParticipantRequest| {
            if r.expected_revision == 0 {
                return Err(Status::invalid_argument(
                    "expected_revision is required: send the revision you edited",
                ));
            }
            let id = ParticipantId(r.id);
            let mut fields = fields_from_pb(r.fields).map_err(invalid)?;
            if !caller.sees_private() {
                // Cannot happen with today's matrix (only desks edit), but never let a blind edit wipe contact data.
                self.core.read(|s| {
                    if let Some(p) = s.participants.get(&id) {
                        fields.email = p.fields.email.clone();
                        fields.phone = p.fields.phone.clone();
                        fields.birth_year = p.fields.birth_year;
                    }
                })?;
            }
            let cmd = Command::UpdateParticipant {
                id,
                expected: Revision(r.expected_revision),
                fields,
                different_person: r.different_person,
            };
            Ok(Decoded::new(r.meta, cmd, Target::Participant(id)))
        };
        write_rpc(&self.core, req, decode, participant_answer).await
    }

    async fn enter_tournament(
        &self,
        req: Request<pb::EnterTournamentRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        let decode = |_: &Caller, r: pb::EnterTournamentRequest| {
            let id = ParticipantId(r.participant_id);
            let entry = r
                .entry
                .ok_or_else(|| Status::invalid_argument("entry: missing"))?;
            let cmd = Command::EnterTournament {
                id,
                entry: enter_spec(entry),
                expected: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Participant(id)))
        };
        write_rpc(&self.core, req, decode, participant_answer).await
    }

    async fn leave_tournament(
        &self,
        req: Request<pb::EntryRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        self.participant_command(req, |id, tournament, expected| Command::LeaveTournament {
            id,
            tournament,
            expected,
        })
        .await
    }

    async fn set_rounds(
        &self,
        req: Request<pb::SetRoundsRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        let decode = |_: &Caller, r: pb::SetRoundsRequest| {
            let id = ParticipantId(r.participant_id);
            let cmd = Command::SetRounds {
                id,
                tournament: TournamentId(r.tournament_id),
                rounds: rounds(r.rounds),
                expected: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Participant(id)))
        };
        write_rpc(&self.core, req, decode, participant_answer).await
    }

    async fn record_payment(
        &self,
        req: Request<pb::RecordPaymentRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        let decode = |_: &Caller, r: pb::RecordPaymentRequest| {
            let id = ParticipantId(r.participant_id);
            let method = crate::domain::PayMethod::parse(&r.method).ok_or_else(|| {
                invalid(Rejected::invalid(
                    "method",
                    "choose cash, card, transfer, prepaid or waived",
                ))
            })?;
            let cmd = Command::RecordPayment {
                id,
                cents: r.cents,
                method,
                note: r.note,
                expected: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Participant(id)))
        };
        // The answer carries the account the payment leaves, so the desk shows what is still to pay.
        let core = &self.core;
        let encode = |caller: &Caller, outcome: crate::log::Outcome| {
            let mut answer = participant_answer(caller, outcome)?;
            core.read(|s| {
                if let Some(p) = s.participants.get(&ParticipantId(answer.id)) {
                    answer.account =
                        Some(convert::account_to_pb(s, &crate::app::fees::account(s, p)));
                    answer.payments = convert::payments_to_pb(p);
                }
            })
            .map_err(|_| Status::unavailable("the server is busy; the payment is recorded"))?;
            Ok(answer)
        };
        write_rpc(&self.core, req, decode, encode).await
    }

    async fn check_in(
        &self,
        req: Request<pb::EntryRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        self.participant_command(req, |id, tournament, expected| Command::CheckIn {
            id,
            tournament: (tournament.0 != 0).then_some(tournament),
            expected,
        })
        .await
    }

    async fn withdraw(
        &self,
        req: Request<pb::EntryRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        self.participant_command(req, |id, tournament, expected| Command::Withdraw {
            id,
            tournament,
            expected,
        })
        .await
    }

    async fn reinstate(
        &self,
        req: Request<pb::EntryRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        self.participant_command(req, |id, tournament, expected| Command::Reinstate {
            id,
            tournament,
            expected,
        })
        .await
    }

    async fn get_participant(
        &self,
        req: Request<pb::GetParticipantRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        let decode = |caller: &Caller, r: pb::GetParticipantRequest| {
            Ok((
                ParticipantId(r.id),
                caller.sees_private(),
                caller.sees_money(),
            ))
        };
        read_rpc(&self.core, req, decode, |s, (id, private, money)| {
            let p = s
                .participants
                .get(&id)
                .ok_or_else(|| Status::not_found(format!("no participant {id}")))?;
            let mut answer = participant_to_pb(p, private);
            if money {
                let account = crate::app::fees::account(s, p);
                answer.account = Some(convert::account_to_pb(s, &account));
                answer.payments = convert::payments_to_pb(p);
            }
            Ok(answer)
        })
    }

    async fn find_participants(
        &self,
        req: Request<pb::FindParticipantsRequest>,
    ) -> Result<Response<pb::ParticipantList>, Status> {
        let decode = |caller: &Caller, r: pb::FindParticipantsRequest| {
            if r.query.chars().count() > 200 {
                return Err(Status::invalid_argument("query: at most 200 characters"));
            }
            let limit = match r.limit as usize {
                0 => FIND_DEFAULT,
                n => n.min(FIND_MAX),
            };
            Ok((r.query, limit, caller.sees_private()))
        };
        read_rpc(&self.core, req, decode, |s, (query, limit, private)| {
            let participants = s
                .find(&query, limit)
                .into_iter()
                .map(|p| participant_to_pb(p, private))
                .collect();
            Ok(pb::ParticipantList {
                participants,
                next_after_id: 0,
            })
        })
    }

    async fn list_participants(
        &self,
        req: Request<pb::ListParticipantsRequest>,
    ) -> Result<Response<pb::ParticipantList>, Status> {
        let decode = |caller: &Caller, r: pb::ListParticipantsRequest| {
            let status = convert::status_from_pb(r.status).map_err(invalid)?;
            Ok((r, status, caller.sees_private()))
        };
        read_rpc(&self.core, req, decode, |s, (r, status, private)| {
            let tournament = (r.tournament_id != 0).then_some(TournamentId(r.tournament_id));
            let limit = match r.limit as usize {
                0 => LIST_MAX,
                n => n.min(LIST_MAX),
            };
            if let Some(t) = tournament {
                if !s.tournaments.contains_key(&t) {
                    return Err(Status::not_found(format!("no tournament {t}")));
                }
            }
            let page = s.list(
                tournament,
                status,
                &r.club,
                ParticipantId(r.after_id),
                limit + 1,
            );
            let more = page.len() > limit;
            let page: Vec<_> = page.into_iter().take(limit).collect();
            let next = if more {
                page.last().map_or(0, |p| p.id.0)
            } else {
                0
            };
            Ok(pb::ParticipantList {
                participants: page
                    .into_iter()
                    .map(|p| participant_to_pb(p, private))
                    .collect(),
                next_after_id: next,
            })
        })
    }

    async fn list_slips(
        &self,
        req: Request<pb::ListSlipsRequest>,
    ) -> Result<Response<pb::ListSlipsResponse>, Status> {
        caller(&req)?.require(Action::ResolveSlips)?;
        let r = req.get_ref();
        let tournament = (r.tournament_id != 0).then_some(TournamentId(r.tournament_id));
        let slips = self.core.read(|s| {
            if let Some(t) = tournament {
                if !s.tournaments.contains_key(&t) {
                    return Err(invalid(Rejected::UnknownTournament(t)));
                }
            }
            Ok(s.slips
                .values()
                .filter(|slip| tournament.is_none_or(|t| slip.tournament == t))
                .filter(|slip| r.include_resolved || slip.is_pending())
                .map(|slip| convert::slip_to_pb(s, slip))
                .collect())
        })??;
        Ok(Response::new(pb::ListSlipsResponse { slips }))
    }

    async fn resolve_slip(
        &self,
        req: Request<pb::ResolveSlipRequest>,
    ) -> Result<Response<pb::Slip>, Status> {
        let decode = |_: &Caller, r: pb::ResolveSlipRequest| {
            let id = SlipId(r.slip_id);
            // A stale revision answers with the participant the slip is about, as a participant edit does.
            let target = self
                .core
                .read(|s| s.slips.get(&id).map(|slip| slip.participant))?
                .map_or(Target::None, Target::Participant);
            let cmd = Command::ResolveSlip {
                slip: id,
                accept: r.accept,
                reason: r.reason,
                expected_revision: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, target))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            match &outcome.subject {
                Some(Subject::Slip(slip)) => {
                    Ok(self.core.read(|s| convert::slip_to_pb(s, slip))?)
                }
                _ => Err(Status::internal("the command did not answer with a slip")),
            }
        })
        .await
    }
}
