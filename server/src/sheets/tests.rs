//! Sheet tests: a six-player McMahon tournament with accented and CJK names, two rounds with a bye, a jigo, a
//! handicap game and a win by forfeit, built by applying domain events; every kind in both formats is
//! snapshotted (reviewed by eye for alignment), plus the page-width, privacy and refusal rules.

use super::{render, text, FILES, KINDS};
use crate::domain::event::Event;
use crate::domain::round::{GameRecord, GameResult, Outcome, RoundRecord, RoundState};
use crate::domain::setup::{self, McMahonSetup};
use crate::domain::{
    Entry, EntryStatus, EventInfo, Participant, ParticipantFields, ParticipantId, Rank, Rejected,
    Revision, State, Tournament, TournamentId, TournamentSettings,
};
use std::collections::BTreeMap;
use tengen_text::width;

const T: TournamentId = TournamentId(1);

struct Person {
    family: &'static str,
    given: &'static str,
    rank: &'static str,
    club: &'static str,
    country: &'static str,
    rounds: &'static [u32],
    status: EntryStatus,
}

const PEOPLE: [Person; 7] = [
    Person {
        family: "井山",
        given: "裕太",
        rank: "9p",
        club: "Nihon Ki-in",
        country: "JP",
        rounds: &[1, 2, 3],
        status: EntryStatus::CheckedIn,
    },
    Person {
        family: "李",
        given: "世乭",
        rank: "9p",
        club: "Korea Baduk Association",
        country: "KR",
        rounds: &[1, 2, 3],
        status: EntryStatus::CheckedIn,
    },
    Person {
        family: "Müller",
        given: "François",
        rank: "1d",
        club: "Zürich",
        country: "CH",
        rounds: &[1, 2, 3],
        status: EntryStatus::CheckedIn,
    },
    Person {
        family: "Ødegård",
        given: "Åsa",
        rank: "2k",
        club: "Oslo Go & Shogi",
        country: "NO",
        rounds: &[1, 2, 3],
        status: EntryStatus::CheckedIn,
    },
    Person {
        family: "Wolfeschlegelsteinhausenbergerdorff",
        given: "Hubert Blaine",
        rank: "5k",
        club: "Cambridge",
        country: "GB",
        rounds: &[1, 2, 3],
        status: EntryStatus::CheckedIn,
    },
    Person {
        family: "Nguyễn",
        given: "Văn An",
        rank: "10k",
        club: "Hà Nội",
        country: "VN",
        rounds: &[2, 3],
        status: EntryStatus::CheckedIn,
    },
    Person {
        family: "Côté",
        given: "Anne",
        rank: "15k",
        club: "Montréal",
        country: "CA",
        rounds: &[1, 2, 3],
        status: EntryStatus::PreRegistered,
    },
];

/// The Latin names the desk typed for the players written in Han (the files for other programs need them).
const LATIN: [(&str, &str, &str); 2] = [("井山", "Iyama", "Yūta"), ("李", "Lee", "Sedol")];

fn email(i: usize) -> String {
    format!("player{i}@private.example")
}

/// Everyone's year of birth (issue 33): private like the contact data.
const BORN: u16 = 1913;

fn phone(i: usize) -> String {
    format!("+33 6 12 34 56 {i:02}")
}

fn settings() -> TournamentSettings {
    TournamentSettings {
        name: "Tengen Cup".into(),
        rounds: 3,
        start_date: "2026-05-01".into(),
        end_date: "2026-05-03".into(),
        mcmahon: McMahonSetup {
            bar: Some(Rank::dan(1).expect("1d")),
            ..Default::default()
        },
        scoring: setup::ScoringSettings {
            prizes_cents: vec![10_000, 5_000, 2_500],
            ..Default::default()
        },
        ..Default::default()
    }
}

fn participant(i: usize, p: &Person) -> Participant {
    let mut fields = ParticipantFields::sample(p.family, p.given, p.club);
    fields.rank = p.rank.parse().expect("test ranks parse");
    fields.country = p.country.into();
    fields.email = email(i);
    fields.phone = phone(i);
    fields.birth_year = Some(BORN);
    fields.notes = "private note".into();
    if let Some((_, family, given)) = LATIN.iter().find(|(name, ..)| *name == p.family) {
        fields.latin_family_name = (*family).into();
        fields.latin_given_name = (*given).into();
    }
    Participant {
        id: ParticipantId(i as u64 + 1),
        revision: Revision(1),
        fields,
        entries: BTreeMap::from([(T, Entry::new(p.rounds.to_vec(), p.status))]),
        registered_at_ms: 0,
        registered_by: None,
        payments: Vec::new(),
        code: None,
    }
}

fn id(n: u64) -> ParticipantId {
    ParticipantId(n)
}

fn result(outcome: Outcome, by_forfeit: bool) -> Option<GameResult> {
    Some(GameResult {
        outcome,
        by_forfeit,
    })
}

fn round(
    number: u32,
    state: RoundState,
    games: &[(u64, u64, u8)],
    bye: Option<u64>,
) -> RoundRecord {
    RoundRecord {
        number,
        state,
        seed: 42,
        games: games
            .iter()
            .enumerate()
            .map(|(i, (w, b, h))| GameRecord::new(i as u32 + 1, id(*w), id(*b), *h))
            .collect(),
        bye: bye.map(id),
        advancing: Vec::new(),
        warnings: Vec::new(),
        draws: 1,
        published_at_ms: None,
        parts: Vec::new(),
    }
}

fn confirm(s: &mut State, number: u32, table: u32, confirmed: Option<GameResult>) {
    let mut game = s.play[&T].round(number).expect("round drawn").games[table as usize - 1].clone();
    game.confirmed = confirmed;
    s.apply(&Event::GameUpdated {
        tournament: T,
        revision: Revision(0),
        round: number,
        game,
    });
}

/// The tournament of the module doc: round 1 closed (jigo, a handicap game, a bye), round 2 published with
/// every result in (a win by forfeit, a four-stone game).
fn tournament() -> State {
    let mut s = State::default();
    s.apply(&Event::EventUpdated {
        event: EventInfo {
            name: "European Go Congress 2026".into(),
            ..Default::default()
        },
    });
    s.apply(&Event::TournamentCreated {
        tournament: Tournament {
            id: T,
            revision: Revision(1),
            settings: settings(),
            registration_open: true,
        },
    });
    for (i, p) in PEOPLE.iter().enumerate() {
        s.apply(&Event::ParticipantRegistered {
            participant: participant(i, p),
        });
    }
    let t = &s.tournaments[&T];
    let start = |p: &Participant| {
        setup::starting_mms(t.settings.system, &t.settings.mcmahon, p.fields.rank, 0)
    };
    let starts: Vec<(ParticipantId, i32)> = s
        .participants
        .values()
        .take(6)
        .map(|p| (p.id, start(p)))
        .collect();
    let first = round(1, RoundState::Closed, &[(1, 2, 0), (3, 4, 1)], Some(5));
    s.apply(&Event::RoundDrawn {
        tournament: T,
        revision: Revision(1),
        round: first,
        starts: starts[..5].to_vec(),
        numbers: (1..=5).map(|n| (id(n), n as u32)).collect(),
    });
    confirm(&mut s, 1, 1, result(Outcome::Jigo, false));
    confirm(&mut s, 1, 2, result(Outcome::BlackWins, false));
    let second = round(
        2,
        RoundState::Published,
        &[(1, 3, 0), (2, 4, 0), (5, 6, 4)],
        None,
    );
    s.apply(&Event::RoundDrawn {
        tournament: T,
        revision: Revision(2),
        round: second,
        starts: starts[5..].to_vec(),
        numbers: vec![(id(6), 6)],
    });
    confirm(&mut s, 2, 1, result(Outcome::WhiteWins, true));
    confirm(&mut s, 2, 2, result(Outcome::WhiteWins, false));
    confirm(&mut s, 2, 3, result(Outcome::BlackWins, false));
    s
}

fn body(s: &State, kind: &str, html: bool) -> String {
    render(s, T, kind, 0, html)
        .unwrap_or_else(|e| panic!("{kind}: {e}"))
        .body
}

/// The HTML one element a line, so a snapshot's change reads like a diff of the page (maud writes it unbroken).
fn readable(html: &str) -> String {
    html.replace("><", ">\n<")
}

macro_rules! snapshot_both {
    ($name:ident, $kind:literal) => {
        #[test]
        fn $name() {
            let s = tournament();
            insta::assert_snapshot!(concat!(stringify!($name), "_text"), body(&s, $kind, false));
            insta::assert_snapshot!(
                concat!(stringify!($name), "_html"),
                readable(&body(&s, $kind, true))
            );
        }
    };
}

snapshot_both!(pairings_sheet, "pairings");
snapshot_both!(pairings_by_name_sheet, "pairings-by-name");
snapshot_both!(slips_sheet, "slips");
snapshot_both!(wallchart_sheet, "wallchart");
snapshot_both!(grid_sheet, "grid");
snapshot_both!(bracket_of_a_mcmahon_sheet, "bracket");
snapshot_both!(standings_sheet, "standings");
snapshot_both!(register_sheet, "register");
snapshot_both!(prize_list_sheet, "prizes");

#[test]
fn round_one_pairings_show_the_bye_at_the_bottom() {
    let s = tournament();
    let doc = render(&s, T, "pairings", 1, false).expect("round 1 is drawn");
    insta::assert_snapshot!("pairings_round_one_text", doc.body);
    let last = doc.body.lines().last().unwrap_or_default();
    assert!(last.starts_with("Bye: 5 Wolfeschlegel"), "{last}");
}

#[test]
fn text_sheets_fit_a4_portrait_and_the_wall_chart_landscape() {
    let s = tournament();
    // The files for other programs are not printed (`FILES`): their lines are as long as their formats make them.
    for kind in KINDS.into_iter().filter(|k| !FILES.contains(k)) {
        let doc = render(&s, T, kind, 0, false).expect("every kind renders");
        // The EGF export is a data file, one line per player with every round: wide like the wall chart.
        let limit = if kind == "wallchart" || kind == "egf" || doc.title.contains("landscape") {
            text::LANDSCAPE
        } else {
            text::PORTRAIT
        };
        for line in doc.body.lines() {
            assert!(
                width(line) <= limit,
                "{kind}: {} columns: {line}",
                width(line)
            );
        }
        assert_eq!(doc.content_type, "text/plain; charset=utf-8");
    }
    let wall = render(&s, T, "wallchart", 0, false).expect("wall chart");
    assert!(wall.title.contains("landscape"), "{}", wall.title);
}

#[test]
fn no_sheet_ever_prints_contact_data_or_notes() {
    let s = tournament();
    for kind in KINDS {
        for html in [false, true] {
            let body = body(&s, kind, html);
            for i in 0..PEOPLE.len() {
                assert!(!body.contains(&email(i)), "{kind}: email of {i}");
                assert!(!body.contains(&phone(i)), "{kind}: phone of {i}");
                assert!(!body.contains("private.example"), "{kind}: an email domain");
            }
            assert!(!body.contains("private note"), "{kind}: notes");
            assert!(!body.contains(&BORN.to_string()), "{kind}: a year of birth");
        }
    }
}

#[test]
fn html_is_a_complete_escaped_utf8_a4_document() {
    let s = tournament();
    for kind in KINDS.into_iter().filter(|k| !FILES.contains(k)) {
        let doc = render(&s, T, kind, 0, true).expect("every kind renders");
        assert_eq!(doc.content_type, "text/html; charset=utf-8");
        assert!(doc.body.starts_with("<!DOCTYPE html>"));
        assert!(doc.body.contains("<meta charset=\"utf-8\">"));
        assert!(doc.body.contains("size: A4"));
        assert!(doc.body.contains("Noto Sans CJK JP"));
        assert!(doc.body.trim_end().ends_with("</html>"));
    }
    let register = body(&s, "register", true);
    assert!(register.contains("Oslo Go &amp; Shogi"));
    assert!(!register.contains("Go & Shogi"));
    let mut sheet = super::model::Sheet::new(r#"<a href="x">'&'</a>"#.into(), Vec::new());
    sheet
        .blocks
        .push(super::model::Block::Note("<script>x</script>".into()));
    let escaped = super::html::render(&sheet);
    assert!(
        escaped.contains("&lt;a href=&quot;x&quot;&gt;'&amp;'&lt;/a&gt;"),
        "{escaped}"
    );
    assert!(escaped.contains("&lt;script&gt;x&lt;/script&gt;") && !escaped.contains("<script>"));
    let slips = body(&s, "slips", true);
    assert!(slips.contains("page-break-inside: avoid"));
}

#[test]
fn round_zero_means_the_last_round_drawn_or_with_results() {
    let s = tournament();
    let latest = render(&s, T, "pairings", 0, false).expect("drawn");
    let second = render(&s, T, "pairings", 2, false).expect("drawn");
    assert_eq!(latest, second);
    let standings = render(&s, T, "standings", 0, false).expect("results");
    assert!(
        standings.title.ends_with("after round 2"),
        "{}",
        standings.title
    );
    let earlier = render(&s, T, "standings", 1, false).expect("results");
    assert!(
        earlier.title.ends_with("after round 1"),
        "{}",
        earlier.title
    );
}

#[test]
fn unknown_kind_round_or_tournament_is_refused() {
    let s = tournament();
    match render(&s, T, "scoreboard", 0, false) {
        Err(Rejected::Invalid {
            field: "kind",
            message,
        }) => {
            for kind in KINDS {
                assert!(message.contains(kind), "{message}");
            }
        }
        other => panic!("unexpected {other:?}"),
    }
    for kind in [
        "pairings",
        "pairings-by-name",
        "slips",
        "wallchart",
        "grid",
        "standings",
    ] {
        assert_eq!(
            render(&s, T, kind, 3, false),
            Err(Rejected::UnknownRound {
                tournament: T,
                round: 3
            }),
            "{kind}"
        );
    }
    assert_eq!(
        render(&s, TournamentId(9), "pairings", 0, false),
        Err(Rejected::UnknownTournament(TournamentId(9)))
    );
}

#[test]
fn before_any_draw_pairings_are_refused_and_the_register_lists_everyone() {
    let mut s = State::default();
    s.apply(&Event::TournamentCreated {
        tournament: Tournament {
            id: T,
            revision: Revision(1),
            settings: settings(),
            registration_open: true,
        },
    });
    for (i, p) in PEOPLE.iter().enumerate() {
        s.apply(&Event::ParticipantRegistered {
            participant: participant(i, p),
        });
    }
    assert_eq!(
        render(&s, T, "slips", 0, false),
        Err(Rejected::UnknownRound {
            tournament: T,
            round: 1
        })
    );
    let register = body(&s, "register", false);
    assert!(register.contains("7 entrants: 6 checked in, 1 pre-registered, 0 withdrawn."));
    let chart = render(&s, T, "wallchart", 0, false).expect("a chart before round 1");
    assert!(chart.title.contains("before round 1"));
    assert_eq!(chart.body.matches("Korea").count(), 1);
}

#[test]
fn rounds_print_as_ranges() {
    assert_eq!(super::register::rounds(&[1, 2, 3, 5, 7, 8]), "1-3, 5, 7-8");
    assert_eq!(super::register::rounds(&[]), "none");
}

#[test]
fn a_drawn_round_without_results_shows_question_marks_and_is_not_counted_by_default() {
    let mut s = tournament();
    s.apply(&Event::RoundDrawn {
        tournament: T,
        revision: Revision(3),
        round: round(
            3,
            RoundState::Published,
            &[(1, 2, 0), (3, 5, 0), (4, 6, 2)],
            None,
        ),
        starts: Vec::new(),
        numbers: Vec::new(),
    });
    let latest = render(&s, T, "wallchart", 0, false).expect("wall chart");
    assert!(latest.title.contains("after round 2"), "{}", latest.title);
    let third = render(&s, T, "wallchart", 3, false).expect("wall chart");
    let line = third
        .body
        .lines()
        .find(|l| l.starts_with(" 4 "))
        .unwrap_or_default();
    assert!(line.contains("3+b1  2-b   6?w2"), "{line}");
}

snapshot_both!(egf_export, "egf");

/// The player lines of an EGF export: each line's round tokens (entries such as `3+!w0` or `0=`).
fn egf_rounds(body: &str) -> Vec<Vec<String>> {
    let is_token = |t: &&str| {
        let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        digits > 0 && t[digits..].starts_with(['+', '-', '=', '?'])
    };
    body.lines()
        .filter(|l| !l.starts_with(';'))
        .map(|l| {
            l.split_whitespace()
                .filter(is_token)
                .map(str::to_string)
                .collect()
        })
        .collect()
}

/// A game token split into opponent line, result, type (`/` or `!`), colour and handicap.
fn egf_game(token: &str) -> Option<(usize, char, char, char, String)> {
    let digits = token.find(|c: char| !c.is_ascii_digit())?;
    let opponent: usize = token[..digits].parse().ok()?;
    let mut rest = token[digits..].chars();
    let result = rest.next()?;
    let kind = rest.next()?;
    let colour = rest.next()?;
    Some((opponent, result, kind, colour, rest.collect()))
}

#[test]
fn egf_export_marks_the_forfeit_on_both_sides_and_played_games_with_a_slash() {
    let s = tournament();
    let rounds = egf_rounds(&body(&s, "egf", false));
    assert_eq!(rounds.len(), 6);
    // Round 2, table 1: 1 (white) beat 3 by forfeit; lines follow the standings (1, 2, 3 …).
    assert_eq!(rounds[0][1], "3+!w0");
    assert_eq!(rounds[2][1], "1-!b0");
    let games: Vec<&String> = rounds
        .iter()
        .flatten()
        .filter(|t| !t.starts_with('0'))
        .collect();
    assert_eq!(games.iter().filter(|t| t.contains('!')).count(), 2);
    for t in games.iter().filter(|t| !t.contains('!')) {
        assert_eq!(egf_game(t).map(|g| g.2), Some('/'), "{t}");
    }
    // The jigo, the bye, the missed round and the four-stone game of the fixture.
    assert_eq!(rounds[0][0], "2=/w0");
    assert_eq!(rounds[4][0], "0+");
    assert_eq!(rounds[5][0], "0=");
    assert_eq!(rounds[5][1], "5+/b4");
}

#[test]
fn egf_export_reads_back_as_a_consistent_table() {
    let s = tournament();
    let rounds = egf_rounds(&body(&s, "egf", false));
    let count = rounds[0].len();
    assert_eq!(count, 2);
    for (i, line) in rounds.iter().enumerate() {
        assert_eq!(line.len(), count, "line {}: {line:?}", i + 1);
        for (r, token) in line.iter().enumerate() {
            let Some((opponent, result, kind, colour, stones)) = egf_game(token) else {
                assert!(["0+", "0-", "0="].contains(&token.as_str()), "{token}");
                continue;
            };
            let other = rounds
                .get(opponent.wrapping_sub(1))
                .and_then(|l| l.get(r))
                .unwrap_or_else(|| panic!("line {}: no line {opponent}", i + 1));
            let (back, their_result, their_kind, their_colour, their_stones) =
                egf_game(other).unwrap_or_else(|| panic!("{other} is not a game"));
            assert_eq!(back, i + 1, "{token} / {other}");
            let expected = match result {
                '+' => '-',
                '-' => '+',
                same => same,
            };
            assert_eq!(their_result, expected, "{token} / {other}");
            assert_eq!(their_kind, kind, "{token} / {other}");
            assert_ne!(their_colour, colour, "{token} / {other}");
            assert_eq!(their_stones, stones, "{token} / {other}");
        }
    }
}

#[test]
fn egf_export_skips_ghosts_shares_places_and_appends_pins() {
    let mut s = tournament();
    let ghost = s
        .participants
        .get_mut(&id(6))
        .and_then(|p| p.entries.get_mut(&T))
        .expect("player 6 is entered");
    ghost.ghost = true;
    if let Some(p) = s.participants.get_mut(&id(1)) {
        p.fields.egd_pin = "12345678".into();
    }
    let body = body(&s, "egf", false);
    let lines: Vec<&str> = body.lines().filter(|l| !l.starts_with(';')).collect();
    assert_eq!(lines.len(), 5, "{body}");
    assert!(!body.contains("Nguyen"), "{body}");
    assert!(lines[0].ends_with(" |12345678"), "{}", lines[0]);
    // Player 5 lost to the ghost in round 2: a free round, not a game.
    let five = egf_rounds(&body)[4].clone();
    assert_eq!(five, ["0+", "0-"]);
    // After round 1 the jigo of players 1 and 2 ties them: the second line of the tie prints no place.
    let mut tie = tournament();
    if let Some(play) = tie.play.get_mut(&T) {
        play.rounds.truncate(1);
    }
    let tied = render(&tie, T, "egf", 1, false).expect("round 1 has results");
    let places: Vec<&str> = tied
        .body
        .lines()
        .filter(|l| !l.starts_with(';'))
        .map(|l| l[..4].trim())
        .collect();
    assert_eq!(places[..2], ["1", ""], "{}", tied.body);
}

#[test]
fn egf_export_needs_a_result_and_writes_every_name_in_latin_letters() {
    let s = tournament();
    let text = body(&s, "egf", false);
    for expected in [
        "Muller Francois",
        "Odegard Asa",
        "Nguyen Van_An",
        "Iyama Yuta",
        "Lee Sedol",
        "; CL[A]",
        "; HA[h1]",
        "; KM[6.5]",
        "; TM[75]",
        "; DT[2026-05-01,2026-05-03]",
    ] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
    assert_eq!(
        super::egf::to_ascii("Łódź Straße Ce\u{301}line"),
        "Lodz Strasse Celine"
    );
    let mut fresh = tournament();
    fresh.play.clear();
    assert!(matches!(
        render(&fresh, T, "egf", 0, false),
        Err(Rejected::Precondition(_))
    ));
}

#[test]
fn issue_12_only_sections_or_categories_have_winners_and_section_prizes_carry_money() {
    // Bar and floor only: no sections, so no "sections" of one player each.
    let mut s = tournament();
    let plain = body(&s, "standings", false);
    assert!(!plain.contains("Section winners"), "{plain}");
    // The director's categories, with section prizes split like the overall ones.
    let scoring = &mut s
        .tournaments
        .get_mut(&T)
        .expect("the tournament")
        .settings
        .scoring;
    scoring.categories = vec![Rank::dan(1).expect("1d"), "30k".parse().expect("30k")];
    scoring.section_prizes_cents = vec![2_000, 1_000];
    let sheet = body(&s, "standings", false);
    insta::assert_snapshot!("standings_sheet_categories_text", sheet);
    assert!(sheet.contains("Section winners") && sheet.contains("Section prizes"));
    assert!(sheet.contains("1d+") && sheet.contains("30k–1k"), "{sheet}");
    assert!(
        sheet.contains("20.00") && sheet.contains("10.00"),
        "{sheet}"
    );
}

/// Issue 33: prizes by wins and for juniors beside the places, each player taking only their best prize. 李 (2nd,
/// 50) is also the best junior (30) and keeps the 50, so the junior prize passes to Ødegård, who also has a win
/// (5) and takes the 30; Nguyễn, the last junior, takes the second junior prize (15) rather than the wins prize;
/// Wolfeschlegelsteinhausenbergerdorff, with one win and nothing else, takes the wins prize. Stacked, every prize
/// goes to the first in line whatever else they hold.
#[test]
fn issue_33_the_prize_list_gives_each_player_their_best_prize() {
    let mut s = tournament();
    for (id, year) in [(2, 2010), (4, 2011), (6, 2012), (1, 1980)] {
        s.participants
            .get_mut(&ParticipantId(id))
            .expect("registered")
            .fields
            .birth_year = Some(year);
    }
    let scoring = &mut s
        .tournaments
        .get_mut(&T)
        .expect("the tournament")
        .settings
        .scoring;
    scoring.wins_prizes = vec![setup::WinsPrize {
        wins_half: 2,
        cents: 500,
    }];
    scoring.junior_born_from = Some(2009);
    scoring.junior_prizes_cents = vec![3_000, 1_500];
    scoring.improvement_prizes_cents = vec![700];
    let list = body(&s, "prizes", false);
    insta::assert_snapshot!("prize_list_best_prize_each_text", list);
    let line = |sheet: &str, name: &str| {
        sheet
            .lines()
            .filter(|l| l.contains(name))
            .map(|l| l.trim().to_string())
            .collect::<Vec<String>>()
    };
    assert!(line(&list, "李")[0].starts_with("2nd place"), "{list}");
    assert_eq!(line(&list, "李").len(), 1, "{list}");
    assert!(
        line(&list, "Ødegård")[0].starts_with("Best junior"),
        "{list}"
    );
    assert!(line(&list, "Nguyễn")[0].starts_with("2nd junior"), "{list}");
    assert!(
        line(&list, "Wolfe")[0].starts_with("1 win or more"),
        "{list}"
    );
    assert!(list.contains("6 prizes, 225.00 paid in all."), "{list}");
    assert!(
        list.contains("prizes for improvement (nobody climbed)"),
        "{list}"
    );
    assert!(list.contains("Provisional"), "{list}");
    // The year of birth never reaches the sheet.
    for year in ["2010", "2011", "2012", "1980"] {
        assert!(!list.contains(year), "{year} in {list}");
    }
    // The special prizes under the standings too.
    let standings = body(&s, "standings", false);
    assert!(standings.contains("Special prizes"), "{standings}");
    // Stacked: 李 takes the 50, the junior prize and the wins prize; Ødegård the second junior prize and the wins
    // prize.
    s.tournaments
        .get_mut(&T)
        .expect("the tournament")
        .settings
        .scoring
        .prizes_stack = true;
    let list = body(&s, "prizes", false);
    assert_eq!(line(&list, "李").len(), 3, "{list}");
    assert_eq!(line(&list, "Ødegård").len(), 2, "{list}");
    assert!(!list.contains("best prize"), "{list}");
}

/// Issue 29: under Mays' tie-breaks players place by the MMS they earned, and Mays' grid still prints a latecomer's
/// ½ per missed round. Nguyễn (10k, start 20) joined in round 2 and won: earned 21, on the grid 21.5. The wall
/// chart prints the grid's figure with the earned one in brackets; the standings the other way round; each says
/// so under the table. Under the EGF order (the default) the one figure, 21.5, is both and nothing is added.
#[test]
fn issue_29_a_latecomers_mms_shows_the_grid_figure_and_the_earned_one() {
    let mut s = tournament();
    let egf_chart = body(&s, "wallchart", false);
    assert!(!egf_chart.contains("Mays' grid"), "{egf_chart}");
    s.tournaments
        .get_mut(&T)
        .expect("the tournament")
        .settings
        .scoring
        .tiebreaks = setup::tiebreak_profile("mays").expect("mays");
    let chart = body(&s, "wallchart", false);
    let line = |sheet: &str, name: &str| {
        sheet
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} in {sheet}"))
            .to_string()
    };
    assert!(line(&chart, "Nguyễn").contains("21.5 (21)"), "{chart}");
    assert!(line(&chart, "Müller").contains(" 30 "), "{chart}");
    assert!(chart.contains("MMS as on Mays' grid"), "{chart}");
    let standings = body(&s, "standings", false);
    assert!(
        line(&standings, "Nguyễn").contains("21 (21.5)"),
        "{standings}"
    );
    assert!(
        standings.contains("In brackets after an MMS"),
        "{standings}"
    );
}

/// The OpenGotha file reads back with the reader the draw's replay uses: every entrant, every game with its
/// colours, handicap, table and result (the forfeit as `_BYDEF`), the bye, and names and clubs with `&` intact.
#[test]
fn the_opengotha_file_reads_back_whole() {
    let s = tournament();
    let xml = body(&s, "opengotha", false);
    let back = tengen_interop::opengotha::read(&xml).expect("our own file reads");
    let roster = crate::app::roster::Roster::new(&s, T).expect("tournament");
    assert_eq!(back.players.len(), roster.entrants.len());
    assert!(
        back.players.iter().any(|p| p.club == "Oslo Go & Shogi"),
        "escaped and read back"
    );
    let rounds = roster.rounds();
    let games: usize = rounds.iter().map(|r| r.games.len()).sum();
    assert_eq!(back.games.len(), games);
    for r in rounds {
        for g in &r.games {
            let og = back
                .games
                .iter()
                .find(|x| x.round == r.number && x.table == g.table)
                .expect("game kept");
            let name =
                |i: usize| format!("{} {}", back.players[i].name, back.players[i].first_name);
            assert_eq!(name(og.white), roster.full_name(g.white));
            assert_eq!(name(og.black), roster.full_name(g.black));
            assert_eq!(og.handicap, g.handicap);
            assert_eq!(
                og.result.by_default,
                g.confirmed.is_some_and(|c| c.by_forfeit)
            );
        }
    }
    assert!(
        back.games.iter().any(|g| g.result.by_default),
        "the forfeit is a _BYDEF result"
    );
    assert_eq!(
        back.byes.len(),
        rounds.iter().filter(|r| r.bye.is_some()).count()
    );
    assert_eq!(
        back.general.number_of_rounds,
        s.tournaments[&T].settings.rounds
    );
}

/// Issue 34: without the Latin name typed for a name in Han, the `.h9`, `.tou` and AGA files are refused, naming
/// the player by number; with it, each file writes it; a Cyrillic name is spelled without one.
#[test]
fn issue_34_the_files_refuse_a_name_they_cannot_spell_and_use_the_latin_name() {
    let mut s = tournament();
    for kind in ["egf", "tou", "aga"] {
        let doc = render(&s, T, kind, 0, false).unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert!(
            doc.body.contains("Iyama") && doc.body.contains("Lee"),
            "{kind}: {}",
            doc.body
        );
        assert!(
            !doc.body.contains("Shishi") && !doc.body.contains("Jingshan"),
            "{kind}: {}",
            doc.body
        );
    }
    let aga = body(&s, "aga", false);
    assert!(
        aga.contains("Iyama, Yūta") && aga.contains("Müller, François"),
        "{aga}"
    );
    let typed = s.participants[&id(1)].clone();
    let mut without = typed.clone();
    without.fields.latin_family_name.clear();
    without.fields.latin_given_name.clear();
    s.participants.insert(id(1), without);
    let mut cyrillic = s.participants[&id(4)].clone();
    cyrillic.fields.family_name = "Одегорд".into();
    s.participants.insert(id(4), cyrillic);
    for (kind, file) in [("egf", ".h9"), ("tou", ".tou"), ("aga", "AGA")] {
        match render(&s, T, kind, 0, false) {
            Err(Rejected::Precondition(message)) => assert_eq!(
                message,
                format!(
                    "add a Latin name for #1 井山 裕太 on the registration desk, then export again: the {file} \
                     file writes every name in Latin letters"
                ),
                "{kind}"
            ),
            other => panic!("{kind}: {other:?}"),
        }
    }
    s.participants.insert(id(1), typed);
    let h9 = body(&s, "egf", false);
    assert!(h9.contains(" Odegord Asa "), "{h9}");
}

/// The `.tou` is ISO-8859-1: accents are single bytes, and a letter it lacks is spelled without its accent.
#[test]
fn the_tou_file_is_latin1() {
    let s = tournament();
    let doc = render(&s, T, "tou", 0, false).expect("tou");
    assert!(
        doc.body.contains("Iyama Yuta"),
        "ū is not in ISO-8859-1: {}",
        doc.body
    );
    assert_eq!(doc.encoding, super::LATIN1);
    let bytes = super::file_bytes(&doc);
    assert!(
        bytes.windows(2).any(|w| w == b"\xfcl"),
        "ü of Müller as one byte"
    );
    assert!(std::str::from_utf8(&bytes).is_err());
    assert!(doc
        .body
        .lines()
        .filter(|l| !l.starts_with(';'))
        .all(|l| l.len() >= 40));
}

/// Round 2 of the module's tournament played with nigiri: table 1's colours not recorded (a forfeit), table 2's
/// recorded, table 3 a handicap game.
fn with_nigiri() -> State {
    let mut s = tournament();
    let mut round = s.play[&T].round(2).expect("round 2").clone();
    round.games[0].nigiri = true;
    round.games[1].nigiri = true;
    round.games[1].black_recorded = true;
    s.apply(&Event::RoundEdited {
        tournament: T,
        revision: Revision(9),
        round,
        edit: "nigiri".into(),
    });
    s
}

#[test]
fn issue_29_a_nigiri_game_prints_nigiri_until_its_black_is_recorded() {
    let s = with_nigiri();
    let sheet = render(&s, T, "pairings", 2, false).expect("round 2").body;
    let row = |table: &str| {
        sheet
            .lines()
            .find(|l| l.trim_start().starts_with(table))
            .unwrap_or_default()
            .to_string()
    };
    assert!(row("1 ").contains("nigiri"), "{sheet}");
    assert!(!row("2 ").contains("nigiri"), "recorded colours: {sheet}");
    assert!(!row("3 ").contains("nigiri"), "a handicap game: {sheet}");
    assert!(
        sheet.contains("Nigiri at table 1: the players choose colours at the board"),
        "{sheet}"
    );
    for line in sheet.lines() {
        assert!(width(line) <= text::PORTRAIT, "{line}");
    }
    let by_name = render(&s, T, "pairings-by-name", 2, false)
        .expect("round 2")
        .body;
    let nigiri_lines = by_name.lines().filter(|l| l.contains("nigiri")).count();
    assert_eq!(nigiri_lines, 2, "the two players of table 1: {by_name}");
    let slips = render(&s, T, "slips", 2, false).expect("slips").body;
    assert_eq!(
        slips
            .matches("Nigiri: tick the player who had Black")
            .count(),
        1,
        "{slips}"
    );
    let xml = render(&s, T, "opengotha", 0, false).expect("xml").body;
    let games: Vec<&str> = xml
        .lines()
        .filter(|l| l.contains("<Game ") && l.contains("roundNumber=\"2\""))
        .collect();
    let known: Vec<bool> = games
        .iter()
        .map(|g| g.contains("knownColor=\"true\""))
        .collect();
    assert_eq!(known, [false, true, true], "{games:?}");
    // The wall chart prints no colour for table 1's forfeit (#1 beat #3), and the recorded ones.
    let wall = render(&s, T, "wallchart", 0, false)
        .expect("wall chart")
        .body;
    assert!(wall.contains(" 3+! ") && !wall.contains("3+!w"), "{wall}");
    assert!(wall.contains("4+w") && wall.contains("2-b"), "{wall}");
}

/// Issue 33: a team competition inside the tournament. Players 1, 3 and 5 play for one team, typed "Nord" twice
/// and "nord  " once; 2 and 4 for "Sud"; 6 for none. The team sheet lists two teams, the best two members of each
/// counted; the prize list gives the team prizes first; the OpenGotha file carries the teams board by board.
#[test]
fn issue_33_the_team_standings_the_team_prizes_and_the_opengotha_teams() {
    let mut s = tournament();
    for (id, team) in [
        (1, "Nord"),
        (3, "Nord"),
        (5, "nord  "),
        (2, "Sud"),
        (4, "Sud"),
    ] {
        s.participants
            .get_mut(&ParticipantId(id))
            .expect("registered")
            .fields
            .team = team.to_string();
    }
    // No team competition yet: the sheet says how to set one up, the OpenGotha file has no teams.
    let none = body(&s, "teams", false);
    assert!(none.contains("No team competition"), "{none}");
    assert!(!body(&s, "opengotha", false).contains("<Teams>"));
    let scoring = &mut s
        .tournaments
        .get_mut(&T)
        .expect("the tournament")
        .settings
        .scoring;
    scoring.team_counting = 2;
    scoring.team_prizes_cents = vec![4_000, 2_000];
    let sheet = body(&s, "teams", false);
    insta::assert_snapshot!("team_standings_text", sheet);
    let lines: Vec<&str> = sheet
        .lines()
        .filter(|l| l.contains("Nord") || l.contains("Sud"))
        .collect();
    assert_eq!(lines.len(), 2, "one line per team: {sheet}");
    assert!(sheet.contains("best 2 members' wins"), "{sheet}");
    let list = body(&s, "prizes", false);
    assert!(list.contains("Team prizes"), "{list}");
    // Tied for first, the two teams split the 40 and the 20.
    assert_eq!(list.matches("30.00").count(), 2, "{list}");
    assert!(list.contains("60.00 to teams"), "{list}");
    let xml = body(&s, "opengotha", false);
    let back = tengen_interop::opengotha::read(&xml).expect("our own file reads");
    assert_eq!(back.team_size, 2);
    let names: Vec<&str> = back.teams.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Nord", "Sud"]);
    let roster = crate::app::roster::Roster::new(&s, T).expect("tournament");
    for team in &back.teams {
        for round in 1..=s.tournaments[&T].settings.rounds {
            let boards: Vec<u32> = team
                .boards
                .iter()
                .filter(|b| b.round == round)
                .map(|b| b.board)
                .collect();
            let expected: Vec<u32> = (1..=boards.len() as u32).collect();
            assert_eq!(boards, expected, "{} round {round}", team.name);
        }
    }
    assert_eq!(
        back.teams[0].boards.iter().filter(|b| b.round == 1).count(),
        3
    );
    // Strongest on board 1.
    let first = &back.players[back.teams[1].boards[0].player];
    let rank_of = |name: &str| {
        roster
            .entrants
            .values()
            .find(|(p, _)| p.fields.family_name == name)
            .map(|(p, _)| p.fields.rank)
    };
    let second = &back.players[back.teams[1].boards[1].player];
    assert!(rank_of(&first.name) >= rank_of(&second.name));
}
