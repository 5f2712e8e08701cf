//! How a desk names a player inside a tournament: the number printed on the sheets, `round show`, the standings
//! and the wall chart (`7` or `#7`), or, to be exact across tournaments, the register id written `P12` (the only
//! name a player has before numbering). [`Numbering::read`] fetches a tournament's numbering once per command run
//! and turns what was typed into participant ids; it also labels ids back for printing.
//! Reads only: sends no command and prints nothing.

use std::collections::BTreeMap;
use std::fmt;

use tengen_proto::v1::{GetPlayerNumbersRequest, ListTournamentsRequest, PlayerRef};

use super::CliError;
use crate::conn::Desk;

/// A player as typed at a tournament command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerArg {
    /// The pairing number on the sheets (`7` or `#7`).
    Number(u32),
    /// The register's participant id (`P12`), for scripts that must be exact and players not numbered yet.
    Register(u64),
}

impl fmt::Display for PlayerArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerArg::Number(n) => write!(f, "#{n}"),
            PlayerArg::Register(id) => write!(f, "P{id}"),
        }
    }
}

/// Parses `7`, `#7` (a sheet number) or `P12` (a register id) for clap.
pub fn parse_player(text: &str) -> Result<PlayerArg, String> {
    let t = text.trim();
    let bad = || {
        format!("{text:?} is not a player: type the number on the sheets (7 or #7) or a register id (P12)")
    };
    if let Some(id) = t.strip_prefix(['P', 'p']) {
        return id.parse().map(PlayerArg::Register).map_err(|_| bad());
    }
    let digits = t.strip_prefix('#').unwrap_or(t);
    match digits.parse() {
        Ok(0) | Err(_) => Err(bad()),
        Ok(n) => Ok(PlayerArg::Number(n)),
    }
}

/// Parses a register id for the register's own commands: `12` or `P12`.
pub fn parse_register_id(text: &str) -> Result<u64, String> {
    let t = text.trim();
    t.strip_prefix(['P', 'p'])
        .unwrap_or(t)
        .parse()
        .map_err(|_| format!("{text:?} is not a register id like 12 or P12"))
}

/// `P12`: how a register id prints, so it is never mistaken for a sheet number.
pub fn register_label(id: u64) -> String {
    format!("P{id}")
}

/// A tournament's player numbers as read once for one command run.
#[derive(Debug, Clone, Default)]
pub struct Numbering {
    tournament: u64,
    by_number: BTreeMap<u32, u64>,
    by_id: BTreeMap<u64, u32>,
    /// Registration is still open (only looked up when nobody has a number yet).
    registration_open: bool,
}

impl Numbering {
    /// Reads the numbering of `tournament` (one `GetPlayerNumbers`; a `ListTournaments` too when nobody has a
    /// number, to say why).
    pub async fn read(desk: &Desk, tournament: u64) -> Result<Numbering, CliError> {
        let request = GetPlayerNumbersRequest {
            tournament_id: tournament,
        };
        let numbers = desk
            .read(request, |mut d, r| async move {
                d.rounds.get_player_numbers(r).await
            })
            .await?;
        let mut numbering = Numbering::from_players(tournament, &numbers.players);
        if numbering.by_number.is_empty() {
            let list = desk
                .read(ListTournamentsRequest {}, |mut d, r| async move {
                    d.register.list_tournaments(r).await
                })
                .await?;
            numbering.registration_open = list
                .tournaments
                .iter()
                .any(|t| t.id == tournament && t.registration_open);
        }
        Ok(numbering)
    }

    /// The numbering of the players listed (as `GetPlayerNumbers` answers); players without a number are left
    /// out.
    pub fn from_players(tournament: u64, players: &[PlayerRef]) -> Numbering {
        let numbered = players.iter().filter(|p| p.number > 0);
        Numbering {
            tournament,
            by_number: numbered.clone().map(|p| (p.number, p.id)).collect(),
            by_id: numbered.map(|p| (p.id, p.number)).collect(),
            registration_open: false,
        }
    }

    /// The participant id of what was typed. A register id passes through as it is (the server checks it).
    pub fn id_of(&self, arg: PlayerArg) -> Result<u64, CliError> {
        let n = match arg {
            PlayerArg::Register(id) => return Ok(id),
            PlayerArg::Number(n) => n,
        };
        if let Some(id) = self.by_number.get(&n) {
            return Ok(*id);
        }
        let t = self.tournament;
        let why = if self.by_number.is_empty() && self.registration_open {
            format!(
                "no player #{n} in tournament {t}: registration is still open and players get their numbers when \
                 it closes (tengen tournament close-registration {t}); until then name a player by register id, \
                 e.g. P12"
            )
        } else if self.by_number.is_empty() {
            format!("no player #{n} in tournament {t}: nobody in it has a number yet")
        } else {
            let last = self.by_number.keys().next_back().copied().unwrap_or(0);
            format!(
                "no player #{n} in tournament {t} (numbers run 1–{last}; a latecomer gets a number at the next draw, \
                 until then name them by register id, e.g. P12)"
            )
        };
        Err(CliError::Usage(why))
    }

    /// Participant ids for every player typed, in order.
    pub fn ids_of<const N: usize>(&self, args: [PlayerArg; N]) -> Result<[u64; N], CliError> {
        let mut ids = [0; N];
        for (slot, arg) in ids.iter_mut().zip(args) {
            *slot = self.id_of(arg)?;
        }
        Ok(ids)
    }

    /// `#7`, or `P12` for a player without a number.
    pub fn label(&self, id: u64) -> String {
        self.by_id
            .get(&id)
            .map_or_else(|| register_label(id), |n| format!("#{n}"))
    }
}

/// The numbering needed to resolve `players` in `tournament`: read once, or not at all when every player was
/// given by register id.
pub async fn numbering_for(
    desk: &Desk,
    tournament: u64,
    players: &[PlayerArg],
) -> Result<Numbering, CliError> {
    if players.iter().all(|a| matches!(a, PlayerArg::Register(_))) {
        return Ok(Numbering::default());
    }
    Numbering::read(desk, tournament).await
}

/// Resolves the players typed for one command in `tournament` with at most one read of its numbering.
pub async fn resolve<const N: usize>(
    desk: &Desk,
    tournament: u64,
    args: [PlayerArg; N],
) -> Result<[u64; N], CliError> {
    numbering_for(desk, tournament, &args).await?.ids_of(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: u64, number: u32) -> PlayerRef {
        PlayerRef {
            id,
            number,
            ..PlayerRef::default()
        }
    }

    #[test]
    fn a_player_is_a_sheet_number_or_a_register_id() {
        assert_eq!(parse_player("7"), Ok(PlayerArg::Number(7)));
        assert_eq!(parse_player("#7"), Ok(PlayerArg::Number(7)));
        assert_eq!(parse_player(" #12 "), Ok(PlayerArg::Number(12)));
        assert_eq!(parse_player("P12"), Ok(PlayerArg::Register(12)));
        assert_eq!(parse_player("p3"), Ok(PlayerArg::Register(3)));
        for bad in ["", "#", "0", "#0", "P", "Px", "7a", "-1", "#P3"] {
            assert!(parse_player(bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_register_id("P12"), Ok(12));
        assert_eq!(parse_register_id("12"), Ok(12));
        assert!(parse_register_id("#12").is_err());
    }

    #[test]
    fn numbers_resolve_to_the_players_on_the_sheets() {
        // Register ids in registration order, numbers by strength: they differ.
        let numbering = Numbering::from_players(1, &[player(5, 1), player(2, 2), player(9, 0)]);
        assert_eq!(
            numbering
                .ids_of([PlayerArg::Number(1), PlayerArg::Number(2)])
                .ok(),
            Some([5, 2])
        );
        assert_eq!(numbering.id_of(PlayerArg::Register(9)).ok(), Some(9));
        assert_eq!(numbering.label(5), "#1");
        assert_eq!(numbering.label(9), "P9", "not numbered yet");
        let Err(CliError::Usage(why)) = numbering.id_of(PlayerArg::Number(999)) else {
            panic!("#999 resolved")
        };
        assert!(
            why.starts_with("no player #999 in tournament 1 (numbers run 1–2"),
            "{why}"
        );
    }

    #[test]
    fn before_numbering_a_number_says_registration_is_still_open() {
        let numbering = Numbering {
            tournament: 3,
            registration_open: true,
            ..Numbering::default()
        };
        let Err(CliError::Usage(why)) = numbering.id_of(PlayerArg::Number(4)) else {
            panic!("#4 resolved")
        };
        assert!(why.contains("registration is still open"), "{why}");
        assert!(
            why.contains("close-registration 3") && why.contains("P12"),
            "{why}"
        );
    }
}
