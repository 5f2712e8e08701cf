//! The add and edit forms' tests: reading, merging, the private fields, the markup.

use super::*;

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn the_add_form_reads_fields_tournaments_and_rounds() {
    let typed = Typed::parse(&pairs(&[
        ("csrf", "c"),
        ("request_id", "web-1"),
        ("family", " Côté "),
        ("given", "Anne"),
        ("rank", "2k"),
        ("club", "Montréal"),
        ("country", "ca"),
        ("email", "anne@example.org"),
        ("enter", "1"),
        ("r1", "3"),
        ("r1", "4"),
        ("r1", "5"),
        ("check_in", "yes"),
        ("different_person", "no"),
    ]));
    assert_eq!(typed.enter, vec![TournamentId(1)]);
    assert!(typed.check_in && !typed.different_person);
    let f = to_fields(Lang::En, &typed.values, &blank(), true).unwrap();
    assert_eq!((f.family_name.as_str(), f.country.as_str()), ("Côté", "CA"));
    assert_eq!(f.rank, Rank::kyu(2).unwrap());
    assert_eq!(f.email, "anne@example.org");
    let offer = Offer {
        id: TournamentId(1),
        name: "Main".into(),
        total: 5,
        drawn: 2,
        missed: MissedRule::Half,
    };
    let specs = entries(Lang::En, &typed, std::slice::from_ref(&offer)).unwrap();
    assert_eq!(specs[0].rounds, Some(vec![3, 4, 5]));
    let all = Typed::parse(&pairs(&[
        ("enter", "1"),
        ("r1", "1"),
        ("r1", "2"),
        ("r1", "3"),
        ("r1", "4"),
        ("r1", "5"),
    ]));
    let fresh = Offer {
        drawn: 0,
        ..offer.clone()
    };
    assert_eq!(entries(Lang::En, &all, &[fresh]).unwrap()[0].rounds, None);
    let none = Typed::parse(&pairs(&[("enter", "1")]));
    assert!(entries(Lang::En, &none, &[offer])
        .unwrap_err()
        .contains("Main"));
}

#[test]
fn a_different_person_is_confirmed_by_any_yes_whatever_the_order() {
    for list in [
        &[("different_person", "yes"), ("different_person", "no")][..],
        &[("different_person", "no"), ("different_person", "yes")][..],
        &[("different_person", "yes")][..],
    ] {
        assert!(Typed::parse(&pairs(list)).different_person, "{list:?}");
    }
    assert!(!Typed::parse(&pairs(&[("family", "A")])).different_person);
}

#[test]
fn contact_fields_are_kept_unless_the_role_may_read_them() {
    let mut base = blank();
    base.email = "kept@example.org".into();
    let typed = Typed::parse(&pairs(&[
        ("family", "A"),
        ("given", "B"),
        ("rank", "1d"),
        ("email", "x@y"),
    ]));
    assert_eq!(
        to_fields(Lang::En, &typed.values, &base, false)
            .unwrap()
            .email,
        "kept@example.org"
    );
    let no_rank = Typed::parse(&pairs(&[("family", "A"), ("given", "B")]));
    assert_eq!(
        to_fields(Lang::En, &no_rank.values, &base, true).unwrap_err(),
        Problem {
            field: Some("rank"),
            message: "choose the player's rank".into()
        }
    );
}

fn edit_view(private: bool) -> FormView<'static> {
    FormView {
        id: "edit",
        action: "/desk/register/player/P1/edit".into(),
        csrf: "c",
        request_id: "web-1".into(),
        private,
        offers: &[],
        late: false,
        submit: "Save changes",
        lang: Lang::En,
        teams: &[],
        boards: true,
    }
}

#[test]
fn issue_33_the_year_of_birth_is_read_shown_and_merged_only_where_contact_data_is() {
    let mut base = blank();
    base.birth_year = Some(1987);
    let typed = Typed::parse(&pairs(&[
        ("family", "A"),
        ("given", "B"),
        ("rank", "1d"),
        ("birth_year", " 2012 "),
    ]));
    let private = to_fields(Lang::En, &typed.values, &base, true).unwrap();
    assert_eq!(private.birth_year, Some(2012));
    let kept = to_fields(Lang::En, &typed.values, &base, false).unwrap();
    assert_eq!(
        kept.birth_year,
        Some(1987),
        "a role that cannot see it keeps it"
    );
    let cleared = Typed::parse(&pairs(&[("family", "A"), ("given", "B"), ("rank", "1d")]));
    assert_eq!(
        to_fields(Lang::En, &cleared.values, &base, true)
            .unwrap()
            .birth_year,
        None
    );
    assert_eq!(Values::of(&private, true).get("birth_year"), "2012");
    assert_eq!(Values::of(&private, false).get("birth_year"), "");
    // A stale edit re-applies my year on top of the other desk's club.
    let was = Values::of(&base, true);
    let mut current = was.clone();
    current.set("club", "York");
    let mut mine = was.clone();
    mine.set("birth_year", "2012");
    let merged = merge(&mine, &was, &current);
    assert_eq!(
        (merged.get("birth_year"), merged.get("club")),
        ("2012", "York")
    );
    let shown = |private| {
        render(
            &edit_view(private),
            &Typed {
                values: Values::of(&private_fields(), private),
                was: Values::of(&private_fields(), private),
                ..Typed::default()
            },
        )
        .into_string()
    };
    let html = shown(true);
    assert!(html.contains("Year of birth"), "{html}");
    assert!(
        html.contains(r#"name="birth_year" inputmode="numeric" value="2012""#),
        "{html}"
    );
    assert!(
        html.contains(r#"name="was_birth_year" value="2012""#),
        "{html}"
    );
    let html = shown(false);
    assert!(
        !html.contains("birth_year") && !html.contains("2012"),
        "{html}"
    );
}

fn private_fields() -> ParticipantFields {
    ParticipantFields {
        birth_year: Some(2012),
        ..ParticipantFields::sample("Smith", "Ann", "")
    }
}

#[test]
fn issue_33_a_year_that_is_no_number_is_refused_and_its_field_marked_and_focused() {
    let mut typed = Typed::parse(&pairs(&[
        ("family", "A"),
        ("given", "B"),
        ("rank", "1d"),
        ("birth_year", "twenty"),
    ]));
    let problem = to_fields(Lang::En, &typed.values, &blank(), true).unwrap_err();
    assert_eq!(
        problem,
        Problem {
            field: Some("birth_year"),
            message:
                "birth year: \"twenty\" is not a year of birth: type the year the player was born, \
                      like 2012"
                    .into()
        }
    );
    assert_eq!(
        to_fields(Lang::Fr, &typed.values, &blank(), true)
            .unwrap_err()
            .message,
        "année de naissance : \"twenty\" n'est pas une année de naissance : tapez l'année où le joueur est \
         né, par exemple 2012"
    );
    typed.bad = problem.field;
    let html = render(&edit_view(true), &typed).into_string();
    assert!(
        html.contains(
            r#"value="twenty" size="6" autocomplete="off" aria-invalid="true" autofocus"#
        ),
        "kept as typed, marked and focused: {html}"
    );
    assert_eq!(html.matches("autofocus").count(), 1, "{html}");
    // The register's refusal names its field; the form knows which of its boxes that is.
    assert_eq!(form_field("birth_year"), Some("birth_year"));
    assert_eq!(form_field("family_name"), Some("family"));
    assert_eq!(form_field("latin_given_name"), Some("latin_given"));
    assert_eq!(form_field("notes"), None);
}

#[test]
fn a_stale_edit_keeps_the_other_desks_changes_and_reapplies_mine() {
    let mut was = Values::default();
    was.set("family", "Smith");
    was.set("club", "Leeds");
    was.set("rank", "3k");
    let mut mine = was.clone();
    mine.set("club", "York");
    let mut current = was.clone();
    current.set("rank", "2k");
    let merged = merge(&mine, &was, &current);
    assert_eq!(merged.get("club"), "York");
    assert_eq!(merged.get("rank"), "2k");
    assert_eq!(merged.get("family"), "Smith");
}

#[test]
fn issue_34_the_latin_name_is_read_shown_and_merged_like_the_other_fields() {
    let typed = Typed::parse(&pairs(&[
        ("family", "山田"),
        ("given", "太郎"),
        ("latin_family", " Yamada "),
        ("latin_given", "Taro"),
        ("rank", "2d"),
    ]));
    let f = to_fields(Lang::En, &typed.values, &blank(), false).unwrap();
    assert_eq!(
        (f.latin_family_name.as_str(), f.latin_given_name.as_str()),
        ("Yamada", "Taro")
    );
    assert_eq!(Values::of(&f, false).get("latin_family"), "Yamada");
    let mut mine = Values::of(&f, false);
    mine.set("latin_given", "Tarō");
    let mut current = Values::of(&f, false);
    current.set("club", "Tokyo");
    let merged = merge(&mine, &Values::of(&f, false), &current);
    assert_eq!(
        (merged.get("latin_given"), merged.get("club")),
        ("Tarō", "Tokyo")
    );
    let html = render(
        &FormView {
            id: "edit",
            action: "/desk/register/player/P1/edit".into(),
            csrf: "c",
            request_id: "web-1".into(),
            private: false,
            offers: &[],
            late: false,
            submit: "Save changes",
            lang: Lang::En,
            teams: &[],
            boards: true,
        },
        &typed,
    )
    .into_string();
    assert!(
        html.contains("Name in Latin letters (for the EGF/FFG/AGA files)"),
        "{html}"
    );
    assert!(html.contains(r#"name="was_latin_family""#), "{html}");
    assert_eq!(html.matches(r#"name="latin_given""#).count(), 1, "{html}");
}

#[test]
fn the_rank_picker_runs_from_30k_to_9p() {
    let all = ranks();
    assert_eq!(all.len(), 30 + 9 + 9);
    assert_eq!(all[0].to_string(), "30k");
    assert_eq!(all[30].to_string(), "1d");
    assert_eq!(all.last().unwrap().to_string(), "9p");
}

#[test]
fn issue_33_a_board_in_the_team_is_a_small_number_and_a_wrong_one_is_refused_short() {
    let with = |board: &str| {
        let typed = Typed::parse(&pairs(&[
            ("family", "A"),
            ("given", "B"),
            ("rank", "1d"),
            ("team", "Stone Cats"),
            ("board", board),
        ]));
        to_fields(Lang::En, &typed.values, &blank(), false)
    };
    assert_eq!(with(" 2 ").map(|f| f.team_board), Ok(Some(2)));
    assert_eq!(with("").map(|f| f.team_board), Ok(None));
    assert_eq!(with("0").map(|f| f.team_board), Ok(None), "0 clears it");
    let long = "9".repeat(10_000);
    let problem = with(&long).unwrap_err();
    assert_eq!(problem.field, Some("board"));
    assert!(problem.message.len() < 200, "{}", problem.message);
    assert!(with("first").is_err());
}
