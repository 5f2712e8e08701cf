//! Manual edits of a drawn round, validated against the snapshot (OpenGotha's "manual" pairing mode and Mays'
//! card switching): pair two players, unpair, swap two players between games, exchange colours, set a handicap,
//! set a table (the occupant moves to the edited game's old table), assign the bye by hand, mark a player absent.
//!
//! Every refusal is a [`DrawError::EditRefused`] whose text a director understands. A repeated game, or a pair
//! from the never-pair list, is refused unless `force` is set. After every edit the round's warnings are recomputed, so a forced repeat or relatives
//! meeting always shows up.

use std::collections::BTreeSet;

use crate::model::{DrawError, Game, Ledger, PlayerId, Round, Settings, Snapshot};

use super::colour;
use super::context::{Field, Seats};
use super::tables::table_numbers;
use super::warnings;
use super::weights::{Stage, Weigher};

/// One manual change to a drawn round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Pair two unpaired players. Colours, handicap and table follow the rules unless given.
    Pair {
        /// One player.
        a: PlayerId,
        /// The other.
        b: PlayerId,
        /// Who takes White (must be `a` or `b`).
        white: Option<PlayerId>,
        /// Handicap stones (at most 9).
        handicap: Option<u8>,
        /// Table (an occupant is moved to the lowest free table).
        table: Option<u32>,
        /// Accept a repeated game.
        force: bool,
    },
    /// Dissolve the game of this player; both players become unpaired.
    Unpair {
        /// A player of the game.
        player: PlayerId,
    },
    /// Exchange two players of different games (each takes the other's seat); colours and handicaps are
    /// recomputed by the rules.
    Swap {
        /// One player.
        a: PlayerId,
        /// The other.
        b: PlayerId,
        /// Accept repeated games.
        force: bool,
    },
    /// Exchange White and Black in the game of this player.
    ExchangeColours {
        /// A player of the game.
        player: PlayerId,
    },
    /// Set the handicap of the game of this player.
    SetHandicap {
        /// A player of the game.
        player: PlayerId,
        /// Stones (0 = even, 1 = no komi, at most 9).
        handicap: u8,
    },
    /// Move the game of this player to a table; the game already there takes the old table.
    SetTable {
        /// A player of the game.
        player: PlayerId,
        /// The new table.
        table: u32,
    },
    /// Give the bye to this (unpaired) player; the previous holder becomes unpaired.
    AssignBye {
        /// The player.
        player: PlayerId,
        /// Accept a second bye.
        force: bool,
    },
    /// Take this player out of the round (their opponent becomes unpaired). Update the player's participation in
    /// the register as well so later draws know.
    MarkAbsent {
        /// The player.
        player: PlayerId,
    },
}

fn refuse<T>(why: String) -> Result<T, DrawError> {
    Err(DrawError::EditRefused(why))
}

/// A readable name for messages, as the director reads and types the player: "#7 Family Given" (the player
/// number; the register's id never shows).
fn name(field: &Field, id: PlayerId) -> String {
    field.player(id).map_or(id.to_string(), |p| {
        format!("#{} {} {}", p.number, p.family_name, p.given_name)
    })
}

/// Index of the game holding `id`.
fn game_of(round: &Round, id: PlayerId) -> Option<usize> {
    round
        .games
        .iter()
        .position(|g| g.white == id || g.black == id)
}

/// Applies one edit to `round` (drawn from `snapshot` with `settings`) and returns the edited round.
pub fn apply_edit(
    snapshot: &Snapshot,
    settings: &Settings,
    round: &Round,
    edit: &Edit,
) -> Result<Round, DrawError> {
    let field = Field::new(snapshot, settings, round.seed)?;
    let mut out = round.clone();
    match edit {
        Edit::Pair {
            a,
            b,
            white,
            handicap,
            table,
            force,
        } => pair(
            &field,
            &mut out,
            (*a, *b),
            *white,
            *handicap,
            *table,
            *force,
        )?,
        Edit::Unpair { player } => {
            let Some(i) = game_of(&out, *player) else {
                return refuse(format!("{} is not in a game", name(&field, *player)));
            };
            out.games.remove(i);
        }
        Edit::Swap { a, b, force } => swap(&field, &mut out, *a, *b, *force)?,
        Edit::ExchangeColours { player } => {
            let g = played_game(&field, &mut out, *player)?;
            std::mem::swap(&mut g.white, &mut g.black);
        }
        Edit::SetHandicap { player, handicap } => {
            if *handicap > 9 {
                return refuse(format!("{handicap} stones: the handicap is at most 9"));
            }
            played_game(&field, &mut out, *player)?.handicap = *handicap;
        }
        Edit::SetTable { player, table } => set_table(&field, &mut out, *player, *table)?,
        Edit::AssignBye { player, force } => assign_bye(&field, &mut out, *player, *force)?,
        Edit::MarkAbsent { player } => {
            if field.player(*player).is_none() {
                return refuse(format!("{player} is not registered"));
            }
            if let Some(i) = game_of(&out, *player) {
                out.games.remove(i);
            }
            if out.bye == Some(*player) {
                out.bye = None;
            }
        }
    }
    finish(&field, &mut out);
    Ok(out)
}

/// The game of `player`, or a refusal.
fn played_game<'r>(
    field: &Field,
    round: &'r mut Round,
    player: PlayerId,
) -> Result<&'r mut Game, DrawError> {
    match game_of(round, player) {
        Some(i) => Ok(&mut round.games[i]),
        None => refuse(format!("{} is not in a game", name(field, player))),
    }
}

/// Refuses a player who cannot be paired in this round at all.
fn check_pairable(field: &Field, id: PlayerId) -> Result<(), DrawError> {
    let Some(p) = field.player(id) else {
        return refuse(format!("{id} is not registered"));
    };
    if !p.plays(field.round) {
        return refuse(format!(
            "{} does not play {} (absent)",
            name(field, id),
            field.round
        ));
    }
    if field.in_game.contains(&id) || field.bye_given == Some(id) {
        return refuse(format!(
            "{} was already paired in an earlier part of this round",
            name(field, id)
        ));
    }
    Ok(())
}

/// Refuses a repeat, or a pair from the director's never-pair list, unless forced.
fn check_repeat(field: &Field, a: PlayerId, b: PlayerId, force: bool) -> Result<(), DrawError> {
    if !force && field.never_pair(a, b) {
        return refuse(format!(
            "{} and {} are on the never-pair list; take them off it or force the pairing",
            name(field, a),
            name(field, b)
        ));
    }
    if force || !field.have_met(a, b) {
        return Ok(());
    }
    let when: Vec<String> = field
        .snapshot
        .games
        .iter()
        .filter(|g| (g.white == a && g.black == b) || (g.white == b && g.black == a))
        .map(|g| g.round.to_string())
        .collect();
    refuse(format!(
        "{} and {} already played each other ({}); no two players meet twice unless you force it",
        name(field, a),
        name(field, b),
        when.join(", ")
    ))
}

/// The ledger of a manual pair: its weight under the round's profile (fallback tiers when the hard rules object).
fn ledger_of(field: &Field, a: PlayerId, b: PlayerId) -> Ledger {
    let ids = [a, b];
    let costs = (field.settings.profile == crate::model::Profile::Egf)
        .then(|| crate::egf::Costs::new(field.snapshot, field.settings, &ids));
    let seats = Seats::new(field, &ids, field.settings.mays.seeding, costs.as_ref());
    let weigher = Weigher::new(field, &seats, costs.as_ref());
    let stage = if weigher.allowed(0, 1) {
        Stage::Normal
    } else {
        Stage::Fallback
    };
    weigher.ledger(0, 1, stage).unwrap_or_default()
}

/// A game between `a` and `b` by the rules: colours, handicap, ledger; table 0.
fn ruled_game(field: &Field, a: PlayerId, b: PlayerId) -> Game {
    let (white, black, handicap) = colour::colours(field, a, b);
    Game {
        table: 0,
        white,
        black,
        handicap,
        ledger: ledger_of(field, a, b),
    }
}

fn pair(
    field: &Field,
    round: &mut Round,
    (a, b): (PlayerId, PlayerId),
    white: Option<PlayerId>,
    handicap: Option<u8>,
    table: Option<u32>,
    force: bool,
) -> Result<(), DrawError> {
    if a == b {
        return refuse(format!("{} cannot play themself", name(field, a)));
    }
    for id in [a, b] {
        check_pairable(field, id)?;
        if let Some(i) = game_of(round, id) {
            let g = &round.games[i];
            return refuse(format!(
                "{} already plays at table {}; unpair that game first",
                name(field, id),
                g.table
            ));
        }
        if round.bye == Some(id) {
            return refuse(format!(
                "{} has the bye; give the bye to someone else first",
                name(field, id)
            ));
        }
    }
    check_repeat(field, a, b, force)?;
    let mut game = ruled_game(field, a, b);
    if let Some(w) = white {
        if w != a && w != b {
            return refuse(format!("{} is not one of the two players", name(field, w)));
        }
        game.white = w;
        game.black = if w == a { b } else { a };
    }
    if let Some(h) = handicap {
        if h > 9 {
            return refuse(format!("{h} stones: the handicap is at most 9"));
        }
        game.handicap = h;
    }
    let free = free_table(field, round);
    game.table = free;
    round.games.push(game);
    if let Some(t) = table {
        let last = round.games.len() - 1;
        move_to_table(field, round, last, t)?;
    }
    Ok(())
}

fn swap(
    field: &Field,
    round: &mut Round,
    a: PlayerId,
    b: PlayerId,
    force: bool,
) -> Result<(), DrawError> {
    let (Some(ia), Some(ib)) = (game_of(round, a), game_of(round, b)) else {
        return refuse("both players must be in games to be swapped".into());
    };
    if ia == ib {
        return refuse(format!(
            "{} and {} play each other; exchange colours instead",
            name(field, a),
            name(field, b)
        ));
    }
    let other = |g: &Game, me: PlayerId| if g.white == me { g.black } else { g.white };
    let (x, y) = (other(&round.games[ia], a), other(&round.games[ib], b));
    check_repeat(field, b, x, force)?;
    check_repeat(field, a, y, force)?;
    let (ta, tb) = (round.games[ia].table, round.games[ib].table);
    round.games[ia] = Game {
        table: ta,
        ..ruled_game(field, b, x)
    };
    round.games[ib] = Game {
        table: tb,
        ..ruled_game(field, a, y)
    };
    Ok(())
}

/// Is `table` usable by the settings?
fn allowed_table(field: &Field, table: u32) -> bool {
    table >= field.settings.first_table && !field.settings.skip_tables.contains(&table)
}

/// The lowest allowed table no game uses.
fn free_table(field: &Field, round: &Round) -> u32 {
    let used: BTreeSet<u32> = round.games.iter().map(|g| g.table).collect();
    table_numbers(field)
        .find(|t| !used.contains(t))
        .expect("the table numbers are unbounded")
}

/// Moves game `i` to `table`; the game already there takes game `i`'s old table.
fn move_to_table(field: &Field, round: &mut Round, i: usize, table: u32) -> Result<(), DrawError> {
    if !allowed_table(field, table) {
        return refuse(format!(
            "table {table} is not available (tables start at {} and skip {:?})",
            field.settings.first_table, field.settings.skip_tables
        ));
    }
    let old = round.games[i].table;
    if let Some(j) = round.games.iter().position(|g| g.table == table) {
        round.games[j].table = old;
    }
    round.games[i].table = table;
    Ok(())
}

fn set_table(
    field: &Field,
    round: &mut Round,
    player: PlayerId,
    table: u32,
) -> Result<(), DrawError> {
    let Some(i) = game_of(round, player) else {
        return refuse(format!("{} is not in a game", name(field, player)));
    };
    move_to_table(field, round, i, table)
}

fn assign_bye(
    field: &Field,
    round: &mut Round,
    player: PlayerId,
    force: bool,
) -> Result<(), DrawError> {
    check_pairable(field, player)?;
    if field.player(player).is_some_and(|p| p.ghost) {
        return refuse(format!(
            "{} is a ghost and cannot get the bye",
            name(field, player)
        ));
    }
    if game_of(round, player).is_some() {
        return refuse(format!(
            "{} is in a game; unpair it first",
            name(field, player)
        ));
    }
    let byes = field.score(player).byes;
    if byes > 0 && !force {
        return refuse(format!(
            "{} already had a bye; no player gets a bye twice unless you force it",
            name(field, player)
        ));
    }
    round.bye = Some(player);
    Ok(())
}

/// Sorts by table and recomputes the warnings.
fn finish(field: &Field, round: &mut Round) {
    round.games.sort_by_key(|g| g.table);
    let top = round
        .games
        .iter()
        .flat_map(|g| [g.white, g.black])
        .map(|id| field.main(id))
        .chain(field.pairable().into_iter().map(|id| field.main(id)))
        .max();
    round.warnings = warnings::collect(field, &round.games, top);
}

/// Players who play this round but are neither in a game nor the bye of `round` (nor already paired in an
/// earlier part of the round): what is left to pair after edits.
pub fn unpaired(
    snapshot: &Snapshot,
    settings: &Settings,
    round: &Round,
) -> Result<Vec<PlayerId>, DrawError> {
    let field = Field::new(snapshot, settings, round.seed)?;
    let busy: BTreeSet<PlayerId> = round
        .games
        .iter()
        .flat_map(|g| [g.white, g.black])
        .chain(round.bye)
        .collect();
    Ok(field
        .pairable()
        .into_iter()
        .filter(|id| !busy.contains(id))
        .collect())
}
