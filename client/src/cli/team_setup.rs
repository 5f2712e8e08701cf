//! A tournament's teams as command-line flags (issue 33): the team competition (how many members of a team count,
//! which of their results, the team prizes) and the team tournament (teams of N boards paired as teams), shared by
//! `tournament create` and `tournament update` through `SetupFlags`. Writes only the given flags into the settings.
//! Must not talk to the server or check the rules (1 to 10 members, 2 to 10 boards, not both, no team prizes
//! without a team competition): the server refuses what breaks them, with its own words; printing lives in
//! `settings_view.rs`.

use clap::Args;
use tengen_proto::v1::Scoring;

use super::setup::{parse_prizes, Prizes};

/// The team competition; each flag left out keeps its value (on create: no team competition).
#[derive(Debug, Default, Args)]
#[command(next_help_heading = "Team competition")]
pub struct TeamFlags {
    /// A team competition inside the tournament: each team (the players' `--team`) scores the sum of its best N
    /// members' results, 1 to 10; 0 turns it off (with `--team-prizes none`).
    #[arg(long, value_name = "N")]
    team_counting: Option<u32>,
    /// Which result of a member counts: wins (the default; a jigo is half a win) or mms.
    #[arg(long, value_parser = ["wins", "mms"], value_name = "WINS|MMS")]
    team_score: Option<String>,
    /// Prizes for the teams' places 1, 2, …, e.g. "100,50" (tied teams split them; `none` clears them).
    #[arg(long, value_parser = parse_prizes, value_name = "AMOUNTS")]
    team_prizes: Option<Prizes>,
    /// A team tournament: teams of N boards (2 to 10) meet in matches, paired as teams by the system; 0 pairs
    /// players.
    #[arg(long, value_name = "N")]
    team_boards: Option<u32>,
}

impl TeamFlags {
    /// Writes the given flags into the tournament's scoring.
    pub fn apply(self, sc: &mut Scoring) {
        if let Some(n) = self.team_counting {
            sc.team_counting = n;
        }
        if let Some(score) = self.team_score {
            sc.team_score = score;
        }
        if let Some(prizes) = self.team_prizes {
            sc.team_prizes_cents = prizes.0;
        }
        if let Some(n) = self.team_boards {
            sc.team_boards = n;
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Probe {
        #[command(flatten)]
        flags: TeamFlags,
    }

    fn applied(args: &[&str], mut sc: Scoring) -> Scoring {
        let probe = Probe::try_parse_from(std::iter::once("probe").chain(args.iter().copied()))
            .unwrap_or_else(|e| panic!("{e}"));
        probe.flags.apply(&mut sc);
        sc
    }

    #[test]
    fn the_team_flags_set_counting_score_and_prizes() {
        let sc = applied(
            &[
                "--team-counting",
                "3",
                "--team-score",
                "mms",
                "--team-prizes",
                "100, 50.50",
            ],
            Scoring::default(),
        );
        assert_eq!(sc.team_counting, 3);
        assert_eq!(sc.team_score, "mms");
        assert_eq!(sc.team_prizes_cents, vec![10_000, 5_050]);
    }

    #[test]
    fn team_boards_sets_a_team_tournament_and_zero_pairs_players_again() {
        let sc = applied(&["--team-boards", "4"], Scoring::default());
        assert_eq!(sc.team_boards, 4);
        assert_eq!(sc.team_counting, 0);
        let sc = applied(&["--team-boards", "0"], sc);
        assert_eq!(sc.team_boards, 0);
        // Left out, it keeps its value; the server refuses 1 or more than 10, the client sends what was typed.
        let four = Scoring {
            team_boards: 4,
            ..Scoring::default()
        };
        assert_eq!(applied(&["--team-score", "mms"], four).team_boards, 4);
        assert_eq!(
            applied(&["--team-boards", "11"], Scoring::default()).team_boards,
            11
        );
        assert!(Probe::try_parse_from(["probe", "--team-boards", "four"]).is_err());
    }

    #[test]
    fn a_flag_left_out_keeps_its_value_and_none_clears_the_prizes() {
        let before = Scoring {
            team_counting: 2,
            team_score: "mms".into(),
            team_prizes_cents: vec![6_000],
            ..Scoring::default()
        };
        let sc = applied(&["--team-prizes", "none"], before.clone());
        assert_eq!((sc.team_counting, sc.team_score.as_str()), (2, "mms"));
        assert!(sc.team_prizes_cents.is_empty());
        assert_eq!(applied(&[], before.clone()), before);
        // The server refuses more than 10; the client sends what was typed.
        assert_eq!(
            applied(&["--team-counting", "11"], before).team_counting,
            11
        );
        assert!(Probe::try_parse_from(["probe", "--team-score", "points"]).is_err());
    }
}
