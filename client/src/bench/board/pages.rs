//! The page readers: players reloading the board (pairings, standings, the player list, one player's page) one
//! page after another on one keep-alive connection each, as fast as the server answers, until the deadline.

use std::time::{Duration, Instant};

use crate::bench::web::{WebConn, WebError, WebTarget};

/// How long one page may take before it counts as an error.
const PAGE_TIMEOUT: Duration = Duration::from_secs(10);

/// The public pages a player reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageKind {
    /// `/t/{T}/pairings`.
    Pairings,
    /// `/t/{T}/standings`.
    Standings,
    /// `/t/{T}/players`.
    Players,
    /// `/t/{T}/players/{n}`.
    Player,
}

impl PageKind {
    /// Every kind, in the order a fetcher cycles through them.
    pub const ALL: [PageKind; 4] = [
        PageKind::Pairings,
        PageKind::Standings,
        PageKind::Players,
        PageKind::Player,
    ];

    /// The kind named `name` (as in the report).
    pub fn from_name(name: &str) -> Option<PageKind> {
        PageKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Its position in [`PageKind::ALL`].
    fn index(self) -> usize {
        self as usize
    }

    /// The name in the report.
    pub fn name(self) -> &'static str {
        match self {
            PageKind::Pairings => "pairings",
            PageKind::Standings => "standings",
            PageKind::Players => "players",
            PageKind::Player => "player",
        }
    }

    /// The path for tournament `t`; `number` is used by the player page only.
    pub fn path(self, t: u64, number: usize) -> String {
        match self {
            PageKind::Pairings => format!("/t/{t}/pairings"),
            PageKind::Standings => format!("/t/{t}/standings"),
            PageKind::Players => format!("/t/{t}/players"),
            PageKind::Player => format!("/t/{t}/players/{number}"),
        }
    }
}

/// What to fetch and for how long.
#[derive(Clone, Debug)]
pub struct FetchPlan {
    /// The board.
    pub target: WebTarget,
    /// The tournament.
    pub tournament: u64,
    /// Player numbers run 1..=players.
    pub players: usize,
    /// The kinds to cycle through (not empty).
    pub kinds: Vec<PageKind>,
    /// No fetch starts after this.
    pub deadline: Instant,
    /// Nor more than this many per fetcher.
    pub max_fetches: usize,
    /// How long a reader waits between two fetches (zero: as fast as the server answers).
    pub pause: Duration,
}

/// One fetcher's record: latencies per kind (indexed like [`PageKind::ALL`]).
#[derive(Debug, Default)]
pub struct FetcherRun {
    /// Answered fetches' latencies, per kind.
    pub latencies: [Vec<Duration>; 4],
    /// Failed fetches (any status but 200, timeouts, dropped connections).
    pub errors: usize,
    /// The first failure.
    pub first_error: Option<String>,
}

/// Fetcher `index` cycles through the plan's kinds, starting at its own offset so the kinds are evenly mixed at any
/// moment; the player page walks through the numbers. A failed fetch closes the connection; the next one
/// opens a new one.
pub async fn run_fetcher(plan: FetchPlan, index: usize) -> FetcherRun {
    let mut run = FetcherRun::default();
    let mut conn: Option<WebConn> = None;
    for i in 0..plan.max_fetches {
        if Instant::now() >= plan.deadline {
            break;
        }
        let Some(&kind) = plan.kinds.get((index + i) % plan.kinds.len().max(1)) else {
            break;
        };
        let number = (index * 7919 + i) % plan.players.max(1) + 1;
        let path = kind.path(plan.tournament, number);
        let sent = Instant::now();
        match fetch(&plan.target, &mut conn, &path).await {
            Ok(()) => run.latencies[kind.index()].push(sent.elapsed()),
            Err(e) => {
                conn = None;
                run.errors += 1;
                run.first_error.get_or_insert_with(|| e.to_string());
            }
        }
        if !plan.pause.is_zero() {
            tokio::time::sleep(plan.pause).await;
        }
    }
    run
}

async fn fetch(target: &WebTarget, conn: &mut Option<WebConn>, path: &str) -> Result<(), WebError> {
    let open = match conn {
        Some(open) => open,
        None => conn.insert(WebConn::open(target, PAGE_TIMEOUT).await?),
    };
    open.get_as_phone(path, PAGE_TIMEOUT).await.map(|_| ())
}

/// What the pairings page shows before the publish: true when it says no round is published and lists no
/// game (an unpublished draw must never reach the board).
pub async fn board_hides_draw(target: &WebTarget, tournament: u64) -> Result<bool, WebError> {
    let mut conn = WebConn::open(target, PAGE_TIMEOUT).await?;
    let page = conn
        .get(&PageKind::Pairings.path(tournament, 1), PAGE_TIMEOUT)
        .await?;
    let html = String::from_utf8_lossy(&page.body);
    Ok(html.contains(r#"id="none""#) && !html.contains(r#"class="game""#))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_follow_the_contract() {
        let paths: Vec<String> = PageKind::ALL.iter().map(|k| k.path(3, 17)).collect();
        assert_eq!(
            paths,
            [
                "/t/3/pairings",
                "/t/3/standings",
                "/t/3/players",
                "/t/3/players/17"
            ]
        );
    }

    #[test]
    fn kinds_are_named_as_in_the_report() {
        for kind in PageKind::ALL {
            assert_eq!(PageKind::from_name(kind.name()), Some(kind));
            assert_eq!(PageKind::ALL[kind.index()], kind);
        }
        assert_eq!(PageKind::from_name("home"), None);
    }
}
