//! The director's day through the real desk program (issue 4): `tengen` (built here as `tengen-under-test`) runs
//! as a process against a real server over TLS for a whole six-round McMahon event under the Mays profile:
//! tournament create with the play-settings flags, 21 players registered and checked in at once (one accented
//! name, one CJK name), `mcmahon suggest`, close registration, numbering, then per round draw / show / publish /
//! one `result` per table / `progress` / close, with a referee's no-show (referee token) in round 3 and a
//! latecomer registered by the director before round 4. The standings are checked against the games parsed
//! from `round show --json`: every MMS is its start plus the points entered (win 1, jigo ½, forfeit 1, bye;
//! a missed round places like a loss under Mays' tie-breaks); no repeated game, no second bye; the EGF tie-break override, `explain`, the printed
//! sheets, the EGF export refused until the CJK name has its Latin name (`player update --latin-family`, issue
//! 34), and a refusal (closing a closed round exits 2 with the server's message on stderr).

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

/// `tournament create --name NAME --rounds ROUNDS --system SYSTEM` and any further flags; the tournament printed.
fn create(tengen: &Tengen, name: &str, rounds: u32, system: &str, flags: &[&str]) -> Value {
    let rounds = rounds.to_string();
    let mut args = vec![
        "tournament",
        "create",
        "--name",
        name,
        "--rounds",
        &rounds,
        "--system",
        system,
    ];
    args.extend_from_slice(flags);
    tengen.json(&args)
}

/// Registers and checks in one player for every round of tournament 1; the participant id.
fn add_player(tengen: &Tengen, p: (&str, &str, &str, &str, &str)) -> u64 {
    add_player_with(tengen, p, &[])
}

/// [`add_player`] with more flags for `player add` (`--born 2010`).
fn add_player_with(tengen: &Tengen, p: (&str, &str, &str, &str, &str), extra: &[&str]) -> u64 {
    let (family, given, rank, club, city) = p;
    let mut args = vec![
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
    ];
    args.extend_from_slice(extra);
    let added = tengen.json(&args);
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

/// Draws, shows, publishes, enters and closes round `r`; with a referee's token, table 3 of round 3 is the
/// referee's no-show.
fn play_round(tengen: &Tengen, referee: Option<&str>, r: u32, bye_half: i64) -> RoundOutcome {
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
        let no_show = referee.filter(|_| r == NO_SHOW_ROUND && g.table == NO_SHOW_TABLE);
        let (white_half, black_half, answer) = if let Some(referee) = no_show {
            // White did not come: the referee reports it by the number on the sheets, Black wins by forfeit.
            let args = [
                "referee",
                "no-show",
                "1",
                &round,
                &table,
                &g.white.1.to_string(),
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
        rounds.push(play_round(&tengen, Some(&referee_token), r, bye_half));
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
                    // Missed (the latecomer's first three rounds): Mays' ½ each is for pairing and the
                    // tie-breaks only; the MMS that places has nothing for them (issue 12).
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
    assert_eq!(gained_total, distributed);

    // The EGF tie-breaks instead of the tournament's.
    let egf = tengen.json(&["standings", "1", "--tiebreaks", "egf"]);
    let names: Vec<String> = array_of(&egf, "criteria")
        .iter()
        .map(|c| c.as_str().unwrap_or_default().to_ascii_uppercase())
        .collect();
    assert_eq!(names, ["MMS", "SOS", "SOSOS"]);
    assert_eq!(array_of(&egf, "rows").len(), ids.len());

    // Why the winner is above the second, by their numbers in the standings.
    let number_of = |row: &Value| format!("#{}", u64_of(&row["player"], "number"));
    let (a, b) = (number_of(&rows[0]), number_of(&rows[1]));
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

    // The EGF rating export (issue 12): ASCII only with every script transliterated, the criteria names apart,
    // and each player's criteria as the standings have them, half points as `.5` rather than cut to the whole.
    let h9_path = out.path().join("results.h9");
    let h9_arg = h9_path.to_string_lossy().into_owned();
    // Issue 34: 李 伟 has no Latin name yet, and a file spells no Han name by guessing ("Li Wei" is a guess that
    // happens to be right; 山田 would come out "Shantian"): the export names him by number and writes nothing,
    // until the director types the name in Latin letters.
    let (li, li_number) = array_of(&numbers, "players")
        .iter()
        .find(|p| p["family_name"] == "李")
        .map(player_ref)
        .expect("李 is numbered");
    let refused = tengen.run(&["sheet", "1", "egf", "--out", &h9_arg]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "stderr: {stderr}");
    assert!(
        stderr.contains(&format!(
            "add a Latin name for #{li_number} 李 伟 on the registration desk"
        )),
        "{stderr}"
    );
    assert!(!h9_path.exists(), "a refused export writes no file");
    let li = li.to_string();
    let latin = tengen.json(&[
        "player",
        "update",
        &li,
        "--rev",
        "0",
        "--latin-family",
        "Li",
        "--latin-given",
        "Wei",
    ]);
    assert_eq!(
        (
            str_of(&latin, "latin_family_name"),
            str_of(&latin, "latin_given_name")
        ),
        ("Li", "Wei")
    );
    assert!(tengen.ok(&["player", "get", &li]).contains("Li Wei"));
    tengen.ok(&["sheet", "1", "egf", "--out", &h9_arg]);
    let h9 = std::fs::read(&h9_path)?;
    assert!(h9.is_ascii(), "{}", String::from_utf8_lossy(&h9));
    let h9 = String::from_utf8(h9)?;
    assert!(
        h9.contains(" Cote Elise ") && h9.contains(" Li Wei "),
        "{h9}"
    );
    let columns = h9
        .lines()
        .find(|l| l.starts_with("; Pl "))
        .unwrap_or_default();
    let named: Vec<&str> = columns
        .get(H9_FIXED..)
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    assert_eq!(named.len(), criteria.len().min(4), "{columns}");
    let players: Vec<&str> = h9.lines().filter(|l| !l.starts_with(';')).collect();
    assert_eq!(players.len(), rows.len(), "{h9}");
    let mut halves = 0;
    for (line, row) in players.iter().zip(rows) {
        let values: Vec<&str> = line
            .get(H9_FIXED..)
            .unwrap_or_default()
            .split_whitespace()
            .collect();
        for (printed, value) in values.iter().zip(array_of(row, "values")) {
            let (num, den) = if value.is_null() {
                (0, 0)
            } else {
                (i64_of(value, "numerator"), i64_of(value, "denominator"))
            };
            assert!(
                h9_value_is(printed, num, den),
                "{printed} for {num}/{den}: {line}"
            );
        }
        halves += usize::from(values.first().is_some_and(|mms| mms.ends_with(".5")));
    }
    let odd = rows
        .iter()
        .filter(|r| i64_of(r, "mms_half") % 2 != 0)
        .count();
    assert!(odd > 0, "the jigos leave someone with a half point: {h9}");
    assert_eq!(
        halves, odd,
        "one MMS with a half per player who has one: {h9}"
    );

    // A refusal: the last round is closed already.
    let refused = tengen.run(&["round", "close", "1", "6"]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "stderr: {stderr}");
    assert!(stderr.contains("round 6 is already closed"), "{stderr}");
    Ok(())
}

/// Columns of an `.h9` player line before its criteria: place 4, name 30, rank 3, country 2, club 4 and the
/// blanks between them (the EGF layout OpenGotha writes).
const H9_FIXED: usize = 47;

/// Whether `printed` (an `.h9` criterion: `24`, `24.5`, `31.67`) is the exact value `num / den`, or that value
/// rounded to two decimals when it has no finite decimal; `0` for a value the player has none of (`den` 0).
fn h9_value_is(printed: &str, num: i64, den: i64) -> bool {
    if den == 0 {
        return printed == "0";
    }
    let (whole, frac) = printed.split_once('.').unwrap_or((printed, ""));
    let Ok(digits) = format!("{whole}{frac}").parse::<i64>() else {
        return false;
    };
    let scale = 10_i64.pow(frac.len() as u32);
    // printed = digits / scale; exact, or within half a hundredth when cut to two places.
    digits * den == num * scale
        || (frac.len() == 2 && (digits * den - num * scale).abs() * 2 <= den)
}

/// (line, outcome, message) of each problem row in an import's JSON report.
fn import_problems(report: &Value) -> Vec<(u64, String, String)> {
    array_of(report, "problems")
        .iter()
        .map(|p| {
            let message = p["message"].as_str().unwrap_or_default().to_string();
            (u64_of(p, "line"), str_of(p, "outcome").to_string(), message)
        })
        .collect()
}

#[tokio::test]
async fn issue_12_an_import_dry_run_finds_what_the_real_import_refuses_and_writes_nothing(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let director = venue.director().await?;
    tengen.json(&[
        "tournament",
        "create",
        "--name",
        "Main",
        "--rounds",
        "3",
        "--system",
        "mcmahon",
    ]);
    add_player(&tengen, FIELD[0]);
    // Saved with Windows line ends and a blank line: reported lines are the editor's lines.
    let csv = "surname,first_name,rank,club,different_person\r\n\
               Novak,Jan,3d,Praha Go,\r\n\
               Côté,Élise,5d,Paris GC,\r\n\
               Berg,Jo,99k,Oslo GK,\r\n\
               \r\n\
               Smith,Ann,2d,London GC,\r\n\
               Smith,Ann,2d,London GC,\r\n\
               Côté,Élise,5d,Paris GC,yes\r\n";
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("prereg.csv");
    std::fs::write(&file, csv)?;
    let path = file.to_string_lossy().into_owned();
    let args = [
        "import",
        "csv",
        &path,
        "--tournament",
        "1",
        "--in-flight",
        "1",
        "--json",
    ];
    let seq = director.last_seq().await?;

    let mut dry_args = args.to_vec();
    dry_args.push("--dry-run");
    let out = tengen.run(&dry_args);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let dry = parse(&dry_args, &String::from_utf8_lossy(&out.stdout));
    assert_eq!(
        director.last_seq().await?,
        seq,
        "the dry run writes nothing"
    );
    assert_eq!(director.list_all().await?.len(), 1);
    let found = import_problems(&dry);
    let kinds: Vec<(u64, &str)> = found.iter().map(|(l, o, _)| (*l, o.as_str())).collect();
    assert_eq!(
        kinds,
        vec![(3, "duplicate"), (4, "rejected"), (7, "duplicate")],
        "the registered player, the server's rank check, and the file's own repeat: {dry}"
    );
    assert!(found[1].2.contains("99k"), "{found:?}");
    assert_eq!(u64_of(&dry, "accepted"), 3, "{dry}");

    let out = tengen.run(&args);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let real = parse(&args, &String::from_utf8_lossy(&out.stdout));
    assert_eq!(
        import_problems(&real),
        found,
        "the real import refuses exactly what the dry run said"
    );
    assert_eq!(u64_of(&real, "accepted"), 3, "{real}");
    assert_eq!(
        director.list_all().await?.len(),
        4,
        "Novak, Smith and the confirmed different Côté"
    );
    // A dry run after the import: what is in the register answers from this desk's earlier run.
    let out = tengen.run(&dry_args);
    let after = parse(&dry_args, &String::from_utf8_lossy(&out.stdout));
    assert_eq!(import_problems(&after), found, "{after}");
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Issue 12: Mays places by the MMS earned, the EGF counts the missed-round credit

/// The day-one player: the strongest, plays rounds 1 and 2 of 4 and wins both (the stronger player wins every
/// game here).
const DAY_ONE: (&str, &str, &str, &str, &str) = ("Saturday", "Sam", "3d", "Ottawa GC", "Ottawa");

/// Seven who play every round.
const EVERY_ROUND: [(&str, &str, &str, &str, &str); 7] = [
    ("Abe", "Ann", "1k", "Montréal GC", "Montréal"),
    ("Bose", "Ben", "2k", "Québec GC", "Québec"),
    ("Chu", "Cai", "3k", "Toronto GC", "Toronto"),
    ("Diaz", "Dee", "4k", "Halifax GC", "Halifax"),
    ("Eto", "Eli", "5k", "Calgary GC", "Calgary"),
    ("Fox", "Fay", "6k", "Regina GC", "Regina"),
    ("Gil", "Gus", "7k", "Victoria GC", "Victoria"),
];

/// Mays p. 16 through the real server and desk program: a four-round event (everyone starts at the 7k bar) with
/// a player who plays only the first two rounds. Plays it under the tie-break order given and returns the final
/// standings, the day-one player's id and what every round gave.
async fn day_one_event(
    tiebreaks: &str,
    profile: &str,
    extra: &[&str],
) -> anyhow::Result<(Value, u64, Vec<RoundOutcome>, Venue)> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let mut create = vec![
        "tournament",
        "create",
        "--name",
        "Day one",
        "--rounds",
        "4",
        "--system",
        "mcmahon",
        "--bar",
        "7k",
        "--profile",
        profile,
        "--bye-rule",
        profile,
        "--tiebreaks",
        tiebreaks,
        "--missed",
        "half",
        "--double-entry",
        "off",
    ];
    create.extend_from_slice(extra);
    let created = tengen.json(&create);
    let bye_half = i64_of(&created["scoring"], "bye_half_points");
    let (family, given, rank, club, city) = DAY_ONE;
    let day_one = u64_of(
        &tengen.json(&[
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
            "1:1,2",
            "--checkin",
        ]),
        "id",
    );
    for p in EVERY_ROUND {
        add_player(&tengen, p);
    }
    tengen.json(&["tournament", "close-registration", "1"]);
    tengen.json(&["number", "1"]);
    let rounds: Vec<RoundOutcome> = (1..=4)
        .map(|r| play_round(&tengen, None, r, bye_half))
        .collect();
    let standings = tengen.json(&["standings", "1"]);
    Ok((standings, day_one, rounds, venue))
}

/// Every row's MMS is its start plus what the rounds gave, plus `credit` half points per missed round; the rows
/// are in MMS order. Returns the day-one player's row.
fn check_placing_mms(
    standings: &Value,
    day_one: u64,
    rounds: &[RoundOutcome],
    credit: i64,
) -> Value {
    let rows = array_of(standings, "rows");
    assert_eq!(rows.len(), 8, "{standings}");
    let mms: Vec<i64> = rows.iter().map(|r| i64_of(r, "mms_half")).collect();
    assert!(mms.windows(2).all(|w| w[0] >= w[1]), "MMS order: {mms:?}");
    for row in rows {
        let id = u64_of(&row["player"], "id");
        let expected = i64_of(row, "starting_mms_half")
            + rounds
                .iter()
                .map(|r| r.points.get(&id).copied().unwrap_or(credit))
                .sum::<i64>();
        assert_eq!(i64_of(row, "mms_half"), expected, "player {id}: {row}");
    }
    let row = rows
        .iter()
        .find(|r| u64_of(&r["player"], "id") == day_one)
        .unwrap_or_else(|| panic!("the day-one player is placed: {standings}"));
    // Two wins, two rounds missed.
    let won: i64 = rounds.iter().filter_map(|r| r.points.get(&day_one)).sum();
    assert_eq!(won, 4, "the day-one player won both games: {row}");
    row.clone()
}

/// Places shared by MMS: how many players have a higher MMS, and how many at least as high.
fn mms_bounds(standings: &Value, mms: i64) -> (u64, u64) {
    let rows = array_of(standings, "rows");
    let higher = rows.iter().filter(|r| i64_of(r, "mms_half") > mms).count() as u64;
    let as_high = rows.iter().filter(|r| i64_of(r, "mms_half") >= mms).count() as u64;
    (higher, as_high)
}

#[tokio::test]
async fn issue_12_mays_places_a_day_one_player_by_the_mms_he_earned() -> anyhow::Result<()> {
    let (standings, day_one, rounds, _venue) = day_one_event("mays", "mays", &[]).await?;
    // The missed rounds add nothing to the MMS that places: start + 2 wins.
    let row = check_placing_mms(&standings, day_one, &rounds, 0);
    let start = i64_of(&row, "starting_mms_half");
    assert_eq!(i64_of(&row, "mms_half"), start + 4, "{row}");
    // He ties on MMS with everyone who won two (and the tie-breaks, still seeing his ½ per missed round, decide);
    // everyone who earned more is above him.
    let (higher, as_high) = mms_bounds(&standings, start + 4);
    let place = u64_of(&row, "place");
    assert!(higher < place && place <= as_high, "{standings}");
    // Mays calls the second tie-break SDOS.
    let criteria: Vec<&str> = array_of(&standings, "criteria")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(criteria[0], "MMS");
    assert_eq!(criteria[2], "SDOS", "{criteria:?}");
    // No sections and no categories: nobody is a "section winner" (everyone started at the bar, but a group
    // of starting MMS is no section).
    assert!(array_of(&standings, "sections").is_empty(), "{standings}");
    Ok(())
}

#[tokio::test]
async fn issue_12_the_egf_order_counts_the_missed_round_credit_in_placing() -> anyhow::Result<()> {
    let categories = ["--categories", "2k,30k", "--section-prizes", "30,20"];
    let (standings, day_one, rounds, venue) = day_one_event("egf", "egf", &categories).await?;
    // OpenGotha: ½ per missed round counts in the MMS that places: start + 2 wins + 1.
    let row = check_placing_mms(&standings, day_one, &rounds, 1);
    let start = i64_of(&row, "starting_mms_half");
    assert_eq!(i64_of(&row, "mms_half"), start + 6, "{row}");
    // So he is above everyone who won two, and ties on MMS only with those who scored three.
    let (higher, as_high) = mms_bounds(&standings, start + 6);
    let place = u64_of(&row, "place");
    assert!(higher < place && place <= as_high, "{standings}");
    let two_wins_above = array_of(&standings, "rows")
        .iter()
        .take_while(|r| u64_of(&r["player"], "id") != day_one)
        .filter(|r| i64_of(r, "mms_half") < start + 6)
        .count();
    assert_eq!(two_wins_above, 0, "{standings}");

    // The director's categories have winners and section prizes, paid like the overall ones.
    let sections = array_of(&standings, "sections");
    let sizes: Vec<(&str, usize)> = sections
        .iter()
        .map(|s| (str_of(s, "lowest_rank"), array_of(s, "rows").len()))
        .collect();
    assert_eq!(sizes, [("2k", 3), ("30k", 5)], "{standings}");
    for s in sections {
        assert!(!array_of(s, "winners").is_empty(), "{s}");
        let paid: i64 = array_of(s, "prizes")
            .iter()
            .map(|p| i64_of(p, "cents"))
            .sum();
        assert_eq!(paid, 5_000, "30 + 20 in every category: {s}");
    }
    let text = Tengen::new(&venue)?.ok(&["standings", "1"]);
    assert!(
        text.contains("section winners:") && text.contains("section prizes:"),
        "{text}"
    );
    assert!(
        text.contains("2k and up") && text.contains("30k to below 2k"),
        "{text}"
    );
    Ok(())
}

#[tokio::test]
async fn issue_12_unavoidable_floats_are_one_line_and_a_never_pair_is_respected(
) -> anyhow::Result<()> {
    // Four players, each alone in their MMS group (no bar): every game of round 1 floats, nobody had a choice.
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    tengen.json(&[
        "tournament",
        "create",
        "--name",
        "Sparse",
        "--rounds",
        "3",
        "--system",
        "mcmahon",
        "--double-entry",
        "off",
        "--never-pair",
        "1-2",
    ]);
    for (family, rank) in [
        ("One", "1d"),
        ("Two", "3k"),
        ("Three", "6k"),
        ("Four", "9k"),
    ] {
        tengen.json(&[
            "player",
            "add",
            "--family",
            family,
            "--given",
            "X",
            "--rank",
            rank,
            "--enter",
            "1",
            "--checkin",
        ]);
    }
    tengen.json(&["tournament", "close-registration", "1"]);
    tengen.json(&["number", "1"]);
    tengen.json(&["round", "draw", "1", "1"]);
    let shown = tengen.json(&["round", "show", "1", "1"]);
    let warnings: Vec<&str> = array_of(&shown, "warnings")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        warnings.contains(
            &"4 players paired outside their MMS group had nobody left in it to play (not listed)"
        ),
        "{warnings:?}"
    );
    assert!(
        !warnings.iter().any(|w| w.contains("paired from MMS")),
        "{warnings:?}"
    );
    // 1 and 2 (the two strongest, the pair the score gap prefers) never meet.
    let numbers: Vec<(u64, u64)> = array_of(&shown, "games")
        .iter()
        .map(|g| (u64_of(&g["white"], "number"), u64_of(&g["black"], "number")))
        .collect();
    assert_eq!(numbers.len(), 2, "{shown}");
    assert!(
        !numbers.iter().any(|&(a, b)| a.min(b) == 1 && a.max(b) == 2),
        "{numbers:?}"
    );
    let settings = tengen.ok(&["tournament", "show", "1"]);
    assert!(settings.contains("1–2"), "{settings}");
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Issue 12: one number per player, everywhere a person looks or types

/// Runs as director expecting a refusal (exit 2); stderr.
fn refused(tengen: &Tengen, args: &[&str]) -> String {
    let out = tengen.run(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        out.status.code(),
        Some(2),
        "tengen {args:?} was not refused: {}{stderr}",
        String::from_utf8_lossy(&out.stdout)
    );
    stderr
}

/// The games of a round as `round show --json` prints them: (table, white number, black number).
fn seats_by_number(tengen: &Tengen, round: &str) -> Vec<(u64, u64, u64)> {
    let shown = tengen.json(&["round", "show", "1", round]);
    array_of(&shown, "games")
        .iter()
        .map(|g| {
            (
                u64_of(g, "table"),
                u64_of(&g["white"], "number"),
                u64_of(&g["black"], "number"),
            )
        })
        .collect()
}

/// The two players of each game, as unordered number pairs.
fn pairs(games: &[(u64, u64, u64)]) -> BTreeSet<(u64, u64)> {
    games
        .iter()
        .map(|&(_, w, b)| (w.min(b), w.max(b)))
        .collect()
}

#[tokio::test]
async fn issue_12_desks_type_the_numbers_on_the_sheets() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    tengen.json(&[
        "tournament",
        "create",
        "--name",
        "Numbers",
        "--rounds",
        "3",
        "--system",
        "mcmahon",
        "--double-entry",
        "off",
    ]);
    // Registered weakest first: register ids run the other way from the numbers by strength, so a command that
    // took ids would name the wrong players.
    let field: Vec<_> = FIELD[..8].iter().rev().copied().collect();
    let ids: Vec<u64> = field.iter().map(|&p| add_player(&tengen, p)).collect();

    // Refusals name the flag typed, not the API field.
    let flag = refused(
        &tengen,
        &["tournament", "update", "1", "--handicap-ceiling", "12"],
    );
    assert!(
        flag.contains("--handicap-ceiling: at most 9 stones"),
        "{flag}"
    );
    // `player update --rev 0` is "any revision", as in `event set`; the register id reads `P…`.
    let first = format!("P{}", ids[0]);
    let updated = tengen.json(&[
        "player",
        "update",
        &first,
        "--rev",
        "0",
        "--club",
        "Elsewhere GC",
    ]);
    assert_eq!(str_of(&updated, "club"), "Elsewhere GC", "{updated}");
    let shown = tengen.ok(&["player", "show", &first]);
    assert!(shown.contains(&format!("register id  {first}")), "{shown}");

    // Before numbering, a number cannot mean anyone yet: the desk is told why and what to type instead.
    let early = refused(&tengen, &["withdraw", "3", "1"]);
    assert!(
        early.contains("registration is still open") && early.contains("P12"),
        "{early}"
    );

    tengen.json(&["tournament", "close-registration", "1"]);
    let numbers = tengen.json(&["numbers", "1"]);
    let number_of: BTreeMap<u64, u64> = array_of(&numbers, "players")
        .iter()
        .map(player_ref)
        .collect();
    let name_of: BTreeMap<u64, String> = array_of(&numbers, "players")
        .iter()
        .map(|p| {
            (
                u64_of(p, "number"),
                format!("{} {}", str_of(p, "family_name"), str_of(p, "given_name")),
            )
        })
        .collect();
    assert_eq!(
        number_of[&ids[7]], 1,
        "the last registered is the strongest"
    );
    assert_ne!(number_of[&ids[0]], ids[0], "ids and numbers differ");

    tengen.json(&["round", "draw", "1", "1"]);
    let before = seats_by_number(&tengen, "1");
    assert_eq!(before.len(), 4, "{before:?}");
    // Swap White of the first game with Black of the second, typed as printed (one with its `#`).
    let (a, b) = (before[0].1, before[1].2);
    let (a_text, b_text) = (a.to_string(), format!("#{b}"));
    tengen.json(&["round", "edit", "1", "1", "swap", &a_text, &b_text]);
    let after = seats_by_number(&tengen, "1");
    let mut expected = pairs(&before);
    for (x, y) in [(a, before[0].2), (before[1].1, b)] {
        expected.remove(&(x.min(y), x.max(y)));
    }
    for (x, y) in [(b, before[0].2), (before[1].1, a)] {
        expected.insert((x.min(y), x.max(y)));
    }
    assert_eq!(
        pairs(&after),
        expected,
        "exactly #{a} and #{b} changed places: {before:?} → {after:?}"
    );
    let table_of = |n: u64| {
        after
            .iter()
            .find(|g| g.1 == n || g.2 == n)
            .map(|g| g.0)
            .unwrap_or_else(|| panic!("#{n} not seated: {after:?}"))
    };
    assert_eq!(table_of(a), before[1].0, "#{a} took #{b}'s table");
    assert_eq!(table_of(b), before[0].0);

    // A register id stays exact: P-form colours for #a's game.
    let register_id = number_of
        .iter()
        .find(|(_, n)| **n == a)
        .map(|(id, _)| format!("P{id}"))
        .expect("#a has a register id");
    let game = after.iter().find(|g| g.0 == table_of(a)).copied();
    tengen.json(&["round", "edit", "1", "1", "colours", &register_id]);
    let flipped = seats_by_number(&tengen, "1");
    let game = game.expect("#a's game");
    assert!(
        flipped.contains(&(game.0, game.2, game.1)),
        "colours exchanged at table {}: {flipped:?}",
        game.0
    );

    // A number nobody has.
    let unknown = refused(&tengen, &["round", "edit", "1", "1", "bye", "999"]);
    assert!(
        unknown.contains("no player #999 in tournament 1"),
        "{unknown}"
    );
    let unknown = refused(&tengen, &["explain", "1", "7", "999"]);
    assert!(unknown.contains("no player #999"), "{unknown}");

    tengen.json(&["round", "publish", "1", "1"]);
    // The referee at the wrong table is told where the player actually plays.
    let (t1, t2) = (flipped[0], flipped[1]);
    let wrong = refused(
        &tengen,
        &[
            "referee",
            "no-show",
            "1",
            "1",
            &t1.0.to_string(),
            &t2.1.to_string(),
        ],
    );
    assert!(
        wrong.contains(&format!(
            "#{} {} plays at table {}, not table {}",
            t2.1, name_of[&t2.1], t2.0, t1.0
        )),
        "{wrong}"
    );
    // A no-show by number: White of table t1 did not come, Black wins by forfeit.
    let white = format!("#{}", t1.1);
    let game = tengen.json(&["referee", "no-show", "1", "1", &t1.0.to_string(), &white]);
    assert_eq!(game["confirmed"]["result"], "0-1", "{game}");
    assert_eq!(game["confirmed"]["by_forfeit"], true, "{game}");
    assert_eq!(u64_of(&game["white"], "number"), t1.1, "{game}");
    // `explain` takes and prints the same numbers (whether or not the forfeit counts yet in the standings).
    let (winner, loser) = (format!("#{}", t1.2), format!("#{}", t1.1));
    let explained = tengen.ok(&["explain", "1", &loser, &winner]);
    assert!(
        explained.contains(&format!("{winner} {}", name_of[&t1.2]))
            && explained.contains(&format!("{loser} {}", name_of[&t1.1])),
        "{explained}"
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Issue 34: the sign-in QR code carries the address the tablets open

/// `token create --qr` printed a QR code of the desk program's own server, `https://127.0.0.1:7443/…` in the
/// venue guide's set-up, which no tablet can open. `--url` names the address the desks use; without it the old
/// link is kept, with a warning when it is a loopback address.
#[tokio::test]
async fn issue_34_a_tokens_qr_code_opens_the_address_the_desks_use() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let link = |stdout: &str| {
        stdout
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default()
            .trim()
            .to_string()
    };

    let args = [
        "token",
        "create",
        "--role",
        "referee",
        "--name",
        "tablet-1",
        "--qr",
        "--url",
        "https://192.168.1.10:7443",
    ];
    let out = tengen.run(&args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "tengen {args:?} failed ({}):\n{stdout}{stderr}",
        out.status
    );
    let token = stdout.lines().next().unwrap_or_default().trim().to_string();
    assert!(token.starts_with("tgn_"), "the token comes first: {stdout}");
    assert_eq!(
        link(&stdout),
        format!("https://192.168.1.10:7443/desk/login?token={token}"),
        "the QR code's link is at the desks' address"
    );
    assert!(
        !stderr.contains("warning"),
        "no warning for a venue address: {stderr}"
    );

    // Without --url: the server the program talks to (127.0.0.1 here), said to be of no use to a tablet.
    let args = [
        "token", "create", "--role", "referee", "--name", "tablet-2", "--qr",
    ];
    let out = tengen.run(&args);
    let stdout = succeeded(&args, out.clone());
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        link(&stdout).starts_with(&format!("{}/desk/login?token=tgn_", venue.url())),
        "without --url, the server's own address: {stdout}"
    );
    assert!(
        stderr.contains("warning") && stderr.contains("--url"),
        "a loopback address is warned about, naming --url: {stderr}"
    );

    // An address that is not one, or --url without --qr: refused, and no token made.
    for args in [
        &[
            "token",
            "create",
            "--role",
            "referee",
            "--name",
            "t3",
            "--qr",
            "--url",
            "192.168.1.10",
        ][..],
        &[
            "token",
            "create",
            "--role",
            "referee",
            "--name",
            "t4",
            "--url",
            "https://192.168.1.10:7443",
        ][..],
    ] {
        let out = tengen.run(args);
        assert!(
            !out.status.success(),
            "tengen {args:?} is refused: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    let tokens = tengen.ok(&["token", "list"]);
    assert!(
        !tokens.contains("t3") && !tokens.contains("t4"),
        "a refused --url makes no token: {tokens}"
    );
    Ok(())
}

/// Without `--url`, `token create --qr` opens the server's own venue address (here its first `--san`), which the
/// server tells in `Status`, not the `127.0.0.1` this program talks to; and no warning, since a tablet can reach it.
#[tokio::test]
async fn issue_34_without_url_the_qr_code_opens_the_servers_venue_address() -> anyhow::Result<()> {
    let venue = Venue::start_public_with(&["--san", "desks.venue.example"]).await?;
    let tengen = Tengen::new(&venue)?;
    let args = [
        "token",
        "create",
        "--role",
        "results",
        "--name",
        "results-1",
        "--qr",
    ];
    let out = tengen.run(&args);
    let stdout = succeeded(&args, out.clone());
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let token = stdout.lines().next().unwrap_or_default().trim().to_string();
    let link = stdout
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default()
        .trim();
    assert_eq!(
        link,
        format!(
            "https://desks.venue.example:{}/desk/login?token={token}",
            venue.port()
        ),
        "the QR code's link is at the server's venue address"
    );
    assert!(
        !stderr.contains("warning"),
        "a venue address is not warned about: {stderr}"
    );
    // `tengen status` says where the desks open.
    let status = tengen.ok(&["status"]);
    assert!(
        status.contains(&format!(
            "https://desks.venue.example:{}/desk",
            venue.port()
        )),
        "{status}"
    );
    Ok(())
}

#[path = "director_cli/double.rs"]
mod double;
#[path = "director_cli/fees.rs"]
mod fees;
#[path = "director_cli/generalised.rs"]
mod generalised;
#[path = "director_cli/groups.rs"]
mod groups;
#[path = "director_cli/interop.rs"]
mod interop;
#[path = "director_cli/knockout.rs"]
mod knockout;
#[path = "director_cli/ladder.rs"]
mod ladder;
#[path = "director_cli/nigiri.rs"]
mod nigiri;
#[path = "director_cli/ratings.rs"]
mod ratings;
#[path = "director_cli/round_robin.rs"]
mod round_robin;
#[path = "director_cli/sample.rs"]
mod sample;
#[path = "director_cli/split.rs"]
mod split;
#[path = "director_cli/team_tournament.rs"]
mod team_tournament;
#[path = "director_cli/teams.rs"]
mod teams;

/// Issue 33, through the real server and desk program: a three-round Swiss with place prizes, a prize for one win
/// or more and a junior prize. Two juniors (by the year of birth the desk typed); the best of them is eligible
/// for the junior prize and the wins prize and takes only the junior prize, the better one; nobody takes two
/// prizes; every player with a win and no other prize takes the wins prize. The prize list prints in the
/// ceremony's order, champion last, and never shows a year of birth.
#[tokio::test]
async fn issue_33_prizes_for_wins_and_juniors_give_each_player_their_best_prize(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    tengen.json(&[
        "tournament",
        "create",
        "--name",
        "Prize day",
        "--rounds",
        "3",
        "--system",
        "swiss",
        "--double-entry",
        "off",
        "--prizes",
        "100,50",
        "--wins-prizes",
        "1: 10",
        "--junior-prizes",
        "30",
        "--junior-born-from",
        "2009",
    ]);
    let mut juniors = BTreeSet::new();
    for (i, p) in EVERY_ROUND.iter().enumerate() {
        // The 2k and the 6k are juniors; the 1k was born too early.
        let born = match i {
            1 => "2010",
            5 => "2012",
            0 => "1990",
            _ => "none",
        };
        let id = add_player_with(&tengen, *p, &["--born", born]);
        if born == "2010" || born == "2012" {
            juniors.insert(id);
        }
    }
    tengen.json(&["tournament", "close-registration", "1"]);
    tengen.json(&["number", "1"]);
    for r in 1..=3 {
        play_round(&tengen, None, r, 2);
    }
    let standings = tengen.json(&["standings", "1"]);
    let rows = array_of(&standings, "rows");
    let wins: BTreeMap<u64, i64> = rows
        .iter()
        .map(|r| (u64_of(&r["player"], "id"), i64_of(r, "wins_half")))
        .collect();
    let places = array_of(&standings, "prizes");
    let special = array_of(&standings, "special_prizes");
    let mut takers = BTreeMap::new();
    for p in places.iter().chain(special) {
        let previous = takers.insert(u64_of(p, "participant_id"), p.clone());
        assert!(previous.is_none(), "one prize each: {standings}");
    }
    // The place prizes go to the players in the first two places; tied players split them.
    let first_two: Vec<u64> = rows
        .iter()
        .filter(|r| u64_of(r, "place") <= 2)
        .map(|r| u64_of(&r["player"], "id"))
        .collect();
    let mut paid: Vec<u64> = places.iter().map(|p| u64_of(p, "participant_id")).collect();
    paid.sort_unstable();
    let mut expected = first_two.clone();
    expected.sort_unstable();
    assert_eq!(paid, expected, "{standings}");
    let total: i64 = places.iter().map(|p| i64_of(p, "cents")).sum();
    assert_eq!(total, 15_000, "{standings}");
    // The junior prize: the best-placed junior without a place prize.
    let best_junior = rows
        .iter()
        .map(|r| u64_of(&r["player"], "id"))
        .find(|id| juniors.contains(id) && !first_two.contains(id))
        .ok_or_else(|| anyhow::anyhow!("no junior without a place prize: {standings}"))?;
    let junior = &takers[&best_junior];
    assert_eq!(
        (
            str_of(junior, "kind"),
            i64_of(junior, "cents"),
            str_of(junior, "label")
        ),
        ("junior", 3_000, "Best junior"),
        "{standings}"
    );
    assert!(wins[&best_junior] >= 2, "eligible for both: {standings}");
    // Everyone else with a win takes the wins prize.
    for (id, w) in &wins {
        if *w >= 2 && !first_two.contains(id) && *id != best_junior {
            let p = &takers[id];
            assert_eq!(
                (str_of(p, "kind"), i64_of(p, "cents")),
                ("wins", 1_000),
                "{standings}"
            );
        }
        if *w < 2 && !first_two.contains(id) && *id != best_junior {
            assert!(!takers.contains_key(id), "no win, no prize: {standings}");
        }
    }
    let text = tengen.ok(&["standings", "1"]);
    assert!(
        text.contains("special prizes:") && text.contains("Best junior"),
        "{text}"
    );
    let list = tengen.ok(&["sheet", "1", "prizes"]);
    assert!(list.lines().any(|l| l.starts_with("1st place")), "{list}");
    let order: Vec<&str> = list
        .lines()
        .filter(|l| l.starts_with("1st place") || l.starts_with("Best junior"))
        .collect();
    assert_eq!(order.len(), 2, "{list}");
    assert!(
        order[0].starts_with("Best junior") && order[1].starts_with("1st place"),
        "champion last: {list}"
    );
    for year in ["1990", "2010", "2012"] {
        assert!(!list.contains(year), "{year}: {list}");
    }
    Ok(())
}
