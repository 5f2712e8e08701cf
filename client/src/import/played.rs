//! A whole tournament read from another program's file (OpenGotha XML, an EGF `.h9`), as a plan of ordinary
//! commands, and the sending of that plan to the server: create the tournament (or use the one given), register
//! and enter every player, close registration, then per round `ImportRound`, `PublishRound` and, when every
//! result is in, `CloseRound`. Every request id is derived from the file's SHA-256 and the step, so a re-run (or a
//! run cut short and started again) is answered from the log and changes nothing: an import is resumable by its
//! idempotent ids rather than all-or-nothing, and each round is one atomic command. Owns no file format.

use indicatif::ProgressBar;
use prost::Message;
use tengen_proto::v1 as pb;
use tonic::Code;

use crate::conn::Desk;
use crate::error::ClientError;
use crate::request_id::RequestId;

/// One line of the import report.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Note {
    /// "mapped", "defaulted" or "not mapped".
    pub kind: &'static str,
    /// What, in a director's words.
    pub text: String,
}

impl Note {
    /// A value taken over as it is.
    pub fn mapped(text: impl Into<String>) -> Note {
        Note {
            kind: "mapped",
            text: text.into(),
        }
    }
    /// A value the file lacks or Tengen cannot hold as written, replaced by ours.
    pub fn defaulted(text: impl Into<String>) -> Note {
        Note {
            kind: "defaulted",
            text: text.into(),
        }
    }
    /// Something in the file Tengen leaves out.
    pub fn not_mapped(text: impl Into<String>) -> Note {
        Note {
            kind: "not mapped",
            text: text.into(),
        }
    }
}

/// A player as the file has them.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerPlan {
    /// The register fields (no contact data: the files have none).
    pub fields: pb::ParticipantFields,
    /// Rounds to play (sorted); empty = every round.
    pub rounds: Vec<u32>,
    /// Finally registered: checked in. Pre-registered players stay unpaired until a desk checks them in.
    pub check_in: bool,
    /// Correction of the starting MMS, whole points.
    pub mms_correction: i32,
}

/// A game as played, players by their index in [`TournamentPlan::players`].
#[derive(Clone, Debug, PartialEq)]
pub struct GamePlan {
    /// Table, 1-based.
    pub table: u32,
    /// White's index.
    pub white: usize,
    /// Black's index.
    pub black: usize,
    /// Stones.
    pub handicap: u32,
    /// The result; unknown outcome = not entered yet.
    pub result: pb::GameResult,
}

/// A round as played.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundPlan {
    /// 1-based.
    pub number: u32,
    /// Its games.
    pub games: Vec<GamePlan>,
    /// The player with the bye.
    pub bye: Option<usize>,
    /// Published like the rounds before it; false for a last round the file holds half paired, which stays
    /// drawn so the director pairs the rest (or redraws it) before publishing.
    pub publish: bool,
}

impl RoundPlan {
    /// Every game has a result: the round can be closed.
    pub fn complete(&self) -> bool {
        self.games
            .iter()
            .all(|g| g.result.outcome != pb::Outcome::Unknown as i32)
    }
}

/// Everything an import will send, before anything is sent.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentPlan {
    /// Which program's file ("opengotha", "h9"): part of every request id.
    pub format: &'static str,
    /// Hex SHA-256 of the file.
    pub digest: String,
    /// The tournament's settings, when the import creates it.
    pub settings: pb::TournamentSettings,
    /// Players in file order.
    pub players: Vec<PlayerPlan>,
    /// Rounds 1, 2, … as played.
    pub rounds: Vec<RoundPlan>,
    /// What was mapped, defaulted or left out.
    pub notes: Vec<Note>,
}

/// The draw of an imported tournament: the `egf` profile and bye rule, OpenGotha's own (so the next round is
/// drawn as OpenGotha would draw it).
pub fn egf_draw() -> pb::DrawOptions {
    pb::DrawOptions {
        profile: "egf".into(),
        bye_rule: "egf".into(),
        ..pb::DrawOptions::default()
    }
}

/// Why an import stopped.
#[derive(Debug, thiserror::Error)]
pub enum PlayedError {
    /// The server refused a step (nothing of that step was applied; earlier steps are kept and a re-run resumes).
    #[error("{step}: {source}")]
    Step {
        /// Which step, e.g. "round 3".
        step: String,
        /// The refusal or the connection failure.
        source: ClientError,
    },
}

/// What the server holds after an import.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Applied {
    /// The tournament imported into.
    pub tournament: u64,
    /// Register id of each player of the plan, in file order.
    pub participants: Vec<u64>,
    /// Players matched to someone already in the register (name and given name agreed).
    pub matched: Vec<String>,
    /// Rounds imported, and how many of them are closed.
    pub rounds: u32,
    /// Rounds closed.
    pub closed: u32,
    /// The last round, left drawn and unpublished because the file holds it half paired.
    pub drawn_only: Option<u32>,
}

impl TournamentPlan {
    /// How many commands [`apply`] sends at most (the progress bar's length).
    pub fn steps(&self) -> u64 {
        (2 + 2 * self.players.len() + 3 * self.rounds.len()) as u64
    }

    fn id(&self, tournament: &str, parts: &[&str]) -> RequestId {
        let mut all = vec!["import", self.format, self.digest.as_str(), tournament];
        all.extend_from_slice(parts);
        RequestId::derived(all)
    }
}

fn step(step: impl Into<String>) -> impl FnOnce(ClientError) -> PlayedError {
    let step = step.into();
    move |source| PlayedError::Step { step, source }
}

/// Sends `plan`: into tournament `into`, or a new one made from the plan's settings.
pub async fn apply(
    desk: &Desk,
    plan: &TournamentPlan,
    into: Option<u64>,
    progress: &ProgressBar,
) -> Result<Applied, PlayedError> {
    let tournament = match into {
        Some(id) => id,
        None => create_tournament(desk, plan).await?,
    };
    progress.inc(1);
    let import = Import {
        desk,
        plan,
        tournament,
        t: tournament.to_string(),
        progress,
    };
    let mut applied = Applied {
        tournament,
        ..Applied::default()
    };
    import.players(&mut applied).await?;
    if plan.rounds.is_empty() {
        return Ok(applied);
    }
    import.close_registration().await?;
    for round in &plan.rounds {
        import.round(round, &mut applied).await?;
    }
    Ok(applied)
}

/// Creates the tournament from the plan's settings; returns its id.
async fn create_tournament(desk: &Desk, plan: &TournamentPlan) -> Result<u64, PlayedError> {
    let request = pb::CreateTournamentRequest {
        meta: None,
        settings: Some(plan.settings.clone()),
    };
    let made = desk
        .command(
            &plan.id("new", &["tournament"]),
            request,
            |mut d, r| async move { d.register.create_tournament(r).await },
        )
        .await
        .map_err(step("creating the tournament"))?;
    Ok(made.id)
}

/// One import under way: the plan, the tournament it goes into, and the progress bar each step moves.
struct Import<'a> {
    desk: &'a Desk,
    plan: &'a TournamentPlan,
    tournament: u64,
    /// The tournament's id as it goes into request ids.
    t: String,
    progress: &'a ProgressBar,
}

impl Import<'_> {
    /// Registers and enters every player in file order, with their starting MMS correction.
    async fn players(&self, applied: &mut Applied) -> Result<(), PlayedError> {
        let mut names = std::collections::BTreeSet::new();
        for (index, player) in self.plan.players.iter().enumerate() {
            let name = format!("{} {}", player.fields.family_name, player.fields.given_name)
                .to_lowercase();
            let repeated = !names.insert(name);
            let (id, matched) = register(
                self.desk,
                self.plan,
                &self.t,
                self.tournament,
                index,
                player,
                repeated,
            )
            .await?;
            if matched {
                applied.matched.push(format!(
                    "{} {} → P{id}",
                    player.fields.family_name, player.fields.given_name
                ));
            }
            applied.participants.push(id);
            self.progress.inc(1);
            if player.mms_correction != 0 {
                self.mms_correction(index, id, player.mms_correction)
                    .await?;
            }
            self.progress.inc(1);
        }
        Ok(())
    }

    /// Sets player `index`'s (register id `id`) correction of the starting MMS.
    async fn mms_correction(
        &self,
        index: usize,
        id: u64,
        correction: i32,
    ) -> Result<(), PlayedError> {
        let request = pb::SetEntryOptionsRequest {
            meta: None,
            participant_id: id,
            tournament_id: self.tournament,
            mms_correction: Some(correction),
            ..Default::default()
        };
        let index = index.to_string();
        self.desk
            .command(
                &self.plan.id(&self.t, &["mms", &index]),
                request,
                |mut d, r| async move { d.rounds.set_entry_options(r).await },
            )
            .await
            .map_err(step(format!(
                "the starting MMS correction of player {}",
                index
            )))?;
        Ok(())
    }

    /// Closes registration, which numbers the field, before the first round goes in.
    async fn close_registration(&self) -> Result<(), PlayedError> {
        let close = pb::SetRegistrationOpenRequest {
            meta: None,
            tournament_id: self.tournament,
            open: false,
            ..Default::default()
        };
        self.desk
            .command(
                &self.plan.id(&self.t, &["close-registration"]),
                close,
                |mut d, r| async move { d.register.set_registration_open(r).await },
            )
            .await
            .map_err(step("closing registration"))?;
        self.progress.inc(1);
        Ok(())
    }

    /// Imports one round as played, then publishes it and, when every result is in, closes it; a round the
    /// file holds half paired stays drawn.
    async fn round(&self, round: &RoundPlan, applied: &mut Applied) -> Result<(), PlayedError> {
        let (plan, t) = (self.plan, &self.t);
        let n = round.number.to_string();
        let pid = |i: usize| applied.participants[i];
        let request = pb::ImportRoundRequest {
            meta: None,
            tournament_id: self.tournament,
            round: round.number,
            games: round
                .games
                .iter()
                .map(|g| pb::ImportedGame {
                    table: g.table,
                    white: pid(g.white),
                    black: pid(g.black),
                    handicap: g.handicap,
                    result: Some(g.result),
                })
                .collect(),
            bye: round.bye.map_or(0, pid),
            expected_revision: 0,
        };
        self.desk
            .command(
                &plan.id(t, &["round", &n]),
                request,
                |mut d, r| async move { d.rounds.import_round(r).await },
            )
            .await
            .map_err(step(format!("round {n}")))?;
        self.progress.inc(1);
        applied.rounds += 1;
        if !round.publish {
            applied.drawn_only = Some(round.number);
            self.progress.inc(2);
            return Ok(());
        }
        let at = pb::RoundRef {
            meta: None,
            tournament_id: self.tournament,
            round: round.number,
        };
        self.desk
            .command(
                &plan.id(t, &["publish", &n]),
                at.clone(),
                |mut d, r| async move { d.rounds.publish_round(r).await },
            )
            .await
            .map_err(step(format!("publishing round {n}")))?;
        self.progress.inc(1);
        if round.complete() {
            self.desk
                .command(&plan.id(t, &["close", &n]), at, |mut d, r| async move {
                    d.rounds.close_round(r).await
                })
                .await
                .map_err(step(format!("closing round {n}")))?;
            applied.closed += 1;
        }
        self.progress.inc(1);
        Ok(())
    }
}

/// Registers player `index` and enters them into the tournament. A near-duplicate the server finds is the same
/// person when the register agrees with the file on the names and rank, and on the club, EGD pin and rating
/// where both have one (`matched`: importing a tournament's `.h9` after its OpenGotha file, say): entered then,
/// unless already entered (a re-run, or a tournament given with `--tournament` that holds them). Otherwise the
/// file says they are someone else (another event's record of the same name may be years old), and the
/// registration is sent again saying so; so is a player whose name an earlier line of the file already has
/// (`repeated`: real `.h9` files write unknown names as `?`).
async fn register(
    desk: &Desk,
    plan: &TournamentPlan,
    t: &str,
    tournament: u64,
    index: usize,
    player: &PlayerPlan,
    repeated: bool,
) -> Result<(u64, bool), PlayedError> {
    let i = index.to_string();
    let who = format!(
        "player {} {} (#{} in the file)",
        player.fields.family_name,
        player.fields.given_name,
        index + 1
    );
    let enter = pb::EnterSpec {
        tournament_id: tournament,
        rounds: player.rounds.clone(),
    };
    let mut request = pb::RegisterParticipantRequest {
        meta: None,
        fields: Some(player.fields.clone()),
        enter: vec![enter.clone()],
        check_in: player.check_in,
        different_person: false,
    };
    if !repeated {
        let first = desk
            .command(
                &plan.id(t, &["player", &i]),
                request.clone(),
                |mut d, r| async move { d.register.register_participant(r).await },
            )
            .await;
        let existing = match first {
            Ok(p) => return Ok((p.id, false)),
            Err(ClientError::Status(s)) if s.code() == Code::AlreadyExists => {
                pb::Participant::decode(s.details()).ok()
            }
            Err(e) => return Err(step(who)(e)),
        };
        if let Some(same) = existing.filter(|p| same_person(p, &player.fields)) {
            let entry = Entry {
                desk,
                plan,
                t,
                index: &i,
                who: &who,
            };
            entry.enter_existing(&same, enter, player.check_in).await?;
            return Ok((same.id, true));
        }
    }
    request.different_person = true;
    let again = desk
        .command(
            &plan.id(t, &["player-distinct", &i]),
            request,
            |mut d, r| async move { d.register.register_participant(r).await },
        )
        .await
        .map_err(step(who))?;
    Ok((again.id, false))
}

/// Whether the register's near-duplicate is the file's player: the names and rank agree, and the club, EGD pin
/// and rating where both have one.
fn same_person(p: &pb::Participant, ours: &pb::ParticipantFields) -> bool {
    let theirs = p.fields.clone().unwrap_or_default();
    let agree =
        |a: &str, b: &str| a.trim().is_empty() || b.trim().is_empty() || a.trim() == b.trim();
    theirs
        .family_name
        .trim()
        .eq_ignore_ascii_case(ours.family_name.trim())
        && theirs
            .given_name
            .trim()
            .eq_ignore_ascii_case(ours.given_name.trim())
        && theirs.rank.eq_ignore_ascii_case(&ours.rank)
        && agree(&theirs.club, &ours.club)
        && agree(&theirs.egd_pin, &ours.egd_pin)
        && (theirs.rating.is_none() || ours.rating.is_none() || theirs.rating == ours.rating)
}

/// A player of the file the register already holds, being entered into the tournament.
struct Entry<'a> {
    desk: &'a Desk,
    plan: &'a TournamentPlan,
    t: &'a str,
    /// The player's index in the file, as it goes into request ids.
    index: &'a str,
    /// The player in a refusal's words.
    who: &'a str,
}

impl Entry<'_> {
    /// Enters the register's `same` into the tournament (unless already entered) and checks them in when the
    /// file has them finally registered.
    async fn enter_existing(
        &self,
        same: &pb::Participant,
        enter: pb::EnterSpec,
        check_in: bool,
    ) -> Result<(), PlayedError> {
        let tournament = enter.tournament_id;
        if same.entries.iter().any(|e| e.tournament_id == tournament) {
            return Ok(());
        }
        let request = pb::EnterTournamentRequest {
            meta: None,
            participant_id: same.id,
            entry: Some(enter),
            expected_revision: 0,
        };
        self.desk
            .command(
                &self.plan.id(self.t, &["enter", self.index]),
                request,
                |mut d, r| async move { d.register.enter_tournament(r).await },
            )
            .await
            .map_err(step(self.who))?;
        if check_in {
            let request = pb::EntryRequest {
                meta: None,
                participant_id: same.id,
                tournament_id: tournament,
                expected_revision: 0,
            };
            self.desk
                .command(
                    &self.plan.id(self.t, &["check-in", self.index]),
                    request,
                    |mut d, r| async move { d.register.check_in(r).await },
                )
                .await
                .map_err(step(self.who))?;
        }
        Ok(())
    }
}
