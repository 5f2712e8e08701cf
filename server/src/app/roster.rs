//! The tournament read model: what every sheet and page reads from the register about one tournament: its
//! entrants with numbers, names, ranks and clubs, its rounds, which round "0" means, and the small formats they
//! share (half points, handicap and komi, the heading lines). Reads the state; never changes it, never reads
//! contact data, knows no door.

use crate::domain::name;
use crate::domain::round::{GameRecord, Play, RoundRecord};
use crate::domain::{
    setup, Entry, EntryStatus, PairingSystem, Participant, ParticipantId, Rank, Rejected, State,
    Tournament, TournamentId,
};
use std::collections::BTreeMap;

/// One tournament's entrants and rounds, gathered once per sheet.
pub(crate) struct Roster<'a> {
    /// The event (for its name).
    pub state: &'a State,
    /// The tournament.
    pub tournament: &'a Tournament,
    /// Its rounds and numbers, once something was drawn or numbered.
    pub play: Option<&'a Play>,
    /// Its entrants by id.
    pub entrants: BTreeMap<ParticipantId, (&'a Participant, &'a Entry)>,
}

impl<'a> Roster<'a> {
    /// Gathers tournament `id`.
    pub fn new(state: &'a State, id: TournamentId) -> Result<Roster<'a>, Rejected> {
        let tournament = state
            .tournaments
            .get(&id)
            .ok_or(Rejected::UnknownTournament(id))?;
        let entrants = state
            .participants
            .values()
            .filter_map(|p| p.entries.get(&id).map(|e| (p.id, (p, e))))
            .collect();
        Ok(Roster {
            state,
            tournament,
            play: state.play.get(&id),
            entrants,
        })
    }

    /// The tournament's name.
    pub fn name(&self) -> &'a str {
        &self.tournament.settings.name
    }

    /// The rounds drawn so far.
    pub fn rounds(&self) -> &'a [RoundRecord] {
        self.play.map_or(&[], |p| p.rounds.as_slice())
    }

    fn unknown(&self, round: u32) -> Rejected {
        Rejected::UnknownRound {
            tournament: self.tournament.id,
            round,
        }
    }

    /// Round `n`, or for 0 the last round drawn.
    pub fn drawn_round(&self, n: u32) -> Result<&'a RoundRecord, Rejected> {
        let found = if n == 0 {
            self.rounds().last()
        } else {
            self.play.and_then(|p| p.round(n))
        };
        found.ok_or_else(|| self.unknown(n.max(1)))
    }

    /// The last round counted: `n` itself (it must be drawn), or for 0 the last round with a confirmed result
    /// (0 when there is none yet: the sheet then shows the starting order).
    pub fn counted_round(&self, n: u32) -> Result<u32, Rejected> {
        if n == 0 {
            return Ok(self.play.map_or(0, |p| p.last_with_result()));
        }
        self.drawn_round(n).map(|r| r.number)
    }

    /// The player number, if the player has one.
    pub fn number(&self, p: ParticipantId) -> Option<u32> {
        self.play.and_then(|pl| pl.numbers.get(&p).copied())
    }

    /// The number as printed ("" without one).
    pub fn number_text(&self, p: ParticipantId) -> String {
        self.number(p).map(|n| n.to_string()).unwrap_or_default()
    }

    /// "Family Given", as on every sheet (family name first, as the lists are sorted).
    pub fn full_name(&self, p: ParticipantId) -> String {
        match self.entrants.get(&p) {
            Some((person, _)) => full_name(person),
            None => p.to_string(),
        }
    }

    /// Each of `players`' names for the files of other programs, (family, given) in Latin letters
    /// (`domain::name::for_files`), or the refusal naming, by number and name, every one of them who has none
    /// (`file` says which file, ".h9"). A player not entered keeps their register id as the name.
    pub fn names_for_files(
        &self,
        players: impl IntoIterator<Item = ParticipantId>,
        file: &str,
    ) -> Result<BTreeMap<ParticipantId, (String, String)>, Rejected> {
        let mut names = BTreeMap::new();
        let mut missing = Vec::new();
        for p in players {
            let Some((person, _)) = self.entrants.get(&p) else {
                names.insert(p, (p.to_string(), String::new()));
                continue;
            };
            match name::for_files(&person.fields) {
                Some(latin) => {
                    names.insert(p, latin);
                }
                None => missing.push((self.number(p), p)),
            }
        }
        if missing.is_empty() {
            return Ok(names);
        }
        missing.sort_by_key(|(number, p)| (number.is_none(), *number, *p));
        let named: Vec<String> = missing
            .into_iter()
            .map(|(number, p)| {
                let label = number.map_or_else(|| p.to_string(), |n| format!("#{n}"));
                format!("{label} {}", self.full_name(p))
            })
            .collect();
        Err(name::missing_latin_names(file, &named))
    }

    /// The rank in force in `round` (the registered rank before any change).
    pub fn rank(&self, p: ParticipantId, round: u32) -> String {
        self.rank_in(p, round)
            .map(|r| r.to_string())
            .unwrap_or_default()
    }

    /// The rank in force in `round` (a rank change counts from its round on), for pages that word it.
    pub fn rank_in(&self, p: ParticipantId, round: u32) -> Option<crate::domain::rank::Rank> {
        self.entrants
            .get(&p)
            .map(|(person, e)| e.rank_in(person.fields.rank, round.max(1)))
    }

    /// The club.
    pub fn club(&self, p: ParticipantId) -> String {
        self.entrants
            .get(&p)
            .map(|(person, _)| person.fields.club.clone())
            .unwrap_or_default()
    }

    /// "12 Family Given (3k)" for slips and notes.
    pub fn describe(&self, p: ParticipantId, round: u32) -> String {
        let number = self.number_text(p);
        let name = self.full_name(p);
        let rank = self.rank(p, round);
        if number.is_empty() {
            format!("{name} ({rank})")
        } else {
            format!("{number} {name} ({rank})")
        }
    }

    /// The heading lines: event name and the tournament's dates, when set.
    pub fn heading_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let event = self.state.event.name.trim();
        if !event.is_empty() && event != self.name().trim() {
            lines.push(event.to_string());
        }
        let s = &self.tournament.settings;
        match (s.start_date.trim(), s.end_date.trim()) {
            ("", "") => {}
            (a, "") | ("", a) => lines.push(a.to_string()),
            (a, b) if a == b => lines.push(a.to_string()),
            (a, b) => lines.push(format!("{a} to {b}")),
        }
        lines
    }

    /// The handicap and komi columns of a game: ("", komi) for an even game, (stones, "0") otherwise.
    pub fn handicap_cells(&self, handicap: u8) -> (String, String) {
        match handicap {
            0 => (
                String::new(),
                half_points(self.tournament.settings.komi_half),
            ),
            h => (h.to_string(), "0".to_string()),
        }
    }

    /// The handicap and komi columns of game `g`: a nigiri game whose colours nobody recorded says "nigiri" where
    /// a handicap would be (its two names are then only the draw's order, not White and Black).
    pub fn game_cells(&self, g: &GameRecord) -> (String, String) {
        let (hcp, komi) = self.handicap_cells(g.handicap);
        if g.colours_open() {
            ("nigiri".to_string(), komi)
        } else {
            (hcp, komi)
        }
    }

    /// The tables of round `r` whose colours are chosen at the board and not recorded yet, for the sheets' note.
    pub fn nigiri_tables(&self, r: &RoundRecord) -> Vec<u32> {
        let mut tables: Vec<u32> = r
            .games
            .iter()
            .filter(|g| g.colours_open())
            .map(|g| g.table)
            .collect();
        tables.sort_unstable();
        tables
    }

    /// "Nigiri at tables 3, 5: …", the line under a pairing list with nigiri games (`None` without).
    pub fn nigiri_note(&self, r: &RoundRecord) -> Option<String> {
        let tables = self.nigiri_tables(r);
        if tables.is_empty() {
            return None;
        }
        let list: Vec<String> = tables.iter().map(u32::to_string).collect();
        Some(format!(
            "Nigiri at table{} {}: the players choose colours at the board (the names are not in colour order); \
             report who had Black with the result.",
            if tables.len() == 1 { "" } else { "s" },
            list.join(", ")
        ))
    }

    /// The BGA guideline's bar for the players checked in so far (ghosts aside): the rank and how many start at
    /// it or above ([`setup::suggest_bar`]). `None` for a system without a bar (not McMahon) or nobody checked in.
    /// The dashboard shows it; the settings page applies it.
    pub fn bar_suggestion(&self) -> Option<(Rank, u32)> {
        let settings = &self.tournament.settings;
        if settings.system != PairingSystem::McMahon {
            return None;
        }
        let ranks: Vec<Rank> = self
            .entrants
            .values()
            .filter(|(_, e)| e.status == EntryStatus::CheckedIn && !e.ghost)
            .map(|(p, _)| p.fields.rank)
            .collect();
        setup::suggest_bar(&ranks, settings.rounds)
    }
}

/// "Family Given" of a participant.
pub(crate) fn full_name(p: &Participant) -> String {
    let family = p.fields.family_name.trim();
    let given = p.fields.given_name.trim();
    match (family.is_empty(), given.is_empty()) {
        (false, false) => format!("{family} {given}"),
        (true, _) => given.to_string(),
        (false, true) => family.to_string(),
    }
}

/// Half points as printed, in decimals like the tie-break values: 13 → "6.5", -13 → "-6.5", 4 → "2".
pub(crate) fn half_points(h: i32) -> String {
    tengen_text::decimal_halves(i64::from(h))
}

/// A section's name on the sheets: its number for a McMahon section (strongest first), the ranks it spans for
/// one of the director's categories ("1d+" for the strongest, "10k–2k" below it).
pub(crate) fn section_label(sections: &[tengen_standings::Section], index: usize) -> String {
    if let Some(g) = sections.get(index).and_then(|s| s.group) {
        return format!("Group {g}");
    }
    let Some(lowest) = sections.get(index).and_then(|s| s.lowest_rank) else {
        return (index + 1).to_string();
    };
    let above = index
        .checked_sub(1)
        .and_then(|i| sections.get(i))
        .and_then(|s| s.lowest_rank);
    match above {
        Some(above) if above.0 - 1 > lowest.0 => {
            format!("{lowest}–{}", tengen_draw::model::Rank(above.0 - 1))
        }
        Some(_) => lowest.to_string(),
        None => format!("{lowest}+"),
    }
}
