//! The add and edit forms: what a volunteer typed (kept as typed, so a refused form comes back filled in), how it
//! becomes `ParticipantFields` and tournament entries, the three-way merge that re-applies a stale edit on top of
//! the current record, and the form's markup (rank picker, tournaments with their rounds, contact fields and the
//! year of birth only for roles that may read them, the field a refusal named marked red and focused). Pure apart
//! from rendering; reads no state of its own.

use super::late;
use crate::domain::error::FieldProblem;
use crate::domain::setup::MissedRule;
use crate::domain::{EnterSpec, ParticipantFields, Rank, TournamentId};
use crate::tr;
use crate::web::desk::{slot_in, SLOT};
use crate::web::lang::Lang;
use maud::{html, Markup};
use std::collections::BTreeMap;

/// The text fields of the forms, in order: (form name, the message id of its label).
pub const FIELDS: [(&str, &str); 17] = [
    ("family", "reg-field-family"),
    ("given", "reg-field-given"),
    ("latin_family", "reg-field-latin-family"),
    ("latin_given", "reg-field-latin-given"),
    ("rank", "reg-field-rank"),
    ("club", "reg-field-club"),
    ("city", "reg-field-city"),
    ("country", "reg-field-country"),
    ("team", "reg-field-team"),
    ("board", "reg-field-board"),
    ("email", "reg-field-email"),
    ("phone", "reg-field-phone"),
    ("birth_year", "reg-field-born"),
    ("member", "reg-field-member"),
    ("concession", "reg-field-concession"),
    ("fee", "reg-field-fee"),
    ("fee_reason", "reg-field-fee-reason"),
];

/// Fields a rating list fills in (hidden on the add form: the desk sees them in the list it picked from).
pub const LIST_FIELDS: [&str; 4] = ["rating", "egd_pin", "aga_id", "ffg_licence"];

/// Contact fields, the year of birth and the fee's fields: shown and taken only when the role may read private
/// data.
pub fn is_private(name: &str) -> bool {
    matches!(
        name,
        "email" | "phone" | "birth_year" | "member" | "concession" | "fee" | "fee_reason"
    )
}

/// The form field that holds a register field a refusal names (`family_name` is typed in `family`), if the forms
/// have one.
pub fn form_field(register_field: &str) -> Option<&'static str> {
    Some(match register_field {
        "family_name" => "family",
        "given_name" => "given",
        "latin_family_name" => "latin_family",
        "latin_given_name" => "latin_given",
        "fee_override" => "fee",
        other => FIELDS
            .iter()
            .map(|(name, _)| *name)
            .find(|name| *name == other)?,
    })
}

/// What is wrong with a form before it is sent: the words, and the form field to blame when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The form field to mark and focus.
    pub field: Option<&'static str>,
    /// What to do, in the page's language.
    pub message: String,
}

impl From<String> for Problem {
    fn from(message: String) -> Problem {
        Problem {
            field: None,
            message,
        }
    }
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
        v.set("team", &f.team);
        v.set(
            "board",
            f.team_board.map(|b| b.to_string()).unwrap_or_default(),
        );
        if private {
            v.set("email", &f.email);
            v.set("phone", &f.phone);
            v.set(
                "birth_year",
                f.birth_year.map(|y| y.to_string()).unwrap_or_default(),
            );
            v.set("member", if f.member { "yes" } else { "" });
            v.set(
                "concession",
                f.concession.map_or("", |c| c.as_str()).to_string(),
            );
            if let Some(o) = &f.fee_override {
                v.set("fee", tengen_text::read::amount_text(o.cents));
                v.set("fee_reason", &o.reason);
            }
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
    /// The form field a refusal named, marked red and focused (not read from the form: the page sets it).
    pub bad: Option<&'static str>,
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
/// the contact fields and the year of birth only when `private` (otherwise `base`'s are kept). The problem says
/// what to fix; whether a year is a year of birth is the register's rule (`validate::birth_year`), a text that
/// is no number at all is refused here in the same words.
pub fn to_fields(
    l: Lang,
    values: &Values,
    base: &ParticipantFields,
    private: bool,
) -> Result<ParticipantFields, Problem> {
    let blame = |field: &'static str| {
        move |message: String| Problem {
            field: Some(field),
            message,
        }
    };
    let rank_text = values.get("rank").trim();
    if rank_text.is_empty() {
        return Err(blame("rank")(l.t("reg-choose-rank")));
    }
    let rank: Rank = rank_text
        .parse()
        .map_err(|e: crate::domain::rank::RankError| crate::web::error::rank_words(l, &e))
        .map_err(blame("rank"))?;
    let mut f = base.clone();
    f.family_name = values.get("family").to_string();
    f.given_name = values.get("given").to_string();
    f.latin_family_name = values.get("latin_family").to_string();
    f.latin_given_name = values.get("latin_given").to_string();
    f.rank = rank;
    f.club = values.get("club").to_string();
    f.city = values.get("city").to_string();
    f.country = values.get("country").to_string();
    f.team = values.get("team").to_string();
    let board = values.get("board").trim();
    f.team_board = if board.is_empty() {
        None
    } else {
        match board.parse::<u32>() {
            Ok(0) => None,
            Ok(b) if b <= 200 => Some(b),
            _ => {
                // Said back cut short: a pasted page must not come back whole.
                let shown: String = board.chars().take(12).collect();
                return Err(blame("board")(tr!(
                    l,
                    "reg-board-not-number",
                    board = shown
                )));
            }
        }
    };
    // A board the desk left as it was belongs to the team it came with.
    let moved = crate::domain::teams::key(&f.team) != crate::domain::teams::key(&base.team);
    if moved && f.team_board == base.team_board {
        f.team_board = None;
    }
    if private {
        f.email = values.get("email").to_string();
        f.phone = values.get("phone").to_string();
        let born = values.get("birth_year").trim();
        f.birth_year = if born.is_empty() {
            None
        } else {
            Some(born.parse().map_err(|_| {
                blame("birth_year")(crate::web::error::field_words(
                    l,
                    "birth_year",
                    &FieldProblem::NotBirthYear(born.to_string()),
                ))
            })?)
        };
        f.member = values.get("member") == "yes";
        f.concession = crate::domain::Concession::parse(values.get("concession"));
        let fee = values.get("fee").trim();
        f.fee_override = if fee.is_empty() {
            None
        } else {
            let cents = tengen_text::read::amount(fee).map_err(|e| {
                blame("fee")(tr!(l, "reg-fee-not-amount", fee = fee, why = e.to_string()))
            })?;
            Some(crate::domain::FeeOverride {
                cents,
                reason: values.get("fee_reason").trim().to_string(),
            })
        };
    }
    // From a rating list (add form only): kept when given, `base`'s otherwise.
    let rating = values.get("rating").trim();
    if !rating.is_empty() {
        f.rating = Some(
            rating
                .parse()
                .map_err(|_| Problem::from(tr!(l, "reg-rating-not-number", rating = rating)))?,
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
        team: String::new(),
        team_board: None,
        local: false,
        fee_cents: 0,
        paid: false,
        notes: String::new(),
        birth_year: None,
        member: false,
        concession: None,
        fee_override: None,
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
    /// Show and take email, phone and the year of birth.
    pub private: bool,
    /// Add: the tournaments offered; edit: none.
    pub offers: &'a [Offer],
    /// Late desk: say what a latecomer plays and is credited.
    pub late: bool,
    /// The submit button's words.
    pub submit: &'a str,
    /// The language of the form.
    pub lang: Lang,
    /// The teams already in the register, offered as the team field's suggestions so two desks spell a team alike.
    pub teams: &'a [String],
    /// Some tournament is a team tournament: the board field is shown (else carried hidden, as it was).
    pub boards: bool,
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
                @if name == "latin_family" { (latin_name(l, typed)) }
                @else if name == "latin_given" {}
                @else if name == "board" && !view.boards {
                    input type="hidden" name="board" value=(typed.values.get(name));
                }
                @else if view.private || !is_private(name) {
                    (field(l, name, &l.t(label), typed.values.get(name), Focus::of(typed, name)))
                }
            }
            datalist #teams { @for t in view.teams { option value=(t) {} } }
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

/// Where the cursor starts: the field a refusal named (marked red), else the family name.
#[derive(Clone, Copy)]
struct Focus {
    /// The refusal named this field.
    bad: bool,
    /// The cursor starts here.
    first: bool,
}

impl Focus {
    fn of(typed: &Typed, name: &str) -> Focus {
        Focus {
            bad: typed.bad == Some(name),
            first: typed.bad.unwrap_or("family") == name,
        }
    }

    fn invalid(self) -> Option<&'static str> {
        self.bad.then_some("true")
    }
}

fn field(l: Lang, name: &'static str, label: &str, value: &str, focus: Focus) -> Markup {
    let (invalid, first) = (focus.invalid(), focus.first);
    match name {
        "rank" => html! {
            label { (label)
                select name="rank" required aria-invalid=[invalid] autofocus[first] {
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
        "family" | "given" => html! {
            label { (label) input name=(name) value=(value) required autocomplete="off"
                aria-invalid=[invalid] autofocus[first]; }
        },
        "country" => html! {
            label { (label) " " (l.t("reg-country-hint"))
                input name="country" value=(value) maxlength="2" size="3" autocomplete="off"
                    pattern="[A-Za-z]{2}" style="text-transform:uppercase" aria-invalid=[invalid] autofocus[first]; }
        },
        "team" => html! {
            label { (label) " " span .note { (l.t("reg-team-hint")) }
                input name="team" value=(value) list="teams" autocomplete="off"
                    aria-invalid=[invalid] autofocus[first]; }
        },
        "board" => html! {
            label { (label) " " span .note { (l.t("reg-board-hint")) }
                input name="board" type="number" min="1" max="10" inputmode="numeric" value=(value)
                    autocomplete="off" aria-invalid=[invalid] autofocus[first]; }
        },
        "email" => html! {
            label { (label) input name="email" type="email" value=(value) autocomplete="off"
                aria-invalid=[invalid] autofocus[first]; }
        },
        "phone" => html! {
            label { (label) input name="phone" type="tel" value=(value) autocomplete="off"
                aria-invalid=[invalid] autofocus[first]; }
        },
        "member" => html! {
            label .check { input type="checkbox" name="member" value="yes" checked[value == "yes"]
                aria-invalid=[invalid] autofocus[first]; " " (label) }
        },
        "concession" => html! {
            label { (label)
                select name="concession" aria-invalid=[invalid] autofocus[first] {
                    option value="" { (l.t("reg-concession-none")) }
                    @for c in crate::domain::Concession::ALL {
                        option value=(c.as_str()) selected[c.as_str() == value] {
                            (tr!(l, "fee-part-concession", concession = c.as_str()))
                        }
                    }
                }
            }
        },
        "fee" => html! {
            label { (label) " " span .note { (l.t("reg-fee-hint")) }
                input name="fee" inputmode="decimal" value=(value) size="8" autocomplete="off"
                    aria-invalid=[invalid] autofocus[first]; }
        },
        // Kept as typed when refused: cleared, a second Enter would save the player without it.
        "birth_year" => html! {
            label { (label)
                input name="birth_year" inputmode="numeric" value=(value) size="6" autocomplete="off"
                    aria-invalid=[invalid] autofocus[first]; }
        },
        _ => html! {
            label { (label) input name=(name) value=(value) autocomplete="off"
                aria-invalid=[invalid] autofocus[first]; }
        },
    }
}

/// The name in Latin letters, under the name: both parts in one group with its one-line hint. Shown for every
/// player; the hint says when it is needed (`domain::name::for_files` decides).
fn latin_name(l: Lang, typed: &Typed) -> Markup {
    let values = &typed.values;
    let (family, given) = (
        Focus::of(typed, "latin_family"),
        Focus::of(typed, "latin_given"),
    );
    html! {
        fieldset .latin-name #latin-name {
            legend { (l.t("reg-latin-legend")) }
            p .note #latin-hint { (slot_in(&tr!(l, "reg-latin-hint", example = SLOT),
                html! { span .example { "山田 太郎 → Yamada Taro" } })) }
            label { (l.t("reg-field-family"))
                input name="latin_family" value=(values.get("latin_family")) autocomplete="off"
                    aria-describedby="latin-hint" aria-invalid=[family.invalid()] autofocus[family.first]; }
            label { (l.t("reg-field-given"))
                input name="latin_given" value=(values.get("latin_given")) autocomplete="off"
                    aria-describedby="latin-hint" aria-invalid=[given.invalid()] autofocus[given.first]; }
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
mod tests;
