//! Lists of numbers as people read them: consecutive numbers as one run (`3–7, 12`), for the tables of a part
//! of a round on the dashboard and in the desk program.

/// `3–7, 12` for 3, 4, 5, 6, 7 and 12 (in any order, duplicates once).
pub fn runs(numbers: &[u32]) -> String {
    let mut sorted = numbers.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut spans: Vec<(u32, u32)> = Vec::new();
    for n in sorted {
        match spans.last_mut() {
            Some((_, end)) if end.checked_add(1) == Some(n) => *end = n,
            _ => spans.push((n, n)),
        }
    }
    let words: Vec<String> = spans
        .iter()
        .map(|(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        })
        .collect();
    words.join(", ")
}

#[cfg(test)]
mod tests {
    use super::runs;

    #[test]
    fn consecutive_numbers_read_as_one_run() {
        assert_eq!(runs(&[12, 3, 4, 5, 6, 7]), "3–7, 12");
        assert_eq!(runs(&[9]), "9");
        assert_eq!(runs(&[]), "");
        assert_eq!(runs(&[2, 2, 3]), "2–3");
    }
}
