//! The board bench's field, set up through the gRPC API as the director: a tournament of N checked-in players,
//! registration closed (which numbers them 1..=N), round 1 drawn and not published; and a second tournament
//! for the desks to register into while players read the board (registrations do not touch the pairings).

use tengen_proto::v1::{CreateTournamentRequest, DrawRoundRequest, RoundRef, TournamentSettings};

use crate::bench::synthetic_registration;
use crate::conn::Desk;
use crate::error::ClientError;
use crate::request_id::RequestId;

/// What the bench set up.
#[derive(Clone, Debug)]
pub struct Field {
    /// The tournament on the board.
    pub tournament: u64,
    /// The tournament the desks register into during the run.
    pub desk_tournament: u64,
    /// Checked-in players of `tournament`, numbered 1..=players.
    pub players: usize,
    /// Games of the drawn round 1.
    pub tables: usize,
}

/// Creates both tournaments, registers and checks in `players` players from all `desks` at once, closes
/// registration and draws round 1. `tag` keeps this run's names apart from earlier runs'.
pub async fn prepare(
    director: &Desk,
    desks: &[Desk],
    players: usize,
    tag: &str,
) -> Result<Field, ClientError> {
    let tournament = create(director, &format!("Board bench {tag}"), 5).await?;
    let desk_tournament = create(director, &format!("Board bench desks {tag}"), 1).await?;
    register_field(desks, tournament, players, tag).await?;
    crate::bench::draw::close_registration(director, tournament).await?;
    let draw = DrawRoundRequest {
        meta: None,
        tournament_id: tournament,
        round: 1,
        redraw: false,
        empty: false,
        expected_revision: 0,
        ..DrawRoundRequest::default()
    };
    let round = director
        .command(&RequestId::random(), draw, |mut d, r| async move {
            d.rounds.draw_round(r).await
        })
        .await?;
    Ok(Field {
        tournament,
        desk_tournament,
        players,
        tables: round.games.len(),
    })
}

/// Publishes round 1: the one change the live readers must all see.
pub async fn publish(director: &Desk, field: &Field) -> Result<(), ClientError> {
    let round = RoundRef {
        meta: None,
        tournament_id: field.tournament,
        round: 1,
    };
    director
        .command(&RequestId::random(), round, |mut d, r| async move {
            d.rounds.publish_round(r).await
        })
        .await?;
    Ok(())
}

pub(crate) async fn create(director: &Desk, name: &str, rounds: u32) -> Result<u64, ClientError> {
    let request = CreateTournamentRequest {
        meta: None,
        settings: Some(TournamentSettings {
            name: name.to_string(),
            rounds,
            pairing_system: "mcmahon".to_string(),
            ..TournamentSettings::default()
        }),
    };
    let created = director
        .command(&RequestId::random(), request, |mut d, r| async move {
            d.register.create_tournament(r).await
        })
        .await?;
    Ok(created.id)
}

/// Desk `i` registers players `i, i + desks, …`, each entered and checked in with one command.
pub(crate) async fn register_field(
    desks: &[Desk],
    tournament: u64,
    players: usize,
    tag: &str,
) -> Result<(), ClientError> {
    let field_tag = format!("{tag}field");
    let mut tasks = Vec::with_capacity(desks.len());
    for (index, desk) in desks.iter().enumerate() {
        let (desk, tag) = (desk.clone(), field_tag.clone());
        let mine: Vec<usize> = (index..players).step_by(desks.len().max(1)).collect();
        tasks.push(tokio::spawn(async move {
            for n in mine {
                let mut request = synthetic_registration(&tag, 0, n, Some(tournament));
                request.check_in = true;
                desk.command(&RequestId::random(), request, |mut d, r| async move {
                    d.register.register_participant(r).await
                })
                .await?;
            }
            Ok::<(), ClientError>(())
        }));
    }
    for task in tasks {
        task.await
            .map_err(|e| ClientError::Settings(format!("a set-up desk stopped: {e}")))??;
    }
    Ok(())
}
