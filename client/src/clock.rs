//! Turning the server's millisecond timestamps into UTC text for humans. The calendar is the `time` crate's (the
//! server validates dates with it too); no time-zone database, since every terminal prints UTC.

/// `2026-11-22 04:15:17Z` for milliseconds since the Unix epoch; the bare number if no calendar date has it.
pub fn format_utc(ms: i64) -> String {
    match time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000)) {
        Ok(t) => format!(
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02}Z",
            t.year(),
            u8::from(t.month()),
            t.day(),
            t.hour(),
            t.minute(),
            t.second()
        ),
        Err(_) => format!("{ms} ms"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_and_known_dates() {
        assert_eq!(format_utc(0), "1970-01-01 00:00:00Z");
        assert_eq!(format_utc(1_763_784_917_000), "2025-11-22 04:15:17Z");
        assert_eq!(format_utc(951_782_400_000), "2000-02-29 00:00:00Z");
        assert_eq!(format_utc(-1000), "1969-12-31 23:59:59Z");
        assert_eq!(format_utc(-1), "1969-12-31 23:59:59Z");
        assert_eq!(format_utc(i64::MAX), format!("{} ms", i64::MAX));
    }
}
