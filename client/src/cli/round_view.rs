//! Renderings of the director's round records: the pairing table (games, bye, unpaired, warnings), the list of
//! rounds, player numbers, the McMahon suggestion and the results progress; plain serde mirrors of the same
//! for `--json`. Renderers return strings so tests can compare them; nothing here talks to the server.

use serde::Serialize;
use tengen_proto::v1 as pb;

use super::output::Table;
use super::player_arg::register_label;
use crate::values::{format_half, format_result};

/// The CLI name of a round state.
pub fn state_name(state: i32) -> String {
    match pb::RoundState::try_from(state).unwrap_or(pb::RoundState::Unspecified) {
        pb::RoundState::Drawn => "drawn",
        pb::RoundState::Published => "published",
        pb::RoundState::Closed => "closed",
        pb::RoundState::Unspecified => "unknown",
    }
    .to_string()
}

/// The CLI name of a result's progress.
pub fn progress_name(progress: i32) -> String {
    match pb::ResultProgress::try_from(progress).unwrap_or(pb::ResultProgress::Unspecified) {
        pb::ResultProgress::Missing => "missing",
        pb::ResultProgress::Pending => "pending",
        pb::ResultProgress::Mismatch => "mismatch",
        pb::ResultProgress::Disputed => "disputed",
        pb::ResultProgress::Confirmed => "confirmed",
        pb::ResultProgress::Unspecified => "",
    }
    .to_string()
}

/// A player as a round shows them.
#[derive(Debug, Serialize)]
pub struct PlayerRefView {
    pub id: u64,
    pub number: u32,
    pub family_name: String,
    pub given_name: String,
    pub rank: String,
    pub club: String,
    pub country: String,
}

impl From<&pb::PlayerRef> for PlayerRefView {
    fn from(p: &pb::PlayerRef) -> Self {
        PlayerRefView {
            id: p.id,
            number: p.number,
            family_name: p.family_name.clone(),
            given_name: p.given_name.clone(),
            rank: p.rank.clone(),
            club: p.club.clone(),
            country: p.country.clone(),
        }
    }
}

fn player_view(p: &Option<pb::PlayerRef>) -> Option<PlayerRefView> {
    p.as_ref().map(PlayerRefView::from)
}

/// `Côté Marie`.
pub fn player_name(p: &pb::PlayerRef) -> String {
    format!("{} {}", p.family_name, p.given_name)
}

/// The number a desk types for this player: the sheet number, or `P12` (the register id) before they have one.
pub fn player_tag(p: &pb::PlayerRef) -> String {
    if p.number > 0 {
        p.number.to_string()
    } else {
        register_label(p.id)
    }
}

/// `#12 Côté Marie (2d)`: number, name, rank on one line (`P12 …` for a player not numbered yet).
pub fn player_line(p: &pb::PlayerRef) -> String {
    let tag = if p.number > 0 {
        format!("#{}", p.number)
    } else {
        register_label(p.id)
    };
    format!("{tag} {} ({})", player_name(p), p.rank)
}

/// A result as JSON.
#[derive(Debug, Serialize)]
pub struct ResultView {
    /// `1-0`, `0-1`, `½-½`, `0-0`, `1-1`, `?`.
    pub result: String,
    pub by_forfeit: bool,
}

/// One report of a result.
#[derive(Debug, Serialize)]
pub struct ReportView {
    pub result: Option<ResultView>,
    pub terminal: String,
    pub operator: String,
    pub at_ms: i64,
}

/// One game.
#[derive(Debug, Serialize)]
pub struct GameView {
    pub table: u32,
    pub white: Option<PlayerRefView>,
    pub black: Option<PlayerRefView>,
    pub handicap: u32,
    pub komi_half: i32,
    pub progress: String,
    pub confirmed: Option<ResultView>,
    pub reports: Vec<ReportView>,
    pub notes: Vec<String>,
    pub disputed: bool,
    /// An even game of a nigiri tournament: white and black are the draw's order until `black_recorded`.
    pub nigiri: bool,
    pub black_recorded: bool,
}

fn result_view(r: &pb::GameResult) -> ResultView {
    ResultView {
        result: format_result(&pb::GameResult {
            outcome: r.outcome,
            by_forfeit: false,
        }),
        by_forfeit: r.by_forfeit,
    }
}

impl From<&pb::Game> for GameView {
    fn from(g: &pb::Game) -> Self {
        GameView {
            table: g.table,
            white: player_view(&g.white),
            black: player_view(&g.black),
            handicap: g.handicap,
            komi_half: g.komi_half,
            progress: progress_name(g.progress),
            confirmed: g.confirmed.as_ref().map(result_view),
            reports: g
                .reports
                .iter()
                .map(|r| ReportView {
                    result: r.result.as_ref().map(result_view),
                    terminal: r.terminal.clone(),
                    operator: r.operator.clone(),
                    at_ms: r.at_ms,
                })
                .collect(),
            notes: g.notes.clone(),
            disputed: g.disputed,
            nigiri: g.nigiri,
            black_recorded: g.black_recorded,
        }
    }
}

/// A nigiri game whose colours nobody recorded: its players are not White and Black yet.
fn colours_open(g: &pb::Game) -> bool {
    g.nigiri && !g.black_recorded
}

/// One round.
#[derive(Debug, Serialize)]
pub struct RoundView {
    pub tournament_id: u64,
    pub number: u32,
    pub state: String,
    pub seed: u64,
    pub draws: u32,
    pub revision: u64,
    pub games: Vec<GameView>,
    pub bye: Option<PlayerRefView>,
    pub unpaired: Vec<PlayerRefView>,
    /// A knockout's players through to the next round without a game.
    pub advancing: Vec<PlayerRefView>,
    pub warnings: Vec<String>,
    /// A round drawn in parts: each part's tables and whether it is published.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<PartView>,
}

/// One part of a round drawn in parts.
#[derive(Debug, Serialize)]
pub struct PartView {
    pub seed: u64,
    pub tables: Vec<u32>,
    pub published: bool,
}

impl From<&pb::Round> for RoundView {
    fn from(r: &pb::Round) -> Self {
        RoundView {
            tournament_id: r.tournament_id,
            number: r.number,
            state: state_name(r.state),
            seed: r.seed,
            draws: r.draws,
            revision: r.revision,
            games: r.games.iter().map(GameView::from).collect(),
            bye: player_view(&r.bye),
            unpaired: r.unpaired.iter().map(PlayerRefView::from).collect(),
            advancing: r.advancing.iter().map(PlayerRefView::from).collect(),
            warnings: r.warnings.clone(),
            parts: r
                .parts
                .iter()
                .map(|p| PartView {
                    seed: p.seed,
                    tables: p.tables.clone(),
                    published: p.published,
                })
                .collect(),
        }
    }
}

/// The result cell of a game: the confirmed result, else how far the reports got.
pub fn game_status(g: &pb::Game) -> String {
    match &g.confirmed {
        Some(result) if g.disputed => format!("{} disputed", format_result(result)),
        Some(result) => format_result(result),
        None => progress_name(g.progress),
    }
}

fn player_cells(p: &Option<pb::PlayerRef>) -> [String; 3] {
    match p {
        Some(p) => [player_tag(p), player_name(p), p.rank.clone()],
        None => [String::new(), "?".to_string(), String::new()],
    }
}

/// The pairing table of a round with its bye, unpaired players and warnings.
pub fn render_round(r: &pb::Round) -> String {
    let mut out = format!(
        "Tournament {}, round {}: {} (draw {}, seed {}, revision {})\n",
        r.tournament_id,
        r.number,
        state_name(r.state),
        r.draws,
        r.seed,
        r.revision
    );
    let drawn = r.state == pb::RoundState::Drawn as i32;
    if r.games.is_empty() {
        out.push_str("no games\n");
    } else {
        let mut table = Table::new(&[
            "table", "#", "white", "rank", "#", "black", "rank", "hcp", "komi", "result",
        ]);
        for g in &r.games {
            let mut cells = vec![g.table.to_string()];
            cells.extend(player_cells(&g.white));
            cells.extend(player_cells(&g.black));
            cells.push(if colours_open(g) {
                "nigiri".to_string()
            } else {
                g.handicap.to_string()
            });
            cells.push(format_half(g.komi_half.into()));
            cells.push(if drawn { String::new() } else { game_status(g) });
            table.row(cells);
        }
        out.push_str(&table.render());
    }
    if let Some(bye) = &r.bye {
        out.push_str(&format!("bye: {}\n", player_line(bye)));
    }
    for (i, p) in r.parts.iter().enumerate() {
        out.push_str(&format!(
            "part {}: tables {} ({})\n",
            i + 1,
            tengen_text::runs::runs(&p.tables),
            if p.published {
                "published"
            } else {
                "drawn, not published"
            }
        ));
    }
    if !r.unpaired.is_empty() {
        let names: Vec<String> = r.unpaired.iter().map(player_line).collect();
        let what = if r.parts.is_empty() {
            "unpaired"
        } else {
            "still to draw"
        };
        out.push_str(&format!("{what}: {}\n", names.join(", ")));
    }
    if !r.advancing.is_empty() {
        let names: Vec<String> = r.advancing.iter().map(player_line).collect();
        out.push_str(&format!(
            "without a game (scored as a bye): {}\n",
            names.join(", ")
        ));
    }
    for w in &r.warnings {
        out.push_str(&format!("warning: {w}\n"));
    }
    out
}

/// A round's summary, for `round list --json`.
#[derive(Debug, Serialize)]
pub struct RoundSummaryView {
    pub number: u32,
    pub state: String,
    pub games: u32,
    pub confirmed: u32,
    pub pending: u32,
    pub missing: u32,
    pub mismatched: u32,
    pub disputed: u32,
}

/// The rounds of a tournament, for `--json`.
#[derive(Debug, Serialize)]
pub struct RoundListView {
    pub tournament_id: u64,
    pub revision: u64,
    pub rounds: Vec<RoundSummaryView>,
}

impl From<&pb::ListRoundsResponse> for RoundListView {
    fn from(l: &pb::ListRoundsResponse) -> Self {
        RoundListView {
            tournament_id: l.tournament_id,
            revision: l.revision,
            rounds: l
                .rounds
                .iter()
                .map(|r| RoundSummaryView {
                    number: r.number,
                    state: state_name(r.state),
                    games: r.games,
                    confirmed: r.confirmed,
                    pending: r.pending,
                    missing: r.missing,
                    mismatched: r.mismatched,
                    disputed: r.disputed,
                })
                .collect(),
        }
    }
}

/// One line per round with its result counts.
pub fn render_round_list(l: &pb::ListRoundsResponse) -> String {
    let mut out = format!(
        "Tournament {} (rounds revision {})\n",
        l.tournament_id, l.revision
    );
    if l.rounds.is_empty() {
        out.push_str("no rounds drawn yet\n");
        return out;
    }
    let mut table = Table::new(&[
        "round",
        "state",
        "games",
        "confirmed",
        "pending",
        "missing",
        "mismatch",
        "disputed",
    ]);
    for r in &l.rounds {
        table.row(vec![
            r.number.to_string(),
            state_name(r.state),
            r.games.to_string(),
            r.confirmed.to_string(),
            r.pending.to_string(),
            r.missing.to_string(),
            r.mismatched.to_string(),
            r.disputed.to_string(),
        ]);
    }
    out.push_str(&table.render());
    out
}

/// Player numbers, for `--json`.
#[derive(Debug, Serialize)]
pub struct NumbersView {
    pub tournament_id: u64,
    pub players: Vec<PlayerRefView>,
}

/// The players by number.
pub fn render_numbers(n: &pb::PlayerNumbers) -> String {
    let mut table = Table::new(&["#", "register id", "name", "rank", "club", "country"]);
    for p in &n.players {
        table.row(vec![
            p.number.to_string(),
            register_label(p.id),
            player_name(p),
            p.rank.clone(),
            p.club.clone(),
            p.country.clone(),
        ]);
    }
    table.render()
}

/// The McMahon suggestion, for `--json`.
#[derive(Debug, Serialize)]
pub struct SuggestionView {
    /// Checked-in players by rank, strongest first.
    pub field: Vec<(String, u32)>,
    pub top_group_min: u32,
    pub top_group_max: u32,
    pub bar: String,
    pub top_group: u32,
    pub section_lowest_ranks: Vec<String>,
    pub section_step: u32,
}

impl From<&pb::McMahonSuggestion> for SuggestionView {
    fn from(s: &pb::McMahonSuggestion) -> Self {
        SuggestionView {
            field: s
                .field
                .iter()
                .map(|c| (c.rank.clone(), c.players))
                .collect(),
            top_group_min: s.top_group_min,
            top_group_max: s.top_group_max,
            bar: s.bar.clone(),
            top_group: s.top_group,
            section_lowest_ranks: s.section_lowest_ranks.clone(),
            section_step: s.section_step,
        }
    }
}

/// The field by rank, then the suggested bar and sections with the flags that would set them.
pub fn render_suggestion(s: &pb::McMahonSuggestion) -> String {
    let field: Vec<String> = s
        .field
        .iter()
        .map(|c| format!("{} {}", c.rank, c.players))
        .collect();
    let mut out = format!("checked in by rank: {}\n", field.join(", "));
    out.push_str(&format!(
        "top group should hold {}..{} players\n",
        s.top_group_min, s.top_group_max
    ));
    if s.bar.is_empty() {
        out.push_str("bar: no suggestion\n");
    } else {
        out.push_str(&format!(
            "bar: {} ({} players start at the bar)   --bar {}\n",
            s.bar, s.top_group, s.bar
        ));
    }
    if !s.section_lowest_ranks.is_empty() {
        let ranks = s.section_lowest_ranks.join(",");
        out.push_str(&format!(
            "sections: {} (step {})   --sections {} --section-step {}\n",
            s.section_lowest_ranks.join(", "),
            s.section_step,
            ranks,
            s.section_step
        ));
    }
    out
}

/// Results progress, for `--json`.
#[derive(Debug, Serialize)]
pub struct ProgressView {
    pub tournament_id: u64,
    pub round: u32,
    pub state: String,
    pub confirmed: u32,
    pub pending: u32,
    pub missing: u32,
    pub mismatched: u32,
    pub disputed: u32,
    pub forfeit_minutes: u32,
    pub open: Vec<GameView>,
    pub groups: Vec<GroupView>,
}

/// One score group for the next round.
#[derive(Debug, Serialize)]
pub struct GroupView {
    pub mms_half: i32,
    pub players: u32,
    pub complete: bool,
    pub settled: bool,
}

impl From<&pb::RoundProgress> for ProgressView {
    fn from(p: &pb::RoundProgress) -> Self {
        ProgressView {
            tournament_id: p.tournament_id,
            round: p.round,
            state: state_name(p.state),
            confirmed: p.confirmed,
            pending: p.pending,
            missing: p.missing,
            mismatched: p.mismatched,
            disputed: p.disputed,
            forfeit_minutes: p.forfeit_minutes,
            open: p.open.iter().map(GameView::from).collect(),
            groups: p
                .groups
                .iter()
                .map(|g| GroupView {
                    mms_half: g.mms_half,
                    players: g.players,
                    complete: g.complete,
                    settled: g.settled,
                })
                .collect(),
        }
    }
}

/// One game on one line, then its notes: `table 2: #5 Smith Ann (1k) – #9 Berg Jo (4k), hcp 3, komi 0:
/// pending (desk-2: 0-1)`.
pub fn render_game(g: &pb::Game) -> String {
    let name = |p: &Option<pb::PlayerRef>| p.as_ref().map(player_line).unwrap_or_default();
    let reports = reports_text(g);
    let hcp = if colours_open(g) {
        "nigiri (Black not recorded)".to_string()
    } else {
        format!("hcp {}", g.handicap)
    };
    let mut out = format!(
        "table {}: {} – {}, {hcp}, komi {}: {}{}\n",
        g.table,
        name(&g.white),
        name(&g.black),
        format_half(g.komi_half.into()),
        game_status(g),
        if reports.is_empty() {
            String::new()
        } else {
            format!(" ({reports})")
        }
    );
    for note in &g.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    out
}

/// `desk-2: 1-0; desk-3: 0-1`.
fn reports_text(g: &pb::Game) -> String {
    let reports: Vec<String> = g
        .reports
        .iter()
        .map(|r| {
            let result = r.result.as_ref().map(format_result).unwrap_or_default();
            format!("{}: {result}", r.terminal)
        })
        .collect();
    reports.join("; ")
}

/// Counts, the open games by table with their reports, then which score groups can be drawn.
pub fn render_progress(p: &pb::RoundProgress) -> String {
    let mut out = format!(
        "Tournament {}, round {} ({}): {} confirmed, {} pending, {} missing, {} mismatch, {} disputed; \
         forfeit after {} min\n",
        p.tournament_id,
        p.round,
        state_name(p.state),
        p.confirmed,
        p.pending,
        p.missing,
        p.mismatched,
        p.disputed,
        p.forfeit_minutes
    );
    if !p.open.is_empty() {
        let notes = p.open.iter().any(|g| !g.notes.is_empty());
        let headings = ["table", "white", "black", "status", "reports", "notes"];
        let mut table = Table::new(&headings[..if notes { 6 } else { 5 }]);
        for g in &p.open {
            let name = |p: &Option<pb::PlayerRef>| p.as_ref().map(player_line).unwrap_or_default();
            table.row(vec![
                g.table.to_string(),
                name(&g.white),
                name(&g.black),
                game_status(g),
                reports_text(g),
                g.notes.join("; "),
            ]);
        }
        out.push_str(&table.render());
    }
    if !p.groups.is_empty() {
        out.push_str(
            "score groups for the next round (lowest first; draw now: `round draw … --bottom`, \
             or one group `--group MMS`):\n",
        );
        let mut table = Table::new(&["mms", "players", "ready"]);
        for g in &p.groups {
            table.row(vec![
                format_half(g.mms_half.into()),
                g.players.to_string(),
                match (g.complete, g.settled) {
                    (true, _) => "complete",
                    (false, true) => "finished (alone)",
                    (false, false) => "waiting",
                }
                .to_string(),
            ]);
        }
        out.push_str(&table.render());
    }
    out
}

#[cfg(test)]
mod tests;
