//! Issue 33's team tournaments through the real desk program and server: teams of N boards paired as teams.
//!
//! A Swiss of four teams of four over three rounds under double entry: one team's boards typed at the desk against
//! their strength (and corrected with `player update --board`, another cleared with `--board 0`), round 1 seated in
//! that order, every match a block of four tables joining two teams with the colours alternating by board, results
//! from two results terminals with one mismatch the director settles (the round cannot close before) and one
//! referee's no-show, the two round-1 winners meeting in round 2, each pair of teams meeting once. A club league as
//! a round robin of four teams of three, one of them with a reserve who never plays. Both end with the `teams`
//! sheet, whose team points and board wins must be those worked out here from the results entered, in the order
//! team points, then board wins. Refused and changing nothing: 11 boards, boards beside a team competition's
//! counting, and a draw with a player checked in in no team.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use tengen_tests::Venue;

use super::{add_player_with, array_of, create, parse, refused, str_of, succeeded, u64_of, Tengen};

/// family, given, rank, club, city, as `add_player_with` takes them.
type Player = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// A player, their team, and the `--board` the desk typed at registration (0 = none).
type Entrant = (Player, &'static str, u32);

/// The Swiss's field. Stone Cats' desk swapped its first two boards (Abe, the 1d, on board 1 and Kato, the 1k, on
/// board 2; the director puts Kato on board 1) and seats its 3k above its 2k; Nash was put on board 1 of Ko
/// Fighters by mistake and cleared again, so that team plays strongest first.
const SWISS_FIELD: [Entrant; 16] = [
    (("Abe", "Aiko", "1d", "Cat Club", "Kobe"), "Stone Cats", 1),
    (("Kato", "Kenji", "1k", "Cat Club", "Kobe"), "Stone Cats", 2),
    (("Ueda", "Umi", "2k", "Cat Club", "Kobe"), "Stone Cats", 4),
    (("Oda", "Otto", "3k", "Cat Club", "Kobe"), "Stone Cats", 3),
    (("Berg", "Bo", "2d", "Ko Club", "Oslo"), "Ko Fighters", 0),
    (("Lund", "Lea", "2k", "Ko Club", "Oslo"), "Ko Fighters", 0),
    (("Moss", "Max", "4k", "Ko Club", "Oslo"), "Ko Fighters", 0),
    (("Nash", "Nia", "5k", "Ko Club", "Oslo"), "Ko Fighters", 1),
    (("Cole", "Cy", "1d", "Atari GC", "Lyon"), "Atari Club", 0),
    (("Dorn", "Dee", "3k", "Atari GC", "Lyon"), "Atari Club", 0),
    (("Penn", "Pia", "4k", "Atari GC", "Lyon"), "Atari Club", 0),
    (("Roth", "Rex", "6k", "Atari GC", "Lyon"), "Atari Club", 0),
    (("Dahl", "Di", "1k", "Hawk GC", "Bern"), "Hane Hawks", 0),
    (("Falk", "Fin", "3k", "Hawk GC", "Bern"), "Hane Hawks", 0),
    (("Gill", "Gus", "5k", "Hawk GC", "Bern"), "Hane Hawks", 0),
    (("Holm", "Hal", "7k", "Hawk GC", "Bern"), "Hane Hawks", 0),
];

/// Each Swiss team's players in the board order the draw must seat them (family names).
const SWISS_BOARDS: [(&str, [&str; 4]); 4] = [
    ("Stone Cats", ["Kato", "Abe", "Oda", "Ueda"]),
    ("Ko Fighters", ["Berg", "Lund", "Moss", "Nash"]),
    ("Atari Club", ["Cole", "Dorn", "Penn", "Roth"]),
    ("Hane Hawks", ["Dahl", "Falk", "Gill", "Holm"]),
];

/// The club league: four teams of three. Vogt, North Stars' reserve and its weakest player, is registered in no
/// team and given it once the draw is refused.
const LEAGUE_FIELD: [Entrant; 12] = [
    (("Ames", "Al", "2k", "Star GC", "York"), "North Stars", 0),
    (("Bell", "Bea", "4k", "Star GC", "York"), "North Stars", 0),
    (("Cobb", "Cal", "6k", "Star GC", "York"), "North Stars", 0),
    (("Drew", "Dot", "1k", "River GC", "Hull"), "River Go", 0),
    (("Eton", "Ed", "3k", "River GC", "Hull"), "River Go", 0),
    (("Ford", "Flo", "5k", "River GC", "Hull"), "River Go", 0),
    (("Gale", "Gil", "1d", "Hill GC", "Leeds"), "Hill Club", 0),
    (("Hart", "Hy", "5k", "Hill GC", "Leeds"), "Hill Club", 0),
    (("Ives", "Ivy", "8k", "Hill GC", "Leeds"), "Hill Club", 0),
    (("Judd", "Jo", "3k", "Lake GC", "Bath"), "Lake Side", 0),
    (("Kemp", "Kit", "4k", "Lake GC", "Bath"), "Lake Side", 0),
    (("Lowe", "Lu", "7k", "Lake GC", "Bath"), "Lake Side", 0),
];

/// The reserve of the club league.
const RESERVE: Player = ("Vogt", "Vic", "9k", "Star GC", "York");
const RESERVE_TEAM: &str = "North Stars";

/// The club league's board order (the reserve last, sitting out).
const LEAGUE_BOARDS: [(&str, [&str; 3]); 4] = [
    ("North Stars", ["Ames", "Bell", "Cobb"]),
    ("River Go", ["Drew", "Eton", "Ford"]),
    ("Hill Club", ["Gale", "Hart", "Ives"]),
    ("Lake Side", ["Judd", "Kemp", "Lowe"]),
];

/// The Swiss's round-1 board decided by the referee's no-show (match, board index): its planned loser is absent.
const FORFEIT: (usize, usize) = (0, 2);
/// The Swiss's round-1 board the second results desk types the other way round (match, board index).
const MISMATCH: (usize, usize) = (1, 0);

/// The register: ids by family name and each player's team.
#[derive(Default)]
struct Register {
    id: BTreeMap<&'static str, u64>,
    team: BTreeMap<u64, &'static str>,
}

impl Register {
    /// Each team's players in board order, as ids.
    fn lineups<const N: usize>(&self, boards: &[(&'static str, [&str; N])]) -> Lineups {
        boards
            .iter()
            .map(|(team, names)| (*team, names.iter().map(|n| self.id[n]).collect()))
            .collect()
    }
}

type Lineups = BTreeMap<&'static str, Vec<u64>>;

/// One game as `round show --json` printed it.
#[derive(Debug, Clone)]
struct Seat {
    table: u64,
    white: u64,
    black: u64,
}

/// One match as the round seats it: team `a` has White on board 1.
#[derive(Debug, Clone)]
struct MatchSeen {
    a: &'static str,
    b: &'static str,
    /// Board 1 first.
    boards: Vec<Seat>,
}

impl MatchSeen {
    /// Team `a`'s player on board `i` (0-based): White on the odd boards (1, 3, …), Black on the even ones.
    fn a_player(&self, i: usize) -> u64 {
        let s = &self.boards[i];
        if i % 2 == 0 {
            s.white
        } else {
            s.black
        }
    }

    fn b_player(&self, i: usize) -> u64 {
        let s = &self.boards[i];
        if i % 2 == 0 {
            s.black
        } else {
            s.white
        }
    }

    fn teams(&self) -> (&'static str, &'static str) {
        (self.a.min(self.b), self.a.max(self.b))
    }
}

/// The matches of a drawn round from `round show --json`: games at tables 1, 2, … in blocks of `boards`, each
/// block joining the same two teams, the first team White on boards 1, 3, … and Black on 2, 4, …, every game even.
fn matches_of(shown: &Value, team: &BTreeMap<u64, &'static str>, boards: usize) -> Vec<MatchSeen> {
    let mut seats: Vec<(Seat, u64)> = array_of(shown, "games")
        .iter()
        .map(|g| {
            (
                Seat {
                    table: u64_of(g, "table"),
                    white: u64_of(&g["white"], "id"),
                    black: u64_of(&g["black"], "id"),
                },
                u64_of(g, "handicap"),
            )
        })
        .collect();
    seats.sort_by_key(|(s, _)| s.table);
    let tables: Vec<u64> = seats.iter().map(|(s, _)| s.table).collect();
    assert_eq!(
        tables,
        (1..=seats.len() as u64).collect::<Vec<_>>(),
        "tables from 1 without a gap: {shown}"
    );
    assert_eq!(seats.len() % boards, 0, "whole matches only: {shown}");
    let team_of = |id: u64| {
        *team
            .get(&id)
            .unwrap_or_else(|| panic!("player {id} is in no team: {shown}"))
    };
    seats
        .chunks(boards)
        .map(|block| {
            let a = team_of(block[0].0.white);
            let b = team_of(block[0].0.black);
            assert_ne!(a, b, "a team against itself: {shown}");
            for (i, (seat, handicap)) in block.iter().enumerate() {
                let (white, black) = if i % 2 == 0 { (a, b) } else { (b, a) };
                assert_eq!(
                    (team_of(seat.white), team_of(seat.black)),
                    (white, black),
                    "table {} is board {} of {a} against {b}: {white} has White there\n{shown}",
                    seat.table,
                    i + 1
                );
                assert_eq!(*handicap, 0, "table {}: every game is even", seat.table);
            }
            MatchSeen {
                a,
                b,
                boards: block.iter().map(|(s, _)| s.clone()).collect(),
            }
        })
        .collect()
}

/// Each match seats both teams' players in board order, board 1 against board 1.
fn check_lineups(round: u32, matches: &[MatchSeen], lineups: &Lineups) {
    for m in matches {
        let a: Vec<u64> = (0..m.boards.len()).map(|i| m.a_player(i)).collect();
        let b: Vec<u64> = (0..m.boards.len()).map(|i| m.b_player(i)).collect();
        assert_eq!(
            (&a, &b),
            (&lineups[m.a], &lineups[m.b]),
            "round {round}: {} against {} in board order",
            m.a,
            m.b
        );
    }
}

/// A board's planned outcome in half points (team `a`, team `b`). Each match has a winner taking all boards but
/// one; in round 3 the first match's lost board is a jigo and the second match is drawn (a jigo on the last
/// board when the boards are odd).
fn planned(round: u32, m: usize, i: usize, boards: usize) -> (i64, i64) {
    if round == 3 && m == 1 {
        return if boards % 2 == 1 && i == boards - 1 {
            (1, 1)
        } else if i % 2 == 0 {
            (2, 0)
        } else {
            (0, 2)
        };
    }
    let a_wins = (round as usize + m) % 2 == 0;
    let upset = (round as usize + m) % boards == i;
    if upset && round == 3 && m == 0 {
        return (1, 1);
    }
    if a_wins != upset {
        (2, 0)
    } else {
        (0, 2)
    }
}

/// The word a desk types for a board's half points (team `a`, team `b`) and half points (White, Black).
fn word(i: usize, (a, b): (i64, i64)) -> (&'static str, (i64, i64)) {
    let (white, black) = if i % 2 == 0 { (a, b) } else { (b, a) };
    let w = match white.cmp(&black) {
        std::cmp::Ordering::Greater => "w",
        std::cmp::Ordering::Less => "b",
        std::cmp::Ordering::Equal => "jigo",
    };
    (w, (white, black))
}

fn opposite(word: &str) -> &'static str {
    if word == "w" {
        "b"
    } else {
        "w"
    }
}

/// How `round show --json` prints a result of half points (White, Black).
fn result_text((white, black): (i64, i64)) -> &'static str {
    match white.cmp(&black) {
        std::cmp::Ordering::Greater => "1-0",
        std::cmp::Ordering::Less => "0-1",
        std::cmp::Ordering::Equal => "½-½",
    }
}

/// A team's record worked out from the results entered.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Tally {
    played: u64,
    won: u64,
    drawn: u64,
    lost: u64,
    team_points: u64,
    /// Board wins in half points: all boards, then boards 1-3, 1-2 and 1.
    boards: [i64; 4],
}

impl Tally {
    /// The placement order's key, best first when sorted descending.
    fn key(&self) -> (u64, [i64; 4]) {
        (self.team_points, self.boards)
    }
}

/// One match's result as the sheet's round block prints it: (team a, team b, a's and b's half points).
type MatchResult = (&'static str, &'static str, i64, i64);

/// Adds a match's boards (half points (a, b), board 1 first) to both teams' tallies; the match as printed.
fn tally(
    tallies: &mut BTreeMap<&'static str, Tally>,
    m: &MatchSeen,
    halves: &[(i64, i64)],
) -> MatchResult {
    let (sa, sb): (i64, i64) = halves.iter().fold((0, 0), |(x, y), (a, b)| (x + a, y + b));
    for (team, mine, theirs, side) in [(m.a, sa, sb, 0), (m.b, sb, sa, 1)] {
        let t = tallies.entry(team).or_default();
        t.played += 1;
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => {
                t.won += 1;
                t.team_points += 2;
            }
            std::cmp::Ordering::Equal => {
                t.drawn += 1;
                t.team_points += 1;
            }
            std::cmp::Ordering::Less => t.lost += 1,
        }
        for (i, h) in halves.iter().enumerate() {
            let half = if side == 0 { h.0 } else { h.1 };
            t.boards[0] += half;
            for (k, limit) in [3, 2, 1].into_iter().enumerate() {
                if i < limit {
                    t.boards[k + 1] += half;
                }
            }
        }
    }
    (m.a, m.b, sa, sb)
}

/// The desks of the Swiss: two results terminals and a referee.
struct Desks {
    results: [String; 2],
    referee: String,
}

impl Desks {
    fn new(tengen: &Tengen) -> Desks {
        let token = |role: &str, name: &str| {
            let made = tengen.json(&["token", "create", "--role", role, "--name", name]);
            str_of(&made, "token").to_string()
        };
        Desks {
            results: [token("results", "results-1"), token("results", "results-2")],
            referee: token("referee", "referee-1"),
        }
    }
}

/// Runs the desk program with `token` and `--json`, expecting success; the parsed answer.
fn as_desk(tengen: &Tengen, token: &str, args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let stdout = succeeded(&all, tengen.run_with_token(token, &all));
    parse(&all, &stdout)
}

/// `result 1 R TABLE WORD` from a results desk; the game's progress after it.
fn desk_result(tengen: &Tengen, token: &str, round: u32, table: u64, word: &str) -> String {
    let (round, table) = (round.to_string(), table.to_string());
    let answer = as_desk(tengen, token, &["result", "1", &round, &table, word]);
    str_of(&answer, "progress").to_string()
}

/// Registers and checks in `field` (with `--team` and `--board`).
fn register(tengen: &Tengen, field: &[Entrant], register: &mut Register) {
    for (player, team, board) in field {
        let board = board.to_string();
        let mut extra = vec!["--team", *team];
        if board != "0" {
            extra.extend(["--board", &board]);
        }
        let id = add_player_with(tengen, *player, &extra);
        register.id.insert(player.0, id);
        register.team.insert(id, team);
    }
}

/// Draws, shows and publishes round `r`; its matches.
fn draw_round(tengen: &Tengen, r: u32, reg: &Register, boards: usize) -> (Vec<MatchSeen>, Value) {
    let round = r.to_string();
    let drawn = tengen.json(&["round", "draw", "1", &round]);
    assert_eq!(str_of(&drawn, "state"), "drawn", "{drawn}");
    let shown = tengen.json(&["round", "show", "1", &round]);
    assert!(array_of(&shown, "unpaired").is_empty(), "{shown}");
    assert!(shown["bye"].is_null(), "four teams, no bye: {shown}");
    assert!(
        array_of(&shown, "advancing").is_empty(),
        "every board has two players: {shown}"
    );
    let matches = matches_of(&shown, &reg.team, boards);
    let published = tengen.json(&["round", "publish", "1", &round]);
    assert_eq!(str_of(&published, "state"), "published", "{published}");
    (matches, shown)
}

/// Every game of round `r` carries the result entered (`entered`: half points (White, Black) by table), a forfeit
/// only at `forfeit`.
fn check_confirmed(
    tengen: &Tengen,
    r: u32,
    entered: &BTreeMap<u64, (i64, i64)>,
    forfeit: Option<u64>,
) {
    let shown = tengen.json(&["round", "show", "1", &r.to_string()]);
    for g in array_of(&shown, "games") {
        let table = u64_of(g, "table");
        assert_eq!(
            g["confirmed"]["result"],
            result_text(entered[&table]),
            "round {r} table {table}: {g}"
        );
        assert_eq!(
            g["confirmed"]["by_forfeit"],
            forfeit == Some(table),
            "round {r} table {table}: {g}"
        );
    }
}

fn close_round(tengen: &Tengen, r: u32) {
    let round = r.to_string();
    let progress = tengen.json(&["progress", "1", &round]);
    for open in ["pending", "missing", "mismatched", "disputed"] {
        assert_eq!(u64_of(&progress, open), 0, "round {r} {open}: {progress}");
    }
    let closed = tengen.json(&["round", "close", "1", &round]);
    assert_eq!(str_of(&closed, "state"), "closed", "{closed}");
}

/// The two teams of each match, as an unordered pair, over all rounds: each pair of `teams` exactly once.
fn check_everyone_met_once(rounds: &[Vec<MatchSeen>], teams: &[&'static str]) {
    let mut met: BTreeMap<(&str, &str), u32> = BTreeMap::new();
    for m in rounds.iter().flatten() {
        *met.entry(m.teams()).or_default() += 1;
    }
    let mut all = BTreeSet::new();
    for (i, a) in teams.iter().enumerate() {
        for b in &teams[i + 1..] {
            all.insert(((*a).min(*b), (*a).max(*b)));
        }
    }
    assert_eq!(
        met.keys().copied().collect::<BTreeSet<_>>(),
        all,
        "every pair of teams meets: {met:?}"
    );
    assert!(
        met.values().all(|n| *n == 1),
        "no two teams meet twice: {met:?}"
    );
}

// --- The teams sheet -------------------------------------------------------------------------------------------

/// A line's cells: text separated by two or more spaces, with the char column each starts at.
fn cells(line: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !(chars[i] == ' ' && chars.get(i + 1).is_none_or(|c| *c == ' ')) {
            i += 1;
        }
        out.push((start, chars[start..i].iter().collect::<String>()));
    }
    out
}

/// Half points as the sheet prints them: `7`, `7½`, `½` (or `7.5`).
fn parse_half(text: &str) -> Option<i64> {
    let t = text.trim();
    if let Some(whole) = t.strip_suffix('½') {
        let w: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        return Some(w * 2 + 1);
    }
    if let Some(whole) = t.strip_suffix(".5") {
        return Some(whole.parse::<i64>().ok()? * 2 + 1);
    }
    Some(t.parse::<i64>().ok()? * 2)
}

/// A team's row of the standings table: its cells by the header's names.
fn row_cells(header: &[(usize, String)], line: &str) -> BTreeMap<String, String> {
    let row = cells(line);
    if row.len() == header.len() {
        return header
            .iter()
            .map(|h| h.1.clone())
            .zip(row.into_iter().map(|c| c.1))
            .collect();
    }
    // A cell left empty: each cell goes to the column whose span (its header to the next) holds most of it.
    let mut out = BTreeMap::new();
    for (start, text) in row {
        let end = start + text.chars().count();
        let column = (0..header.len()).max_by_key(|k| {
            let from = header[*k].0;
            let to = header.get(k + 1).map_or(usize::MAX, |h| h.0);
            end.min(to).saturating_sub(start.max(from))
        });
        if let Some(k) = column {
            out.insert(header[k].1.clone(), text);
        }
    }
    out
}

/// Checks the `teams` sheet of a team tournament: a standings table (header `Place  Team  Played  Won  Drawn
/// Lost  Team points  Board wins  Boards 1-3  Boards 1-2  Board 1  Rating`) with each team's numbers as `tallies`
/// has them, in the order team points, board wins, boards 1-3, 1-2, 1 (equal teams sharing a place), then a block
/// per round listing its matches `A  3–1  B`.
fn check_sheet(sheet: &str, tallies: &BTreeMap<&'static str, Tally>, rounds: &[Vec<MatchResult>]) {
    let lines: Vec<&str> = sheet.lines().collect();
    let at = lines
        .iter()
        .position(|l| {
            let c: Vec<String> = cells(l).into_iter().map(|c| c.1).collect();
            c.iter().any(|c| c == "Place") && c.iter().any(|c| c == "Team points")
        })
        .unwrap_or_else(|| panic!("no team standings table (Place … Team points …):\n{sheet}"));
    let header = cells(lines[at]);
    let table: Vec<&str> = lines[at + 1..]
        .iter()
        .take_while(|l| !l.trim().is_empty() && !l.trim_start().starts_with("Round "))
        .copied()
        .collect();
    let mut rows: Vec<(usize, &str, BTreeMap<String, String>)> = Vec::new();
    for (team, expected) in tallies {
        let (index, line) = table
            .iter()
            .enumerate()
            .find(|(_, l)| cells(l).iter().any(|c| c.1 == *team))
            .unwrap_or_else(|| panic!("no row for {team}:\n{sheet}"));
        let row = row_cells(&header, line);
        let cell = |name: &str| {
            row.get(name)
                .unwrap_or_else(|| panic!("no {name} for {team} in {line:?}:\n{sheet}"))
                .as_str()
        };
        let half = |name: &str| {
            parse_half(cell(name)).unwrap_or_else(|| panic!("{name} of {team}: {line:?}\n{sheet}"))
        };
        assert_eq!(
            cell("Team points").parse::<u64>().ok(),
            Some(expected.team_points),
            "team points of {team}: {line:?}\n{sheet}"
        );
        assert_eq!(
            half("Board wins"),
            expected.boards[0],
            "board wins of {team}:\n{sheet}"
        );
        for (k, name) in ["Boards 1-3", "Boards 1-2", "Board 1"]
            .into_iter()
            .enumerate()
        {
            assert_eq!(
                half(name),
                expected.boards[k + 1],
                "{name} of {team}:\n{sheet}"
            );
        }
        for (name, n) in [
            ("Played", expected.played),
            ("Won", expected.won),
            ("Drawn", expected.drawn),
            ("Lost", expected.lost),
        ] {
            assert_eq!(
                cell(name).parse::<u64>().ok(),
                Some(n),
                "{name} of {team}:\n{sheet}"
            );
        }
        let place: u64 = cell("Place")
            .chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap_or_else(|_| panic!("no place for {team}: {line:?}\n{sheet}"));
        let better = tallies
            .values()
            .filter(|t| t.key() > expected.key())
            .count() as u64;
        assert_eq!(
            place,
            better + 1,
            "{team} ({expected:?}) is placed after the {better} teams ahead of it:\n{sheet}"
        );
        rows.push((index, team, row));
    }
    rows.sort_by_key(|r| r.0);
    for w in rows.windows(2) {
        assert!(
            tallies[w[0].1].key() >= tallies[w[1].1].key(),
            "{} above {}: team points, then board wins\n{sheet}",
            w[0].1,
            w[1].1
        );
    }
    check_round_blocks(sheet, &lines, rounds);
}

/// Each round's block lists its matches as `A  3–1  B` (A the team with White on board 1).
fn check_round_blocks(sheet: &str, lines: &[&str], rounds: &[Vec<MatchResult>]) {
    for (r, matches) in rounds.iter().enumerate() {
        let title = format!("Round {}", r + 1);
        let from = lines
            .iter()
            .position(|l| {
                l.trim()
                    .strip_prefix(&title)
                    .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
            })
            .unwrap_or_else(|| panic!("no block {title:?}:\n{sheet}"));
        let block: Vec<&str> = lines[from + 1..]
            .iter()
            .take_while(|l| !l.trim_start().starts_with("Round "))
            .copied()
            .collect();
        for (a, b, sa, sb) in matches {
            let line = block
                .iter()
                .find(|l| l.contains(a) && l.contains(b))
                .unwrap_or_else(|| panic!("{title}: no line for {a} against {b}:\n{sheet}"));
            let c: Vec<String> = cells(line).into_iter().map(|c| c.1).collect();
            let (ia, ib) = (c.iter().position(|x| x == a), c.iter().position(|x| x == b));
            assert!(
                matches!((ia, ib), (Some(x), Some(y)) if x + 2 == y),
                "{title}: {a}, the score, {b} in this order: {line:?}\n{sheet}"
            );
            let score = &c[ia.unwrap_or_default() + 1];
            let (x, y) = score
                .split_once(['–', '-'])
                .unwrap_or_else(|| panic!("{title}: a score a–b in {line:?}\n{sheet}"));
            assert_eq!(
                (parse_half(x), parse_half(y)),
                (Some(*sa), Some(*sb)),
                "{title}: {a} {sa}/2 against {b} {sb}/2 in {line:?}\n{sheet}"
            );
        }
    }
}

// --- The tests --------------------------------------------------------------------------------------------------

#[tokio::test]
async fn issue_33_a_four_team_four_board_swiss_of_three_rounds() -> anyhow::Result<()> {
    const BOARDS: usize = 4;
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let created = create(
        &tengen,
        "Team Swiss",
        3,
        "swiss",
        &["--team-boards", "4", "--double-entry", "on"],
    );
    assert_eq!(u64_of(&created["scoring"], "team_boards"), 4, "{created}");
    let shown = tengen.ok(&["tournament", "show", "1"]);
    assert!(
        shown.lines().any(|l| l.starts_with("team tournament")
            && l.contains("teams of 4 boards, paired as teams")),
        "{shown}"
    );

    // Eleven boards are refused with the rule, and the tournament stays as it was.
    let before = tengen.json(&["tournament", "show", "1"]);
    let stderr = refused(
        &tengen,
        &["tournament", "update", "1", "--team-boards", "11"],
    );
    assert!(stderr.contains("2 to 10 boards"), "{stderr}");
    assert_eq!(
        tengen.json(&["tournament", "show", "1"]),
        before,
        "a refused update changes nothing"
    );

    let mut reg = Register::default();
    register(&tengen, &SWISS_FIELD, &mut reg);
    // The director corrects Stone Cats' first two boards and clears Nash's.
    let board = |family: &str, n: &str| {
        let id = reg.id[family].to_string();
        tengen.json(&["player", "update", &id, "--rev", "0", "--board", n])
    };
    assert_eq!(u64_of(&board("Kato", "1"), "team_board"), 1);
    assert_eq!(u64_of(&board("Abe", "2"), "team_board"), 2);
    let nash = board("Nash", "0");
    assert!(nash["team_board"].is_null(), "--board 0 clears it: {nash}");
    assert_eq!(
        str_of(&nash, "team"),
        "Ko Fighters",
        "the team stays: {nash}"
    );
    let card = tengen.ok(&["player", "show", &reg.id["Kato"].to_string()]);
    assert!(
        card.lines()
            .any(|l| l.starts_with("team ") && l.ends_with("board 1 of Stone Cats")),
        "{card}"
    );
    let card = tengen.ok(&["player", "show", &reg.id["Nash"].to_string()]);
    assert!(
        card.lines()
            .any(|l| l.starts_with("team ") && l.ends_with("Ko Fighters") && !l.contains("board")),
        "{card}"
    );

    tengen.json(&["tournament", "close-registration", "1"]);
    let desks = Desks::new(&tengen);
    let lineups = reg.lineups(&SWISS_BOARDS);
    let teams: Vec<&'static str> = SWISS_BOARDS.iter().map(|t| t.0).collect();
    let mut tallies: BTreeMap<&'static str, Tally> = BTreeMap::new();
    let mut seen: Vec<Vec<MatchSeen>> = Vec::new();
    let mut printed: Vec<Vec<MatchResult>> = Vec::new();
    let mut round_one_winners = BTreeSet::new();

    for r in 1..=3u32 {
        let round = r.to_string();
        let (matches, shown) = draw_round(&tengen, r, &reg, BOARDS);
        assert_eq!(
            matches.len(),
            2,
            "round {r}: two matches of four boards\n{shown}"
        );
        check_lineups(r, &matches, &lineups);
        if r == 2 {
            let pairs: BTreeSet<(&str, &str)> = matches.iter().map(MatchSeen::teams).collect();
            let winners: Vec<&str> = round_one_winners.iter().copied().collect();
            assert!(
                pairs.contains(&(winners[0], winners[1])),
                "round 2: the winners of round 1 ({winners:?}) meet: {pairs:?}"
            );
        }

        let mut entered: BTreeMap<u64, (i64, i64)> = BTreeMap::new();
        let mut results = Vec::new();
        let mut forfeit = None;
        let mut mismatch = None;
        for (m, mt) in matches.iter().enumerate() {
            let mut halves = Vec::new();
            for i in 0..BOARDS {
                let plan = planned(r, m, i, BOARDS);
                let (word, wb) = word(i, plan);
                let table = mt.boards[i].table;
                if r == 1 && (m, i) == FORFEIT {
                    // The referee: the board's planned loser did not come, and loses by forfeit.
                    assert_ne!(plan.0, plan.1, "a forfeit board has a winner");
                    let absent = if wb.0 < wb.1 {
                        mt.boards[i].white
                    } else {
                        mt.boards[i].black
                    };
                    let args = [
                        "referee",
                        "no-show",
                        "1",
                        "1",
                        &table.to_string(),
                        &format!("P{absent}"),
                    ];
                    let answer = as_desk(&tengen, &desks.referee, &args);
                    assert_eq!(answer["confirmed"]["result"], result_text(wb), "{answer}");
                    assert_eq!(answer["confirmed"]["by_forfeit"], true, "{answer}");
                    forfeit = Some(table);
                } else if r == 1 && (m, i) == MISMATCH {
                    assert_eq!(
                        desk_result(&tengen, &desks.results[0], r, table, word),
                        "pending"
                    );
                    let other = opposite(word);
                    assert_eq!(
                        desk_result(&tengen, &desks.results[1], r, table, other),
                        "mismatch"
                    );
                    mismatch = Some((table, word));
                } else {
                    assert_eq!(
                        desk_result(&tengen, &desks.results[0], r, table, word),
                        "pending"
                    );
                    assert_eq!(
                        desk_result(&tengen, &desks.results[1], r, table, word),
                        "confirmed"
                    );
                }
                entered.insert(table, wb);
                halves.push(plan);
            }
            let result = tally(&mut tallies, mt, &halves);
            if r == 1 {
                assert_ne!(result.2, result.3, "round 1's matches have winners");
                round_one_winners.insert(if result.2 > result.3 { mt.a } else { mt.b });
            }
            results.push(result);
        }

        if let Some((table, word)) = mismatch {
            // The two desks disagree: progress shows it, the round cannot close, the director settles it.
            let progress = tengen.json(&["progress", "1", &round]);
            assert_eq!(u64_of(&progress, "mismatched"), 1, "{progress}");
            let open: Vec<(u64, &str)> = array_of(&progress, "open")
                .iter()
                .map(|g| (u64_of(g, "table"), str_of(g, "progress")))
                .collect();
            assert_eq!(open, vec![(table, "mismatch")], "{progress}");
            let stderr = refused(&tengen, &["round", "close", "1", &round]);
            assert!(
                stderr.contains(&format!("table {table} mismatch")),
                "{stderr}"
            );
            let settled = tengen.json(&["result", "1", &round, &table.to_string(), word]);
            assert_eq!(str_of(&settled, "progress"), "confirmed", "{settled}");
        }
        check_confirmed(&tengen, r, &entered, forfeit);
        close_round(&tengen, r);
        printed.push(results);
        seen.push(matches);
    }
    assert_eq!(round_one_winners.len(), 2);
    check_everyone_met_once(&seen, &teams);
    // Once the teams have played, their board order stays as it was.
    let abe = reg.id["Abe"].to_string();
    let stderr = refused(
        &tengen,
        &["player", "update", &abe, "--rev", "0", "--board", "1"],
    );
    assert!(stderr.contains("fixed once round 1 is drawn"), "{stderr}");
    let card = tengen.json(&["player", "show", &abe]);
    assert_eq!(u64_of(&card, "team_board"), 2, "{card}");

    let sheet = tengen.ok(&["sheet", "1", "teams"]);
    check_sheet(&sheet, &tallies, &printed);
    Ok(())
}

#[tokio::test]
async fn issue_33_a_club_league_as_a_team_round_robin() -> anyhow::Result<()> {
    const BOARDS: usize = 3;
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;

    // Boards beside a team competition's counting are refused, and no tournament is made.
    let stderr = refused(
        &tengen,
        &[
            "tournament",
            "create",
            "--name",
            "Club League",
            "--rounds",
            "3",
            "--system",
            "round-robin",
            "--team-boards",
            "3",
            "--team-counting",
            "2",
        ],
    );
    assert!(stderr.contains("team competition"), "{stderr}");
    let list = tengen.json(&["tournament", "list"]);
    assert_eq!(list.as_array().map(Vec::len), Some(0), "{list}");

    let created = create(
        &tengen,
        "Club League",
        3,
        "round-robin",
        &["--team-boards", "3", "--double-entry", "off"],
    );
    assert_eq!(u64_of(&created, "id"), 1, "{created}");
    assert_eq!(u64_of(&created["scoring"], "team_boards"), 3, "{created}");
    let before = tengen.json(&["tournament", "show", "1"]);
    let stderr = refused(
        &tengen,
        &["tournament", "update", "1", "--team-counting", "2"],
    );
    assert!(stderr.contains("team competition"), "{stderr}");
    assert_eq!(
        tengen.json(&["tournament", "show", "1"]),
        before,
        "a refused update changes nothing"
    );

    let mut reg = Register::default();
    register(&tengen, &LEAGUE_FIELD, &mut reg);
    // The reserve arrives with no team written down.
    let reserve = add_player_with(&tengen, RESERVE, &[]);
    tengen.json(&["tournament", "close-registration", "1"]);
    let stderr = refused(&tengen, &["round", "draw", "1", "1"]);
    assert!(
        stderr.contains("in no team") && stderr.contains(RESERVE.0),
        "{stderr}"
    );
    let moved = tengen.json(&[
        "player",
        "update",
        &reserve.to_string(),
        "--rev",
        "0",
        "--team",
        RESERVE_TEAM,
    ]);
    assert_eq!(str_of(&moved, "team"), RESERVE_TEAM, "{moved}");
    reg.team.insert(reserve, RESERVE_TEAM);

    let lineups = reg.lineups(&LEAGUE_BOARDS);
    let teams: Vec<&'static str> = LEAGUE_BOARDS.iter().map(|t| t.0).collect();
    let mut tallies: BTreeMap<&'static str, Tally> = BTreeMap::new();
    let mut seen = Vec::new();
    let mut printed: Vec<Vec<MatchResult>> = Vec::new();
    for r in 1..=3u32 {
        let round = r.to_string();
        let (matches, shown) = draw_round(&tengen, r, &reg, BOARDS);
        assert_eq!(
            matches.len(),
            2,
            "round {r}: two matches of three boards\n{shown}"
        );
        check_lineups(r, &matches, &lineups);
        let seated: BTreeSet<u64> = matches
            .iter()
            .flat_map(|m| m.boards.iter().flat_map(|s| [s.white, s.black]))
            .collect();
        assert!(
            !seated.contains(&reserve),
            "round {r}: the reserve sits out\n{shown}"
        );
        assert!(
            array_of(&shown, "warnings").iter().any(|w| w
                .as_str()
                .is_some_and(|w| w.contains("reserve") && w.contains(RESERVE.0))),
            "round {r}: the director is told who sits out\n{shown}"
        );

        let mut entered = BTreeMap::new();
        let mut results = Vec::new();
        for (m, mt) in matches.iter().enumerate() {
            let halves: Vec<(i64, i64)> = (0..BOARDS).map(|i| planned(r, m, i, BOARDS)).collect();
            for (i, plan) in halves.iter().enumerate() {
                let (word, wb) = word(i, *plan);
                let table = mt.boards[i].table.to_string();
                let answer = tengen.json(&["result", "1", &round, &table, word]);
                assert_eq!(str_of(&answer, "progress"), "confirmed", "{answer}");
                entered.insert(mt.boards[i].table, wb);
            }
            results.push(tally(&mut tallies, mt, &halves));
        }
        check_confirmed(&tengen, r, &entered, None);
        close_round(&tengen, r);
        printed.push(results);
        seen.push(matches);
    }
    check_everyone_met_once(&seen, &teams);

    let sheet = tengen.ok(&["sheet", "1", "teams"]);
    check_sheet(&sheet, &tallies, &printed);
    Ok(())
}
