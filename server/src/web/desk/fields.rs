//! The labelled fields of the director's long forms (the event's details, a tournament's settings): each field
//! with its label, the value as typed, one line saying what it does and its default, the field a refusal named
//! marked red, and, when the form went stale, what is saved now beside each field that differs. Also the form's
//! values as sent, read by name. Pure markup and plain data; the forms say which fields they have.

use crate::web::lang::Lang;
use maud::{html, Markup};
use std::collections::BTreeMap;

/// A form's values by field name, as text: what the director typed, or a record written out for the form.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Values(BTreeMap<String, String>);

impl Values {
    /// The values of a sent form (the first of a repeated name).
    pub fn from_pairs(pairs: Vec<(String, String)>) -> Values {
        let mut map = BTreeMap::new();
        for (name, value) in pairs {
            map.entry(name).or_insert(value);
        }
        Values(map)
    }

    /// The value of `name` (empty when the form did not send it).
    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map_or("", String::as_str)
    }

    /// Did the form send `name` (a ticked box, a button pressed)?
    pub fn has(&self, name: &str) -> bool {
        self.0.contains_key(name)
    }

    /// Sets `name` to `value`.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        self.0.insert(name.to_string(), value.into());
    }

    /// A ticked box: `on` when ticked, nothing otherwise (as a browser sends it).
    pub fn set_box(&mut self, name: &str, ticked: bool) {
        if ticked {
            self.set(name, "on");
        } else {
            self.0.remove(name);
        }
    }

    /// Is the box `name` ticked?
    pub fn ticked(&self, name: &str) -> bool {
        !self.get(name).is_empty()
    }
}

/// How a form is shown: the values in its fields, what is saved now when it went stale, and the field a refusal
/// named.
pub struct Shown<'a> {
    /// The values in the fields.
    pub typed: &'a Values,
    /// What is saved now, when someone else saved meanwhile: shown beside each field that differs.
    pub saved: Option<&'a Values>,
    /// The field the refusal named, marked red and focused.
    pub bad: Option<&'a str>,
    /// The page's language (the "saved meanwhile" and "cannot change" words).
    pub lang: Lang,
}

impl Shown<'_> {
    /// The field's wrapper class: marked when the refusal named it.
    fn class(&self, name: &str) -> &'static str {
        if self.bad == Some(name) {
            "field bad"
        } else {
            "field"
        }
    }

    /// "Saved meanwhile: …" when what is saved differs from what is in the field.
    fn meanwhile(&self, name: &str, shown: impl Fn(&str) -> String) -> Markup {
        let typed = self.typed.get(name);
        html! {
            @if let Some(saved) = self.saved.map(|s| s.get(name)).filter(|s| s.trim() != typed.trim()) {
                span .now { (self.lang.t("fields-saved-meanwhile")) " " strong { (shown(saved)) } }
            }
        }
    }

    /// A text box: `kind` is the input type (`text`, `number`, `date`), `extra` its size limit and hints.
    pub fn text(&self, name: &str, label: &str, kind: &str, extra: Attrs, note: &str) -> Markup {
        let bad = self.bad == Some(name);
        html! {
            p class=(self.class(name)) {
                label for=(name) { (label) }
                input id=(name) name=(name) type=(kind) value=(self.typed.get(name))
                    maxlength=[extra.maxlength] min=[extra.min] max=[extra.max]
                    inputmode=[extra.inputmode]
                    required[extra.required] aria-invalid=[bad.then_some("true")] autofocus[bad];
                span .note { (note) }
                (self.meanwhile(name, |s| if s.is_empty() { self.lang.t("fields-empty") } else { s.to_string() }))
            }
        }
    }

    /// A select of `(value, label)` choices.
    pub fn select(&self, name: &str, label: &str, choices: &[(&str, &str)], note: &str) -> Markup {
        let typed = self.typed.get(name);
        let bad = self.bad == Some(name);
        let label_of = |value: &str| {
            choices
                .iter()
                .find(|(v, _)| *v == value)
                .map_or(value.to_string(), |(_, l)| (*l).to_string())
        };
        html! {
            p class=(self.class(name)) {
                label for=(name) { (label) }
                select id=(name) name=(name) aria-invalid=[bad.then_some("true")] autofocus[bad] {
                    @for (value, text) in choices {
                        option value=(value) selected[*value == typed] { (text) }
                    }
                }
                span .note { (note) }
                (self.meanwhile(name, label_of))
            }
        }
    }

    /// A box to tick, its label beside it.
    pub fn check(&self, name: &str, label: &str, note: &str) -> Markup {
        let on_off = |v: &str| {
            self.lang.t(if v.is_empty() {
                "settings-off"
            } else {
                "settings-on"
            })
        };
        html! {
            p class=(self.class(name)) {
                label .check for=(name) {
                    input id=(name) name=(name) type="checkbox" checked[self.typed.ticked(name)];
                    " " (label)
                }
                span .note { (note) }
                @if let Some(saved) = self.saved.filter(|s| s.ticked(name) != self.typed.ticked(name)) {
                    span .now { (self.lang.t("fields-saved-meanwhile")) " " strong { (on_off(saved.get(name))) } }
                }
            }
        }
    }

    /// A setting that can no longer change: its value as text, kept in the form, and why it is fixed.
    pub fn fixed(&self, name: &str, label: &str, value: &str, shown: &str, reason: &str) -> Markup {
        html! {
            p class=(self.class(name)) {
                span .label { (label) }
                span .fixed id=(name) { (shown) }
                input type="hidden" name=(name) value=(value);
                span .note { (crate::tr!(self.lang, "fields-fixed", reason = reason)) }
            }
        }
    }
}

/// A text box's limits and hints.
#[derive(Debug, Clone, Copy, Default)]
pub struct Attrs {
    /// The longest value.
    pub maxlength: Option<usize>,
    /// The smallest number.
    pub min: Option<i64>,
    /// The largest number.
    pub max: Option<i64>,
    /// The keyboard a phone shows (`decimal`, `numeric`).
    pub inputmode: Option<&'static str>,
    /// The browser refuses to send it empty.
    pub required: bool,
}

impl Attrs {
    /// Free text up to `n` characters.
    pub fn text(n: usize) -> Attrs {
        Attrs {
            maxlength: Some(n),
            ..Attrs::default()
        }
    }

    /// A whole number from `min` to `max`.
    pub fn number(min: i64, max: i64) -> Attrs {
        Attrs {
            min: Some(min),
            max: Some(max),
            inputmode: Some("numeric"),
            ..Attrs::default()
        }
    }

    /// Must not be empty.
    pub fn required(self) -> Attrs {
        Attrs {
            required: true,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_of_a_repeated_name_counts_and_boxes_read_as_ticked() {
        let v = Values::from_pairs(vec![
            ("komi".into(), "7".into()),
            ("komi".into(), "8".into()),
            ("double_entry".into(), "on".into()),
        ]);
        assert_eq!(v.get("komi"), "7");
        assert_eq!(v.get("absent"), "");
        assert!(v.ticked("double_entry") && !v.ticked("even_at_bar"));
        let mut v = v;
        v.set_box("double_entry", false);
        assert!(!v.has("double_entry"));
    }

    #[test]
    fn a_stale_form_shows_what_is_saved_beside_each_field_that_differs() {
        let mut typed = Values::default();
        typed.set("komi", "6.5");
        typed.set("name", "Main");
        let mut saved = typed.clone();
        saved.set("komi", "7");
        let shown = Shown {
            typed: &typed,
            saved: Some(&saved),
            bad: None,
            lang: Lang::En,
        };
        let komi = shown
            .text("komi", "Komi", "text", Attrs::default(), "")
            .into_string();
        assert!(
            komi.contains("Saved meanwhile: <strong>7</strong>"),
            "{komi}"
        );
        assert!(komi.contains("value=\"6.5\""), "{komi}");
        let name = shown
            .text("name", "Name", "text", Attrs::default(), "")
            .into_string();
        assert!(!name.contains("Saved meanwhile"), "{name}");
    }
}
