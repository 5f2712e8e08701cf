//! Server-Sent Events as the board's `/live` sends them: a byte stream cut into lines, lines gathered into
//! events at a blank line (the `text/event-stream` rules: `event:`, `data:`, comments, any line ending).
//! Pure: fed bytes, returns events; the connection lives in `web.rs`.

/// One dispatched event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` field, `message` when the server sent none.
    pub event: String,
    /// The `data:` lines joined with `\n`.
    pub data: String,
}

/// Lines longer than this are dropped rather than buffered: the board's events are a few hundred bytes, so a
/// longer line is a broken stream, and the bench must not grow without bound on one.
const MAX_LINE: usize = 64 * 1024;

/// Incremental parser: chunks may split lines, and `\r\n` may be split between two chunks.
#[derive(Debug, Default)]
pub struct SseParser {
    line: Vec<u8>,
    line_too_long: bool,
    after_cr: bool,
    event: String,
    data: String,
    has_data: bool,
}

impl SseParser {
    /// A parser at the start of a stream.
    pub fn new() -> Self {
        SseParser::default()
    }

    /// Feeds the next chunk of the stream; returns the events it completed, in order.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<SseEvent> {
        let mut events = Vec::new();
        for &b in bytes {
            if std::mem::take(&mut self.after_cr) && b == b'\n' {
                continue;
            }
            match b {
                b'\r' | b'\n' => {
                    self.after_cr = b == b'\r';
                    if let Some(event) = self.end_line() {
                        events.push(event);
                    }
                }
                _ if self.line.len() >= MAX_LINE => self.line_too_long = true,
                _ => self.line.push(b),
            }
        }
        events
    }

    /// Ends the buffered line; a blank line dispatches the event gathered so far.
    fn end_line(&mut self) -> Option<SseEvent> {
        let line = std::mem::take(&mut self.line);
        if std::mem::take(&mut self.line_too_long) {
            return None;
        }
        if line.is_empty() {
            return self.dispatch();
        }
        let line = String::from_utf8_lossy(&line);
        let (field, value) = match line.split_once(':') {
            Some((field, value)) => (field, value.strip_prefix(' ').unwrap_or(value)),
            None => (line.as_ref(), ""),
        };
        match field {
            "" => {} // a comment (keep-alive)
            "event" => self.event = value.to_string(),
            "data" => {
                if self.has_data {
                    self.data.push('\n');
                }
                self.data.push_str(value);
                self.has_data = true;
            }
            _ => {} // id, retry and unknown fields do not matter to the bench
        }
        None
    }

    fn dispatch(&mut self) -> Option<SseEvent> {
        let event = std::mem::take(&mut self.event);
        let data = std::mem::take(&mut self.data);
        if !std::mem::take(&mut self.has_data) {
            return None;
        }
        let event = if event.is_empty() {
            "message".to_string()
        } else {
            event
        };
        Some(SseEvent { event, data })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(data: &str) -> SseEvent {
        SseEvent {
            event: "change".to_string(),
            data: data.to_string(),
        }
    }

    #[test]
    fn change_events_are_read_whole() {
        let mut parser = SseParser::new();
        let events = parser.feed(
            b"event: change\ndata: t1/pairings=12\n\nevent: change\ndata: t1/pairings=40\n\n",
        );
        assert_eq!(
            events,
            vec![change("t1/pairings=12"), change("t1/pairings=40")]
        );
    }

    #[test]
    fn chunks_may_split_lines_and_crlf() {
        let mut parser = SseParser::new();
        let stream = b"event: change\r\ndata: t1/pairings=7,t1/standings=9\r\n\r\n";
        let mut events = Vec::new();
        for chunk in stream.chunks(3) {
            events.extend(parser.feed(chunk));
        }
        assert_eq!(events, vec![change("t1/pairings=7,t1/standings=9")]);
        let mut parser = SseParser::new();
        assert!(parser.feed(b"data: a\r").is_empty());
        assert_eq!(parser.feed(b"\n\r\n")[0].data, "a");
    }

    #[test]
    fn comments_and_empty_events_dispatch_nothing() {
        let mut parser = SseParser::new();
        assert!(parser.feed(b": keep-alive\n\n\n").is_empty());
        assert!(parser.feed(b"event: change\n\n").is_empty());
        assert_eq!(parser.feed(b"data: x\n\n")[0], {
            SseEvent {
                event: "message".to_string(),
                data: "x".to_string(),
            }
        });
    }

    #[test]
    fn data_lines_join_and_one_leading_space_goes() {
        let mut parser = SseParser::new();
        let events = parser.feed(b"data:a\ndata:  b\nid: 3\nretry: 10\n\n");
        assert_eq!(events[0].data, "a\n b");
    }

    #[test]
    fn an_overlong_line_is_dropped_not_buffered() {
        let mut parser = SseParser::new();
        let mut long = b"data: ".to_vec();
        long.resize(MAX_LINE * 2, b'x');
        assert!(parser.feed(&long).is_empty());
        assert!(parser.line.len() <= MAX_LINE);
        assert_eq!(
            parser.feed(b"\nevent: change\ndata: s\n\n"),
            vec![change("s")]
        );
    }
}
