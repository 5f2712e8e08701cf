//! Retrying with the same request id: one record, the same answer. The same id with a different body is refused,
//! and concurrent duplicates of one request make one record. Ids are per terminal: the same id from another desk
//! is that desk's own command (issue 12).

use std::collections::HashSet;
use tengen_tests::{code_of, enter, meta_id, pb, player, request_id, Venue};
use tonic::Code;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_retried_registration_returns_the_original_answer_and_writes_nothing(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    let main = director.create_tournament("Main", 5).await?.id;
    let id = request_id();
    let fields = pb::ParticipantFields {
        email: "lee@example.org".into(),
        ..player("Lee", "Sedol", "9p")
    };
    let first = desk
        .register_with_id(&id, fields.clone(), vec![enter(main)])
        .await?;
    let seq = director.last_seq().await?;
    for _ in 0..3 {
        let again = desk
            .register_with_id(&id, fields.clone(), vec![enter(main)])
            .await?;
        assert_eq!(
            again, first,
            "same id, same body: the very same answer (id, revision, registration time)"
        );
    }
    assert_eq!(director.last_seq().await?, seq, "retries write nothing");
    assert_eq!(director.list_all().await?.len(), 1);

    // The answer stays the original one even after the record moved on.
    let moved = desk
        .update_player(
            first.id,
            first.revision,
            pb::ParticipantFields {
                club: "Seoul".into(),
                ..fields.clone()
            },
        )
        .await?;
    assert_eq!(moved.revision, 2);
    let again = desk
        .register_with_id(&id, fields.clone(), vec![enter(main)])
        .await?;
    assert_eq!(
        again, first,
        "a late retry returns the original answer, not a duplicate refusal"
    );

    // A retried update whose expected revision is now stale still answers with what it did.
    let update_id = request_id();
    let edit = |club: &str| pb::UpdateParticipantRequest {
        meta: meta_id(&update_id),
        id: first.id,
        expected_revision: 2,
        fields: Some(pb::ParticipantFields {
            club: club.into(),
            ..fields.clone()
        }),
        different_person: false,
    };
    let done = desk
        .register
        .clone()
        .update_participant(edit("Busan"))
        .await?
        .into_inner();
    let seq = director.last_seq().await?;
    let retry = desk
        .register
        .clone()
        .update_participant(edit("Busan"))
        .await?
        .into_inner();
    assert_eq!(retry, done, "the retry is answered, not refused as stale");
    assert_eq!(director.last_seq().await?, seq);
    assert_eq!(director.get(first.id).await?.revision, 3);

    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_id_reused_for_a_different_command_is_refused() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    let main = director.create_tournament("Main", 5).await?.id;
    let id = request_id();
    let first = desk
        .register_with_id(&id, player("Cho", "Chikun", "9p"), vec![enter(main)])
        .await?;
    let seq = director.last_seq().await?;
    let r = desk
        .register_with_id(&id, player("Cho", "Hunhyun", "9p"), vec![enter(main)])
        .await;
    assert_eq!(
        code_of(&r),
        Code::InvalidArgument,
        "same id, different body: {r:?}"
    );
    assert!(r.unwrap_err().message().contains("request id"));
    let r = desk
        .update_player(first.id, first.revision, player("Cho", "U", "9p"))
        .await;
    assert!(r.is_ok(), "a fresh id works: {r:?}");
    let r = desk
        .register
        .clone()
        .check_in(pb::EntryRequest {
            meta: meta_id(&id),
            participant_id: first.id,
            tournament_id: 0,
            expected_revision: 0,
        })
        .await;
    assert_eq!(
        code_of(&r),
        Code::InvalidArgument,
        "same id, different command: {r:?}"
    );
    assert!(
        r.unwrap_err().message().contains("request id"),
        "refused for the id, not the check-in"
    );
    assert_eq!(
        director.last_seq().await?,
        seq + 1,
        "only the fresh update was written"
    );
    let all = director.list_all().await?;
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].fields.as_ref().unwrap().given_name, "U");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_duplicates_of_one_request_make_one_record() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    // One desk retrying over its first connection and over fresh ones (a retry after a network hiccup).
    let first = venue.desk("reg-1", pb::Role::Registration).await?;
    let desks = [
        first.clone(),
        first.reconnect(&venue).await?,
        first.reconnect(&venue).await?,
    ];
    for n in 0..5 {
        let id = request_id();
        let fields = player("Burst", &format!("Retry{n}"), "1k");
        let seq = director.last_seq().await?;
        let sends = (0..12).map(|i| {
            let desk = desks[i % desks.len()].clone();
            let (id, fields) = (id.clone(), fields.clone());
            tokio::spawn(async move { desk.register_with_id(&id, fields, vec![]).await })
        });
        let answers: Vec<pb::Participant> = futures::future::try_join_all(sends)
            .await?
            .into_iter()
            .collect::<Result<_, _>>()?;
        let distinct: HashSet<_> = answers
            .iter()
            .map(|p| (p.id, p.revision, p.registered_at_ms))
            .collect();
        assert_eq!(
            distinct.len(),
            1,
            "burst {n}: all twelve sends get one answer: {distinct:?}"
        );
        assert_eq!(
            director.last_seq().await?,
            seq + 1,
            "burst {n}: one log entry"
        );
    }
    assert_eq!(director.list_all().await?.len(), 5);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_12_one_request_id_from_two_terminals_is_two_commands() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let desks = [
        venue.desk("reg-1", pb::Role::Registration).await?,
        venue.desk("reg-2", pb::Role::Registration).await?,
    ];
    let main = director.create_tournament("Main", 5).await?.id;
    // The same id and the same body from both desks (each confirming a different person, so both may register).
    let id = request_id();
    let send = |desk: &tengen_tests::Desk| {
        let req = pb::RegisterParticipantRequest {
            meta: meta_id(&id),
            fields: Some(player("Kim", "Minjun", "2d")),
            enter: vec![enter(main)],
            check_in: false,
            different_person: true,
        };
        let mut register = desk.register.clone();
        async move { register.register_participant(req).await }
    };
    let seq = director.last_seq().await?;
    let first = send(&desks[0]).await?.into_inner();
    let second = send(&desks[1]).await?.into_inner();
    assert_ne!(first.id, second.id, "executed once per terminal");
    assert_eq!(director.last_seq().await?, seq + 2);
    assert_eq!(director.list_all().await?.len(), 2);

    // Each desk's retry is answered with its own original answer and writes nothing.
    for (desk, original) in desks.iter().zip([&first, &second]) {
        let again = send(desk).await?.into_inner();
        assert_eq!(&again, original, "{}", desk.name);
    }
    assert_eq!(director.last_seq().await?, seq + 2, "retries write nothing");
    let log = director.read_log(seq + 2).await?;
    let terminals: Vec<(&str, &str)> = log[log.len() - 2..]
        .iter()
        .map(|e| (e.terminal.as_str(), e.request_id.as_str()))
        .collect();
    assert_eq!(
        terminals,
        vec![("reg-1", id.as_str()), ("reg-2", id.as_str())]
    );
    Ok(())
}

/// A tournament created with double entry left unset (on for the event's first tournament) and retried with the
/// same request id after another tournament exists is the same command: the original answer, not a refusal
/// ("already used for a different command"), and nothing written. Found by re-running an OpenGotha import.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_retried_first_tournament_keeps_its_default_double_entry() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let request = |id: &str, name: &str| pb::CreateTournamentRequest {
        meta: tengen_tests::meta_id(id),
        settings: Some(pb::TournamentSettings {
            name: name.into(),
            rounds: 3,
            pairing_system: "mcmahon".into(),
            ..Default::default()
        }),
    };
    let first = director
        .register
        .clone()
        .create_tournament(request("main-1", "Main"))
        .await?
        .into_inner();
    let side = director
        .register
        .clone()
        .create_tournament(request("side-1", "Side"))
        .await?
        .into_inner();
    let scoring = |t: &pb::Tournament| {
        t.settings
            .clone()
            .and_then(|s| s.scoring)
            .and_then(|s| s.double_entry)
    };
    assert_eq!((scoring(&first), scoring(&side)), (Some(true), Some(false)));
    let seq = director.last_seq().await?;
    let again = director
        .register
        .clone()
        .create_tournament(request("main-1", "Main"))
        .await?
        .into_inner();
    assert_eq!(again, first, "the retry gets the original answer");
    assert_eq!(director.last_seq().await?, seq, "and writes nothing");
    Ok(())
}
