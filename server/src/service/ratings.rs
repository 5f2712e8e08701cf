//! The `Ratings` service: a rating list loaded a part at a time (each part a logged command, the director's), the
//! lookup a registration desk makes while a player stands at it, and the lists loaded. Reads the same applied
//! state as every other service; writes only through the writer.

use super::{invalid, write_rpc, Core, Decoded, Target};
use crate::auth::{caller, Action, Caller};
use crate::domain::ratings::{self, RatedPlayer, RatingListInfo, RatingSource};
use crate::domain::{Command, Rejected, Subject};
use std::sync::Arc;
use tengen_proto::v1 as pb;
use tengen_proto::v1::ratings_server::Ratings;
use tonic::{Request, Response, Status};

/// Candidates a lookup returns unless asked otherwise.
const DEFAULT_CANDIDATES: usize = 10;

/// The service.
pub struct RatingsService {
    core: Arc<Core>,
}

impl RatingsService {
    /// A service over the shared core.
    pub fn new(core: Arc<Core>) -> Self {
        RatingsService { core }
    }
}

fn source(text: &str) -> Result<RatingSource, Status> {
    RatingSource::parse(text).ok_or_else(|| {
        invalid(Rejected::invalid(
            "source",
            format!("{text:?} is not a rating list: use egd, aga or ffg"),
        ))
    })
}

fn player_from_pb(p: pb::RatedPlayer) -> RatedPlayer {
    RatedPlayer {
        id: p.id,
        family: p.family_name,
        given: p.given_name,
        rank: p.rank,
        rating: p.rating,
        club: p.club,
        country: p.country,
    }
}

fn player_to_pb(source: RatingSource, p: &RatedPlayer) -> pb::RatedPlayer {
    pb::RatedPlayer {
        source: source.as_str().to_string(),
        id: p.id.clone(),
        family_name: p.family.clone(),
        given_name: p.given.clone(),
        rank: p.rank.clone(),
        rating: p.rating,
        club: p.club.clone(),
        country: p.country.clone(),
    }
}

fn info_to_pb(i: &RatingListInfo) -> pb::RatingListInfo {
    pb::RatingListInfo {
        source: i.source.as_str().to_string(),
        file: i.file.clone(),
        date: i.date.clone(),
        players: i.players,
        parts: i.parts,
        received: i.received,
        complete: i.received == i.parts,
    }
}

#[tonic::async_trait]
impl Ratings for RatingsService {
    async fn load_ratings(
        &self,
        req: Request<pb::LoadRatingsRequest>,
    ) -> Result<Response<pb::RatingListInfo>, Status> {
        let decode = |_: &Caller, r: pb::LoadRatingsRequest| {
            let cmd = Command::LoadRatings {
                source: source(&r.source)?,
                file: r.file,
                date: r.date,
                part: r.part,
                parts: r.parts,
                players: r.players.into_iter().map(player_from_pb).collect(),
            };
            Ok(Decoded::new(r.meta, cmd, Target::None))
        };
        write_rpc(&self.core, req, decode, |_, outcome| {
            match &outcome.subject {
                Some(Subject::RatingList(info)) => Ok(info_to_pb(info)),
                _ => Err(Status::internal(
                    "a rating list part answered without its list",
                )),
            }
        })
        .await
    }

    async fn lookup_rating(
        &self,
        req: Request<pb::LookupRatingRequest>,
    ) -> Result<Response<pb::RatingCandidates>, Status> {
        caller(&req)?.require(Action::Register)?;
        let r = req.into_inner();
        let limit = match r.limit {
            0 => DEFAULT_CANDIDATES,
            n => n as usize,
        };
        let candidates = self.core.read(|s| {
            ratings::lookup(&s.ratings, &r.query, limit)
                .into_iter()
                .map(|(source, p)| player_to_pb(source, p))
                .collect()
        })?;
        Ok(Response::new(pb::RatingCandidates { candidates }))
    }

    async fn list_rating_lists(
        &self,
        req: Request<pb::ListRatingListsRequest>,
    ) -> Result<Response<pb::RatingLists>, Status> {
        caller(&req)?.require(Action::Register)?;
        let lists = self.core.read(|s| {
            s.ratings
                .iter()
                .map(|(source, l)| info_to_pb(&l.info(*source)))
                .collect()
        })?;
        Ok(Response::new(pb::RatingLists { lists }))
    }
}
