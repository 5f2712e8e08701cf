//! Tengen's standings: places every player after any round of a McMahon or Swiss tournament with the
//! configured tie-breaks, in exact integer arithmetic, and explains every placing.
//!
//! Pure code: no I/O, no clock, no hash-map order in outputs. It reads `tengen_draw`'s model (players, games,
//! byes) and never writes it. Module map:
//!
//! - [`settings`]: scoring of missed rounds and byes, the criteria, the Mays and EGF profiles.
//! - [`score`]: the grid of events and the MMS, wins and points after every round (half points).
//! - [`value`]: exact fractions for tie-break values.
//! - [`tiebreak`]: SOS family (with the AGA median), CUSS, CUSP, EXT, EXR, rating, rank, SACO, head-to-head, SDC.
//! - [`placing`]: sorting, shared places, sections and their winners.
//! - [`prizes`]: cash prizes split over tied places; several groups of prizes, one prize each.
//! - [`teams`]: the team competition: the sum of each team's best members, places.
//! - [`matches`]: a team tournament: matches board by board, team points, OpenGotha's team criteria.
//! - [`explain`]: which criterion separated two players.

#![warn(missing_docs)]

pub mod explain;
pub mod matches;
pub mod placing;
pub mod prizes;
pub mod score;
pub mod settings;
pub mod teams;
pub mod tiebreak;
pub mod value;

pub use explain::{explain, Explanation};
pub use placing::{standings, Row, Section, Standings};
pub use prizes::{give, Candidate, Cents, Given, Pot, PrizeGroup};
pub use settings::{
    Criterion, MissedRounds, OpponentScore, Placing, ScoreRules, Sections, Settings, SosRules,
    Unplayed,
};
pub use teams::{team_standings, TeamRow, TeamScore};
pub use value::Value;
