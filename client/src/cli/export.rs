//! `tengen export T --format opengotha|h9|tou|aga|csv|csv-standings --out FILE`: a whole tournament as the file
//! another program or a rating officer takes, fetched with the `Sheet` RPC (the web director page offers the
//! same documents) and written in the document's own encoding (ISO-8859-1 for the FFG's `.tou`).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use tengen_proto::v1::SheetRequest;

use super::{CliError, Ctx};

/// What to export and where.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Tournament id.
    tournament: u64,
    /// opengotha (XML that OpenGotha and Pairgoth open), h9 (the EGF results table), tou (the FFG's), aga (the
    /// AGA's results file), csv (the register), csv-standings.
    #[arg(long, value_parser = ["opengotha", "h9", "tou", "aga", "csv", "csv-standings"])]
    format: String,
    /// For h9, tou and csv-standings: after this round (default: the last round with a result).
    #[arg(long)]
    round: Option<u32>,
    /// The file to write (`-` for standard output).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// The sheet kind the server knows a format by.
fn kind(format: &str) -> &str {
    match format {
        "h9" => "egf",
        "csv" => "csv-register",
        other => other,
    }
}

/// `text` in `encoding`: UTF-8, or ISO-8859-1 with `?` for characters beyond U+00FF.
pub fn encode(text: &str, encoding: &str) -> Vec<u8> {
    if encoding.eq_ignore_ascii_case("iso-8859-1") {
        text.chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
            .collect()
    } else {
        text.as_bytes().to_vec()
    }
}

/// Runs `tengen export`.
pub async fn run(ctx: &Ctx, a: ExportArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let request = SheetRequest {
        tournament_id: a.tournament,
        kind: kind(&a.format).to_string(),
        round: a.round.unwrap_or(0),
        format: "text".to_string(),
    };
    let doc = desk
        .read(request, |mut d, r| async move { d.results.sheet(r).await })
        .await?;
    let bytes = encode(&doc.body, &doc.encoding);
    if a.out.as_os_str() == "-" {
        std::io::stdout().write_all(&bytes)?;
        return Ok(());
    }
    std::fs::write(&a.out, &bytes)
        .map_err(|e| CliError::Usage(format!("cannot write {}: {e}", a.out.display())))?;
    eprintln!("{} written to {}", doc.title, a.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::encode;

    #[test]
    fn latin1_keeps_accents_as_single_bytes_and_marks_the_rest() {
        assert_eq!(encode("Léo 李", "iso-8859-1"), b"L\xe9o ?".to_vec());
        assert_eq!(encode("Léo", "utf-8"), "Léo".as_bytes().to_vec());
        assert_eq!(encode("Léo", ""), "Léo".as_bytes().to_vec());
    }
}
