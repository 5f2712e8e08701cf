//! The rating lists a registration desk looks players up in: read by `tengen_interop::ratings` (the parse the
//! server's rating-list page shares), put on the wire here for `tengen ratings load`.

pub use tengen_interop::ratings::{parse, rank_of_rating, ParsedList, RatingsError};
use tengen_proto::v1 as pb;

/// A listed player as the wire's `RatedPlayer`.
pub fn to_pb(p: &tengen_interop::ratings::RatedPlayer) -> pb::RatedPlayer {
    pb::RatedPlayer {
        source: p.source.clone(),
        id: p.id.clone(),
        family_name: p.family_name.clone(),
        given_name: p.given_name.clone(),
        rank: p.rank.clone(),
        rating: p.rating,
        club: p.club.clone(),
        country: p.country.clone(),
    }
}
