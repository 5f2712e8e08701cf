//! Scores in integer half points as people read them: with a half sign on the board and at the desk (`6½`), in
//! decimals on the printed sheets beside the tie-break values (`6.5`). The only place a half point becomes text.

/// `13` → `6½`, `1` → `½`, `-3` → `-1½`, `24` → `12`.
pub fn halves(h: i64) -> String {
    let (sign, whole, half) = parts(h);
    match (whole, half) {
        (0, true) => format!("{sign}½"),
        (w, true) => format!("{sign}{w}½"),
        (w, false) => format!("{sign}{w}"),
    }
}

/// `13` → `6.5`, `-1` → `-0.5`, `4` → `2`.
pub fn decimal_halves(h: i64) -> String {
    let (sign, whole, half) = parts(h);
    if half {
        format!("{sign}{whole}.5")
    } else {
        format!("{sign}{whole}")
    }
}

/// The sign, the whole points and whether a half is left over.
fn parts(h: i64) -> (&'static str, u64, bool) {
    let sign = if h < 0 { "-" } else { "" };
    (sign, h.unsigned_abs() / 2, h.unsigned_abs() % 2 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_read_as_a_person_writes_them() {
        assert_eq!(halves(61), "30½");
        assert_eq!(halves(60), "30");
        assert_eq!(halves(1), "½");
        assert_eq!(halves(-1), "-½");
        assert_eq!(halves(-13), "-6½");
        assert_eq!(halves(0), "0");
    }

    #[test]
    fn half_points_print_as_decimals() {
        assert_eq!(decimal_halves(13), "6.5");
        assert_eq!(decimal_halves(-13), "-6.5");
        assert_eq!(decimal_halves(-1), "-0.5");
        assert_eq!(decimal_halves(0), "0");
        assert_eq!(decimal_halves(60), "30");
    }
}
