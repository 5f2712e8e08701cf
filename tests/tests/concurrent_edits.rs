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

/// Registers and checks in players into `tournament` one after another until `stop` turns true; returns their ids.
async fn check_in_until(
    desk: Desk,
    tournament: u64,
    stop: tokio::sync::watch::Receiver<bool>,
) -> Result<Vec<u64>, Status> {
    let mut ids = Vec::new();
    while !*stop.borrow() {
        let req = pb::RegisterParticipantRequest {
            meta: tengen_tests::meta(),
            fields: Some(player(
                "Latecomer",
                &format!("{}-{}", desk.name, ids.len()),
                "8k",
            )),
            enter: vec![enter(tournament)],
            check_in: true,
            ..Default::default()
        };
        ids.push(
            desk.register
                .clone()
                .register_participant(req)
                .await?
                .into_inner()
                .id,
        );
    }
    Ok(ids)
}

/// Issue 16 §3: the round is drawn outside the writer from a copy of the register, and the writer takes it only
/// if that copy is still current. Two late desks check players in while the director draws round 1, until the
/// server has had to draw again at least once; the round then seats exactly the players checked in before the
/// draw's log entry (none left out by a stale draw, none from after it), the draw is one entry with its seed, a
/// retry with the same request id answers with that same round, and the round survives a restart unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_overtaken_by_check_ins_is_drawn_again_and_seats_exactly_who_was_in(
) -> anyhow::Result<()> {
    let mut venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let t = director.desk.create_tournament("Main", 3).await?.id;
    for i in 0..300 {
        let req = pb::RegisterParticipantRequest {
            meta: tengen_tests::meta(),
            fields: Some(player(
                "Field",
                &format!("{i}"),
                ["3d", "1k", "5k", "12k"][i % 4],
            )),
            enter: vec![enter(t)],
            check_in: true,
            ..Default::default()
        };
        director
            .desk
            .register
            .clone()
            .register_participant(req)
            .await?;
    }
    director.desk.set_registration_open(t, false).await?;
    let (stop_tx, stop) = tokio::sync::watch::channel(false);
    let mut late = Vec::new();
    for name in ["late-1", "late-2"] {
        let desk = venue.desk(name, pb::Role::LateDesk).await?;
        late.push(tokio::spawn(check_in_until(desk, t, stop.clone())));
    }
    // The desks keep checking players in until the server reports a draw overtaken by them.
    let draw_request = |id: &str| pb::DrawRoundRequest {
        meta: tengen_tests::meta_id(id),
        tournament_id: t,
        round: 1,
        ..Default::default()
    };
    let drawing = {
        let mut rounds = director.rounds.clone();
        let req = draw_request("draw-1");
        tokio::spawn(async move { rounds.draw_round(req).await })
    };
    let waited = std::time::Instant::now();
    while !venue.logs().contains("drawing again") {
        anyhow::ensure!(
            waited.elapsed() < std::time::Duration::from_secs(60),
            "no draw was overtaken in 60 s"
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    stop_tx.send(true)?;
    let mut latecomers = Vec::new();
    for desk in late {
        latecomers.extend(desk.await??);
    }
    let drawn = match drawing.await? {
        Ok(r) => r.into_inner(),
        // Overtaken three times in a row: the director is told, nothing was written, and the same request
        // now goes through.
        Err(s) => {
            assert_eq!(s.code(), Code::Aborted, "{s:?}");
            assert!(s.message().contains("draw it again"), "{s:?}");
            director
                .rounds
                .clone()
                .draw_round(draw_request("draw-1"))
                .await?
                .into_inner()
        }
    };
    assert!(!latecomers.is_empty());

    // Exactly one entry draws the round; it seats every player checked in before it, and nobody after.
    let last = director.desk.last_seq().await?;
    let log = director.desk.read_log(last).await?;
    let draws: Vec<&pb::LogEntry> = log
        .iter()
        .filter(|e| e.events.iter().any(|ev| ev.kind == "RoundDrawn"))
        .collect();
    assert_eq!(draws.len(), 1, "one draw entry");
    let draw_seq = draws[0].seq;
    let registered_at = |id: u64| {
        log.iter()
            .find(|e| {
                e.events.iter().any(|ev| {
                    matches!(&ev.subject, Some(pb::event::Subject::Participant(p)) if p.id == id)
                })
            })
            .map(|e| e.seq)
            .expect("every latecomer's registration is in the log")
    };
    let seated: std::collections::BTreeSet<u64> = drawn
        .games
        .iter()
        .flat_map(|g| [g.white.as_ref(), g.black.as_ref()])
        .chain([drawn.bye.as_ref()])
        .flatten()
        .map(|p| p.id)
        .collect();
    let (before, after): (Vec<u64>, Vec<u64>) = latecomers
        .iter()
        .partition(|id| registered_at(**id) < draw_seq);
    assert!(
        !before.is_empty(),
        "latecomers were checked in before the draw committed"
    );
    for id in &before {
        assert!(
            seated.contains(id),
            "{id} was checked in before the draw and is seated"
        );
    }
    for id in &after {
        assert!(
            !seated.contains(id),
            "{id} came after the draw and is not in it"
        );
    }
    assert_eq!(seated.len(), 300 + before.len());
    assert_ne!(drawn.seed, 0, "the draw records its seed");
    eprintln!(
        "{} latecomers, {} before the draw; redraws: {}",
        latecomers.len(),
        before.len(),
        venue.logs().matches("drawing again").count()
    );

    // The same request again is the same round, and the log still has one draw.
    let retried = director
        .rounds
        .clone()
        .draw_round(draw_request("draw-1"))
        .await?
        .into_inner();
    assert_eq!(retried.seed, drawn.seed);
    assert_eq!(retried.games, drawn.games);
    assert_eq!(
        director.desk.last_seq().await?,
        last,
        "a retry writes nothing"
    );

    // Replaying the log reproduces the round.
    venue.kill9()?;
    venue.restart().await?;
    let director = venue.play_director().await?;
    let replayed = director.round(t, 1).await?;
    assert_eq!(replayed.seed, drawn.seed);
    assert_eq!(replayed.games, drawn.games);
    assert_eq!(replayed.bye, drawn.bye);
    Ok(())
}
