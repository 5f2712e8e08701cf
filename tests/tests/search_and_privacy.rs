//! Finding players by name over the wire ignores case and accents, and private contact data (email, phone) is
//! shown to registration desks and the director but blank for every read-only terminal, in every read path.

use std::time::Duration;
use tengen_tests::{pb, player, Desk, Venue};

fn families(list: &[pb::Participant]) -> Vec<String> {
    let mut v: Vec<String> = list
        .iter()
        .map(|p| {
            let f = p.fields.as_ref().unwrap();
            format!("{} {}", f.family_name, f.given_name)
        })
        .collect();
    v.sort();
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn find_by_name_ignores_case_and_accents() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    for (family, given) in [
        ("Côté", "Élise"),
        ("Cotillard", "Marion"),
        ("Müller", "Jürgen"),
        ("Smith", "Anne"),
    ] {
        desk.register_player(player(family, given, "5k"), vec![])
            .await?;
    }
    let viewer = venue.desk("screen", pb::Role::Viewer).await?;
    assert_eq!(families(&viewer.find("cote").await?), ["Côté Élise"]);
    assert_eq!(families(&viewer.find("COTÉ").await?), ["Côté Élise"]);
    assert_eq!(
        families(&viewer.find("cot").await?),
        ["Cotillard Marion", "Côté Élise"]
    );
    assert_eq!(
        families(&viewer.find("elise").await?),
        ["Côté Élise"],
        "given name prefix"
    );
    assert_eq!(
        families(&viewer.find("Elise Cote").await?),
        ["Côté Élise"],
        "given then family"
    );
    assert_eq!(
        families(&viewer.find("muller jur").await?),
        ["Müller Jürgen"],
        "family then given"
    );
    assert_eq!(
        families(&viewer.find("MUELLER").await?),
        Vec::<String>::new(),
        "no false friends"
    );
    assert!(
        viewer.find("ote").await?.is_empty(),
        "prefix search, not substring"
    );
    Ok(())
}

fn contact(p: &pb::Participant) -> (String, String) {
    let f = p.fields.as_ref().unwrap();
    (f.email.clone(), f.phone.clone())
}

async fn seen_by(desk: &Desk, id: u64) -> anyhow::Result<Vec<(String, String)>> {
    let got = desk.get(id).await?;
    let found = desk.find("Côté").await?;
    let listed = desk.list_all().await?;
    let mut watch = desk.watch(1).await?;
    let mut from_log = None;
    while from_log.is_none() {
        let e = tokio::time::timeout(Duration::from_secs(5), watch.message())
            .await??
            .unwrap();
        for ev in e.events {
            if let Some(pb::event::Subject::Participant(p)) = ev.subject {
                if p.id == id {
                    from_log = Some(p);
                }
            }
        }
    }
    assert_eq!(found.len(), 1);
    assert_eq!(listed.len(), 1);
    Ok(vec![
        contact(&got),
        contact(&found[0]),
        contact(&listed[0]),
        contact(&from_log.unwrap()),
    ])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn contact_details_are_blank_for_read_only_terminals_and_visible_to_desks(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    let fields = pb::ParticipantFields {
        email: "elise@example.org".into(),
        phone: "+33 6 12 34 56 78".into(),
        club: "Lyon".into(),
        ..player("Côté", "Élise", "2d")
    };
    let p = desk.register_player(fields, vec![]).await?;
    let private = (
        "elise@example.org".to_string(),
        "+33 6 12 34 56 78".to_string(),
    );
    assert_eq!(
        contact(&p),
        private,
        "the registering desk sees what it typed"
    );

    for (name, role) in [
        ("reg-2", pb::Role::Registration),
        ("late", pb::Role::LateDesk),
    ] {
        let d = venue.desk(name, role).await?;
        assert_eq!(
            seen_by(&d, p.id).await?,
            vec![private.clone(); 4],
            "{role:?} sees contact data"
        );
    }
    assert_eq!(
        seen_by(&venue.director().await?, p.id).await?,
        vec![private.clone(); 4]
    );
    let blank = (String::new(), String::new());
    for (name, role) in [
        ("screen", pb::Role::Viewer),
        ("results-1", pb::Role::Results),
        ("ref-1", pb::Role::Referee),
    ] {
        let d = venue.desk(name, role).await?;
        let seen = seen_by(&d, p.id).await?;
        assert_eq!(
            seen,
            vec![blank.clone(); 4],
            "{role:?} must not see contact data (get, find, list, watch)"
        );
        let got = d.get(p.id).await?;
        assert_eq!(
            got.fields.unwrap().club,
            "Lyon",
            "{role:?} still sees the public fields"
        );
    }
    // The log summary line never carries contact data either.
    let mut watch = venue
        .desk("screen-2", pb::Role::Viewer)
        .await?
        .watch(1)
        .await?;
    let last = venue.director().await?.last_seq().await?;
    for _ in 0..last {
        let e = tokio::time::timeout(Duration::from_secs(5), watch.message())
            .await??
            .unwrap();
        for ev in e.events {
            assert!(
                !ev.summary.contains("example.org") && !ev.summary.contains("34 56"),
                "{}",
                ev.summary
            );
        }
    }
    Ok(())
}
