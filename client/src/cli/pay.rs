//! `tengen player pay`: a payment a desk took from a participant (issue 33), sent as `RecordPayment`, then the
//! participant's fee account as the server now works it out. Decodes and renders only: no fee arithmetic here.

use clap::Args;
use tengen_proto::v1::RecordPaymentRequest;

use super::player::get;
use super::player_arg::{parse_register_id, register_label};
use super::view::print_participant;
use super::{CliError, Ctx};
use crate::values::{format_fee, parse_fee};

/// A payment.
#[derive(Debug, Args)]
pub struct PayArgs {
    /// Register id (12 or P12).
    #[arg(value_parser = parse_register_id)]
    id: u64,
    /// The amount, e.g. 35 or 35.50 (with --refund: the amount given back).
    #[arg(value_parser = parse_fee, value_name = "AMOUNT")]
    amount: i64,
    /// How the money came: cash, card, transfer, prepaid (paid before the event) or waived (not paid and not
    /// owed). Required: the desk says how.
    #[arg(long, value_parser = ["cash", "card", "transfer", "prepaid", "waived"])]
    method: String,
    /// Money given back to the player (recorded as a negative payment; needs --note).
    #[arg(long, requires = "note")]
    refund: bool,
    /// A receipt number, or why money was given back.
    #[arg(long, value_name = "TEXT")]
    note: Option<String>,
    /// The revision you looked at (`player show`): refused if the player changed since, e.g. another desk took
    /// the same payment meanwhile (0 = any).
    #[arg(long, default_value_t = 0)]
    rev: u64,
}

/// Records the payment, then prints the participant with their account (as the desk's role may see it).
pub async fn pay(ctx: &Ctx, a: PayArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let cents = if a.refund { -a.amount } else { a.amount };
    let request = RecordPaymentRequest {
        meta: None,
        participant_id: a.id,
        cents,
        method: a.method.clone(),
        note: a.note.unwrap_or_default(),
        expected_revision: a.rev,
    };
    let answer = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.register.record_payment(r).await
        })
        .await?;
    // On stderr, so `--json` output stays one document; a treasurer, who does not see the account, still reads it.
    eprintln!(
        "recorded for {}: {} {}",
        register_label(a.id),
        format_fee(cents),
        a.method
    );
    // The answer to a command carries no account: read it back (the answer if that read fails).
    match get(&desk, a.id).await {
        Ok(p) => print_participant(&p, ctx.json),
        Err(_) => print_participant(&answer, ctx.json),
    }
}
