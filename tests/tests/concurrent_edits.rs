//! Two registration desks working on the same register at once: no lost update. Each desk edits a different field
//! of the same participant with the revision it read; per round exactly one edit wins, the other is refused with
//! `ABORTED` carrying the current record, and a retry on that record keeps both edits.

use prost::Message;
use tengen_tests::{code_of, enter, pb, player, Desk, Venue};
use tonic::{Code, Status};

/// The current record a stale-revision refusal carries in its details.
fn current_record(status: &Status) -> pb::Participant {
    assert_eq!(status.code(), Code::Aborted, "{status:?}");
    pb::Participant::decode(status.details())
        .expect("ABORTED details decode as the current Participant")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_desks_registering_at_once_get_distinct_complete_records() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let main = director.create_tournament("Main", 5).await?.id;
    let a = venue.desk("reg-1", pb::Role::Registration).await?;
    let b = venue.desk("reg-2", pb::Role::Registration).await?;
    let run = |desk: Desk| async move {
        let mut mine = Vec::new();
        for i in 0..40 {
            let fields = pb::ParticipantFields {
                club: desk.name.clone(),
                ..player("Concurrent", &format!("{}-{i}", desk.name), "6k")
            };
            mine.push((
                fields.clone(),
                desk.register_player(fields, vec![enter(main)]).await?,
            ));
        }
        Ok::<_, Status>(mine)
    };
    let (ra, rb) = tokio::join!(tokio::spawn(run(a)), tokio::spawn(run(b)));
    let all: Vec<_> = ra??.into_iter().chain(rb??).collect();
    let listed = director.list_all().await?;
    assert_eq!(listed.len(), 80);
    let mut ids: Vec<u64> = all.iter().map(|(_, p)| p.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 80, "every registration got its own id");
    for (sent, answer) in &all {
        assert_eq!(answer.fields.as_ref(), Some(sent));
        let stored = listed
            .iter()
            .find(|p| p.id == answer.id)
            .expect("acknowledged and listed");
        assert_eq!(stored, answer, "the stored record is the acknowledged one");
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_desks_editing_one_participant_never_lose_an_update() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let reg1 = venue.desk("reg-1", pb::Role::Registration).await?;
    let reg2 = venue.desk("reg-2", pb::Role::Registration).await?;
    let p = reg1
        .register_player(player("Shared", "Record", "4k"), vec![])
        .await?;
    let director = venue.director().await?;
    let mut wins = [0usize; 2];
    for round in 1..=12u64 {
        // Both desks open the same record.
        let (seen1, seen2) = tokio::try_join!(reg1.get(p.id), reg2.get(p.id))?;
        assert_eq!(seen1, seen2);
        let r = seen1.revision;
        let club = format!("club-{round}");
        let city = format!("city-{round}");
        let edit1 = pb::ParticipantFields {
            club: club.clone(),
            ..seen1.fields.clone().unwrap()
        };
        let edit2 = pb::ParticipantFields {
            city: city.clone(),
            ..seen2.fields.clone().unwrap()
        };
        let before = director.last_seq().await?;
        let (res1, res2) = tokio::join!(
            reg1.update_player(p.id, r, edit1.clone()),
            reg2.update_player(p.id, r, edit2.clone())
        );
        let (winner, loser, loser_desk, loser_edit): (
            pb::Participant,
            Status,
            &Desk,
            fn(&mut pb::ParticipantFields, &str),
        ) = match (res1, res2) {
            (Ok(w), Err(l)) => {
                wins[0] += 1;
                (w, l, &reg2, |f, round| f.city = format!("city-{round}"))
            }
            (Err(l), Ok(w)) => {
                wins[1] += 1;
                (w, l, &reg1, |f, round| f.club = format!("club-{round}"))
            }
            (a, b) => panic!(
                "round {round}: exactly one edit wins, got {:?} and {:?}",
                code_of(&a),
                code_of(&b)
            ),
        };
        assert_eq!(winner.revision, r + 1, "round {round}");
        assert_eq!(
            director.last_seq().await?,
            before + 1,
            "round {round}: the refused edit wrote nothing"
        );
        let current = current_record(&loser);
        assert_eq!(
            current, winner,
            "round {round}: ABORTED carries the record as it is now"
        );
        assert!(loser.message().contains("revision"), "{}", loser.message());
        // The loser's stale edit is refused again if it insists.
        let stale = loser_desk
            .update_player(
                p.id,
                r,
                pb::ParticipantFields {
                    notes: "insist".into(),
                    ..seen1.fields.clone().unwrap()
                },
            )
            .await;
        assert_eq!(
            current_record(&stale.unwrap_err()),
            winner,
            "round {round}: still stale"
        );
        // Retry on top of the fresh record: both edits survive.
        let mut merged = current.fields.clone().unwrap();
        loser_edit(&mut merged, &round.to_string());
        let retried = loser_desk
            .update_player(p.id, current.revision, merged)
            .await?;
        assert_eq!(retried.revision, r + 2, "round {round}");
        let f = director.get(p.id).await?.fields.unwrap();
        assert_eq!(
            (f.club.as_str(), f.city.as_str()),
            (club.as_str(), city.as_str()),
            "round {round}: both edits kept"
        );
    }
    let last = director.get(p.id).await?;
    assert_eq!(
        last.revision,
        1 + 2 * 12,
        "two changes per round, no more, no less"
    );
    eprintln!("wins per desk: {wins:?}");
    Ok(())
}
