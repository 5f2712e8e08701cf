//! `tengen player add|update|get|find|list` (the participant record), `player pay` (handed to the pay module)
//! and `player enter|leave|rounds` (handed to the entry module).

use clap::{Args, Subcommand};
use prost::Message;
use tengen_proto::v1::{
    EnterSpec, FindParticipantsRequest, GetParticipantRequest, ListParticipantsRequest,
    Participant, ParticipantFields, RegisterParticipantRequest, UpdateParticipantRequest,
};
use tonic::Code;

use super::player_arg::parse_register_id;
use super::view::{print_participant, print_participants};
use super::{entry, pay, CliError, Ctx};
use crate::conn::Desk;
use crate::error::ClientError;
use crate::values::{
    parse_birth_year, parse_bool, parse_enter, parse_fee, parse_rating, parse_status,
};

/// Player subcommands.
#[derive(Debug, Subcommand)]
pub enum PlayerCmd {
    /// Register a participant.
    Add(AddArgs),
    /// Change a participant's fields; unspecified fields keep their value.
    Update(UpdateArgs),
    /// Show one participant.
    #[command(visible_alias = "show")]
    Get {
        /// Register id (12 or P12).
        #[arg(value_parser = parse_register_id)]
        id: u64,
    },
    /// Find participants by name prefix (case and accents ignored: `cote` finds `Côté`).
    Find {
        /// Family name, given name, or "given family" prefix.
        query: String,
        /// At most this many (server default 20, at most 500).
        #[arg(long, default_value_t = 0)]
        limit: u32,
    },
    /// List participants, optionally filtered (all pages).
    List(ListArgs),
    /// Record a payment the desk took (cash, card, transfer, prepaid) or a waiver; `--refund` for money given
    /// back.
    Pay(pay::PayArgs),
    /// Enter a participant in a tournament.
    Enter(entry::EnterArgs),
    /// Take a participant out of a tournament.
    Leave(entry::EntryArgs),
    /// Set the rounds a participant plays in a tournament.
    Rounds(entry::RoundsArgs),
}

/// Optional participant fields, shared by `add` and `update`.
#[derive(Debug, Args)]
pub struct FieldFlags {
    /// Family name in Latin letters, for the EGF/FFG/AGA files and the search (山田 → Yamada): only needed when the
    /// name is not written in Latin letters (Cyrillic and Greek are spelled automatically); "" clears it.
    #[arg(long)]
    latin_family: Option<String>,
    /// Given name in Latin letters (太郎 → Taro), beside `--latin-family`.
    #[arg(long)]
    latin_given: Option<String>,
    /// EGF rating (GoR); `none` clears it.
    #[arg(long)]
    rating: Option<String>,
    /// Club.
    #[arg(long)]
    club: Option<String>,
    /// City.
    #[arg(long)]
    city: Option<String>,
    /// Country, ISO 3166 alpha-2.
    #[arg(long)]
    country: Option<String>,
    /// EGD pin.
    #[arg(long)]
    egd: Option<String>,
    /// AGA id.
    #[arg(long)]
    aga: Option<String>,
    /// FFG licence.
    #[arg(long)]
    ffg: Option<String>,
    /// Email (private).
    #[arg(long)]
    email: Option<String>,
    /// Phone (private).
    #[arg(long)]
    phone: Option<String>,
    /// Year of birth, e.g. 2012 (private, like email and phone); `none` clears it.
    #[arg(long, value_name = "YEAR")]
    born: Option<String>,
    /// Family group tag: relatives share one and are not paired together.
    #[arg(long)]
    family_group: Option<String>,
    /// The team they play for in the tournament's team competition (public, like the club); "" clears it.
    /// Spellings differing only in case, accents, punctuation or spaces are one team.
    #[arg(long, value_name = "NAME")]
    team: Option<String>,
    /// The board the player plays on in their team, 1 the first; 0 clears it: then strongest first. A team
    /// tournament's board order is fixed once round 1 is drawn.
    #[arg(long, value_name = "N")]
    board: Option<u32>,
    /// Lives in the host city (`--local`, or `--local no`).
    #[arg(long, num_args = 0..=1, default_missing_value = "yes", value_parser = parse_bool, value_name = "YES/NO")]
    local: Option<bool>,
    /// Entry fee, e.g. 25 or 25.50.
    #[arg(long, value_parser = parse_fee)]
    fee: Option<i64>,
    /// Fee paid (`--paid`, or `--paid no`).
    #[arg(long, num_args = 0..=1, default_missing_value = "yes", value_parser = parse_bool, value_name = "YES/NO")]
    paid: Option<bool>,
    /// A member of the federation, for the fee and the levy (`--member`, or `--member no`; private).
    #[arg(long, num_args = 0..=1, default_missing_value = "yes", value_parser = parse_bool, value_name = "YES/NO")]
    member: Option<bool>,
    /// The fee concession granted: junior, student, senior or none.
    #[arg(long, value_parser = parse_concession, value_name = "KIND")]
    concession: Option<String>,
    /// The fee agreed instead of the tournament's schedule, e.g. 20 or 0 (needs --fee-reason; `none` goes back to
    /// the schedule's).
    #[arg(long, value_parser = parse_fee_override, value_name = "AMOUNT")]
    fee_override: Option<FeeOverride>,
    /// Why the fee is agreed instead of the schedule's, e.g. "helper at the desk".
    #[arg(long, value_name = "TEXT")]
    fee_reason: Option<String>,
    /// Free notes.
    #[arg(long)]
    notes: Option<String>,
}

impl FieldFlags {
    /// Writes the given flags into `f`.
    fn apply(self, f: &mut ParticipantFields) -> Result<(), CliError> {
        if let Some(rating) = self.rating {
            f.rating = parse_rating(&rating).map_err(CliError::Usage)?;
        }
        if let Some(born) = self.born {
            f.birth_year = parse_birth_year(&born)
                .map_err(CliError::Usage)?
                .map(u32::from);
        }
        let texts = [
            (&mut f.latin_family_name, self.latin_family),
            (&mut f.latin_given_name, self.latin_given),
            (&mut f.club, self.club),
            (&mut f.city, self.city),
            (&mut f.country, self.country),
            (&mut f.egd_pin, self.egd),
            (&mut f.aga_id, self.aga),
            (&mut f.ffg_licence, self.ffg),
            (&mut f.email, self.email),
            (&mut f.phone, self.phone),
            (&mut f.family_group, self.family_group),
            (&mut f.team, self.team.map(|t| t.trim().to_string())),
            (&mut f.notes, self.notes),
        ];
        for (slot, value) in texts {
            if let Some(value) = value {
                *slot = value;
            }
        }
        if let Some(board) = self.board {
            f.team_board = (board > 0).then_some(board);
        }
        f.local = self.local.unwrap_or(f.local);
        f.fee_cents = self.fee.unwrap_or(f.fee_cents);
        f.paid = self.paid.unwrap_or(f.paid);
        f.member = self.member.unwrap_or(f.member);
        if let Some(concession) = self.concession {
            f.concession = concession;
        }
        match self.fee_override {
            Some(FeeOverride(None)) => {
                f.fee_override_cents = None;
                f.fee_reason.clear();
            }
            Some(FeeOverride(cents)) => f.fee_override_cents = cents,
            None => {}
        }
        if let Some(reason) = self.fee_reason {
            f.fee_reason = reason;
        }
        Ok(())
    }
}

/// `--fee-override`: the agreed fee in cents, or `None` to go back to the schedule's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeeOverride(pub Option<i64>);

/// An agreed fee (`20`, `20.50`, `0`), or `none`.
fn parse_fee_override(text: &str) -> Result<FeeOverride, String> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(FeeOverride(None));
    }
    parse_fee(text).map(|cents| FeeOverride(Some(cents)))
}

/// `junior`, `student`, `senior` (any case), or `none` for no concession (sent as "").
fn parse_concession(text: &str) -> Result<String, String> {
    match text.trim().to_lowercase().as_str() {
        "none" | "" => Ok(String::new()),
        word @ ("junior" | "student" | "senior") => Ok(word.to_string()),
        _ => Err(format!(
            "unknown concession {text:?}; choose junior, student, senior or none"
        )),
    }
}

/// A new participant.
#[derive(Debug, Args)]
pub struct AddArgs {
    /// Family name.
    #[arg(long, required_unless_present = "lookup")]
    family: Option<String>,
    /// Given name.
    #[arg(long, required_unless_present = "lookup")]
    given: Option<String>,
    /// Rank: 30k..1k, 1d..9d, 1p..9p (`2d`, `2D`, `15 kyu` all work).
    #[arg(long, required_unless_present = "lookup")]
    rank: Option<String>,
    /// Fill the player in from the loaded rating lists (`tengen ratings load`): a name ("cote anne") or a pin,
    /// AGA id or licence. With one candidate its names, rank, rating, club, country and id are used (any flag
    /// given here wins); with several they are listed and nothing is registered, unless `--pick N`.
    #[arg(long, value_name = "NAME|ID")]
    lookup: Option<String>,
    /// With `--lookup`: take the Nth candidate of the list it printed.
    #[arg(long, requires = "lookup")]
    pick: Option<usize>,
    #[command(flatten)]
    fields: FieldFlags,
    /// Enter a tournament at once: TID, or TID:1,2,3 for a partial player. Repeatable.
    #[arg(long, value_parser = parse_enter, value_name = "TID[:ROUNDS]")]
    enter: Vec<EnterSpec>,
    /// Check in at once (registering on the day).
    #[arg(long)]
    checkin: bool,
    /// Confirm this is not the same person as the near-duplicate the server found.
    #[arg(long)]
    different_person: bool,
}

/// Changes to a participant.
#[derive(Debug, Args)]
pub struct UpdateArgs {
    /// Register id (12 or P12).
    #[arg(value_parser = parse_register_id)]
    id: u64,
    /// The revision you looked at (`player get`); refused if someone changed the player since. 0 = any: the
    /// revision this command reads just before it writes.
    #[arg(long)]
    rev: u64,
    /// Family name.
    #[arg(long)]
    family: Option<String>,
    /// Given name.
    #[arg(long)]
    given: Option<String>,
    /// Rank.
    #[arg(long)]
    rank: Option<String>,
    #[command(flatten)]
    fields: FieldFlags,
    /// Confirm this is not the same person as the near-duplicate the server found.
    #[arg(long)]
    different_person: bool,
}

/// Filters for `player list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only participants entered in this tournament.
    #[arg(long)]
    tournament: Option<u64>,
    /// Only this status in that tournament: pre-registered, checked-in, withdrawn.
    #[arg(long, value_parser = parse_status)]
    status: Option<tengen_proto::v1::EntryStatus>,
    /// Only this club (exact, case ignored).
    #[arg(long)]
    club: Option<String>,
}

/// Runs a player subcommand.
pub async fn run(ctx: &Ctx, cmd: PlayerCmd) -> Result<(), CliError> {
    match cmd {
        PlayerCmd::Add(a) => add(ctx, a).await,
        PlayerCmd::Update(a) => update(ctx, a).await,
        PlayerCmd::Get { id } => print_participant(&get(&ctx.desk().await?, id).await?, ctx.json),
        PlayerCmd::Find { query, limit } => {
            let desk = ctx.desk().await?;
            let request = FindParticipantsRequest { query, limit };
            let found = desk
                .read(request, |mut d, r| async move {
                    d.register.find_participants(r).await
                })
                .await?;
            print_participants(&found.participants, ctx.json)
        }
        PlayerCmd::List(a) => list(ctx, a).await,
        PlayerCmd::Pay(a) => pay::pay(ctx, a).await,
        PlayerCmd::Enter(a) => entry::enter(ctx, a).await,
        PlayerCmd::Leave(a) => entry::leave(ctx, a).await,
        PlayerCmd::Rounds(a) => entry::rounds(ctx, a).await,
    }
}

/// One participant by id.
pub async fn get(desk: &Desk, id: u64) -> Result<Participant, ClientError> {
    desk.read(GetParticipantRequest { id }, |mut d, r| async move {
        d.register.get_participant(r).await
    })
    .await
}

async fn add(ctx: &Ctx, a: AddArgs) -> Result<(), CliError> {
    let mut fields = ParticipantFields::default();
    if let Some(query) = &a.lookup {
        let desk = ctx.desk().await?;
        let found = super::ratings::candidates(&desk, query, 10).await?;
        let chosen = match (a.pick, found.len()) {
            (_, 0) => {
                return Err(CliError::Usage(format!(
                    "nobody in the loaded rating lists matches {query:?}; type the player in (--family, --given, --rank)"
                )))
            }
            (Some(n), len) if n >= 1 && n <= len => &found[n - 1],
            (Some(n), len) => {
                return Err(CliError::Usage(format!("--pick {n}: there are {len} candidates")))
            }
            (None, 1) => &found[0],
            (None, _) => {
                eprintln!("{} candidates for {query:?}; add --pick N to register one:", found.len());
                super::ratings::print_candidates(&found, false)?;
                return Err(CliError::Reported(3));
            }
        };
        super::ratings::fill(&mut fields, chosen);
        eprintln!(
            "from the {} list: {}",
            chosen.source,
            super::ratings::describe(chosen)
        );
    }
    for (slot, value) in [
        (&mut fields.family_name, a.family),
        (&mut fields.given_name, a.given),
        (&mut fields.rank, a.rank),
    ] {
        if let Some(value) = value {
            *slot = value;
        }
    }
    a.fields.apply(&mut fields)?;
    let request = RegisterParticipantRequest {
        meta: None,
        fields: Some(fields),
        enter: a.enter,
        check_in: a.checkin,
        different_person: a.different_person,
    };
    let desk = ctx.desk().await?;
    let p = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.register_participant(r).await
        })
        .await?;
    print_participant(&p, ctx.json)
}

async fn update(ctx: &Ctx, a: UpdateArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let current = get(&desk, a.id).await?;
    // 0 = any revision: the one just read, so a change made meanwhile is still never overwritten unseen.
    let expected_revision = if a.rev == 0 { current.revision } else { a.rev };
    let mut fields = current.fields.unwrap_or_default();
    for (slot, value) in [
        (&mut fields.family_name, a.family),
        (&mut fields.given_name, a.given),
        (&mut fields.rank, a.rank),
    ] {
        if let Some(value) = value {
            *slot = value;
        }
    }
    a.fields.apply(&mut fields)?;
    let request = UpdateParticipantRequest {
        meta: None,
        id: a.id,
        expected_revision,
        fields: Some(fields),
        different_person: a.different_person,
    };
    let answer = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.update_participant(r).await
        })
        .await;
    match answer {
        Ok(p) => print_participant(&p, ctx.json),
        Err(ClientError::Status(status)) if status.code() == Code::Aborted => {
            eprintln!("someone else changed this player; current record:");
            let current = match Participant::decode(status.details()) {
                Ok(p) if p.id == a.id => p,
                _ => get(&desk, a.id).await?,
            };
            print_participant(&current, ctx.json)?;
            Err(CliError::Reported(2))
        }
        Err(e) => Err(e.into()),
    }
}

async fn list(ctx: &Ctx, a: ListArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let mut all = Vec::new();
    let mut after_id = 0;
    loop {
        let request = ListParticipantsRequest {
            tournament_id: a.tournament.unwrap_or(0),
            status: a.status.map(|s| s as i32).unwrap_or(0),
            club: a.club.clone().unwrap_or_default(),
            limit: 0,
            after_id,
        };
        let page = desk
            .read(request, |mut d, r| async move {
                d.register.list_participants(r).await
            })
            .await?;
        all.extend(page.participants);
        if page.next_after_id == 0 || page.next_after_id == after_id {
            break;
        }
        after_id = page.next_after_id;
    }
    print_participants(&all, ctx.json)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Probe {
        #[command(flatten)]
        flags: FieldFlags,
    }

    fn applied(args: &[&str], mut f: ParticipantFields) -> ParticipantFields {
        let probe = Probe::try_parse_from(std::iter::once("probe").chain(args.iter().copied()))
            .unwrap_or_else(|e| panic!("{e}"));
        probe
            .flags
            .apply(&mut f)
            .unwrap_or_else(|e| panic!("{e:?}"));
        f
    }

    #[test]
    fn board_sets_the_team_board_and_zero_clears_it() {
        let f = applied(
            &["--team", " Stone Cats ", "--board", "2"],
            ParticipantFields::default(),
        );
        assert_eq!((f.team.as_str(), f.team_board), ("Stone Cats", Some(2)));
        // Left out, the board stays; 0 clears it (strongest first again) and keeps the team.
        assert_eq!(applied(&["--club", "Hx"], f.clone()).team_board, Some(2));
        let cleared = applied(&["--board", "0"], f);
        assert_eq!(
            (cleared.team.as_str(), cleared.team_board),
            ("Stone Cats", None)
        );
        assert!(Probe::try_parse_from(["probe", "--board", "first"]).is_err());
    }
}
