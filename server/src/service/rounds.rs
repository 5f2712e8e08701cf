//! The `Rounds` service: the tournament director's day. Player numbers, entry options and rank changes, McMahon
//! suggestions, drawing, publishing, editing and closing rounds (director only), and the reads every role may
//! make: rounds, numbers, standings and why one player is above another.
//! Decides nothing itself: changes go through the writer, reads through `Field` on the applied state.

use super::convert::{self, criteria_from_pb, numbers_to_pb, player_ref, round_to_pb};
use super::{
    any_revision, invalid, participant_answer, read_rpc, round_answer, round_or_last, write_rpc,
    Core, Decoded, Target,
};
use crate::auth::Caller;
use crate::domain::command::{DrawPart, RoundEdit};
use crate::domain::field::participant_id;
use crate::domain::lifecycle::progress_counts;
use crate::domain::round::RoundRecord;
use crate::domain::{
    setup, Command, EntryStatus, ParticipantId, Rank, Rejected, State, Subject, Tournament,
    TournamentId,
};
use std::collections::BTreeMap;
use std::sync::Arc;
use tengen_proto::v1 as pb;
use tengen_proto::v1::rounds_server::Rounds;
use tengen_standings::placing::{Row, Standings};
use tengen_standings::value::Value;
use tonic::{Request, Response, Status};

/// Sections suggested when the request leaves the number out.
const DEFAULT_SECTIONS: usize = 3;

/// Serves `tengen.v1.Rounds`.
pub struct RoundsService {
    core: Arc<Core>,
}

impl RoundsService {
    /// A service over the shared core.
    pub fn new(core: Arc<Core>) -> Self {
        RoundsService { core }
    }
}

fn tournament(state: &State, t: TournamentId) -> Result<&Tournament, Status> {
    state
        .tournaments
        .get(&t)
        .ok_or_else(|| invalid(Rejected::UnknownTournament(t)))
}

/// A manual round edit from the wire.
fn edit_from_pb(e: Option<pb::edit_round_request::Edit>) -> Result<RoundEdit, Rejected> {
    use pb::edit_round_request::Edit as E;
    let id = ParticipantId;
    let stones =
        |h: u32| u8::try_from(h).map_err(|_| Rejected::invalid("handicap", "at most 9 stones"));
    Ok(
        match e.ok_or_else(|| Rejected::invalid("edit", "missing"))? {
            E::Pair(p) => RoundEdit::Pair {
                a: id(p.a),
                b: id(p.b),
                white: (p.white != 0).then_some(id(p.white)),
                handicap: p.handicap.map(stones).transpose()?,
                table: p.table,
                force: p.force,
            },
            E::Unpair(p) => RoundEdit::Unpair { player: id(p) },
            E::Swap(s) => RoundEdit::Swap {
                a: id(s.a),
                b: id(s.b),
                force: s.force,
            },
            E::ExchangeColours(p) => RoundEdit::ExchangeColours { player: id(p) },
            E::SetHandicap(h) => RoundEdit::SetHandicap {
                player: id(h.player),
                handicap: stones(h.handicap)?,
            },
            E::SetTable(t) => RoundEdit::SetTable {
                player: id(t.player),
                table: t.table,
            },
            E::AssignBye(b) => RoundEdit::AssignBye {
                player: id(b.player),
                force: b.force,
            },
            E::MarkAbsent(p) => RoundEdit::MarkAbsent { player: id(p) },
        },
    )
}

/// The round a draw request without a number means: the last one for a redraw, else the next one.
fn default_draw_round(state: &State, t: TournamentId, redraw: bool) -> u32 {
    let drawn = state.play.get(&t).map_or(0, |p| p.rounds.len() as u32);
    if redraw {
        drawn.max(1)
    } else {
        drawn + 1
    }
}

/// Standings of `t` after `after` (0 = the last round with a result) with an optional tie-break override.
fn standings_of(
    state: &State,
    t: TournamentId,
    after: u32,
    tiebreaks: &[String],
) -> Result<(Standings, u32), Status> {
    tournament(state, t)?;
    let criteria = criteria_from_pb(tiebreaks).map_err(invalid)?;
    crate::app::explain::standings(state, t, after, criteria.as_deref()).map_err(invalid)
}

fn value_to_pb(v: Option<Value>, text: String) -> pb::Value {
    match v {
        Some(v) => pb::Value {
            numerator: v.numer(),
            denominator: v.denom(),
            text,
        },
        None => pb::Value::default(),
    }
}

fn row_to_pb(
    state: &State,
    t: TournamentId,
    after: u32,
    st: &Standings,
    row: &Row,
) -> pb::StandingRow {
    let mut player = player_ref(state, t, participant_id(row.player), after.max(1));
    player.number = row.number;
    pb::StandingRow {
        place: row.place,
        shared: row.shared,
        player: Some(player),
        starting_mms_half: row.starting_mms.0,
        mms_half: row.mms.0,
        grid_mms_half: (row.grid_mms != row.mms).then_some(row.grid_mms.0),
        wins_half: row.wins.0,
        values: row
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| value_to_pb(*v, st.value_text(i, *v)))
            .collect(),
    }
}

fn standings_to_pb(state: &State, t: TournamentId, after: u32, st: &Standings) -> pb::Standings {
    use crate::app::prizes::{prize_giving, Prize, PrizeKind};
    let given = match crate::app::roster::Roster::new(state, t) {
        Ok(roster) => prize_giving(&roster, st, after),
        Err(_) => Vec::new(),
    };
    let prize_to_pb = |p: &Prize| pb::Prize {
        participant_id: p.player.0,
        place: p.place,
        cents: p.amount.0,
        kind: match p.kind {
            PrizeKind::Place | PrizeKind::Section(_) => String::new(),
            other => other.as_str().to_string(),
        },
        wins_half: match p.kind {
            PrizeKind::Wins(w) => w,
            _ => 0,
        },
        rank: match p.kind {
            PrizeKind::BelowRank(r) => r.to_string(),
            _ => String::new(),
        },
        shared_by: p.shared_by,
        label: p.label(&st.sections),
    };
    let of_kind = |keep: &dyn Fn(PrizeKind) -> bool| -> Vec<pb::Prize> {
        given
            .iter()
            .filter(|p| keep(p.kind))
            .map(prize_to_pb)
            .collect()
    };
    pb::Standings {
        tournament_id: t.0,
        after_round: after,
        criteria: st.criteria.iter().map(|c| c.name()).collect(),
        rows: st
            .rows
            .iter()
            .map(|r| row_to_pb(state, t, after, st, r))
            .collect(),
        sections: st
            .sections
            .iter()
            .enumerate()
            .map(|(i, s)| pb::StandingSection {
                starting_mms_half: s.starting_mms.0,
                rows: s
                    .rows
                    .iter()
                    .map(|r| row_to_pb(state, t, after, st, r))
                    .collect(),
                winners: s
                    .winners()
                    .into_iter()
                    .map(|p| participant_id(p).0)
                    .collect(),
                lowest_rank: s.lowest_rank.map(|r| r.to_string()).unwrap_or_default(),
                group: s.group.unwrap_or(0),
                prizes: of_kind(&|k| k == PrizeKind::Section(i)),
            })
            .collect(),
        prizes: of_kind(&|k| k == PrizeKind::Place),
        special_prizes: of_kind(&|k| !matches!(k, PrizeKind::Place | PrizeKind::Section(_))),
    }
}

fn explain_to_pb(
    state: &State,
    t: TournamentId,
    st: &Standings,
    a: ParticipantId,
    b: ParticipantId,
) -> Result<pb::Explanation, Status> {
    use crate::app::explain::{order, ExplainError};
    let o = order(state, t, st, a, b).map_err(|e| match e {
        ExplainError::Rejected(r) => invalid(r),
        ExplainError::NotFound(what) => Status::not_found(what),
    })?;
    let e = &o.explanation;
    let separated = e.separated_by.as_ref();
    Ok(pb::Explanation {
        higher: o.higher.0,
        lower: o.lower.0,
        higher_place: e.places.0,
        lower_place: e.places.1,
        criterion: separated.map(|(c, _, _)| c.name()).unwrap_or_default(),
        higher_value: separated.map(|(_, h, _)| value_to_pb(Some(*h), h.to_string())),
        lower_value: separated.map(|(_, _, l)| value_to_pb(Some(*l), l.to_string())),
        text: o.text,
    })
}

/// The McMahon suggestion for the checked-in field (ghosts left out: they only even the numbers).
fn suggest(state: &State, t: TournamentId, sections: u32) -> Result<pb::McMahonSuggestion, Status> {
    let tour = tournament(state, t)?;
    let rounds = tour.settings.rounds;
    let ranks: Vec<Rank> = state
        .participants
        .values()
        .filter(|p| {
            p.entries
                .get(&t)
                .is_some_and(|e| e.status == EntryStatus::CheckedIn && !e.ghost)
        })
        .map(|p| p.fields.rank)
        .collect();
    let mut counts: BTreeMap<Rank, u32> = BTreeMap::new();
    for r in &ranks {
        *counts.entry(*r).or_default() += 1;
    }
    let (min, max) = setup::top_group_size(rounds);
    let bar = setup::suggest_bar(&ranks, rounds);
    let groups = if sections == 0 {
        DEFAULT_SECTIONS
    } else {
        sections as usize
    };
    Ok(pb::McMahonSuggestion {
        field: counts
            .iter()
            .rev()
            .map(|(r, n)| pb::RankCount {
                rank: r.to_string(),
                players: *n,
            })
            .collect(),
        top_group_min: min,
        top_group_max: max,
        bar: bar.map(|(r, _)| r.to_string()).unwrap_or_default(),
        top_group: bar.map_or(0, |(_, n)| n),
        section_lowest_ranks: setup::suggest_sections(&ranks, groups)
            .iter()
            .map(|s| s.lowest.to_string())
            .collect(),
        section_step: (rounds / 3).max(1),
    })
}

fn round_summary(r: &RoundRecord) -> pb::RoundSummary {
    let c = progress_counts(r);
    pb::RoundSummary {
        number: r.number,
        state: convert::round_state_to_pb(r.state) as i32,
        games: r.games.len() as u32,
        confirmed: c.confirmed,
        pending: c.pending,
        missing: c.missing,
        mismatched: c.mismatched,
        disputed: c.disputed,
    }
}

impl RoundsService {
    /// Sends a round command as the director and answers with the round.
    async fn round_command(
        &self,
        req: Request<pb::RoundRef>,
        make: impl FnOnce(TournamentId, u32) -> Command,
    ) -> Result<Response<pb::Round>, Status> {
        let decode = |_: &Caller, r: pb::RoundRef| {
            let t = TournamentId(r.tournament_id);
            Ok(Decoded::new(r.meta, make(t, r.round), Target::Rounds(t)))
        };
        self.write_round(req, decode).await
    }

    /// Writes a round command of tournament `t` and answers with the round it changed.
    async fn write_round<Req>(
        &self,
        req: Request<Req>,
        decode: impl FnOnce(&Caller, Req) -> Result<Decoded, Status>,
    ) -> Result<Response<pb::Round>, Status> {
        write_rpc(&self.core, req, decode, |_, outcome| {
            round_answer(&self.core, &outcome)
        })
        .await
    }
}

/// A ladder's standings: its players by rung (the place), with their games won; a self-paired event's by wins
/// (equal wins share a place).
fn ladder_standings(state: &crate::domain::State, t: TournamentId) -> pb::Standings {
    let ladder = super::convert::ladder_to_pb(state, t);
    let count = |place: u32| ladder.rungs.iter().filter(|r| r.rung == place).count();
    pb::Standings {
        tournament_id: t.0,
        after_round: 0,
        criteria: vec![if ladder.pairing_system == "ladder" {
            "Rung"
        } else {
            "Wins"
        }
        .to_string()],
        rows: ladder
            .rungs
            .iter()
            .map(|r| pb::StandingRow {
                place: r.rung,
                shared: count(r.rung) > 1,
                player: r.player.clone(),
                wins_half: 2 * r.wins as i32,
                ..pb::StandingRow::default()
            })
            .collect(),
        ..pb::Standings::default()
    }
}

#[tonic::async_trait]
impl Rounds for RoundsService {
    async fn number_players(
        &self,
        req: Request<pb::NumberPlayersRequest>,
    ) -> Result<Response<pb::PlayerNumbers>, Status> {
        let decode = |_: &Caller, r: pb::NumberPlayersRequest| {
            let cmd = Command::NumberPlayers {
                tournament: TournamentId(r.tournament_id),
                order: r.order.into_iter().map(ParticipantId).collect(),
            };
            Ok(Decoded::new(r.meta, cmd, Target::None))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            match outcome.subject {
                Some(Subject::Numbers(t)) => Ok(self.core.read(|s| numbers_to_pb(s, t))?),
                _ => Err(Status::internal(
                    "the command did not answer with player numbers",
                )),
            }
        })
        .await
    }

    async fn get_player_numbers(
        &self,
        req: Request<pb::GetPlayerNumbersRequest>,
    ) -> Result<Response<pb::PlayerNumbers>, Status> {
        let decode = |_: &Caller, r: pb::GetPlayerNumbersRequest| Ok(TournamentId(r.tournament_id));
        read_rpc(&self.core, req, decode, |s, t| {
            tournament(s, t)?;
            Ok(numbers_to_pb(s, t))
        })
    }

    async fn set_entry_options(
        &self,
        req: Request<pb::SetEntryOptionsRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        let decode = |_: &Caller, r: pb::SetEntryOptionsRequest| {
            let id = ParticipantId(r.participant_id);
            let cmd = Command::SetEntryOptions {
                id,
                tournament: TournamentId(r.tournament_id),
                ghost: r.ghost,
                mms_correction: r.mms_correction,
                expected: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Participant(id)))
        };
        write_rpc(&self.core, req, decode, participant_answer).await
    }

    async fn change_rank(
        &self,
        req: Request<pb::ChangeRankRequest>,
    ) -> Result<Response<pb::Participant>, Status> {
        let decode = |_: &Caller, r: pb::ChangeRankRequest| {
            let id = ParticipantId(r.participant_id);
            let cmd = Command::ChangeRank {
                id,
                tournament: TournamentId(r.tournament_id),
                rank: convert::rank_from_pb("rank", &r.rank).map_err(invalid)?,
                from_round: r.from_round,
                move_start: r.move_start,
                expected: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Participant(id)))
        };
        write_rpc(&self.core, req, decode, participant_answer).await
    }

    async fn suggest_mc_mahon(
        &self,
        req: Request<pb::SuggestMcMahonRequest>,
    ) -> Result<Response<pb::McMahonSuggestion>, Status> {
        let decode = |_: &Caller, r: pb::SuggestMcMahonRequest| Ok(r);
        read_rpc(&self.core, req, decode, |s, r| {
            suggest(s, TournamentId(r.tournament_id), r.sections)
        })
    }

    async fn draw_round(
        &self,
        req: Request<pb::DrawRoundRequest>,
    ) -> Result<Response<pb::Round>, Status> {
        let decode = |_: &Caller, r: pb::DrawRoundRequest| {
            let t = TournamentId(r.tournament_id);
            let round = if r.round == 0 {
                self.core.read(|s| default_draw_round(s, t, r.redraw))?
            } else {
                r.round
            };
            let cmd = Command::DrawRound {
                tournament: t,
                round,
                redraw: r.redraw,
                empty: r.empty,
                expected: any_revision(r.expected_revision),
                aside: None,
                part: DrawPart::from_words(&r.part, r.group_mms_half).map_err(invalid)?,
            };
            Ok(Decoded::new(r.meta, cmd, Target::Rounds(t)))
        };
        self.write_round(req, decode).await
    }

    async fn import_round(
        &self,
        req: Request<pb::ImportRoundRequest>,
    ) -> Result<Response<pb::Round>, Status> {
        let decode = |_: &Caller, r: pb::ImportRoundRequest| {
            let t = TournamentId(r.tournament_id);
            let cmd = Command::ImportRound {
                tournament: t,
                round: r.round,
                games: convert::imported_games_from_pb(r.games).map_err(invalid)?,
                bye: (r.bye != 0).then_some(ParticipantId(r.bye)),
                expected: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Rounds(t)))
        };
        self.write_round(req, decode).await
    }

    async fn split_knockout(
        &self,
        req: Request<pb::SplitKnockoutRequest>,
    ) -> Result<Response<pb::Tournament>, Status> {
        let decode = |_: &Caller, r: pb::SplitKnockoutRequest| {
            let cmd = Command::SplitKnockout {
                from: TournamentId(r.tournament_id),
                top: r.top,
                name: r.name,
                per_group: r.per_group,
            };
            Ok(Decoded::new(r.meta, cmd, Target::None))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            super::tournament_answer(&outcome)
        })
        .await
    }

    async fn publish_round(
        &self,
        req: Request<pb::RoundRef>,
    ) -> Result<Response<pb::Round>, Status> {
        self.round_command(req, |tournament, round| Command::PublishRound {
            tournament,
            round,
        })
        .await
    }

    async fn edit_round(
        &self,
        req: Request<pb::EditRoundRequest>,
    ) -> Result<Response<pb::Round>, Status> {
        let decode = |_: &Caller, r: pb::EditRoundRequest| {
            let t = TournamentId(r.tournament_id);
            let cmd = Command::EditRound {
                tournament: t,
                round: r.round,
                edit: edit_from_pb(r.edit).map_err(invalid)?,
                expected: any_revision(r.expected_revision),
            };
            Ok(Decoded::new(r.meta, cmd, Target::Rounds(t)))
        };
        self.write_round(req, decode).await
    }

    async fn close_round(&self, req: Request<pb::RoundRef>) -> Result<Response<pb::Round>, Status> {
        self.round_command(req, |tournament, round| Command::CloseRound {
            tournament,
            round,
        })
        .await
    }

    async fn get_round(
        &self,
        req: Request<pb::GetRoundRequest>,
    ) -> Result<Response<pb::Round>, Status> {
        let decode =
            |_: &Caller, r: pb::GetRoundRequest| Ok((TournamentId(r.tournament_id), r.round));
        read_rpc(&self.core, req, decode, |s, (t, round)| {
            round_or_last(s, t, round).map(|x| round_to_pb(s, t, x))
        })
    }

    async fn list_rounds(
        &self,
        req: Request<pb::ListRoundsRequest>,
    ) -> Result<Response<pb::ListRoundsResponse>, Status> {
        let decode = |_: &Caller, r: pb::ListRoundsRequest| Ok(TournamentId(r.tournament_id));
        read_rpc(&self.core, req, decode, |s, t| {
            tournament(s, t)?;
            let play = s.play.get(&t);
            Ok(pb::ListRoundsResponse {
                tournament_id: t.0,
                revision: play.map_or(0, |p| p.revision.0),
                rounds: play
                    .map(|p| p.rounds.iter().map(round_summary).collect())
                    .unwrap_or_default(),
            })
        })
    }

    async fn get_standings(
        &self,
        req: Request<pb::GetStandingsRequest>,
    ) -> Result<Response<pb::Standings>, Status> {
        let decode = |_: &Caller, r: pb::GetStandingsRequest| Ok(r);
        read_rpc(&self.core, req, decode, |s, r| {
            let t = TournamentId(r.tournament_id);
            // A ladder's standings are its rungs.
            if s.tournaments
                .get(&t)
                .is_some_and(|x| x.settings.system.unrounded())
            {
                return Ok(ladder_standings(s, t));
            }
            let (st, after) = standings_of(s, t, r.after_round, &r.tiebreaks)?;
            Ok(standings_to_pb(s, t, after, &st))
        })
    }

    async fn record_ladder_game(
        &self,
        req: Request<pb::RecordLadderGameRequest>,
    ) -> Result<Response<pb::Ladder>, Status> {
        let t = TournamentId(req.get_ref().tournament_id);
        let decode = |_: &Caller, r: pb::RecordLadderGameRequest| {
            let outcome =
                crate::domain::ladder::LadderOutcome::parse(&r.outcome).ok_or_else(|| {
                    Status::invalid_argument(format!(
                        "outcome {:?}: use challenger, defender or jigo",
                        r.outcome
                    ))
                })?;
            let cmd = Command::RecordLadderGame {
                tournament: t,
                challenger: r.challenger,
                defender: r.defender,
                outcome,
            };
            Ok(Decoded::new(r.meta, cmd, Target::None))
        };
        write_rpc(&self.core, req, decode, |_, _| {
            Ok(self.core.read(|s| super::convert::ladder_to_pb(s, t))?)
        })
        .await
    }

    async fn get_ladder(
        &self,
        req: Request<pb::GetLadderRequest>,
    ) -> Result<Response<pb::Ladder>, Status> {
        let decode = |_: &Caller, r: pb::GetLadderRequest| Ok(TournamentId(r.tournament_id));
        read_rpc(&self.core, req, decode, |s, t| {
            if s.tournaments.contains_key(&t) {
                Ok(super::convert::ladder_to_pb(s, t))
            } else {
                Err(Status::not_found(format!("no tournament {}", t.0)))
            }
        })
    }

    async fn explain(
        &self,
        req: Request<pb::ExplainRequest>,
    ) -> Result<Response<pb::Explanation>, Status> {
        let decode = |_: &Caller, r: pb::ExplainRequest| Ok(r);
        read_rpc(&self.core, req, decode, |s, r| {
            let t = TournamentId(r.tournament_id);
            let (st, _) = standings_of(s, t, r.after_round, &r.tiebreaks)?;
            explain_to_pb(s, t, &st, ParticipantId(r.a), ParticipantId(r.b))
        })
    }
}
