//! The add and edit forms: what a volunteer typed (kept as typed, so a refused form comes back filled in), how it
//! becomes `ParticipantFields` and tournament entries, the three-way merge that re-applies a stale edit on top of
//! the current record, and the form's markup (rank picker, tournaments with their rounds, contact fields only for
//! roles that may read them). Pure apart from rendering; reads no state of its own.

use super::late;
use crate::domain::setup::MissedRule;
use crate::domain::{EnterSpec, ParticipantFields, Rank, TournamentId};
use crate::tr;
use crate::web::desk::{slot_in, SLOT};
use crate::web::lang::Lang;
use maud::{html, Markup};
use std::collections::BTreeMap;

/// The text fields of the forms, in order: (form name, the message id of its label).
pub const FIELDS: [(&str, &str); 10] = [
    ("family", "reg-field-family"),
    ("given", "reg-field-given"),
    ("latin_family", "reg-field-latin-family"),
    ("latin_given", "reg-field-latin-given"),
    ("rank", "reg-field-rank"),
    ("club", "reg-field-club"),
    ("city", "reg-field-city"),
    ("country", "reg-field-country"),
    ("email", "reg-field-email"),
    ("phone", "reg-field-phone"),
];

/// Fields a rating list fills in (hidden on the add form: the desk sees them in the list it picked from).
pub const LIST_FIELDS: [&str; 4] = ["rating", "egd_pin", "aga_id", "ffg_licence"];

/// Contact fields: shown and taken only when the role may read private data.
pub fn is_private(name: &str) -> bool {
    matches!(name, "email" | "phone")
}

/// The form's text fields by name (see [`FIELDS`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Values(BTreeMap<&'static str, String>);

impl Values {
    /// The value of field `name` ("" when absent).
    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map_or("", String::as_str)
    }

    /// Sets field `name` (ignores names that are not form fields).
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        if let Some((key, _)) = FIELDS.iter().find(|(k, _)| *k == name) {
            self.0.insert(key, value.into());
        } else if let Some(key) = LIST_FIELDS.iter().find(|k| **k == name) {
            self.0.insert(key, value.into());
        }
    }

    /// A record's fields as the form shows them (contact data left out unless `private`).
    pub fn of(f: &ParticipantFields, private: bool) -> Values {
        let mut v = Values::default();
        v.set("family", &f.family_name);
        v.set("given", &f.given_name);
        v.set("latin_family", &f.latin_family_name);
        v.set("latin_given", &f.latin_given_name);
        v.set("rank", f.rank.to_string());
        v.set("club", &f.club);
        v.set("city", &f.city);
        v.set("country", &f.country);
        if private {
            v.set("email", &f.email);
            v.set("phone", &f.phone);
        }
        v
    }

    /// The fields that differ from `other`.
    pub fn differs(&self, other: &Values, name: &str) -> bool {
        self.get(name).trim() != other.get(name).trim()
    }
}

/// What came back from an add or edit form.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Typed {
    /// The CSRF value sent.
    pub csrf: String,
    /// The form's request id.
    pub request_id: String,
    /// The fields as typed.
    pub values: Values,
    /// Edit: the fields as they were when the form was rendered (`was_…`), to tell the volunteer's changes apart.
    pub was: Values,
    /// Edit: the revision the form was rendered with.
    pub revision: u64,
    /// Add: the tournaments ticked.
    pub enter: Vec<TournamentId>,
    /// Add: the rounds ticked per tournament (`r{t}`).
    pub rounds: BTreeMap<TournamentId, Vec<u32>>,
    /// Add: check in at once.
    pub check_in: bool,
    /// The desk confirmed the record is not a duplicate.
    pub different_person: bool,
}

impl Typed {
    /// Reads the form's pairs (repeated names allowed: `enter`, `r1`, …).
    pub fn parse(pairs: &[(String, String)]) -> Typed {
        let mut t = Typed::default();
        for (key, value) in pairs {
            match key.as_str() {
                "csrf" => t.csrf = value.clone(),
                "request_id" => t.request_id = value.clone(),
                "revision" => t.revision = value.trim().parse().unwrap_or(0),
                "check_in" => t.check_in = value == "yes",
                // The duplicate panel's box or the hidden field of a form confirmed before: any "yes".
                "different_person" => t.different_person |= value == "yes",
                "enter" => {
                    if let Ok(id) = value.trim().parse() {
                        t.enter.push(TournamentId(id));
                    }
                }
                other => {
                    if let Some(name) = other.strip_prefix("was_") {
                        t.was.set(name, value.as_str());
                    } else if let Some(Ok(id)) = other.strip_prefix('r').map(str::parse) {
                        if let Ok(round) = value.trim().parse() {
                            t.rounds.entry(TournamentId(id)).or_default().push(round);
                        }
                    } else {
                        t.values.set(other, value.as_str());
                    }
                }
            }
        }
        t.enter.sort();
        t.enter.dedup();
        for rounds in t.rounds.values_mut() {
            rounds.sort_unstable();
            rounds.dedup();
        }
        t
    }
}

/// The fields a form makes of `base` (the current record, or a blank one): names, rank, club, city, country, and
/// the contact fields only when `private` (otherwise `base`'s are kept). The message says what to fix.
pub fn to_fields(
    l: Lang,
    values: &Values,
    base: &ParticipantFields,
    private: bool,
) -> Result<ParticipantFields, String> {
    let rank_text = values.get("rank").trim();
    if rank_text.is_empty() {
        return Err(l.t("reg-choose-rank"));
    }
    let rank: Rank = rank_text
        .parse()
        .map_err(|e: crate::domain::rank::RankError| crate::web::error::rank_words(l, &e))?;
    let mut f = base.clone();
    f.family_name = values.get("family").to_string();
    f.given_name = values.get("given").to_string();
    f.latin_family_name = values.get("latin_family").to_string();
    f.latin_given_name = values.get("latin_given").to_string();
    f.rank = rank;
    f.club = values.get("club").to_string();
    f.city = values.get("city").to_string();
    f.country = values.get("country").to_string();
    if private {
        f.email = values.get("email").to_string();
        f.phone = values.get("phone").to_string();
    }
    // From a rating list (add form only): kept when given, `base`'s otherwise.
    let rating = values.get("rating").trim();
    if !rating.is_empty() {
        f.rating = Some(
            rating
                .parse()
                .map_err(|_| tr!(l, "reg-rating-not-number", rating = rating))?,
        );
    }
    for (name, slot) in [
        ("egd_pin", &mut f.egd_pin),
        ("aga_id", &mut f.aga_id),
        ("ffg_licence", &mut f.ffg_licence),
    ] {
        let v = values.get(name).trim();
        if !v.is_empty() {
            *slot = v.to_string();
        }
    }
    Ok(f.normalised())
}

/// A new person's fields before the form fills them.
pub fn blank() -> ParticipantFields {
    ParticipantFields {
        family_name: String::new(),
        given_name: String::new(),
        latin_family_name: String::new(),
        latin_given_name: String::new(),
        rank: Rank::FIRST_DAN,
        rating: None,
        club: String::new(),
        city: String::new(),
        country: String::new(),
        egd_pin: String::new(),
        aga_id: String::new(),
        ffg_licence: String::new(),
        email: String::new(),
        phone: String::new(),
        family_group: String::new(),
        local: false,
        fee_cents: 0,
        paid: false,
        notes: String::new(),
        birth_year: None,
    }
}

/// A tournament the add form offers, with what the desk must know about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Which.
    pub id: TournamentId,
    /// Its name.
    pub name: String,
    /// Its number of rounds.
    pub total: u32,
    /// Rounds drawn so far (a player entered now plays only later rounds).
    pub drawn: u32,
    /// Credit for missed rounds.
    pub missed: MissedRule,
}

impl Offer {
    /// Rounds ticked by default: every round not yet drawn.
    pub fn default_rounds(&self) -> Vec<u32> {
        late::playable(self.total, self.drawn, &[])
    }
}

/// The tournaments to enter, with rounds (`None` = every round), from the ticked boxes.
pub fn entries(l: Lang, typed: &Typed, offers: &[Offer]) -> Result<Vec<EnterSpec>, String> {
    let mut specs = Vec::new();
    for t in &typed.enter {
        let offer = offers
            .iter()
            .find(|o| o.id == *t)
            .ok_or_else(|| tr!(l, "reg-entry-closed", tournament = t.0))?;
        let ticked = typed.rounds.get(t).cloned().unwrap_or_default();
        let rounds = late::playable(offer.total, offer.drawn, &ticked);
        if ticked.is_empty() || rounds.is_empty() {
            return Err(tr!(l, "reg-tick-rounds", name = &offer.name));
        }
        let all = rounds.len() as u32 == offer.total;
        specs.push(EnterSpec {
            tournament: *t,
            rounds: (!all).then_some(rounds),
        });
    }
    Ok(specs)
}

/// A stale edit re-applied: the volunteer's changes (`mine` against `was`) on top of `current`.
pub fn merge(mine: &Values, was: &Values, current: &Values) -> Values {
    let mut merged = current.clone();
    for (name, _) in FIELDS {
        if mine.differs(was, name) {
            merged.set(name, mine.get(name));
        }
    }
    merged
}

/// Every rank a player can have, strongest last: 30k … 1k, 1d … 9d, 1p … 9p.
pub fn ranks() -> Vec<Rank> {
    (-30..=17).filter_map(Rank::from_value).collect()
}

/// Which form, where it posts, and what it knows.
pub struct FormView<'a> {
    /// `add` or `edit` (the form's id).
    pub id: &'static str,
    /// Where it posts.
    pub action: String,
    /// The desk's CSRF value.
    pub csrf: &'a str,
    /// The request id to carry.
    pub request_id: String,
    /// Show and take email and phone.
    pub private: bool,
    /// Add: the tournaments offered; edit: none.
    pub offers: &'a [Offer],
    /// Late desk: say what a latecomer plays and is credited.
    pub late: bool,
    /// The submit button's words.
    pub submit: &'a str,
    /// The language of the form.
    pub lang: Lang,
}

/// The add or edit form, filled with `typed`.
pub fn render(view: &FormView, typed: &Typed) -> Markup {
    let edit = view.id == "edit";
    let l = view.lang;
    html! {
        form .slip .participant id=(view.id) method="post" action=(view.action) {
            input type="hidden" name="csrf" value=(view.csrf);
            input type="hidden" name="request_id" value=(view.request_id);
            @if edit {
                input type="hidden" name="revision" value=(typed.revision);
                @for (name, _) in FIELDS {
                    @if view.private || !is_private(name) {
                        input type="hidden" name=(format!("was_{name}")) value=(typed.was.get(name));
                    }
                }
            }
            @for (name, label) in FIELDS {
                @if name == "latin_family" { (latin_name(l, &typed.values)) }
                @else if name == "latin_given" {}
                @else if view.private || !is_private(name) { (field(l, name, &l.t(label), typed.values.get(name))) }
            }
            @if !edit {
                @for name in LIST_FIELDS {
                    @if !typed.values.get(name).is_empty() {
                        input type="hidden" name=(name) value=(typed.values.get(name));
                    }
                }
            }
            @if !edit { (tournaments(view, typed)) }
            // A different person once confirmed stays confirmed when the form comes back for another reason.
            @if typed.different_person { input type="hidden" name="different_person" value="yes"; }
            // The form's only submit button: Enter always means the ordinary save (see `refusal::duplicate_panel`).
            button .big .primary type="submit" { (view.submit) }
        }
    }
}

fn field(l: Lang, name: &'static str, label: &str, value: &str) -> Markup {
    match name {
        "rank" => html! {
            label { (label)
                select name="rank" required {
                    option value="" { (l.t("reg-choose")) }
                    @for r in ranks() {
                        @let text = r.to_string();
                        option value=(text) selected[text == value] {
                            (text) @if r.value() > 8 { " " (l.t("reg-pro")) }
                        }
                    }
                }
            }
        },
        "family" => {
            html! { label { (label) input name="family" value=(value) required autofocus autocomplete="off"; } }
        }
        "given" => {
            html! { label { (label) input name="given" value=(value) required autocomplete="off"; } }
        }
        "country" => html! {
            label { (label) " " (l.t("reg-country-hint"))
                input name="country" value=(value) maxlength="2" size="3" autocomplete="off"
                    pattern="[A-Za-z]{2}" style="text-transform:uppercase"; }
        },
        "email" => {
            html! { label { (label) input name="email" type="email" value=(value) autocomplete="off"; } }
        }
        "phone" => {
            html! { label { (label) input name="phone" type="tel" value=(value) autocomplete="off"; } }
        }
        _ => html! { label { (label) input name=(name) value=(value) autocomplete="off"; } },
    }
}

/// The name in Latin letters, under the name: both parts in one group with its one-line hint. Shown for every
/// player; the hint says when it is needed (`domain::name::for_files` decides).
fn latin_name(l: Lang, values: &Values) -> Markup {
    html! {
        fieldset .latin-name #latin-name {
            legend { (l.t("reg-latin-legend")) }
            p .note #latin-hint { (slot_in(&tr!(l, "reg-latin-hint", example = SLOT),
                html! { span .example { "山田 太郎 → Yamada Taro" } })) }
            label { (l.t("reg-field-family"))
                input name="latin_family" value=(values.get("latin_family")) autocomplete="off"
                    aria-describedby="latin-hint"; }
            label { (l.t("reg-field-given"))
                input name="latin_given" value=(values.get("latin_given")) autocomplete="off"
                    aria-describedby="latin-hint"; }
        }
    }
}

fn tournaments(view: &FormView, typed: &Typed) -> Markup {
    let l = view.lang;
    html! {
        @for o in view.offers {
            @let ticked = typed.rounds.get(&o.id).cloned().unwrap_or_else(|| o.default_rounds());
            fieldset .tournament data-t=(o.id.0) {
                legend {
                    label { input type="checkbox" name="enter" value=(o.id.0) checked[typed.enter.contains(&o.id)];
                        " " (slot_in(&tr!(l, "reg-enter", name = SLOT), html! { strong { (o.name) } })) }
                }
                div .rounds { (l.t("reg-rounds-label")) " "
                    @for r in 1..=o.total {
                        @let drawn = r <= o.drawn;
                        label .round {
                            input type="checkbox" name=(format!("r{}", o.id.0)) value=(r)
                                checked[!drawn && ticked.contains(&r)] disabled[drawn];
                            " " (r) @if drawn { " " (l.t("reg-drawn")) }
                        } " "
                    }
                }
                @if view.late || o.drawn > 0 {
                    p .note .late-terms { (tr!(l, "reg-entered-now",
                        terms = late::terms(l, o.total, o.drawn, &[], o.missed))) }
                }
            }
        }
        label .check-in { input type="checkbox" name="check_in" value="yes" checked[typed.check_in];
            " " (l.t("reg-check-in-now")) }
    }
}

#[cfg(test)]
mod tests {
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
            "choose the player's rank"
        );
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
}
