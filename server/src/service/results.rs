//! The `Results` service: results desks enter results, the referee reports no-shows, late starts and disputes,
//! everyone may follow a round's progress and print sheets. Decides nothing itself: reports go through the
//! writer (the domain confirms them), progress and sheets read the applied state.

use super::convert::{game_to_pb, result_from_pb, round_state_to_pb};
use super::{invalid, read_rpc, round_or_last, write_rpc, Core, Decoded, Target};
use crate::auth::Caller;
use crate::domain::command::RefereeReport;
use crate::domain::error::quote;
use crate::domain::lifecycle::progress_counts;
use crate::domain::round::RoundRecord;
use crate::domain::{Command, ParticipantId, Rejected, State, Subject, TournamentId};
use crate::log::Outcome;
use std::sync::Arc;
use tengen_proto::v1 as pb;
use tengen_proto::v1::results_server::Results;
use tonic::{Request, Response, Status};

/// Serves `tengen.v1.Results`.
pub struct ResultsService {
    core: Arc<Core>,
}

impl ResultsService {
    /// A service over the shared core.
    pub fn new(core: Arc<Core>) -> Self {
        ResultsService { core }
    }

    /// The game at `table` of the round an outcome answers with.
    fn game_answer(&self, outcome: &Outcome, table: u32) -> Result<pb::Game, Status> {
        let Some(Subject::Game(t, n, game)) = &outcome.subject else {
            return Err(Status::internal("the command did not answer with a game"));
        };
        if game.table != table {
            return Err(Status::internal("the command answered with another table"));
        }
        Ok(self.core.read(|s| game_to_pb(s, *t, *n, game))?)
    }
}

/// A referee report from the wire.
fn referee_from_pb(
    r: Option<pb::referee_report_request::Report>,
) -> Result<RefereeReport, Rejected> {
    use pb::referee_report_request::Report as R;
    Ok(
        match r.ok_or_else(|| Rejected::invalid("report", "missing"))? {
            R::NoShow(id) => RefereeReport::NoShow {
                absent: ParticipantId(id),
            },
            R::BothAbsent(true) => RefereeReport::BothAbsent,
            R::BothAbsent(false) => {
                return Err(Rejected::invalid(
                    "both_absent",
                    "send true to report both players absent",
                ))
            }
            R::LateStart(l) => RefereeReport::LateStart {
                player: ParticipantId(l.player),
                minutes: l.minutes,
            },
            R::Dispute(d) => RefereeReport::Dispute {
                disputed: d.disputed,
                note: d.note,
            },
            R::Black(id) => RefereeReport::Colours {
                black: ParticipantId(id),
            },
        },
    )
}

/// Score groups for the next round and whether each can be drawn already (the domain's `readiness`); empty
/// before publishing, after the last round, or once the next round is drawn whole.
fn readiness(state: &State, t: TournamentId, r: &RoundRecord) -> Vec<pb::ScoreGroupReadiness> {
    crate::domain::lifecycle::partial::readiness(state, t, r.number + 1)
        .into_iter()
        .map(|g| pb::ScoreGroupReadiness {
            mms_half: g.mms_half,
            players: g.players as u32,
            complete: g.complete,
            settled: g.settled,
        })
        .collect()
}

fn progress_of(state: &State, t: TournamentId, n: u32) -> Result<pb::RoundProgress, Status> {
    let r = round_or_last(state, t, n)?;
    let c = progress_counts(r);
    let mut open: Vec<_> = r.open_games().into_iter().map(|(g, _)| g).collect();
    open.sort_by_key(|g| g.table);
    Ok(pb::RoundProgress {
        tournament_id: t.0,
        round: r.number,
        state: round_state_to_pb(r.state) as i32,
        confirmed: c.confirmed,
        pending: c.pending,
        missing: c.missing,
        mismatched: c.mismatched,
        disputed: c.disputed,
        open: open
            .into_iter()
            .map(|g| game_to_pb(state, t, r.number, g))
            .collect(),
        groups: readiness(state, t, r),
        forfeit_minutes: state
            .tournaments
            .get(&t)
            .map_or(0, |x| x.settings.scoring.forfeit_minutes),
    })
}

#[tonic::async_trait]
impl Results for ResultsService {
    async fn report_result(
        &self,
        req: Request<pb::ReportResultRequest>,
    ) -> Result<Response<pb::Game>, Status> {
        let table = req.get_ref().table;
        let decode = |_: &Caller, r: pb::ReportResultRequest| {
            let t = TournamentId(r.tournament_id);
            let cmd = Command::ReportResult {
                tournament: t,
                round: r.round,
                table: r.table,
                result: result_from_pb(r.result).map_err(invalid)?,
                black: (r.black != 0).then_some(ParticipantId(r.black)),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Rounds(t)))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            self.game_answer(&outcome, table)
        })
        .await
    }

    async fn referee_report(
        &self,
        req: Request<pb::RefereeReportRequest>,
    ) -> Result<Response<pb::Game>, Status> {
        let table = req.get_ref().table;
        let decode = |_: &Caller, r: pb::RefereeReportRequest| {
            let t = TournamentId(r.tournament_id);
            let cmd = Command::RefereeReport {
                tournament: t,
                round: r.round,
                table: r.table,
                report: referee_from_pb(r.report).map_err(invalid)?,
            };
            Ok(Decoded::new(r.meta, cmd, Target::Rounds(t)))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            self.game_answer(&outcome, table)
        })
        .await
    }

    async fn progress(
        &self,
        req: Request<pb::ProgressRequest>,
    ) -> Result<Response<pb::RoundProgress>, Status> {
        let decode =
            |_: &Caller, r: pb::ProgressRequest| Ok((TournamentId(r.tournament_id), r.round));
        read_rpc(&self.core, req, decode, |s, (t, round)| {
            progress_of(s, t, round)
        })
    }

    async fn sheet(
        &self,
        req: Request<pb::SheetRequest>,
    ) -> Result<Response<pb::Document>, Status> {
        let decode = |caller: &Caller, r: pb::SheetRequest| {
            let html = match r.format.trim().to_ascii_lowercase().as_str() {
                "" | "text" => false,
                "html" => true,
                other => {
                    return Err(invalid(Rejected::invalid(
                        "format",
                        format!("{} is not a sheet format: use text or html", quote(other)),
                    )))
                }
            };
            Ok((r, html, caller.clone()))
        };
        read_rpc(&self.core, req, decode, |s, (r, html, caller)| {
            let t = TournamentId(r.tournament_id);
            let doc = crate::app::documents::render(
                s,
                &caller,
                t,
                &r.kind,
                r.round,
                html,
                crate::lang::Lang::En,
            )
            .map_err(Status::from)?;
            Ok(pb::Document {
                title: doc.title,
                content_type: doc.content_type,
                body: doc.body,
                encoding: doc.encoding,
                file_name: doc.file_name,
            })
        })
    }
}
