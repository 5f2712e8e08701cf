//! Quick timing of one draw of round 6 of a realistic field: `cargo run --release -p tengen-draw --example
//! draw_timing -- 2000 [mays]`.

use std::time::Instant;

use tengen_draw::generator::round_six_field as field_with;
use tengen_draw::{draw, ByeRule, Profile, Settings};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(500);
    let settings = if args.get(2).map(String::as_str) == Some("mays") {
        Settings {
            profile: Profile::Mays,
            bye: ByeRule::Mays,
            ..Settings::default()
        }
    } else {
        Settings::default()
    };
    let t = Instant::now();
    let snapshot = field_with(n, &settings);
    println!("field of {n}: {:?}", t.elapsed());
    if std::env::var("PROBE").is_ok() {
        costs_probe(&snapshot, &settings);
    }
    for seed in 0..3 {
        let t = Instant::now();
        let round = draw(&snapshot, &settings, seed).expect("drawable");
        println!(
            "draw {}: {} games, {:?}",
            seed,
            round.games.len(),
            t.elapsed()
        );
    }
}

#[allow(dead_code)]
fn costs_probe(snapshot: &tengen_draw::Snapshot, settings: &Settings) {
    let ids: Vec<_> = snapshot.players.iter().map(|p| p.id).collect();
    let t = Instant::now();
    let costs = tengen_draw::egf::Costs::new(snapshot, settings, &ids);
    println!("Costs::new: {:?}", t.elapsed());
    let t = Instant::now();
    let mut s = 0i64;
    let k = ids.len().min(300);
    for a in 0..k {
        for b in a + 1..k {
            s = s.wrapping_add(costs.pair(ids[a], ids[b]).total());
        }
    }
    println!("{} pair calls: {:?} ({s})", k * (k - 1) / 2, t.elapsed());
}
