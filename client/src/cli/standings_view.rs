//! Renderings of the standings (places, MMS, wins, one column per tie-break, then section winners, section prizes
//! and prizes)
//! and of an explanation of why one player is above another; serde mirrors for `--json`. Renderers return
//! strings; nothing here talks to the server.

use std::collections::BTreeMap;

use serde::Serialize;
use tengen_proto::v1 as pb;

use super::output::Table;
use super::round_view::{player_name, player_tag, PlayerRefView};
use crate::values::{format_fee, format_half};

/// An exact tie-break value.
#[derive(Debug, Serialize)]
pub struct ValueView {
    pub numerator: i64,
    pub denominator: i64,
    pub text: String,
}

/// A criterion value as the desk shows scores: whole and half points as `12` / `12½` (like MMS and wins), other
/// fractions as the server prints them, and words (a sequence of results `WLW`, a rank `2k`) as the server writes
/// them; empty for a group criterion the player was not tied on.
fn value_text(v: &pb::Value) -> String {
    if v.text.contains(|c: char| c.is_ascii_alphabetic()) {
        return v.text.clone();
    }
    match v.denominator {
        1 | 2 => format_half(v.numerator * (2 / v.denominator)),
        _ => v.text.clone(),
    }
}

fn value_view(v: &pb::Value) -> ValueView {
    ValueView {
        numerator: v.numerator,
        denominator: v.denominator,
        text: v.text.clone(),
    }
}

/// One row of the standings.
#[derive(Debug, Serialize)]
pub struct RowView {
    pub place: u32,
    pub shared: bool,
    pub player: Option<PlayerRefView>,
    pub starting_mms_half: i32,
    pub mms_half: i32,
    /// The wall chart's MMS where it differs from `mms_half` (Mays: a latecomer's ½ per missed round).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid_mms_half: Option<i32>,
    pub wins_half: i32,
    /// One per criterion, in the order of `criteria`.
    /// One per criterion; `null` for a group criterion (H2H, SACO) the player was not tied on.
    pub values: Vec<Option<ValueView>>,
}

fn row_view(r: &pb::StandingRow) -> RowView {
    RowView {
        place: r.place,
        shared: r.shared,
        player: r.player.as_ref().map(PlayerRefView::from),
        starting_mms_half: r.starting_mms_half,
        mms_half: r.mms_half,
        grid_mms_half: r.grid_mms_half,
        wins_half: r.wins_half,
        values: r
            .values
            .iter()
            .map(|v| (v.denominator != 0).then(|| value_view(v)))
            .collect(),
    }
}

/// A section (McMahon section or the director's category) with its winners and prizes.
#[derive(Debug, Serialize)]
pub struct SectionView {
    pub starting_mms_half: i32,
    /// A category's lowest rank; empty for a McMahon section.
    pub lowest_rank: String,
    /// A group's number (a tournament played in groups), 0 otherwise.
    pub group: u32,
    pub winners: Vec<u64>,
    pub rows: Vec<RowView>,
    pub prizes: Vec<PrizeView>,
}

/// A cash prize.
#[derive(Debug, Serialize)]
pub struct PrizeView {
    pub participant_id: u64,
    pub place: u32,
    pub cents: i64,
    /// "" for a place prize; "wins", "junior", "below-rank" or "improvement" for a special prize.
    pub kind: String,
    /// How many players share the place's prizes.
    pub shared_by: u32,
    /// For "wins": the level in half points of wins.
    pub wins_half: u32,
    /// For "below-rank": the rank.
    pub rank: String,
    /// What the prize is for, as the sheets print it.
    pub label: String,
}

/// The standings, for `--json`.
#[derive(Debug, Serialize)]
pub struct StandingsView {
    pub tournament_id: u64,
    pub after_round: u32,
    pub criteria: Vec<String>,
    pub rows: Vec<RowView>,
    pub sections: Vec<SectionView>,
    pub prizes: Vec<PrizeView>,
    /// Prizes for wins, juniors, below a rank, improvement.
    pub special_prizes: Vec<PrizeView>,
}

impl From<&pb::Standings> for StandingsView {
    fn from(s: &pb::Standings) -> Self {
        StandingsView {
            tournament_id: s.tournament_id,
            after_round: s.after_round,
            criteria: s.criteria.clone(),
            rows: s.rows.iter().map(row_view).collect(),
            sections: s
                .sections
                .iter()
                .map(|sec| SectionView {
                    starting_mms_half: sec.starting_mms_half,
                    lowest_rank: sec.lowest_rank.clone(),
                    group: sec.group,
                    winners: sec.winners.clone(),
                    rows: sec.rows.iter().map(row_view).collect(),
                    prizes: sec.prizes.iter().map(prize_view).collect(),
                })
                .collect(),
            prizes: s.prizes.iter().map(prize_view).collect(),
            special_prizes: s.special_prizes.iter().map(prize_view).collect(),
        }
    }
}

fn prize_view(p: &pb::Prize) -> PrizeView {
    PrizeView {
        participant_id: p.participant_id,
        place: p.place,
        cents: p.cents,
        kind: p.kind.clone(),
        shared_by: p.shared_by,
        wins_half: p.wins_half,
        rank: p.rank.clone(),
        label: p.label.clone(),
    }
}

/// What a special prize is for: the server's label ("4 wins or more", "Best junior"), or from the kind when an
/// older server sent none.
fn special_label(p: &pb::Prize) -> String {
    if !p.label.is_empty() {
        return p.label.clone();
    }
    match p.kind.as_str() {
        "wins" => format!("{} wins or more", format_half(p.wins_half.into())),
        "below-rank" => format!("{} and weaker {}", p.rank, p.place),
        other => format!("{other} {}", p.place),
    }
}

/// How a section is named: "starting at 30" (a McMahon section), "1d and up" or "10k to below 1d" (categories,
/// strongest first).
fn section_name(sections: &[&pb::StandingSection], i: usize) -> String {
    let sec = sections[i];
    if sec.group > 0 {
        return format!("group {}", sec.group);
    }
    if sec.lowest_rank.is_empty() {
        return format!("starting at {}", format_half(sec.starting_mms_half.into()));
    }
    match i.checked_sub(1).map(|k| sections[k].lowest_rank.as_str()) {
        Some(above) if !above.is_empty() => format!("{} to below {above}", sec.lowest_rank),
        _ => format!("{} and up", sec.lowest_rank),
    }
}

/// `3` or `3=` for a shared place.
fn place_text(place: u32, shared: bool) -> String {
    if shared {
        format!("{place}=")
    } else {
        place.to_string()
    }
}

/// Under standings whose MMS shows the wall chart's figure in brackets.
const GRID_NOTE: &str =
    "(in brackets after an MMS: the wall chart's figure, with a latecomer's or returning \
player's half point per missed round; places follow the MMS earned)\n";

/// The MMS that places, and the wall chart's figure in brackets where it differs: `-10 (-8½)`.
fn mms_text(r: &pb::StandingRow) -> String {
    let placed = format_half(r.mms_half.into());
    match r.grid_mms_half {
        Some(grid) => format!("{placed} ({})", format_half(grid.into())),
        None => placed,
    }
}

/// Criteria that already have their own column (MMS and wins are always shown).
fn has_own_column(criterion: &str) -> bool {
    matches!(
        criterion.to_ascii_lowercase().as_str(),
        "mms" | "wins" | "nbw"
    )
}

/// The standings table, then section winners and prizes.
pub fn render_standings(s: &pb::Standings) -> String {
    let mut out = format!(
        "Tournament {}, standings after round {}\n",
        s.tournament_id, s.after_round
    );
    // A tournament in groups: one table per group, each placed on its own.
    let grouped = s.sections.first().is_some_and(|sec| sec.group > 0);
    standings_tables(&mut out, s, grouped);
    if s.rows.iter().any(|r| r.grid_mms_half.is_some()) {
        out.push_str(GRID_NOTE);
    }
    awards(&mut out, s, grouped);
    out
}

/// The standings table (one per group, under its heading): place, number, name, rank, MMS, wins, then the
/// criteria without a column of their own.
fn standings_tables(out: &mut String, s: &pb::Standings, grouped: bool) {
    let extra: Vec<usize> = (0..s.criteria.len())
        .filter(|&i| !has_own_column(&s.criteria[i]))
        .collect();
    let mut headings = vec!["place", "#", "name", "rank", "mms", "wins"];
    headings.extend(extra.iter().map(|&i| s.criteria[i].as_str()));
    let parts: Vec<(String, &[pb::StandingRow])> = if grouped {
        s.sections
            .iter()
            .map(|sec| (format!("group {}:\n", sec.group), sec.rows.as_slice()))
            .collect()
    } else {
        vec![(String::new(), s.rows.as_slice())]
    };
    for (heading, rows) in parts {
        out.push_str(&heading);
        let mut table = Table::new(&headings);
        for r in rows {
            let p = r.player.clone().unwrap_or_default();
            let mut cells = vec![
                place_text(r.place, r.shared),
                player_tag(&p),
                player_name(&p),
                p.rank.clone(),
                mms_text(r),
                format_half(r.wins_half.into()),
            ];
            cells.extend(
                extra
                    .iter()
                    .map(|&i| r.values.get(i).map(value_text).unwrap_or_default()),
            );
            table.row(cells);
        }
        out.push_str(&table.render());
    }
}

/// The section (or group) winners, the section prizes and the prizes, each when there are any.
fn awards(out: &mut String, s: &pb::Standings, grouped: bool) {
    let names: BTreeMap<u64, String> = s
        .rows
        .iter()
        .filter_map(|r| r.player.as_ref())
        .map(|p| (p.id, player_name(p)))
        .collect();
    let name = |id: u64| names.get(&id).cloned().unwrap_or_else(|| format!("P{id}"));
    let sections: Vec<&pb::StandingSection> = s.sections.iter().collect();
    if sections.iter().any(|sec| !sec.winners.is_empty()) {
        out.push_str(if grouped {
            "group winners:\n"
        } else {
            "section winners:\n"
        });
        for (i, sec) in sections.iter().enumerate() {
            if sec.winners.is_empty() {
                continue;
            }
            let winners: Vec<String> = sec.winners.iter().map(|&id| name(id)).collect();
            out.push_str(&format!(
                "  {}: {}\n",
                section_name(&sections, i),
                winners.join(", ")
            ));
        }
    }
    if sections.iter().any(|sec| !sec.prizes.is_empty()) {
        out.push_str("section prizes:\n");
        let mut table = Table::new(&["section", "place", "name", "amount"]);
        for (i, sec) in sections.iter().enumerate() {
            for p in &sec.prizes {
                table.row(vec![
                    section_name(&sections, i),
                    p.place.to_string(),
                    name(p.participant_id),
                    format_fee(p.cents),
                ]);
            }
        }
        for line in table.render().lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
    if !s.special_prizes.is_empty() {
        out.push_str("special prizes:\n");
        let mut table = Table::new(&["prize", "name", "amount"]);
        for p in &s.special_prizes {
            table.row(vec![
                special_label(p),
                name(p.participant_id),
                format_fee(p.cents),
            ]);
        }
        for line in table.render().lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
    if !s.prizes.is_empty() {
        out.push_str("prizes:\n");
        let mut table = Table::new(&["place", "name", "amount"]);
        for p in &s.prizes {
            table.row(vec![
                p.place.to_string(),
                name(p.participant_id),
                format_fee(p.cents),
            ]);
        }
        for line in table.render().lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
}

/// An explanation, for `--json`.
#[derive(Debug, Serialize)]
pub struct ExplanationView {
    pub higher: u64,
    pub lower: u64,
    pub higher_place: u32,
    pub lower_place: u32,
    pub criterion: String,
    pub higher_value: Option<ValueView>,
    pub lower_value: Option<ValueView>,
    pub text: String,
}

impl From<&pb::Explanation> for ExplanationView {
    fn from(e: &pb::Explanation) -> Self {
        ExplanationView {
            higher: e.higher,
            lower: e.lower,
            higher_place: e.higher_place,
            lower_place: e.lower_place,
            criterion: e.criterion.clone(),
            higher_value: e.higher_value.as_ref().map(value_view),
            lower_value: e.lower_value.as_ref().map(value_view),
            text: e.text.clone(),
        }
    }
}

/// The server's sentence, then the separating criterion and both values (nothing more when tied). `label` prints
/// a participant id as the desk reads it (`#7`).
pub fn render_explanation(e: &pb::Explanation, label: &dyn Fn(u64) -> String) -> String {
    let mut out = format!("{}\n", e.text);
    let value = |v: &Option<pb::Value>| v.as_ref().map(value_text).unwrap_or_default();
    // When they are tied on every criterion the server's sentence says so; nothing to add.
    if !e.criterion.is_empty() {
        out.push_str(&format!(
            "{}: player {} (place {}) has {}, player {} (place {}) has {}\n",
            e.criterion,
            label(e.higher),
            e.higher_place,
            value(&e.higher_value),
            label(e.lower),
            e.lower_place,
            value(&e.lower_value)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value as the server sends it: exact fraction and its decimal text.
    fn value(text: &str) -> pb::Value {
        let half = text.ends_with('½');
        let whole: i64 = text.trim_end_matches('½').parse().unwrap_or(0);
        let (numerator, denominator) = if half { (2 * whole + 1, 2) } else { (whole, 1) };
        pb::Value {
            numerator,
            denominator,
            text: if half {
                format!("{whole}.5")
            } else {
                whole.to_string()
            },
        }
    }

    fn row(place: u32, shared: bool, id: u64, name: &str, mms: i32, sos: &str) -> pb::StandingRow {
        pb::StandingRow {
            place,
            shared,
            player: Some(pb::PlayerRef {
                id,
                number: id as u32,
                family_name: name.into(),
                given_name: "A".into(),
                rank: "1d".into(),
                ..Default::default()
            }),
            starting_mms_half: 60,
            mms_half: mms,
            grid_mms_half: None,
            wins_half: 6,
            values: vec![value(&format_half(mms.into())), value(sos)],
        }
    }

    #[test]
    fn standings_show_shared_places_half_points_and_prizes() {
        let s = pb::Standings {
            tournament_id: 1,
            after_round: 5,
            criteria: vec!["MMS".into(), "sos".into()],
            rows: vec![
                row(1, false, 1, "Côté", 69, "160½"),
                row(2, true, 2, "Li", 68, "150"),
                row(2, true, 3, "Berg", 68, "150"),
            ],
            sections: vec![pb::StandingSection {
                starting_mms_half: 60,
                rows: vec![],
                winners: vec![1],
                ..Default::default()
            }],
            prizes: vec![
                pb::Prize {
                    participant_id: 1,
                    place: 1,
                    cents: 30000,
                    ..Default::default()
                },
                pb::Prize {
                    participant_id: 2,
                    place: 2,
                    cents: 15050,
                    ..Default::default()
                },
            ],
            special_prizes: vec![
                pb::Prize {
                    participant_id: 3,
                    place: 1,
                    cents: 2000,
                    kind: "wins".into(),
                    wins_half: 6,
                    ..Default::default()
                },
                pb::Prize {
                    participant_id: 3,
                    place: 1,
                    cents: 1000,
                    kind: "junior".into(),
                    label: "Best junior".into(),
                    ..Default::default()
                },
            ],
        };
        let expected = "\
Tournament 1, standings after round 5
place  #  name    rank  mms  wins  sos
1      1  Côté A  1d    34½  3     160½
2=     2  Li A    1d    34   3     150
2=     3  Berg A  1d    34   3     150
section winners:
  starting at 30: Côté A
special prizes:
  prize           name    amount
  3 wins or more  Berg A  20.00
  Best junior     Berg A  10.00
prizes:
  place  name    amount
  1      Côté A  300.00
  2      Li A    150.50
";
        assert_eq!(render_standings(&s), expected);
    }

    #[test]
    fn issue_12_categories_show_their_winners_and_prizes() {
        let category = |lowest: &str, winner: u64, cents: i64| pb::StandingSection {
            starting_mms_half: 60,
            lowest_rank: lowest.into(),
            winners: vec![winner],
            prizes: vec![pb::Prize {
                participant_id: winner,
                place: 1,
                cents,
                ..Default::default()
            }],
            ..Default::default()
        };
        let s = pb::Standings {
            tournament_id: 1,
            after_round: 5,
            criteria: vec!["MMS".into()],
            rows: vec![
                row(1, false, 1, "Côté", 69, "1"),
                row(2, false, 2, "Li", 68, "1"),
            ],
            sections: vec![category("1d", 1, 5000), category("30k", 2, 2550)],
            prizes: vec![],
            special_prizes: vec![],
        };
        let text = render_standings(&s);
        assert!(
            text.contains("section winners:\n  1d and up: Côté A\n  30k to below 1d: Li A\n"),
            "{text}"
        );
        assert!(text.contains("section prizes:"), "{text}");
        assert!(
            text.contains("30k to below 1d  1      Li A    25.50"),
            "{text}"
        );
    }

    #[test]
    fn an_explanation_names_the_separating_criterion() {
        let e = pb::Explanation {
            higher: 4,
            lower: 9,
            higher_place: 3,
            lower_place: 4,
            criterion: "sos".into(),
            higher_value: Some(value("150½")),
            lower_value: Some(value("148")),
            text: "Li Wei is above Berg Jo on SOS".into(),
        };
        // Participant ids 4 and 9 are #2 and #7 on the sheets; an unnumbered one prints as its register id.
        let label = |id: u64| match id {
            4 => "#2".to_string(),
            9 => "#7".to_string(),
            other => format!("P{other}"),
        };
        assert_eq!(
            render_explanation(&e, &label),
            "Li Wei is above Berg Jo on SOS\nsos: player #2 (place 3) has 150½, player #7 (place 4) has 148\n"
        );
    }

    /// Issue 29: a latecomer under Mays' placing places on the −10 he earned; the wall chart's −8½ (his ½ per
    /// missed round) goes in brackets, with a note. A rank criterion prints as a rank.
    #[test]
    fn issue_29_a_latecomers_grid_mms_is_shown_beside_the_one_that_places() {
        let mut late = row(2, false, 2, "Late", -20, "1");
        late.grid_mms_half = Some(-17);
        late.values[1] = pb::Value {
            numerator: -3,
            denominator: 1,
            text: "3k".into(),
        };
        let s = pb::Standings {
            tournament_id: 1,
            after_round: 6,
            criteria: vec!["MMS".into(), "Rank".into()],
            rows: vec![row(1, false, 1, "Côté", -18, "1"), late],
            ..Default::default()
        };
        let text = render_standings(&s);
        assert!(
            text.contains("2      2  Late A  1d    -10 (-8½)  3     3k"),
            "{text}"
        );
        assert!(text.contains("the wall chart's figure"), "{text}");
        let plain = pb::Standings {
            rows: vec![row(1, false, 1, "Côté", -18, "1")],
            ..s
        };
        assert!(!render_standings(&plain).contains("wall chart"));
    }

    #[test]
    fn a_tie_prints_only_the_servers_sentence() {
        let e = pb::Explanation {
            higher: 1,
            lower: 2,
            higher_place: 1,
            lower_place: 1,
            text: "P1 X and P2 X are tied on every criterion and share place 1".into(),
            ..Default::default()
        };
        assert_eq!(
            render_explanation(&e, &|id| format!("#{id}")),
            "P1 X and P2 X are tied on every criterion and share place 1\n"
        );
    }
}
