//! Issue 33's team competition inside an individual tournament, through the real desk program and server: a
//! three-round McMahon where each team counts its best two members' wins, with team prizes. Desks type a team
//! as they hear it ("Go Club Nord", "go club nord": one team); `player update --team ""` takes a player out of
//! their team. After three rounds the `teams` sheet lists the teams in the order worked out here from the
//! players' standings (the sum of the best two members' wins, then the sum of their places, a team short of
//! members counting each missing one as placed last), one line per team, with the prizes; a team counting
//! more than 10 members is refused and changes nothing.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use serde_json::Value;
use tengen_tests::Venue;

use super::{add_player_with, array_of, i64_of, play_round, refused, str_of, u64_of, Tengen};

/// Members a team counts.
const COUNTING: usize = 2;
/// The team prizes for places 1 and 2, in cents.
const PRIZES: [i64; 2] = [6_000, 3_000];

/// family, given, rank, club, city, as `add_player` takes them.
type Player = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// Each player and their team as the desk typed it ("" = none). Nobody at or above 2d, so `play_round`'s
/// even-at-the-bar check never applies.
const FIELD: [(Player, &str); 9] = [
    (("Abel", "Ann", "1d", "Lille GC", "Lille"), "Go Club Nord"),
    (("Dahl", "Dan", "1k", "Paris GC", "Paris"), "Ko Kids"),
    (("Fink", "Fay", "2k", "Lyon GC", "Lyon"), "Tesuji"),
    (("Bohr", "Ben", "3k", "Lille GC", "Lille"), "go club nord"),
    (("Gray", "Gus", "4k", "Lyon GC", "Lyon"), ""),
    (("Eyre", "Eva", "5k", "Paris GC", "Paris"), "Ko Kids"),
    (("Hale", "Hal", "6k", "Nice GC", "Nice"), "Tesuji"),
    (("Cruz", "Cid", "7k", "Lille GC", "Lille"), "Go Club Nord"),
    (("Iver", "Ida", "8k", "Nice GC", "Nice"), ""),
];

/// A member's standing: (wins in half points, place, number, family name).
type Member = (i64, u64, u64, String);

/// A team as worked out from the standings.
#[derive(Debug)]
struct Expected {
    /// The spelling most of its members typed.
    name: &'static str,
    /// The best `COUNTING` members' wins, in half points.
    score_half: i64,
    /// Their places, each missing member counted as placed last.
    places: u64,
    /// Every member's family name.
    members: Vec<String>,
}

/// The teams from `standings --json`, in the order the team standings place them: score, then places, then the
/// team's key (the server's order among equal teams).
fn expected_teams(standings: &Value, team_of: &BTreeMap<u64, &'static str>) -> Vec<Expected> {
    let rows = array_of(standings, "rows");
    let last = rows.len() as u64;
    let mut by_team: BTreeMap<&str, Vec<Member>> = BTreeMap::new();
    for r in rows {
        let id = u64_of(&r["player"], "id");
        let Some(team) = team_of.get(&id) else {
            continue;
        };
        by_team.entry(team).or_default().push((
            i64_of(r, "wins_half"),
            u64_of(r, "place"),
            u64_of(&r["player"], "number"),
            str_of(&r["player"], "family_name").to_string(),
        ));
    }
    let mut teams: Vec<(String, Expected)> = by_team
        .into_iter()
        .map(|(name, mut members)| {
            members.sort_by_key(|(wins, place, number, _)| (Reverse(*wins), *place, *number));
            let counted = &members[..members.len().min(COUNTING)];
            let missing = (COUNTING - counted.len()) as u64;
            let expected = Expected {
                name,
                score_half: counted.iter().map(|m| m.0).sum(),
                places: counted.iter().map(|m| m.1).sum::<u64>() + missing * (last + 1),
                members: members.iter().map(|m| m.3.clone()).collect(),
            };
            (name.to_lowercase(), expected)
        })
        .collect();
    teams.sort_by_key(|(key, t)| (Reverse(t.score_half), t.places, key.clone()));
    teams.into_iter().map(|(_, t)| t).collect()
}

/// Each team's prize in cents: tied teams (equal score and places) share the prizes of the places they fill,
/// the odd cents to the first of them.
fn prizes(teams: &[Expected]) -> Vec<i64> {
    let mut out = Vec::new();
    let mut next = 0;
    while next < teams.len() {
        let tied = teams[next..]
            .iter()
            .take_while(|t| {
                (t.score_half, t.places) == (teams[next].score_half, teams[next].places)
            })
            .count();
        let pot: i64 = PRIZES.iter().skip(next).take(tied).sum();
        let n = tied as i64;
        out.extend((0..n).map(|k| pot / n + i64::from(k < pot % n)));
        next += tied;
    }
    out
}

/// `6000` → `60.00`, as the sheets print money.
fn money(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// A score in half points as a sheet may print it: `5½` or `5.5`; `6`.
fn score_texts(half: i64) -> [String; 2] {
    let whole = half / 2;
    if half % 2 == 0 {
        [whole.to_string(), whole.to_string()]
    } else {
        [format!("{whole}½"), format!("{whole}.5")]
    }
}

#[tokio::test]
async fn issue_33_a_team_competition_inside_a_mcmahon_tournament() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    tengen.json(&[
        "tournament",
        "create",
        "--name",
        "Team Cup",
        "--rounds",
        "3",
        "--system",
        "mcmahon",
        "--double-entry",
        "off",
        "--team-counting",
        "2",
        "--team-prizes",
        "60, 30",
    ]);
    let shown = tengen.ok(&["tournament", "show", "1"]);
    assert!(
        shown.contains("team competition")
            && shown.contains("best 2 members' wins; team prizes 60.00, 30.00"),
        "{shown}"
    );

    // More than ten members counting is refused with the rule, and the tournament stays as it was.
    let before = tengen.json(&["tournament", "show", "1"]);
    let stderr = refused(
        &tengen,
        &["tournament", "update", "1", "--team-counting", "11"],
    );
    assert!(stderr.contains("1 to 10 members"), "{stderr}");
    let after = tengen.json(&["tournament", "show", "1"]);
    assert_eq!(after, before, "a refused update changes nothing");
    assert_eq!(u64_of(&after["scoring"], "team_counting"), 2, "{after}");
    assert_eq!(
        after["scoring"]["team_prizes_cents"],
        serde_json::json!(PRIZES)
    );

    // The desks register the field, each typing the team as they heard it.
    let mut team_of: BTreeMap<u64, &'static str> = BTreeMap::new();
    let mut ids: BTreeMap<&str, String> = BTreeMap::new();
    for (player, team) in FIELD {
        let extra: &[&str] = if team.is_empty() {
            &[]
        } else {
            &["--team", team]
        };
        let id = add_player_with(&tengen, player, extra);
        ids.insert(player.0, id.to_string());
        if !team.is_empty() {
            // The spelling most of the team's members typed names it.
            let name = if team.eq_ignore_ascii_case("Go Club Nord") {
                "Go Club Nord"
            } else {
                team
            };
            team_of.insert(id, name);
        }
    }
    // The register keeps each player's team as the desk typed it.
    let card = tengen.json(&["player", "show", &ids["Bohr"]]);
    assert_eq!(str_of(&card, "team"), "go club nord", "{card}");
    let text = tengen.ok(&["player", "show", &ids["Abel"]]);
    assert!(
        text.lines()
            .any(|l| l.starts_with("team ") && l.ends_with("Go Club Nord")),
        "{text}"
    );

    // A player put in a team by mistake is taken out again with --team "".
    let gray = &ids["Gray"];
    let moved = tengen.json(&["player", "update", gray, "--rev", "0", "--team", "Tesuji"]);
    assert_eq!(str_of(&moved, "team"), "Tesuji", "{moved}");
    let cleared = tengen.json(&["player", "update", gray, "--rev", "0", "--team", ""]);
    assert_eq!(str_of(&cleared, "team"), "", "{cleared}");
    let text = tengen.ok(&["player", "show", gray]);
    assert!(!text.lines().any(|l| l.starts_with("team ")), "{text}");

    tengen.json(&["tournament", "close-registration", "1"]);
    tengen.json(&["number", "1"]);
    for r in 1..=3 {
        play_round(&tengen, None, r, 2);
    }

    let standings = tengen.json(&["standings", "1"]);
    let expected = expected_teams(&standings, &team_of);
    assert_eq!(expected.len(), 3, "{expected:?}");
    let prizes = prizes(&expected);
    let sheet = tengen.ok(&["sheet", "1", "teams"]);
    let lines: Vec<&str> = sheet.lines().collect();
    // The second spelling is no team of its own: only the one most members typed is printed.
    assert!(!sheet.contains("go club nord"), "{sheet}");
    let mut at = Vec::new();
    for (i, team) in expected.iter().enumerate() {
        let line = lines
            .iter()
            .position(|l| l.contains(team.name))
            .unwrap_or_else(|| panic!("no line for {}:\n{sheet}", team.name));
        let text = lines[line];
        // One line per team, its members (counted and not) on the lines under it, up to the next team's line or
        // the end of the table.
        let block = block(&lines, line, &expected);
        for member in &team.members {
            assert!(
                block.iter().any(|l| l.contains(member.as_str())),
                "{member} under the line of {}:\n{sheet}",
                team.name
            );
        }
        let [whole, decimal] = score_texts(team.score_half);
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || "(),;:".contains(c))
            .collect();
        assert!(
            words.contains(&whole.as_str()) || words.contains(&decimal.as_str()),
            "score {whole} on the line of {}:\n{sheet}",
            team.name
        );
        // The prize is printed with the team (on its line, or a prize line naming it); no prize, no amount.
        let with_team: Vec<&&str> = lines.iter().filter(|l| l.contains(team.name)).collect();
        match prizes.get(i).copied().filter(|c| *c > 0) {
            Some(cents) => assert!(
                with_team.iter().any(|l| l.contains(&money(cents))),
                "{} takes {}:\n{sheet}",
                team.name,
                money(cents)
            ),
            None => {
                for cents in PRIZES {
                    assert!(
                        !with_team.iter().any(|l| l.contains(&money(cents))),
                        "{} takes no prize:\n{sheet}",
                        team.name
                    );
                }
            }
        }
        at.push(line);
    }
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "teams in the order {:?}:\n{sheet}",
        expected.iter().map(|t| t.name).collect::<Vec<_>>()
    );
    // Players without a team are in no team's block.
    for line in &at {
        for family in ["Gray", "Iver"] {
            assert!(
                !block(&lines, *line, &expected)
                    .iter()
                    .any(|l| l.contains(family)),
                "{family} is in no team:\n{sheet}"
            );
        }
    }
    Ok(())
}

/// The lines of the team whose line is `line`: it and the member lines under it, up to the next team's line or
/// the blank line that ends the table.
fn block<'a>(lines: &[&'a str], line: usize, teams: &[Expected]) -> Vec<&'a str> {
    let mut out = vec![lines[line]];
    for l in &lines[line + 1..] {
        if l.trim().is_empty() || teams.iter().any(|t| l.contains(t.name)) {
            break;
        }
        out.push(l);
    }
    out
}
