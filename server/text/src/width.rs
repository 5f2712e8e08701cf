//! Display width of text in a monospaced font: East Asian wide characters take two columns, combining accents
//! none. Truncation with an ellipsis and padding to a width.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The ellipsis that marks a truncated cell.
const ELLIPSIS: char = '…';

/// Columns `s` takes in a monospaced font.
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// `s` cut to at most `max` columns, ending with an ellipsis when something was cut. A double-width character
/// that would straddle the limit is dropped whole; combining marks stay with their base character.
pub fn truncate(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_string();
    }
    if max == 0 {
        return String::new();
    }
    let room = max - 1;
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > room {
            break;
        }
        used += w;
        out.push(c);
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push(ELLIPSIS);
    out
}

/// `s` truncated to `w` columns and padded with spaces on the right to exactly `w`.
pub fn pad_right(s: &str, w: usize) -> String {
    let s = truncate(s, w);
    let fill = w.saturating_sub(width(&s));
    format!("{s}{}", " ".repeat(fill))
}

/// `s` truncated to `w` columns and padded with spaces on the left to exactly `w`.
pub fn pad_left(s: &str, w: usize) -> String {
    let s = truncate(s, w);
    let fill = w.saturating_sub(width(&s));
    format!("{}{s}", " ".repeat(fill))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_and_combining_characters_have_their_display_width() {
        assert_eq!(width("井山 裕太"), 9);
        assert_eq!(width("Ødegård"), 7);
        // "é" written as e + combining acute accent.
        assert_eq!(width("Ce\u{301}line"), 6);
    }

    #[test]
    fn truncation_never_splits_a_wide_character_or_an_accent() {
        assert_eq!(truncate("井山 裕太", 6), "井山…");
        assert_eq!(width(&truncate("井山裕太", 6)), 5);
        assert_eq!(pad_right("井山裕太", 6), "井山… ");
        assert_eq!(truncate("Ce\u{301}line", 3), "Ce\u{301}…");
        assert_eq!(truncate("Müller", 6), "Müller");
        assert_eq!(pad_left("7", 3), "  7");
    }
}
