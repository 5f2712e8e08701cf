//! The director's draw choices: geographic switches that may be left to the profile, seeding, where floats come
//! from, the never-pair list; what they come to under each profile (`egf`: OpenGotha's parameters, `mays`: the
//! manual's) and the checks a profile cannot honour. Plain data and pure functions; must not touch the state or
//! the log.

use super::{DrawProfile, DrawSettings, PairingSystem};
use crate::domain::error::Rejected;
use serde::{Deserialize, Serialize};
use tengen_draw::model as draw;

/// A switch the director may set, or leave to the draw profile's default.
///
/// Stored as `"default"`, `"on"` or `"off"`. Logs written before these switches had defaults hold a plain bool:
/// `true` was then the value of every tournament that did not turn the switch off, with the same effect as the
/// profile's default today, so it reads as [`Switch::Default`]; `false` reads as [`Switch::Off`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Switch {
    /// The profile's default.
    #[default]
    Default,
    /// On, whatever the profile.
    On,
    /// Off, whatever the profile.
    Off,
}

impl Switch {
    /// The switch as set, or `default` when left to the profile.
    pub fn resolve(self, default: bool) -> bool {
        match self {
            Switch::Default => default,
            Switch::On => true,
            Switch::Off => false,
        }
    }

    /// From the wire: absent = the profile's default.
    pub fn from_option(value: Option<bool>) -> Switch {
        match value {
            None => Switch::Default,
            Some(true) => Switch::On,
            Some(false) => Switch::Off,
        }
    }

    /// For the wire: `None` = the profile's default.
    pub fn to_option(self) -> Option<bool> {
        match self {
            Switch::Default => None,
            Switch::On => Some(true),
            Switch::Off => Some(false),
        }
    }

    /// The stored and form name: `default`, `on` or `off`.
    pub fn as_str(self) -> &'static str {
        match self {
            Switch::Default => "default",
            Switch::On => "on",
            Switch::Off => "off",
        }
    }
}

impl Serialize for Switch {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Switch {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Switch, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Stored {
            Legacy(bool),
            Named(String),
        }
        match Stored::deserialize(deserializer)? {
            Stored::Legacy(true) => Ok(Switch::Default),
            Stored::Legacy(false) => Ok(Switch::Off),
            Stored::Named(name) => match name.as_str() {
                "default" => Ok(Switch::Default),
                "on" => Ok(Switch::On),
                "off" => Ok(Switch::Off),
                other => Err(serde::de::Error::custom(format!(
                    "{other:?} is not a switch (default, on, off)"
                ))),
            },
        }
    }
}

/// How players are paired inside a score group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seeding {
    /// Top half against bottom half, first against last.
    Fold,
    /// Top half against bottom half in order (1–5, 2–6, …).
    Slip,
    /// Top half against a random member of the bottom half (the seed is in the log).
    Random,
    /// Neighbours by player number (1–2, 3–4, …); `mays` profile only (OpenGotha has no such system).
    Adjacent,
}

impl Seeding {
    /// The wire/CLI name.
    pub fn as_str(self) -> &'static str {
        match self {
            Seeding::Fold => "fold",
            Seeding::Slip => "slip",
            Seeding::Random => "random",
            Seeding::Adjacent => "adjacent",
        }
    }

    /// Parses a wire/CLI name.
    pub fn parse(s: &str) -> Option<Seeding> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "fold" | "split-and-fold" => Seeding::Fold,
            "slip" | "split-and-slip" => Seeding::Slip,
            "random" | "split-and-random" => Seeding::Random,
            "adjacent" => Seeding::Adjacent,
            _ => return None,
        })
    }
}

/// Where in a score group the player paired up or down into another group comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FloatFrom {
    /// The strongest of the group.
    Top,
    /// The middle of the group.
    Middle,
    /// The weakest of the group.
    Bottom,
}

impl FloatFrom {
    /// The wire/CLI name.
    pub fn as_str(self) -> &'static str {
        match self {
            FloatFrom::Top => "top",
            FloatFrom::Middle => "middle",
            FloatFrom::Bottom => "bottom",
        }
    }

    /// Parses a wire/CLI name.
    pub fn parse(s: &str) -> Option<FloatFrom> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "top" => FloatFrom::Top,
            "middle" | "mid" => FloatFrom::Middle,
            "bottom" | "bot" => FloatFrom::Bottom,
            _ => return None,
        })
    }

    fn to_draw(self) -> tengen_draw::egf::DuddMode {
        match self {
            FloatFrom::Top => tengen_draw::egf::DuddMode::Top,
            FloatFrom::Middle => tengen_draw::egf::DuddMode::Mid,
            FloatFrom::Bottom => tengen_draw::egf::DuddMode::Bot,
        }
    }
}

/// What the geographic switches come to under a profile and system: (club, city, country).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geography {
    /// Avoid the same club.
    pub club: bool,
    /// Avoid the same city.
    pub city: bool,
    /// Avoid the same country.
    pub country: bool,
}

impl DrawSettings {
    /// The switches as the draw applies them. OpenGotha's Swiss preset has no geographical criterion, so under
    /// `egf` a Swiss tournament avoids nothing (`validate` refuses a switch turned on there).
    pub fn geography(&self, system: PairingSystem) -> Geography {
        let mays = self.profile == DrawProfile::Mays;
        if (!mays && system == PairingSystem::Swiss) || system.own_rule() {
            return Geography {
                club: false,
                city: false,
                country: false,
            };
        }
        Geography {
            club: self.avoid_same_club.resolve(true),
            city: self.avoid_same_city.resolve(mays),
            country: self.avoid_same_country.resolve(!mays),
        }
    }
}

/// The draw's choices that depend on the profile, and the never-pair list.
pub(super) fn validate_draw_choices(
    system: PairingSystem,
    d: &DrawSettings,
) -> Result<(), Rejected> {
    let egf = d.profile == DrawProfile::Egf;
    if system.own_rule() {
        return own_rule_choices(system, d);
    }
    if egf && d.seeding == Some(Seeding::Adjacent) {
        return Err(Rejected::invalid(
            "seeding",
            "the egf profile seeds as OpenGotha does: fold, slip or random (adjacent needs --profile mays)",
        ));
    }
    let switched_on = [
        ("avoid-club", d.avoid_same_club),
        ("avoid-city", d.avoid_same_city),
        ("avoid-country", d.avoid_same_country),
    ]
    .into_iter()
    .find(|(_, s)| *s == Switch::On);
    if let (true, PairingSystem::Swiss, Some((flag, _))) = (egf, system, switched_on) {
        return Err(Rejected::invalid(
            "geography",
            format!(
                "--{flag}: OpenGotha's Swiss pairing (the egf profile) weighs no club, city or country; \
                 use --profile mays to keep players of one place apart"
            ),
        ));
    }
    if d.never_pair.len() > 500 {
        return Err(Rejected::invalid(
            "never_pair",
            "at most 500 pairs of players may be kept apart",
        ));
    }
    if let Some((a, b)) = d
        .never_pair
        .iter()
        .find(|(a, b)| *a == 0 || *b == 0 || a == b)
    {
        return Err(Rejected::invalid(
            "never_pair",
            format!("{a}-{b} is not a pair of two player numbers (numbers start at 1)"),
        ));
    }
    Ok(())
}

/// A system with its own pairing rule (the round robin's schedule, the generalised knockout's sequences) has no
/// score groups to seed, float between or keep places apart in, and no choice of opponent to forbid: each such
/// choice is refused by name rather than silently ignored.
fn own_rule_choices(system: PairingSystem, d: &DrawSettings) -> Result<(), Rejected> {
    let rule = match system {
        PairingSystem::RoundRobin => "follows its schedule (Berger tables)",
        PairingSystem::Knockout => "follows its bracket",
        _ => "pairs equal sequences of results",
    };
    let refuse = |field: &'static str, flag: &str| {
        Err(Rejected::invalid(
            field,
            format!(
                "{flag}: a {} {rule}, so there is no draw choice to make",
                system.as_str().replace('-', " ")
            ),
        ))
    };
    if d.seeding.is_some() {
        return refuse("seeding", "--seeding");
    }
    if d.draw_down.is_some() || d.draw_up.is_some() {
        return refuse("floats", "--draw-down/--draw-up");
    }
    for (flag, s) in [
        ("--avoid-club", d.avoid_same_club),
        ("--avoid-city", d.avoid_same_city),
        ("--avoid-country", d.avoid_same_country),
    ] {
        if s == Switch::On {
            return refuse("geography", flag);
        }
    }
    if !d.never_pair.is_empty() {
        return refuse("never_pair", "--never-pair");
    }
    Ok(())
}

/// The director's geography, seeding, float and never-pair choices in the draw's terms. Under `mays` they set
/// the profile's own parameters; under `egf` OpenGotha's: the club and country factors of its geographical
/// criterion (0 = not avoided), cities as club groups, both seeding systems, and the DUDD modes. A choice left to
/// the profile leaves OpenGotha's preset exactly as it is.
pub(super) fn apply_draw_choices(s: &mut draw::Settings, system: PairingSystem, d: &DrawSettings) {
    let geo = d.geography(system);
    s.never_pair = d.never_pair.clone();
    match d.profile {
        DrawProfile::Mays => {
            s.mays.avoid_club = geo.club;
            s.mays.avoid_city = geo.city;
            s.mays.avoid_country = geo.country;
            if let Some(seeding) = d.seeding {
                s.mays.seeding = match seeding {
                    Seeding::Fold => draw::Seeding::SplitAndFold,
                    Seeding::Slip => draw::Seeding::SplitAndSlip,
                    Seeding::Random => draw::Seeding::SplitAndRandom,
                    Seeding::Adjacent => draw::Seeding::Adjacent,
                };
            }
            if let Some(from) = d.draw_down {
                s.mays.draw_down_from = from.to_draw();
            }
            if let Some(from) = d.draw_up {
                s.mays.draw_up_from = from.to_draw();
            }
        }
        DrawProfile::Egf => {
            let p = &mut s.egf;
            if !geo.club {
                p.se_prefer_mms_diff_rather_than_same_club = 0;
                p.se_prefer_mms_diff_rather_than_same_clubs_group = 0;
            }
            if !geo.country {
                p.se_prefer_mms_diff_rather_than_same_country = 0;
            }
            p.cities_as_club_groups = geo.city;
            let system = match d.seeding {
                Some(Seeding::Fold) => Some(tengen_draw::egf::SeedSystem::SplitAndFold),
                Some(Seeding::Slip) => Some(tengen_draw::egf::SeedSystem::SplitAndSlip),
                Some(Seeding::Random) => Some(tengen_draw::egf::SeedSystem::SplitAndRandom),
                Some(Seeding::Adjacent) | None => None,
            };
            if let Some(system) = system {
                p.seed_system1 = system;
                p.seed_system2 = system;
            }
            if let Some(from) = d.draw_down {
                p.dudd_upper_mode = from.to_draw();
            }
            if let Some(from) = d.draw_up {
                p.dudd_lower_mode = from.to_draw();
            }
        }
    }
}
