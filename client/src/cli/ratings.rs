//! `tengen ratings load FILE`, `tengen ratings find NAME|ID` and `tengen ratings list`: the rating lists a
//! registration desk looks players up in. Loading reads the file here ([`crate::ratings`]) and sends it in parts
//! with a progress bar, each part a logged command whose request id comes from the file's SHA-256 and the part,
//! so running the same load twice changes nothing; also used by `player add --lookup`.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use serde::Serialize;
use sha2::{Digest, Sha256};
use tengen_proto::v1::{
    ListRatingListsRequest, LoadRatingsRequest, LookupRatingRequest, ParticipantFields, RatedPlayer,
};

use super::output::{print_json, Table};
use super::{CliError, Ctx};
use crate::conn::Desk;
use crate::error::ClientError;
use crate::request_id::RequestId;

/// Players per part: well under the server's 256 KiB request limit.
const PART: usize = 1_000;

/// Rating list subcommands.
#[derive(Debug, Subcommand)]
pub enum RatingsCmd {
    /// Load a list: the EGD allworld list, the AGA TD list or the FFG échelle (recognised from the content).
    Load(LoadArgs),
    /// Candidates for a name or an id (pin, AGA id, licence).
    Find(FindArgs),
    /// The lists loaded: source, file, date, players.
    List,
}

/// A list to load.
#[derive(Debug, Args)]
pub struct LoadArgs {
    /// The file.
    file: PathBuf,
    /// egd, aga or ffg, when the content does not tell.
    #[arg(long)]
    source: Option<String>,
}

/// A lookup.
#[derive(Debug, Args)]
pub struct FindArgs {
    /// A name ("cote", "anne cote") or an id.
    query: String,
    /// Candidates at most.
    #[arg(long, default_value_t = 10)]
    limit: u32,
}

#[derive(Serialize)]
struct LoadJson {
    source: String,
    file: String,
    date: String,
    players: u64,
    complete: bool,
    skipped: Vec<(usize, String)>,
}

/// Runs a ratings subcommand.
pub async fn run(ctx: &Ctx, cmd: RatingsCmd) -> Result<(), CliError> {
    match cmd {
        RatingsCmd::Load(a) => load(ctx, a).await,
        RatingsCmd::Find(a) => {
            let desk = ctx.desk().await?;
            let found = candidates(&desk, &a.query, a.limit).await?;
            print_candidates(&found, ctx.json)
        }
        RatingsCmd::List => {
            let desk = ctx.desk().await?;
            let lists = desk
                .read(ListRatingListsRequest {}, |mut d, r| async move {
                    d.ratings.list_rating_lists(r).await
                })
                .await?
                .lists;
            if ctx.json {
                let rows: Vec<_> = lists
                    .iter()
                    .map(|l| {
                        (
                            l.source.clone(),
                            l.file.clone(),
                            l.date.clone(),
                            l.players,
                            l.complete,
                        )
                    })
                    .collect();
                return print_json(&rows);
            }
            let mut t = Table::new(&["source", "file", "date", "players", "complete"]);
            for l in lists {
                t.row(vec![
                    l.source,
                    l.file,
                    l.date,
                    l.players.to_string(),
                    if l.complete { "yes" } else { "no" }.into(),
                ]);
            }
            t.print()?;
            Ok(())
        }
    }
}

async fn load(ctx: &Ctx, a: LoadArgs) -> Result<(), CliError> {
    let data = std::fs::read(&a.file)
        .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", a.file.display())))?;
    let list = crate::ratings::parse(&data, a.source.as_deref())
        .map_err(|e| CliError::Usage(format!("{}: {e}", a.file.display())))?;
    let file = a
        .file
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let digest = hex::encode(Sha256::digest(&data));
    let desk = ctx.desk().await?;
    let parts: Vec<&[tengen_interop::ratings::RatedPlayer]> = list.players.chunks(PART).collect();
    let bar = super::output::progress_bar(list.players.len() as u64, ctx.json, "players");
    let mut last = None;
    for (i, chunk) in parts.iter().enumerate() {
        let request = LoadRatingsRequest {
            meta: None,
            source: list.source.to_string(),
            file: file.clone(),
            date: list.date.clone(),
            part: i as u32,
            parts: parts.len() as u32,
            players: chunk.iter().map(crate::ratings::to_pb).collect(),
        };
        let id = RequestId::derived(["ratings", digest.as_str(), &i.to_string()]);
        let info = desk
            .command(&id, request, |mut d, r| async move {
                d.ratings.load_ratings(r).await
            })
            .await?;
        bar.inc(chunk.len() as u64);
        last = Some(info);
    }
    bar.finish_and_clear();
    let info = last.unwrap_or_default();
    if ctx.json {
        return print_json(&LoadJson {
            source: info.source,
            file: info.file,
            date: info.date,
            players: info.players,
            complete: info.complete,
            skipped: list.skipped,
        });
    }
    for (line, why) in list.skipped.iter().take(20) {
        eprintln!("line {line} left out: {why}");
    }
    if list.skipped.len() > 20 {
        eprintln!("… and {} more lines left out", list.skipped.len() - 20);
    }
    println!(
        "{} list {} ({}): {} players loaded{}",
        info.source,
        info.file,
        if info.date.is_empty() {
            "undated"
        } else {
            &info.date
        },
        info.players,
        if list.skipped.is_empty() {
            String::new()
        } else {
            format!(", {} lines left out", list.skipped.len())
        }
    );
    Ok(())
}

/// The candidates for `query`, best first.
pub async fn candidates(
    desk: &Desk,
    query: &str,
    limit: u32,
) -> Result<Vec<RatedPlayer>, ClientError> {
    let request = LookupRatingRequest {
        query: query.to_string(),
        limit,
    };
    Ok(desk
        .read(request, |mut d, r| async move {
            d.ratings.lookup_rating(r).await
        })
        .await?
        .candidates)
}

/// "Côté Anne 2k (GoR 1950), Montréal, CA, id 123".
pub fn describe(p: &RatedPlayer) -> String {
    let rating = p.rating.map(|r| format!(" (GoR {r})")).unwrap_or_default();
    format!(
        "{} {} {}{rating}, {}, {}, id {}",
        p.family_name,
        p.given_name,
        p.rank,
        if p.club.is_empty() {
            "no club"
        } else {
            &p.club
        },
        if p.country.is_empty() {
            "no country"
        } else {
            &p.country
        },
        if p.id.is_empty() { "none" } else { &p.id }
    )
}

/// The candidates as a numbered table (the numbers `--pick` takes) or JSON.
pub fn print_candidates(found: &[RatedPlayer], json: bool) -> Result<(), CliError> {
    if json {
        return print_json(
            &found
                .iter()
                .map(|p| (p.source.clone(), describe(p)))
                .collect::<Vec<_>>(),
        );
    }
    let mut t = Table::new(&[
        "#", "source", "id", "name", "rank", "rating", "club", "country",
    ]);
    for (i, p) in found.iter().enumerate() {
        t.row(vec![
            (i + 1).to_string(),
            p.source.clone(),
            p.id.clone(),
            format!("{} {}", p.family_name, p.given_name),
            p.rank.clone(),
            p.rating.map(|r| r.to_string()).unwrap_or_default(),
            p.club.clone(),
            p.country.clone(),
        ]);
    }
    t.print()?;
    Ok(())
}

/// A candidate's fields into a registration: names, rank, rating, club, country and the list's own id.
pub fn fill(fields: &mut ParticipantFields, p: &RatedPlayer) {
    fields.family_name = p.family_name.clone();
    fields.given_name = if p.given_name.is_empty() {
        "-".into()
    } else {
        p.given_name.clone()
    };
    fields.rank = p.rank.clone();
    fields.rating = p.rating;
    fields.club = p.club.clone();
    fields.country = p.country.clone();
    match p.source.as_str() {
        "egd" => fields.egd_pin = p.id.clone(),
        "aga" => fields.aga_id = p.id.clone(),
        "ffg" => fields.ffg_licence = p.id.clone(),
        _ => {}
    }
}
