//! Two results desks entering one round at once under double entry (issue 5): agreeing entries confirm, the
//! three deliberate disagreements show up as mismatches the director resolves, standings count confirmed results
//! only, and the round closes only when every result counts. Then the referee's day in round 2: a no-show is a
//! forfeit win a results desk cannot overwrite, both absent means both lose, late starts and disputes are noted,
//! and a dispute blocks closing until settled. Results and referee tokens are held to their roles.
//! Results files through the real desk program (issue 12): two desks running one file confirm every table, a
//! row that differs is the only mismatch, and re-running a file on the same desk changes nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use tengen_tests::{cli_binary, code_of, meta, pb, player, PlayDesk, Venue};
use tonic::Code;

use pb::referee_report_request::Report;

/// Checked-in players: 40 games in round 1.
const PLAYERS: usize = 80;
/// Tables at which the second desk types the opposite result in round 1.
const DISAGREE: [u32; 3] = [5, 17, 33];

/// Round 2's referee tables.
const NO_SHOW: u32 = 1;
const BOTH_ABSENT: u32 = 2;
const LATE: u32 = 3;
const DISPUTED: u32 = 4;

/// The result the players report at `table` (White wins at most tables, Black at every third).
fn planned(table: u32) -> pb::Outcome {
    if table % 3 == 0 {
        pb::Outcome::BlackWins
    } else {
        pb::Outcome::WhiteWins
    }
}

fn opposite(outcome: pb::Outcome) -> pb::Outcome {
    match outcome {
        pb::Outcome::WhiteWins => pb::Outcome::BlackWins,
        _ => pb::Outcome::WhiteWins,
    }
}

fn id_of(p: &Option<pb::PlayerRef>) -> u64 {
    p.as_ref().map_or(0, |p| p.id)
}

/// (White, Black) by table.
fn seats(round: &pb::Round) -> BTreeMap<u32, (u64, u64)> {
    round
        .games
        .iter()
        .map(|g| (g.table, (id_of(&g.white), id_of(&g.black))))
        .collect()
}

/// (starting MMS, MMS, wins) in half points by player.
fn scores(s: &pb::Standings) -> BTreeMap<u64, (i32, i32, i32)> {
    s.rows
        .iter()
        .map(|r| {
            (
                id_of(&r.player),
                (r.starting_mms_half, r.mms_half, r.wins_half),
            )
        })
        .collect()
}

/// Enters the results of `tables` from `desk`, all requests in flight at once, on a task of its own.
fn enter_all(
    desk: &PlayDesk,
    t: u64,
    round: u32,
    results: Vec<(u32, pb::Outcome)>,
) -> tokio::task::JoinHandle<Result<Vec<pb::Game>, tonic::Status>> {
    let desk = desk.clone();
    tokio::spawn(async move {
        let reports = results.into_iter().map(|(table, outcome)| {
            let desk = desk.clone();
            async move { desk.report(t, round, table, outcome).await }
        });
        futures::future::try_join_all(reports).await
    })
}

async fn setup(venue: &Venue, director: &PlayDesk) -> anyhow::Result<u64> {
    let req = pb::CreateTournamentRequest {
        meta: meta(),
        settings: Some(pb::TournamentSettings {
            name: "Open".into(),
            rounds: 5,
            pairing_system: "mcmahon".into(),
            mcmahon: Some(pb::McMahonSetup {
                bar: "3d".into(),
                floor: "20k".into(),
                ..Default::default()
            }),
            scoring: Some(pb::Scoring {
                missed_rounds: "half".into(),
                tiebreaks: vec!["egf".into()],
                double_entry: Some(true),
                ..Default::default()
            }),
            ..Default::default()
        }),
    };
    let t = director
        .desk
        .register
        .clone()
        .create_tournament(req)
        .await?
        .into_inner()
        .id;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    let ranks = [
        "4d", "2d", "1d", "1k", "3k", "5k", "8k", "12k", "16k", "20k",
    ];
    let registrations = (0..PLAYERS).map(|i| {
        let desk = desk.clone();
        async move {
            let req = pb::RegisterParticipantRequest {
                meta: meta(),
                fields: Some(pb::ParticipantFields {
                    club: format!("Club {}", i % 7),
                    ..player("Desk", &format!("Player{i:02}"), ranks[i % ranks.len()])
                }),
                enter: vec![tengen_tests::enter(t)],
                check_in: true,
                different_person: false,
            };
            desk.register.clone().register_participant(req).await
        }
    });
    futures::future::try_join_all(registrations).await?;
    director.desk.set_registration_open(t, false).await?;
    Ok(t)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_desks_confirm_agreeing_entries_and_the_director_resolves_the_rest(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let t = setup(&venue, &director).await?;
    let desk1 = venue.play_desk("results-1", pb::Role::Results).await?;
    let desk2 = venue.play_desk("results-2", pb::Role::Results).await?;
    let referee = venue.play_desk("referee-1", pb::Role::Referee).await?;

    // Roles first: a results desk does not draw, nothing is written.
    let r = desk1.draw(t, 1, false, false).await;
    assert_eq!(code_of(&r), Code::PermissionDenied, "{r:?}");
    let r = referee.draw(t, 1, false, false).await;
    assert_eq!(code_of(&r), Code::PermissionDenied, "{r:?}");

    let round = director.draw(t, 1, false, false).await?;
    assert_eq!(round.games.len(), PLAYERS / 2, "40 games, no bye");
    assert!(round.bye.is_none());
    let r = desk1.report(t, 1, 1, pb::Outcome::WhiteWins).await;
    assert_eq!(
        code_of(&r),
        Code::FailedPrecondition,
        "no results before publishing: {r:?}"
    );
    director.publish(t, 1).await?;
    let seat = seats(&round);
    let tables: Vec<u32> = seat.keys().copied().collect();
    assert_eq!(tables, (1..=40).collect::<Vec<u32>>());

    // Both desks at once; the second types three results the other way round.
    let first: Vec<(u32, pb::Outcome)> = tables.iter().map(|&n| (n, planned(n))).collect();
    let second: Vec<(u32, pb::Outcome)> = tables
        .iter()
        .map(|&n| {
            let o = planned(n);
            (
                n,
                if DISAGREE.contains(&n) {
                    opposite(o)
                } else {
                    o
                },
            )
        })
        .collect();
    let (a, b) = (
        enter_all(&desk1, t, 1, first),
        enter_all(&desk2, t, 1, second),
    );
    let (a, b) = (a.await??, b.await??);
    assert_eq!((a.len(), b.len()), (40, 40), "every entry is taken");

    let progress = director.progress(t, 1).await?;
    assert_eq!(
        (
            progress.confirmed,
            progress.mismatched,
            progress.pending,
            progress.missing,
            progress.disputed
        ),
        (37, 3, 0, 0, 0),
        "37 confirmed by two agreeing desks, 3 mismatched"
    );
    let open: Vec<u32> = progress.open.iter().map(|g| g.table).collect();
    assert_eq!(open, DISAGREE.to_vec(), "the mismatched tables");
    for g in &progress.open {
        assert_eq!(g.progress, pb::ResultProgress::Mismatch as i32);
        assert!(g.confirmed.is_none(), "table {}", g.table);
        let terminals: BTreeSet<&str> = g.reports.iter().map(|r| r.terminal.as_str()).collect();
        assert_eq!(
            terminals,
            BTreeSet::from(["results-1", "results-2"]),
            "table {}: one entry from each desk",
            g.table
        );
    }
    let listed = director
        .rounds
        .clone()
        .list_rounds(pb::ListRoundsRequest { tournament_id: t })
        .await?
        .into_inner();
    let summary = &listed.rounds[0];
    assert_eq!(
        (summary.games, summary.confirmed, summary.mismatched),
        (40, 37, 3)
    );

    let r = director.close(t, 1).await;
    assert_eq!(code_of(&r), Code::FailedPrecondition, "{r:?}");
    let message = r.err().map(|s| s.message().to_string()).unwrap_or_default();
    for table in DISAGREE {
        assert!(
            message.contains(&format!("table {table}")),
            "the refusal names table {table}: {message}"
        );
    }

    // Standings count confirmed results only: the mismatched games' players stay at their start.
    let before = scores(&director.standings(t, 1, &[]).await?);
    assert_eq!(before.len(), PLAYERS);
    for (&table, &(w, b)) in &seat {
        let (ws, wm, ww) = before[&w];
        let (bs, bm, bw) = before[&b];
        if DISAGREE.contains(&table) {
            assert_eq!(
                (wm, ww, bm, bw),
                (ws, 0, bs, 0),
                "table {table}: not counted"
            );
        } else {
            let white_won = planned(table) == pb::Outcome::WhiteWins;
            let (win, lose) = if white_won { (2, 0) } else { (0, 2) };
            assert_eq!(
                (wm - ws, ww, bm - bs, bw),
                (win, win, lose, lose),
                "table {table}: counted"
            );
        }
    }

    // The director decides; the director's report counts at once.
    for table in DISAGREE {
        let game = director.report(t, 1, table, planned(table)).await?;
        assert_eq!(game.progress, pb::ResultProgress::Confirmed as i32);
        assert_eq!(
            game.confirmed.map(|c| c.outcome),
            Some(planned(table) as i32)
        );
    }
    let progress = director.progress(t, 1).await?;
    assert_eq!((progress.confirmed, progress.mismatched), (40, 0));
    assert!(progress.open.is_empty());
    let closed = director.close(t, 1).await?;
    assert_eq!(closed.state, pb::RoundState::Closed as i32);
    let after_one = scores(&director.standings(t, 1, &[]).await?);
    for table in DISAGREE {
        let (w, _) = seat[&table];
        let won = planned(table) == pb::Outcome::WhiteWins;
        assert_eq!(
            after_one[&w].1 - after_one[&w].0,
            if won { 2 } else { 0 },
            "table {table} now counts"
        );
    }

    // Round 2: the referee.
    let round = director.draw(t, 2, false, false).await?;
    director.publish(t, 2).await?;
    let seat = seats(&round);
    let (absent, present) = seat[&NO_SHOW];
    let game = referee
        .referee(t, 2, NO_SHOW, Report::NoShow(absent))
        .await?;
    assert_eq!(
        game.confirmed,
        Some(pb::GameResult {
            outcome: pb::Outcome::BlackWins as i32,
            by_forfeit: true
        }),
        "White did not show: Black wins by forfeit"
    );
    assert_eq!(game.progress, pb::ResultProgress::Confirmed as i32);
    assert!(
        game.notes.iter().any(|n| n.contains("no-show")),
        "{:?}",
        game.notes
    );
    let r = desk1.report(t, 2, NO_SHOW, pb::Outcome::WhiteWins).await;
    assert_eq!(
        code_of(&r),
        Code::FailedPrecondition,
        "a results desk cannot overwrite the referee's forfeit: {r:?}"
    );
    let game = referee
        .referee(t, 2, BOTH_ABSENT, Report::BothAbsent(true))
        .await?;
    assert_eq!(
        game.confirmed,
        Some(pb::GameResult {
            outcome: pb::Outcome::BothLose as i32,
            by_forfeit: true
        }),
        "both absent: both lose"
    );
    let (_, late_black) = seat[&LATE];
    let game = referee
        .referee(
            t,
            2,
            LATE,
            Report::LateStart(pb::LateStart {
                player: late_black,
                minutes: 12,
            }),
        )
        .await?;
    assert!(
        game.notes
            .iter()
            .any(|n| n.contains("late start") && n.contains("12 min")),
        "{:?}",
        game.notes
    );
    assert!(game.confirmed.is_none(), "a late start decides nothing");
    let r = referee
        .referee(
            t,
            2,
            LATE,
            Report::LateStart(pb::LateStart {
                player: seat[&DISPUTED].0,
                minutes: 5,
            }),
        )
        .await;
    assert_eq!(
        code_of(&r),
        Code::InvalidArgument,
        "a late start names a player of the table: {r:?}"
    );
    let game = referee
        .referee(
            t,
            2,
            DISPUTED,
            Report::Dispute(pb::Dispute {
                disputed: true,
                note: "ko dispute, clock stopped".into(),
            }),
        )
        .await?;
    assert!(game.disputed);
    assert_eq!(game.progress, pb::ResultProgress::Disputed as i32);

    // Roles: the referee does not enter results, a results desk makes no referee reports.
    let r = referee.report(t, 2, 5, pb::Outcome::WhiteWins).await;
    assert_eq!(code_of(&r), Code::PermissionDenied, "{r:?}");
    let r = desk1.referee(t, 2, 5, Report::BothAbsent(true)).await;
    assert_eq!(code_of(&r), Code::PermissionDenied, "{r:?}");
    let r = referee.close(t, 2).await;
    assert_eq!(code_of(&r), Code::PermissionDenied, "{r:?}");

    // The desks enter the other tables, the disputed one included, both at once and agreeing.
    let rest: Vec<(u32, pb::Outcome)> = seat
        .keys()
        .filter(|&&n| n != NO_SHOW && n != BOTH_ABSENT)
        .map(|&n| (n, planned(n)))
        .collect();
    let (a, b) = (
        enter_all(&desk1, t, 2, rest.clone()),
        enter_all(&desk2, t, 2, rest),
    );
    a.await??;
    b.await??;
    let progress = director.progress(t, 2).await?;
    assert_eq!(
        (progress.confirmed, progress.disputed, progress.mismatched),
        (39, 1, 0)
    );
    let open: Vec<u32> = progress.open.iter().map(|g| g.table).collect();
    assert_eq!(open, vec![DISPUTED]);
    let r = director.close(t, 2).await;
    assert_eq!(code_of(&r), Code::FailedPrecondition, "{r:?}");
    let message = r.err().map(|s| s.message().to_string()).unwrap_or_default();
    assert!(
        message.contains(&format!("table {DISPUTED}")),
        "the refusal names the disputed table: {message}"
    );
    let game = referee
        .referee(
            t,
            2,
            DISPUTED,
            Report::Dispute(pb::Dispute {
                disputed: false,
                note: "settled, the result stands".into(),
            }),
        )
        .await?;
    assert!(!game.disputed);
    assert_eq!(game.progress, pb::ResultProgress::Confirmed as i32);
    let round = director.round(t, 2).await?;
    let notes = |table: u32| {
        round
            .games
            .iter()
            .find(|g| g.table == table)
            .map(|g| g.notes.clone())
            .unwrap_or_default()
    };
    assert!(
        notes(LATE).iter().any(|n| n.contains("late start")),
        "{:?}",
        notes(LATE)
    );
    let disputed_notes = notes(DISPUTED);
    assert!(
        disputed_notes
            .iter()
            .any(|n| n.contains("disputed") && n.contains("ko dispute, clock stopped"))
            && disputed_notes
                .iter()
                .any(|n| n.contains("settled, the result stands")),
        "{disputed_notes:?}"
    );
    director.close(t, 2).await?;

    // Forfeits in the standings: the present player wins, both absent players gain nothing.
    let after_two = scores(&director.standings(t, 2, &[]).await?);
    let gained = |p: u64| {
        (
            after_two[&p].1 - after_one[&p].1,
            after_two[&p].2 - after_one[&p].2,
        )
    };
    assert_eq!(gained(present), (2, 2), "the forfeit counts as a win");
    assert_eq!(gained(absent), (0, 0));
    let (x, y) = seat[&BOTH_ABSENT];
    assert_eq!(
        (gained(x), gained(y)),
        ((0, 0), (0, 0)),
        "both lose: MMS and wins unchanged"
    );
    Ok(())
}

/// `tengen results T R --file FILE` run by the real desk program with `token`: success, and stdout + stderr.
fn results_file(
    venue: &Venue,
    token: &str,
    t: u64,
    round: u32,
    file: &Path,
) -> anyhow::Result<(bool, String)> {
    let home = tempfile::tempdir()?;
    let (t, round) = (t.to_string(), round.to_string());
    let out = std::process::Command::new(cli_binary()?)
        .args(["results", &t, &round, "--file"])
        .arg(file)
        .env("TENGEN_SERVER", venue.url())
        .env("TENGEN_CA", venue.data_dir().join("ca.pem"))
        .env("TENGEN_TOKEN", token)
        .env("XDG_CONFIG_HOME", home.path())
        .env("NO_COLOR", "1")
        .env_remove("TENGEN_DATA")
        .env_remove("TENGEN_TOKEN_FILE")
        .output()?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Ok((out.status.success(), text))
}

/// A results file (`table,result` with `w`/`b`, CRLF line ends as a spreadsheet saves them).
fn write_results(
    dir: &Path,
    name: &str,
    results: &[(u32, pb::Outcome)],
) -> anyhow::Result<std::path::PathBuf> {
    let mut text = String::from("table,result\r\n");
    for (table, outcome) in results {
        let letter = if *outcome == pb::Outcome::WhiteWins {
            "w"
        } else {
            "b"
        };
        text.push_str(&format!("{table},{letter}\r\n"));
    }
    let path = dir.join(name);
    std::fs::write(&path, text)?;
    Ok(path)
}

/// Round 1 drawn and published; two results tokens (secrets).
async fn published_round(
    venue: &Venue,
    director: &PlayDesk,
) -> anyhow::Result<(u64, Vec<u32>, String, String)> {
    let t = setup(venue, director).await?;
    let round = director.draw(t, 1, false, false).await?;
    director.publish(t, 1).await?;
    let tables: Vec<u32> = seats(&round).keys().copied().collect();
    let (_, one) = director
        .desk
        .create_token("results-1", pb::Role::Results)
        .await?;
    let (_, two) = director
        .desk
        .create_token("results-2", pb::Role::Results)
        .await?;
    Ok((t, tables, one, two))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_12_two_desks_running_one_results_file_confirm_every_table() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let (t, tables, one, two) = published_round(&venue, &director).await?;
    let dir = tempfile::tempdir()?;
    let results: Vec<(u32, pb::Outcome)> = tables.iter().map(|&n| (n, planned(n))).collect();
    let file = write_results(dir.path(), "round1.csv", &results)?;

    let (ok, first) = results_file(&venue, &one, t, 1, &file)?;
    assert!(ok && first.contains("40 entered, 0 not entered"), "{first}");
    let progress = director.progress(t, 1).await?;
    assert_eq!(
        (progress.pending, progress.confirmed),
        (40, 0),
        "one desk: pending"
    );

    // Re-running on the same desk: the same answer, nothing written.
    let seq = director.desk.last_seq().await?;
    let (ok, again) = results_file(&venue, &one, t, 1, &file)?;
    assert!(ok, "{again}");
    assert_eq!(again, first, "the same answer");
    assert_eq!(director.desk.last_seq().await?, seq, "no new entries");
    assert_eq!(director.progress(t, 1).await?.pending, 40);

    // The same file from the second desk is the second entry: every table confirmed.
    let (ok, second) = results_file(&venue, &two, t, 1, &file)?;
    assert!(
        ok && second.contains("40 entered, 0 not entered"),
        "{second}"
    );
    assert_eq!(
        director.desk.last_seq().await?,
        seq + 40,
        "one entry per table"
    );
    let progress = director.progress(t, 1).await?;
    assert_eq!(
        (progress.confirmed, progress.pending, progress.mismatched),
        (40, 0, 0),
        "{:?}",
        progress.open
    );
    for g in &director.round(t, 1).await?.games {
        let terminals: BTreeSet<&str> = g.reports.iter().map(|r| r.terminal.as_str()).collect();
        assert_eq!(
            terminals,
            BTreeSet::from(["results-1", "results-2"]),
            "table {}",
            g.table
        );
    }
    let seq = director.desk.last_seq().await?;
    for token in [&one, &two] {
        let (ok, out) = results_file(&venue, token, t, 1, &file)?;
        assert!(ok, "{out}");
    }
    assert_eq!(
        director.desk.last_seq().await?,
        seq,
        "re-runs on either desk write nothing"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_12_a_row_that_differs_between_two_desks_files_is_the_only_mismatch(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let (t, tables, one, two) = published_round(&venue, &director).await?;
    let dir = tempfile::tempdir()?;
    const TYPO: u32 = 17;
    let results: Vec<(u32, pb::Outcome)> = tables.iter().map(|&n| (n, planned(n))).collect();
    let typo: Vec<(u32, pb::Outcome)> = results
        .iter()
        .map(|&(n, o)| (n, if n == TYPO { opposite(o) } else { o }))
        .collect();
    let file = write_results(dir.path(), "desk1.csv", &results)?;
    let typed = write_results(dir.path(), "desk2.csv", &typo)?;
    let (ok, out) = results_file(&venue, &one, t, 1, &file)?;
    assert!(ok, "{out}");
    let (ok, out) = results_file(&venue, &two, t, 1, &typed)?;
    assert!(ok, "{out}");
    let progress = director.progress(t, 1).await?;
    assert_eq!((progress.confirmed, progress.mismatched), (39, 1));
    let open: Vec<(u32, i32)> = progress
        .open
        .iter()
        .map(|g| (g.table, g.progress))
        .collect();
    assert_eq!(open, vec![(TYPO, pb::ResultProgress::Mismatch as i32)]);

    // Desk 2 fixes its file and runs it again: only the corrected table is sent, and it confirms.
    let seq = director.desk.last_seq().await?;
    let (ok, out) = results_file(&venue, &two, t, 1, &file)?;
    assert!(ok && out.contains("40 entered"), "{out}");
    assert_eq!(director.desk.last_seq().await?, seq + 1, "one new entry");
    let progress = director.progress(t, 1).await?;
    assert_eq!((progress.confirmed, progress.mismatched), (40, 0));

    // The typo file again: table 17 is sent afresh (not answered from the first run's memory as "entered") and
    // refused, since a confirmed table is the director's to change.
    let (ok, out) = results_file(&venue, &two, t, 1, &typed)?;
    assert!(!ok && out.contains("already confirmed"), "{out}");
    assert!(out.contains("39 entered, 1 not entered"), "{out}");
    assert_eq!(director.desk.last_seq().await?, seq + 1, "nothing written");
    Ok(())
}
