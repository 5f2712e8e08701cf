//! The director's day through the real desk program (issue 4): `tengen` (built here as `tengen-under-test`) runs
//! as a process against a real server over TLS for a whole six-round McMahon event under the Mays profile:
//! tournament create with the play-settings flags, 21 players registered and checked in at once (one accented
//! name, one CJK name), `mcmahon suggest`, close registration, numbering, then per round draw / show / publish /
//! one `result` per table / `progress` / close, with a referee's no-show (referee token) in round 3 and a
//! latecomer registered by the director before round 4. The standings are checked against the games parsed
//! from `round show --json`: every MMS is its start plus the points entered (win 1, jigo ½, forfeit 1, bye,
//! ½ per missed round); no repeated game, no second bye; the EGF tie-break override, `explain`, the printed
//! sheets, and a refusal (closing a closed round exits 2 with the server's message on stderr).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;
use tengen_tests::{cli_binary, Venue};

const ROUNDS: u32 = 6;
/// The round with the referee's no-show, and its table (not a jigo table).
const NO_SHOW_ROUND: u32 = 3;
const NO_SHOW_TABLE: u64 = 3;

/// family, given, rank, club, city.
const FIELD: [(&str, &str, &str, &str, &str); 21] = [
    ("Côté", "Élise", "5d", "Paris GC", "Paris"),
    ("李", "伟", "4d", "Beijing Weiqi", "Beijing"),
    ("Müller", "Hans", "3d", "Berlin GC", "Berlin"),
    ("Novak", "Jan", "3d", "Praha Go", "Praha"),
    ("Berg", "Jo", "2d", "Oslo GK", "Oslo"),
    ("Smith", "Ann", "2d", "London GC", "London"),
    ("Rossi", "Luca", "1d", "Milano Go", "Milano"),
    ("García", "Lucía", "1k", "Madrid Go", "Madrid"),
    ("Dubois", "Marc", "1k", "Paris GC", "Paris"),
    ("Kowalski", "Piotr", "2k", "Warszawa GK", "Warszawa"),
    ("Eklund", "Sara", "3k", "Oslo GK", "Oslo"),
    ("Jansen", "Pieter", "4k", "Amsterdam GC", "Amsterdam"),
    ("Weber", "Eva", "5k", "Berlin GC", "Berlin"),
    ("Horvat", "Ivo", "6k", "Zagreb Go", "Zagreb"),
    ("Olsen", "Mette", "8k", "København GK", "København"),
    ("Ferrari", "Giulia", "10k", "Milano Go", "Milano"),
    ("Brown", "Tom", "12k", "London GC", "London"),
    ("Nagy", "Zoltán", "14k", "Budapest Go", "Budapest"),
    ("Petrov", "Ivan", "16k", "Sofia Go", "Sofia"),
    ("Gruber", "Anna", "18k", "Wien GK", "Wien"),
    ("Silva", "Rui", "20k", "Lisboa Go", "Lisboa"),
];

/// The latecomer, registered by the director after round 3 closed.
const LATECOMER: (&str, &str, &str, &str, &str) = ("Lindqvist", "Nils", "3k", "Malmö GK", "Malmö");

/// The desk program pointed at the venue: director token by default.
struct Tengen {
    bin: PathBuf,
    server: String,
    ca: PathBuf,
    token_file: PathBuf,
    config_home: tempfile::TempDir,
}

impl Tengen {
    fn new(venue: &Venue) -> anyhow::Result<Tengen> {
        Ok(Tengen {
            bin: cli_binary()?,
            server: venue.url(),
            ca: venue.data_dir().join("ca.pem"),
            token_file: venue.data_dir().join("director.token"),
            config_home: tempfile::tempdir()?,
        })
    }

    /// The command with the connection in the environment and nothing inherited that could change it.
    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(&self.bin);
        cmd.args(args)
            .env("TENGEN_SERVER", &self.server)
            .env("TENGEN_CA", &self.ca)
            .env("TENGEN_OPERATOR", "e2e-cli")
            .env("XDG_CONFIG_HOME", self.config_home.path())
            .env("NO_COLOR", "1")
            .env_remove("TENGEN_DATA")
            .env_remove("TENGEN_TOKEN")
            .env_remove("TENGEN_TOKEN_FILE");
        cmd
    }

    /// Runs with the director's token file.
    fn run(&self, args: &[&str]) -> Output {
        let mut cmd = self.command(args);
        cmd.env("TENGEN_TOKEN_FILE", &self.token_file);
        cmd.output()
            .unwrap_or_else(|e| panic!("cannot start tengen {args:?}: {e}"))
    }

    /// Runs with a literal token in `TENGEN_TOKEN`.
    fn run_with_token(&self, token: &str, args: &[&str]) -> Output {
        let mut cmd = self.command(args);
        cmd.env("TENGEN_TOKEN", token);
        cmd.output()
            .unwrap_or_else(|e| panic!("cannot start tengen {args:?}: {e}"))
    }

    /// Runs as director, expecting success; stdout.
    fn ok(&self, args: &[&str]) -> String {
        succeeded(args, self.run(args))
    }

    /// Runs as director with `--json`, expecting success; the parsed stdout.
    fn json(&self, args: &[&str]) -> Value {
        let mut all = args.to_vec();
        all.push("--json");
        parse(&all, &self.ok(&all))
    }
}

fn succeeded(args: &[&str], out: Output) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "tengen {args:?} failed ({}):\nstdout: {stdout}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn parse(args: &[&str], stdout: &str) -> Value {
    serde_json::from_str(stdout)
        .unwrap_or_else(|e| panic!("tengen {args:?} printed no JSON ({e}):\n{stdout}"))
}

fn u64_of(v: &Value, key: &str) -> u64 {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("no number {key} in {v}"))
}

fn i64_of(v: &Value, key: &str) -> i64 {
    v[key]
        .as_i64()
        .unwrap_or_else(|| panic!("no number {key} in {v}"))
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("no text {key} in {v}"))
}

fn array_of<'a>(v: &'a Value, key: &str) -> &'a Vec<Value> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("no list {key} in {v}"))
}

/// Registers and checks in one player for every round of tournament 1; the participant id.
fn add_player(tengen: &Tengen, p: (&str, &str, &str, &str, &str)) -> u64 {
    let (family, given, rank, club, city) = p;
    let added = tengen.json(&[
        "player",
        "add",
        "--family",
        family,
        "--given",
        given,
        "--rank",
        rank,
        "--club",
        club,
        "--city",
        city,
        "--enter",
        "1",
        "--checkin",
    ]);
    assert_eq!(str_of(&added, "family_name"), family);
    assert_eq!(str_of(&added, "given_name"), given);
    u64_of(&added, "id")
}

/// One game as `round show --json` printed it.
#[derive(Debug)]
struct Game {
    table: u64,
    white: (u64, u64),
    black: (u64, u64),
    ranks: [String; 2],
    handicap: u64,
}

/// At or above the bar (2d): starts at the bar, so plays even games (`--even-at-bar`).
fn at_bar(rank: &str) -> bool {
    rank.strip_suffix('d')
        .and_then(|n| n.parse::<u32>().ok())
        .is_some_and(|n| n >= 2)
}

/// (participant id, number) of a player reference.
fn player_ref(v: &Value) -> (u64, u64) {
    (u64_of(v, "id"), u64_of(v, "number"))
}

/// What a round gave: half points per participant, who took part, the pairs and the bye.
#[derive(Debug, Default)]
struct RoundOutcome {
    points: BTreeMap<u64, i64>,
    present: BTreeSet<u64>,
    pairs: Vec<(u64, u64)>,
    bye: Option<u64>,
    /// Half points handed out in the round's games and bye.
    distributed: i64,
    /// Games decided by the referee's no-show.
    forfeits: usize,
}

/// The word typed at the desk and the half points (white, black): the stronger player (lower number) wins,
/// every fifth table is a jigo.
fn planned(g: &Game) -> (&'static str, i64, i64) {
    if g.table % 5 == 0 {
        ("jigo", 1, 1)
    } else if g.white.1 < g.black.1 {
        ("w", 2, 0)
    } else {
        ("b", 0, 2)
    }
}

/// Draws, shows, publishes, enters and closes round `r`.
fn play_round(tengen: &Tengen, referee: &str, r: u32, bye_half: i64) -> RoundOutcome {
    let round = r.to_string();
    let drawn = tengen.json(&["round", "draw", "1", &round]);
    assert_eq!(str_of(&drawn, "state"), "drawn");
    let shown = tengen.json(&["round", "show", "1", &round]);
    assert_eq!(u64_of(&shown, "number"), u64::from(r));
    assert!(
        array_of(&shown, "unpaired").is_empty(),
        "round {r}: {shown}"
    );
    let games: Vec<Game> = array_of(&shown, "games")
        .iter()
        .map(|g| Game {
            table: u64_of(g, "table"),
            white: player_ref(&g["white"]),
            black: player_ref(&g["black"]),
            ranks: [
                str_of(&g["white"], "rank").to_string(),
                str_of(&g["black"], "rank").to_string(),
            ],
            handicap: u64_of(g, "handicap"),
        })
        .collect();
    for g in &games {
        assert!(g.handicap <= 9, "round {r}: {g:?}");
        if g.ranks.iter().any(|rank| at_bar(rank)) {
            assert_eq!(g.handicap, 0, "round {r}, even at the bar: {g:?}");
        }
    }
    assert!(!games.is_empty(), "round {r} has no games");
    let tables: BTreeSet<u64> = games.iter().map(|g| g.table).collect();
    assert_eq!(tables.len(), games.len(), "round {r}: a table twice");

    let mut outcome = RoundOutcome::default();
    if let Some(bye) = shown["bye"].as_object() {
        let id = bye["id"].as_u64().expect("a bye with an id");
        outcome.bye = Some(id);
        outcome.present.insert(id);
        outcome.points.insert(id, bye_half);
        outcome.distributed += bye_half;
    }

    let published = tengen.json(&["round", "publish", "1", &round]);
    assert_eq!(str_of(&published, "state"), "published");

    for g in &games {
        let table = g.table.to_string();
        let (white_half, black_half, answer) = if r == NO_SHOW_ROUND && g.table == NO_SHOW_TABLE {
            // White did not come: the referee reports it, Black wins by forfeit.
            let args = [
                "referee",
                "no-show",
                "1",
                &round,
                &table,
                &g.white.0.to_string(),
                "--json",
            ];
            let stdout = succeeded(&args, tengen.run_with_token(referee, &args));
            let answer = parse(&args, &stdout);
            assert_eq!(answer["confirmed"]["result"], "0-1", "{answer}");
            assert_eq!(answer["confirmed"]["by_forfeit"], true, "{answer}");
            outcome.forfeits += 1;
            (0, 2, answer)
        } else {
            let (word, w, b) = planned(g);
            let answer = tengen.json(&["result", "1", &round, &table, word]);
            let expected = match word {
                "w" => "1-0",
                "b" => "0-1",
                _ => "½-½",
            };
            assert_eq!(answer["confirmed"]["result"], expected, "{answer}");
            (w, b, answer)
        };
        assert_eq!(str_of(&answer, "progress"), "confirmed", "{answer}");
        for (id, half) in [(g.white.0, white_half), (g.black.0, black_half)] {
            assert!(outcome.present.insert(id), "round {r}: {id} plays twice");
            outcome.points.insert(id, half);
        }
        outcome.distributed += white_half + black_half;
        outcome
            .pairs
            .push((g.white.0.min(g.black.0), g.white.0.max(g.black.0)));
    }

    let progress = tengen.json(&["progress", "1", &round]);
    assert_eq!(u64_of(&progress, "confirmed"), games.len() as u64);
    for open in ["pending", "missing", "mismatched", "disputed"] {
        assert_eq!(u64_of(&progress, open), 0, "round {r} {open}: {progress}");
    }
    assert!(array_of(&progress, "open").is_empty(), "{progress}");

    let closed = tengen.json(&["round", "close", "1", &round]);
    assert_eq!(str_of(&closed, "state"), "closed");
    outcome
}

#[tokio::test]
async fn a_director_runs_a_six_round_event_from_the_cli() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;

    let who = tengen.json(&["whoami"]);
    assert_eq!(str_of(&who, "role"), "director");

    let created = tengen.json(&[
        "tournament",
        "create",
        "--name",
        "Main",
        "--rounds",
        "6",
        "--system",
        "mcmahon",
        "--profile",
        "mays",
        "--bye-rule",
        "mays",
        "--tiebreaks",
        "mays",
        "--bar",
        "2d",
        "--handicap-rank",
        "--handicap-ceiling",
        "9",
        "--even-at-bar",
        "--missed",
        "half",
    ]);
    assert_eq!(u64_of(&created, "id"), 1, "{created}");
    assert_eq!(created["mcmahon"]["bar"], "2d");
    assert_eq!(created["handicap"]["based_on_mms"], false);
    assert_eq!(created["handicap"]["even_at_bar"], true);
    assert_eq!(created["draw"]["profile"], "mays");
    assert_eq!(created["draw"]["bye_rule"], "mays");
    assert_eq!(created["scoring"]["missed_rounds"], "half");
    let bye_half = i64_of(&created["scoring"], "bye_half_points");

    let mut ids: BTreeSet<u64> = FIELD.iter().map(|&p| add_player(&tengen, p)).collect();
    assert_eq!(ids.len(), FIELD.len());
    let found = tengen.json(&["player", "find", "cote"]);
    assert!(
        found
            .as_array()
            .into_iter()
            .flatten()
            .any(|p| p["family_name"] == "Côté"),
        "{found}"
    );

    let suggestion = tengen.json(&["mcmahon", "suggest", "1"]);
    let counted: u64 = array_of(&suggestion, "field")
        .iter()
        .map(|c| c[1].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(counted, FIELD.len() as u64, "{suggestion}");
    assert!(!str_of(&suggestion, "bar").is_empty(), "{suggestion}");

    let closed = tengen.json(&["tournament", "close-registration", "1"]);
    assert_eq!(closed["registration_open"], false, "{closed}");
    tengen.json(&["number", "1"]);
    let numbers = tengen.json(&["numbers", "1"]);
    let numbered: Vec<(u64, u64)> = array_of(&numbers, "players")
        .iter()
        .map(player_ref)
        .collect();
    assert_eq!(numbered.len(), FIELD.len());
    assert_eq!(
        numbered.iter().map(|p| p.1).collect::<Vec<_>>(),
        (1..=FIELD.len() as u64).collect::<Vec<_>>()
    );
    // The 5d is the strongest: number 1.
    assert_eq!(array_of(&numbers, "players")[0]["family_name"], "Côté");

    let referee = tengen.json(&["token", "create", "--role", "referee", "--name", "ref"]);
    assert_eq!(str_of(&referee, "role"), "referee");
    let referee_token = str_of(&referee, "token").to_string();

    let mut rounds = Vec::new();
    for r in 1..=ROUNDS {
        if r == 4 {
            // Registration is closed, but the director may still register (and check in) a latecomer.
            assert!(ids.insert(add_player(&tengen, LATECOMER)));
        }
        rounds.push(play_round(&tengen, &referee_token, r, bye_half));
    }

    // The draw: nobody met twice, nobody had two byes, everyone present in every round they were entered for.
    let mut met = BTreeSet::new();
    for (i, round) in rounds.iter().enumerate() {
        for pair in &round.pairs {
            assert!(met.insert(*pair), "round {}: {pair:?} met before", i + 1);
        }
    }
    let byes: Vec<u64> = rounds.iter().filter_map(|r| r.bye).collect();
    assert_eq!(
        byes.iter().collect::<BTreeSet<_>>().len(),
        byes.len(),
        "a second bye: {byes:?}"
    );
    assert_eq!(byes.len(), 3, "21 players in rounds 1-3, 22 from round 4");
    let forfeits: Vec<usize> = rounds.iter().map(|r| r.forfeits).collect();
    assert_eq!(forfeits, [0, 0, 1, 0, 0, 0]);
    let list = tengen.json(&["round", "list", "1"]);
    let states: Vec<&str> = array_of(&list, "rounds")
        .iter()
        .map(|r| str_of(r, "state"))
        .collect();
    assert_eq!(states, ["closed"; ROUNDS as usize]);

    // The final standings against the games entered.
    let standings = tengen.json(&["standings", "1"]);
    assert_eq!(u64_of(&standings, "after_round"), u64::from(ROUNDS));
    let criteria = array_of(&standings, "criteria");
    assert!(
        criteria[0]
            .as_str()
            .is_some_and(|c| c.eq_ignore_ascii_case("mms")),
        "{criteria:?}"
    );
    let rows = array_of(&standings, "rows");
    let placed: Vec<u64> = rows.iter().map(|r| u64_of(&r["player"], "id")).collect();
    assert_eq!(placed.len(), ids.len(), "every player once");
    assert_eq!(placed.iter().copied().collect::<BTreeSet<_>>(), ids);
    let places: Vec<u64> = rows.iter().map(|r| u64_of(r, "place")).collect();
    assert!(
        places.windows(2).all(|w| w[0] <= w[1]),
        "places go down: {places:?}"
    );
    assert_eq!(places[0], 1);
    let mut gained_total = 0;
    let mut missed_total = 0;
    for row in rows {
        let id = u64_of(&row["player"], "id");
        let start = i64_of(row, "starting_mms_half");
        let mms = i64_of(row, "mms_half");
        let mut expected = start;
        for round in &rounds {
            match round.points.get(&id) {
                Some(half) => expected += half,
                None => {
                    // Missed (the latecomer's first three rounds): ½ each.
                    expected += 1;
                    missed_total += 1;
                }
            }
        }
        assert_eq!(mms, expected, "player {id}: {row}");
        let first = &array_of(row, "values")[0];
        assert_eq!(
            i64_of(first, "numerator") * 2,
            mms * i64_of(first, "denominator"),
            "the MMS column of {id}: {row}"
        );
        gained_total += mms - start;
    }
    let distributed: i64 = rounds.iter().map(|r| r.distributed).sum();
    assert_eq!(missed_total, 3, "only the latecomer missed rounds");
    assert_eq!(gained_total, distributed + missed_total);

    // The EGF tie-breaks instead of the tournament's.
    let egf = tengen.json(&["standings", "1", "--tiebreaks", "egf"]);
    let names: Vec<String> = array_of(&egf, "criteria")
        .iter()
        .map(|c| c.as_str().unwrap_or_default().to_ascii_uppercase())
        .collect();
    assert_eq!(names, ["MMS", "SOS", "SOSOS"]);
    assert_eq!(array_of(&egf, "rows").len(), ids.len());

    // Why the winner is above the second.
    let (a, b) = (placed[0].to_string(), placed[1].to_string());
    let explained = tengen.ok(&["explain", "1", &a, &b]);
    let lower = explained.to_lowercase();
    assert!(
        lower.contains("tied")
            || criteria
                .iter()
                .filter_map(Value::as_str)
                .any(|c| lower.contains(&c.to_lowercase())),
        "explain names no criterion: {explained}"
    );

    // The printed sheets.
    let sheet = tengen.ok(&["sheet", "1", "standings"]);
    assert!(sheet.contains("Main"), "{sheet}");
    assert!(sheet.contains("Côté") && sheet.contains("李"), "{sheet}");
    let out = tempfile::tempdir()?;
    let wallchart = out.path().join("wallchart.html");
    let wallchart_arg = wallchart.to_string_lossy().into_owned();
    tengen.ok(&["sheet", "1", "wallchart", "--html", "--out", &wallchart_arg]);
    let html = std::fs::read_to_string(&wallchart)?;
    assert!(html.contains("<html"), "{html}");
    assert!(html.contains("Élise") && html.contains("Lindqvist"));

    // A refusal: the last round is closed already.
    let refused = tengen.run(&["round", "close", "1", "6"]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "stderr: {stderr}");
    assert!(stderr.contains("round 6 is already closed"), "{stderr}");
    Ok(())
}
