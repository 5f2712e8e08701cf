//! Closing registration for a tournament stops registration desks from entering or checking players in
//! (`PERMISSION_DENIED`, nothing changes) while the late desk and the director still can; closing it from the
//! command line names whoever never came.

use tengen_tests::{code_of, enter, meta, pb, player, Venue};
use tonic::Code;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_registration_refuses_the_registration_desk_but_not_the_late_desk(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let reg = venue.desk("reg-1", pb::Role::Registration).await?;
    let late = venue.desk("late-1", pb::Role::LateDesk).await?;
    let main = director.create_tournament("Main", 5).await?;
    let lightning = director.create_tournament("Lightning", 3).await?;
    assert!(
        main.registration_open,
        "a new tournament is open for registration"
    );
    let early = reg
        .register_player(player("Early", "Bird", "4k"), vec![enter(main.id)])
        .await?;
    let waiting = reg
        .register_player(player("Side", "Event", "4k"), vec![enter(lightning.id)])
        .await?;

    let closed = director.set_registration_open(main.id, false).await?;
    assert!(!closed.registration_open);
    let before = director.last_seq().await?;
    let count = director.list_all().await?.len();

    let refused = reg
        .register_player(player("Walk", "In", "10k"), vec![enter(main.id)])
        .await;
    assert_eq!(code_of(&refused), Code::PermissionDenied, "{refused:?}");
    let msg = refused.unwrap_err().message().to_string();
    assert!(
        msg.contains("closed") && msg.contains("late desk"),
        "tells the volunteer what to do: {msg}"
    );
    let refused = reg
        .register
        .clone()
        .enter_tournament(pb::EnterTournamentRequest {
            meta: meta(),
            participant_id: waiting.id,
            entry: Some(enter(main.id)),
            expected_revision: 0,
        })
        .await;
    assert_eq!(
        code_of(&refused),
        Code::PermissionDenied,
        "entering a closed tournament: {refused:?}"
    );
    assert_eq!(
        director.last_seq().await?,
        before,
        "refusals change nothing"
    );
    assert_eq!(director.list_all().await?.len(), count);
    assert_eq!(director.get(waiting.id).await?.entries.len(), 1);

    // Other tournaments and other desk work still go on.
    reg.register_player(player("Only", "Lightning", "8k"), vec![enter(lightning.id)])
        .await?;
    // After the close a pre-registered player who arrives goes to the late desk (issue 12 §6).
    let check_in = || pb::EntryRequest {
        meta: meta(),
        participant_id: early.id,
        tournament_id: main.id,
        expected_revision: 0,
    };
    let refused = reg.register.clone().check_in(check_in()).await;
    assert_eq!(code_of(&refused), Code::PermissionDenied, "{refused:?}");
    let checked = late
        .register
        .clone()
        .check_in(check_in())
        .await?
        .into_inner();
    assert_eq!(
        checked.entries[0].status,
        pb::EntryStatus::CheckedIn as i32,
        "the late desk checks pre-registered latecomers in"
    );

    // The late desk and the director register walk-ins.
    let walk_in = late
        .register_player(player("Walk", "In", "10k"), vec![enter(main.id)])
        .await?;
    assert_eq!(walk_in.entries[0].tournament_id, main.id);
    let entered = late
        .register
        .clone()
        .enter_tournament(pb::EnterTournamentRequest {
            meta: meta(),
            participant_id: waiting.id,
            entry: Some(enter(main.id)),
            expected_revision: 0,
        })
        .await?
        .into_inner();
    assert_eq!(entered.entries.len(), 2);
    director
        .register_player(player("Director", "Guest", "1d"), vec![enter(main.id)])
        .await?;

    // Reopened: the registration desk may again.
    director.set_registration_open(main.id, true).await?;
    reg.register_player(player("Second", "Chance", "12k"), vec![enter(main.id)])
        .await?;
    Ok(())
}

/// Closing registration from the command line names every pre-registered player who never checked in: nobody
/// leaves the draw unseen (issue 12 §4).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_registration_names_who_never_came() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.director().await?;
    let main = director.create_tournament("Main", 5).await?;
    let came = director
        .register_player(player("Came", "Early", "4k"), vec![enter(main.id)])
        .await?;
    let absent = director
        .register_player(player("Never", "Came", "6k"), vec![enter(main.id)])
        .await?;
    director
        .register
        .clone()
        .check_in(pb::EntryRequest {
            meta: meta(),
            participant_id: came.id,
            tournament_id: main.id,
            expected_revision: 0,
        })
        .await?;
    let out = std::process::Command::new(tengen_tests::cli_binary()?)
        .args(["tournament", "close-registration", &main.id.to_string()])
        .env("TENGEN_SERVER", venue.url())
        .env("TENGEN_CA", venue.data_dir().join("ca.pem"))
        .env("TENGEN_TOKEN_FILE", venue.data_dir().join("director.token"))
        .env("NO_COLOR", "1")
        .env_remove("TENGEN_TOKEN")
        .output()?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("1 pre-registered player(s) never checked in")
            && stderr.contains(&format!("P{} Never Came", absent.id))
            && !stderr.contains("Came Early"),
        "{stderr}"
    );
    Ok(())
}
