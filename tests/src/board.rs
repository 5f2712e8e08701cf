//! The public web board as a test reads it: a congress made through the gRPC API as the director (accented, CJK
//! and markup names; an email, a phone, a fee and a private note on every player) on a server with the public
//! port, and helpers to read its pages: CSS selection, text, names, and a crawl of every link from `/`.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::net::{IpAddr, Ipv4Addr};

use anyhow::ensure;
use scraper::{ElementRef, Html, Selector};

use crate::web::{Reply, WebClient};
use crate::{enter, meta, pb, PlayDesk, Venue};

// ---------------------------------------------------------------------------------------------------------------
// The congress

/// The event's name (accents, CJK).
pub const EVENT_NAME: &str = "Congrès de Montréal · 囲碁大会 2025";
/// The main tournament, which is played.
pub const MAIN: &str = "Open de Québec";
/// A second tournament, never drawn.
pub const SIDE: &str = "Rapide 速碁";
/// The markup in a family name, to be shown as text and never run.
pub const MARKUP: &str = "<script>alert(1)</script>";

/// One player: family, given, rank, club, country, checked in.
pub type Person = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    bool,
);

/// Twelve players; eleven check in (an odd field: one bye), Kim Minjun does not.
pub const FIELD: [Person; 12] = [
    ("Côté", "Anne", "3d", "Montréal", "CA", true),
    ("Ōta", "太郎", "2d", "東京棋院", "JP", true),
    ("山田", "花子", "1d", "大阪", "JP", true),
    (
        "Drop<script>alert(1)</script>",
        "Mallory",
        "1k",
        "<b>Club</b>",
        "GB",
        true,
    ),
    ("Müller", "Jürgen", "2k", "Köln", "DE", true),
    ("Núñez", "José", "3k", "Sevilla", "ES", true),
    ("Øvergård", "Åse", "4k", "Tromsø", "NO", true),
    ("Kowalski", "Łukasz", "5k", "Kraków", "PL", true),
    ("Nguyễn", "Thị Hồng", "6k", "Hà Nội", "VN", true),
    ("O'Brien", "Siobhán", "8k", "Cork & Kerry", "IE", true),
    ("Dubois-Lefèvre", "Zoé", "10k", "Lyon", "FR", true),
    ("김", "민준", "12k", "서울", "KR", false),
];

/// Player `i`'s email (private).
pub fn email(i: usize) -> String {
    format!("player{i}@example.test")
}

/// Player `i`'s phone (private).
pub fn phone(i: usize) -> String {
    format!("+44 7700 9000{i:02}")
}

/// Player `i`'s desk note (private).
pub fn note(i: usize) -> String {
    format!("private-note-{i} pays cash, vegetarian")
}

/// Entry fee in cents: odd amounts that appear nowhere else on a page.
pub fn fee_cents(i: usize) -> i64 {
    4311 + 101 * i as i64
}

/// A player as the board should show them.
#[derive(Debug, Clone)]
pub struct Entrant {
    /// The participant id.
    pub id: u64,
    /// The tournament number (the one on the sheets and in page URLs).
    pub number: u32,
    /// The family name as registered.
    pub family: String,
    /// The given name as registered.
    pub given: String,
    /// The club as registered.
    pub club: String,
    /// Checked in (so drawn).
    pub checked_in: bool,
}

/// The event as the director made it, on its own server.
pub struct Congress {
    /// The server (with the public port).
    pub venue: Venue,
    /// The director's desk with the play services.
    pub director: PlayDesk,
    /// The main tournament (played).
    pub t: u64,
    /// A second tournament that is never drawn.
    pub side: u64,
    /// Every player of the main tournament, in the order of [`FIELD`].
    pub entrants: Vec<Entrant>,
    /// Texts that must never appear on a public page: emails, phones, notes, fees, token secrets.
    pub secrets: Vec<String>,
}

impl Congress {
    /// Starts a server with the public port and makes the event: two tournaments, twelve players (eleven checked
    /// in), registration closed (players numbered), and two desk tokens.
    pub async fn open() -> anyhow::Result<Congress> {
        let venue = Venue::start_public().await?;
        let director = venue.play_director().await?;
        director
            .desk
            .register
            .clone()
            .update_event(pb::UpdateEventRequest {
                meta: meta(),
                event: Some(pb::EventInfo {
                    name: EVENT_NAME.into(),
                    city: "Montréal".into(),
                    country: "CA".into(),
                    ..Default::default()
                }),
                expected_revision: 0,
            })
            .await?;
        let t = create_tournament(&director, MAIN, 4).await?;
        let side = create_tournament(&director, SIDE, 3).await?;
        let registrations = FIELD.iter().enumerate().map(|(i, person)| {
            let register = director.desk.register.clone();
            let (family, given, rank, club, country, checked_in) = *person;
            let mut entries = vec![enter(t)];
            if i < 2 {
                entries.push(enter(side));
            }
            async move {
                let req = pb::RegisterParticipantRequest {
                    meta: meta(),
                    fields: Some(pb::ParticipantFields {
                        family_name: family.into(),
                        given_name: given.into(),
                        rank: rank.into(),
                        club: club.into(),
                        country: country.into(),
                        email: email(i),
                        phone: phone(i),
                        fee_cents: fee_cents(i),
                        paid: i % 2 == 0,
                        notes: note(i),
                        ..Default::default()
                    }),
                    enter: entries,
                    check_in: checked_in,
                    different_person: true,
                };
                register
                    .clone()
                    .register_participant(req)
                    .await
                    .map(|r| r.into_inner())
            }
        });
        let registered = futures::future::try_join_all(registrations).await?;
        director.desk.set_registration_open(t, false).await?;
        let numbers = director
            .rounds
            .clone()
            .get_player_numbers(pb::GetPlayerNumbersRequest { tournament_id: t })
            .await?
            .into_inner();
        let number_of: BTreeMap<u64, u32> =
            numbers.players.iter().map(|p| (p.id, p.number)).collect();
        let entrants = registered
            .iter()
            .zip(FIELD)
            .map(|(p, (family, given, _, club, _, checked_in))| {
                let number = number_of.get(&p.id).copied().unwrap_or(0);
                Entrant {
                    id: p.id,
                    number,
                    family: family.into(),
                    given: given.into(),
                    club: club.into(),
                    checked_in,
                }
            })
            .collect::<Vec<_>>();
        ensure!(
            entrants.iter().all(|e| e.number > 0),
            "closing registration numbers every entrant: {numbers:?}"
        );
        let mut secrets = vec![venue.director_token().to_string(), "tgn_".to_string()];
        for (name, role) in [
            ("reg-1", pb::Role::Registration),
            ("results-1", pb::Role::Results),
        ] {
            let (_, secret) = director.desk.create_token(name, role).await?;
            secrets.push(secret);
        }
        for i in 0..FIELD.len() {
            let fee = fee_cents(i);
            secrets.extend([
                email(i),
                phone(i),
                note(i),
                format!("{}.{:02}", fee / 100, fee % 100),
            ]);
        }
        secrets.push("@example.test".into());
        Ok(Congress {
            venue,
            director,
            t,
            side,
            entrants,
            secrets,
        })
    }

    /// The public board's plain port.
    pub fn web(&self) -> WebClient {
        self.venue.public_web()
    }

    /// The player whose family name starts with `family`.
    pub fn entrant(&self, family: &str) -> &Entrant {
        self.entrants
            .iter()
            .find(|e| e.family.starts_with(family))
            .expect("a player of the field")
    }

    /// The player with participant id `id`.
    pub fn by_id(&self, id: u64) -> &Entrant {
        self.entrants
            .iter()
            .find(|e| e.id == id)
            .expect("a player of the field")
    }

    /// Draws round `n` of the main tournament (not published).
    pub async fn draw(&self, n: u32) -> anyhow::Result<pb::Round> {
        Ok(self.director.draw(self.t, n, false, false).await?)
    }

    /// Draws and publishes round `n` of the main tournament.
    pub async fn publish_next(&self, n: u32) -> anyhow::Result<pb::Round> {
        self.draw(n).await?;
        Ok(self.director.publish(self.t, n).await?)
    }

    /// Enters every result of round `n` (single entry: the director's count at once) and closes it.
    pub async fn finish(&self, n: u32) -> anyhow::Result<()> {
        let round = self.director.round(self.t, n).await?;
        for g in &round.games {
            let outcome = if g.table % 2 == 0 {
                pb::Outcome::BlackWins
            } else {
                pb::Outcome::WhiteWins
            };
            self.director.report(self.t, n, g.table, outcome).await?;
        }
        self.director.close(self.t, n).await?;
        Ok(())
    }

    /// The sequence number of the last durable log entry.
    pub async fn last_seq(&self) -> anyhow::Result<u64> {
        Ok(self.director.desk.last_seq().await?)
    }
}

/// A McMahon tournament of `rounds` rounds with single entry (the director's results count at once).
pub async fn create_tournament(
    director: &PlayDesk,
    name: &str,
    rounds: u32,
) -> anyhow::Result<u64> {
    create_tournament_as(director, name, rounds, "mcmahon").await
}

/// A tournament of `rounds` rounds paired by `system`, with single entry.
pub async fn create_tournament_as(
    director: &PlayDesk,
    name: &str,
    rounds: u32,
    system: &str,
) -> anyhow::Result<u64> {
    create_in_groups(director, name, rounds, system, 0).await
}

/// The same, played in groups of about `group_size` (0: one field).
pub async fn create_in_groups(
    director: &PlayDesk,
    name: &str,
    rounds: u32,
    system: &str,
    group_size: u32,
) -> anyhow::Result<u64> {
    let req = pb::CreateTournamentRequest {
        meta: meta(),
        settings: Some(pb::TournamentSettings {
            name: name.into(),
            rounds,
            pairing_system: system.into(),
            scoring: Some(pb::Scoring {
                double_entry: Some(false),
                ..Default::default()
            }),
            draw: (group_size > 0).then(|| pb::DrawOptions {
                group_size,
                ..Default::default()
            }),
            ..Default::default()
        }),
    };
    Ok(director
        .desk
        .register
        .clone()
        .create_tournament(req)
        .await?
        .into_inner()
        .id)
}

// ---------------------------------------------------------------------------------------------------------------
// Reading pages

pub fn css(selector: &str) -> Selector {
    Selector::parse(selector).expect("a valid CSS selector")
}

/// An element's text with whitespace collapsed.
pub fn text(el: ElementRef<'_>) -> String {
    el.text()
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The texts of every element matching `selector`.
pub fn texts(doc: &Html, selector: &str) -> Vec<String> {
    doc.select(&css(selector)).map(text).collect()
}

/// Does `text` name `e` (family and given name, in any order or case)?
pub fn names(text: &str, e: &Entrant) -> bool {
    let t = text.to_lowercase();
    t.contains(&e.family.to_lowercase()) && t.contains(&e.given.to_lowercase())
}

/// The first `#N` in `text`: the number of the player a pairing line is about.
pub fn first_number(text: &str) -> Option<u32> {
    let at = text.find('#')?;
    let digits: String = text[at + 1..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// GETs `target` and insists on 200 and an HTML page in UTF-8 that phones lay out at their own width.
pub async fn page(web: &WebClient, target: &str) -> anyhow::Result<(Reply, Html)> {
    let reply = web
        .get(target)
        .await?
        .expect(200, &format!("GET {target}"))?;
    let ctype = reply.header("content-type").unwrap_or_default().to_string();
    ensure!(
        ctype.starts_with("text/html") && ctype.to_lowercase().contains("utf-8"),
        "GET {target}: content-type {ctype:?}"
    );
    let doc = Html::parse_document(&reply.body);
    let viewport = doc
        .select(&css("meta[name=viewport]"))
        .filter_map(|m| m.value().attr("content"))
        .any(|c| c.contains("width=device-width"));
    ensure!(
        viewport,
        "GET {target}: no <meta name=viewport content=width=device-width>"
    );
    Ok((reply, doc))
}

/// Follows every same-origin link (`a`, `link`, `script`, `img`) from `/`, at most `limit` URLs; returns each
/// URL's answer. `/live` (a stream) is not followed, nor a link marked `rel=nofollow` (the language switch,
/// which answers 303 with its cookie).
pub async fn crawl(web: &WebClient, limit: usize) -> anyhow::Result<BTreeMap<String, Reply>> {
    let base = url::Url::parse(&format!("{}/", web.base_url()))?;
    let mut seen = BTreeSet::from([base.to_string()]);
    let mut queue = VecDeque::from([base.clone()]);
    let mut pages = BTreeMap::new();
    let links = css("a[href], link[href], script[src], img[src]");
    while let Some(at) = queue.pop_front() {
        let target = match at.query() {
            Some(q) => format!("{}?{q}", at.path()),
            None => at.path().to_string(),
        };
        let reply = web.get(&target).await?;
        if reply
            .header("content-type")
            .unwrap_or_default()
            .starts_with("text/html")
        {
            let doc = Html::parse_document(&reply.body);
            for el in doc.select(&links) {
                if el.value().attr("rel") == Some("nofollow") {
                    continue;
                }
                let attr = el.value().attr("href").or(el.value().attr("src"));
                let Some(next) = attr.and_then(|h| at.join(h).ok()) else {
                    continue;
                };
                let mut next = next;
                next.set_fragment(None);
                if next.origin() != base.origin() || next.path().starts_with("/live") {
                    continue;
                }
                if seen.insert(next.to_string()) {
                    ensure!(
                        seen.len() <= limit,
                        "more than {limit} URLs reachable from /"
                    );
                    queue.push_back(next);
                }
            }
        }
        pages.insert(target, reply);
    }
    Ok(pages)
}

/// A form body from `pairs`.
pub fn form(pairs: &[(&str, &str)]) -> String {
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish()
}

/// A loopback address of its own (`127.0.0.x`) so per-address limits of one request do not touch another's.
pub fn loopback(x: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, x))
}
