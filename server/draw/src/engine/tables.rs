//! Table numbers: games ordered by their better player (highest main score, then lowest player number), numbered
//! from `settings.first_table` upwards, skipping `settings.skip_tables`.

use crate::model::{Game, PlayerId};

use super::context::Field;

/// Sort key of a game: its better player's (−main score, player number, id).
pub(crate) fn game_key(field: &Field, white: PlayerId, black: PlayerId) -> (i32, u32, PlayerId) {
    let key = |id: PlayerId| {
        let (number, id) = field.number_key(id);
        (-field.main(id), number, id)
    };
    key(white).min(key(black))
}

/// The allowed table numbers in order, starting at the first table.
pub(crate) fn table_numbers<'f>(field: &'f Field<'_>) -> impl Iterator<Item = u32> + 'f {
    let s = field.settings;
    (s.first_table..).filter(move |t| !s.skip_tables.contains(t))
}

/// The games of `pairs` with the draw's colours and handicaps, numbered: the systems that pair by their own rule
/// (no weights, so no ledger).
pub(crate) fn games_of(field: &Field, pairs: Vec<(PlayerId, PlayerId)>) -> Vec<Game> {
    let mut games: Vec<Game> = pairs
        .into_iter()
        .map(|(a, b)| {
            let (white, black, handicap) = super::colour::colours(field, a, b);
            Game::unweighed(white, black, handicap)
        })
        .collect();
    number_tables(field, &mut games);
    games
}

/// Orders `games` by their better player and numbers them; the result is sorted by table.
pub(crate) fn number_tables(field: &Field, games: &mut [Game]) {
    games.sort_by_key(|g| game_key(field, g.white, g.black));
    for (g, t) in games.iter_mut().zip(table_numbers(field)) {
        g.table = t;
    }
}
