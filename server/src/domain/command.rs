//! Commands: what a terminal asks the register to do. Imperative names; each is decided against the current
//! state into events (`decide`) or rejected, changing nothing.

use super::code::TypedCode;
use super::ids::{ParticipantId, Revision, SlipId, TokenId, TournamentId};
use super::lifecycle::aside::AsideDraw;
use super::rank::Rank;
use super::ratings::{RatedPlayer, RatingSource};
use super::record::{EventInfo, ParticipantFields, Role, TournamentSettings};
use super::round::GameResult;
use super::slip::SlipProposal;
use super::venue::VenueChange;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Entering a tournament: which one and which rounds (`None` = every round).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnterSpec {
    /// The tournament.
    pub tournament: TournamentId,
    /// Rounds to play; `None` means all.
    pub rounds: Option<Vec<u32>>,
}

/// Everything a terminal can ask of the register.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Set the event's details.
    UpdateEvent {
        /// New details (revision ignored).
        event: EventInfo,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Add a tournament.
    CreateTournament {
        /// Its settings.
        settings: TournamentSettings,
        /// The request left double entry unset: it is on for the event's first tournament, decided here from the
        /// register, so a retry of the request is the same command whatever was created since.
        #[serde(default, skip_serializing_if = "is_false")]
        double_entry_unset: bool,
    },
    /// Change a tournament's settings.
    UpdateTournament {
        /// Which.
        id: TournamentId,
        /// The revision the director edited.
        expected: Revision,
        /// New settings.
        settings: TournamentSettings,
    },
    /// Move one round's planned start (the timetable), as the day runs late.
    MoveRoundStart {
        /// Which tournament.
        id: TournamentId,
        /// Which round, 1-based.
        round: u32,
        /// `2026-11-28 14:30`, or a bare `14:30` on the round's planned day.
        start: String,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Open or close registration.
    SetRegistrationOpen {
        /// Which tournament.
        id: TournamentId,
        /// Open (true) or closed.
        open: bool,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Register a new participant.
    RegisterParticipant {
        /// The person.
        fields: ParticipantFields,
        /// Tournaments to enter at once.
        enter: Vec<EnterSpec>,
        /// Check in at once.
        check_in: bool,
        /// The desk confirmed this is not a duplicate.
        different_person: bool,
    },
    /// Replace a participant's fields.
    UpdateParticipant {
        /// Who.
        id: ParticipantId,
        /// The revision the desk edited.
        expected: Revision,
        /// The full new field set.
        fields: ParticipantFields,
        /// The desk confirmed this is not a duplicate.
        different_person: bool,
    },
    /// Enter a tournament.
    EnterTournament {
        /// Who.
        id: ParticipantId,
        /// Which tournament and rounds.
        entry: EnterSpec,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Leave a tournament (undo an entry made by mistake).
    LeaveTournament {
        /// Who.
        id: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Take back a registration made a moment ago at this desk (a duplicate, a wrong player): the person leaves
    /// the register as if never registered. Only the terminal that registered them, within
    /// [`super::decide::UNDO_WINDOW_MS`] of the registration's log entry, and before they are paired, numbered
    /// or named on a slip (`decide::undo`).
    UndoRegistration {
        /// Who.
        id: ParticipantId,
    },
    /// Set the rounds a partial player will play.
    SetRounds {
        /// Who.
        id: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// Rounds; `None` = all.
        rounds: Option<Vec<u32>>,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Mark a participant as seen at a desk.
    CheckIn {
        /// Who.
        id: ParticipantId,
        /// One tournament, or `None` for every tournament entered.
        tournament: Option<TournamentId>,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Take a payment from a participant (issue 33): money at a desk, a transfer, a prepayment or a waiver.
    RecordPayment {
        /// Who paid.
        id: ParticipantId,
        /// Cents; negative for money given back.
        cents: i64,
        /// How.
        method: super::fees::PayMethod,
        /// A receipt number, or why money was given back.
        note: String,
        /// The revision the desk showed: a second desk taking the same payment meanwhile is refused.
        expected: Option<Revision>,
    },
    /// Withdraw from a tournament (reinstatable).
    Withdraw {
        /// Who.
        id: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Undo a withdrawal.
    Reinstate {
        /// Who.
        id: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Create a terminal token; the secret comes from the context's entropy.
    CreateToken {
        /// Terminal name.
        name: String,
        /// Its role.
        role: Role,
    },
    /// Revoke a token (never the last director token).
    RevokeToken {
        /// Which.
        id: TokenId,
    },
    /// Record a change of the venue's machines that Raft has just made (its membership is not Tengen's log): the
    /// hash-chained account of who changed them, when and from which terminal. Changes nothing in the register.
    RecordVenueChange {
        /// What was done.
        change: VenueChange,
    },
    /// Revoke every director token and install a new one whose secret only the server machine holds (in
    /// `director.token`): the first start and the offline `tengen-server token reset`; never sent by a desk.
    ResetDirectorToken {
        /// Hex SHA-256 of the new secret; the secret itself is never in the log.
        hash: String,
    },
    /// Director's per-entry settings: ghost flag, starting-MMS correction.
    SetEntryOptions {
        /// Who.
        id: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// New ghost flag, if changing.
        ghost: Option<bool>,
        /// New correction in whole points, if changing.
        mms_correction: Option<i32>,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// A rank change effective from a round.
    ChangeRank {
        /// Who.
        id: ParticipantId,
        /// Which tournament.
        tournament: TournamentId,
        /// The new rank.
        rank: Rank,
        /// First round at the new rank.
        from_round: u32,
        /// Also move the player's starting MMS to the new rank.
        move_start: bool,
        /// `None` = any revision.
        expected: Option<Revision>,
    },
    /// Number the players by strength (rank, rating, then `order`, then registration order).
    NumberPlayers {
        /// Which tournament.
        tournament: TournamentId,
        /// The director's order for players of equal rank and rating (earlier = lower number).
        order: Vec<ParticipantId>,
    },
    /// Draw a round with the engine (or prepare it empty for manual pairing).
    DrawRound {
        /// Which tournament.
        tournament: TournamentId,
        /// The round to draw: the next one, or the last one if unpublished and `redraw`.
        round: u32,
        /// Replace an unpublished draw of this round.
        redraw: bool,
        /// Leave everyone unpaired (a round paired by hand, e.g. retyping a paper event).
        empty: bool,
        /// `None` = any revision of the tournament's rounds.
        expected: Option<Revision>,
        /// A pairing already made outside the writer from the input it read (the rounds service's aside path);
        /// the writer takes it, seed included, only if that input is still current. Not part of what the
        /// director asked: skipped when the command is fingerprinted for idempotency, so a retry of the same
        /// request answers with the round first committed, whatever seed each attempt picked.
        #[serde(skip)]
        aside: Option<Arc<AsideDraw>>,
        /// Draw only a part of the round while the round before still plays; `None` = the whole round (or, for a
        /// round already drawn in parts, the rest).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        part: Option<DrawPart>,
    },
    /// The top `top` players of a McMahon or Swiss tournament, after its last (closed) round, split off into a
    /// knockout of their own; each returns to the main tournament when their knockout ends. `per_group`: the top
    /// `top` of each group of a tournament played in groups (the zones' play-off).
    SplitKnockout {
        /// The main tournament.
        from: TournamentId,
        /// How many (a power of two), or of each group.
        top: u32,
        /// The knockout's name (empty: the main tournament's and "knockout").
        name: String,
        /// Take the top of each group.
        #[serde(default)]
        per_group: bool,
    },
    /// A ladder game between the players numbered `challenger` and `defender` (the challenger below).
    RecordLadderGame {
        /// The ladder.
        tournament: TournamentId,
        /// The challenger's number.
        challenger: u32,
        /// The defender's number.
        defender: u32,
        /// How it ended.
        outcome: super::ladder::LadderOutcome,
    },
    /// A round played elsewhere (an OpenGotha file, a paper event) recorded whole: the next round, drawn with
    /// these games and results and this bye, then published and closed by the ordinary commands.
    ImportRound {
        /// Which tournament.
        tournament: TournamentId,
        /// The next round.
        round: u32,
        /// Its games.
        games: Vec<ImportedGame>,
        /// The player with the bye.
        bye: Option<ParticipantId>,
        /// `None` = any revision of the tournament's rounds.
        expected: Option<Revision>,
    },
    /// Show a drawn round to the players.
    PublishRound {
        /// Which tournament.
        tournament: TournamentId,
        /// Which round.
        round: u32,
    },
    /// A manual change to a drawn or published round.
    EditRound {
        /// Which tournament.
        tournament: TournamentId,
        /// Which round.
        round: u32,
        /// The change.
        edit: RoundEdit,
        /// `None` = any revision of the tournament's rounds.
        expected: Option<Revision>,
    },
    /// Close a round whose results are all confirmed.
    CloseRound {
        /// Which tournament.
        tournament: TournamentId,
        /// Which round.
        round: u32,
    },
    /// Report a game's result (results desk: an entry to be confirmed; director: the result that counts).
    ReportResult {
        /// Which tournament.
        tournament: TournamentId,
        /// Which round.
        round: u32,
        /// The table.
        table: u32,
        /// The result.
        result: GameResult,
        /// Who had Black, when the desk says (a nigiri game needs it with a played result). Left out of the
        /// serialised command when absent, so a command's fingerprint is what it was before nigiri.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        black: Option<ParticipantId>,
    },
    /// The referee's reports at a table.
    RefereeReport {
        /// Which tournament.
        tournament: TournamentId,
        /// Which round.
        round: u32,
        /// The table.
        table: u32,
        /// What happened.
        report: RefereeReport,
    },
    /// A player's change request from the public board: recorded as pending, changes nothing yet.
    SubmitSlip {
        /// The tournament whose page it came from.
        tournament: TournamentId,
        /// The player it is about.
        participant: ParticipantId,
        /// What the player says is wrong (no contact fields by construction).
        proposal: SlipProposal,
    },
    /// The director accepts a pending slip (the normal participant update) or rejects it with a reason.
    ResolveSlip {
        /// Which slip.
        slip: SlipId,
        /// Accept (apply the change) or reject.
        accept: bool,
        /// Why; required when rejecting.
        reason: String,
        /// The participant revision the director looked at; `None` = any.
        expected_revision: Option<Revision>,
    },
    /// Load one part of a rating list (part 0 replaces the source's list).
    LoadRatings {
        /// Which list.
        source: RatingSource,
        /// The file's name.
        file: String,
        /// The list's own date, when stated.
        date: String,
        /// This part (0-based).
        part: u32,
        /// Parts in all.
        parts: u32,
        /// Its players.
        players: Vec<RatedPlayer>,
    },
    /// Give each of `participants` a new personal code; an old one stops working at once (issue 31).
    IssueCodes {
        /// Who gets a new code.
        participants: Vec<ParticipantId>,
    },
    /// A pre-registered player checks themselves in with their personal code, on their phone or at an entrance
    /// tablet, in a tournament that allows it.
    SelfCheckIn {
        /// Which tournament.
        tournament: TournamentId,
        /// The player, as the page showed them before they said "this is me".
        participant: ParticipantId,
        /// Their code as typed.
        code: TypedCode,
    },
    /// A player reports their own game's result with their personal code: one entry of the double entry.
    PlayerReport {
        /// Which tournament.
        tournament: TournamentId,
        /// Which round.
        round: u32,
        /// The table.
        table: u32,
        /// The player reporting.
        participant: ParticipantId,
        /// What they say happened to them.
        says: PlayerSays,
        /// Who had Black, when the game was a nigiri nobody has recorded yet.
        black: Option<ParticipantId>,
        /// Their code as typed.
        code: TypedCode,
        /// Where the report came from, for the audit (never the address itself).
        via: Via,
    },
}

/// A player's own result, as they say it: about themselves, not about colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerSays {
    /// I won.
    Won,
    /// I lost.
    Lost,
    /// Jigo.
    Jigo,
}

/// The class of address a player's device reported from, recorded instead of the address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Via {
    /// A private or local address: the venue's network.
    Venue,
    /// A public address: from outside the venue.
    Outside,
}

impl Via {
    /// Words for the audit: "venue network", "outside network".
    pub fn as_str(self) -> &'static str {
        match self {
            Via::Venue => "venue network",
            Via::Outside => "outside network",
        }
    }
}

/// One game of an imported round, as played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportedGame {
    /// Table number (1-based).
    pub table: u32,
    /// White.
    pub white: ParticipantId,
    /// Black.
    pub black: ParticipantId,
    /// Handicap stones.
    pub handicap: u8,
    /// The result; `Unknown` leaves it to be entered.
    pub result: GameResult,
}

/// What a referee reports at a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RefereeReport {
    /// This player did not turn up: the opponent wins by forfeit.
    NoShow {
        /// The absent player.
        absent: ParticipantId,
    },
    /// Neither player turned up: both lose by forfeit.
    BothAbsent,
    /// A late start.
    LateStart {
        /// The late player.
        player: ParticipantId,
        /// Minutes late.
        minutes: u32,
    },
    /// The game is adjourned or disputed (true) or settled (false), with a note.
    Dispute {
        /// Flag on or off.
        disputed: bool,
        /// What happened.
        note: String,
    },
    /// A nigiri game: this player had Black (recorded again until the round is closed).
    Colours {
        /// The player who had Black.
        black: ParticipantId,
    },
}

/// Which part of a round to draw while the round before still plays (Mays, "Pairings for Round 2").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawPart {
    /// Every finished score group from the bottom up, less the bye (chosen first) and, when that leaves an odd
    /// number, the strongest player of the highest finished group, held to pair up later.
    Bottom,
    /// One finished score group anywhere (its McMahon score in half points): the field even, the group even.
    Group {
        /// The group's score, half points.
        mms_half: i32,
    },
    /// Everyone still without a game: every game of the round before is finished.
    Rest,
}

impl DrawPart {
    /// The part a director names: `bottom`, `group` (with its score in half points), `rest`; empty = none.
    pub fn from_words(
        kind: &str,
        mms_half: i32,
    ) -> Result<Option<DrawPart>, super::error::Rejected> {
        match kind.trim().to_ascii_lowercase().as_str() {
            "" | "whole" => Ok(None),
            "bottom" => Ok(Some(DrawPart::Bottom)),
            "group" => Ok(Some(DrawPart::Group { mms_half })),
            "rest" => Ok(Some(DrawPart::Rest)),
            other => Err(super::error::Rejected::invalid(
                "part",
                format!("\"{other}\" is not a part of a round: bottom, group or rest"),
            )),
        }
    }
}

/// A manual change to a round, in register terms (see the draw's `Edit`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundEdit {
    /// Pair two unpaired players.
    Pair {
        /// One player.
        a: ParticipantId,
        /// The other.
        b: ParticipantId,
        /// Who takes White.
        white: Option<ParticipantId>,
        /// Handicap stones.
        handicap: Option<u8>,
        /// Table.
        table: Option<u32>,
        /// Accept a repeated game.
        force: bool,
    },
    /// Dissolve the game of this player.
    Unpair {
        /// A player of the game.
        player: ParticipantId,
    },
    /// Exchange two players of different games.
    Swap {
        /// One player.
        a: ParticipantId,
        /// The other.
        b: ParticipantId,
        /// Accept repeated games.
        force: bool,
    },
    /// Exchange colours in the game of this player.
    ExchangeColours {
        /// A player of the game.
        player: ParticipantId,
    },
    /// Set the handicap of the game of this player.
    SetHandicap {
        /// A player of the game.
        player: ParticipantId,
        /// Stones.
        handicap: u8,
    },
    /// Move the game of this player to a table.
    SetTable {
        /// A player of the game.
        player: ParticipantId,
        /// The table.
        table: u32,
    },
    /// Give the bye to this player.
    AssignBye {
        /// The player.
        player: ParticipantId,
        /// Accept a second bye.
        force: bool,
    },
    /// Take this player out of the round (they miss it).
    MarkAbsent {
        /// The player.
        player: ParticipantId,
    },
}

impl Command {
    /// The command's name for logs and audit.
    pub fn name(&self) -> &'static str {
        match self {
            Command::UpdateEvent { .. } => "UpdateEvent",
            Command::CreateTournament { .. } => "CreateTournament",
            Command::UpdateTournament { .. } => "UpdateTournament",
            Command::SetRegistrationOpen { .. } => "SetRegistrationOpen",
            Command::MoveRoundStart { .. } => "MoveRoundStart",
            Command::RegisterParticipant { .. } => "RegisterParticipant",
            Command::UpdateParticipant { .. } => "UpdateParticipant",
            Command::EnterTournament { .. } => "EnterTournament",
            Command::LeaveTournament { .. } => "LeaveTournament",
            Command::UndoRegistration { .. } => "UndoRegistration",
            Command::SetRounds { .. } => "SetRounds",
            Command::CheckIn { .. } => "CheckIn",
            Command::RecordPayment { .. } => "RecordPayment",
            Command::Withdraw { .. } => "Withdraw",
            Command::Reinstate { .. } => "Reinstate",
            Command::CreateToken { .. } => "CreateToken",
            Command::RevokeToken { .. } => "RevokeToken",
            Command::ResetDirectorToken { .. } => "ResetDirectorToken",
            Command::RecordVenueChange { .. } => "RecordVenueChange",
            Command::SetEntryOptions { .. } => "SetEntryOptions",
            Command::ChangeRank { .. } => "ChangeRank",
            Command::NumberPlayers { .. } => "NumberPlayers",
            Command::DrawRound { .. } => "DrawRound",
            Command::ImportRound { .. } => "ImportRound",
            Command::SplitKnockout { .. } => "SplitKnockout",
            Command::RecordLadderGame { .. } => "RecordLadderGame",
            Command::PublishRound { .. } => "PublishRound",
            Command::EditRound { .. } => "EditRound",
            Command::CloseRound { .. } => "CloseRound",
            Command::IssueCodes { .. } => "IssueCodes",
            Command::SelfCheckIn { .. } => "SelfCheckIn",
            Command::PlayerReport { .. } => "PlayerReport",
            Command::ReportResult { .. } => "ReportResult",
            Command::RefereeReport { .. } => "RefereeReport",
            Command::SubmitSlip { .. } => "SubmitSlip",
            Command::ResolveSlip { .. } => "ResolveSlip",
            Command::LoadRatings { .. } => "LoadRatings",
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Who sent a command, from which terminal. Recorded in the log with every change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Actor {
    /// The token's terminal name.
    pub terminal: String,
    /// The token's role.
    pub role: Role,
    /// The volunteer at the desk, if given.
    pub operator: String,
}

/// Inputs from outside the domain: who, when, and fresh entropy. The writer makes it; events record the outcome
/// so replay never needs it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// Who and where.
    pub actor: Actor,
    /// Now, in ms since the Unix epoch.
    pub now_ms: i64,
    /// 32 fresh random bytes (token secrets, draw seeds).
    pub entropy: [u8; 32],
}
